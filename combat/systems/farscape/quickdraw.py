"""Farscape quick draw: an Opposed Speed contest to get a weapon out first."""

from __future__ import annotations

from dataclasses import dataclass

from combat.dice import DiceSource
from combat.errors import CannotAct
from combat.frozen import replace
from combat.fudge import TraitRoll, roll_trait
from combat.model import Combatant, Condition, Encounter
from combat.system import ActionOutcome, Intent
from combat.systems.farscape.harm import acts_at_same_moment, penalty, trait
from combat.systems.farscape.ranged_common import Modifier, can_defend, option, require_able, targets_of, total
from combat.systems.farscape.ranged_dodge import act_while_dodging
from combat.systems.farscape.tables import FarscapeTables
from combat.turns import jump, release

__all__ = ["DRAWN", "QUICK_DRAW_BONUS", "QuickDraw", "resolve_quick_draw"]

QUICK_DRAW_BONUS = 2  # [ours] the Quick Draw talent: +2 to the Speed roll
DRAWN = "quick drawn"  # a quick draw made this element (source: the opponent)


@dataclass(frozen=True)
class QuickDraw:
    """Both Speed rolls with their modifiers, and who drew first (None: a tie, both at once)."""

    actor: str
    opponent: str
    actor_roll: TraitRoll
    actor_modifiers: tuple[Modifier, ...]
    opponent_roll: TraitRoll
    opponent_modifiers: tuple[Modifier, ...]

    @property
    def margin(self) -> int:
        """Return the actor's result minus the opponent's."""
        return self.actor_roll.result - self.opponent_roll.result

    @property
    def winner(self) -> str | None:
        """Return who drew first, or None when both drew at the same moment."""
        if self.margin == 0:
            return None
        return self.actor if self.margin > 0 else self.opponent


def _modifiers(combatant: Combatant, *extra: Modifier) -> tuple[Modifier, ...]:
    """Return the non-zero modifiers to a combatant's Speed roll."""
    talent = QUICK_DRAW_BONUS if combatant.sheet.has("quick draw") else 0
    mods = (Modifier("quick draw", talent), Modifier("wounds", penalty(combatant)), *extra)
    return tuple(m for m in mods if m.value)


def resolve_quick_draw(encounter: Encounter, intent: Intent, tables: FarscapeTables, dice: DiceSource) -> ActionOutcome:
    """Roll Speed against the target's Speed (actor first); the winner fires first.

    The turn goes on, so an actor who wins fires now [ours]; an opponent who wins acts now, before him, with his own
    action of this element (held, or still to come) [ours: whoever draws first fires first]. One quick draw an
    element [ours]: the loser cannot roll again until the next.
    """
    actor = encounter.get(intent.actor)
    require_able(actor)
    if actor.has(DRAWN):
        raise CannotAct(f"{actor.name} has had a quick draw this element already.")
    if not can_defend(actor) and not acts_at_same_moment(actor):
        # [ours] A quick draw does not use the turn: a straining actor's one strained action is the shot itself.
        raise CannotAct(f"{actor.name} is Incapacitated: he can strain to shoot, not to win a quick draw.")
    (opponent,) = targets_of(encounter, intent, 1)
    if not can_defend(opponent):
        raise CannotAct(f"{opponent.name} is in no state to draw; no contest is needed.")
    actor, acting, _ = act_while_dodging(actor, option(intent.options, "dodging"))
    own = _modifiers(actor, Modifier("dodging", acting), Modifier("GM", intent.modifier))
    theirs = _modifiers(opponent)
    first = roll_trait(dice, "speed", trait(actor, "speed"), total(own))
    second = roll_trait(dice, "speed", trait(opponent, "speed"), total(theirs))
    result = QuickDraw(actor.id, opponent.id, first, own, second, theirs)
    encounter = encounter.put(actor.with_condition(Condition(DRAWN, elements=1, source=opponent.id)))
    if result.winner == opponent.id:  # he acts now: his held action released, or his next one moved up
        turns = encounter.turns
        now = release(turns, opponent.id) if opponent.id in turns.held else jump(turns, opponent.id)
        encounter = replace(encounter, turns=now)
    return ActionOutcome(encounter, result, ends_turn=False)
