"""An attack on one combatant: single, double, burst, throw, bean and the melee modes, plus disarm and trip.

Dice order: the attacker's 2d10; then each hit's damage dice in order (round 1, 2 …); then, as critical points are
spent, each point's dice.
"""

from __future__ import annotations

from collections.abc import Mapping

from combat.dice import DiceSource, parse_dice, roll
from combat.errors import CannotAct
from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.options import OptionValue
from combat.systems.fallout.aim import Sight
from combat.systems.fallout.checks import EVASION, VERY_EASY, modifiers, roll_check, skill_of
from combat.systems.fallout.crits import crit_dice, padded, preset, spend
from combat.systems.fallout.harm import damage_hit, deal, drop_stances, harm_of, injure
from combat.systems.fallout.kit import carried, free_hands, held_in, improvised, items_in_hand
from combat.systems.fallout.pause import StrikeRecord
from combat.systems.fallout.results import Attack, Check, Hit, Injured
from combat.systems.fallout.sheet import melee_damage
from combat.systems.fallout.state import Fighter, fighter, with_fighter
from combat.systems.fallout.tables import MELEE_MODES, FalloutTables, Weapon

__all__ = ["burst_hits", "burst_penalty", "disarm_item", "finish", "hit_count", "needed_against", "partial",
           "roll_strike", "take_ammo"]


def burst_penalty(number: int) -> int:
    """Return the penalty of a burst's round ``number`` (from 1): none, then 5, then 10 for the rest [seed]."""
    return 0 if number <= 1 else 5 if number == 2 else 10


def burst_hits(check: Check, rounds: int) -> int:
    """Count a burst's hits: round 1 at the total, round 2 at -5, rounds 3 and on at -10 [seed]."""
    return sum(1 for n in range(1, rounds + 1) if check.total - burst_penalty(n) >= check.needed)


def take_ammo(encounter: Encounter, actor: Combatant, weapon: Weapon, wanted: int) -> tuple[Encounter, int, int]:
    """Use up to ``wanted`` rounds (refused when empty); return the encounter, rounds fired and rounds left."""
    if not weapon.magazine:
        return encounter, wanted, 0
    state = fighter(encounter.get(actor.id))
    loaded = state.loaded(weapon.key)
    if loaded <= 0:
        raise CannotAct(f"{actor.name}'s {weapon.name} is empty: reload it in the action phase (act move:reload).")
    fired = min(wanted, loaded)
    changed = with_fighter(encounter.get(actor.id), state.with_ammo(weapon.key, loaded - fired))
    return encounter.put(changed), fired, loaded - fired


def damage_dice(weapon: Weapon, mode: str) -> str:
    return improvised(weapon, mode)[0] if mode in ("smash", "bean") else weapon.damage


def _hits(tables: FalloutTables, dice: DiceSource, actor: Combatant, target: Combatant, weapon: Weapon, mode: str,
          count: int, charges: int) -> tuple[Hit, ...]:
    spec = parse_dice(damage_dice(weapon, mode))
    bonus = spec.modifier + (melee_damage(actor.sheet) if mode in MELEE_MODES else 0)
    hits = []
    for number in range(count):
        faces: tuple[int, ...] = ()
        for _ in range(charges):
            faces += roll(dice, replace(spec, modifier=0)).faces
        label = f"round {number + 1}" if count > 1 else ""
        hits.append(damage_hit(tables, target, faces, bonus * charges, weapon.damage_type, 1, label))
    return tuple(hits)


def needed_against(target: Combatant, mode: str) -> int:
    """Return the number needed: Very Easy + Evasion; a disarm is Very Easy + the target's Unarmed total [seed]."""
    if mode == "disarm":
        return VERY_EASY + skill_of(target, "punch")[1]
    return VERY_EASY + EVASION


def roll_strike(encounter: Encounter, tables: FalloutTables, dice: DiceSource, actor: Combatant, target: Combatant,
                weapon: Weapon, mode: str, seen: Sight, options: Mapping[str, OptionValue], gm: int,
                interrupt: bool = False, ammo: bool = True, hand: str | None = None) -> tuple[Encounter, StrikeRecord]:
    """Roll the attack and its hits' damage (``ammo``: using its rounds; ``hand``: the side of one of two weapons)."""
    if mode == "disarm":
        disarm_item(tables, actor, target)
    mods = modifiers(encounter, tables, actor, weapon, mode, target, seen, options, gm, hand)
    wanted = {"double": 2, "burst": weapon.burst}.get(mode, 1)
    rounds, left = 0, None
    if ammo and weapon.magazine and mode in ("single", "double", "burst"):
        encounter, rounds, left_count = take_ammo(encounter, actor, weapon, wanted)
        left = left_count
    check = roll_check(dice, actor, mode, target.id, mods, needed_against(target, mode))
    state = fighter(encounter.get(actor.id))
    charges = 1 + (state.overloaded if mode == "single" else 0)
    if charges > 1:
        encounter = encounter.put(with_fighter(encounter.get(actor.id), replace(state, overloaded=0)))
    count = 0
    if check.hit and mode not in ("disarm", "trip"):
        count = hit_count(check, mode, rounds)
    hits = _hits(tables, dice, actor, target, weapon, mode, count, charges)
    allowed = ("damage", *weapon.crits) if mode not in ("disarm", "trip") else ()
    count_dice, sides = crit_dice(damage_dice(weapon, mode))
    part = options.get("location")
    source = fighter(actor).hex
    record = StrikeRecord(actor.id, target.id, mode, weapon.key, check, hits, check.points if allowed else 0,
                          allowed, (), part if isinstance(part, str) else None, source, left, rounds, interrupt,
                          sides, count_dice)
    chosen = preset(options.get("crits"), allowed)
    return encounter, (padded(record, chosen) if chosen is not None else record)


def hit_count(check: Check, mode: str, rounds: int) -> int:
    """Return the hits of a roll that hit: a burst's rounds that reach, each barrel of a double that fired, else one.

    A double with one shell loaded fires one barrel: one hit [ours: the seed's "two barrels are firing"].
    """
    if mode == "burst":
        return burst_hits(check, rounds)
    if mode == "double":
        return min(2, rounds) if rounds else 2
    return 1


def disarm_item(tables: FalloutTables, actor: Combatant, target: Combatant) -> Weapon:
    """Return the item a disarm takes: the first in the target's hands [ours]; refuse one that cannot be made [seed].

    "Disarming a small item requires only one open hand. Disarming a large item requires two": with nothing to take
    or too few open hands the disarm is refused before any die.
    """
    held = [k for k in items_in_hand(tables, fighter(target)) if k in tables.weapons]
    if not held:
        raise CannotAct(f"{target.name} holds nothing to disarm.")
    item = tables.weapon(held[0])
    need = 2 if item.size == "large" else 1
    free = free_hands(tables, fighter(actor))
    if free < need:
        raise CannotAct(f"Disarming the {item.name} needs {need} open hand{'s' if need > 1 else ''}: "
                        f"{actor.name} has {free}.")
    return item


def _disarm(encounter: Encounter, tables: FalloutTables, record: StrikeRecord) -> tuple[Encounter, str]:
    """Take the item (``disarm_item``, checked before the dice) into the attacker's free hands."""
    target, actor = encounter.get(record.target), encounter.get(record.actor)
    item = disarm_item(tables, actor, target)
    theirs, mine = fighter(target), fighter(actor)
    loaded = theirs.loaded(item.key)
    # The item, with what is loaded in it, leaves his kit for the attacker's [seed: "the item is in the hand(s) of
    # the attacker"]; rounds are counted per weapon name, so a copy he still carries keeps its count [ours].
    kept = carried(actor, item.key) > 0
    left = carried(target, item.key) > 1
    hands = list(theirs.hands)
    hands.remove(item.key)
    theirs = replace(theirs, hands=tuple(hands), spent=(*theirs.spent, item.key))
    target = with_fighter(target, theirs if left or not loaded else theirs.with_ammo(item.key, 0))
    mine = replace(mine, hands=(*mine.hands, item.key))
    actor = with_fighter(actor, mine if kept or not loaded else mine.with_ammo(item.key, loaded))
    sheet = replace(actor.sheet, weapons=(*actor.sheet.weapons, item.key))
    return encounter.put(target, replace(actor, sheet=sheet)), item.key


def _let_go(encounter: Encounter, tables: FalloutTables, was: Fighter, wound: Injured) -> tuple[Encounter, Injured]:
    """Drop what a newly broken arm's hand held [seed: a broken arm cannot hold any item]; it leaves the kit."""
    if wound.level != "break" or not wound.part.endswith("-arm"):
        return encounter, wound
    dropped = held_in(tables, was, wound.part.removesuffix("-arm"))
    if not dropped:
        return encounter, wound
    target = encounter.get(wound.target)
    state = fighter(target)
    hands = list(state.hands)
    for key in dropped:
        hands.remove(key)
    changed = replace(state, hands=tuple(hands), spent=(*state.spent, *dropped))
    return encounter.put(with_fighter(target, changed)), replace(wound, dropped=dropped)


def finish(encounter: Encounter, tables: FalloutTables, record: StrikeRecord, dice: DiceSource) -> tuple[
        Encounter, Attack]:
    """Apply the hits, the spent critical points, a called shot's wound, a disarm or a trip."""
    before = encounter
    took = None
    for hit in record.hits:
        encounter = deal(encounter, hit.target, hit.damage, hit.fatigue)
    encounter, crits, pushed, extra = spend(encounter, record, dice)
    if record.check.hit and record.mode == "disarm":
        encounter, took = _disarm(encounter, tables, record)
    if record.check.hit and record.mode == "trip":
        encounter = drop_stances(encounter, record.target, 1)
    injuries: tuple[Injured, ...] = ()
    if record.part is not None and record.hits:
        was = fighter(encounter.get(record.target))
        encounter, wound = injure(encounter, record.target, record.part, sum(h.damage for h in record.hits) + extra)
        encounter, wound = _let_go(encounter, tables, was, wound)
        injuries = (wound,)
    harm = harm_of(before, encounter, record.target)
    return encounter, Attack(record.actor, record.mode, record.weapon, (record.check,), record.hits, tuple(crits),
                             record.part, injuries, tuple(pushed), (harm,), ammo=record.ammo, rounds=record.rounds,
                             interrupt=record.interrupt, charged=record.charged, took=took,
                             tired=record.tired)


def partial(record: StrikeRecord) -> Attack:
    """Show an attack rolled but waiting for its critical points to be spent."""
    return Attack(record.actor, record.mode, record.weapon, (record.check,), record.hits, (), record.part,
                  ammo=record.ammo, rounds=record.rounds, pending=record.points - len(record.spent),
                  interrupt=record.interrupt, charged=record.charged, tired=record.tired)
