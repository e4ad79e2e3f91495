"""The move phase [seed]: one move, item swap, stance change or evade, plus free drops.

One of: a prone (1 hex), crouch (2), stand (4) or run (8: no charge or action) move; getting up a stance; taking
out or putting away items; or evading (-5 to attacks on you; no charge or action). Free: drop a stance at the start
or end of the move, drop items. Heavy armour cannot run or go from prone to standing. Leg wounds halve movement; a
broken groin or both legs broken keep the combatant where they are.
"""

from __future__ import annotations

from collections.abc import Mapping

from combat.dice import DiceSource
from combat.errors import CannotAct, InvalidInput
from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.options import OptionValue
from combat.system import ActionOutcome, Intent
from combat.systems.fallout.board import blocked_path
from combat.systems.fallout.hexgrid import Hex, lines, parse_hex
from combat.systems.fallout.kit import carried, hands_used, is_body, usable_arms
from combat.systems.fallout.pause import MoveRecord
from combat.systems.fallout.results import Evading, Items, Moved, Stance
from combat.systems.fallout.state import GROUND, STANCES, Fighter, field_of, fighter, with_fighter
from combat.systems.fallout.tables import FalloutTables
from combat.systems.fallout.walking import walk

__all__ = ["CHARGE_HEXES", "SPEED", "check_ground", "drop", "evade", "immobile", "items", "move", "path_to", "speed",
           "stance"]

SPEED = {"prone": 1, "crouch": 2, "stand": 4}
RUN = 8
CHARGE_HEXES = 4
NO_CHARGE_OR_ACTION = ("charge", "action")


def _heavy_armour(tables: FalloutTables, combatant: Combatant) -> bool:
    armour = tables.armour.get(combatant.sheet.armour or "")
    return armour is not None and armour.heavy


def immobile(state: Fighter) -> bool:
    """Tell whether wounds keep the combatant from moving unaided (broken groin, both legs broken)."""
    legs = [state.injury("left-leg"), state.injury("right-leg")]
    return state.injury("groin") == "break" or legs.count("break") == 2


def speed(state: Fighter, hexes: int) -> int:
    """Return a movement rate after leg wounds: halved (rounded down) by a broken leg or both legs maimed."""
    legs = [state.injury("left-leg"), state.injury("right-leg")]
    return hexes // 2 if "break" in legs or legs.count("maim") == 2 else hexes


def path_to(encounter: Encounter, mover: str, start: Hex, stops: list[Hex]) -> tuple[Hex, ...]:
    """Return the hexes from ``start`` through each stop in straight lines (the clear side where one is)."""
    path: tuple[Hex, ...] = (start,)
    for stop in stops:
        options = lines(path[-1], stop)
        leg = next((p for p in options if blocked_path(encounter, mover, p) is None), options[0])
        path += leg[1:]
    why = blocked_path(encounter, mover, path)
    if why is not None:
        raise CannotAct(f"That way is blocked: {why}. Go round it with via:.")
    return path


def _drop_to(state: Fighter, wanted: OptionValue | None) -> Fighter:
    if not isinstance(wanted, str):
        return state
    if STANCES.index(wanted) <= STANCES.index(state.stance):
        lower = STANCES[STANCES.index(state.stance) + 1:]
        if not lower:
            raise InvalidInput("A free stance change only goes down, and prone is as low as it goes.")
        raise InvalidInput(f"A free stance change only goes down: from {state.stance} to {' or '.join(lower)}.")
    return replace(state, stance=wanted)


def _stops(options: Mapping[str, OptionValue]) -> list[Hex]:
    via = options.get("via")
    stops = [parse_hex(h) for h in str(via).split(",") if h.strip()] if isinstance(via, str) else []
    to = options.get("to")
    if not isinstance(to, str):
        raise InvalidInput("Say where to: to:<hex> (and via:<hexes> to go round things).")
    return [*stops, parse_hex(to)]


def move(encounter: Encounter, intent: Intent, tables: FalloutTables, dice: DiceSource) -> ActionOutcome:
    """Move (or run) along straight lines through the given hexes, meeting any overwatch on the way."""
    actor = encounter.get(intent.actor)
    state = _drop_to(fighter(actor), intent.options.get("before"))
    before = state.stance if state.stance != fighter(actor).stance else None
    _drop_to(state, intent.options.get("after"))  # checked now: at the end it too may only go down
    run = intent.options.get("run") is True
    if immobile(state):
        raise CannotAct(f"{actor.name} cannot move without help.")
    if run and (state.stance != "stand" or _heavy_armour(tables, actor)):
        raise CannotAct("Only a standing combatant out of heavy armour can run.")
    allowed = speed(state, RUN if run else SPEED[state.stance])
    lost = NO_CHARGE_OR_ACTION if run else ()
    state = replace(state, busy=True, lost=(*state.lost, *lost))
    start = state.place()
    if start is None:
        hexes = intent.options.get("hexes")
        if not isinstance(hexes, int):
            raise InvalidInput(f"{actor.name} is not on the map: say how far with hexes:<n> (or the GM places them).")
        if hexes > allowed:
            raise CannotAct(f"{actor.name} can move {allowed} hexes ({_how(state, run)}).")
        return ActionOutcome(encounter.put(with_fighter(actor, state)), Moved(actor.id, (), run, before, hexes=hexes))
    path = path_to(encounter, actor.id, start, _stops(intent.options))
    if len(path) == 1 and not any(intent.options.get(k) is not None for k in ("face", "after")):
        raise InvalidInput(f"{actor.name} is already on {start.name}: name another hex with to: (or turn where they "
                           "stand with face:).")
    if len(path) - 1 > allowed:
        raise CannotAct(f"That is {len(path) - 1} hexes; {actor.name} can move {allowed} ({_how(state, run)}).")
    if not field_of(encounter).on_map(path[-1]):
        raise CannotAct(f"{path[-1].name} is off the map.")
    check_ground(encounter, actor, path)
    encounter = encounter.put(with_fighter(actor, state))
    after = intent.options.get("after")
    face = intent.options.get("face")
    record = MoveRecord(actor.id, (start.name,), tuple(h.name for h in path[1:]), run, str(state.stance), before,
                        after if isinstance(after, str) else None, face if isinstance(face, str) else None)
    return walk(encounter, tables, dice, record)


def check_ground(encounter: Encounter, actor: Combatant, path: tuple[Hex, ...]) -> None:
    """Refuse a move through water or a climb longer than the seed allows: "climb up to one hex", "swim up to two"."""
    field = field_of(encounter)
    crossed = [kind for place in path[1:] if (kind := field.ground(place)) is not None]
    if not crossed:
        return
    kind = min(crossed, key=lambda k: GROUND[k])
    if len(path) - 1 > GROUND[kind]:
        verb = "swim" if kind == "water" else "climb"
        raise CannotAct(f"That is {len(path) - 1} hexes through {kind}; {actor.name} can {verb} "
                        f"{GROUND[kind]} hex{'es' if GROUND[kind] > 1 else ''} in a move.")


def _how(state: Fighter, run: bool) -> str:
    return "running" if run else f"{state.stance} move"


def stance(encounter: Encounter, intent: Intent, tables: FalloutTables, dice: DiceSource) -> ActionOutcome:
    """Get up: prone to crouch or crouch to stand; prone to stand costs the charge and action phases."""
    actor = encounter.get(intent.actor)
    state = fighter(actor)
    wanted = str(intent.options.get("to", "stand"))
    old = state.stance
    if STANCES.index(wanted) >= STANCES.index(old):
        raise InvalidInput(f"{actor.name} is {old}; this move gets up (to crouch or stand); drops are free.")
    if immobile(state):
        raise CannotAct(f"{actor.name} cannot get up without help.")
    jump = old == "prone" and wanted == "stand"
    if jump and _heavy_armour(tables, actor):
        raise CannotAct("In heavy armour, getting up from prone takes two moves: crouch first.")
    lost = NO_CHARGE_OR_ACTION if jump else ()
    changed = replace(state, stance=wanted, busy=True, lost=(*state.lost, *lost))
    return ActionOutcome(encounter.put(with_fighter(actor, changed)), Stance(actor.id, old, wanted))


def _keys(value: OptionValue | None) -> tuple[str, ...]:
    return tuple(k.strip().lower() for k in value.split(",") if k.strip()) if isinstance(value, str) else ()


def _fits(actor: Combatant, needed: int, usable: int) -> None:
    """Refuse holding more than the usable hands can: a broken arm holds nothing [seed]."""
    if needed <= usable:
        return
    if usable == 2:
        raise CannotAct(f"{actor.name} has only two hands: put something away first (stow:<item>).")
    have = "one usable hand" if usable == 1 else "no usable hand"
    raise CannotAct(f"{actor.name} has {have} (a broken arm holds nothing) and that takes {needed}.")


def items(encounter: Encounter, intent: Intent, tables: FalloutTables, dice: DiceSource) -> ActionOutcome:
    """Take out and put away items; more than one small item, or a large one, costs the charge and action."""
    actor = encounter.get(intent.actor)
    state = fighter(actor)
    drawn, stowed = _keys(intent.options.get("draw")), _keys(intent.options.get("stow"))
    if not drawn and not stowed:
        raise InvalidInput("Say what to take out (draw:<item>) or put away (stow:<item>).")
    hands = list(state.hands)
    for key in stowed:
        if key not in hands:
            raise CannotAct(f"{actor.name} has no {key} in hand.")
        hands.remove(key)
    for key in drawn:
        if is_body(tables, key):
            raise InvalidInput(f"{tables.weapon(key).name} are not an item to take out: punch or kick with them.")
        if carried(actor, key) - hands.count(key) <= 0:
            raise CannotAct(f"{actor.name} has no {key} left to take out.")
        hands.append(key)
    _fits(actor, hands_used(tables, tuple(hands)), len(usable_arms(state)))
    large = any(tables.weapon(k).size == "large" for k in (*drawn, *stowed) if k in tables.weapons)
    costly = large or len(drawn) + len(stowed) > 1
    lost = NO_CHARGE_OR_ACTION if costly else ()
    changed = replace(state, hands=tuple(hands), busy=True, lost=(*state.lost, *lost))
    return ActionOutcome(encounter.put(with_fighter(actor, changed)), Items(actor.id, drawn, stowed, (), costly))


def drop(encounter: Encounter, intent: Intent, tables: FalloutTables, dice: DiceSource) -> ActionOutcome:
    """Free: drop to crouch or prone, and drop items held; the turn goes on."""
    actor = encounter.get(intent.actor)
    state = fighter(actor)
    old = state.stance
    changed = _drop_to(state, intent.options.get("stance"))
    dropped = _keys(intent.options.get("item"))
    hands = list(changed.hands)
    for key in dropped:
        if key not in hands:
            raise CannotAct(f"{actor.name} has no {key} in hand.")
        hands.remove(key)
    if changed.stance == old and not dropped:
        raise InvalidInput("Say what to drop: stance:crouch or stance:prone, and/or item:<item>.")
    changed = replace(changed, hands=tuple(hands), spent=(*changed.spent, *dropped))
    stance = Stance(actor.id, old, changed.stance, free=True) if changed.stance != old else None
    result: object = Items(actor.id, dropped=dropped, stance=stance) if dropped else stance
    return ActionOutcome(encounter.put(with_fighter(actor, changed)), result, ends_turn=False)


def evade(encounter: Encounter, intent: Intent, tables: FalloutTables, dice: DiceSource) -> ActionOutcome:
    """Evade: -5 to every attack on the combatant this round; no charge or action."""
    actor = encounter.get(intent.actor)
    state = fighter(actor)
    changed = replace(state, evading=True, busy=True, lost=(*state.lost, *NO_CHARGE_OR_ACTION))
    return ActionOutcome(encounter.put(with_fighter(actor, changed)), Evading(actor.id))
