"""Farscape dodging: one roll per element, one level lower for each later attack, and dodging while acting.

Conditions used (all last for the rest of the element, ``elements=1``):
``dodge`` holds the element's dodge result (``uses`` counts the attacks it has met); ``acted`` marks a combatant
who has made a roll or reloaded this element; ``dodge split`` marks that the −1 for dodging while acting has been
taken on the dodge itself, so it is not taken again.
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.dice import DiceSource
from combat.errors import CannotAct, InvalidInput, RulesError
from combat.frozen import replace
from combat.fudge import TraitRoll, roll_trait
from combat.model import Combatant, Condition, Encounter
from combat.system import ActionOutcome, Intent
from combat.systems.farscape.harm import penalty, trait
from combat.systems.farscape.ranged_common import (
    Modifier,
    can_defend,
    is_minion,
    is_protagonist,
    option,
    total,
)
from combat.systems.farscape.tables import FarscapeTables

__all__ = [
    "ACTED",
    "DODGE",
    "DODGE_SKILLS",
    "ON_DODGE",
    "SPLIT",
    "Dodge",
    "DodgeUse",
    "act_while_dodging",
    "resolve_dodge",
    "roll_dodge",
    "use_dodge",
]

DODGE = "dodge"
ACTED = "acted"
SPLIT = "dodge split"
ON_DODGE = "penalty on dodge"  # the dodger's own pick: acting while dodging this element lowers the dodge
DODGE_SKILLS = ("agility", "acrobatics")


@dataclass(frozen=True)
class Dodge:
    """The element's dodge roll: its modifiers, and whether it was the free roll of an attacked target."""

    combatant: str
    roll: TraitRoll
    modifiers: tuple[Modifier, ...]
    free: bool
    on_dodge: bool = False

    @property
    def value(self) -> int:
        """Return the dodge result stored for the element."""
        return self.roll.result


@dataclass(frozen=True)
class DodgeUse:
    """The dodge one attack met: the stored result, the decline for earlier attacks, the thrown-weapon bonus."""

    stored: int
    decline: int
    thrown: int
    rolled: Dodge | None

    @property
    def value(self) -> int:
        """Return the defence value against this attack."""
        return self.stored + self.decline + self.thrown


def roll_dodge(
    combatant: Combatant, skill: str, modifier: int, dice: DiceSource, free: bool
) -> tuple[Combatant, Dodge]:
    """Roll the element's dodge (−1 if the combatant already acted this element) and store it."""
    mods = [Modifier("wounds", penalty(combatant)), Modifier("GM", modifier)]
    updated = combatant
    if combatant.has(ACTED) and not combatant.has(SPLIT):
        mods.append(Modifier("acting", -1))
        updated = updated.with_condition(Condition(SPLIT, elements=1))
    kept = tuple(m for m in mods if m.value)
    roll = roll_trait(dice, skill, trait(combatant, skill), total(kept))
    updated = updated.with_condition(Condition(DODGE, value=roll.result, elements=1, uses=0))
    return updated, Dodge(combatant.id, roll, kept, free)


def use_dodge(target: Combatant, thrown: int, dice: DiceSource) -> tuple[Combatant, DodgeUse]:
    """Meet one attack with the element's dodge, first rolling a free Agility dodge if none was declared [ours].

    Full value against the first attack, one level lower for each later one; protagonists and antagonists
    always keep the full value.
    """
    rolled = None
    if not target.has(DODGE):
        target, rolled = roll_dodge(target, "agility", 0, dice, free=True)
    stored = target.condition(DODGE)
    assert stored is not None
    decline = 0 if is_protagonist(target) else -stored.uses
    updated = target.with_condition(replace(stored, uses=stored.uses + 1))
    return updated, DodgeUse(stored.value, decline, thrown, rolled)


def _check_pick(choice: str | None) -> str | None:
    """Refuse a pick of the roll that takes the −1 for acting while dodging other than attack or dodge."""
    if choice not in (None, "attack", "dodge"):
        raise InvalidInput("Option dodging takes attack or dodge: which roll takes the −1.")
    return choice


def act_while_dodging(actor: Combatant, choice: str | None) -> tuple[Combatant, int, str | None]:
    """Mark the actor as acting; while dodging, put the −1 on the action or (choice 'dodge') on the dodge.

    Returns the updated actor, the modifier for the action's roll, and where the −1 went (None: not dodging).
    With no choice, the one he made as he dodged (``ON_DODGE``) holds, else the action takes it [ours]: so one
    attacked in an exchange, who fights back with no command of his own, has his pick too [seed: "they pick"].
    """
    _check_pick(choice)
    if choice is None and actor.has(ON_DODGE):
        choice = "dodge"
    updated = actor if actor.has(ACTED) else actor.with_condition(Condition(ACTED, elements=1))
    dodge = actor.condition(DODGE)
    if dodge is None or actor.has(SPLIT):
        return updated, 0, None
    if choice == "dodge":
        lowered = replace(dodge, value=dodge.value - 1)
        return updated.with_condition(lowered).with_condition(Condition(SPLIT, elements=1)), 0, "dodge"
    return updated, -1, "attack"


def resolve_dodge(encounter: Encounter, intent: Intent, tables: FarscapeTables, dice: DiceSource) -> ActionOutcome:
    """Roll the actor's dodge for this element (Agility, or option skill=acrobatics); a reaction."""
    actor = encounter.get(intent.actor)
    if is_minion(actor):
        raise RulesError(f"{actor.name} is a minion or bystander, and they never dodge.")
    if not can_defend(actor):
        raise CannotAct(f"{actor.name} is in no state to dodge.")
    if actor.has(DODGE):
        raise RulesError(f"{actor.name} has already dodged this element; one dodge covers every attack.")
    skill = option(intent.options, "skill") or "agility"
    if skill not in DODGE_SKILLS:
        raise InvalidInput(f"Dodge with {' or '.join(DODGE_SKILLS)}, not '{intent.options['skill']}'.")
    picked = _check_pick(option(intent.options, "dodging"))
    actor, dodge = roll_dodge(actor, skill, intent.modifier, dice, free=False)
    if picked == "dodge":  # [seed] "they pick which one": made now, it holds for a blow back he gives no command for
        actor = actor.with_condition(Condition(ON_DODGE, elements=1))
        dodge = replace(dodge, on_dodge=True)
    return ActionOutcome(encounter.put(actor), dodge, ends_turn=False)
