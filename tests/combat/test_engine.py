"""The engine driving a tiny rule system defined here: begin, act, next_turn, hold, release, add, remove."""

from dataclasses import replace

import pytest

from combat import engine
from combat.dice import DiceSource, ScriptedDice, roll_d
from combat.errors import CannotAct, NotYourTurn, RulesError, UnknownName
from combat.intent import Choice, Reaction
from combat.model import Combatant, Condition, Encounter
from combat.sheet import Sheet, SheetSpec
from combat.system import ActionOutcome, Intent, MoveSpec, Newcomers, RoundStart, RulesDefaults, RuleSystem
from combat.turns import SINGLE_PHASE, InitiativeEntry, Phase


class Duel(RulesDefaults):
    """A toy system: Initiative d6 + speed (ties to higher speed), strikes take one hit, sleep gas, ripostes."""

    key = "duel"
    title = "Duel"
    health_type: type = int
    phases: tuple[Phase, ...] = SINGLE_PHASE
    sheet_spec = SheetSpec(
        attributes={"speed": 0},
        skills={},
        unskilled=0,
        talents=frozenset(),
        tiers=(),
        default_tier="",
        lowest=-5,
        highest=5,
    )

    def moves(self) -> tuple[MoveSpec, ...]:
        return (
            MoveSpec("strike", "Take one hit off the target."),
            MoveSpec("gas", "Put everyone to sleep until the round after next.", targets=0),
            MoveSpec("taunt", "A free action; the turn goes on.", targets=1),
            MoveSpec("riposte", "Reaction: knock the target out.", reaction=True),
        )

    def new_health(self, sheet: Sheet) -> int:
        return 2

    def newcomers(self, encounter: Encounter, ids: tuple[str, ...], dice: DiceSource) -> Newcomers:
        joining = tuple(c for c in encounter.combatants if c.id in ids)
        return Newcomers(self.initiative(replace(encounter, combatants=joining), dice))

    def initiative(self, encounter: Encounter, dice: DiceSource) -> tuple[InitiativeEntry, ...]:
        entries = []
        for c in encounter.combatants:
            speed = self.sheet_spec.level(c.sheet, "speed")
            entries.append(InitiativeEntry(c.id, (roll_d(dice, 1, 6).total + speed,), (speed,)))
        return tuple(entries)

    def can_act(self, combatant: Combatant, phase: str) -> bool:
        return combatant.health > 0 and not combatant.has("asleep")

    def start_round(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, RoundStart]:
        woke = []
        changed = []
        for c in encounter.combatants:
            sleep = c.condition("asleep")
            if sleep is None or sleep.elements is None:
                continue
            if sleep.elements <= 1:
                woke.append(c.id)
                changed.append(c.without("asleep"))
            else:
                changed.append(c.with_condition(replace(sleep, elements=sleep.elements - 1)))
        return encounter.put(*changed), RoundStart(encounter.turns.round + 1, tuple(woke))

    def reaction_for(self, encounter: Encounter, intent: Intent) -> Reaction | None:
        """A strike at a player's fighter asks them first: parry (the default) or take it."""
        if intent.move != "strike" or "answer" in intent.options:
            return None
        target = encounter.get(intent.targets[0])
        if target.owner is None:
            return None
        return Reaction(target.id, (Choice("parry", "Parry"), Choice("take", "Take it")), "parry")

    def choose(self, intent: Intent, reaction: Reaction, choice: str) -> Intent:
        return replace(intent, options={**intent.options, "answer": choice})

    def act(self, encounter: Encounter, intent: Intent, dice: DiceSource) -> ActionOutcome:
        if intent.move == "gas":
            asleep = [c.with_condition(Condition("asleep", elements=2)) for c in encounter.combatants]
            return ActionOutcome(encounter.put(*asleep), ("gas",))
        target = encounter.get(intent.targets[0])
        if intent.move == "taunt":
            return ActionOutcome(encounter, ("taunt", target.id), ends_turn=False)
        hits = 1 if intent.move == "strike" else target.health
        if intent.options.get("answer") == "parry":
            hits = 0
        return ActionOutcome(encounter.put(replace(target, health=target.health - hits)), (intent.move, target.id))


SYSTEM: RuleSystem = Duel()


def fighter(ident: str, speed: int = 0, health: int = 2) -> Combatant:
    sheet = SYSTEM.sheet_spec.build(traits={"speed": speed})
    return Combatant(ident, ident.capitalize(), "pcs", sheet, health)


def encounter(*combatants: Combatant) -> Encounter:
    return Encounter("duel", combatants)


def started(dice: ScriptedDice) -> engine.Step:
    """Aeryn (speed 0) rolls 2, Bobo (0) rolls 5, Crais (1) rolls 1: Bobo 5, Crais 2, Aeryn 2 (Crais faster)."""
    return engine.begin(SYSTEM, encounter(fighter("aeryn"), fighter("bobo"), fighter("crais", 1)), dice)


def strike(actor: str, target: str) -> Intent:
    return Intent(actor, "strike", (target,))


def current(enc: Encounter) -> tuple[str, ...]:
    assert enc.turns.current is not None
    return enc.turns.current.waiting


def test_begin_rolls_initiative_and_starts_round_one():
    dice = ScriptedDice([2, 5, 1])
    step = started(dice)
    assert step.encounter.turns.round == 1
    assert step.change.started == RoundStart(1)
    assert current(step.encounter) == ("bobo",)
    assert [s.actors for s in step.encounter.turns.queue] == [("bobo",), ("crais",), ("aeryn",)]
    assert step.result is None
    assert dice.remaining == 0


def test_begin_twice_or_with_nobody_is_refused():
    with pytest.raises(RulesError, match="Add some combatants"):
        engine.begin(SYSTEM, encounter(), ScriptedDice([]))
    step = started(ScriptedDice([2, 5, 1]))
    with pytest.raises(RulesError, match="already begun"):
        engine.begin(SYSTEM, step.encounter, ScriptedDice([1, 1, 1]))


def test_commands_before_the_fight_begins_are_refused():
    enc = encounter(fighter("aeryn"), fighter("bobo"))
    with pytest.raises(RulesError, match="not begun"):
        engine.act(SYSTEM, enc, strike("aeryn", "bobo"), ScriptedDice([]))
    with pytest.raises(RulesError, match="not begun"):
        engine.next_turn(SYSTEM, enc, ScriptedDice([]))
    with pytest.raises(RulesError, match="not begun"):
        engine.hold(SYSTEM, enc, "aeryn", ScriptedDice([]))


def test_acting_uses_the_turn_and_returns_the_result():
    step = engine.act(SYSTEM, started(ScriptedDice([2, 5, 1])).encounter, strike("bobo", "aeryn"), ScriptedDice([]))
    assert step.result == ("strike", "aeryn")
    assert step.encounter.get("aeryn").health == 1
    assert current(step.encounter) == ("crais",)
    assert step.change == engine.TurnChange()


def test_acting_out_of_turn_raises_not_your_turn():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    with pytest.raises(NotYourTurn) as caught:
        engine.act(SYSTEM, enc, strike("aeryn", "bobo"), ScriptedDice([]))
    assert caught.value.message == "It is Bobo's turn, not Aeryn's."


def test_unknown_move_lists_the_moves():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    with pytest.raises(CannotAct) as caught:
        engine.act(SYSTEM, enc, Intent("bobo", "fireball", ("aeryn",)), ScriptedDice([]))
    assert caught.value.message == "Duel has no move 'fireball'; it has strike, gas, taunt, riposte."


def test_unknown_actor_is_an_unknown_name():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    with pytest.raises(UnknownName):
        engine.act(SYSTEM, enc, strike("zhaan", "bobo"), ScriptedDice([]))


def test_a_reaction_may_be_used_out_of_turn_and_keeps_the_turn_where_it_was():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    step = engine.act(SYSTEM, enc, Intent("aeryn", "riposte", ("crais",)), ScriptedDice([]))
    assert step.result == ("riposte", "crais")
    assert step.encounter.get("crais").health == 0
    assert current(step.encounter) == ("bobo",)


def test_a_reaction_that_knocks_out_the_current_actor_moves_the_turn_on():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    step = engine.act(SYSTEM, enc, Intent("aeryn", "riposte", ("bobo",)), ScriptedDice([]))
    assert step.change.skipped == (("bobo", "action"),)
    assert current(step.encounter) == ("crais",)


def test_a_move_that_does_not_end_the_turn_keeps_it():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    step = engine.act(SYSTEM, enc, Intent("bobo", "taunt", ("crais",)), ScriptedDice([]))
    assert step.result == ("taunt", "crais")
    assert current(step.encounter) == ("bobo",)


def test_the_round_rolls_over_with_new_initiative():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    enc = engine.act(SYSTEM, enc, strike("bobo", "aeryn"), ScriptedDice([])).encounter
    enc = engine.act(SYSTEM, enc, strike("crais", "bobo"), ScriptedDice([])).encounter
    dice = ScriptedDice([6, 1, 3])  # round 2: Aeryn 6, Bobo 1, Crais 4
    step = engine.act(SYSTEM, enc, strike("aeryn", "crais"), dice)
    assert dice.remaining == 0
    assert step.change.ended_round == 1
    assert step.change.started == RoundStart(2)
    assert step.encounter.turns.round == 2
    assert [s.actors for s in step.encounter.turns.queue] == [("aeryn",), ("crais",), ("bobo",)]


def test_next_turn_passes_and_rolls_over():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    assert current(enc) == ("crais",)
    enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    step = engine.next_turn(SYSTEM, enc, ScriptedDice([1, 2, 3]))
    assert step.change.ended_round == 1
    assert step.encounter.turns.round == 2
    assert current(step.encounter) == ("crais",)


def test_a_round_where_nobody_can_act_passes_as_a_round_of_its_own():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    dice = ScriptedDice([1, 2, 3])  # initiative for round 2, when everyone is asleep
    step = engine.act(SYSTEM, enc, Intent("aeryn", "gas"), dice)
    assert dice.remaining == 0
    assert step.change.ended_round == 1
    assert {name for name, _ in step.change.skipped_new} == {"aeryn", "bobo", "crais"}
    assert step.encounter.turns.round == 2 and step.encounter.turns.current is None
    dice = ScriptedDice([4, 5, 1])  # round 3: the gas has worn off
    step = engine.next_turn(SYSTEM, step.encounter, dice)
    assert dice.remaining == 0
    assert step.change.ended_round == 2
    assert step.change.started == RoundStart(3, ("aeryn", "bobo", "crais"))
    assert step.encounter.turns.round == 3
    assert current(step.encounter) == ("bobo",)


def test_a_fight_where_nobody_can_ever_act_passes_one_round_per_command():
    dice = ScriptedDice([1, 1])
    step = engine.begin(SYSTEM, encounter(fighter("aeryn", health=0), fighter("bobo", health=0)), dice)
    assert step.encounter.turns.current is None
    assert step.encounter.turns.round == 1
    assert dice.remaining == 0
    for expected in (2, 3, 4):
        step = engine.next_turn(SYSTEM, step.encounter, ScriptedDice([1, 1]))
        assert step.change.ended_round == expected - 1
        assert step.encounter.turns.round == expected


def test_hold_and_release_interrupt_later():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    step = engine.hold(SYSTEM, enc, "bobo", ScriptedDice([]))
    assert step.encounter.turns.held == ("bobo",)
    assert current(step.encounter) == ("crais",)
    enc = engine.release(SYSTEM, step.encounter, "bobo", ScriptedDice([])).encounter
    assert current(enc) == ("bobo",)
    enc = engine.act(SYSTEM, enc, strike("bobo", "crais"), ScriptedDice([])).encounter
    assert current(enc) == ("crais",)


def test_a_held_action_gets_a_last_call_and_lapses_if_passed():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    enc = engine.hold(SYSTEM, enc, "bobo", ScriptedDice([])).encounter
    enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    called = engine.next_turn(SYSTEM, enc, ScriptedDice([]))  # the last slot ends: bobo's last call
    assert current(called.encounter) == ("bobo",) and called.encounter.turns.round == 1
    assert called.change.lapsed == () and called.encounter.turns.current.last_call
    step = engine.next_turn(SYSTEM, called.encounter, ScriptedDice([3, 3, 3]))
    assert step.change.lapsed == ("bobo",) and step.change.ended_round == 1
    assert step.encounter.turns.held == ()


def test_a_held_action_used_at_the_last_call_ends_the_round_without_a_lapse():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    enc = engine.hold(SYSTEM, enc, "bobo", ScriptedDice([])).encounter
    for _ in range(2):  # crais, then aeryn: the round's last slot ends
        enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    enc = engine.release(SYSTEM, enc, "bobo", ScriptedDice([])).encounter  # releasing at the last call: his turn
    step = engine.act(SYSTEM, enc, strike("bobo", "crais"), ScriptedDice([3, 3, 3]))
    assert step.change.lapsed == () and step.change.ended_round == 1 and step.encounter.turns.round == 2


def test_holding_out_of_turn_is_refused():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    with pytest.raises(CannotAct):
        engine.hold(SYSTEM, enc, "aeryn", ScriptedDice([]))


def test_adding_before_the_fight_just_puts_the_combatant():
    enc = engine.add(SYSTEM, encounter(fighter("aeryn")), fighter("bobo"), ScriptedDice([])).encounter
    assert [c.id for c in enc.combatants] == ["aeryn", "bobo"]
    assert enc.turns.round == 0


def test_adding_mid_round_joins_where_the_place_is_still_to_come():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    dice = ScriptedDice([4])  # only the newcomer is ranked: Dargo (speed 0) rolls 4
    enc = engine.add(SYSTEM, enc, fighter("dargo"), dice).encounter
    assert dice.remaining == 0
    assert [s.actors for s in enc.turns.queue] == [("bobo",), ("dargo",), ("crais",), ("aeryn",)]


def test_adding_someone_already_there_is_refused():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    with pytest.raises(RulesError, match="already a combatant called Aeryn"):
        engine.add(SYSTEM, enc, fighter("aeryn"), ScriptedDice([]))


def test_removing_the_current_actor_advances():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    step = engine.remove(SYSTEM, enc, "bobo", ScriptedDice([]))
    assert [c.id for c in step.encounter.combatants] == ["aeryn", "crais"]
    assert current(step.encounter) == ("crais",)


def test_removing_the_last_to_act_rolls_the_round_over():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    step = engine.remove(SYSTEM, enc, "aeryn", ScriptedDice([4, 4]))
    assert step.change.ended_round == 1
    assert step.encounter.turns.round == 2
    assert current(step.encounter) == ("crais",)


def test_removing_someone_unknown_is_an_error():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    with pytest.raises(UnknownName, match="did you mean 'Bobo'"):
        engine.remove(SYSTEM, enc, "bobbo", ScriptedDice([]))


def test_a_holder_who_was_knocked_out_cannot_release():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    enc = engine.hold(SYSTEM, enc, "bobo", ScriptedDice([])).encounter
    knocked = enc.put(replace(enc.get("bobo"), health=0))
    with pytest.raises(CannotAct):
        engine.release(SYSTEM, knocked, "bobo", ScriptedDice([]))


def test_several_newcomers_are_ranked_together_without_rerolling_the_others():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    dice = ScriptedDice([3, 4, 6])  # Dargo 3, Zhaan 4, Rygel 6 (his place has passed: he waits a round)
    newcomers = (fighter("dargo"), fighter("zhaan"), fighter("rygel"))
    enc = engine.add_group(SYSTEM, enc, newcomers, dice).encounter
    assert dice.remaining == 0
    assert [s.actors for s in enc.turns.queue] == [("bobo",), ("zhaan",), ("dargo",), ("crais",), ("aeryn",)]


class Tiring(Duel):
    """The toy system with an end-of-round hook: whoever is still standing loses a point as the round ends."""

    def end_round(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, object]:
        tired = [replace(c, health=c.health - 1) for c in encounter.combatants if c.health > 1]
        return encounter.put(*tired), ("tired", encounter.turns.round, tuple(c.id for c in tired))


def test_a_round_ends_through_the_system_s_hook_before_the_next_one_begins():
    tiring = Tiring()
    enc = engine.begin(tiring, encounter(fighter("aeryn"), fighter("bobo", health=1)), ScriptedDice([2, 5])).encounter
    enc = engine.next_turn(tiring, enc, ScriptedDice([])).encounter
    step = engine.next_turn(tiring, enc, ScriptedDice([3, 4]))
    assert step.change.ended_round == 1
    assert step.change.round_end == ("tired", 1, ("aeryn",))
    assert step.encounter.get("aeryn").health == 1  # the hook's encounter is the one the next round starts from
    assert step.encounter.turns.round == 2


def test_without_the_hook_a_round_end_reports_nothing():
    enc = started(ScriptedDice([2, 5, 1])).encounter
    for _ in range(2):
        enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    step = engine.next_turn(SYSTEM, enc, ScriptedDice([1, 2, 3]))
    assert step.change.ended_round == 1 and step.change.round_end is None
