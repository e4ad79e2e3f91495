"""What Fallout keeps: health (HP, fatigue, stun), each combatant's place and kit, and the battle map.

Per combatant: hex, facing, stance, hands, ammunition, injuries and the round's limits.
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.systems.fallout.hexgrid import Hex, parse_hex

__all__ = ["STANCES", "Field", "Fighter", "Injury", "Overwatch", "Vitals", "fighter", "hex_of", "with_fighter"]

STANCES = ("stand", "crouch", "prone")
TERRAIN = {"smoke": 4, "dim": 4, "heavy-smoke": 8, "dark": 8}  # terrain that obscures sight, and its penalty
# Terrain crossed another way, and the most hexes a move through it covers [seed]: "Prone move or climb up to one
# hex. Crouch move or swim up to two hexes."
GROUND = {"water": 2, "climb": 1}


@dataclass(frozen=True)
class Vitals:
    """Hit points, fatigue and the stun pool. 0 HP is death; fatigue past max HP knocks out."""

    hp: int = 40
    max_hp: int = 40
    fatigue: int = 0
    stun: int = 0
    fainted: bool = False

    @property
    def dead(self) -> bool:
        """Tell whether the combatant is dead (0 HP or less)."""
        return self.hp <= 0

    @property
    def passed_out(self) -> bool:
        """Tell whether fatigue has passed maximum HP (and, once out, not yet fallen below it)."""
        return self.fatigue > self.max_hp or (self.fainted and self.fatigue >= self.max_hp)

    def settled(self) -> Vitals:
        """Return these vitals with the blackout noted: on past maximum HP, off once fatigue falls below it."""
        fainted = self.fatigue > self.max_hp or (self.fainted and self.fatigue >= self.max_hp)
        return self if fainted == self.fainted else replace(self, fainted=fainted)

    @property
    def winded(self) -> bool:
        """Tell whether fatigue is at or above current HP (the living only: at 0 HP he is dead)."""
        return not self.dead and self.fatigue >= self.hp and self.fatigue > 0


@dataclass(frozen=True)
class Injury:
    """A maim or break from a called shot; torso wounds bleed ``bleed`` HP every round after the first."""

    part: str
    level: str
    bleed: int = 0


@dataclass(frozen=True)
class Overwatch:
    """A narrow cone declared in the action phase of ``round``: one attack on the first enemy entering it."""

    round: int
    axis: float
    bias: str
    weapon: str
    mode: str = "single"
    aim: str = ""


@dataclass(frozen=True)
class Fighter:
    """A combatant's place and kit: hex, facing, stance, hands, loaded rounds, sequence, injuries, round limits.

    ``lost`` names the phases given up this round (a run, an evade, overwatch); ``acted`` the phases acted in;
    ``busy`` says something other than free actions was done in the move phase (the heavy weapon limit).
    """

    hex: str | None = None
    facing: str = "n"
    stance: str = "stand"
    sequence: int | None = None
    rank: int = 0
    hands: tuple[str, ...] = ()
    ammo: tuple[tuple[str, int], ...] = ()
    spent: tuple[str, ...] = ()
    injuries: tuple[Injury, ...] = ()
    lost: tuple[str, ...] = ()
    acted: tuple[str, ...] = ()
    busy: bool = False
    evading: bool = False
    overwatch: Overwatch | None = None
    overloaded: int = 0
    overloading: str = ""
    knocked_out: bool = False
    recovered: int = 0

    def loaded(self, weapon: str) -> int:
        """Return the rounds loaded in ``weapon``."""
        return dict(self.ammo).get(weapon, 0)

    def with_ammo(self, weapon: str, rounds: int) -> Fighter:
        """Return a copy with ``rounds`` loaded in ``weapon``."""
        return replace(self, ammo=(*((k, v) for k, v in self.ammo if k != weapon), (weapon, rounds)))

    def injury(self, part: str) -> str | None:
        """Return 'maim' or 'break' for ``part``, or None."""
        return next((i.level for i in self.injuries if i.part == part), None)

    def place(self) -> Hex | None:
        """Return the hex, or None when not on the map."""
        return parse_hex(self.hex) if self.hex else None


@dataclass(frozen=True)
class Field:
    """The battle map: its size in hexes, the walls, and terrain by hex (obscuring sight, or swum or climbed)."""

    columns: int = 16
    rows: int = 12
    walls: tuple[str, ...] = ()
    terrain: tuple[tuple[str, str], ...] = ()

    def on_map(self, place: Hex) -> bool:
        """Tell whether the hex is on the map."""
        return 0 <= place.col < self.columns and 0 <= place.row < self.rows

    def wall(self, place: Hex) -> bool:
        """Tell whether the hex is a wall."""
        return place.name in self.walls

    def terrain_at(self, place: Hex) -> str | None:
        """Return whatever terrain the GM marked on the hex, if any."""
        return dict(self.terrain).get(place.name)

    def cover(self, place: Hex) -> str | None:
        """Return the obscuring terrain on the hex (smoke, heavy-smoke, dim, dark), if any."""
        kind = self.terrain_at(place)
        return kind if kind in TERRAIN else None

    def ground(self, place: Hex) -> str | None:
        """Return the terrain a move crosses another way on the hex (water to swim, a climb), if any."""
        kind = self.terrain_at(place)
        return kind if kind in GROUND else None


def fighter(combatant: Combatant) -> Fighter:
    """Return the combatant's Fallout state."""
    state = combatant.state
    return state if isinstance(state, Fighter) else Fighter()


def with_fighter(combatant: Combatant, state: Fighter) -> Combatant:
    """Return the combatant with new Fallout state."""
    return replace(combatant, state=state)


def hex_of(encounter: Encounter, combatant_id: str) -> Hex | None:
    """Return the combatant's hex, or None when not on the map."""
    return fighter(encounter.get(combatant_id)).place()


def field_of(encounter: Encounter) -> Field:
    """Return the encounter's battle map."""
    return encounter.state if isinstance(encounter.state, Field) else Field()
