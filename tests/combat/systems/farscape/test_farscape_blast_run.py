"""Running clear of a blast [seed, Grenades]: "Characters in the radius of the grenade's effect can attempt to escape
the blast by running for cover; their dodge result counts in enabling them to attempt to clear the area"."""

from dataclasses import replace

import pytest
from farscape_ranged_kit import TABLES, encounter, fighter, run

from bot.systems.farscape.render import render_result
from combat.errors import InvalidInput
from combat.model import Condition
from combat.system import Intent
from combat.systems.farscape.blast import clear_difficulty
from combat.systems.farscape.digest import digest
from combat.systems.farscape.reaction import reaction_for

NAMES = {"pc": "Crichton", "foe": "Trooper"}


def thrower():
    return fighter("pc", weapons=("pistol",), throwing_weapon=1)


def throw(enc, *totals, **options):
    """Throw a grenade at the foe (the first total is the throw: +0 lands it against Fair)."""
    return run("grenade", enc, "pc", ["foe"], *totals, **options)


@pytest.mark.parametrize(("to_edge", "level"), [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (8, 3), (10, 4)])
def test_clearing_the_blast_is_fair_near_the_edge_and_a_level_harder_per_two_motras_in(to_edge, level):
    assert clear_difficulty(to_edge) == level


def test_a_good_enough_dodge_takes_a_runner_to_the_edge_where_the_blast_is_spent():
    enc = encounter(thrower(), fighter("foe", agility=1))
    hit = throw(enc, 0, 1, grenade="bang", distance=2, run="yes").result.hits[0]  # radius 8: 6 in, Great
    assert (hit.run.start, hit.run.radius, hit.run.difficulty, hit.run.dodge.value) == (2, 8, 2, 2)
    assert hit.run.cleared and hit.distance == 8
    assert (hit.concussion.bonus, hit.concussion.value, hit.concussion_harm) == (-8, 0, None)


def test_a_runner_who_falls_short_takes_the_blast_where_he_stood():
    enc = encounter(thrower(), fighter("foe", agility=1))
    out = throw(enc, 0, 0, 0, grenade="bang", distance=2, run="yes")  # then Willpower for Very Hurt
    hit = out.result.hits[0]
    assert (hit.run.margin, hit.run.cleared, hit.distance, hit.concussion.value) == (-1, False, 2, 6)
    assert out.encounter.get("foe").health.lethal.level_name == "Very Hurt"


def test_without_the_run_option_no_one_rolls_against_a_concussion_grenade():
    hit = throw(encounter(thrower(), fighter("foe", agility=3)), 0, grenade="bang", distance=5).result.hits[0]
    assert hit.run is None and hit.concussion.value == 3


def test_one_dodge_serves_the_run_and_then_the_fragments_at_the_edge():
    enc = encounter(thrower(), fighter("foe", agility=1))
    out = throw(enc, 0, 1, grenade="frag", run="Foe")  # at the centre of a 6-motra blast: Great to clear
    hit = out.result.hits[0]
    assert hit.run.cleared and hit.distance == 6 and hit.concussion.value == 0
    assert (hit.fragments.difficulty, hit.fragments.margin, hit.fragments.avoided) == (1, 1, True)
    assert hit.fragments.dodge is hit.run.dodge
    assert out.encounter.get("foe").condition("dodge").uses == 1


def test_a_target_already_outside_the_radius_has_nothing_to_run_from():
    hit = throw(encounter(thrower(), fighter("foe")), 0, grenade="bang", distance=9, run="yes").result.hits[0]
    assert hit.run is None and hit.distance == 9


@pytest.mark.parametrize(("foe", "options"), [
    (fighter("foe", tier="minion", agility=3), {}),
    (fighter("foe", agility=3), {"aware": "no"}),
    (fighter("foe", agility=3, conditions=[Condition("unconscious")]), {}),
    (fighter("foe", agility=3), {"defence": "foe=take"}),
])
def test_minions_the_unaware_the_helpless_and_those_taking_it_do_not_run(foe, options):
    hit = throw(encounter(thrower(), foe), 0, grenade="bang", distance=5, run="yes", **options).result.hits[0]
    assert hit.run is None and hit.concussion.value == 3  # no dodge rolled: still 5 motras in


@pytest.mark.parametrize(("other", "message"), [({"prone": "yes"}, "lie prone"), ({"stand_firm": "Foe"}, "stand firm")])
def test_a_runner_cannot_also_lie_prone_or_stand_firm(other, message):
    with pytest.raises(InvalidInput, match=message):
        throw(encounter(thrower(), fighter("foe")), grenade="frag", run="yes", **other)


def test_the_run_is_shown_once_and_summed_up():
    enc = encounter(thrower(), fighter("foe", agility=1))
    result = throw(enc, 0, 1, grenade="frag", run="yes").result
    lines = render_result(result, NAMES)
    assert "Trooper, 0 motras from the blast:" in lines
    assert "Trooper dodges (a free roll): Agility Good (+1), dice [+ ▢ ▢ ▢] +1 → Great (+2)" in lines
    assert ("Trooper runs for cover, 6 motras inside the 6-motra blast: against Great (+2), margin +0: gets clear, "
            "to 6 motras") in lines
    assert "Concussion damage: DR 6 - distance 6 = 0" in lines
    assert sum(line.startswith("Trooper dodges") for line in lines) == 1
    assert digest(result)[0].note == "ran clear"


def test_a_player_told_to_run_from_a_concussion_grenade_is_asked_dodge_or_take_it():
    owned = encounter(thrower(), replace(fighter("foe", agility=1), owner="bob"))
    asking = Intent("pc", "grenade", ("foe",), {"grenade": "bang", "run": "yes"})
    assert reaction_for(owned, asking, TABLES).combatant == "foe"
    assert reaction_for(owned, Intent("pc", "grenade", ("foe",), {"grenade": "bang"}), TABLES) is None
