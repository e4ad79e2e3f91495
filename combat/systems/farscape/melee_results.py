"""What a Farscape melee exchange reports: each side's roll, every blow's numbers, the hits and the locks."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from combat.frozen import frozen
from combat.fudge import Check, TraitRoll
from combat.model import Condition
from combat.systems.farscape.damage import Damage
from combat.systems.farscape.harm import Harm
from combat.systems.farscape.wounds import Kind

__all__ = [
    "BlowReason",
    "Effect",
    "EscapeResult",
    "ExchangeResult",
    "FleeResult",
    "Hit",
    "LockAttempt",
    "Modifier",
    "Side",
    "StandResult",
    "Strike",
    "total",
]

Effect = Literal["damage", "prone", "lock", "feint", "counter", "break"]

# Why a blow did or did not land: it beat the defence ("hit"), was extended to an extra foe at -1 ("extended"),
# did not beat the defence ("miss"), the lone fighter was beaten offensively by another foe ("outmatched"),
# he tied his best foe and this one was not two levels below him ("tied"), he beat this foe but struck
# another ("unchosen"), the move strikes no blow ("no strike": a counter lock, a frozen fighter, a minion who is
# attacked), or a longer weapon kept the striker out of reach ("at bay").
BlowReason = Literal["hit", "extended", "miss", "outmatched", "tied", "unchosen", "no strike", "at bay"]


@frozen
class Modifier:
    """One named modifier, so that every step of an offence or defence value can be shown."""

    name: str
    value: int


def total(modifiers: Iterable[Modifier]) -> int:
    """Return the sum of the modifiers."""
    return sum([m.value for m in modifiers])


@frozen
class Side:
    """One fighter in the exchange: style, move, gear, the roll and the modifiers that apply to every foe.

    ``roll`` is the offence trait rolled with 4dF (None for a frozen fighter, who neither rolls nor strikes, and
    for a minion who is attacked); the same dice are added to the defence trait, which may differ per foe (see
    ``Strike.defence_trait``). ``minion`` marks a minion or bystander: his dice never count for his defence,
    which is his trait as the difficulty.
    """

    combatant: str
    style: str
    move: str
    weapon: str | None
    shield: str | None
    roll: TraitRoll | None
    offence_modifiers: tuple[Modifier, ...]
    defence_modifiers: tuple[Modifier, ...]
    minion: bool = False

    @property
    def offence(self) -> int | None:
        """Return the offence value before any modifier that depends on the foe."""
        return None if self.roll is None else self.roll.result + total(self.offence_modifiers)


@frozen
class Strike:
    """One attacker's offence against one defender's defence, with the modifiers that apply to this pair only.

    ``unopposed`` means the defender is a minion or bystander (the defence is his trait without dice) or is frozen
    by surprise (the defence is Fair): the blow succeeds when the offence reaches it (a tie hits, at success level 0).
    """

    attacker: str
    defender: str
    offence: int
    defence: int
    defence_trait: str
    offence_modifiers: tuple[Modifier, ...]
    defence_modifiers: tuple[Modifier, ...]
    lands: bool
    reason: BlowReason
    unopposed: bool = False

    @property
    def margin(self) -> int:
        """Return the attack success level: offence minus defence."""
        return self.offence - self.defence

    @property
    def succeeds(self) -> bool:
        """Tell whether the offence is enough on its own: beats the defence, or reaches it when unopposed."""
        return self.margin >= (0 if self.unopposed else 1)


@frozen
class Hit:
    """A blow that landed (or would have): its order, effect, damage and wound, or why it was stopped.

    ``blocked`` means the attacker was taken out earlier in the exchange and did not act; ``critical`` means
    they were taken out but acted anyway thanks to a critical roll; ``warning`` means it was a minion's warning
    blow, which harms no one and has no effect; ``escaped`` means the defender had already broken away from the
    attacker, earlier in Initiative order, so the blow found no one.
    """

    attacker: str
    defender: str
    move: str
    margin: int
    effect: Effect
    initiative: tuple[int, ...]
    blocked: bool = False
    critical: bool = False
    location: str = "torso"
    damage: Damage | None = None
    kind: Kind | None = None
    harm: Harm | None = None
    condition: Condition | None = None
    warning: bool = False
    escaped: bool = False


@frozen
class LockAttempt:
    """A martial artist's lock after a successful defence: Grapple against the opponent's Speed.

    ``warning`` means the grappler was a minion whose first success is a warning: won, but nobody pinned. Against
    a minion the lock is Unopposed: ``victim_roll`` is None and ``difficulty`` is his Speed with its modifiers.
    """

    grappler: str
    victim: str
    grappler_roll: TraitRoll
    grappler_modifiers: tuple[Modifier, ...]
    victim_roll: TraitRoll | None
    victim_modifiers: tuple[Modifier, ...]
    success: bool
    warning: bool = False
    difficulty: int | None = None


@frozen
class ExchangeResult:
    """One melee or unarmed exchange: the sides, every strike compared, the hits in order and what changed.

    ``strain`` is the Great Willpower roll an Incapacitated actor made to fight at all (None when not needed);
    ``drawn`` is the weapon the actor drew after stepping back clear of every foe; ``acting`` is where the actor's
    −1 for fighting while dodging this element went: "attack" (his offence), "dodge", or None (not dodging);
    ``same_moment`` names the actor's Initiative partners (minions who did not roll) who still act as they were.
    """

    actor: str
    targets: tuple[str, ...]
    move: str
    sides: tuple[Side, ...]
    strikes: tuple[Strike, ...]
    hits: tuple[Hit, ...]
    lock: LockAttempt | None
    conditions_set: tuple[tuple[str, Condition], ...]
    conditions_removed: tuple[tuple[str, str], ...]
    strain: Check | None = None
    drawn: str | None = None
    acting: str | None = None
    same_moment: tuple[str, ...] = ()


@dataclass(frozen=True)
class EscapeResult:
    """A pinned fighter's try to break a lock: opposed Strength, the victim at -1; ties hold the lock."""

    victim: str
    grappler: str
    victim_roll: TraitRoll | None
    victim_modifiers: tuple[Modifier, ...]
    grappler_roll: TraitRoll | None
    grappler_modifiers: tuple[Modifier, ...]
    broken: bool


@dataclass(frozen=True)
class StandResult:
    """A knocked-down fighter got back on his feet, spending the element: the prone condition removed."""

    actor: str
    prone: Condition


@dataclass(frozen=True)
class FleeResult:
    """A fighter who retreated clear of every foe got away: out of the fight, spending the element."""

    actor: str
