"""What Deryni moves, tests and tools return: frozen records of every roll and effect, rendered by the bot."""

from __future__ import annotations

from dataclasses import dataclass

from combat.systems.deryni.defence import Defence
from combat.systems.deryni.rolls import Check, Rolled

__all__ = [
    "AllOut",
    "Contest",
    "Damage",
    "DeathSettled",
    "DeathTest",
    "Harm",
    "Meditation",
    "Pause",
    "PickedUp",
    "PowerDropped",
    "PowerUse",
    "Ran",
    "Strike",
]


@dataclass(frozen=True)
class Damage:
    """The damage value: relative degree + Strength + weapon edge, and the armour's modifier when not beaten."""

    margin: int
    strength: int
    weapon: int
    armour: str | None = None
    armour_difficulty: int | None = None
    beaten: bool = True
    armour_modifier: int = 0

    @property
    def total(self) -> int:
        """Return the damage value."""
        return self.margin + self.strength + self.weapon + self.armour_modifier


@dataclass(frozen=True)
class DeathTest:
    """A Death Test for one wound: the roll against its difficulty, FUDGE points spent, and whether he lives.

    ``difficulty`` None is a Mortal wound (no roll can save it, only 2 FUDGE points); ``reason`` says why no roll
    was needed ('charmed': a natural +4 this round; 'dying': no more tests; 'bought': 1 FUDGE point before).
    """

    combatant: str
    level: int
    difficulty: int | None
    roll: Rolled | None = None
    spent: int = 0
    passed: bool = False
    reason: str | None = None

    @property
    def charmed(self) -> bool:
        """Tell whether a natural +4 makes him pass every test this round."""
        return self.roll is not None and self.roll.natural_four

    @property
    def rolled_pass(self) -> bool:
        """Tell whether the roll itself met the difficulty."""
        return self.roll is not None and self.difficulty is not None and self.roll.result >= self.difficulty


@dataclass(frozen=True)
class Meditation:
    """A Meditation check to keep a power up through an active action (``check`` None: lost, out of the fight)."""

    combatant: str
    power: str
    check: Check | None

    @property
    def kept(self) -> bool:
        """Tell whether the power stays up."""
        return self.check is not None and self.check.success


@dataclass(frozen=True)
class Harm:
    """A blow that landed: the damage, the wound it gave and recorded, what a special attack did, the Death Test.

    ``rolled`` is the wound the damage gave, ``level`` the one recorded (a severed limb or a knock-out is
    recorded as Critical); ``limb`` is 'disabled' or 'severed'; ``death`` is the Death Test (None when none was
    due, or when it waits for a choice before the roll); ``waiting``: a choice about it is asked.
    """

    target: str
    damage: Damage
    rolled: int
    level: int
    location: str | None = None
    limb: str | None = None
    knocked_out: bool = False
    pull: Check | None = None
    unconscious: bool = False
    death: DeathTest | None = None
    waiting: bool = False


@dataclass(frozen=True)
class Contest:
    """A disarm's Strength contest (2dF each); the attacker must beat the defender."""

    attacker: Rolled
    defender: Rolled

    @property
    def won(self) -> bool:
        """Tell whether the attacker won."""
        return self.attacker.result > self.defender.result


@dataclass(frozen=True)
class Strike:
    """One attack and the defence against it: every roll, the outcome and what it did.

    ``outcome``: 'fumble' (Terrible or less), 'defended', 'hit', 'disarmed' or 'kept' (a disarm that failed).
    ``margin`` is the relative degree of a hit (from Poor when undefended). ``dodged`` is a dodge's cost taken
    (-1 to the rest of the round, -1 Initiative next round); ``acrobatic`` an acrobatics roll good enough to avoid it.
    """

    actor: str
    target: str
    weapon: str
    weapon_name: str
    defence: Defence
    defence_name: str | None
    attack: Rolled
    parry: Rolled | None
    outcome: str
    margin: int = 0
    special: str | None = None
    location: str | None = None
    method: str | None = None
    disarm_item: str | None = None
    contest: Contest | None = None
    harm: Harm | None = None
    dodged: bool = False
    acrobatic: bool = False
    meditation: tuple[Meditation, ...] = ()

    @property
    def hit(self) -> bool:
        """Tell whether the blow landed (a wound, or a disarm)."""
        return self.outcome in ("hit", "disarmed")


@dataclass(frozen=True)
class DeathSettled:
    """A Death Test after a choice (FUDGE points), and the Meditation checks that waited for it.

    ``waiting``: the roll failed and 2 FUDGE points may still buy it (a choice is asked); not settled yet.
    ``after``: settled by the choice asked after a failed roll (or a Mortal wound), whose roll was already shown.
    """

    test: DeathTest
    meditation: tuple[Meditation, ...] = ()
    waiting: bool = False
    after: bool = False


@dataclass(frozen=True)
class Pause:
    """Where an attack stopped to ask about a Death Test: whose, which wound, before or after the roll.

    ``faces`` are the failed roll's (after); ``checks`` who still rolls Meditation once it is settled; ``dodged``:
    the target dodged that attack (his Meditation check takes no -1 for that dodge).
    """

    target: str = ""
    level: int = 0
    stage: str = "before"
    faces: tuple[int, ...] = ()
    checks: tuple[str, ...] = ()
    dodged: bool = False


@dataclass(frozen=True)
class AllOut:
    """A fighter gives his round to an all-out defence."""

    actor: str


@dataclass(frozen=True)
class PickedUp:
    """A fighter picks up an item from the floor."""

    actor: str
    item: str
    name: str
    meditation: tuple[Meditation, ...] = ()


@dataclass(frozen=True)
class Ran:
    """A fighter spends his action running over to a foe (``name``: the foe's), to fight him from the next round."""

    actor: str
    target: str
    name: str
    meditation: tuple[Meditation, ...] = ()


@dataclass(frozen=True)
class PowerUse:
    """A Deryni power used: the roll (at -1), the fatigue it cost and what is left, and whether it is maintained."""

    actor: str
    power: str
    check: Check
    cost: int
    fatigue: int
    pool: int
    maintained: bool


@dataclass(frozen=True)
class PowerDropped:
    """A maintained power let go."""

    actor: str
    power: str
