"""/encounter react: a shot at a player's character waits for "Dodge or Take it?", with a deadline and a default."""

import pytest
import pytest_asyncio
from services_kit import AERYN, BOB, CAROL, CHANNEL, CRICHTON, EVE, GM, SURE_MISS, Table, make_settings

from bot.db.engine import Database
from bot.services import ReplayDice, Services
from bot.services.errors import NotAllowed
from bot.services.reactions import expire, token
from bot.services.replies import Answered
from combat.errors import AwaitingReaction, InvalidInput, RulesError
from combat.intent import Declared, PendingReaction

pytestmark = pytest.mark.asyncio

START = 1_700_000_000.0
# Scorpius (the GM's antagonist) is fastest, then Crichton (bob), then Aeryn (carol).
SCORPIUS = {
    "name": "Scorpius", "side": "foes", "tier": "antagonist", "weapon": "pulse pistol",
    "stats": "Speed=Superb, Agility=Good, Energy Weapons=Great",
}
BLANKS = (0, 0, 0, 0)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def services(db: Database, clock: Clock) -> Services:
    return Services(db, make_settings(), ReplayDice(seed=7), clock=clock)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest_asyncio.fixture
async def fight(db: Database, clock: Clock) -> Table:
    """Scorpius's turn in round one; nothing waits yet."""
    table = Table(services(db, clock))
    await table.run(GM, "encounter start", system="farscape", name="Throne room")
    for options in (SCORPIUS, CRICHTON, AERYN):
        await table.run(GM, "encounter add", **options)
    await table.run(GM, "encounter begin")
    return table


async def pending_of(table: Table) -> PendingReaction | None:
    async with table.svc.db.unit_of_work() as uow:
        loaded = await uow.encounters.get_active(CHANNEL, for_update=False)
    assert loaded is not None
    return loaded.encounter.pending


async def declare(table: Table) -> None:
    """Scorpius shoots at Aeryn: declared, waiting for carol."""
    reply = await table.run(GM, "attack", target="Aeryn")
    assert isinstance(reply.result, Declared) and reply.result.reaction.combatant == "aeryn"


async def test_a_shot_at_a_players_character_waits_with_no_dice_rolled_and_the_turn_unmoved(fight: Table):
    fight.dice.queue(CHANNEL, SURE_MISS)
    reply = await fight.run(GM, "attack", target="Aeryn")
    assert isinstance(reply.result, Declared)
    assert reply.change is not None and reply.change.ended_round is None
    assert fight.dice.queued(CHANNEL) == 4  # nothing rolled
    pending = await pending_of(fight)
    assert pending is not None and pending.deadline == START + 120
    assert pending.reaction.answers() == ("dodge", "take") and pending.reaction.default == "dodge"
    assert (await fight.export())["turn"] == "Scorpius"
    assert [e["kind"] for e in await fight.log()][-1] == "attack"
    fight.dice.clear(CHANNEL)


async def test_take_it_rolls_the_attack_alone_and_moves_the_turn_on(fight: Table):
    await declare(fight)
    fight.dice.queue(CHANNEL, SURE_MISS)
    reply = await fight.run(CAROL, "encounter react", choice="take")
    assert fight.dice.queued(CHANNEL) == 0
    (attack,) = reply.result.attacks
    assert attack.defence == "none" and attack.dodge is None and not attack.hit
    assert reply.answer == Answered("aeryn", "take", "Take it")
    assert await pending_of(fight) is None
    assert (await fight.export())["turn"] == "Crichton"


async def test_dodge_rolls_her_free_dodge_after_the_attack(fight: Table):
    await declare(fight)
    fight.dice.queue(CHANNEL, SURE_MISS + BLANKS)
    reply = await fight.run(CAROL, "encounter react", choice="dodge")
    assert fight.dice.queued(CHANNEL) == 0
    (attack,) = reply.result.attacks
    assert attack.defence == "dodge" and attack.dodge.rolled is not None and attack.dodge.rolled.free
    assert "dodging" in (await fight.combatant("Aeryn"))["status"]


@pytest.mark.parametrize(("path", "typed"), [("dodge", {}), ("act", {"move": "dodge"})])
async def test_a_move_named_like_an_answer_answers_typed_as_dodge_or_as_act_move_dodge(
    fight: Table, path: str, typed: dict[str, str],
):
    await declare(fight)
    fight.dice.queue(CHANNEL, SURE_MISS + BLANKS)
    reply = await fight.run(CAROL, path, **typed)
    assert reply.answer == Answered("aeryn", "dodge", "Dodge")
    assert fight.dice.queued(CHANNEL) == 0 and await pending_of(fight) is None


async def test_only_her_player_or_the_gm_may_answer(fight: Table):
    await declare(fight)
    assert "Only Aeryn's player or the GM" in await fight.refused(BOB, "encounter react", NotAllowed, choice="take")
    await fight.refused(EVE, "encounter react", NotAllowed, choice="take")
    await fight.refused(CAROL, "encounter react", InvalidInput, choice="duck")
    fight.dice.queue(CHANNEL, SURE_MISS)
    reply = await fight.run(GM, "encounter react", choice="take")
    assert reply.result.attacks[0].defence == "none"


async def test_other_moves_wait_for_the_answer_but_reading_and_undo_do_not(fight: Table):
    await declare(fight)
    message = await fight.refused(BOB, "dodge", AwaitingReaction)
    assert message.startswith("Waiting for Aeryn to choose: Dodge or Take it")
    await fight.refused(GM, "encounter next", AwaitingReaction)
    await fight.refused(GM, "attack", AwaitingReaction, target="Crichton")
    await fight.refused(GM, "encounter add", AwaitingReaction, name="Rygel")
    status = await fight.run(EVE, "encounter status")
    assert status.encounter.pending is not None
    await fight.run(EVE, "encounter log")
    await fight.run(EVE, "encounter export")
    undo = await fight.run(GM, "encounter undo")
    assert undo.body.kind == "attack"
    assert await pending_of(fight) is None
    assert (await fight.export())["turn"] == "Scorpius"
    await fight.refused(CAROL, "encounter react", RulesError, choice="take")


async def test_after_the_deadline_the_next_command_takes_the_default_first(fight: Table, clock: Clock):
    await declare(fight)
    clock.now = START + 119
    await fight.refused(BOB, "attack", AwaitingReaction, target="Scorpius")  # not yet
    clock.now = START + 121
    fight.dice.queue(CHANNEL, SURE_MISS + BLANKS + SURE_MISS)  # Scorpius, Aeryn's dodge, then Crichton's shot
    reply = await fight.run(BOB, "attack", target="Scorpius")
    assert fight.dice.queued(CHANNEL) == 0
    settled = reply.settled
    assert settled is not None and settled.answer == Answered("aeryn", "dodge", "Dodge", lapsed=True)
    assert settled.result.attacks[0].defence == "dodge"
    assert reply.result.actor == "crichton"
    log = await fight.log()
    assert [(e["kind"], e["user"]) for e in log[-3:]] == [("attack", GM.user_id), ("encounter react", GM.user_id),
                                                          ("attack", BOB.user_id)]
    # Undo the shot, then the default: the choice is asked again with a fresh deadline.
    await fight.run(GM, "encounter undo")
    await fight.run(GM, "encounter undo")
    pending = await pending_of(fight)
    assert pending is not None and pending.deadline == START + 121 + 120


async def test_an_answer_after_the_deadline_finds_the_default_taken(fight: Table, clock: Clock):
    await declare(fight)
    clock.now = START + 500
    fight.dice.queue(CHANNEL, SURE_MISS + BLANKS)
    reply = await fight.run(CAROL, "encounter react", choice="take")
    assert reply.answer is not None and reply.answer.lapsed and reply.answer.choice == "dodge"
    assert reply.result.attacks[0].defence == "dodge"
    assert await pending_of(fight) is None


async def test_a_button_for_another_declaration_is_refused(fight: Table):
    await declare(fight)
    pending = await pending_of(fight)
    assert pending is not None and token(pending) == str(int((START + 120) * 1000))
    message = await fight.refused(CAROL, "encounter react", RulesError, choice="take", **{"for": "123"})
    assert "already settled" in message
    fight.dice.queue(CHANNEL, SURE_MISS)
    await fight.run(CAROL, "encounter react", choice="take", **{"for": token(pending)})


async def test_the_waiting_attack_survives_a_restart(db: Database, fight: Table, clock: Clock):
    await declare(fight)
    restarted = Table(services(db, clock))
    restarted.dice.queue(CHANNEL, SURE_MISS)
    reply = await restarted.run(CAROL, "encounter react", choice="take")
    assert reply.result.attacks[0].defence == "none"
    assert (await restarted.export())["turn"] == "Crichton"


async def test_the_bot_timer_takes_the_default_only_once_it_is_due(fight: Table, clock: Clock):
    await declare(fight)
    assert await expire(fight.svc, GM) is None
    clock.now = START + 120
    fight.dice.queue(CHANNEL, SURE_MISS + BLANKS)
    reply = await expire(fight.svc, GM)
    assert reply is not None and reply.answer is not None and reply.answer.label == "Dodge" and reply.answer.lapsed
    assert await pending_of(fight) is None
    assert await expire(fight.svc, GM) is None
    await fight.run(GM, "encounter end")
    assert await expire(fight.svc, GM) is None


async def test_a_choice_that_waited_when_the_fight_ended_is_asked_again_with_fresh_time(fight: Table, clock: Clock):
    await declare(fight)
    clock.now += 100
    await fight.run(GM, "encounter end")
    reopened = await fight.run(GM, "encounter undo")
    pending = reopened.encounter.pending
    assert pending is not None and pending.reaction.combatant == "aeryn"
    assert pending.deadline == START + 100 + 120
    assert await pending_of(fight) == pending


async def test_an_answer_lost_to_another_process_is_not_reported(fight: Table, db_url: str, clock: Clock):
    await declare(fight)  # this process keeps the fight with the shot waiting for Aeryn
    other = Database(db_url)  # another bot process on the same database, on the same clock
    try:
        there = Table(services(other, clock))
        there.dice.queue(CHANNEL, SURE_MISS)
        await there.run(CAROL, "encounter react", choice="take")  # settled over there
    finally:
        await other.dispose()
    # Here the kept state still shows the question: /dodge would answer it; the save finds the newer state,
    # and the command runs again on it as a plain dodge, answering nothing.
    reply = await fight.run(CAROL, "dodge")
    assert reply.answer is None
    assert reply.encounter.pending is None


async def test_a_refusal_after_settling_a_stale_kept_choice_is_worked_out_again(
    fight: Table, db_url: str, clock: Clock
):
    await fight.run(GM, "attack", target="Crichton")  # this process keeps the shot waiting for bob
    other = Database(db_url)  # another bot process answers it and moves the turn on, to Aeryn's
    try:
        there = Table(services(other, clock))
        there.dice.queue(CHANNEL, SURE_MISS)
        await there.run(BOB, "encounter react", choice="take")
        moved = await there.run(GM, "encounter next")
        assert moved.encounter.turns.current is not None and moved.encounter.turns.current.actors == ("aeryn",)
    finally:
        await other.dispose()
    clock.now += 121  # here the kept question is overdue: settling it would make it Crichton's turn
    reply = await fight.run(CAROL, "attack", target="Scorpius")
    assert reply.answer is None and reply.settled is None  # worked out on the stored fight, where nothing waits
    assert reply.result is not None
    stored = await pending_of(fight)
    assert stored is None or stored.reaction.combatant != "crichton"


async def test_a_shot_that_waited_reads_as_any_other_in_the_recap_once_its_shooter_is_removed(fight: Table):
    from bot.render.reply import render_reply

    class Users:
        def name(self, ident: int | str | None) -> str:
            return f"user{ident}"

    fight.dice.queue(CHANNEL, SURE_MISS)
    declared = await fight.run(GM, "attack", target="Aeryn", **{"as": "Scorpius"})  # the GM names his NPC
    assert isinstance(declared.result, Declared)  # its beats come with the answer, not with the declaration
    await fight.run(CAROL, "encounter react", choice="take")
    await fight.run(GM, "encounter remove", target="Scorpius")
    told = "\n".join(render_reply(await fight.run(GM, "encounter export", format="markdown"), Users()))
    assert "**Scorpius** attack → Aeryn: miss" in told and "attack: Scorpius →" not in told
