"""Overwatch: declared in the action phase as a narrow cone, it interrupts the first enemy entering the cone in the
next move phase with one attack (a player's overwatcher is asked, default fire), and costs the next round's move
and charge."""

from __future__ import annotations

from dataclasses import replace

from fallout_kit import SYSTEM, act, hp, person, scene, state

from combat.dice import ScriptedDice
from combat.intent import Intent, PendingReaction
from combat.systems.fallout.results import Moved
from combat.systems.fallout.state import Vitals
from combat.turns import Slot


def watching(owner: str | None = None):
    """The watcher at C1 declares a cone towards C8 in round 1; round 2 begins; Vera waits at A5 to move."""
    watcher = person("Watcher", "foes", "C1", weapons=("10mm pistol",), owner=owner)
    vera = person("Vera", "vault", "A5")
    declared = act(scene(watcher, vera, phase="action", round=1), "watcher", "overwatch", at="C8")
    assert declared.result.hexes[:3] == ("C2", "C3", "C4")
    after, _ = SYSTEM.start_round(declared.encounter, ScriptedDice())
    turns = replace(after.turns, round=2, queue=(Slot("move", (0,), ("vera", "watcher")),))
    return replace(after, turns=turns)


def test_the_overwatcher_gives_up_the_next_move_and_charge() -> None:
    fight = watching()
    watcher = fight.get("watcher")
    assert not SYSTEM.can_act(watcher, "move") and not SYSTEM.can_act(watcher, "charge")
    assert SYSTEM.can_act(watcher, "action")


def test_the_first_enemy_entering_the_cone_draws_one_attack_and_moves_on() -> None:
    # Vera walks A5 -> B4 -> C5 -> D4 -> E5; she enters the cone at B4. The watcher (Firearms 0 + AG 5):
    # 2d10 [10, 9] + 5 = 24 vs 15, a hit and a point: [3, 3] + 2 = 8, then critical damage [2].
    out = act(watching(), "vera", "move", to="E5", faces=(10, 9, 3, 3, 2))
    moved: Moved = out.result
    assert moved.path == ("A5", "B4", "C5", "D4", "E5") and not moved.stopped
    (shot,) = moved.interrupts
    assert shot.interrupt and shot.checks[0].target == "vera" and shot.checks[0].total == 24
    assert hp(out.encounter, "vera") == 40 - 8 - 2 and state(out.encounter, "vera").hex == "E5"
    assert state(out.encounter, "watcher").overwatch is None  # one attack only


def test_a_mover_shot_down_stops_where_the_interrupt_caught_them() -> None:
    fight = watching()
    fight = fight.put(replace(fight.get("vera"), health=Vitals(5, 40)))
    out = act(fight, "vera", "move", to="E5", faces=(9, 9, 3, 3, 1))
    assert out.result.stopped and state(out.encounter, "vera").hex == "B4" and out.encounter.get("vera").health.dead


def test_friends_and_enemies_already_inside_do_not_trigger_it() -> None:
    fight = watching()
    friend = person("Friend", "foes", "A6")
    fight = fight.put(friend)
    assert act(fight, "friend", "move", to="C6").result.interrupts == ()
    inside = fight.put(replace(fight.get("vera"), state=replace(state(fight, "vera"), hex="C5")))
    assert act(inside, "vera", "move", to="C7").result.interrupts == ()


def test_a_player_s_overwatcher_is_asked_fire_or_hold_with_fire_the_default() -> None:
    fight = watching(owner="42")
    asked = act(fight, "vera", "move", to="E5")
    assert asked.ask is not None and asked.ask.combatant == "watcher" and asked.ask.default == "fire"
    assert asked.ask.answers() == ("fire", "hold") and "enters Watcher's overwatch at B4" in asked.ask.prompt
    assert state(asked.encounter, "vera").hex == "B4"
    pending = PendingReaction(Intent("vera", "move", (), {"to": "E5"}), asked.ask, 0.0, "after", asked.context)
    held = SYSTEM.resolve_choice(asked.encounter, pending, "hold", ScriptedDice())
    assert held.result.declined == ("watcher",) and state(held.encounter, "vera").hex == "E5"
    assert state(held.encounter, "watcher").overwatch is not None  # held fire keeps the cone
    dice = ScriptedDice((1, 1))
    fired = SYSTEM.resolve_choice(asked.encounter, pending, "fire", dice)
    assert dice.remaining == 0 and len(fired.result.interrupts) == 1 and not fired.result.interrupts[0].checks[0].hit
    assert state(fired.encounter, "vera").hex == "E5"


def test_the_cone_lapses_after_the_next_move_phase() -> None:
    fight = watching()
    later, _ = SYSTEM.start_round(fight, ScriptedDice())
    assert state(later, "watcher").overwatch is None and SYSTEM.can_act(later.get("watcher"), "move")


def test_an_enemy_beyond_maximum_range_is_not_interrupted_and_the_cone_waits() -> None:
    # "An attack cannot be made beyond Maximum Range." The watcher on A1 (10mm pistol, Point Blank 5: Maximum 25)
    # watches down column A on a 20-row map. A small rat enters the cone at E15, 16 hexes off: effectively 32, beyond
    # 25, so no attack, and the cone is not spent on it. A second small rat then enters at C8, 9 hexes off
    # (effectively 18, far: -6): 2d10 [10, 6] + 5 - 6 = 15 vs 15, a hit: [3, 3] + 2 = 8.
    watcher = person("Watcher", "foes", "A1", weapons=("10mm pistol",))
    far, near = person("Far", "vault", "H15", tier="small"), person("Near", "vault", "E8", tier="small")
    fight = scene(watcher, far, near, phase="action", round=1)
    fight = replace(fight, state=replace(fight.state, rows=20))
    declared = act(fight, "watcher", "overwatch", at="A20")
    after, _ = SYSTEM.start_round(declared.encounter, ScriptedDice())
    fight = replace(after, turns=replace(after.turns, round=2, queue=(Slot("move", (0,), ("far", "near")),)))
    passed = act(fight, "far", "move", to="E15")
    assert passed.result.interrupts == () and state(passed.encounter, "watcher").overwatch is not None
    shot = act(passed.encounter, "near", "move", to="C8", faces=(10, 6, 3, 3))
    (attack,) = shot.result.interrupts
    assert dict(attack.checks[0].modifiers) == {"far range": -6} and attack.checks[0].total == 15
    assert hp(shot.encounter, "near") == 40 - 8 and state(shot.encounter, "watcher").overwatch is None


def test_a_shotgun_watches_with_both_barrels_by_default() -> None:
    # The double-barrelled shotgun has no single shot; its "single attack" on the one enemy is both barrels [ours].
    # Declared towards C8 from C1 with no mode: double. Vera enters at B4, 4 hexes off: close range for range 3.
    # 2d10 [6, 6] + Firearms 5 - 2 = 15 vs 15: a hit, no point; both barrels: [1, 1, 1] + 4 = 7 and [2, 2, 2] + 4 = 10.
    watcher = person("Watcher", "foes", "C1", weapons=("double-barrel shotgun",))
    declared = act(scene(watcher, person("Vera", "vault", "A5"), round=1), "watcher", "overwatch", at="C8")
    assert declared.result.mode == "double"
    after, _ = SYSTEM.start_round(declared.encounter, ScriptedDice())
    fight = replace(after, turns=replace(after.turns, round=2, queue=(Slot("move", (0,), ("vera", "watcher")),)))
    out = act(fight, "vera", "move", to="E5", faces=(6, 6, 1, 1, 1, 2, 2, 2))
    (shot,) = out.result.interrupts
    assert shot.checks[0].total == 15 and shot.checks[0].modifiers == (("close range", -2),)
    assert shot.mode == "double" and [h.damage for h in shot.hits] == [7, 10] and hp(out.encounter, "vera") == 23


def test_every_overwatcher_whose_cone_the_step_enters_gets_his_attack() -> None:
    # "interrupt an enemy with a single attack ... if the enemy enters the overwatch zone": both cones (from C1 and
    # E1 towards D8) take in E6, and H6, G6, F6 lie in neither. Vera walks H6 -> E6 and enters both there: W1 fires
    # first (2d10 [3, 3]: a miss), then W2 ([2, 2]: a miss too). Both cones are spent.
    one = person("W1", "foes", "C1", weapons=("10mm pistol",))
    two = person("W2", "foes", "E1", weapons=("10mm pistol",))
    vera = person("Vera", "vault", "H6")
    fight = scene(one, two, vera, phase="action", round=1)
    for watcher in ("w1", "w2"):
        fight = act(fight, watcher, "overwatch", at="D8").encounter
    after, _ = SYSTEM.start_round(fight, ScriptedDice())
    fight = replace(after, turns=replace(after.turns, round=2, queue=(Slot("move", (0,), ("vera", "w1", "w2")),)))
    out = act(fight, "vera", "move", to="E6", faces=(3, 3, 2, 2))
    assert out.result.path[-1] == "E6" and [s.actor for s in out.result.interrupts] == ["w1", "w2"]
    assert state(out.encounter, "w1").overwatch is None and state(out.encounter, "w2").overwatch is None


def test_a_player_holding_fire_hands_the_step_to_the_next_overwatcher() -> None:
    # Both cones take in E6; both overwatchers have players. W1 is asked first and holds fire: W2 is asked next, on
    # the same step, and fires ([2, 2]: a miss); W1 keeps his cone.
    one = person("W1", "foes", "C1", weapons=("10mm pistol",), owner="41")
    two = person("W2", "foes", "E1", weapons=("10mm pistol",), owner="42")
    fight = scene(one, two, person("Vera", "vault", "H6"), phase="action", round=1)
    for watcher in ("w1", "w2"):
        fight = act(fight, watcher, "overwatch", at="D8").encounter
    after, _ = SYSTEM.start_round(fight, ScriptedDice())
    fight = replace(after, turns=replace(after.turns, round=2, queue=(Slot("move", (0,), ("vera", "w1", "w2")),)))
    asked = act(fight, "vera", "move", to="E6")
    assert asked.ask is not None and asked.ask.combatant == "w1"
    intent = Intent("vera", "move", (), {"to": "E6"})
    held = SYSTEM.resolve_choice(asked.encounter, PendingReaction(intent, asked.ask, 0.0, "after", asked.context),
                                 "hold", ScriptedDice())
    assert held.ask is not None and held.ask.combatant == "w2"
    dice = ScriptedDice((2, 2))
    fired = SYSTEM.resolve_choice(held.encounter, PendingReaction(intent, held.ask, 0.0, "after", held.context),
                                  "fire", dice)
    assert dice.remaining == 0 and [s.actor for s in fired.result.interrupts] == ["w2"]
    assert fired.result.declined == ("w1",) and state(fired.encounter, "w1").overwatch is not None


def test_a_held_fire_passes_only_its_own_step_even_when_another_fires_on_a_later_one() -> None:
    # W1 (a player's, sequence 5) holds fire as Vera enters his cone at B6; she leaves it and enters it again at B7,
    # where X's cone (sequence 20) also begins: X fires first ([2, 2], a miss), then W1 is asked again.
    w1 = person("W1", "foes", "C1", weapons=("10mm pistol",), owner="41")
    x = person("X", "foes", "J1", weapons=("10mm pistol",))
    fight = scene(w1, x, person("Vera", "vault", "A6", agility=10), phase="action", round=1)
    fight = act(act(fight, "w1", "overwatch", at="C8").encounter, "x", "overwatch", at="F6").encounter
    after, _ = SYSTEM.start_round(fight, ScriptedDice())
    for cid, sequence in (("x", 20), ("w1", 5)):
        after = after.put(replace(after.get(cid), state=replace(state(after, cid), sequence=sequence)))
    fight = replace(after, turns=replace(after.turns, round=2, queue=(Slot("move", (0,), ("vera", "w1", "x")),)))
    intent = Intent("vera", "move", (), {"to": "B7", "via": "B6, A7"})
    asked = act(fight, "vera", "move", to="B7", via="B6, A7")
    assert asked.ask is not None and asked.ask.combatant == "w1" and state(asked.encounter, "vera").hex == "B6"
    held = SYSTEM.resolve_choice(asked.encounter, PendingReaction(intent, asked.ask, 0.0, "after", asked.context),
                                 "hold", ScriptedDice((2, 2)))
    assert held.ask is not None and held.ask.combatant == "w1" and state(held.encounter, "vera").hex == "B7"


def test_a_cone_not_fired_lapses_with_its_move_phase_and_the_status_stops_showing_it() -> None:
    # [seed] the cone is for the next move phase only: past it (the charge and action phases) it is let go.
    fight = watching()
    assert any(w.startswith("overwatch towards") for w in SYSTEM.status(fight.get("watcher")))
    charging = replace(fight, turns=replace(fight.turns, queue=(Slot("charge", (0,), ("vera",)),)))
    after, _ = SYSTEM.turn_start(charging, ("vera",), ScriptedDice())
    assert state(after, "watcher").overwatch is None
    assert not any(w.startswith("overwatch") for w in SYSTEM.status(after.get("watcher")))
    kept, _ = SYSTEM.turn_start(fight, ("vera",), ScriptedDice())  # still its move phase: the cone stands
    assert state(kept, "watcher").overwatch is not None
    declared = act(scene(person("Watcher", "foes", "C1", weapons=("10mm pistol",)), person("Vera", "vault", "A5"),
                         phase="action", round=1), "watcher", "overwatch", at="C8")
    same_round, _ = SYSTEM.turn_start(declared.encounter, ("vera",), ScriptedDice())  # declared this round: kept
    assert state(same_round, "watcher").overwatch is not None
