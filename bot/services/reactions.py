"""Answering "Dodge or Take it?": the target's player (or the GM) chooses; an overdue choice takes its default."""

from __future__ import annotations

from dataclasses import replace

from bot.services.args import Args
from bot.services.context import Caller
from bot.services.core import Scene, Services
from bot.services.errors import NoEncounter, NotAllowed
from bot.services.replies import Answered, Reply
from combat import reactions
from combat.engine import Step
from combat.errors import RulesError
from combat.intent import PendingReaction
from combat.model import Combatant

__all__ = ["answer", "expire", "may_answer", "react", "token"]


def token(pending: PendingReaction) -> str:
    """Return the mark of one declaration (its deadline in milliseconds), carried by the buttons that answer it."""
    return str(int(pending.deadline * 1000))


async def react(svc: Services, caller: Caller, args: Args) -> Reply:
    """Answer the choice the fight waits for with one of the choices offered; the asked player or the GM.

    Option ``for`` (set by the Discord buttons) names the question answered: a button left over from one already
    settled is refused. An answer that comes after the deadline finds the default taken.
    """
    choice = args.text("choice") or ""
    mark = args.text("for")
    chose: list[Answered] = []

    def apply(scene: Scene) -> Step | None:
        chose.clear()  # a run that lost to another process's save answered nothing
        if scene.settled is not None:
            return None  # too late: time ran out first, and the default was taken
        pending = scene.encounter.pending
        if pending is None:
            raise RulesError("Nothing is waiting for a choice.")
        if mark is not None and mark != token(pending):
            raise RulesError("That answer was for a question already settled: for: is set by the buttons; leave it out "
                             "to answer the question waiting now.")
        step, answered = answer(svc, scene, caller, reactions.answer_key(pending, choice))
        chose.append(answered)
        return step

    reply = await svc.change(caller, "encounter react", apply, payload={"choice": choice}, pending_ok=True)
    return replace(reply, answer=chose[-1]) if chose else reply


def may_answer(scene: Scene, caller: Caller, asked: Combatant) -> bool:
    """Tell whether the caller may answer for the asked combatant: his player, or the GM."""
    return scene.gm or asked.owner == caller.owner_key


def answer(svc: Services, scene: Scene, caller: Caller, key: str) -> tuple[Step, Answered]:
    """Answer the waiting choice with the offered ``key``, as the asked combatant's player or the GM."""
    pending = scene.encounter.pending
    if pending is None:
        raise RulesError("Nothing is waiting for a choice.")
    asked = scene.encounter.get(pending.reaction.combatant)
    if not may_answer(scene, caller, asked):
        raise NotAllowed(f"Only {asked.name}'s player or the GM can choose for {asked.name}.")
    step = reactions.choose(scene.system, scene.encounter, key, scene.dice, svc.deadline())
    return step, Answered(asked.id, key, pending.reaction.label(key))


async def expire(svc: Services, caller: Caller) -> Reply | None:
    """Resolve the channel's overdue choice with its default (the bot's timer, calling as the GM); None if none is."""
    async with svc.db.encounter_work(caller.channel_id, locking=True) as uow:  # read: it may find nothing to do
        try:
            scene = await svc.settle(uow, await svc.scene(uow, caller))
        except NoEncounter:
            return None
        if scene.settled is None:
            return None
        await uow.commit()
    return scene.settled
