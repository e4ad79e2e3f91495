"""Answering "Dodge or Take it?": the target's player (or the GM) chooses; an overdue choice takes its default."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from bot.services.context import Caller
from bot.services.core import Scene, Services
from bot.services.errors import NoEncounter, NotAllowed
from bot.services.replies import Reply
from combat import reactions
from combat.engine import Step
from combat.errors import InvalidInput, RulesError
from combat.intent import PendingReaction

__all__ = ["expire", "react", "token"]


def token(pending: PendingReaction) -> str:
    """Return the mark of one declaration (its deadline in milliseconds), carried by the buttons that answer it."""
    return str(int(pending.deadline * 1000))


async def react(svc: Services, caller: Caller, options: Mapping[str, str]) -> Reply:
    """Answer the choice an attack waits for: choice:dodge or choice:take; the target's player or the GM.

    Option ``for`` (set by the Discord buttons, never typed) names the declaration answered: a button left over
    from an attack already settled is refused. An answer that comes after the deadline finds the default taken.
    """
    choice = (options.get("choice") or "").strip()
    if not choice:
        raise InvalidInput("Say what you choose, like choice:dodge or choice:take.")
    mark = options.get("for")
    chose: dict[str, str] = {}

    def apply(scene: Scene) -> Step | None:
        if scene.settled is not None:
            return None  # too late: time ran out first, and the default was taken
        pending = scene.encounter.pending
        if pending is None:
            raise RulesError("No attack is waiting for a choice.")
        if mark is not None and mark != token(pending):
            raise RulesError("That choice was for an attack already settled.")
        asked = scene.encounter.get(pending.reaction.combatant)
        if not scene.gm and asked.owner != caller.owner_key:
            raise NotAllowed(f"Only {asked.name}'s player or the GM can choose for {asked.name}.")
        step = reactions.choose(scene.system, scene.encounter, choice, scene.dice, svc.deadline())
        key = " ".join(choice.split()).lower()
        chose.update(combatant=asked.id, choice=key, label=pending.reaction.label(key))
        return step

    reply = await svc.change(caller, "encounter react", apply, payload={"choice": choice}, pending_ok=True)
    return replace(reply, info={**reply.info, "chose": chose}) if chose else reply


async def expire(svc: Services, caller: Caller) -> Reply | None:
    """Resolve the channel's overdue choice with its default (the bot's timer, calling as the GM); None if none is."""
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        try:
            scene = await svc.settle(uow, await svc.scene(uow, caller))
        except NoEncounter:
            return None
        if scene.settled is None:
            return None
        await uow.commit()
    return scene.settled
