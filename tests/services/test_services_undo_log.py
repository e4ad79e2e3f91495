"""What the log and the recap say about undo: what each undo took back, names of those gone, an ended fight."""

import pytest
from services_kit import BOB, CHANNEL, GM, SURE_HIT, SURE_MISS, TROOPER_1, TROOPER_2, Table
from timekit import Clock

from bot.render.reply import render_reply
from bot.services.errors import NoEncounter
from combat.errors import FrayError, RulesError

pytestmark = pytest.mark.asyncio


class Users:
    """Name users by their id."""

    def name(self, ident: int | str | None) -> str:
        return f"user{ident}"


async def log_lines(table: Table) -> list[str]:
    """Return the log's page as printed."""
    return render_reply(await table.run(GM, "encounter log"), Users())


async def recap(table: Table) -> str:
    """Return the Markdown recap as printed."""
    return "\n".join(render_reply(await table.run(GM, "encounter export", format="markdown"), Users()))


async def test_an_undo_says_in_the_log_which_entry_it_took_back(duel: Table):
    await duel.shoot(BOB, TROOPER_1, SURE_MISS)
    await duel.run(GM, "encounter undo")
    await duel.run(GM, "encounter undo")
    lines = await log_lines(duel)
    assert lines[-4:] == [
        "#5 R0 encounter begin by gm (undone)",
        f"#6 R1 attack by bob (undone): Crichton shoot → {TROOPER_1}: miss",
        "#7 R1 undo by gm: undid #6 (attack)",
        "#8 R0 undo by gm: undid #5 (encounter begin)",
    ]


async def test_undo_with_no_fight_ever_in_the_channel_is_refused_clearly(table: Table):
    with pytest.raises(NoEncounter) as refused:
        await table.run(GM, "encounter undo")
    assert refused.value.message == "There is no fight in this channel to undo."


async def test_undo_of_an_undo_takes_back_the_action_before_it_not_the_undo(duel: Table):
    await duel.shoot(BOB, TROOPER_1, SURE_MISS)
    first = await duel.run(GM, "encounter undo")
    second = await duel.run(GM, "encounter undo")
    assert (first.body.kind, second.body.kind) == ("attack", "encounter begin")
    assert (await duel.export())["round"] == 0


async def test_a_combatant_taken_out_keeps_their_name_in_the_log_and_the_recap(duel: Table):
    await duel.shoot(BOB, TROOPER_1, SURE_HIT)
    await duel.run(GM, "encounter remove", target=TROOPER_1)
    lines = await log_lines(duel)
    assert any(f"Crichton shoot → {TROOPER_1}: hit" in line for line in lines)
    told = await recap(duel)
    assert f"**Crichton** attack → {TROOPER_1}: hit" in told
    assert TROOPER_1.lower() not in told


async def test_an_undone_add_keeps_the_name_on_the_undone_attack_in_the_log(table: Table):
    await table.run(GM, "encounter start", system="farscape", name="Docking ring")
    await table.run(GM, "encounter add", name="Crichton", owner="<@2>", stats="Energy Weapons=Good",
                    weapon="pulse pistol")
    await table.run(GM, "encounter add", template="peacekeeper trooper")
    await table.run(GM, "encounter begin")
    await table.shoot(BOB, "Peacekeeper trooper", SURE_HIT)
    for _ in range(3):  # the attack, begin and the trooper's add
        await table.run(GM, "encounter undo")
    lines = await log_lines(table)
    assert any("Crichton shoot → Peacekeeper trooper: hit" in line and "(undone)" in line for line in lines)


async def test_the_recap_leaves_undone_actions_out_and_tells_the_one_played_again(duel: Table):
    await duel.shoot(BOB, TROOPER_1, SURE_HIT)
    await duel.run(GM, "encounter undo")
    await duel.shoot(BOB, TROOPER_2, SURE_MISS)
    told = await recap(duel)
    assert f"1. **Crichton** attack → {TROOPER_2}: miss" in told
    assert f"→ {TROOPER_1}: hit" not in told


async def _aeryn_asked(table: Table) -> None:
    """Start 'Throne room': Scorpius shoots at Aeryn, and her player is asked "Dodge or Take it?"."""
    await table.run(GM, "encounter start", system="farscape", name="Throne room")
    await table.run(GM, "encounter add", name="Scorpius", side="foes", tier="antagonist", weapon="pulse pistol",
                    stats="Speed=Superb, Agility=Good, Energy Weapons=Great")
    await table.run(GM, "encounter add", name="Aeryn", owner="<@3>", side="crew", tier="protagonist",
                    weapon="pulse pistol", stats="Speed=Good, Agility=Good, Energy Weapons=Good")
    await table.run(GM, "encounter begin")
    await table.run(GM, "attack", target="Aeryn")  # declared: Aeryn's player is asked "Dodge or Take it?"


async def test_a_lapsed_choice_undone_and_answered_is_told_with_the_answer(table: Table):
    clock = Clock()
    table.svc.clock = clock
    await _aeryn_asked(table)
    clock.now += 1000
    table.dice.queue(CHANNEL, SURE_MISS + SURE_MISS)
    lapsed = await table.run(GM, "encounter react", choice="take")
    assert lapsed.answer is not None and lapsed.answer.lapsed
    assert "(the default: time ran out)" in await recap(table)

    undone = await table.run(GM, "encounter undo")
    assert undone.body.kind == "encounter react"
    assert "(the default: time ran out)" not in await recap(table)
    table.dice.queue(CHANNEL, SURE_MISS)
    await table.run(GM, "encounter react", choice="take")
    told = await recap(table)
    assert "Aeryn's player: take" in told and "time ran out" not in told
    with pytest.raises(RulesError):
        await table.run(GM, "encounter react", choice="take")  # answered once: nothing waits now


async def test_the_newest_page_of_a_long_log_is_a_full_one(duel: Table):
    for _ in range(18):  # the duel's set-up logged 5 entries: 23 in all, two pages of 20
        await duel.run(GM, "encounter next")
    newest = await duel.run(GM, "encounter log")
    assert (newest.body.page, newest.body.pages) == (2, 2)
    assert [e.seq for e in newest.body.entries] == list(range(4, 24))
    oldest = await duel.run(GM, "encounter log", page="1")
    assert [e.seq for e in oldest.body.entries] == [1, 2, 3]


async def test_the_recap_keeps_a_player_who_left_the_fight_on_his_side_and_his_answers_his(table: Table):
    await _aeryn_asked(table)
    table.dice.queue(CHANNEL, SURE_MISS)
    await table.run(GM, "encounter react", choice="take")
    await table.run(GM, "encounter remove", target="Aeryn")
    told = await recap(table)
    assert "Aeryn's player: take" in told  # not "the GM": she was a player's character when it was asked
    assert "- **crew**: Aeryn (user3) (left the fight)" in told


async def test_the_recap_keeps_an_attacks_own_move_option(duel: Table):
    # Farscape's /attack move:kick: the recap says the kick, as the log does (it left 'move' out).
    await duel.shoot(BOB, TROOPER_1, SURE_MISS, move="kick", weapon="none")
    assert f"**Crichton** attack (move kick, weapon none) → {TROOPER_1}: miss" in await recap(duel)


async def test_the_recap_names_the_holder_of_a_hold_the_gm_typed(duel: Table):
    # The GM types /encounter hold without as: for the fighter whose turn it is: the recap names him, not the GM.
    for _ in range(4):  # on to a trooper's turn (the GM's combatant)
        try:
            held = await duel.run(GM, "encounter hold")
            break
        except FrayError:
            await duel.run(GM, "encounter next")
    assert held.body.name.startswith("Peacekeeper trooper")
    assert f"**{held.body.name}** hold" in await recap(duel)


async def test_a_combatant_whose_adding_was_undone_is_not_in_the_recap(duel: Table):
    await duel.run(GM, "encounter add", name="Typo", side="crew", owner="<@5>")
    await duel.run(GM, "encounter undo")
    told = await recap(duel)
    assert "Typo" not in told and "left the fight" not in told


async def test_the_recap_of_a_fight_not_begun_says_so(table: Table):
    await table.run(GM, "encounter start", system="farscape", name="Later")
    told = await recap(table)
    assert "Not begun yet." in told and "round 0" not in told


async def test_the_recap_names_the_player_of_one_added_mid_fight_never_by_id(duel: Table) -> None:
    await duel.run(GM, "encounter add", name="D'Argo", owner="4242", side="crew", stats="Strength=Great")
    told = await recap(duel)
    assert "owner user4242" in told and "owner 4242" not in told
