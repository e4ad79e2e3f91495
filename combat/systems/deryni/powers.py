"""Deryni powers in combat, and the Meditation checks that keep one up.

A power used or maintained is -1 to everything else and to the power itself; every active action needs a Meditation
check (at -1) to keep a maintained power up; power fatigue spent stays spent until the GM's rest after the fight
[seed].

Using a power (``/act move:power``) is an unopposed roll of the Power attribute at -1 against the GM's difficulty
(Fair by default), costs power fatigue from a pool of 2 per level of Power counted from Terrible (Fair = 8)
[source: fatigue.html], and does not use up the round's action: once a round [ours].
"""

from __future__ import annotations

from collections.abc import Mapping

from combat.dice import DiceSource
from combat.errors import CannotAct, InvalidInput
from combat.model import Encounter
from combat.options import OptionValue
from combat.system import ActionOutcome, Intent
from combat.systems.deryni.actions import action_mods
from combat.systems.deryni.results import Meditation, PowerDropped, PowerUse
from combat.systems.deryni.rolls import check, mods
from combat.systems.deryni.sheet import SPEC
from combat.systems.deryni.state import fighter, put_fighter

__all__ = ["MEDITATION_DIFFICULTY", "dismiss", "meditate", "pool", "use_power"]

MEDITATION_DIFFICULTY = 0  # [ours] Fair
_TERRIBLE = -3


def pool(power: int) -> int:
    """Return the power-fatigue pool: 2 per level of Power counted from Terrible (Terrible 2 … Fair 8 … Superb 14)."""
    return 2 * (power - _TERRIBLE + 1)


def _number(options: Mapping[str, OptionValue], name: str, default: int) -> int:
    value = options.get(name, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def use_power(encounter: Encounter, intent: Intent, dice: DiceSource) -> ActionOutcome:
    """Use a Deryni power: roll Power at -1 against the difficulty, pay its fatigue, maintain it if asked."""
    actor = encounter.get(intent.actor)
    state = fighter(actor)
    round_number = encounter.turns.round
    if not actor.sheet.has("deryni"):
        raise CannotAct(f"{actor.name} is no Deryni: only a Deryni uses powers.")
    if state.power_round == round_number:
        raise CannotAct(f"{actor.name} has already used a power this round.")
    name = str(intent.options.get("name", "")).strip()
    if not name:
        raise InvalidInput("power needs name: which power (like \"heightened senses\").")
    cost = _number(intent.options, "cost", 1)
    level = SPEC.level(actor.sheet, "power")
    limit = pool(level)
    if state.fatigue + cost > limit:
        raise CannotAct(f"{actor.name} has {limit - state.fatigue} power fatigue left; {name} costs {cost}.")
    # A power already maintained is -1 to this one too; this one is -1 to itself [seed].
    modifiers = mods(*action_mods(actor, round_number), ("using a power", -1), ("GM", intent.modifier))
    rolled = check(dice, "power", level, _number(intent.options, "difficulty", 0), modifiers)
    maintained = rolled.success and intent.options.get("maintain") is True
    power = name if maintained else state.power
    encounter = put_fighter(encounter, actor.id, power=power, power_round=round_number, fatigue=state.fatigue + cost)
    result = PowerUse(actor.id, name, rolled, cost, state.fatigue + cost, limit, maintained)
    return ActionOutcome(encounter, result, ends_turn=False)


def dismiss(encounter: Encounter, intent: Intent) -> ActionOutcome:
    """Let a maintained power go (no roll; it does not use the turn)."""
    actor = encounter.get(intent.actor)
    power = fighter(actor).power
    if power is None:
        raise CannotAct(f"{actor.name} maintains no power.")
    dropped = put_fighter(encounter, actor.id, power=None, kept_round=encounter.turns.round)
    return ActionOutcome(dropped, PowerDropped(actor.id, power), ends_turn=False)


def meditate(encounter: Encounter, ids: tuple[str, ...], dice: DiceSource,
             dodging: str | None = None, struck: str | None = None) -> tuple[Encounter, tuple[Meditation, ...]]:
    """Roll Meditation at -1 (and wounds, earlier dodges) against Fair for each who acted keeping a power up.

    ``dodging`` is a defender whose action was the dodge just made: the check is part of it, and "the penalty is
    applied to all actions following the Dodge, not including it" [seed]. A failure drops the power; so does being
    out of the fight (no roll), for ``struck`` too, the one just hit, who did not act if he did not defend [ours].
    """
    checks: list[Meditation] = []
    watched = dict.fromkeys(ids)
    if struck is not None and struck not in watched and encounter.get(struck).health.out:
        watched[struck] = None  # out: the power falls without a roll
    for combatant_id in watched:
        combatant = encounter.get(combatant_id)
        power = fighter(combatant).power
        if power is None:
            continue
        if combatant.health.out:
            checks.append(Meditation(combatant_id, power, None))
            encounter = put_fighter(encounter, combatant_id, power=None, kept_round=encounter.turns.round)
            continue
        # [seed] a dodge's -1 falls on "all actions following the Dodge": the check after his action is one of them
        earlier = fighter(combatant).dodges - (1 if combatant_id == dodging else 0)
        modifiers = mods(("wounds", combatant.health.penalty), ("dodged", -earlier), ("keeping a power", -1))
        rolled = check(dice, "meditation", SPEC.level(combatant.sheet, "meditation"), MEDITATION_DIFFICULTY,
                       modifiers)
        checks.append(Meditation(combatant_id, power, rolled))
        if not rolled.success:  # dropped now, maintained this round: its -1 lasts the round [seed: "that round"]
            encounter = put_fighter(encounter, combatant_id, power=None, kept_round=encounter.turns.round)
    return encounter, tuple(checks)
