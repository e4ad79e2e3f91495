"""What the d6 pool rules return: frozen records of every roll, never text."""

from __future__ import annotations

from dataclasses import dataclass

from combat.system import RoundStart
from combat.systems.d6pool.model import InitRoll
from combat.systems.d6pool.pool import Pool

__all__ = [
    "Attack",
    "AttackRoll",
    "Contest",
    "Joined",
    "Moved",
    "Recovered",
    "Recovery",
    "RoundBegins",
    "Save",
    "Set",
    "Spend",
    "Spent",
]


@dataclass(frozen=True)
class AttackRoll:
    """One attack: the pools on both sides, whether it hit, and the damage dice against the protection dice.

    ``kind`` is melee, ranged or psionic; ``defence_kind`` names what defended (agility, psi, object, helpless);
    ``defending`` is 'block' or 'dodge' for a target on full defence. ``strength_pf`` is the part of ``pf`` a
    muscle-powered weapon owes to Strength; ``armour`` names the protection worn (None: Psyche, or nothing).
    """

    actor: str
    target: str
    weapon: str
    weapon_name: str
    kind: str
    attack: Pool
    skill: str | None
    skill_mod: int
    gm_mod: int
    defence: Pool
    defence_kind: str
    defence_skill: str | None
    defending: str | None
    hit: bool
    pf: int = 0
    protection: int = 0
    damage: Pool | None = None
    soak: Pool | None = None
    strength_pf: int = 0
    armour: str | None = None

    @property
    def successes(self) -> int:
        """Return the successes scored against the protection (never below 0)."""
        if self.damage is None or self.soak is None:
            return 0
        return max(0, self.damage.successes - self.soak.successes)


@dataclass(frozen=True)
class Save:
    """A Stamina save against a Power Factor: both pools' successes; ties go to the one saving."""

    stamina: Pool
    against: Pool
    pf: int

    @property
    def saved(self) -> bool:
        """Tell whether the save succeeded."""
        return self.stamina.successes >= self.against.successes


@dataclass(frozen=True)
class Contest:
    """A Strength contest: totals compared; the one who starts it must beat the other's total."""

    attacker: Pool
    defender: Pool

    @property
    def won(self) -> bool:
        """Tell whether the one who started the contest won it."""
        return self.attacker.total > self.defender.total


@dataclass(frozen=True)
class Spent:
    """How an attack's successes were spent: HTK lost, the effect, its contest or save, and where it left them."""

    actor: str
    target: str
    choice: str
    successes: int
    lost: int
    effect: str | None
    took: bool
    contest: Contest | None = None
    save: Save | None = None
    htk: int = 0
    htk_total: int = 0
    next_round: bool = False
    released: tuple[str, ...] = ()

    @property
    def down(self) -> bool:
        """Tell whether the target is at 0 HTK or below."""
        return self.htk <= 0

    @property
    def dead(self) -> bool:
        """Tell whether the target is at minus its HTK or below."""
        return self.htk <= -self.htk_total


@dataclass(frozen=True)
class Attack:
    """An attack that needed no choice: a miss, or a hit on an object (all damage)."""

    roll: AttackRoll
    spent: Spent | None = None


@dataclass(frozen=True)
class Spend:
    """Where an attack stopped to let the attacker spend the successes: the target, the successes, the PF."""

    target: str = ""
    successes: int = 0
    pf: int = 0


@dataclass(frozen=True)
class Moved:
    """A move with no dice or a contest: full defence, standing up, escaping a hold, letting go, retreating."""

    actor: str
    move: str
    detail: str | None = None
    contest: Contest | None = None
    other: str | None = None

    @property
    def done(self) -> bool:
        """Tell whether the move worked (an escape needs its contest won)."""
        return self.contest is None or self.contest.won


@dataclass(frozen=True)
class Recovery:
    """A knocked-out combatant's roll to wake as a round begins (None save: the PF reached 0, he wakes)."""

    combatant: str
    save: Save | None
    woke: bool


@dataclass(frozen=True)
class Joined:
    """Combatants joined a round under way and rolled their Initiative (none for an object or the down)."""

    rolls: tuple[InitRoll, ...]


@dataclass(frozen=True)
class RoundBegins(RoundStart):
    """A round began: stuns that wore off, recovery rolls, and everyone's Initiative."""

    expired: tuple[tuple[str, str], ...] = ()
    recoveries: tuple[Recovery, ...] = ()
    rolls: tuple[InitRoll, ...] = ()
    stunned: tuple[str, ...] = ()


@dataclass(frozen=True)
class Recovered:
    """Healing after the fight: days, rest and treatment, the HTK gained and the HTK now."""

    target: str
    days: int
    rest: bool
    treated: bool
    gained: int
    htk: int
    htk_total: int


@dataclass(frozen=True)
class Set:
    """A GM setting: an object's defence dice, or what a combatant has ready."""

    target: str
    what: str
    value: str
