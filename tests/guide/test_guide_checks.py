"""A hint offers only what the rules take now: tried on throwaway dice, else another foe, a move, or passing."""

from __future__ import annotations

import pytest
from guide_kit import run, table
from test_guide_hints import ANN, BO, CY, RULES, begun, fighter

from bot.console.identity import GUILD_ID
from bot.guide.checks import PASS, accepted, sound
from bot.guide.hints import next_step
from bot.guide.spec import Suggestion, Turn
from bot.registry import find
from bot.services import Caller, dispatch
from combat.model import Condition, Encounter
from combat.systems.d6pool.model import PRONE


def turn_of(encounter: Encounter, *, foes: bool = True) -> Turn:
    slot = encounter.turns.current
    assert slot is not None
    actor = encounter.get(slot.waiting[0])
    up = tuple(c for c in encounter.combatants if c.side != actor.side) if foes else ()
    return Turn(RULES, encounter, actor, slot.phase, up, actor.owner is None)


def test_a_move_the_rules_take_is_kept_and_one_they_refuse_is_not() -> None:
    turn = turn_of(begun(6, 1, 1, combatants=(ANN, BO, CY)))
    at_cy = Suggestion("attack", (("target", "Cy"),))
    assert accepted(turn, at_cy) and sound(turn, at_cy) is at_cy
    at_herself = Suggestion("attack", (("target", "Ann"),))
    assert not accepted(turn, at_herself)
    assert sound(turn, at_herself) == Suggestion("attack", (("target", "Bo"),)), "the first foe the rules take"


def test_with_no_foe_to_attack_a_move_with_no_target_comes_next_then_passing() -> None:
    turn = turn_of(begun(6, 1, combatants=(ANN, BO)), foes=False)
    at_herself = Suggestion("attack", (("target", "Ann"),))
    assert sound(turn, at_herself) == Suggestion("act", (("move", "taunt"),))
    assert not accepted(turn, Suggestion("act", (("move", "nothing"),)))
    assert accepted(turn, PASS), "anything but a move is taken as it is"


def test_a_suggestion_for_the_gm_s_npc_keeps_as() -> None:
    turn = turn_of(begun(1, 5, 5, combatants=(ANN, BO, CY)))
    assert turn.actor.name == "Bo" and turn.gm_plays
    at_himself = Suggestion("attack", (("as", "Bo"), ("target", "Bo")))
    assert sound(turn, at_himself) == Suggestion("attack", (("as", "Bo"), ("target", "Ann")))


@pytest.mark.asyncio
async def test_a_fighter_knocked_down_is_told_to_stand_before_attacking(db) -> None:
    console, out = table(db, 1)
    await run(console, out, "/encounter start demo:d6pool")
    caller = Caller(console.ids.user("you"), "you", GUILD_ID, console.ids.channel(None))
    reply = await dispatch(console.services, caller, "encounter status", {})
    encounter = reply.encounter
    assert encounter is not None
    slot = encounter.turns.current
    assert slot is not None
    actor = encounter.get(slot.waiting[0])
    system = console.services.system("d6pool")
    hook = find("d6pool").demo.hint if find("d6pool").demo is not None else None
    assert next_step(system, encounter, hook).suggestions[0].path == "attack"
    prone = encounter.put(actor.with_condition(Condition(PRONE)))
    assert next_step(system, prone, hook).suggestions == (Suggestion("act", (("move", "stand"), ("as", actor.name))),)


def test_a_player_with_several_combatants_is_told_which_one_acts() -> None:
    twin = fighter("Di", "dojo", 1, owner="7")  # Ann's player plays Di too
    encounter = begun(6, 1, 1, 1, combatants=(ANN, BO, CY, twin))
    assert next_step(RULES, encounter).suggestions == (Suggestion("attack", (("as", "Ann"), ("target", "Bo"))),)
    alone = begun(6, 1, 1, combatants=(ANN, BO, CY))
    assert next_step(RULES, alone).suggestions == (Suggestion("attack", (("target", "Bo"),)),)
