"""What happens as a round and a turn begin.

As a round begins: the sequence (round 1), the round's limits reset, overwatch costs, stun draining, torso wounds
bleeding, head-break blackouts, overloads held. Fatigue falls by the healing rate on the combatant's turn [seed]
(their first turn of the round); whoever cannot act at all this round (passed out, knocked out, stunned) recovers
as the round begins instead [ours]. The stun pool drains by the healing rate as each round begins; while it holds
any points the combatant cannot act [ours].
"""

from __future__ import annotations

from combat.dice import DiceSource, roll_d
from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.systems.fallout.board import placed
from combat.systems.fallout.harm import deal, harm_of
from combat.systems.fallout.hexgrid import distance
from combat.systems.fallout.kit import free_hands
from combat.systems.fallout.moving import CHARGE_HEXES, immobile, speed
from combat.systems.fallout.results import Harm, Recovered, RoundBegins
from combat.systems.fallout.sequence import pecking_key, rank, roll_sequences
from combat.systems.fallout.sheet import healing_rate
from combat.systems.fallout.state import Fighter, Vitals, fighter, with_fighter
from combat.systems.fallout.tables import FalloutTables

__all__ = ["begin_round", "by_sequence", "recover", "skip_charge", "turn_recovery"]


def by_sequence(encounter: Encounter) -> list[Combatant]:
    """Return the combatants highest sequence first (newcomers last, in their own order)."""
    return sorted(encounter.combatants, key=pecking_key(encounter), reverse=True)


def _reset(encounter: Encounter, round_number: int) -> Encounter:
    changed = []
    for combatant in encounter.combatants:
        state = fighter(combatant)
        watch = state.overwatch
        if watch is not None and watch.round < round_number - 1:
            watch = None
        lost = ("move", "charge") if watch is not None and watch.round == round_number - 1 else ()
        changed.append(with_fighter(combatant, replace(state, lost=lost, acted=(), busy=False, evading=False,
                                                       overwatch=watch)))
    return encounter.put(*changed)


def _sequence(encounter: Encounter, dice: DiceSource) -> tuple[Encounter, RoundBegins]:
    rolls = roll_sequences(encounter, [c.id for c in encounter.combatants], dice)
    ranks = rank(rolls)
    totals = {r.combatant: r.total for r in rolls}
    changed = [with_fighter(c, replace(fighter(c), sequence=totals[c.id], rank=ranks[c.id]))
               for c in encounter.combatants]
    return encounter.put(*changed), RoundBegins(1, sequence=rolls)


def _unable(combatant: Combatant) -> bool:
    vitals: Vitals = combatant.health
    return not vitals.dead and (vitals.passed_out or vitals.stun > 0 or fighter(combatant).knocked_out)


def begin_round(encounter: Encounter, tables: FalloutTables, dice: DiceSource) -> tuple[Encounter, RoundBegins]:
    """Roll the sequence (round 1), reset the round's limits, then drain, bleed, black out and recover."""
    number = encounter.turns.round + 1
    start = RoundBegins(number)
    if number == 1:
        encounter, start = _sequence(encounter, dice)
    encounter = _reset(encounter, number)
    bleeding: list[Harm] = []
    heads: list[tuple[str, int]] = []
    blackouts: list[str] = []
    waking: list[str] = []
    holds: list[tuple[str, int]] = []
    recovered: list[tuple[str, int, int]] = []
    for combatant in by_sequence(encounter):
        if combatant.health.dead:
            continue
        cid = combatant.id
        vitals: Vitals = combatant.health
        if vitals.stun:
            drained = replace(vitals, stun=max(0, vitals.stun - healing_rate(combatant.sheet)))
            encounter = encounter.put(replace(combatant, health=drained))
        bleed = sum(i.bleed for i in fighter(combatant).injuries)
        if bleed and number > 1:
            before = encounter
            encounter = deal(encounter, cid, bleed)
            bleeding.append(harm_of(before, encounter, cid))
            if encounter.get(cid).health.dead:  # bled to death: no head to roll for, nothing more to recover
                continue
        encounter, roll, fell, woke = _head(encounter, cid, dice)
        heads += [(cid, roll)] if roll else []
        blackouts += [cid] if fell else []
        waking += [cid] if woke else []
        encounter, held = _hold_overload(encounter, tables, cid)
        holds += [(cid, held)] if held is not None else []
        if _unable(encounter.get(cid)):
            encounter, amount = recover(encounter, cid, number)
            recovered += [(cid, amount, encounter.get(cid).health.fatigue)] if amount else []
    return encounter, replace(start, recovered=tuple(recovered), bleeding=tuple(bleeding), head_rolls=tuple(heads),
                              overloads=tuple(holds), blackouts=tuple(blackouts), woke=tuple(waking))


def _head(encounter: Encounter, cid: str, dice: DiceSource) -> tuple[Encounter, int, bool, bool]:
    """Roll for a broken head: 25% a round (a 1 on d4) of falling or staying unconscious [ours: d4].

    Returns the die (0: no broken head), whether he fell unconscious now (he was not already), and whether he came
    to (he was out, and the die let him wake).
    """
    combatant = encounter.get(cid)
    state = fighter(combatant)
    if state.injury("head") != "break":
        return encounter, 0, False, False
    die = roll_d(dice, 1, 4).total
    out = die == 1
    changed = replace(state, knocked_out=out, stance="prone" if out else state.stance)
    return encounter.put(with_fighter(combatant, changed)), die, out and not state.knocked_out, (
        state.knocked_out and not out)


def _hold_overload(encounter: Encounter, tables: FalloutTables, cid: str) -> tuple[Encounter, int | None]:
    """Hold an overload at its most for one shot a round; an empty weapon lets it go [ours]."""
    combatant = encounter.get(cid)
    state: Fighter = fighter(combatant)
    weapon = tables.weapons.get(state.overloading)
    if not state.overloaded or weapon is None or state.overloaded < weapon.overload:
        return encounter, None
    loaded = state.loaded(state.overloading)
    if loaded < 1:
        changed = replace(state, overloaded=0, overloading="")
        return encounter.put(with_fighter(combatant, changed)), 0
    changed = state.with_ammo(state.overloading, loaded - 1)
    return encounter.put(with_fighter(combatant, changed)), loaded - 1


def recover(encounter: Encounter, cid: str, round_number: int) -> tuple[Encounter, int]:
    """Lower fatigue by the healing rate once this round; return how much it fell."""
    combatant = encounter.get(cid)
    state = fighter(combatant)
    if state.recovered == round_number:
        return encounter, 0
    vitals: Vitals = combatant.health
    amount = min(vitals.fatigue, healing_rate(combatant.sheet))
    changed = replace(combatant, health=replace(vitals, fatigue=vitals.fatigue - amount).settled())
    return encounter.put(with_fighter(changed, replace(state, recovered=round_number))), amount


def lapse_watches(encounter: Encounter) -> Encounter:
    """Let go the overwatch cones of an earlier round (their move phase is over: they lapsed, fired or not)."""
    spent = [c for c in encounter.combatants
             if (watch := fighter(c).overwatch) is not None and watch.round < encounter.turns.round]
    return encounter.put(*(with_fighter(c, replace(fighter(c), overwatch=None)) for c in spent)) if spent else encounter


def turn_recovery(encounter: Encounter, ids: tuple[str, ...]) -> tuple[Encounter, Recovered | None]:
    """Recover fatigue for whoever's turn begins (once a round)."""
    found: list[tuple[str, int, int]] = []
    for cid in ids:
        encounter, amount = recover(encounter, cid, encounter.turns.round)
        if amount:
            found.append((cid, amount, encounter.get(cid).health.fatigue))
    return encounter, (Recovered(tuple(found)) if found else None)


def skip_charge(encounter: Encounter, tables: FalloutTables, combatant: Combatant) -> Combatant:
    """Give up the charge phase when nothing can be done in it [ours]: no charge and no disarm.

    A charge needs standing and an enemy on the map within reach; a disarm [seed: "can occur during either the
    charge or action phases"] needs an able enemy next to him and a free hand.
    """
    state = fighter(combatant)
    here = state.place()
    reach = speed(state, CHARGE_HEXES) + 1
    enemies = [(c, p) for c, p in placed(encounter) if c.side != combatant.side and not c.health.dead]
    near = here is None or any(distance(here, p) <= reach for _, p in enemies)
    if state.stance == "stand" and not immobile(state) and near and reach > 1:
        return combatant
    if here is not None and free_hands(tables, state) and any(distance(here, p) == 1 for _, p in enemies):
        return combatant
    return with_fighter(combatant, replace(state, lost=(*state.lost, "charge")))
