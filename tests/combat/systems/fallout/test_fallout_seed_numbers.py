"""Numbers stated in the Fallout "Simple" seed, pinned through the rules: unarmed strikes and smashes, heavily
obscured targets, minute targets, a called shot at a leg, and maimed legs."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fallout_kit import act, person, scene, state

from combat.errors import CannotAct, DiceError
from combat.model import Combatant
from combat.systems.fallout.results import Attack
from combat.systems.fallout.state import Injury


def lame(who: Combatant, *legs: str) -> Combatant:
    """Maim ``who``'s ``legs``."""
    return replace(who, state=replace(who.state, injuries=tuple(Injury(leg, "maim") for leg in legs)))


def striker(*weapons: str) -> Combatant:
    """Build Att on C4 (ST 5, Unarmed and Melee 10) with ``weapons``, the first in hand."""
    return person("Att", "vault", "C4", weapons=weapons, unarmed=5, melee=5)


def blow(attacker: Combatant, mode: str, faces: tuple[int, ...]) -> Attack:
    """Resolve ``attacker``'s ``mode`` at Tom, standing next to him on C3."""
    return act(scene(attacker, person("Tom", "foes", "C3", facing="s")), "att", "attack", "tom", mode=mode,
               faces=faces).result


def strike(weapon: str, mode: str, accuracy: int, dice: int) -> None:
    """Check a ``mode`` with ``weapon`` hits at ``accuracy`` and does 2d``dice`` + ST 5."""
    to_hit = (5, -accuracy)  # 2d10 [5, -accuracy] + 10 + accuracy = 15: a bare hit, no critical point
    # The dice are d``dice`` exactly: one face more cannot come up, both at the top add up to 2 x ``dice`` + 5.
    with pytest.raises(DiceError, match=f"cannot come up on a d{dice} "):
        blow(striker(weapon), mode, (*to_hit, dice + 1, 1))
    out = blow(striker(weapon), mode, (*to_hit, dice, dice))
    check = out.checks[0]
    assert (dict(check.modifiers), check.total, check.hit, check.points) == ({"accuracy": accuracy}, 15, True, 0)
    assert [h.rolled for h in out.hits] == [2 * dice + 5]


def mods(out: Attack) -> dict[str, int]:
    """Return the first attack roll's modifiers by name."""
    return dict(out.checks[0].modifiers)


def test_super_mutant_punch_is_2d6_at_minus_2_and_kick_2d8_at_minus_4() -> None:
    # Seed: "Super Mutant Punch: Damage: 2d6 Accuracy: -2" and "Super Mutant Kick: Damage: 2d8 Accuracy: -4".
    strike("super mutant fists", "punch", -2, 6)
    strike("super mutant feet", "kick", -4, 8)


def test_a_human_kick_is_2d6_at_minus_2() -> None:
    # Seed: "Human Kick: Damage: 2d6 Accuracy: -2" (no weapon listed: the human's own feet).
    strike("feet", "kick", -2, 6)


def test_a_smash_is_2d3_at_minus_2_with_a_small_item_and_2d6_at_minus_4_with_a_large_one() -> None:
    # Seed: "Small Item Smash: Damage: 2d3 Accuracy: -2 / Large Item Smash: Damage: 2d6 Accuracy: -4" (a pistol
    # butt, an SMG butt), on Melee 10.
    strike("10mm pistol", "smash", -2, 3)
    strike("10mm smg", "smash", -4, 6)


def test_a_heavily_obscured_target_costs_16() -> None:
    # Seed: "Heavily Obscured: 16 Penalty (only vaguely discernable)". Firearms 10, 3 hexes (point blank):
    # 2d10 [9, 9] + 10 - 16 = 12 vs 15, a miss.
    vera = person("Vera", "vault", "C6", weapons=("10mm pistol",), firearms=5)
    out = act(scene(vera, person("Tom", "foes", "C3")), "vera", "attack", "tom", visibility="heavy",
              faces=(9, 9)).result
    assert (mods(out), out.checks[0].total, out.checks[0].hit) == ({"heavy visibility": -16}, 12, False)


@pytest.mark.parametrize(("hex", "band"), [("C3", ("medium range", -4)), ("C1", ("far range", -6))])
def test_a_minute_target_counts_four_times_as_far(hex: str, band: tuple[str, int]) -> None:
    # Seed: "Minute targets, like mice, are effectively four times as far away." A whole mouse, pistol Point Blank
    # 5: 3 hexes count as 12 (medium, not close as 3 x 3 would be), 5 hexes as 20 (far, not maximum as 5 x 5).
    vera = person("Vera", "vault", "C6", weapons=("10mm pistol",), firearms=5)
    out = act(scene(vera, person("Mouse", "foes", hex, tier="minute")), "vera", "attack", "mouse", faces=(1, 1))
    assert mods(out.result) == dict([band])


@pytest.mark.parametrize(("hex", "leg"), [("C3", "left-leg"), ("C1", "right-leg")])
def test_a_called_shot_at_a_leg_counts_it_small_twice_as_far(hex: str, leg: str) -> None:
    # Seed: "Small - Human Leg"; "A small target ... is effectively twice as far away". Pistol Point Blank 5:
    # 3 hexes count as 6 and 5 hexes as 10, both close (-2): not point blank, and not medium as 3 x 5 would be.
    vera = person("Vera", "vault", "C6", weapons=("10mm pistol",), firearms=5)
    out = act(scene(vera, person("Tom", "foes", hex)), "vera", "attack", "tom", location=leg, faces=(1, 1))
    assert mods(out.result) == {"close range": -2}


def test_a_kick_on_a_maimed_leg_costs_8() -> None:
    # Seed: "Leg Maim: All actions performed with that leg are at -8." Both legs maimed, so the kick must use one:
    # feet -2, maimed leg -8 (once). 2d10 [9, 8] + Unarmed 10 - 10 = 17 vs 15, a hit.
    out = blow(lame(striker("feet"), "left-leg", "right-leg"), "kick", (9, 8, 1, 1))
    assert (mods(out), out.checks[0].total, out.checks[0].hit) == ({"accuracy": -2, "maimed leg": -8}, 17, True)


def test_both_legs_maimed_halve_a_standing_move_from_4_to_2() -> None:
    # Seed: "Leg Maim: ... Double whammy: Movement rates are halved (rounded down)." One maimed leg still walks 4.
    walker = person("Walker", "vault", "C8")
    one = act(scene(lame(walker, "left-leg"), phase="move"), "walker", "move", to="C4")
    assert state(one.encounter, "walker").hex == "C4"
    both = scene(lame(walker, "left-leg", "right-leg"), phase="move")
    with pytest.raises(CannotAct, match="That is 3 hexes; Walker can move 2"):
        act(both, "walker", "move", to="C5")
    assert state(act(both, "walker", "move", to="C6").encounter, "walker").hex == "C6"
