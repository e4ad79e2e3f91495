"""The status says when someone with several actions a round acts, and which of those counts are still to come."""

from dataclasses import dataclass

from bot.render.summary import counts_note
from combat.model import Combatant, Encounter
from combat.sheet import Sheet
from combat.turns import SINGLE_PHASE, InitiativeEntry, TurnState, finish, start_round


@dataclass(frozen=True)
class Able:
    """A stand-in rule system: only ``can_act`` is asked."""

    stunned: frozenset[str] = frozenset()

    def can_act(self, combatant: Combatant, phase: str) -> bool:
        return combatant.id not in self.stunned


def everyone(_c: str, _p: str) -> bool:
    return True


def fight() -> Encounter:
    people = tuple(Combatant(i, i.title(), "x", Sheet(), None) for i in ("hero", "thug", "lone"))
    entries = (InitiativeEntry("hero", (14, 8, 2)), InitiativeEntry("thug", (11, 5)), InitiativeEntry("lone", (3,)))
    return Encounter("any", people, start_round(TurnState(SINGLE_PHASE), entries, everyone).state)


def test_the_counts_to_come_shrink_as_the_round_goes_on() -> None:
    enc = fight()
    assert enc.turns.to_come("hero") == (14, 8, 2)
    assert counts_note(enc, Able(), "hero") == " (counts 14, 8, 2; to come: 14, 8, 2)"
    after = finish(enc.turns, "hero", everyone).state
    enc = Encounter("any", enc.combatants, after)
    assert after.to_come("hero") == (8, 2)
    assert counts_note(enc, Able(), "hero") == " (counts 14, 8, 2; to come: 8, 2)"
    assert counts_note(enc, Able(), "thug") == " (counts 11, 5; to come: 11, 5)"


def test_one_action_a_round_adds_nothing_and_who_cannot_act_has_none_to_come() -> None:
    enc = fight()
    assert counts_note(enc, Able(), "lone") == ""
    assert counts_note(enc, Able(frozenset({"thug"})), "thug") == " (counts 11, 5; to come: none)"
