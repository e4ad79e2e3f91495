"""Moves in the fight: /attack, /dodge and /act (every other move of the system), read against the move's specs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.services.access import acting_combatant
from bot.services.args import Args
from bot.services.context import Caller
from bot.services.core import Scene, Services
from bot.services.errors import NotAllowed, UnknownCommand
from bot.services.reactions import answer, may_answer
from bot.services.replies import Answered, Reply
from combat import engine, reactions
from combat.errors import InvalidInput, RulesError, echo
from combat.intent import PendingReaction
from combat.model import Encounter
from combat.options import listed, parse_number, parse_options, same_name
from combat.system import Intent, MoveSpec

__all__ = ["act", "attack", "dodge", "move_spec", "perform", "resolver"]


def move_spec(scene: Scene, move: str) -> MoveSpec:
    """Return the system's move called ``move``, or refuse naming its moves."""
    for spec in scene.system.moves():
        if same_name(move, spec.name):
            return spec
    names = ", ".join(m.name for m in scene.system.moves())
    note = f" {scene.system.defence_note}" if move == "dodge" and scene.system.defence_note else ""
    raise UnknownCommand(f"{scene.system.title} has no move '{echo(move)}'; its moves are {names}.{note}")


def resolver(encounter: Encounter) -> Callable[[str], str]:
    """Return a function that turns a combatant's name (or unique prefix) into its id."""
    return lambda name: encounter.find(name).id


def read_targets(scene: Scene, spec: MoveSpec, text: str | None) -> tuple[str, ...]:
    names = listed(text)
    if spec.targets and not names and not spec.aimed_elsewhere:
        raise InvalidInput(f"Say who to {spec.name}: add target:Name.")
    if len(names) > max(spec.targets, 0):
        limit = "no target" if spec.targets == 0 else f"at most {spec.targets} targets"
        raise InvalidInput(f"{spec.name} takes {limit}.")
    return tuple([scene.encounter.find(n).id for n in names])


def read_modifier(scene: Scene, args: Args) -> int:
    value = args.number("modifier")
    if value is None:
        return 0
    if not scene.gm:
        raise NotAllowed("Only the GM can grant a modifier.")
    low, high = scene.system.modifier_bounds
    return parse_number(str(value), "modifier", low, high)


def _intent(scene: Scene, caller: Caller, spec: MoveSpec, args: Args) -> Intent:
    actor = acting_combatant(scene.encounter, caller, scene.gm, args.text("as"), reaction=spec.reaction)
    options = parse_options(spec.options, args.extra, owner=spec.name, resolve=resolver(scene.encounter),
                            gm=scene.gm, phase=scene.encounter.turns.phase)
    targets = read_targets(scene, spec, args.text("target"))
    return Intent(actor.id, spec.name, targets, options, read_modifier(scene, args))


def _answer_key(scene: Scene, caller: Caller, pending: PendingReaction, move: str, args: Args) -> str:
    """Return the waiting choice's answer this move names, made by who may answer it; else refuse: it waits.

    The move must come with no option but ``as:`` naming the asked combatant (and ``move:`` naming it, for /act).
    """
    asked = scene.encounter.get(pending.reaction.combatant)
    as_name = args.text("as")
    plain = set(args.given()) <= {"as", "move"} and (not as_name or scene.encounter.find(as_name).id == asked.id)
    key = reactions.offered_key(pending, move) if plain and may_answer(scene, caller, asked) else None
    if key is None:
        raise reactions.waiting(scene.encounter) or RulesError("Nothing is waiting for a choice.")
    return key


async def perform(svc: Services, caller: Caller, move: str, args: Args, command: str) -> Reply:
    """Resolve one move for the caller's combatant (or the GM's ``as``) and advance the turn.

    A move that offers a target's player a choice before the dice (a defence) is only declared: it waits in the
    encounter, with no die rolled and the turn unmoved, until the player answers with /encounter react or time
    runs out; one that stops after its dice to ask a choice waits the same way. While a choice waits, a move named
    like one of its answers (/dodge when "dodge" is offered), with no options, answers it; any other move waits.
    """
    chose: list[Answered] = []

    def apply(scene: Scene) -> engine.Step:
        chose.clear()  # a run that lost to another process's save answered nothing
        pending = scene.encounter.pending
        if pending is not None:
            step, answered = answer(svc, scene, caller, _answer_key(scene, caller, pending, move, args))
            chose.append(answered)
            return step
        intent = _intent(scene, caller, move_spec(scene, move), args)
        return reactions.attempt(scene.system, scene.encounter, intent, scene.dice, svc.deadline())

    reply = await svc.change(caller, command, apply, payload={"move": move, "options": args.given()}, pending_ok=True)
    return replace(reply, answer=chose[-1]) if chose else reply


async def attack(svc: Services, caller: Caller, args: Args) -> Reply:
    """Attack with the system's attack move."""
    return await perform(svc, caller, "attack", args, "attack")


async def dodge(svc: Services, caller: Caller, args: Args) -> Reply:
    """Dodge with the system's dodge move (in most systems a reaction: any time, even out of turn)."""
    return await perform(svc, caller, "dodge", args, "dodge")


async def act(svc: Services, caller: Caller, args: Args) -> Reply:
    """Any other move of the system, named by the move option."""
    return await perform(svc, caller, args.text("move") or "", args, "act")
