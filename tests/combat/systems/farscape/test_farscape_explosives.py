"""Placed explosive charges set off with Demolitions, their blast worked out like a grenade's (seed, Explosives)."""

from dataclasses import replace

import pytest
from farscape_ranged_kit import FRAG, dice, encounter, fighter, mods

from bot.systems.farscape.render import render_result
from bot.tables import load_system_tables
from combat.errors import DataError, InvalidInput, UnknownName
from combat.model import Condition
from combat.system import Intent
from combat.systems.farscape.attack import all_moves
from combat.systems.farscape.digest import digest
from combat.systems.farscape.explosives import resolve_detonate
from combat.systems.farscape.reaction import reaction_for
from combat.systems.farscape.tables import Explosive, FarscapeTables, load_tables

CHARGE = Explosive(key="charge", name="Demolition charge", concussion=14)
TABLES = FarscapeTables(explosives={CHARGE.key: CHARGE}, grenades={FRAG.key: FRAG})
NAMES = {"pc": "Chiana", "foe": "Trooper", "pal": "Pal"}


def sapper(**kw):
    return fighter("pc", weapons=(), demolitions=1, **kw)


def detonate(enc, targets, *totals, modifier=0, **options):
    script = dice(*totals)
    intent = Intent("pc", "detonate", tuple(targets), {k.replace("_", " "): str(v) for k, v in options.items()},
                    modifier)
    outcome = resolve_detonate(enc, intent, TABLES, script)
    assert script.remaining == 0
    return outcome


def test_the_tables_hold_charges_far_stronger_than_a_grenade():
    tables = load_system_tables("farscape")
    grenade = max(g.concussion for g in tables.grenades.values())
    assert tables.explosives and all(c.concussion > grenade for c in tables.explosives.values())
    assert all(c.radius == c.concussion and c.fragmentation == 0 for c in tables.explosives.values())
    with pytest.raises(DataError, match=r"explosives\[0\]\.concussion"):
        load_tables({"explosives": {"explosives": [{"key": "nuke", "name": "Nuke", "concussion": 99}]}})


def test_a_successful_demolitions_roll_sets_it_off_where_it_was_placed():
    enc = encounter(sapper(), fighter("foe"), fighter("pal"))
    boom = detonate(enc, ["foe", "pal"], 0, explosive="charge", distance="Foe=10, Pal=12").result
    assert (boom.went_off, boom.check.difficulty, boom.check.roll.result) == (True, 0, 1)
    assert [(h.target, h.distance, h.concussion.value) for h in boom.hits] == [("foe", 10, 4), ("pal", 12, 2)]
    assert all(h.run is None and h.fragments is None for h in boom.hits)  # unaware of a hidden charge: no rolls


def test_a_failed_roll_means_it_does_not_go_off():
    enc = encounter(sapper(), fighter("foe"))
    out = detonate(enc, ["foe"], -1, explosive="charge", difficulty="good")  # Fair against Good
    assert (out.result.went_off, out.result.check.difficulty, out.result.hits) == (False, 1, ())
    assert out.encounter.get("foe").health.lethal.level is None and out.ends_turn


def test_wounds_the_gm_and_dodging_count_on_the_demolitions_roll():
    hurt = sapper(conditions=[Condition("dodge", value=1, elements=1), Condition("stun", value=-1, elements=1)])
    out = detonate(encounter(hurt), [], 2, modifier=1, explosive="charge")
    assert mods(out.result.modifiers) == {"wounds": -1, "dodging": -1, "GM": 1}
    assert out.result.check.roll.result == 2 and out.result.acting == "attack"


def test_debris_gives_fragments_that_the_aware_roll_against():
    enc = encounter(sapper(), fighter("foe", agility=1, armour=None))
    out = detonate(enc, ["foe"], 0, 2, explosive="charge", debris=3, distance=14, aware="yes")
    hit = out.result.hits[0]
    assert out.result.debris == 3 and hit.concussion.value == 0
    assert (hit.fragments.difficulty, hit.fragments.margin, hit.fragments.avoided) == (-1, 4, True)


def test_unaware_targets_take_the_base_debris_damage():
    hit = detonate(encounter(sapper(), fighter("foe")), ["foe"], 0, explosive="charge", debris=2,
                   distance=14).result.hits[0]
    assert (hit.fragments.rolled, hit.fragments.damage.value) == (False, 2)


def test_those_who_know_it_is_there_can_run_clear():
    enc = encounter(sapper(), fighter("foe", agility=2))
    hit = detonate(enc, ["foe"], 0, 1, explosive="charge", distance=10, aware="yes", run="yes").result.hits[0]
    assert (hit.run.difficulty, hit.run.cleared, hit.distance, hit.concussion.value) == (1, True, 14, 0)


def test_the_charge_comes_from_the_option_or_the_sheet():
    carrying = encounter(fighter("pc", weapons=("charge",), demolitions=1))
    assert detonate(carrying, [], 0).result.explosive == "charge"
    with pytest.raises(InvalidInput, match="which charge"):
        detonate(encounter(sapper()), [])
    with pytest.raises(UnknownName):
        detonate(encounter(sapper()), [], explosive="nuke")
    with pytest.raises(InvalidInput, match="from 0 to 20"):
        detonate(encounter(sapper()), [], explosive="charge", debris=30)


def test_detonate_is_a_move_with_its_options():
    spec = next(m for m in all_moves() if m.name == "detonate")
    assert {"explosive", "difficulty", "debris", "distance", "run", "aware", "stand firm"} <= set(spec.option_names())
    assert spec.targets == 20 and "Demolitions" in spec.summary


def test_a_player_who_knows_of_the_charge_is_asked_dodge_or_take_it():
    enc = encounter(sapper(), replace(fighter("foe"), owner="bob"))
    aware = Intent("pc", "detonate", ("foe",), {"explosive": "charge", "debris": "2", "aware": "yes"})
    hidden = Intent("pc", "detonate", ("foe",), {"explosive": "charge", "debris": "2"})
    assert reaction_for(enc, aware, TABLES).combatant == "foe"
    assert reaction_for(enc, hidden, TABLES) is None


def test_a_detonation_is_shown_and_summed_up():
    enc = encounter(sapper(), fighter("foe"))
    boom = detonate(enc, ["foe"], 0, explosive="charge", debris=2, distance=13).result
    lines = render_result(boom, NAMES)
    assert lines[:4] == [
        "Chiana sets off a charge",
        "Demolitions: Demolitions Good (+1), dice [▢ ▢ ▢ ▢] +0 → Good (+1) against Fair (0): succeeds by 1",
        "It goes off where it was placed",
        "Debris: fragments of base Damage Rating 2",
    ]
    assert "Trooper, 13 motras from the blast:" in lines
    assert [b.note for b in digest(boom)] == ["concussion", "fragments"]
    dud = detonate(enc, ["foe"], -2, explosive="charge").result
    assert render_result(dud, NAMES)[-1] == "It does not go off this element"
    assert digest(dud)[0].note == "did not go off"
