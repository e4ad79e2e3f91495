"""Lobbing equipment to allies [seed]: "A lob is not intended to cause direct harm, but to get the item into a
specified hex. Lobs are often used ... to toss equipment to allies." Half the item's range, -4, 10 to land it."""

from __future__ import annotations

import pytest
from fallout_kit import SYSTEM, act, person, scene, state

from combat.errors import CannotAct, InvalidInput


def thrower(hex: str = "C6", **extra):
    return person("Tosser", "vault", hex, weapons=("10mm pistol",), melee=5, **extra)


def test_a_lobbed_pistol_lands_in_the_ally_s_hand_loaded() -> None:
    # The pistol's Point Blank 5, halved for a lob: 2. The ally is 3 hexes away: close, -2; the lob -4.
    # 2d10 [4, 2] + Melee 10 - 2 - 4 = 10 vs 10 (a hex has no Evasion): it lands on C3, in the ally's free hand.
    fight = scene(thrower(), person("Ally", "vault", "C3"))
    out = act(fight, "tosser", "lob", at="C3", faces=(4, 2))
    check = out.result.checks[0]
    assert (check.total, check.needed, dict(check.modifiers)) == (10, 10, {"close range": -2, "lob": -4})
    assert out.result.landed.hex == "C3" and out.result.landed.catcher == "ally"
    assert state(out.encounter, "ally").hands == ("10mm pistol",)
    assert state(out.encounter, "ally").loaded("10mm pistol") == 12
    assert "10mm pistol" in out.encounter.get("ally").sheet.weapons
    assert state(out.encounter, "tosser").hands == () and state(out.encounter, "tosser").spent == ("10mm pistol",)
    assert out.result.crits == () and out.result.hits == ()
    # The round summary tells the catch: no blow at one's own side, neither hit nor miss.
    [beat] = SYSTEM.digest(out.result)
    assert (beat.actor, beat.target, beat.note, beat.aid, beat.hit) == ("tosser", "ally", "caught the 10mm pistol",
                                                                        True, False)


def test_a_missed_lob_scatters_and_an_ally_where_it_lands_still_catches_it() -> None:
    # 2d10 [1, 1] + 10 - 6 = 6 vs 10: missed by 4, one hex; d6 [4] south: C3 -> C4, where the ally stands.
    fight = scene(thrower(), person("Ally", "vault", "C4"))
    out = act(fight, "tosser", "lob", at="C3", faces=(1, 1, 4))
    assert out.result.landed.scatter.landed == "C4" and out.result.landed.catcher == "ally"
    assert state(out.encounter, "ally").hands == ("10mm pistol",)


@pytest.mark.parametrize("who", ["enemy", "full hands"])
def test_nobody_catches_it_but_an_ally_with_a_free_hand(who: str) -> None:
    # [4, 2] + 10 - 6 = 10: it lands on C3; an enemy does not catch it, nor an ally holding a two-handed gun.
    there = person("Foe", "foes", "C3") if who == "enemy" else person("Ally", "vault", "C3", weapons=("10mm smg",))
    out = act(scene(thrower(), there), "tosser", "lob", at="C3", faces=(4, 2))
    assert out.result.landed.catcher is None
    assert [b.note for b in SYSTEM.digest(out.result)] == ["no one caught"]
    assert state(out.encounter, there.id).hands == (() if who == "enemy" else ("10mm smg",))
    assert state(out.encounter, "tosser").hands == () and state(out.encounter, "tosser").loaded("10mm pistol") == 0


def test_a_lob_needs_an_item_in_hand_and_a_hex() -> None:
    with pytest.raises(InvalidInput, match="holds nothing"):
        act(scene(thrower(hands=()), person("Ally", "vault", "C3")), "tosser", "lob", at="C3")
    with pytest.raises(InvalidInput, match="at:<hex>"):
        act(scene(thrower(), person("Ally", "vault", "C3")), "tosser", "lob")


def test_a_bare_lob_throws_the_explosive_in_hand_not_the_gun() -> None:
    # Holding a pistol and a frag grenade, "lob at:C3" means the grenade (it blasts an empty hex); the pistol stays.
    bomber = person("Tosser", "vault", "C6", weapons=("10mm pistol", "frag grenade"), melee=5,
                    hands=("10mm pistol", "frag grenade"))
    out = act(scene(bomber), "tosser", "lob", at="C3", faces=(3, 2, 1))  # 9 vs 10: it scatters a hex (d6 [1])
    assert out.result.weapon == "frag grenade" and out.result.blast is not None
    assert state(out.encounter, "tosser").hands == ("10mm pistol",)


def test_an_item_nobody_catches_says_why() -> None:
    from bot.systems.fallout.render import FalloutRenderer

    out = act(scene(thrower(), person("Ally", "vault", "C3", weapons=("10mm smg",))), "tosser", "lob", at="C3",
              faces=(4, 2))
    lines = FalloutRenderer().result(out.result, {"tosser": "Tosser", "ally": "Ally"})
    assert "The 10mm pistol falls on C3, out of the fight (no ally there with a free hand to catch it)" in lines


def test_a_lob_reaches_four_times_half_the_range_unrounded() -> None:
    # A frag grenade's Point Blank is 3: a lob's is 1.5, so 6 hexes is Far (-6), within reach, and 8 is beyond it.
    bomber = person("Tosser", "vault", "C9", weapons=("frag grenade",), melee=5, hands=("frag grenade",))
    out = act(scene(bomber), "tosser", "lob", at="C3", faces=(5, 5))  # 10 + 10 - 6 - 4 = 10: it lands
    assert dict(out.result.checks[0].modifiers) == {"far range": -6, "lob": -4}
    with pytest.raises(CannotAct, match=r"beyond maximum range \(7.5 hexes"):
        act(scene(bomber), "tosser", "lob", at="C1")
