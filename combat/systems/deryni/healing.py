"""Healing after the fight (section 4.3), as the GM's tools: First Aid, Battle Surgery, rest, and saving the dying.

* First Aid (the healer's skill, 4dF, against Fair [ours]) heals the worst untreated Hurt or Very Hurt wound by one
  level [source]; with none, it erases a Scratch unless the roll is a critical failure (a natural -4) [source].
* Battle Surgery (against Good [ours]) heals a Critical or Mortal wound by one level [source: it is required for
  them]; it cannot help the dying [source: "normal mundane surgery will almost invariably be unable to help"].
* Rest: each wound heals after its time — a day per Scratch, 3 days per Hurt, a week per Very Hurt, two weeks per
  Critical, a month per Mortal [source, ours on "a few days" and "a couple of weeks"]; any rest restores power
  fatigue [seed] and wakes the unconscious who have no Mortal wound left [ours].
* Save: the GM's extraordinary measures (a Deryni Healer) end a fighter's dying [ours].
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.dice import DiceSource
from combat.errors import CannotAct, RulesError
from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.systems.deryni.actions import action_mods
from combat.systems.deryni.health import CRITICAL, HURT, LEVELS, MORTAL, SCRATCH, VERY_HURT, Health, Wound
from combat.systems.deryni.rolls import Check, check, mods
from combat.systems.deryni.sheet import SPEC
from combat.systems.deryni.state import put_fighter

__all__ = ["FIRST_AID_DIFFICULTY", "HEAL_DAYS", "SURGERY_DIFFICULTY", "Rested", "Saved", "Treated", "first_aid",
           "rest", "save", "surgery"]

FIRST_AID_DIFFICULTY = 0  # Fair [ours]
SURGERY_DIFFICULTY = 1  # Good [ours]
HEAL_DAYS = {SCRATCH: 1, HURT: 3, VERY_HURT: 7, CRITICAL: 14, MORTAL: 30}


@dataclass(frozen=True)
class Treated:
    """A First Aid or Battle Surgery roll on one wound: its level before and after (None: erased)."""

    method: str
    healer: str
    target: str
    check: Check
    before: int
    after: int | None

    @property
    def success(self) -> bool:
        """Tell whether the wound got better."""
        return self.after != self.before


@dataclass(frozen=True)
class Rested:
    """Days of rest: the wounds healed, whether he woke, the power fatigue recovered (``kept``: not yet, mid-fight)."""

    target: str
    days: int
    healed: tuple[str, ...]
    woke: bool
    fatigue: int
    kept: int = 0


@dataclass(frozen=True)
class Saved:
    """The GM's extraordinary measures: a dying fighter will live."""

    target: str


def _worst(health: Health, levels: tuple[int, ...]) -> int | None:
    """Return the index of the worst untreated wound among these levels."""
    found = [i for i, w in enumerate(health.wounds) if w.level in levels and not w.treated]
    return max(found, key=lambda i: health.wounds[i].level) if found else None


def _replace_wound(combatant: Combatant, index: int, wound: Wound | None) -> Combatant:
    wounds = list(combatant.health.wounds)
    if wound is None:
        wounds.pop(index)
    else:
        wounds[index] = wound
    return replace(combatant, health=replace(combatant.health, wounds=tuple(wounds)))


def _roll(encounter: Encounter, healer: Combatant, skill: str, difficulty: int, modifier: int,
          dice: DiceSource) -> Check:
    """Roll the healer's skill: an action, with what every action of his carries (wounds, a dodge, a power) [seed]."""
    if healer.health.out:  # dead, unconscious or incapacitated: "no actions" [source 4.3]
        raise CannotAct(f"{healer.name} is in no state to treat anyone.")
    return check(dice, skill, SPEC.level(healer.sheet, skill), difficulty,
                 mods(*action_mods(healer, encounter.turns.round), ("GM", modifier)))


def first_aid(encounter: Encounter, healer_id: str, target_id: str, modifier: int,
              dice: DiceSource) -> tuple[Encounter, Treated]:
    """Treat the worst untreated Hurt or Very Hurt wound, else a Scratch."""
    healer, target = encounter.get(healer_id), encounter.get(target_id)
    index = _worst(target.health, (HURT, VERY_HURT))
    if index is None:
        index = _worst(target.health, (SCRATCH,))
        if index is None:
            needs = "Battle Surgery" if _worst(target.health, (CRITICAL, MORTAL)) is not None else "nothing"
            raise RulesError(f"{target.name} has no wound First Aid can treat (it needs {needs}).")
        rolled = _roll(encounter, healer, "first aid", FIRST_AID_DIFFICULTY, modifier, dice)
        erased = not all(f == -1 for f in rolled.roll.faces)
        after = _replace_wound(target, index, None) if erased else target
        return encounter.put(after), Treated("first aid", healer_id, target_id, rolled, SCRATCH,
                                             None if erased else SCRATCH)
    return _treat(encounter, healer, target, index, "first aid", FIRST_AID_DIFFICULTY, modifier, dice)


def _treat(encounter: Encounter, healer: Combatant, target: Combatant, index: int, skill: str, difficulty: int,
           modifier: int, dice: DiceSource) -> tuple[Encounter, Treated]:
    wound = target.health.wounds[index]
    rolled = _roll(encounter, healer, skill, difficulty, modifier, dice)
    if not rolled.success:
        return encounter, Treated(skill, healer.id, target.id, rolled, wound.level, wound.level)
    better = replace(wound, level=wound.level - 1, treated=True)
    return encounter.put(_replace_wound(target, index, better)), Treated(
        skill, healer.id, target.id, rolled, wound.level, better.level)


def surgery(encounter: Encounter, healer_id: str, target_id: str, modifier: int,
            dice: DiceSource) -> tuple[Encounter, Treated]:
    """Treat the worst untreated Critical or Mortal wound with Battle Surgery."""
    healer, target = encounter.get(healer_id), encounter.get(target_id)
    if target.health.dying is not None:
        raise CannotAct(f"{target.name} is dying: surgery cannot help; only extraordinary measures (method:save).")
    index = _worst(target.health, (CRITICAL, MORTAL))
    if index is None:
        raise RulesError(f"{target.name} has no Critical or Mortal wound for Battle Surgery.")
    return _treat(encounter, healer, target, index, "battle surgery", SURGERY_DIFFICULTY, modifier, dice)


def rest(encounter: Encounter, target_id: str, days: int) -> tuple[Encounter, Rested]:
    """Rest some days after the fight: wounds heal by their time, power fatigue comes back, sleepers wake."""
    target = encounter.get(target_id)
    health = target.health
    if health.dead or health.dying is not None:
        raise CannotAct(f"{target.name} is {'dead' if health.dead else 'dying'}: rest will not help.")
    kept = tuple(replace(w, rested=w.rested + days) for w in health.wounds if HEAL_DAYS[w.level] > w.rested + days)
    healed = tuple(LEVELS[w.level] for w in health.wounds if HEAL_DAYS[w.level] <= w.rested + days)
    awake = not any(w.level == MORTAL for w in kept)
    woke = health.unconscious and awake
    unconscious = health.unconscious and not awake
    rested = replace(health, wounds=kept, unconscious=unconscious, knocked_out=health.knocked_out and not awake)
    fatigue = target.state.fatigue if target.state is not None else 0
    encounter = encounter.put(replace(target, health=rested))
    if fatigue and _fighting(encounter):  # "you cannot get back Power fatigue until you rest after combat" [seed]
        return encounter, Rested(target_id, days, healed, woke, 0, kept=fatigue)
    return put_fighter(encounter, target_id, fatigue=0), Rested(target_id, days, healed, woke, fatigue)


def _fighting(encounter: Encounter) -> bool:
    """Tell whether the fight goes on: more than one side still has someone not out of it."""
    return len({c.side for c in encounter.combatants if not c.health.out}) > 1


def save(encounter: Encounter, target_id: str) -> tuple[Encounter, Saved]:
    """End a fighter's dying: the GM's extraordinary measures."""
    target = encounter.get(target_id)
    if target.health.dying is None or target.health.dead:
        raise RulesError(f"{target.name} is not dying.")
    return encounter.put(replace(target, health=replace(target.health, dying=None))), Saved(target_id)
