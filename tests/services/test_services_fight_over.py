"""Any encounter says when the fight is over (on the step that leaves one side standing), and notes friendly fire."""

from dataclasses import replace

import pytest
from services_kit import BOB, CAROL, GM, SURE_HIT, SURE_MISS, TROOPER_1, TROOPER_2, Table

from bot.render.guide import guide_lines
from combat.summary import Beat, summarize_round

pytestmark = pytest.mark.asyncio

OVER = "→ The fight is over — "


async def test_the_step_that_fells_the_last_foe_says_the_fight_is_over(duel: Table):
    first = await duel.shoot(BOB, TROOPER_1, SURE_HIT)
    assert first.beats[-1].out and guide_lines(first) == []  # Trooper 2 still stands
    last = await duel.shoot(CAROL, TROOPER_2, SURE_HIT)
    [line] = guide_lines(last)
    assert line == (f"{OVER}Crichton and Aeryn still stand; Peacekeeper trooper 1 and Peacekeeper trooper 2 are down: "
                    "try `/encounter export format:markdown` (a recap of the fight) or `/encounter end` (closes it)")
    # The GM may play on: a turn passing says nothing more.
    assert guide_lines(await duel.run(GM, "encounter next")) == []


async def test_removing_the_last_foe_says_so_too(duel: Table):
    await duel.shoot(BOB, TROOPER_1, SURE_HIT)
    removed = await duel.run(GM, "encounter remove", target=TROOPER_2)
    assert guide_lines(removed)[0].startswith(f"{OVER}Crichton and Aeryn still stand; Peacekeeper trooper 1 is down")


async def test_an_attack_on_ones_own_side_is_pointed_out_with_undo(duel: Table):
    mistaken = await duel.shoot(BOB, "Aeryn", SURE_MISS, aware="no")  # unaware: no "dodge or take it?" first
    assert guide_lines(mistaken) == [
        "→ Note: Crichton attacked Aeryn, on their own side: if that was a slip, `/encounter undo` (takes it back)"]
    assert guide_lines(await duel.shoot(CAROL, TROOPER_1, SURE_MISS)) == []  # a foe: nothing to say


async def test_a_last_foe_going_down_as_the_next_round_begins_says_so_too(duel: Table):
    """Bleeding out as a round begins (Fallout) takes him out too: the step whose summary tells it says it's over."""
    await duel.shoot(BOB, TROOPER_1, SURE_HIT)
    felled = await duel.shoot(CAROL, TROOPER_2, SURE_HIT)
    assert felled.encounter is not None
    last = felled.encounter.find(TROOPER_2).id
    quiet = replace(felled, beats=())  # the same end, told by no beat of the step: nothing to say
    assert guide_lines(quiet) == []
    bled = replace(quiet, summaries=(summarize_round(1, (), (), (), opening=(Beat(last, "bleeds", out=True),)),))
    assert guide_lines(bled)[0].startswith(f"{OVER}Crichton and Aeryn still stand")
    woke = replace(quiet, summaries=(summarize_round(1, (), (), (), opening=(Beat(last, "wakes up"),)),))
    assert guide_lines(woke) == []
