"""How a Farscape shooter fires in one element: single shots, semi-automatic recoil, bursts, fire arcs, two weapons."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from combat.errors import InvalidInput, RulesError
from combat.systems.farscape.ranged_common import Options, number, option, raw_text
from combat.systems.farscape.tables import Weapon

__all__ = ["MODES", "SEMI_ROF", "TWO_WEAPON_BURST", "FirePlan", "Mode", "burst_bonus", "plan_fire", "semi_limit"]

Mode = Literal["single", "semi", "auto"]
MODES: tuple[Mode, ...] = ("single", "semi", "auto")
SEMI_ROF = 3  # [source] automatic weapons can also fire semi-automatic, at a rate of fire of three
TWO_WEAPON_BURST = 2  # [ours] two non-automatic weapons: every two rounds fired together give +1
_ALIASES = {"semi auto": "semi", "semiautomatic": "semi", "automatic": "auto", "full auto": "auto", "burst": "auto"}


@dataclass(frozen=True)
class FirePlan:
    """What is fired this element: rounds from each weapon, separate shots, the burst bonus and the fire arc."""

    weapons: tuple[str, ...]
    mode: Mode
    rounds: tuple[int, ...]
    shots: int
    burst: int
    arc: int
    damage_bonus: int

    @property
    def bonus(self) -> int:
        """Return the attack bonus left after trading +1s for the fire arc."""
        return self.burst - self.arc

    @property
    def arc_width(self) -> int:
        """Return the fire arc in motras (two per +1 traded)."""
        return 2 * self.arc

    def recoil(self, shot: int) -> int:
        """Return the recoil modifier of the ``shot``-th semi-automatic shot: −1 after the first [S, flat]."""
        return -1 if self.mode == "semi" and shot > 1 else 0


def semi_limit(weapon: Weapon) -> int:
    """Return how many shots a weapon fires semi-automatic in one element."""
    return SEMI_ROF if weapon.burst else weapon.rof


def burst_bonus(rounds: int, burst: int) -> int:
    """Return +1 for every ``burst`` rounds fired (none when the weapon has no burst number)."""
    return rounds // burst if burst else 0


def _mode(options: Options) -> Mode:
    """Read the fire mode; without one, 'shots' means semi-automatic and 'rounds' automatic."""
    value = option(options, "mode")
    if value is None:
        if option(options, "shots") is not None:
            return "semi"
        return "auto" if option(options, "rounds") is not None else "single"
    value = _ALIASES.get(value, value)
    for mode in MODES:
        if mode == value:
            return mode
    raise InvalidInput(f"Mode '{raw_text(options, 'mode')}' is not one of {', '.join(MODES)}.")


def _arc(options: Options, burst: int, targets: int) -> int:
    """Read how many +1s are traded for a fire arc; more than one target needs an arc."""
    arc = number(options, "arc", 0, 0, 50)
    if arc > burst:
        raise RulesError(f"There is only +{burst} from the burst to trade for a fire arc, not {arc}.")
    if targets > 1 and arc == 0:
        raise RulesError("Trade at least +1 of the burst bonus for a fire arc to hit more than one target.")
    return arc


def _automatic(weapon: Weapon, options: Options, targets: int) -> FirePlan:
    """Plan a burst: +1 per burst number of rounds, up to the rate of fire."""
    if not weapon.burst:
        raise RulesError(f"A {weapon.name} cannot fire on automatic.")
    rounds = number(options, "rounds", weapon.rof, 1, weapon.rof)
    burst = burst_bonus(rounds, weapon.burst)
    return FirePlan((weapon.key,), "auto", (rounds,), 1, burst, _arc(options, burst, targets), 0)


def _one_at_a_time(weapon: Weapon, mode: Mode, options: Options, targets: int) -> FirePlan:
    """Plan a single shot or semi-automatic shots (all of the semi rate of fire unless 'shots' says fewer [ours])."""
    if option(options, "arc") is not None:
        raise RulesError("Only automatic fire can be spread over a fire arc.")
    if mode == "single":
        if number(options, "shots", 1, 1, 1) != 1:
            raise InvalidInput("A single shot is one shot.")
        shots = 1
    else:
        limit = semi_limit(weapon)
        shots = number(options, "shots", limit, 1, limit)
    if targets > shots:
        raise RulesError(f"{shots} shot{'s' if shots > 1 else ''} cannot reach {targets} targets.")
    return FirePlan((weapon.key,), mode, (shots,), shots, 0, 0, 0)


def _two_weapons(first: Weapon, second: Weapon, options: Options, targets: int) -> FirePlan:
    """Plan fire from two weapons at once: the bonus comes from the rounds of both [source].

    [ours] Each weapon fires 'rounds' (single: one; automatic: its whole rate of fire by default), capped at its
    own rate; the burst number is the smaller of the weapons' (two when neither is automatic). With two
    different weapons, each weapon's own bonus is also added to the damage [source].
    """
    mode = _mode(options)
    if mode == "semi":
        raise RulesError("Two weapons fire together once or on automatic, not semi-automatic.")
    pair = (first, second)
    limits = tuple(w.rof if w.burst else semi_limit(w) for w in pair)
    default = max(limits) if mode == "auto" else 1
    wanted = number(options, "rounds", default, 1, 1000)
    fired = tuple(min(wanted, limit) for limit in limits)
    size = min((w.burst for w in pair if w.burst), default=TWO_WEAPON_BURST)
    burst = burst_bonus(sum(fired), size)
    own = 0
    if first.key != second.key:
        own = sum(burst_bonus(n, w.burst or TWO_WEAPON_BURST) for w, n in zip(pair, fired, strict=True))
    return FirePlan((first.key, second.key), mode, fired, 1, burst, _arc(options, burst, targets), own)


def plan_fire(weapons: tuple[Weapon, ...], options: Options, targets: int) -> FirePlan:
    """Plan this element's fire from one or two weapons at ``targets`` targets."""
    if len(weapons) == 2:
        return _two_weapons(weapons[0], weapons[1], options, targets)
    mode = _mode(options)
    if mode == "auto":
        return _automatic(weapons[0], options, targets)
    return _one_at_a_time(weapons[0], mode, options, targets)
