"""The hex grid: hex names, distance, straight lines, line of sight and cones, all computed from the grid.

Hexes are flat-topped, in columns lettered A, B, C … and rows numbered from 1 ("C4" is the third column, fourth
row); odd columns (B, D …) sit half a hex lower. A hex is 2 m from face to face. Geometry is done in a plane where
a hex's circumradius is 1 and y grows downwards (as on the map picture): the centre of column c, row r is
(1.5 c, √3 (r + c/2 mod 1)).

A cone starts at the centre of its source hex and opens ``angle`` degrees around an axis. A hex is inside when more
than half of its area is [seed]; a hex exactly half inside is inside only on the cone's biased side (left or right,
as seen from the source looking along the axis) [seed]. Line of sight follows the centre-to-centre line; where that
line runs exactly along hex edges, it is clear when either side is clear [ours].
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from combat.errors import InvalidInput, echo

__all__ = [
    "DIRECTIONS",
    "Hex",
    "Point",
    "centre",
    "cone",
    "corners",
    "direction_between",
    "distance",
    "fits_cone",
    "hex_name",
    "inside_fraction",
    "line",
    "lines",
    "neighbour",
    "parse_hex",
    "ring",
]

SQRT3 = math.sqrt(3.0)
EPSILON = 1e-9
MAX_COLUMNS = 26
MAX_ROWS = 99
_NAME = re.compile(r"^([A-Za-z])\s*([0-9]{1,2})$")

# The six facings of a flat-topped hex, clockwise from north, and their steps in cube coordinates.
DIRECTIONS: tuple[str, ...] = ("n", "ne", "se", "s", "sw", "nw")
_CUBE_STEPS: tuple[tuple[int, int, int], ...] = ((0, 1, -1), (1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0))

Point = tuple[float, float]


@dataclass(frozen=True, order=True)
class Hex:
    """A hex by column and row, both from 0 (``Hex(2, 3)`` is C4)."""

    col: int
    row: int

    @property
    def name(self) -> str:
        """Return the hex's name: 'C4'."""
        return hex_name(self)

    def cube(self) -> tuple[int, int, int]:
        """Return the hex's cube coordinates (x + y + z = 0)."""
        x = self.col
        z = self.row - (self.col - (self.col & 1)) // 2
        return x, -x - z, z


def from_cube(x: int, y: int, z: int) -> Hex:
    """Return the hex at cube coordinates."""
    return Hex(x, z + (x - (x & 1)) // 2)


def hex_name(place: Hex) -> str:
    """Name a hex: column letter, row number from 1."""
    return f"{chr(ord('A') + place.col)}{place.row + 1}"


def parse_hex(text: str) -> Hex:
    """Read a hex name like 'C4' or 'c 4'."""
    match = _NAME.match(text.strip())
    if match is None:
        raise InvalidInput(f"'{echo(text)}' is not a hex; name one by column letter and row number, like C4.")
    col = ord(match.group(1).upper()) - ord("A")
    row = int(match.group(2)) - 1
    if row < 0:
        raise InvalidInput(f"'{echo(text)}' is not a hex; rows are numbered from 1.")
    return Hex(col, row)


def distance(a: Hex, b: Hex) -> int:
    """Return the number of hexes from ``a`` to ``b`` (0 for the same hex)."""
    ax, ay, az = a.cube()
    bx, by, bz = b.cube()
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def neighbour(place: Hex, direction: str) -> Hex:
    """Return the hex next to ``place`` in ``direction`` (n, ne, se, s, sw, nw)."""
    dx, dy, dz = _CUBE_STEPS[DIRECTIONS.index(direction)]
    x, y, z = place.cube()
    return from_cube(x + dx, y + dy, z + dz)


def ring(place: Hex, radius: int) -> tuple[Hex, ...]:
    """Return the hexes at exactly ``radius`` from ``place`` (the hex itself for 0)."""
    if radius == 0:
        return (place,)
    x, y, z = place.cube()
    sx, sy, sz = _CUBE_STEPS[4]
    current = (x + sx * radius, y + sy * radius, z + sz * radius)
    found: list[Hex] = []
    for step in _CUBE_STEPS:
        for _ in range(radius):
            found.append(from_cube(*current))
            current = (current[0] + step[0], current[1] + step[1], current[2] + step[2])
    return tuple(found)


def centre(place: Hex) -> Point:
    """Return the hex's centre in the unit plane (circumradius 1, y down)."""
    return 1.5 * place.col, SQRT3 * (place.row + 0.5 * (place.col & 1))


def corners(place: Hex) -> tuple[Point, ...]:
    """Return the six corners of the hex, clockwise from the east one."""
    cx, cy = centre(place)
    return tuple((cx + math.cos(math.radians(60 * i)), cy + math.sin(math.radians(60 * i))) for i in range(6))


def direction_between(a: Hex, b: Hex) -> str:
    """Return the facing from ``a`` that points most nearly at ``b``."""
    (ax, ay), (bx, by) = centre(a), centre(b)
    bearing = math.degrees(math.atan2(bx - ax, -(by - ay))) % 360  # 0 = north, clockwise
    return DIRECTIONS[int(((bearing + 30) % 360) // 60)]


def _round_cube(x: float, y: float, z: float) -> Hex:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return from_cube(int(rx), int(ry), int(rz))


def _line(a: Hex, b: Hex, nudge: float) -> tuple[Hex, ...]:
    n = distance(a, b)
    ax, ay, az = a.cube()
    bx, by, bz = b.cube()
    if n == 0:
        return (a,)
    points = []
    for i in range(n + 1):
        t = i / n
        points.append(_round_cube(ax + (bx - ax) * t + nudge, ay + (by - ay) * t + nudge,
                                  az + (bz - az) * t - 2 * nudge))
    return tuple(points)


def lines(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """Return the straight line from ``a`` to ``b`` nudged to either side (identical unless it runs along edges).

    Worked out from the lower of the two hexes (by column, then row), and reversed for the other way: a long line
    that runs along edges passes some corners so closely that rounding could pick another hex coming back, and a
    line of sight must be the same both ways.
    """
    if (b.col, b.row) < (a.col, a.row):
        there, back = lines(b, a)
        return there[::-1], back[::-1]
    return _line(a, b, 1e-6), _line(a, b, -1e-6)


def line(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """Return the hexes of the straight line from ``a`` to ``b``, both ends included."""
    return lines(a, b)[0]


# ---- cones: a hex's area inside a wedge -------------------------------------------------------------------------


def _cross(a: Point, b: Point) -> float:
    return a[0] * b[1] - a[1] * b[0]


def _area(polygon: list[Point]) -> float:
    total = 0.0
    for i, p in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)]
        total += p[0] * q[1] - q[0] * p[1]
    return abs(total) / 2


def _clip(polygon: list[Point], apex: Point, edge: Point, keep_sign: float) -> list[Point]:
    """Keep the part of ``polygon`` on the ``keep_sign`` side of the line through ``apex`` along ``edge``."""

    def side(p: Point) -> float:
        return keep_sign * _cross(edge, (p[0] - apex[0], p[1] - apex[1]))

    kept: list[Point] = []
    for i, p in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)]
        sp, sq = side(p), side(q)
        if sp >= 0:
            kept.append(p)
        if (sp >= 0) != (sq >= 0):
            t = sp / (sp - sq)
            kept.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return kept


def _unit(angle: float) -> Point:
    return math.cos(angle), math.sin(angle)


def inside_fraction(source: Hex, axis: float, angle: float, place: Hex) -> float:
    """Return the fraction of ``place``'s area inside the cone from ``source``'s centre around ``axis`` (radians).

    ``angle`` is the cone's full opening in degrees (30 narrow, 60 wide); at most 180.
    """
    apex = centre(source)
    half = math.radians(angle) / 2
    axis_vector = _unit(axis)
    polygon = list(corners(place))
    for edge_angle in (axis - half, axis + half):
        edge = _unit(edge_angle)
        sign = 1.0 if _cross(edge, axis_vector) >= 0 else -1.0
        polygon = _clip(polygon, apex, edge, sign)
        if len(polygon) < 3:
            return 0.0
    return _area(polygon) / _area(list(corners(place)))


def axis_towards(source: Hex, target: Hex) -> float:
    """Return the angle (radians, y down) of the line from ``source``'s centre to ``target``'s."""
    (ax, ay), (bx, by) = centre(source), centre(target)
    return math.atan2(by - ay, bx - ax)


def side_of_axis(source: Hex, axis: float, place: Hex) -> str:
    """Tell whether ``place``'s centre lies left or right of the axis, seen from ``source`` looking along it."""
    (ax, ay), (px, py) = centre(source), centre(place)
    cross = _cross(_unit(axis), (px - ax, py - ay))
    return "left" if cross < 0 else "right"


def in_cone(source: Hex, axis: float, angle: float, place: Hex, bias: str = "left") -> bool:
    """Tell whether ``place`` is inside the cone: more than half of it, or exactly half on the biased side."""
    if place == source:
        return False
    fraction = inside_fraction(source, axis, angle, place)
    if abs(fraction - 0.5) <= EPSILON:
        return side_of_axis(source, axis, place) == bias
    return fraction > 0.5


def touches_cone(source: Hex, axis: float, angle: float, place: Hex) -> bool:
    """Tell whether the cone covers any of ``place`` (or its edge falls on it)."""
    return place != source and inside_fraction(source, axis, angle, place) > EPSILON


def _wrapped(angle: float) -> float:
    """Return the angle brought into [-pi, pi)."""
    return (angle + math.pi) % (2 * math.pi) - math.pi


def _span(source: Hex, place: Hex, reference: float) -> tuple[float, float]:
    """Return the angles, from ``reference``, between which ``place`` lies seen from ``source``'s centre."""
    ax, ay = centre(source)
    towards = axis_towards(source, place)
    seen = [_wrapped(math.atan2(y - ay, x - ax) - towards) for x, y in corners(place)]
    offset = _wrapped(towards - reference)
    return offset + min(seen), offset + max(seen)


def fits_cone(source: Hex, places: Iterable[Hex], angle: float) -> bool:
    """Tell whether some cone of ``angle`` degrees from ``source`` reaches into or onto the edge of every place.

    A cone covers part of a hex when their angular spans seen from the apex overlap, so one cone reaches them all
    when the latest start of a span is at most ``angle`` after the earliest end.
    """
    wanted = [p for p in places if p != source]
    if not wanted:
        return True
    reference = axis_towards(source, wanted[0])
    spans = [_span(source, p, reference) for p in wanted]
    return max(lo for lo, _ in spans) - min(hi for _, hi in spans) <= math.radians(angle) + EPSILON


def hexes_within(source: Hex, radius: int) -> Iterator[Hex]:
    """Yield every hex within ``radius`` of ``source`` (source included), nearest first."""
    for r in range(radius + 1):
        yield from ring(source, r)


def cone(source: Hex, axis: float, angle: float, reach: int, bias: str = "left",
         within: Iterable[Hex] | None = None) -> tuple[Hex, ...]:
    """Return the hexes inside the cone up to ``reach`` hexes away, nearest first (limited to ``within`` if given)."""
    allowed = None if within is None else set(within)
    found = [h for h in hexes_within(source, reach) if (allowed is None or h in allowed)
             and in_cone(source, axis, angle, h, bias)]
    return tuple(found)
