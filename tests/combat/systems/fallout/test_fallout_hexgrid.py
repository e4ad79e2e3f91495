"""The hex grid: names, distance, lines, line of sight and cones, with properties checked by hypothesis."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from combat.errors import InvalidInput
from combat.systems.fallout.hexgrid import (
    DIRECTIONS,
    Hex,
    axis_towards,
    centre,
    cone,
    corners,
    direction_between,
    distance,
    in_cone,
    inside_fraction,
    line,
    lines,
    neighbour,
    parse_hex,
    ring,
    touches_cone,
)

hexes = st.builds(Hex, st.integers(0, 25), st.integers(0, 30))


def test_names_read_and_write_both_ways() -> None:
    assert parse_hex("C4") == Hex(2, 3)
    assert parse_hex(" c4 ") == Hex(2, 3)
    assert Hex(2, 3).name == "C4"
    with pytest.raises(InvalidInput, match="like C4"):
        parse_hex("44")
    with pytest.raises(InvalidInput, match="numbered from 1"):
        parse_hex("C0")


def test_the_six_neighbours_are_one_hex_away_in_their_direction() -> None:
    c4 = parse_hex("C4")
    assert [neighbour(c4, d).name for d in DIRECTIONS] == ["C3", "D3", "D4", "C5", "B4", "B3"]
    assert all(direction_between(c4, neighbour(c4, d)) == d for d in DIRECTIONS)
    d4 = parse_hex("D4")  # an odd column sits half a hex lower
    assert [neighbour(d4, d).name for d in DIRECTIONS] == ["D3", "E4", "E5", "D5", "C5", "C4"]


def test_a_straight_line_along_a_column() -> None:
    assert [h.name for h in line(parse_hex("C1"), parse_hex("C5"))] == ["C1", "C2", "C3", "C4", "C5"]


def test_a_line_along_hex_edges_has_two_sides() -> None:
    # C4 to E4 passes exactly between D3 and D4: the two nudged lines differ.
    one, other = lines(parse_hex("C4"), parse_hex("E4"))
    assert {one[1].name, other[1].name} == {"D3", "D4"}


def test_wide_cone_even_case_follows_the_bias() -> None:
    c4 = parse_hex("C4")
    north = axis_towards(c4, parse_hex("C1"))
    # B2 and D2 are each cut in half by the cone's edges (30° either side of north).
    assert inside_fraction(c4, north, 60, parse_hex("B2")) == pytest.approx(0.5)
    assert inside_fraction(c4, north, 60, parse_hex("D2")) == pytest.approx(0.5)
    assert in_cone(c4, north, 60, parse_hex("B2"), "left") and not in_cone(c4, north, 60, parse_hex("D2"), "left")
    assert in_cone(c4, north, 60, parse_hex("D2"), "right") and not in_cone(c4, north, 60, parse_hex("B2"), "right")


def test_narrow_cone_north_is_the_column_then_widens() -> None:
    c4 = parse_hex("C6")
    names = [h.name for h in cone(c4, axis_towards(c4, parse_hex("C1")), 30, 4)]
    assert names[:3] == ["C5", "C4", "C3"]
    assert "D5" not in names and "B5" not in names


def test_the_source_hex_is_never_in_its_cone() -> None:
    c4 = parse_hex("C4")
    assert not in_cone(c4, 0.0, 60, c4)


@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_for_the_same_hex(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, st.integers(0, 6))
def test_a_ring_holds_six_r_hexes_at_distance_r(a: Hex, radius: int) -> None:
    found = ring(a, radius)
    assert len(found) == max(1, 6 * radius) and len(set(found)) == len(found)
    assert all(distance(a, h) == radius for h in found)


@given(hexes, hexes)
def test_a_line_steps_hex_by_hex_from_end_to_end(a: Hex, b: Hex) -> None:
    for path in lines(a, b):
        assert path[0] == a and path[-1] == b
        assert len(path) == distance(a, b) + 1
        assert all(distance(p, q) == 1 for p, q in itertools.pairwise(path))


@given(hexes, hexes)
@example(Hex(2, 18), Hex(23, 0))  # along edges for 28 hexes: rounding picked other hexes coming back (stop 22)
def test_the_two_sides_of_a_line_are_the_same_both_ways(a: Hex, b: Hex) -> None:
    there = {frozenset(p) for p in lines(a, b)}
    back = {frozenset(p) for p in lines(b, a)}
    assert there == back


def _angle_off(source: Hex, axis: float, place: Hex) -> float:
    (ax, ay), (px, py) = centre(source), centre(place)
    bearing = math.atan2(py - ay, px - ax)
    return abs((bearing - axis + math.pi) % (2 * math.pi) - math.pi)


@given(hexes, st.floats(0, 2 * math.pi), st.sampled_from([30, 60]), st.sampled_from(["left", "right"]))
def test_a_cone_s_hexes_all_lie_within_its_angle(source: Hex, axis: float, angle: int, bias: str) -> None:
    half = math.radians(angle) / 2
    for place in cone(source, axis, angle, 6, bias):
        reach = math.dist(centre(source), centre(place))
        # More than half of the hex inside: its centre is within the angle, give or take the hex's own width.
        assert _angle_off(source, axis, place) <= half + math.asin(min(1.0, 1 / reach)) + 1e-9
        assert inside_fraction(source, axis, angle, place) >= 0.5 - 1e-9


@given(hexes, st.floats(0, 2 * math.pi), st.sampled_from([30, 60]))
def test_hexes_wholly_inside_are_in_the_cone(source: Hex, axis: float, angle: int) -> None:
    half = math.radians(angle) / 2
    for r in range(1, 5):
        for place in ring(source, r):
            apex = centre(source)
            offs = [abs((math.atan2(y - apex[1], x - apex[0]) - axis + math.pi) % (2 * math.pi) - math.pi)
                    for x, y in corners(place)]
            if max(offs) < half - 1e-6:
                assert in_cone(source, axis, angle, place) and touches_cone(source, axis, angle, place)


@given(hexes, st.floats(0, 2 * math.pi), st.sampled_from([30, 60]))
def test_left_and_right_bias_differ_only_on_half_hexes(source: Hex, axis: float, angle: int) -> None:
    left = set(cone(source, axis, angle, 5, "left"))
    right = set(cone(source, axis, angle, 5, "right"))
    for place in left ^ right:
        assert inside_fraction(source, axis, angle, place) == pytest.approx(0.5)
