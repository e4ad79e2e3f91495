"""Farscape melee and unarmed exchanges: one opposed roll per side, offence against defence, both can hit."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from combat.dice import DiceSource
from combat.errors import CannotAct, InvalidInput, RulesError
from combat.fudge import TraitRoll, roll_trait
from combat.model import Combatant, Condition, Encounter
from combat.system import ActionOutcome, Intent
from combat.systems.farscape import grapple
from combat.systems.farscape.engagement import engage, opponents
from combat.systems.farscape.harm import trait
from combat.systems.farscape.melee_fighters import DODGES, Approach, Fighter, build_fighter
from combat.systems.farscape.melee_hits import FEINTED, initiative_key, land_blows, must_warn, warn
from combat.systems.farscape.melee_moves import (
    MAX_OPPONENTS,
    MELEE_MOVES,
    location_modifier,
    parse_stance,
    parse_yes,
    size_penalty,
)
from combat.systems.farscape.melee_results import (
    BlowReason,
    ExchangeResult,
    LockAttempt,
    Modifier,
    Side,
    Strike,
    total,
)
from combat.systems.farscape.ranged_common import option, raw_text
from combat.systems.farscape.stand import resolve_stand
from combat.systems.farscape.strain import StrainResult, can_strain, roll_strain, straining
from combat.systems.farscape.tables import FarscapeTables

__all__ = ["FROZEN_DEFENCE", "MELEE_MOVES", "land_rule", "resolve_melee", "size_penalty"]

# [D] A frozen (surprised) fighter has no defence: the blow is resolved against Fair, as an unopposed attack.
FROZEN_DEFENCE = 0


def _is_out(combatant: Combatant) -> bool:
    return combatant.has("unconscious") or combatant.has("out") or combatant.health.incapacitated


def _participants(encounter: Encounter, intent: Intent) -> tuple[Combatant, tuple[Combatant, ...]]:
    """Return the actor and the targets, checking that they can fight."""
    actor = encounter.get(intent.actor)
    if actor.has("frozen") or (_is_out(actor) and not can_strain(actor)):
        raise CannotAct(f"{actor.name} is in no state to fight.")
    if not intent.targets:
        raise InvalidInput("Name who to fight.")
    if len(set(intent.targets)) != len(intent.targets):
        raise InvalidInput("Name each opponent only once.")
    if len(intent.targets) > MAX_OPPONENTS:
        raise RulesError(f"At most {MAX_OPPONENTS} foes can close in on one fighter.")
    targets = tuple(encounter.get(t) for t in intent.targets)
    for target in targets:
        if target.id == actor.id:
            raise InvalidInput(f"{actor.name} cannot fight themself.")
        if _is_out(target) and not can_strain(target):
            # [D] An Incapacitated fighter the GM lets strain is still in the fight: he can be attacked, and he
            # defends and strikes back without a Willpower roll (only his own action needs one).
            raise RulesError(f"{target.name} is already down and cannot fight back.")
    return actor, targets


def _approach(intent: Intent, count: int) -> tuple[Approach, bool]:
    """Read the actor's options: move, weapon, stance, dodge, called location, extension."""
    options = {k.strip().lower(): v for k, v in intent.options.items()}
    move = intent.move if intent.move != "attack" else raw_text(options, "move")
    dodge = option(options, "defend")
    if dodge is not None and dodge not in DODGES:
        raise InvalidInput(f"Defend with speed or acrobatics, not '{raw_text(options, 'defend')}'.")
    location, modifier = location_modifier(options.get("location"))
    approach = Approach(
        move=move,
        weapon=raw_text(options, "weapon"),
        stance=parse_stance(options.get("stance")),
        dodge=dodge,
        location=location,
        location_modifier=modifier,
        situation=intent.modifier,
        opponents=count,
    )
    return approach, parse_yes(options.get("extend"), "extend")


def _roll(dice: DiceSource, fighter: Fighter) -> TraitRoll | None:
    if fighter.frozen:
        return None
    name = fighter.offence_trait
    return roll_trait(dice, name, trait(fighter.combatant, name))


def _pair_offence(attacker: Fighter, defender: Fighter) -> tuple[Modifier, ...]:
    if grapple.holds(attacker.combatant, defender.combatant):
        return (Modifier("striking from a lock", -1),)
    return ()


def _pair_defence(defender: Fighter, attacker: Fighter, defence_trait: str) -> tuple[Modifier, ...]:
    mods: list[Modifier] = []
    if attacker.technique.kick and defender.style == "brawling" and defence_trait == "brawling":
        mods.append(Modifier("blocking a kick", -1))
    feint = defender.combatant.condition(FEINTED)
    if feint is not None and feint.source == attacker.id:
        mods.append(Modifier("feinted", feint.value))
    return tuple(mods)


def _strike(attacker: Fighter, a_roll: TraitRoll | None, defender: Fighter, d_roll: TraitRoll | None) -> Strike:
    """Compare one attacker's offence with one defender's defence; nothing lands yet."""
    offence_mods = _pair_offence(attacker, defender)
    offence = (a_roll.result if a_roll else 0) + total(attacker.offence_modifiers) + total(offence_mods)
    reason: BlowReason = "no strike" if a_roll is None or attacker.technique.effect == "counter" else "miss"
    if d_roll is None:
        return Strike(attacker.id, defender.id, offence, FROZEN_DEFENCE, "none (frozen)", offence_mods, (), False,
                      reason)
    name = defender.defence_trait(attacker)
    defence_mods = _pair_defence(defender, attacker, name)
    level = trait(defender.combatant, name) + d_roll.dice.total
    defence = level + total(defender.defence_modifiers) + total(defence_mods)
    return Strike(attacker.id, defender.id, offence, defence, name, offence_mods, defence_mods, False, reason)


def _hits_back(strike: Strike) -> Strike:
    """Land a foe's strike on the actor when its offence beats his defence."""
    if strike.reason == "no strike" or strike.margin <= 0:
        return strike
    return replace(strike, lands=True, reason="hit")


def _extended(strike: Strike) -> Strike:
    """Land a strike on an extra foe at -1 offence."""
    mods = (*strike.offence_modifiers, Modifier("extra foe", -1))
    return replace(strike, offence=strike.offence - 1, offence_modifiers=mods, lands=True, reason="extended")


def land_rule(strikes: tuple[Strike, ...], extend: bool) -> tuple[Strike, ...]:
    """Decide which of the lone fighter's strikes land (strikes in target order; the first is his choice).

    He must beat or match every foe's defence to land anything. Beating them all, he hits the foe he chose;
    tying his best foe, he can harm only a foe at least two levels below him. Extending the attack to more
    foes costs -1 offence against each extra foe.
    """
    if not strikes or strikes[0].reason == "no strike":
        return strikes
    margins = [s.margin for s in strikes]
    if min(margins) < 0:
        return tuple(replace(s, reason="outmatched" if s.margin > 0 else "miss") for s in strikes)
    threshold = 1 if min(margins) > 0 else 2
    eligible = [i for i, m in enumerate(margins) if m >= threshold]
    chosen = eligible[0] if eligible else None
    result: list[Strike] = []
    for i, strike in enumerate(strikes):
        if i == chosen:
            result.append(replace(strike, lands=True, reason="hit"))
        elif i in eligible and extend and strike.margin - 1 >= threshold:
            result.append(_extended(strike))
        elif i in eligible:
            result.append(replace(strike, reason="unchosen"))
        else:
            result.append(replace(strike, reason="tied" if strike.margin > 0 else "miss"))
    return tuple(result)


def _check(actor: Fighter, targets: tuple[Combatant, ...], extend: bool) -> None:
    effect = actor.technique.effect
    if effect == "counter" and len(targets) > 1:
        raise RulesError("A counter lock is made against one opponent.")
    if extend and effect != "damage" and len(targets) > 1:
        raise RulesError(f"Only a damaging blow can be extended to extra foes, not a {actor.technique.name}.")


def _side(fighter: Fighter, roll: TraitRoll | None) -> Side:
    return Side(fighter.id, fighter.style, fighter.technique.name, fighter.weapon.key if fighter.weapon else None,
                fighter.shield.key if fighter.shield else None, roll, fighter.offence_modifiers,
                fighter.defence_modifiers)


def _after(encounter: Encounter, actor: Fighter, foes: tuple[Fighter, ...], strikes: tuple[Strike, ...]) -> Encounter:
    """Record who is engaged and wielding what, spend feints used, and strain a lock struck from."""
    updated: list[Combatant] = []
    for fighter in (actor, *foes):
        combatant = engage(encounter.get(fighter.id), [f.id for f in foes] if fighter is actor else [actor.id])
        if fighter.armed and fighter.weapon is not None:
            combatant = combatant.with_condition(Condition("wielding", source=fighter.weapon.key))
        updated.append(combatant)
    encounter = encounter.put(*updated)
    for strike in strikes:
        if any(m.name == "feinted" for m in strike.defence_modifiers):
            # [D] A feint's penalty is spent by the first exchange with the feinter that it applies to.
            defender = encounter.get(strike.defender)
            encounter = encounter.put(defender.without(FEINTED))
        if any(m.name == "striking from a lock" for m in strike.offence_modifiers):
            encounter = grapple.strain(encounter, strike.attacker)
    return encounter


def _changes(before: Encounter, after: Encounter, ids: tuple[str, ...]) -> tuple[
    tuple[tuple[str, Condition], ...], tuple[tuple[str, str], ...]
]:
    added: list[tuple[str, Condition]] = []
    removed: list[tuple[str, str]] = []
    for cid in ids:
        old, new = before.get(cid).conditions, after.get(cid).conditions
        added.extend((cid, c) for c in new if c not in old)
        names = {c.name for c in new}
        removed.extend((cid, c.name) for c in old if c.name not in names)
    return tuple(added), tuple(removed)


def _counter(encounter: Encounter, actor: Fighter, strikes: tuple[Strike, ...], out: frozenset[str],
             dice: DiceSource) -> tuple[Encounter, LockAttempt | None]:
    """After a counter lock's exchange, try the lock if the actor's defence held."""
    if actor.technique.effect != "counter" or actor.id in out:
        return encounter, None
    theirs = next(s for s in strikes if s.defender == actor.id)
    if theirs.lands or theirs.attacker in out:
        return encounter, None
    warning = must_warn(encounter.get(actor.id))
    encounter, attempt = grapple.counter_lock(encounter, actor.id, theirs.attacker, dice, warning)
    return (warn(encounter, actor.id) if attempt.warning else encounter), attempt


def _fighters(encounter: Encounter, intent: Intent, tables: FarscapeTables) -> tuple[
    Fighter, tuple[Fighter, ...], bool
]:
    """Build the actor and his foes, each outnumbered by everyone he is engaged with as well as this exchange."""
    actor_c, target_cs = _participants(encounter, intent)
    approach, extend = _approach(intent, len(opponents(encounter, actor_c.id, intent.targets)))
    actor = build_fighter(actor_c, tables, approach)
    foes = tuple(
        build_fighter(t, tables, Approach(opponents=len(opponents(encounter, t.id, (actor_c.id,)))))
        for t in target_cs
    )
    _check(actor, target_cs, extend)
    return actor, foes, extend


def resolve_melee(
    encounter: Encounter,
    intent: Intent,
    tables: FarscapeTables,
    dice: DiceSource,
    initiative: Mapping[str, int] | None = None,
) -> ActionOutcome:
    """Resolve a melee or unarmed exchange (or an escape from a lock, or standing up), hits in Initiative order.

    An Incapacitated actor with the GM's leave first rolls Willpower against Great (see strain); on a failure the
    element is spent and the result is a ``StrainResult``.
    """
    if intent.move == "escape":
        return grapple.resolve_escape(encounter, intent, dice)
    if intent.move == "stand":
        return resolve_stand(encounter, intent)
    actor, foes, extend = _fighters(encounter, intent, tables)
    strain = roll_strain(dice, actor.combatant) if straining(actor.combatant) else None
    if strain is not None and not strain.success:
        return ActionOutcome(encounter, StrainResult(actor.id, actor.technique.name, intent.targets, strain))
    rolls = {f.id: _roll(dice, f) for f in (actor, *foes)}
    mine = land_rule(tuple(_strike(actor, rolls[actor.id], f, rolls[f.id]) for f in foes), extend)
    theirs = tuple(_hits_back(_strike(f, rolls[f.id], actor, rolls[actor.id])) for f in foes)
    strikes = (*mine, *theirs)
    fighters = {f.id: f for f in (actor, *foes)}
    after = _after(encounter, actor, foes, strikes)
    after, hits, out = land_blows(after, strikes, fighters, rolls, initiative_key(encounter, initiative), tables, dice)
    after, attempt = _counter(after, actor, strikes, out, dice)
    after = grapple.release_fallen(after, sorted(out))
    ids = (actor.id, *(f.id for f in foes))
    added, removed = _changes(encounter, after, ids)
    result = ExchangeResult(
        actor.id, intent.targets, actor.technique.name, tuple(_side(f, rolls[f.id]) for f in (actor, *foes)),
        strikes, hits, attempt, added, removed, strain,
    )
    return ActionOutcome(after, result, ends_turn=True)

