"""A move hex by hex, and the overwatch it may meet.

The first enemy entering a narrow overwatch cone in the move phase after it was declared is interrupted with one
attack [seed]. Only hexes the overwatcher can see count [ours], and only with nobody standing in between: the shot
is a firearm's, which a combatant in between blocks [seed]. An enemy beyond the weapon's maximum range (by size and
stance) cannot be attacked [seed] and is not interrupted; the cone waits for the next one. The weapon must still be
in hand [ours]. A player's overwatcher is asked whether to fire (default: fire); the GM's fire at once [ours]. An
interrupted mover knocked down, back, out or stunned stops there [ours], once everyone else whose cone he entered on
that hex has had his attack (not once he is dead) [seed]; otherwise the move goes on. Holding fire keeps the cone
for the next enemy [ours].
"""

from __future__ import annotations

from combat.dice import DiceSource
from combat.errors import CannotAct
from combat.frozen import replace
from combat.intent import Choice, Reaction
from combat.model import Combatant, Encounter
from combat.system import ActionOutcome
from combat.systems.fallout.aim import band, look, size_factor
from combat.systems.fallout.board import shot_line
from combat.systems.fallout.crits import ask
from combat.systems.fallout.harm import deal, harm_of
from combat.systems.fallout.hexgrid import Hex, direction_between, distance, in_cone, parse_hex
from combat.systems.fallout.pause import MoveRecord, Pause, StrikeRecord
from combat.systems.fallout.results import Attack, Moved
from combat.systems.fallout.sequence import pecking_key
from combat.systems.fallout.state import STANCES, Overwatch, fighter, with_fighter
from combat.systems.fallout.strike import finish, partial, roll_strike
from combat.systems.fallout.tables import FalloutTables

__all__ = ["FIRE", "active_watch", "after_strike", "fire", "walk"]

FIRE = Reaction("", (Choice("fire", "Fire"), Choice("hold", "Hold fire")), "fire")


def active_watch(encounter: Encounter, combatant: Combatant) -> bool:
    """Tell whether the combatant's overwatch is live: declared last round, and able to fire now."""
    state, vitals = fighter(combatant), combatant.health
    watch = state.overwatch
    live = watch is not None and watch.round == encounter.turns.round - 1 and watch.weapon in state.hands
    able = not (vitals.dead or vitals.passed_out or vitals.stun > 0 or state.knocked_out)
    return live and able and state.place() is not None


def _in_reach(tables: FalloutTables, watch: Overwatch, source: Hex, mover: Combatant, there: Hex) -> bool:
    """Tell whether the mover is within the overwatch weapon's maximum range, by size and stance [seed]."""
    weapon = tables.weapons.get(watch.weapon)
    if weapon is None:
        return False
    try:
        band(weapon.range, distance(source, there), size_factor(mover, None))
    except CannotAct:
        return False  # "An attack cannot be made beyond Maximum Range": no interrupt, the cone waits
    return True


def _watchers(encounter: Encounter, tables: FalloutTables, mover: Combatant, prev: str, nxt: str) -> list[
        Combatant]:
    found = []
    for other in encounter.combatants:
        if other.side == mover.side or not active_watch(encounter, other):
            continue
        state = fighter(other)
        watch, source = state.overwatch, state.place()
        assert watch is not None and source is not None
        inside = in_cone(source, watch.axis, 30, parse_hex(nxt), watch.bias)
        seen = shot_line(encounter, source, parse_hex(nxt))[0] is not None
        reach = _in_reach(tables, watch, source, mover, parse_hex(nxt))
        if inside and seen and reach and not in_cone(source, watch.axis, 30, parse_hex(prev), watch.bias):
            found.append(other)
    return sorted(found, key=pecking_key(encounter), reverse=True)


def _stopped(record: MoveRecord, mover: Combatant) -> bool:
    vitals, state = mover.health, fighter(mover)
    return bool(vitals.dead or vitals.passed_out or vitals.stun > 0 or state.stance != record.stance
                or state.hex != record.walked[-1])


def fire(encounter: Encounter, tables: FalloutTables, dice: DiceSource, watcher: Combatant,
         mover: Combatant) -> tuple[Encounter, StrikeRecord | None]:
    """Roll the overwatch attack on the mover; the cone is spent either way (None: out of range or sight)."""
    state = fighter(watcher)
    watch = state.overwatch
    assert watch is not None
    encounter = encounter.put(with_fighter(watcher, replace(state, overwatch=None)))
    try:
        seen = look(encounter, encounter.get(watcher.id), fighter(mover).place(), {}, shot=True)
        return roll_strike(encounter, tables, dice, encounter.get(watcher.id), mover, tables.weapon(watch.weapon),
                           watch.mode, seen, {}, 0, interrupt=True)
    except CannotAct:
        return encounter, None


def _asks(encounter: Encounter, record: StrikeRecord) -> bool:
    actor = encounter.get(record.actor)
    return bool(actor.owner) and record.points > len(record.spent) and len(record.allowed) > 1


def after_strike(encounter: Encounter, tables: FalloutTables, dice: DiceSource, record: StrikeRecord,
                 move: MoveRecord | None) -> ActionOutcome:
    """Ask for the next critical point, or finish the attack (and go on with an interrupted move)."""
    if _asks(encounter, record):
        target = encounter.get(record.target).name
        return ActionOutcome(encounter, partial(record), ask=ask(record, target),
                             context=Pause("crits", record, move))
    record = replace(record, spent=record.spent + ("damage",) * (record.points - len(record.spent)))
    encounter, attack = finish(encounter, tables, record, dice)
    if move is None:
        return ActionOutcome(encounter, attack)
    return walk(encounter, tables, dice, _met(encounter, move, attack))


def _met(encounter: Encounter, move: MoveRecord, attack: Attack) -> MoveRecord:
    return replace(move, interrupts=(*move.interrupts, attack))


def walk(encounter: Encounter, tables: FalloutTables, dice: DiceSource, record: MoveRecord) -> ActionOutcome:
    """Walk the hexes ahead one by one, stopping for overwatch; finish the move at the end.

    Gone on after an interrupt, the others whose cone he entered on that hex have their turn first [seed]: each
    overwatch is "a single attack ... if the enemy enters the overwatch zone".
    """
    if len(record.walked) > 1 and not encounter.get(record.actor).health.dead:
        interrupted = _interrupt(encounter, tables, dice, record, record.walked[-2], record.walked[-1],
                                 record.heard)
        if interrupted is not None:
            return interrupted
    if record.interrupts and _stopped(record, encounter.get(record.actor)):
        return _done(encounter, replace(record, ahead=()), stopped=True)
    while record.ahead:
        prev, nxt = record.walked[-1], record.ahead[0]
        mover = encounter.get(record.actor)
        state = fighter(mover)
        moved = with_fighter(mover, replace(state, hex=nxt, facing=direction_between(parse_hex(prev), parse_hex(nxt))))
        encounter = encounter.put(moved)
        record = replace(record, walked=(*record.walked, nxt), ahead=record.ahead[1:], heard=())
        interrupted = _interrupt(encounter, tables, dice, record, prev, nxt, ())
        if interrupted is not None:
            return interrupted
    return _done(encounter, record)


def _interrupt(encounter: Encounter, tables: FalloutTables, dice: DiceSource, record: MoveRecord, prev: str,
               nxt: str, heard: tuple[str, ...]) -> ActionOutcome | None:
    """Have the first overwatcher whose cone the step entered fire, or ask his player; None when nobody is left.

    Those who fired have spent their cone; ``heard`` held fire on this step already and are passed over here (a later
    entry into their cone asks them again).
    """
    mover = encounter.get(record.actor)
    for watcher in _watchers(encounter, tables, mover, prev, nxt):
        if watcher.id in heard:
            continue
        if watcher.owner:
            question = replace(FIRE, combatant=watcher.id,
                               prompt=f"{mover.name} enters {watcher.name}'s overwatch at {nxt}")
            return ActionOutcome(encounter, _progress(record), ask=question,
                                 context=Pause("overwatch", None, record, watcher.id))
        encounter, strike = fire(encounter, tables, dice, watcher, encounter.get(record.actor))
        if strike is not None:
            return after_strike(encounter, tables, dice, strike, record)
    return None


def _progress(record: MoveRecord) -> Moved:
    return Moved(record.actor, record.walked, record.run, record.before, interrupts=record.interrupts,
                 declined=record.declined, hexes=len(record.walked) - 1)


def _done(encounter: Encounter, record: MoveRecord, stopped: bool = False) -> ActionOutcome:
    mover = encounter.get(record.actor)
    state = fighter(mover)
    fatigue = 2 * (len(record.walked) - 1) if state.injury("groin") == "maim" else 0
    after = record.after if record.after and not stopped else None
    if after is not None and STANCES.index(after) > STANCES.index(state.stance):
        state = replace(state, stance=after)
    else:
        after = None  # knocked lower on the way already: no change of stance to tell
    if record.face and not stopped:
        state = replace(state, facing=record.face)
    moved = encounter.put(with_fighter(mover, state))
    harm = None
    if fatigue:  # past his maximum HP he "passes out and falls to the ground" [seed], as from any fatigue
        tired = deal(moved, record.actor, 0, fatigue=fatigue)
        harm, moved = harm_of(moved, tired, record.actor), tired
    result = Moved(record.actor, record.walked, record.run, record.before, after, state.facing, fatigue,
                   record.interrupts, record.declined, stopped, len(record.walked) - 1, harm)
    return ActionOutcome(moved, result)
