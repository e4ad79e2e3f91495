"""Farscape's "Dodge or take it?": which attacks ask the target's player, and what each answer does."""

from dataclasses import replace

import pytest
from farscape_ranged_kit import TABLES, dice, encounter, fighter, run, shoot

from combat import engine, reactions
from combat.errors import InvalidInput
from combat.intent import Intent
from combat.model import Condition
from combat.systems.farscape.choices import DODGE_OR_TAKE, defences, taking, with_defence
from combat.systems.farscape.engagement import engagement
from combat.systems.farscape.reaction import reaction_for
from combat.systems.farscape.system import FarscapeSystem

CAROL = "3"


def player(cid, owner=CAROL, **traits):
    return replace(fighter(cid, **traits), owner=owner)


def ask(enc, actor, targets, move="shoot", **options):
    return reaction_for(enc, Intent(actor, move, tuple(targets), options), TABLES)


def test_a_shot_at_a_players_character_asks_them_to_dodge_or_take_it():
    enc = encounter(fighter("foe"), player("aeryn"))
    offered = ask(enc, "foe", ["aeryn"])
    assert offered is not None
    assert (offered.combatant, offered.choices, offered.default) == ("aeryn", DODGE_OR_TAKE, "dodge")
    assert offered.labels() == "Dodge or Take it" and offered.label("take") == "Take it"


@pytest.mark.parametrize(
    ("target", "options"),
    [
        (fighter("aeryn"), {}),  # no player: the GM's combatant dodges as before
        (player("aeryn", conditions=[Condition("dodge", value=1, elements=1)]), {}),  # declared a dodge
        (player("aeryn"), {"aware": "no"}),  # unaware: no defence to choose
        (player("aeryn", tier="minion"), {}),  # minions never dodge
        (player("aeryn", conditions=[Condition("unconscious")]), {}),  # cannot defend
        (player("aeryn", conditions=engagement(["foe2"])), {}),  # in a melee: unopposed
        (player("aeryn"), {"defence": "aeryn=take"}),  # already answered
    ],
)
def test_no_choice_when_the_target_would_not_dodge_or_has_no_player(target, options):
    enc = encounter(fighter("foe"), fighter("foe2"), target)
    assert ask(enc, "foe", ["aeryn"], **options) is None


def test_no_choice_when_the_attacker_belongs_to_the_same_player():
    enc = encounter(player("crichton"), player("aeryn"))
    assert ask(enc, "crichton", ["aeryn"]) is None
    enc = encounter(player("crichton", owner="2"), player("aeryn"))
    assert ask(enc, "crichton", ["aeryn"]).combatant == "aeryn"


def test_a_minions_warning_shot_asks_nobody_but_his_later_shots_do():
    enc = encounter(fighter("foe", tier="minion"), player("aeryn"))
    assert ask(enc, "foe", ["aeryn"]) is None
    warned = enc.put(enc.get("foe").with_condition(Condition("warned")))
    assert ask(warned, "foe", ["aeryn"]).combatant == "aeryn"


def test_of_an_unwarned_minions_semi_volley_the_later_shots_ask():
    # Only the volley's first shot warns; shots 2 and 3 count, so their target's player chooses dodge or take it.
    # Two shots at two targets: the first gets only the warning, and is not asked; the second is.
    enc = encounter(fighter("foe", tier="minion", firearms=2), player("aeryn"), player("pal", owner="4"))
    assert ask(enc, "foe", ["aeryn"], mode="semi", shots=3).combatant == "aeryn"
    assert ask(enc, "foe", ["aeryn", "pal"], mode="semi", shots=2).combatant == "pal"
    assert ask(enc, "foe", ["aeryn"], mode="semi", shots=1) is None


def test_melee_no_overrides_the_engagement_and_asks_again():
    enc = encounter(fighter("foe"), fighter("foe2"), player("aeryn", conditions=engagement(["foe2"])))
    assert ask(enc, "foe", ["aeryn"], melee="no").combatant == "aeryn"


def test_attack_asks_only_with_a_ranged_weapon_and_other_moves_never():
    enc = encounter(fighter("foe", weapons=("pistol", "sword")), player("aeryn"))
    assert ask(enc, "foe", ["aeryn"], move="attack").combatant == "aeryn"
    assert ask(enc, "foe", ["aeryn"], move="attack", weapon="sword") is None
    assert ask(enc, "foe", [], move="reload") is None
    assert ask(enc, "foe", ["aeryn"], move="quick draw") is None
    assert ask(enc, "foe", ["foe"]) is None  # refused when it resolves, not asked


def test_several_targets_are_asked_in_turn_skipping_those_who_answered_or_have_no_player():
    enc = encounter(fighter("foe", weapons=("rifle",)), fighter("foe2"), player("aeryn"), player("crichton", "2"))
    targets = ["foe2", "aeryn", "crichton"]
    assert ask(enc, "foe", targets).combatant == "aeryn"
    assert ask(enc, "foe", targets, defence="aeryn=dodge").combatant == "crichton"
    assert ask(enc, "foe", targets, defence="aeryn=dodge, crichton=take") is None


def test_a_fragmentation_grenade_asks_but_not_those_standing_firm_nor_a_concussion_grenade():
    enc = encounter(fighter("foe", weapons=("frag",)), player("aeryn"), player("crichton", "2"))
    assert ask(enc, "foe", ["aeryn", "crichton"], move="grenade").combatant == "aeryn"
    assert ask(enc, "foe", ["aeryn", "crichton"], move="grenade", **{"stand firm": "aeryn"}).combatant == "crichton"
    assert ask(enc, "foe", ["aeryn"], move="grenade", grenade="bang") is None


def test_take_it_is_unopposed_against_the_range_dl_with_no_dodge_rolled():
    enc = encounter(fighter("foe", firearms=1), player("aeryn", agility=3))
    out = shoot(enc, "foe", ["aeryn"], 0, range="medium", defence="aeryn=take")  # one 4dF: the attack only
    attack = out.result.attacks[0]
    assert attack.defence == "none" and attack.dodge is None
    assert (attack.difficulty, attack.margin, attack.hit) == (1, 0, True)
    assert not out.encounter.get("aeryn").has("dodge")  # her dodge is still to roll this element


def test_dodge_keeps_the_free_dodge():
    enc = encounter(fighter("foe", firearms=1), player("aeryn", agility=3))
    attack = shoot(enc, "foe", ["aeryn"], 0, 0, defence="aeryn=dodge").result.attacks[0]  # attack, then her dodge
    assert attack.defence == "dodge" and attack.dodge.rolled.free
    assert (attack.margin, attack.hit) == (-2, False)


def test_take_it_against_fragments_is_standing_firm():
    enc = encounter(fighter("foe", throwing_weapon=1), player("aeryn", agility=3), player("crichton", "2", agility=3))
    out = run("grenade", enc, "foe", ["aeryn", "crichton"], 0, 0, grenade="frag", distance=6,
              defence="aeryn=take, crichton=dodge")  # the throw, then Crichton's free dodge: none for Aeryn
    taken, dodged = out.result.hits
    assert not taken.fragments.rolled and taken.fragments.margin is None and taken.fragments.damage.value == 2
    assert dodged.fragments.rolled and dodged.fragments.avoided


def test_answers_are_recorded_in_the_defence_option_by_id():
    options = with_defence({"range": "long"}, "aeryn", "take")
    assert options == {"range": "long", "defence": "aeryn=take"}
    options = with_defence(options, "crichton", "dodge")
    assert defences(options) == {"aeryn": "take", "crichton": "dodge"}
    assert taking(options) == frozenset({"aeryn"})
    with pytest.raises(InvalidInput):
        with_defence(options, "aeryn", "duck")
    with pytest.raises(InvalidInput, match="id=dodge or id=take"):
        defences({"defence": "aeryn=maybe"})


def test_through_the_engine_each_player_answers_in_turn_then_the_volley_is_rolled():
    system = FarscapeSystem(TABLES)
    shooter = fighter("foe", weapons=("rifle",), speed=3, energy_weapons=2)
    enc = encounter(shooter, player("aeryn", agility=1), player("crichton", "2", agility=1))
    begun = engine.begin(system, enc, dice()).encounter
    intent = Intent("foe", "shoot", ("aeryn", "crichton"), {"mode": "semi", "shots": "2"})
    first = reactions.attempt(system, begun, intent, dice(), 100.0)
    assert first.encounter.pending.reaction.combatant == "aeryn"
    second = reactions.choose(system, first.encounter, "take", dice(), 200.0)
    assert second.encounter.pending.reaction.combatant == "crichton" and second.encounter.pending.deadline == 200.0
    assert second.encounter.pending.intent.options["defence"] == "aeryn=take"
    # Shot 1 at Aeryn (taken: no dodge), shot 2 at Crichton (his free dodge after the attack roll).
    script = dice(-4, -4, 0)
    done = reactions.choose(system, second.encounter, "dodge", script, 300.0)
    assert script.remaining == 0
    volley = done.result
    assert [(a.target, a.defence) for a in volley.attacks] == [("aeryn", "none"), ("crichton", "dodge")]
    assert done.encounter.pending is None
    assert done.encounter.turns.current.waiting != ("foe",)
