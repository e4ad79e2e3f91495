"""Fallout's own state survives the database's JSON: the map, a fighter's kit and wounds, a paused overwatch."""

from __future__ import annotations

from dataclasses import replace

from fallout_kit import SYSTEM, act, person, scene

from bot.db.codec import SystemTypes, decode_encounter, encode_encounter
from combat.intent import Intent, PendingReaction
from combat.systems.fallout.state import Injury, Overwatch

TYPES = SystemTypes(SYSTEM.health_type, SYSTEM.combatant_state_type, SYSTEM.encounter_state_type,
                    SYSTEM.choice_context_type)


def test_an_encounter_paused_at_an_overwatch_question_round_trips() -> None:
    watcher = person("Watcher", "foes", "C1", weapons=("10mm pistol",), owner="3")
    watcher = replace(watcher, state=replace(watcher.state, overwatch=Overwatch(1, 1.5707963, "left", "10mm pistol"),
                                             injuries=(Injury("torso", "maim", 2),)))
    fight = scene(watcher, person("Vera", "vault", "A5"), phase="move", round=2, walls=("F4",),
                  terrain=(("B5", "smoke"),))
    asked = act(fight, "vera", "move", to="E5")
    assert asked.ask is not None
    pending = PendingReaction(Intent("vera", "move", (), {"to": "E5"}), asked.ask, 9.0, "after", asked.context)
    paused = replace(asked.encounter, pending=pending)
    assert decode_encounter(encode_encounter(paused), TYPES) == paused
