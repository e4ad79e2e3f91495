"""Moves in the fight: /attack, /dodge and /act (every other move of the system)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.services.access import acting_combatant
from bot.services.context import Caller
from bot.services.core import Scene, Services
from bot.services.errors import NotAllowed, UnknownCommand
from bot.services.replies import Reply
from combat import engine, reactions
from combat.errors import InvalidInput
from combat.system import Intent, MoveSpec

__all__ = ["act", "attack", "dodge", "perform"]

# Options every move command has, handled here rather than by the move.
_GENERAL = frozenset({"as", "target", "modifier"})


def _spec(scene: Scene, move: str) -> MoveSpec:
    wanted = " ".join(move.split()).lower()
    for spec in scene.system.moves():
        if spec.name == wanted:
            return spec
    names = ", ".join(m.name for m in scene.system.moves())
    raise UnknownCommand(f"{scene.system.title} has no move '{move}'; its moves are {names}.")


def _targets(scene: Scene, spec: MoveSpec, text: str | None) -> tuple[str, ...]:
    names = [n.strip() for n in (text or "").split(",") if n.strip()]
    if spec.targets and not names:
        raise InvalidInput(f"Say who to {spec.name}: add target:Name.")
    if len(names) > max(spec.targets, 0):
        limit = "no target" if spec.targets == 0 else f"at most {spec.targets} targets"
        raise InvalidInput(f"{spec.name} takes {limit}.")
    return tuple(scene.encounter.find(n).id for n in names)


def _modifier(text: str | None) -> int:
    if not text:
        return 0
    try:
        value = int(text.strip().replace("−", "-"))
    except ValueError:
        raise InvalidInput(f"modifier must be a number like +1 or -2, not '{text}'.") from None
    if abs(value) > 5:
        raise InvalidInput("modifier must be between -5 and +5.")
    return value


def _intent(scene: Scene, caller: Caller, move: str, options: Mapping[str, str]) -> Intent:
    spec = _spec(scene, move)
    extra = {k: v for k, v in options.items() if k not in _GENERAL}
    unknown = sorted(set(extra) - set(spec.options))
    if unknown:
        allowed = ", ".join(spec.options) or "none"
        raise UnknownCommand(f"{spec.name} has no option '{unknown[0]}'; its options are {allowed}.")
    actor = acting_combatant(scene.encounter, caller, scene.gm, options.get("as"), reaction=spec.reaction)
    targets = _targets(scene, spec, options.get("target"))
    return Intent(actor.id, spec.name, targets, extra, _modifier(options.get("modifier")))


async def perform(svc: Services, caller: Caller, move: str, options: Mapping[str, str], command: str) -> Reply:
    """Resolve one move for the caller's combatant (or the GM's ``as``) and advance the turn.

    A move that offers a target's player a choice (dodge, or take it) is only declared: it waits in the encounter,
    with no die rolled and the turn unmoved, until the player answers with /encounter react or time runs out.
    """
    if options.get("modifier"):
        _modifier(options["modifier"])

    def apply(scene: Scene) -> engine.Step:
        if options.get("modifier") and not scene.gm:
            raise NotAllowed("Only the GM can grant a modifier.")
        intent = _intent(scene, caller, move, options)
        return reactions.attempt(scene.system, scene.encounter, intent, scene.dice, svc.deadline())

    return await svc.change(caller, command, apply, payload={"move": move, "options": dict(options)})


async def attack(svc: Services, caller: Caller, options: Mapping[str, str]) -> Reply:
    """Attack: the system decides between an exchange of blows and a shot from the weapon."""
    return await perform(svc, caller, "attack", options, "attack")


async def dodge(svc: Services, caller: Caller, options: Mapping[str, str]) -> Reply:
    """Dodge for this element (a reaction: any time, even out of turn)."""
    return await perform(svc, caller, "dodge", options, "dodge")


async def act(svc: Services, caller: Caller, options: Mapping[str, str]) -> Reply:
    """Any other move of the system, named by the move option."""
    rest = {k: v for k, v in options.items() if k != "move"}
    return await perform(svc, caller, options["move"], rest, "act")
