"""Fallout's results: frozen records of every roll, modifier, hit, critical point and what they did."""

from __future__ import annotations

from dataclasses import dataclass

from combat.system import RoundStart
from combat.systems.fallout.sequence import SequenceRoll

__all__ = [
    "Attack", "Blast", "Check", "Crit", "Harm", "Hit", "Injured", "Joined", "Landed", "Pushed", "RoundBegins",
    "Scatter",
]


@dataclass(frozen=True)
class Check:
    """One attack roll: 2d10 + skill total + modifiers against the number needed."""

    target: str | None
    dice: tuple[int, int]
    skill: str
    skill_total: int
    modifiers: tuple[tuple[str, int], ...]
    needed: int

    @property
    def total(self) -> int:
        """Return the roll's total."""
        return sum(self.dice) + self.skill_total + sum(v for _, v in self.modifiers)

    @property
    def hit(self) -> bool:
        """Tell whether the roll reaches the number needed."""
        return self.total >= self.needed

    @property
    def points(self) -> int:
        """Return the critical points: one per full 5 over the number needed (none on a miss)."""
        return (self.total - self.needed) // 5 if self.hit else 0


@dataclass(frozen=True)
class Hit:
    """One hit's damage: the dice, flat bonus, any spray divisor, the DT, and HP and fatigue dealt."""

    target: str
    faces: tuple[int, ...]
    bonus: int
    dt: int
    damage: int
    fatigue: int = 0
    divisor: int = 1
    label: str = ""

    @property
    def rolled(self) -> int:
        """Return the damage rolled (after any divisor), before DT."""
        return (sum(self.faces) + self.bonus) // self.divisor


@dataclass(frozen=True)
class Crit:
    """A critical point spent: on damage, knockback, knockdown or stun, with its dice, effect and stance after."""

    target: str
    effect: str
    faces: tuple[int, ...] = ()
    amount: int = 0
    stance: str = ""


@dataclass(frozen=True)
class Pushed:
    """A combatant knocked back (from, to) and the hexes moved."""

    target: str
    start: str
    end: str
    hexes: int


@dataclass(frozen=True)
class Injured:
    """A called shot's maim or break (``whammy``: both eyes or both legs now; ``dropped``: what a broken arm let go)."""

    target: str
    part: str
    level: str
    whammy: bool = False
    dropped: tuple[str, ...] = ()


@dataclass(frozen=True)
class Harm:
    """What a combatant is left with after an attack: HP, fatigue, stun, and whether they died or passed out."""

    target: str
    hp: int
    fatigue: int
    stun: int
    dead: bool = False
    out: bool = False
    winded: bool = False
    fell: bool = False


@dataclass(frozen=True)
class Scatter:
    """A missed explosive scattering: the d6 direction, how far, and where it landed."""

    die: int
    direction: str
    hexes: int
    landed: str


@dataclass(frozen=True)
class Blast:
    """An explosion at a hex: who was caught, at what distance (half damage past the centre)."""

    centre: str
    victims: tuple[tuple[str, int], ...]
    scatter: Scatter | None = None


@dataclass(frozen=True)
class Landed:
    """An item lobbed to a hex: where it landed (after any scatter) and the ally who caught it, if anyone."""

    item: str
    hex: str
    catcher: str | None = None
    scatter: Scatter | None = None


@dataclass(frozen=True)
class Attack:
    """An attack in one mode: its rolls, hits, critical points, called-shot wounds, explosions, and the harm done.

    ``pending`` is how many critical points still wait for the attacker's choice (0 when finished); ``tired`` is
    the fatigue a charge on a maimed groin cost the attacker. With two different weapons, ``offhand_ammo`` and
    ``offhand_rounds`` count the off hand's magazine (two of one weapon share ``ammo``, the rounds of both), and
    ``main_hand`` says how many of the hits and critical effects are the main hand's (the rest are the off hand's).
    ``kept`` (why a disarm took nothing) is no longer made, disarms without the hands being refused before the dice;
    it stays for results stored before.
    """

    actor: str
    mode: str
    weapon: str
    checks: tuple[Check, ...] = ()
    hits: tuple[Hit, ...] = ()
    crits: tuple[Crit, ...] = ()
    part: str | None = None
    injuries: tuple[Injured, ...] = ()
    pushed: tuple[Pushed, ...] = ()
    harms: tuple[Harm, ...] = ()
    blast: Blast | None = None
    ammo: int | None = None
    rounds: int = 0
    pending: int = 0
    interrupt: bool = False
    charged: tuple[str, ...] = ()
    took: str | None = None
    kept: str | None = None
    offhand: str | None = None
    landed: Landed | None = None
    tired: int = 0
    offhand_ammo: int | None = None
    offhand_rounds: int = 0
    main_hand: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Joined:
    """Newcomers joined the fight under way and rolled their sequence among themselves."""

    sequence: tuple[SequenceRoll, ...]


@dataclass(frozen=True)
class RoundBegins(RoundStart):
    """A round began: sequence rolls (round 1), stun and fatigue recovering, bleeding, head-break rolls.

    ``blackouts`` are those a broken head's roll knocked out who were not out already; ``woke`` those it let come to.
    """

    sequence: tuple[SequenceRoll, ...] = ()
    recovered: tuple[tuple[str, int, int], ...] = ()
    bleeding: tuple[Harm, ...] = ()
    head_rolls: tuple[tuple[str, int], ...] = ()
    overloads: tuple[tuple[str, int], ...] = ()
    blackouts: tuple[str, ...] = ()
    woke: tuple[str, ...] = ()


@dataclass(frozen=True)
class Moved:
    """A move: the hexes walked, how (a run), stance changes at either end, facing, fatigue, overwatch met.

    ``stopped`` says why a move ended early (an interrupt knocked the mover down or out); ``harm`` is what the
    move's own fatigue (a maimed groin) left him with.
    """

    actor: str
    path: tuple[str, ...]
    run: bool = False
    before: str | None = None
    after: str | None = None
    facing: str = ""
    fatigue: int = 0
    interrupts: tuple[Attack, ...] = ()
    declined: tuple[str, ...] = ()
    stopped: bool = False
    hexes: int = 0
    harm: Harm | None = None


@dataclass(frozen=True)
class Stance:
    """A stance changed (``free``: a drop at the start or end of a move, costing nothing)."""

    actor: str
    old: str
    new: str
    free: bool = False


@dataclass(frozen=True)
class Items:
    """Items taken out, put away or dropped; ``costly``: the swap costs the charge and action phases.

    ``stance`` is a free drop of stance made with them (``act move:drop stance:prone item:…``), told first.
    """

    actor: str
    drawn: tuple[str, ...] = ()
    stowed: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    costly: bool = False
    stance: Stance | None = None


@dataclass(frozen=True)
class Evading:
    """The combatant evades: -5 to attacks on them this round, no charge or action."""

    actor: str


@dataclass(frozen=True)
class Watching:
    """Overwatch declared: a narrow cone from the combatant's hex towards ``aim`` with a weapon and mode."""

    actor: str
    aim: str
    weapon: str
    mode: str
    hexes: tuple[str, ...]


@dataclass(frozen=True)
class Reloaded:
    """A weapon reloaded to its magazine."""

    actor: str
    weapon: str
    rounds: int


@dataclass(frozen=True)
class Overload:
    """An energy weapon overloaded one round more (or released: ``level`` 0), and the charges it used."""

    actor: str
    weapon: str
    level: int
    used: int
    left: int


@dataclass(frozen=True)
class Recovered:
    """Fatigue recovered on the combatants' turn: (who, amount, fatigue now) each."""

    recovered: tuple[tuple[str, int, int], ...]
