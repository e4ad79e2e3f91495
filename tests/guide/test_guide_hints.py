"""The generic hints, on the test-only Sparring system: no hook, nothing system-specific."""

from __future__ import annotations

from dataclasses import replace

from sparring import PLUGIN as SPARRING

from bot.guide.hints import decided, next_step, standing
from bot.guide.spec import Hint, Suggestion
from bot.render.guide import hint_line
from combat import engine
from combat.dice import ScriptedDice
from combat.intent import Choice, PendingReaction, Reaction
from combat.model import Combatant, Encounter
from combat.sheet import SheetRequest
from combat.turns import SINGLE_PHASE

RULES = SPARRING.build(None)


def fighter(name: str, side: str, skill: int = 0, owner: str | None = None) -> Combatant:
    sheet = RULES.build_sheet(SheetRequest(traits={"skill": str(skill)})).sheet
    return Combatant(name.lower(), name, side, sheet, RULES.new_health(sheet), owner=owner,
                     state=RULES.new_state(sheet))


def begun(*faces: int, combatants: tuple[Combatant, ...]) -> Encounter:
    encounter = Encounter("sparring", combatants, replace(Encounter("sparring").turns, phases=SINGLE_PHASE))
    return engine.begin(RULES, encounter, ScriptedDice(list(faces))).encounter


def down(encounter: Encounter, name: str) -> Encounter:
    hurt = encounter.find(name)
    return encounter.put(replace(hurt, health=replace(hurt.health, points=0)))


ANN, BO, CY = fighter("Ann", "dojo", 1, owner="7"), fighter("Bo", "rivals"), fighter("Cy", "rivals")


def test_a_player_s_turn_attacks_the_first_foe_still_up() -> None:
    encounter = begun(6, 1, 1, combatants=(ANN, BO, CY))
    assert next_step(RULES, encounter) == Hint("It's Ann's turn", (Suggestion("attack", (("target", "Bo"),)),))
    assert next_step(RULES, down(encounter, "Bo")).suggestions == (Suggestion("attack", (("target", "Cy"),)),)


def test_npcs_acting_together_are_played_by_the_gm_one_after_the_other() -> None:
    encounter = begun(1, 5, 5, combatants=(ANN, BO, CY))
    hint = next_step(RULES, encounter)
    assert hint.situation == "Bo and Cy act together; Bo first (the GM's)"
    assert hint_line(hint) == "→ Bo and Cy act together; Bo first (the GM's): try `/attack as:Bo target:Ann`"


def test_a_waiting_choice_comes_first_its_default_leading() -> None:
    encounter = begun(6, 1, combatants=(ANN, BO))
    reaction = Reaction("ann", (Choice("parry", "Parry"), Choice("dodge", "Dodge"), Choice("endure", "Endure")),
                        "dodge")
    waiting = replace(encounter, pending=PendingReaction(engine.Intent("bo", "attack", ("ann",)), reaction, 0.0))
    hint = next_step(RULES, waiting)
    assert hint_line(hint, buttons=True) == (
        "→ Ann's player chooses: `/encounter react choice:dodge` or `choice:parry` or `choice:endure`, or the buttons")
    assert hint_line(hint).endswith("`choice:endure`"), "the local table has no buttons"
    asked_bo = replace(waiting, pending=replace(waiting.pending, reaction=replace(reaction, combatant="bo")))
    assert next_step(RULES, asked_bo).situation == "The GM chooses for Bo"


def test_the_fight_is_over_when_one_side_is_left_standing() -> None:
    encounter = begun(6, 1, 1, combatants=(ANN, BO, CY))
    assert not decided(RULES, down(encounter, "Bo"))
    over = down(down(encounter, "Bo"), "Cy")
    assert decided(RULES, over) and standing(RULES, over) == (over.get("ann"),)
    assert hint_line(next_step(RULES, over)) == (
        "→ The fight is over — Ann still stands; Bo and Cy are down: try `/encounter export format:markdown` "
        "(a recap of the fight) or `/encounter end` (closes it)")
    everyone = down(over, "Ann")
    assert next_step(RULES, everyone).situation == "The fight is over — Ann, Bo and Cy are down"


def test_one_side_alone_is_never_decided_and_a_round_end_is_said() -> None:
    alone = begun(6, 1, combatants=(ANN, replace(BO, side="dojo")))
    assert not decided(RULES, alone)
    assert next_step(RULES, alone, ended_round=3).situation == "Round 3 is over. It's Ann's turn"
    assert next_step(RULES, alone).suggestions == (Suggestion("encounter next", why="passes the turn"),)


def test_a_hook_words_the_turn_better_and_none_keeps_the_generic() -> None:
    encounter = begun(6, 1, combatants=(ANN, BO))
    taunt = Suggestion("act", (("move", "taunt"),), "momentum first")
    assert next_step(RULES, encounter, lambda turn: taunt).suggestions == (taunt,)
    assert next_step(RULES, encounter, lambda turn: None).suggestions[0].path == "attack"


def test_nobody_to_act_and_a_fight_not_begun() -> None:
    encounter = begun(6, 1, combatants=(ANN, BO))
    empty = replace(encounter, turns=replace(encounter.turns, queue=()))
    assert next_step(RULES, empty) == Hint("Nobody can act now", (Suggestion("encounter next", why="moves on"),))
    unbegun = Encounter("sparring", (ANN, BO))
    assert hint_line(next_step(RULES, unbegun)) == "→ The fight has not begun: try `/encounter begin`"


def test_names_are_quoted_when_needed_and_never_mention_anyone() -> None:
    assert Suggestion("attack", (("target", "D'Argo"),)).typed() == "/attack target:D'Argo"
    assert Suggestion("attack", (("target", "Peacekeeper trooper 1"),)).typed() == (
        '/attack target:"Peacekeeper trooper 1"')
    assert "@\u200beveryone" in hint_line(Hint("It's @everyone's turn"))
