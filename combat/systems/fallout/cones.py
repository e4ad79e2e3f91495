"""Spray and sweep: attacks at several combatants in a cone from the attacker's hex.

Spray [seed]: one round of ammunition; every combatant inside the weapon's narrow or wide cone that the attacker
can see is attacked with a normal roll, nearest first (then by hex name) [ours]; damage is divided by the distance
(wide cone) or by half the distance, rounded down and at least 1 (narrow cone) [ours], before DT.
Sweep [seed]: the burst's rounds shared among named targets within or on the edge of a 60° cone, one roll each at
the worst burst penalty (-10); every round allotted to a target that hits does full damage. No target may be
named with a combatant standing between it and the attacker [seed] (the other targets included).
Critical points in these attacks go where ``crits:`` says, else to critical damage [ours].
"""

from __future__ import annotations

from collections.abc import Mapping

from combat.dice import DiceSource, parse_dice, roll
from combat.errors import CannotAct, InvalidInput
from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.options import OptionValue
from combat.systems.fallout.aim import look, proximity, require_distance
from combat.systems.fallout.board import placed
from combat.systems.fallout.harm import damage_hit
from combat.systems.fallout.hexgrid import Hex, axis_towards, distance, fits_cone, in_cone, parse_hex, touches_cone
from combat.systems.fallout.pause import StrikeRecord
from combat.systems.fallout.results import Attack
from combat.systems.fallout.state import fighter
from combat.systems.fallout.strike import finish, roll_strike, take_ammo
from combat.systems.fallout.tables import FalloutTables, Weapon

__all__ = ["spray", "sweep"]


def _axis(encounter: Encounter, source: Hex, options: Mapping[str, OptionValue], targets: tuple[str, ...]) -> float:
    at = options.get("at")
    if isinstance(at, str):
        if parse_hex(at) == source:
            raise InvalidInput("Aim the cone away from your own hex: at:<another hex>, or a target.")
        return axis_towards(source, parse_hex(at))
    if targets:
        where = fighter(encounter.get(targets[0])).place()
        if where is not None:
            return axis_towards(source, where)
    raise InvalidInput("Aim the cone: name a target or a hex (at:C4).")


def _merge(actor: str, mode: str, weapon: str, parts: list[Attack], ammo: int | None, rounds: int) -> Attack:
    return Attack(actor, mode, weapon, tuple(c for p in parts for c in p.checks),
                  tuple(h for p in parts for h in p.hits),
                  tuple(c for p in parts for c in p.crits), None, tuple(i for p in parts for i in p.injuries),
                  tuple(m for p in parts for m in p.pushed), tuple(h for p in parts for h in p.harms),
                  ammo=ammo, rounds=rounds)


def _spray_targets(encounter: Encounter, actor: Combatant, weapon: Weapon, options: Mapping[str, OptionValue],
                   named: tuple[str, ...]) -> list[Combatant]:
    source = fighter(actor).place()
    if source is None:
        if not named:
            raise InvalidInput("Off the map, name who the spray catches: target:A, B.")
        return [encounter.get(t) for t in named]
    axis = _axis(encounter, source, options, named)
    angle = 60 if weapon.cone == "wide" else 30
    bias = str(options.get("bias", "left"))
    # Maximum range is counted per victim by size and stance (a great one is effectively half as far) [seed]:
    # whoever is beyond it is left out as the rolls are made, not here.
    caught = [(c, h) for c, h in placed(encounter) if c.id != actor.id and not c.health.dead
              and in_cone(source, axis, angle, h, bias)]
    return [c for c, h in sorted(caught, key=lambda ch: (distance(source, ch[1]), ch[1].name))]


def _as_it_begins(encounter: Encounter, actor: Combatant, options: Mapping[str, OptionValue]) -> dict[
        str, OptionValue]:
    """Judge proximity once, as the spray or sweep begins, for all its rolls [ours].

    One action fires them all: a critical point spent on an earlier victim (knocked down, back, stunned) does not
    change the later rolls' "enemy standing within one hex".
    """
    return {**options, "proximity": proximity(encounter, actor, options)}


def spray(encounter: Encounter, tables: FalloutTables, dice: DiceSource, actor: Combatant, weapon: Weapon,
          intent_targets: tuple[str, ...], options: Mapping[str, OptionValue], gm: int) -> tuple[Encounter, Attack]:
    """Fire one round at everyone in the cone, each rolled normally, damage divided by distance."""
    options = _as_it_begins(encounter, actor, options)
    victims = _spray_targets(encounter, actor, weapon, options, intent_targets)
    encounter, rounds, left = take_ammo(encounter, actor, weapon, 1)
    parts: list[Attack] = []
    for victim in victims:
        where = fighter(victim).place()
        try:
            seen = look(encounter, actor, where, options)
            hexes = require_distance(seen)
            encounter, record = roll_strike(encounter, tables, dice, actor, victim, weapon, "single", seen,
                                            options, gm, ammo=False)
        except CannotAct:
            continue  # out of sight or beyond maximum range: not attacked
        divisor = hexes if weapon.cone == "wide" else hexes // 2
        record = replace(record, mode="spray", hits=tuple(
            damage_hit(tables, victim, h.faces, h.bonus, weapon.damage_type, max(1, divisor)) for h in record.hits))
        encounter, done = finish(encounter, tables, _padded(record), dice)
        parts.append(done)
    return encounter, _merge(actor.id, "spray", weapon.key, parts, left if weapon.magazine else None, rounds)


def _padded(record: StrikeRecord) -> StrikeRecord:
    spent = record.spent or ("damage",) * record.points
    return replace(record, spent=spent[: record.points] + ("damage",) * max(0, record.points - len(spent)))


def _shares(options: Mapping[str, OptionValue], targets: tuple[str, ...], rounds: int) -> list[int]:
    given = options.get("rounds")
    if isinstance(given, str):
        try:
            shares = [int(p) for p in given.split(",")]
        except ValueError:
            raise InvalidInput("rounds takes whole numbers per target, in order, like rounds:3,3.") from None
        if len(shares) != len(targets) or any(n < 1 for n in shares) or sum(shares) != rounds:
            raise InvalidInput(f"rounds must give each of the {len(targets)} targets at least 1, {rounds} in all.")
        return shares
    base, extra = divmod(rounds, len(targets))
    if base == 0:
        raise InvalidInput(f"A sweep of {rounds} rounds reaches at most {rounds} targets.")
    return [base + (1 if i < extra else 0) for i in range(len(targets))]


def _check_sweep_cone(encounter: Encounter, actor: Combatant, targets: tuple[str, ...],
                      options: Mapping[str, OptionValue]) -> None:
    source = fighter(actor).place()
    places = [fighter(encounter.get(t)).place() for t in targets]
    if source is None or any(p is None for p in places):
        return
    if not isinstance(options.get("at"), str):  # [seed] any 60° cone that reaches every target will do
        for count, target in enumerate(targets, 1):  # the first target no cone shares with those before it
            if not fits_cone(source, [p for p in places[:count] if p is not None], 60):
                raise CannotAct(f"{encounter.get(target).name} is outside a 60° cone with the others.")
        return
    axis = _axis(encounter, source, options, targets)
    for target, place in zip(targets, places, strict=True):
        if place is not None and not touches_cone(source, axis, 60, place):
            raise CannotAct(f"{encounter.get(target).name} is outside a 60° cone with the others.")


def sweep(encounter: Encounter, tables: FalloutTables, dice: DiceSource, actor: Combatant, weapon: Weapon,
          targets: tuple[str, ...], options: Mapping[str, OptionValue], gm: int) -> tuple[Encounter, Attack]:
    """Share the burst's rounds among the named targets in a 60° cone; one roll each at -10."""
    if not targets:
        raise InvalidInput("Name the sweep's targets: target:A, B.")
    _check_sweep_cone(encounter, actor, targets, options)
    options = _as_it_begins(encounter, actor, options)
    sights = [look(encounter, actor, fighter(encounter.get(t)).place(), options, shot=True) for t in targets]
    for seen in sights:
        require_distance(seen)
    encounter, rounds, left = take_ammo(encounter, actor, weapon, weapon.burst)
    parts: list[Attack] = []
    spec = parse_dice(weapon.damage)
    for target, seen, share in zip(targets, sights, _shares(options, targets, rounds), strict=True):
        victim = encounter.get(target)
        encounter, record = roll_strike(encounter, tables, dice, actor, victim, weapon, "sweep", seen, options, gm)
        hits = record.hits
        if record.check.hit:
            extra = tuple(damage_hit(tables, victim, roll(dice, replace(spec, modifier=0)).faces, spec.modifier,
                                     weapon.damage_type, 1, f"round {n + 2}") for n in range(share - 1))
            hits = tuple(replace(h, label="round 1") for h in hits) + extra if share > 1 else hits
        encounter, done = finish(encounter, tables, _padded(replace(record, hits=hits, rounds=share)), dice)
        parts.append(done)
    return encounter, _merge(actor.id, "sweep", weapon.key, parts, left if weapon.magazine else None, rounds)
