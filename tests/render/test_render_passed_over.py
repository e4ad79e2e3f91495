"""Who is passed over: said after the round that passes them over begins, and never of those out of the fight."""

import sys
from pathlib import Path

from render_kit import SYSTEM, encounter, person

from bot.render.reply import render_reply
from bot.services.replies import Reply
from combat import engine
from combat.dice import ScriptedDice
from combat.engine import TurnChange
from combat.model import Condition

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "combat" / "systems" / "fallout"))

from fallout_kit import SYSTEM as FALLOUT
from fallout_kit import person as vaulter
from fallout_kit import scene


def test_a_frozen_fighter_is_passed_over_after_the_round_begins_and_the_unconscious_is_not_named() -> None:
    # Round 1: Rygel (frozen by surprise) and Pal (unconscious) would act first, at Speed Great; Aeryn (Good) next.
    fight = encounter(person("aeryn", speed=1), person("rygel", speed=2, conditions=(Condition("frozen"),)),
                      person("pal", speed=2, conditions=(Condition("unconscious"),)))
    step = engine.begin(SYSTEM, fight, ScriptedDice([-1] * 40))
    assert {cid for cid, _ in step.change.skipped_new} == {"rygel", "pal"} and step.change.skipped == ()
    lines = render_reply(Reply("begin", SYSTEM, step.encounter, change=step.change), {})
    assert lines.index("— Round 1 begins —") < lines.index("Rygel cannot act and is passed over.")
    assert not [line for line in lines if "Pal" in line]


def test_a_fighter_passed_over_before_the_round_ends_is_named_before_its_end() -> None:
    # Aeryn ends his turn; Rygel (frozen) and Pal (unconscious) come after him in round 1, which then ends.
    fight = encounter(person("aeryn", speed=1), person("rygel", conditions=(Condition("frozen"),)),
                      person("pal", conditions=(Condition("unconscious"),)))
    first = engine.begin(SYSTEM, fight, ScriptedDice([-1] * 40)).encounter
    step = engine.next_turn(SYSTEM, first, ScriptedDice([-1] * 40))
    assert step.change.ended_round == 1 and ("rygel", "action") in step.change.skipped
    lines = render_reply(Reply("next", SYSTEM, step.encounter, change=step.change), {})
    assert lines.index("Rygel cannot act and is passed over.") < lines.index("— Round 2 begins —")
    assert not [line for line in lines if "Pal" in line]


def test_in_a_round_of_phases_the_phase_that_offers_nothing_is_named() -> None:
    # Fallout: a phase can offer a fighter nothing (no foe within a charge); he has no move to make there.
    fight = scene(vaulter("Max", hex="C1"), vaulter("Vera", "raiders", "C9"), phase="action")
    change = TurnChange(skipped=(("max", "charge"),))
    lines = render_reply(Reply("next", FALLOUT, fight, change=change), {"max": "Max"})
    assert "Max has no move to make in the charge phase and is passed over." in lines
