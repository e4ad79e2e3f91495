"""Arms and hands. Seed: "Arm Maim: All actions performed with that arm are at -8." "Arm Break: Arm cannot be used
for any action, including holding any item." "Disarming a small item requires only one open hand. Disarming a large
item requires two." Items in hand fill the usable hands in the order taken out, the right hand first [ours]."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from fallout_kit import SYSTEM, TABLES, act, person, scene, state

from combat.dice import ScriptedDice
from combat.errors import CannotAct, InvalidInput
from combat.system import Intent
from combat.systems.fallout.kit import choose_weapon
from combat.systems.fallout.state import Injury
from combat.turns import Slot


def hurt(who, *wounds: Injury):
    return replace(who, state=replace(who.state, injuries=wounds))


def ike(*wounds: Injury, hands: tuple[str, ...] = ("10mm pistol", "10mm pistol"), **extra):
    body = person("Ike", "vault", "C1", weapons=("10mm pistol", "10mm pistol", "knife", "laser pistol", "10mm smg"),
                  firearms=10, hands=hands, **extra)
    return hurt(body, *wounds)


def raider(hex: str = "C3", **extra):
    return person("Raider", "foes", hex, weapons=("10mm pistol",), firearms=5, **extra)


def rolls(outcome) -> list[dict[str, int]]:
    return [dict(c.modifiers) for c in outcome.result.checks]


@pytest.mark.parametrize(("side", "right", "left"), [
    ("left", {"two weapons": -8}, {"two weapons": -8, "maimed left arm": -8}),
    ("right", {"two weapons": -8, "maimed right arm": -8}, {"two weapons": -8}),
])
def test_two_weapons_the_one_in_the_maimed_arm_s_hand_takes_8_more(side: str, right: dict, left: dict) -> None:
    # The audit's S8: two pistols, 2 hexes. 2d10 [1, 1] + Firearms 15 - 8 (- 8): both miss, no damage rolled.
    out = act(scene(ike(Injury(f"{side}-arm", "maim")), raider()), "ike", "attack", "raider",
              offhand="10mm pistol", faces=(1, 1, 1, 1))
    assert rolls(out) == [right, left]


def test_each_of_two_weapons_is_in_the_hand_that_took_it_out() -> None:
    # The laser pistol came out first: it is in the right hand, the 10mm pistol in the maimed left one, whichever of
    # the two the attack names first.
    hands = ("laser pistol", "10mm pistol")
    out = act(scene(ike(Injury("left-arm", "maim"), hands=hands), raider()), "ike", "attack", "raider",
              weapon="10mm pistol", offhand="laser pistol", faces=(1, 1, 1, 1))
    assert rolls(out) == [{"two weapons": -8, "maimed left arm": -8}, {"accuracy": 1, "two weapons": -8}]


def test_a_broken_arm_drops_what_its_hand_held() -> None:
    # The raider's called shot at Ike's left arm (tiny, 2 hexes: close, -2): 2d10 [5, 5] + 10 - 2 = 18, a hit;
    # [3, 3] + 2 = 8, 10% of 40 or more: a break. The left hand's pistol falls; the right hand's stays.
    fight = scene(ike(), raider())
    out = act(fight, "raider", "attack", "ike", location="left-arm", faces=(5, 5, 3, 3))
    assert state(out.encounter, "ike").hands == ("10mm pistol",)
    assert state(out.encounter, "ike").spent == ("10mm pistol",)
    (wound,) = out.result.injuries
    assert (wound.level, wound.dropped) == ("break", ("10mm pistol",))
    right = act(scene(ike(hands=("knife", "10mm pistol")), raider()), "raider", "attack", "ike",
                location="right-arm", faces=(5, 5, 3, 3))
    assert state(right.encounter, "ike").hands == ("10mm pistol",) and right.result.injuries[0].dropped == ("knife",)
    rifle = act(scene(ike(hands=("10mm smg",)), raider()), "raider", "attack", "ike", location="right-arm",
                faces=(5, 5, 3, 3))
    assert state(rifle.encounter, "ike").hands == () and rifle.result.injuries[0].dropped == ("10mm smg",)


@pytest.mark.parametrize("hands", [("10mm pistol", "10mm pistol"), ("10mm pistol",)])
def test_two_weapons_need_two_usable_arms(hands: tuple[str, ...]) -> None:
    # The audit's S9, with the left hand's pistol still held (a fight stored before arms dropped things) or dropped.
    fight = scene(ike(Injury("left-arm", "break"), hands=hands), raider())
    with pytest.raises(CannotAct, match="Ike's left arm is broken: two weapons need two usable arms"):
        act(fight, "ike", "attack", "raider", offhand="10mm pistol")


def test_a_large_item_is_not_disarmed_with_one_usable_hand_a_small_one_is() -> None:
    # The audit's S11: "Disarming a small item requires only one open hand. Disarming a large item requires two."
    # With one usable hand the submachinegun cannot be disarmed: refused before any die, the action kept. The
    # pistol can: Unarmed 5 + ST 5 against Very Easy + the target's Unarmed total (2 + 5): [4, 3] + 10 = 17.
    dee = hurt(person("Dee", "vault", "C2", unarmed=5), Injury("left-arm", "break"))
    gunner = person("Gunner", "foes", "C3", weapons=("10mm smg",), unarmed=2)
    with pytest.raises(CannotAct, match="Disarming the 10mm submachinegun needs 2 open hands: Dee has 1"):
        act(scene(dee, gunner), "dee", "attack", "gunner", mode="disarm")
    pistol = person("Gunner", "foes", "C3", weapons=("10mm pistol",), unarmed=2)
    took = act(scene(dee, pistol), "dee", "attack", "gunner", mode="disarm", faces=(4, 3))
    assert took.result.took == "10mm pistol" and state(took.encounter, "dee").hands == ("10mm pistol",)
    with pytest.raises(CannotAct, match="holds nothing to disarm"):
        act(scene(dee, person("Bare", "foes", "C3")), "dee", "attack", "bare", mode="disarm")
    with pytest.raises(CannotAct, match="holds nothing to disarm"):  # fists kept in hand by an older save
        act(scene(dee, person("Fisty", "foes", "C3", weapons=("fists",), hands=("fists",))), "dee", "attack",
            "fisty", mode="disarm")


def test_the_odds_of_a_disarm_are_refused_as_the_disarm_would_be() -> None:
    dee = hurt(person("Dee", "vault", "C2", unarmed=5), Injury("left-arm", "break"))
    gunner = person("Gunner", "foes", "C3", weapons=("10mm smg",), unarmed=2)
    with pytest.raises(CannotAct, match="needs 2 open hands"):
        SYSTEM.odds(scene(dee, gunner), Intent("dee", "attack", ("gunner",), {"mode": "disarm"}))


def test_taking_items_out_counts_only_usable_hands() -> None:
    one_armed = ike(Injury("left-arm", "break"), hands=("10mm pistol",))
    refused = re.escape("Ike has one usable hand (a broken arm holds nothing) and that takes 2")
    with pytest.raises(CannotAct, match=refused):
        act(scene(one_armed, phase="move"), "ike", "item", draw="knife")
    with pytest.raises(CannotAct, match="one usable hand"):
        act(scene(ike(Injury("left-arm", "break"), hands=()), phase="move"), "ike", "item", draw="10mm smg")
    drawn = act(scene(ike(Injury("left-arm", "break"), hands=()), phase="move"), "ike", "item", draw="knife")
    assert state(drawn.encounter, "ike").hands == ("knife",)
    assert [(b.move, b.note) for b in SYSTEM.digest(drawn.result)] == [("items", "takes out knife")]  # not "nothing"


def test_an_overwatch_without_its_weapon_in_hand_does_not_fire() -> None:
    # The watcher declared with his pistol, then lost it (a broken arm drops it): Vera walks into the cone unshot.
    watcher = person("Watcher", "foes", "C1", weapons=("10mm pistol",))
    declared = act(scene(watcher, person("Vera", "vault", "A5"), round=1), "watcher", "overwatch", at="C8")
    after, _ = SYSTEM.start_round(declared.encounter, ScriptedDice())
    empty = replace(state(after, "watcher"), hands=())
    after = after.put(replace(after.get("watcher"), state=empty))
    fight = replace(after, turns=replace(after.turns, round=2, queue=(Slot("move", (0,), ("vera", "watcher")),)))
    assert act(fight, "vera", "move", to="E5").result.interrupts == ()


def test_one_one_handed_weapon_takes_8_when_the_arm_of_its_hand_is_maimed() -> None:
    # "Arm Maim: All actions performed with that arm are at -8." The pistol came out first: it is in the right hand.
    # 2d10 [1, 1] + Firearms 15 - 8 = 9: a miss. A punch uses the better arm: no -8 (the GM's -20 keeps the other
    # rolls misses: no damage dice).
    fight = scene(ike(Injury("right-arm", "maim"), hands=("10mm pistol",)), raider())
    assert dict(rolls(act(fight, "ike", "attack", "raider", faces=(1, 1)))[0]) == {"maimed right arm": -8}
    other = act(scene(ike(Injury("left-arm", "maim"), hands=("10mm pistol",)), raider()), "ike", "attack", "raider",
                faces=(1, 1), modifier=-20)
    assert rolls(other) == [{"GM": -20}]  # the left arm is maimed, the right hand holds the pistol
    raider_next = raider("C2")
    punch = act(scene(ike(Injury("right-arm", "maim"), hands=("10mm pistol",)), raider_next), "ike", "attack",
                "raider", mode="punch", faces=(1, 1), modifier=-20)
    assert "maimed right arm" not in rolls(punch)[0] and "maimed arm" not in rolls(punch)[0]


def test_fists_listed_on_the_sheet_fill_no_hand() -> None:
    # "Disarming a large item requires two [open hands] ... If successful, the item is in the hand(s) of the
    # attacker." Fists are the body, not an item: listed first, they are not in hand, and both hands are open.
    # Unarmed 5 + ST 5 against Very Easy + the target's Unarmed total (2 + 5): [4, 3] + 10 = 17.
    dee = person("Dee", "vault", "C2", weapons=("fists",), unarmed=5)
    assert state(scene(dee), "dee").hands == ()
    gunner = person("Gunner", "foes", "C3", weapons=("10mm smg",), unarmed=2)
    out = act(scene(dee, gunner), "dee", "attack", "gunner", mode="disarm", faces=(4, 3))
    assert out.result.took == "10mm smg" and state(out.encounter, "dee").hands == ("10mm smg",)
    with pytest.raises(InvalidInput, match="Fists are not an item to take out"):
        act(scene(dee, gunner, phase="move"), "dee", "item", draw="fists")
    # A fight saved before fists left the hands may still hold them there: the item in hand is what attacks.
    older = person("Old", "vault", "C2", weapons=("fists", "10mm pistol"), hands=("fists", "10mm pistol"))
    assert choose_weapon(TABLES, older, None, None)[0].key == "10mm pistol"
