"""Spending an attack's successes, chosen by the attacker after seeing them (default: all damage).

One success buys a knock-down, a throw or a hold (the rest is damage); with none to spend, they need a Strength
contest. Two successes may stun (1 HTK, Stamina vs PF or lose the round's
remaining actions, or the next round's); three or more may knock out (2 HTK, Stamina vs PF+1 or unconscious).
"""

from __future__ import annotations

from combat.dice import DiceSource
from combat.frozen import replace
from combat.intent import Choice, Reaction
from combat.model import Combatant, Condition, Encounter
from combat.systems.d6pool.build import trait
from combat.systems.d6pool.initiative import able
from combat.systems.d6pool.model import HELD, KO, PRONE, STUNNED, Htk
from combat.systems.d6pool.pool import roll_pool
from combat.systems.d6pool.results import Contest, Save, Spend, Spent
from combat.systems.d6pool.tables import D6Tables

__all__ = ["apply_damage", "offer", "release_holds", "release_if_unable", "spend", "strength_contest"]


def offer(actor: str, successes: int, kind: str = "melee") -> Reaction | None:
    """Return the attacker's choices for ``successes`` (default: all damage), or None when nothing is to choose.

    Holding and Strength contests are hand to hand: a shot or a mind blast spends successes only.
    """
    melee = kind == "melee"
    if successes == 0:
        if not melee:
            return None
        nothing = (Choice("none", "No effect"), Choice("knockdown", "Knock down (Strength contest)"),
                   Choice("throw", "Throw (Strength contest)"), Choice("hold", "Hold (Strength contest)"))
        return Reaction(actor, nothing, "none", prompt="No damage got through; an effect instead")
    rest = f" + {successes - 1} HTK" if successes > 1 else ""
    choices: tuple[Choice, ...] = (Choice("damage", f"All damage ({successes} HTK)"),
               Choice("knockdown", f"Knock down{rest}"), Choice("throw", f"Throw{rest}"))
    if melee:
        choices += (Choice("hold", f"Hold{rest}"),)
    if successes >= 2:
        choices += (Choice("stun", "Stun (1 HTK, Stamina vs PF)"),)
    if successes >= 3:
        choices += (Choice("knockout", "Knock out (2 HTK, Stamina vs PF+1)"),)
    noun = "success" if successes == 1 else "successes"
    return Reaction(actor, choices, "damage", prompt=f"Spend {successes} {noun}")


def release_holds(encounter: Encounter, holder: str) -> tuple[Encounter, tuple[str, ...]]:
    """Free everyone ``holder`` holds (he went down, was stunned, knocked out, knocked down or let go)."""
    freed = [c for c in encounter.combatants if (h := c.condition(HELD)) is not None and h.source == holder]
    return encounter.put(*(c.without(HELD) for c in freed)), tuple(c.id for c in freed)


def _hurt(encounter: Encounter, target_id: str, lost: int) -> Encounter:
    target = encounter.get(target_id)
    health: Htk = target.health
    return encounter.put(replace(target, health=replace(health, lost=health.lost + lost)))


def release_if_unable(encounter: Encounter, holder: str) -> tuple[Encounter, tuple[str, ...]]:
    """Free whoever ``holder`` holds once he can hold them no more: down, knocked out, stunned or knocked down."""
    combatant = encounter.get(holder)
    health: Htk = combatant.health
    if health.down or combatant.has_any(KO, STUNNED, PRONE):
        return release_holds(encounter, holder)
    return encounter, ()


def _spent(encounter: Encounter, spent: Spent) -> tuple[Encounter, Spent]:
    """Record the spending with where it left the target; free whoever he held if he can no longer hold them."""
    encounter, released = release_if_unable(encounter, spent.target)
    health: Htk = encounter.get(spent.target).health
    return encounter, replace(spent, htk=health.current, htk_total=health.htk, released=released)


def apply_damage(encounter: Encounter, actor: str, target: str, successes: int) -> tuple[Encounter, Spent]:
    """Take one HTK per success."""
    return _spent(_hurt(encounter, target, successes), Spent(actor, target, "damage", successes, successes, None,
                                                             False))


def strength_contest(holder: Combatant, other: Combatant, tables: D6Tables, dice: DiceSource) -> Contest:
    """Roll Strength dice for the one who starts the contest, then for the other; totals compared."""
    success = tables.charts.dice.success
    first = roll_pool(dice, trait(holder.sheet, "strength"), 0, success)
    return Contest(first, roll_pool(dice, trait(other.sheet, "strength"), 0, success))


def _actions_left(encounter: Encounter, combatant: str) -> bool:
    """Tell whether the combatant still has an action this round: able to act, with a slot to come.

    An earlier stun this round already took his slots to come (the seed: "lose ALL remaining Actions"), so a second
    stun finds none left and takes the next round. Nobody holds an action in this system (``check_hold``).
    """
    if not able(encounter.get(combatant)):
        return False
    return any(combatant in s.waiting for s in encounter.turns.queue)


def _save(encounter: Encounter, target: str, pf: int, tables: D6Tables, dice: DiceSource) -> Save:
    """Roll the target's Stamina dice, then the Power Factor dice."""
    success = tables.charts.dice.success
    stamina = roll_pool(dice, trait(encounter.get(target).sheet, "stamina"), 0, success)
    return Save(stamina, roll_pool(dice, pf, 0, success), pf)


def _stun(encounter: Encounter, actor: str, context: Spend, tables: D6Tables,
          dice: DiceSource) -> tuple[Encounter, Spent]:
    encounter = _hurt(encounter, context.target, 1)
    victim = encounter.get(context.target)
    if victim.health.down:
        return _spent(encounter, Spent(actor, context.target, "stun", context.successes, 1, "stun", False))
    save = _save(encounter, context.target, context.pf, tables, dice)
    next_round = not _actions_left(encounter, victim.id)
    if not save.saved:
        old = victim.condition(STUNNED)
        rounds = max(2 if next_round else 1, old.elements or 0) if old else (2 if next_round else 1)
        encounter = encounter.put(victim.with_condition(Condition(STUNNED, elements=rounds, source=actor)))
    return _spent(encounter, Spent(actor, context.target, "stun", context.successes, 1, "stun", not save.saved,
                                   save=save, next_round=next_round and not save.saved))


def _knockout(encounter: Encounter, actor: str, context: Spend, tables: D6Tables,
              dice: DiceSource) -> tuple[Encounter, Spent]:
    encounter = _hurt(encounter, context.target, 2)
    victim = encounter.get(context.target)
    if victim.health.down:
        return _spent(encounter, Spent(actor, context.target, "knockout", context.successes, 2, "knockout", False))
    save = _save(encounter, context.target, context.pf + 1, tables, dice)
    if not save.saved:
        encounter = encounter.put(victim.with_condition(Condition(KO, value=context.pf, source=actor)))
    return _spent(encounter, Spent(actor, context.target, "knockout", context.successes, 2, "knockout",
                                   not save.saved, save=save))


def _effect(encounter: Encounter, actor: str, context: Spend, choice: str, tables: D6Tables,
            dice: DiceSource) -> tuple[Encounter, Spent]:
    """Knock down, throw or hold: a success buys the effect (the rest is damage); with none, a Strength contest."""
    holder, victim = encounter.get(actor), encounter.get(context.target)
    paid = context.successes > 0
    lost = context.successes - 1 if paid else 0
    contest = None if paid else strength_contest(holder, victim, tables, dice)
    took = paid or (contest is not None and contest.won)
    encounter = _hurt(encounter, victim.id, lost) if lost else encounter
    victim = encounter.get(victim.id)
    if took and choice == "hold":
        encounter = encounter.put(victim.with_condition(Condition(HELD, source=actor)))
    elif took:
        down = victim.with_condition(Condition(PRONE))
        encounter = encounter.put(down.without(HELD) if choice == "throw" else down)  # thrown clear of any hold
    return _spent(encounter, Spent(actor, victim.id, choice, context.successes, lost, choice, took, contest=contest))


def spend(encounter: Encounter, actor: str, context: Spend, choice: str, tables: D6Tables,
          dice: DiceSource) -> tuple[Encounter, Spent]:
    """Apply the attacker's choice."""
    if choice == "damage":
        return apply_damage(encounter, actor, context.target, context.successes)
    if choice == "none":
        return _spent(encounter, Spent(actor, context.target, "none", 0, 0, None, False))
    if choice == "stun":
        return _stun(encounter, actor, context, tables, dice)
    if choice == "knockout":
        return _knockout(encounter, actor, context, tables, dice)
    return _effect(encounter, actor, context, choice, tables, dice)
