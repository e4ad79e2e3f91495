"""The charge and action phases: attacks in every mode, the charge, overwatch, reloading and overloading."""

from __future__ import annotations

from collections.abc import Mapping

from combat.dice import DiceSource
from combat.errors import CannotAct, InvalidInput
from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.options import OptionValue
from combat.system import ActionOutcome, Intent
from combat.systems.fallout.aim import BLOCKABLE, Sight, look, require_distance
from combat.systems.fallout.blast import explode
from combat.systems.fallout.board import sight
from combat.systems.fallout.cones import spray, sweep
from combat.systems.fallout.harm import deal, harm_of
from combat.systems.fallout.hexgrid import axis_towards, cone, direction_between, distance, parse_hex
from combat.systems.fallout.kit import SIDES, choose_weapon, items_in_hand, usable_arms
from combat.systems.fallout.moves import MOVES
from combat.systems.fallout.moving import CHARGE_HEXES, check_ground, path_to, speed
from combat.systems.fallout.results import Attack, Harm, Overload, Reloaded, Watching
from combat.systems.fallout.state import Fighter, Overwatch, field_of, fighter, with_fighter
from combat.systems.fallout.strike import finish, roll_strike
from combat.systems.fallout.tables import MELEE_MODES, WATCH_MODES, FalloutTables, Weapon
from combat.systems.fallout.toss import toss
from combat.systems.fallout.walking import after_strike

__all__ = ["attack", "charge", "charge_phase_disarm", "lob", "overload", "overwatch", "reload", "vent"]



def option_value(intent: Intent, name: str) -> str | None:
    value = intent.options.get(name)
    return value if isinstance(value, str) else None


def _spend_thrown(encounter: Encounter, actor: Combatant, weapon: Weapon) -> Encounter:
    """Take a thrown item out of the hand (and the kit)."""
    state = fighter(encounter.get(actor.id))
    hands = list(state.hands)
    if weapon.key in hands:
        hands.remove(weapon.key)
    changed = replace(state, hands=tuple(hands), spent=(*state.spent, weapon.key))
    return encounter.put(with_fighter(encounter.get(actor.id), changed))


def one_target(encounter: Encounter, intent: Intent) -> Combatant:
    if not intent.targets:
        raise InvalidInput("Say who to attack: add target:Name (a spray, or a thrown explosive, may aim at:<hex>).")
    if len(intent.targets) != 1:
        raise InvalidInput(f"{option_value(intent, 'mode') or 'That attack'} takes one target.")
    target = encounter.get(intent.targets[0])
    if target.id == intent.actor:
        raise InvalidInput("Attack someone else.")
    return target


def melee_reach(encounter: Encounter, actor: Combatant, target: Combatant) -> None:
    here, there = fighter(actor).place(), fighter(target).place()
    if here is not None and there is not None and distance(here, there) != 1:
        raise CannotAct(f"{target.name} is not next to {actor.name} ({here.name} to {there.name}).")


def _option_names(move: str) -> list[str]:
    """Return the names of a Fallout move's options, in order."""
    return [o.name for o in next(m for m in MOVES if m.name == move).options]


# The options of /attack that a disarm in the charge phase has no use for (the charge move takes none of them).
_ACTION_ONLY = tuple(name for name in _option_names("attack") if name not in _option_names("charge"))


def attack(encounter: Encounter, intent: Intent, tables: FalloutTables, dice: DiceSource) -> ActionOutcome:
    """Attack in a mode of a weapon in hand (or unarmed): one target, a cone, or a hex for a lob.

    In the charge phase the one attack is a disarm, made as the charge phase's (``charge_phase_disarm``).
    """
    if encounter.turns.phase == "charge":
        return charge_phase_disarm(encounter, intent, tables, dice)
    actor = encounter.get(intent.actor)
    weapon, mode = choose_weapon(tables, actor, option_value(intent, "mode"), option_value(intent, "weapon"))
    if mode == "spray":
        encounter, result = spray(encounter, tables, dice, actor, weapon, intent.targets, intent.options,
                                  intent.modifier)
        return ActionOutcome(encounter, result)
    if mode == "sweep":
        encounter, result = sweep(encounter, tables, dice, actor, weapon, intent.targets, intent.options,
                                  intent.modifier)
        return ActionOutcome(encounter, result)
    if weapon.blast and mode in ("throw", "lob"):
        target = one_target(encounter, intent) if intent.targets else None
        encounter, result = explode(encounter, tables, dice, actor, weapon, mode, target, intent.options,
                                    intent.modifier)
        return ActionOutcome(_spend_thrown(encounter, actor, weapon), result)
    if mode == "lob":
        raise InvalidInput("A lob goes to a hex: act move:lob at:<hex>.")
    if option_value(intent, "offhand") is not None:
        return two_weapons(encounter, tables, dice, actor, _two_targets(encounter, intent), weapon, mode, intent)
    target = one_target(encounter, intent)
    return strike_one(encounter, tables, dice, actor, target, weapon, mode, intent)


def _two_hands(actor: Combatant, weapon: Weapon, second: Weapon) -> tuple[str, str]:
    """Return the sides of the hands holding the two weapons; both arms must be usable [seed].

    Each weapon is in the hand holding it (the first in hand in the right); two of one item: ``weapon`` right [ours].
    """
    held = list(fighter(actor).hands)
    broken = [side for side in SIDES if side not in usable_arms(fighter(actor))]
    if broken:
        raise CannotAct(f"{actor.name}'s {' and '.join(broken)} arm{'s are' if len(broken) > 1 else ' is'} broken: "
                        "two weapons need two usable arms.")
    in_hand = weapon.key in held and second.key in held  # a punch or a disarm is made with no weapon in hand
    pair = held.count(weapon.key) >= 2 if weapon.key == second.key else in_hand
    if not pair or weapon.hands != 1 or second.hands != 1:
        raise CannotAct("Two weapons means a one-handed weapon in each hand.")
    return ("right", "left") if weapon.key == second.key or held.index(weapon.key) == 0 else ("left", "right")


def _two_targets(encounter: Encounter, intent: Intent) -> tuple[Combatant, Combatant]:
    """Return the targets of two weapons: one for both, or one for each (the ``weapon:`` one's first) [seed]."""
    if len(intent.targets) > 2:
        raise InvalidInput("Two weapons strike one target or two (the weapon: one at the first).")
    if len(intent.targets) == 2:
        first, second = (encounter.get(t) for t in intent.targets)
        if intent.actor in (first.id, second.id):
            raise InvalidInput("Attack someone else.")
        return first, second
    target = one_target(encounter, intent)
    return target, target


def two_weapons(encounter: Encounter, tables: FalloutTables, dice: DiceSource, actor: Combatant,
                targets: tuple[Combatant, Combatant], weapon: Weapon, mode: str, intent: Intent) -> ActionOutcome:
    """Attack with a one-handed weapon in each hand at once, both at -8 [seed]; points go to damage [ours].

    "The player chooses to perform two actions simultaneously" [seed]: the two may strike one target or two.
    """
    second, _ = choose_weapon(tables, actor, None, option_value(intent, "offhand"))
    sides = _two_hands(actor, weapon, second)
    second_mode = mode if mode in second.modes else second.modes[0]
    plan = ((weapon, mode, sides[0], targets[0]), (second, second_mode, sides[1], targets[1]))
    # Both attacks checked before any die (alive, in reach, seen); he faces the first target.
    sights = [squared_up(encounter, actor, target, how, intent.options) for _, how, _, target in plan]
    encounter = encounter.put(sights[0][0])
    parts = []
    for (item, how, side, target), (_, seen) in zip(plan, sights, strict=True):
        encounter, record = roll_strike(encounter, tables, dice, encounter.get(actor.id), encounter.get(target.id),
                                        item, how, seen, intent.options, intent.modifier, hand=side)
        record = replace(record, spent=(record.spent + ("damage",) * record.points)[: record.points])
        encounter, done = finish(encounter, tables, record, dice)
        parts.append(done)
    first, other = parts
    merged = replace(first, checks=first.checks + other.checks, hits=first.hits + other.hits,
                     crits=first.crits + other.crits, injuries=first.injuries + other.injuries,
                     pushed=first.pushed + other.pushed, harms=_latest_harms(first.harms, other.harms),
                     offhand=second.key,
                     main_hand=(len(first.hits), len(first.crits)))
    return ActionOutcome(encounter, _both_magazines(merged, other, same=second.key == weapon.key))


def _latest_harms(first: tuple[Harm, ...], then: tuple[Harm, ...]) -> tuple[Harm, ...]:
    """Return where each target was left: the second hand's word for its target, the first's for another."""
    later = {h.target for h in then}
    return (*[h for h in first if h.target not in later], *then)


def _both_magazines(merged: Attack, other: Attack, same: bool) -> Attack:
    """Count the rounds of both hands: one count for two of one weapon [ours], else each weapon's own."""
    if other.ammo is None:
        return merged
    if same:
        return replace(merged, ammo=other.ammo, rounds=merged.rounds + other.rounds)
    return replace(merged, offhand_ammo=other.ammo, offhand_rounds=other.rounds)


def lob(encounter: Encounter, intent: Intent, tables: FalloutTables, dice: DiceSource) -> ActionOutcome:
    """Lob an item in hand at a hex (no line of sight needed): half range, -4, 10 to land it.

    An explosive blasts where it lands; anything else is tossed to whoever is there (an ally catches it).
    """
    actor = encounter.get(intent.actor)
    key = option_value(intent, "weapon")
    if key is None:  # an explosive in hand before anything else: a bare lob is a grenade's, not the gun's [ours]
        held = items_in_hand(tables, fighter(actor))
        key = next((k for k in held if k in tables.weapons and tables.weapon(k).blast), held[0] if held else None)
    if key is None:
        raise InvalidInput(f"{actor.name} holds nothing to lob: take an item out in the move phase (act move:item).")
    weapon, _ = choose_weapon(tables, actor, None, key)
    if not weapon.blast:
        encounter, tossed = toss(encounter, tables, dice, actor, weapon, intent.options, intent.modifier)
        return ActionOutcome(encounter, tossed)
    encounter, result = explode(encounter, tables, dice, actor, weapon, "lob", None, intent.options, intent.modifier)
    return ActionOutcome(_spend_thrown(encounter, actor, weapon), result)


def squared_up(encounter: Encounter, actor: Combatant, target: Combatant, mode: str,
               options: Mapping[str, OptionValue]) -> tuple[Combatant, Sight]:
    """Check an attack on one target can be made (alive, in reach, seen at a known range); face the attacker to it."""
    if target.health.dead:
        raise CannotAct(f"{target.name} is dead.")
    if mode in MELEE_MODES:
        melee_reach(encounter, actor, target)
    seen = look(encounter, actor, fighter(target).place(), options, shot=mode in BLOCKABLE)
    if mode not in MELEE_MODES:
        require_distance(seen)
    here, there = fighter(actor).place(), fighter(target).place()
    if here is not None and there is not None:
        actor = with_fighter(actor, replace(fighter(actor), facing=direction_between(here, there)))
    return actor, seen


def strike_one(encounter: Encounter, tables: FalloutTables, dice: DiceSource, actor: Combatant, target: Combatant,
               weapon: Weapon, mode: str, intent: Intent, charged: tuple[str, ...] = (),
               tired: int = 0) -> ActionOutcome:
    """Roll an attack on one target and spend its critical points (``tired``: fatigue the charge before it cost)."""
    turned, seen = squared_up(encounter, actor, target, mode, intent.options)
    if turned is not actor:
        encounter = encounter.put(turned)
        actor = encounter.get(actor.id)
    encounter, record = roll_strike(encounter, tables, dice, actor, target, weapon, mode, seen, intent.options,
                                    intent.modifier)
    if mode in ("throw", "bean"):
        encounter = _spend_thrown(encounter, actor, weapon)
    return after_strike(encounter, tables, dice, replace(record, charged=charged, tired=tired), None)


def disarm_in_place(state: Fighter, mode: str, to: str | None) -> bool:
    """Tell whether a charge-phase disarm is made where the disarmer stands, with no charge [seed].

    "A disarm ... can occur during either the charge or action phases": next to the target, it needs no charge
    (nor standing); ``to:`` left out or the disarmer's own hex.
    """
    return mode == "disarm" and (to is None or state.hex is None or to.strip().upper() == state.hex.upper())


def charge_phase_disarm(encounter: Encounter, intent: Intent, tables: FalloutTables, dice: DiceSource) -> ActionOutcome:
    """Disarm with /attack in the charge phase, as ``act move:charge mode:disarm`` does where one stands [seed].

    "A disarm ... can occur during either the charge or action phases": next to the target it needs no charge;
    a charge that ends in a disarm is the charge move's (``to:``), and other attacks wait for the action phase.
    """
    actor = encounter.get(intent.actor)
    _, mode = choose_weapon(tables, actor, option_value(intent, "mode"), option_value(intent, "weapon"))
    if mode != "disarm":
        raise CannotAct(f"In the charge phase an attack only disarms someone next to you (mode:disarm), not {mode}: "
                        "a charge is act move:charge target:<name> to:<hex>; other attacks wait for the action phase.")
    unused = [name for name in _ACTION_ONLY if name in intent.options]
    if unused:
        raise InvalidInput(f"A disarm in the charge phase takes no {', '.join(unused)}.")
    _next_to(encounter, actor, one_target(encounter, intent))
    return charge(encounter, intent, tables, dice)


def _next_to(encounter: Encounter, actor: Combatant, target: Combatant) -> None:
    """Refuse a disarm in place on a target not next to the disarmer, naming the charge that would reach them."""
    try:
        melee_reach(encounter, actor, target)
    except CannotAct as error:
        raise CannotAct(f"{error.message} To charge and disarm: act move:charge target:{target.name} to:<hex> "
                        "mode:disarm.") from error


def charge(encounter: Encounter, intent: Intent, tables: FalloutTables, dice: DiceSource) -> ActionOutcome:
    """From standing, charge 1 to 4 hexes in a straight line, then a melee attack on an adjacent target."""
    actor = encounter.get(intent.actor)
    state = fighter(actor)
    target = one_target(encounter, intent)
    weapon, mode = choose_weapon(tables, actor, option_value(intent, "mode"), option_value(intent, "weapon"))
    if mode not in MELEE_MODES:
        raise InvalidInput(f"A charge ends in a melee attack ({', '.join(sorted(MELEE_MODES))}), not {mode}.")
    if disarm_in_place(state, mode, option_value(intent, "to")):
        return strike_one(encounter, tables, dice, actor, target, weapon, mode, intent)
    if state.stance != "stand":
        raise CannotAct(f"{actor.name} must be standing to charge.")
    start, to = state.place(), option_value(intent, "to")
    path: tuple[str, ...] = ()
    tired = 0
    if start is not None:
        if to is None:
            raise InvalidInput("Say where the charge ends: to:<hex> next to the target.")
        hexes = path_to(encounter, actor.id, start, [parse_hex(to)])
        most = speed(state, CHARGE_HEXES)
        if not 1 <= len(hexes) - 1 <= most:
            raise CannotAct(f"A charge covers 1 to {most} hexes in a straight line; that is {len(hexes) - 1}.")
        check_ground(encounter, actor, hexes)  # a charge is movement: water and climbs hold it back too
        path = tuple(h.name for h in hexes)
        facing = direction_between(hexes[-2], hexes[-1])
        encounter = encounter.put(with_fighter(actor, replace(state, hex=to.upper(), facing=facing)))
        tired = 2 * (len(hexes) - 1) if state.injury("groin") == "maim" else 0
        if tired:  # "All movement actions inflict double their AP cost in fatigue" [seed], a charge's too
            before = encounter
            encounter = deal(encounter, actor.id, 0, fatigue=tired)
            harm = harm_of(before, encounter, actor.id)
            if harm.out:
                return ActionOutcome(encounter, Attack(actor.id, mode, weapon.key, harms=(harm,), charged=path,
                                                       tired=tired))
        actor = encounter.get(actor.id)
    return strike_one(encounter, tables, dice, actor, target, weapon, mode, intent, path, tired)


def overwatch(encounter: Encounter, intent: Intent, tables: FalloutTables, dice: DiceSource) -> ActionOutcome:
    """Declare a narrow overwatch cone: the next move phase's first enemy to enter it draws one attack."""
    actor = encounter.get(intent.actor)
    state = fighter(actor)
    source = state.place()
    if source is None:
        raise CannotAct("Overwatch needs the map: the GM places the combatant first.")
    weapon, mode = choose_weapon(tables, actor, option_value(intent, "mode"), option_value(intent, "weapon"))
    if option_value(intent, "mode") is None:
        mode = next((m for m in weapon.modes if m in WATCH_MODES), mode)
    if mode not in WATCH_MODES:
        raise InvalidInput(f"Overwatch fires one attack at one enemy: single, double or burst, not {mode}.")
    at = option_value(intent, "at")
    if at is None:
        raise InvalidInput("Aim the overwatch cone: at:<hex>.")
    aim = parse_hex(at)
    bias = str(intent.options.get("bias", "left"))
    axis = axis_towards(source, aim)
    watch = Overwatch(encounter.turns.round, axis, bias, weapon.key, mode, aim.name)
    encounter = encounter.put(with_fighter(actor, replace(state, overwatch=watch)))
    field = field_of(encounter)
    hexes = tuple(h.name for h in cone(source, axis, 30, 5 * weapon.range, bias)
                  if field.on_map(h) and sight(field, source, h) is not None)
    return ActionOutcome(encounter, Watching(actor.id, aim.name, weapon.key, mode, hexes))


def _magazine_weapon(tables: FalloutTables, actor: Combatant, key: str | None) -> Weapon:
    state = fighter(actor)
    keys = [key] if key else [k for k in state.hands if k in tables.weapons and tables.weapon(k).magazine]
    if not keys or keys[0] not in state.hands:
        raise CannotAct(f"{actor.name} has no weapon with a magazine in hand" + (f" called {key}." if key else "."))
    weapon = tables.weapon(keys[0])
    if not weapon.magazine:
        raise CannotAct(f"The {weapon.name} takes no ammunition.")
    return weapon


def reload(encounter: Encounter, intent: Intent, tables: FalloutTables, dice: DiceSource) -> ActionOutcome:
    """Reload a weapon in hand to a full magazine (an action)."""
    actor = encounter.get(intent.actor)
    weapon = _magazine_weapon(tables, actor, option_value(intent, "weapon"))
    changed = with_fighter(actor, fighter(actor).with_ammo(weapon.key, weapon.magazine))
    return ActionOutcome(encounter.put(changed), Reloaded(actor.id, weapon.key, weapon.magazine))


def overload(encounter: Encounter, intent: Intent, tables: FalloutTables, dice: DiceSource) -> ActionOutcome:
    """Overload an SEC/MFC weapon one round more: twice a shot's charges; its next single shot fires them all."""
    actor = encounter.get(intent.actor)
    weapon = _magazine_weapon(tables, actor, option_value(intent, "weapon"))
    state = fighter(actor)
    if not weapon.overload:
        raise CannotAct(f"The {weapon.name} cannot overload.")
    level = state.overloaded if state.overloading == weapon.key else 0
    if level >= weapon.overload:
        raise CannotAct(f"The {weapon.name} is at its most ({weapon.overload}); holding costs a charge a round.")
    if state.loaded(weapon.key) < 2:
        raise CannotAct(f"The {weapon.name} needs 2 charges to overload; reload it.")
    left = state.loaded(weapon.key) - 2
    changed = replace(state.with_ammo(weapon.key, left), overloaded=level + 1, overloading=weapon.key)
    result = Overload(actor.id, weapon.key, level + 1, 2, left)
    return ActionOutcome(encounter.put(with_fighter(actor, changed)), result)


def vent(encounter: Encounter, intent: Intent, tables: FalloutTables, dice: DiceSource) -> ActionOutcome:
    """Release an overload harmlessly (an action)."""
    actor = encounter.get(intent.actor)
    state = fighter(actor)
    if not state.overloaded:
        raise CannotAct(f"{actor.name} holds no overload.")
    changed = replace(state, overloaded=0, overloading="")
    left = state.loaded(state.overloading)
    return ActionOutcome(encounter.put(with_fighter(actor, changed)), Overload(actor.id, state.overloading, 0, 0, left))
