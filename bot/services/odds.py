"""/odds: the exact chances of a move against one target before it is made; it reads, writes nothing, rolls nothing.

The options are read exactly as /attack reads them (the move's own specs, ``as``, the GM's ``modifier``), against
the attack move, or against the move named by ``move:`` when that is one of the system's moves. It works on
anyone's turn and in any phase once the fight has begun: a player plans ahead. No event is logged and no die is
taken.
"""

from __future__ import annotations

from bot.render.odds_chart import draw
from bot.services.access import acting_combatant
from bot.services.actions import read_modifier, read_targets, resolver
from bot.services.args import Args
from bot.services.context import Caller
from bot.services.core import Scene, Services
from bot.services.errors import UnknownCommand
from bot.services.replies import OddsShown, Reply
from combat.dice import Die
from combat.errors import DiceError, InvalidInput, RulesError, echo
from combat.options import parse_options, same_name
from combat.system import Intent, MoveSpec, RuleSystem

__all__ = ["NoDice", "odds"]


class NoDice:
    """A dice source that refuses every roll: working out odds must never take a die."""

    def face(self, die: Die) -> int:
        """Refuse the roll."""
        raise DiceError(f"Working out odds rolls no dice, yet a {die.label} was asked for.")


def _move(system: RuleSystem, args: Args) -> tuple[MoveSpec, dict[str, str]]:
    """Return the move asked about and its options: ``move:`` naming a move of the system, else the attack.

    Any other ``move:`` value stays one of the attack's own options (a technique), as /attack reads it.
    """
    extra = dict(args.extra)
    moves = system.moves()
    named = extra.get("move")
    if named is not None:
        chosen = next((m for m in moves if same_name(named, m.name)), None)
        if chosen is not None:
            del extra["move"]
            return chosen, extra
    attack = next((m for m in moves if m.name == "attack"), None)
    if attack is None or (named is not None and attack.option("move") is None):
        listed = ", ".join(m.name for m in moves)
        what = f"no move '{echo(named)}'" if named is not None else "no attack move"
        raise UnknownCommand(f"{system.title} has {what}; its moves are {listed}.")
    return attack, extra


async def odds(svc: Services, caller: Caller, args: Args) -> Reply:
    """Work out the exact chances of the caller's move (or the GM's ``as``) against one target, and chart them."""
    loaded = await svc.peek(caller)
    row, encounter = loaded.row, loaded.encounter
    if not encounter.turns.round:
        raise RulesError("The fight has not begun yet; the GM starts it with /encounter begin.")
    system = svc.system(row.system)
    gm = svc.is_gm(caller, loaded)
    scene = Scene(row, encounter, system, NoDice(), gm, loaded.settings)
    spec, extra = _move(system, args)
    actor = acting_combatant(encounter, caller, gm, args.text("as"), reaction=True)
    options = parse_options(spec.options, extra, owner=spec.name, resolve=resolver(encounter), gm=gm)
    targets = read_targets(scene, spec, args.text("target"))
    if len(targets) != 1:
        raise InvalidInput("Odds are worked out for one target at a time: add target:Name.")
    intent = Intent(actor.id, spec.name, targets, options, read_modifier(scene, args))
    found = system.odds(encounter, intent)
    picture = draw(found, {c.id: c.name for c in encounter.combatants})
    return Reply("odds", system, encounter, body=OddsShown(found, picture), gm=row.gm_id, viewer_gm=gm)
