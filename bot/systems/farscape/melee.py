"""Farscape melee results as text: each side's roll, every strike compared, the blows in order, locks, escapes."""

from __future__ import annotations

from bot.render.dice import check_text, ladder, modifiers_text, trait_roll, trait_title
from bot.render.names import Names, listing, possessive, safe, who
from bot.systems.farscape.parts import conditions_lines, damage_steps, harm_lines, same_moment_lines
from combat.systems.farscape.counter import CounterResult
from combat.systems.farscape.melee_results import (
    EscapeResult,
    ExchangeResult,
    FleeResult,
    Hit,
    LockAttempt,
    Side,
    StandResult,
    Strike,
)
from combat.systems.farscape.strain import StrainResult

__all__ = ["render_counter", "render_escape", "render_exchange", "render_flee", "render_stand", "render_strain"]

_REASONS = {
    "hit": "hits",
    "extended": "hits (extended to an extra foe, -1)",
    "miss": "misses",
    "outmatched": "lands nothing: another foe's defence held him off",
    "tied": "lands nothing: he only tied his best foe, and this one is not two levels below him",
    "unchosen": "beats this foe but strikes another",
    "no strike": "strikes no blow",
    "at bay": "would hit, but the longer weapon holds him at bay (its offence is higher): the blow cannot reach",
}


def _side_lines(side: Side, names: Names) -> list[str]:
    """Show one fighter's style, move and gear, the roll and the modifiers against every foe."""
    name = who(names, side.combatant)
    gear = safe(side.weapon) if side.weapon else "bare hands"
    if side.shield:
        gear += f" and {safe(side.shield)} shield"
    lines = [f"{name}: {side.move} ({side.style}, {gear})"]
    if side.roll is None and side.minion:
        return [*lines, f"{name} is a minion: attacked, he does not roll or strike back; his trait is the difficulty"]
    if side.roll is None:
        return [*lines, f"{name} is frozen: no roll, no blow, defends at {ladder(0)}"]
    lines.append(f"{name} rolls {trait_roll(side.roll)}")
    if side.minion:
        lines.append(f"{name} is a minion: the dice count for his offence only, never his defence")
    if side.offence_modifiers:
        lines.append(f"{name} offence modifiers: {modifiers_text(side.offence_modifiers)}")
    if side.defence_modifiers:
        lines.append(f"{name} defence modifiers: {modifiers_text(side.defence_modifiers)}")
    return lines


def _defence(strike: Strike) -> str:
    """Name the defence and its value: 'Brawling defence Fair (0)', or the frozen defender's lack of one."""
    if strike.defence_trait.startswith("none"):
        return f"{ladder(strike.defence)} (frozen: no defence, unopposed)"
    if strike.unopposed:
        return f"{trait_title(strike.defence_trait)} {ladder(strike.defence)} as the difficulty (a minion, no dice)"
    return f"{trait_title(strike.defence_trait)} defence {ladder(strike.defence)}"


def _strike_modifiers(strike: Strike) -> str:
    """Name the modifiers of this one strike: ' (offence stance +2; defence outnumbered -1)'."""
    extras = []
    if strike.offence_modifiers:
        extras.append(f"offence {modifiers_text(strike.offence_modifiers)}")
    if strike.defence_modifiers:
        extras.append(f"defence {modifiers_text(strike.defence_modifiers)}")
    return f" ({'; '.join(extras)})"


def _strike_line(strike: Strike, names: Names) -> str:
    """Compare one offence with one defence: the values, their ladder names, the margin and the outcome."""
    head = f"{who(names, strike.attacker)} → {who(names, strike.defender)}"
    if strike.reason == "no strike":
        return f"{head}: {_REASONS['no strike']}"
    also = _strike_modifiers(strike) if strike.offence_modifiers or strike.defence_modifiers else ""
    return (
        f"{head}: offence {ladder(strike.offence)} against {_defence(strike)}{also}, "
        f"margin {strike.margin:+d}: {_REASONS[strike.reason]}"
    )


def _effect_line(hit: Hit, names: Names) -> str:
    """Describe a blow that does no damage: a sweep, a lock or a feint."""
    target, attacker = who(names, hit.defender), who(names, hit.attacker)
    if hit.effect == "prone":
        return f"{target} is knocked down"
    if hit.effect == "lock":
        return f"{target} is pinned in {possessive(attacker)} lock"
    return f"{target} is feinted: {hit.margin} worse at defending against {attacker} next element"


def _hit_lines(hit: Hit, names: Names) -> list[str]:
    """Show one blow as it landed, in Initiative order: where, the damage steps, the wound and what followed."""
    attacker, target = who(names, hit.attacker), who(names, hit.defender)
    if hit.blocked:
        return [f"{possessive(attacker)} {hit.move} on {target} never lands: {attacker} was taken out first"]
    if hit.escaped:
        return [f"{possessive(attacker)} {hit.move} finds no one: {target} had already broken away from {attacker}"]
    lines = [f"{attacker} was taken out but strikes anyway (critical roll)"] if hit.critical else []
    if hit.warning:
        return [*lines, f"{possessive(attacker)} {hit.move} is a warning blow: it harms no one"]
    initiative = f", Initiative {hit.initiative[0]}" if hit.initiative else ""
    if hit.effect == "break":
        return [*lines, f"{attacker} breaks away from {target} ({hit.move}{initiative}): no blow, no longer engaged"]
    lines.append(f"{possessive(attacker)} {hit.move} lands on {target} ({hit.location}{initiative})")
    if hit.effect not in ("damage", "counter"):
        return [*lines, _effect_line(hit, names)]
    if hit.damage is not None:
        kind = f" ({hit.kind})" if hit.kind else ""
        lines.append(damage_steps(hit.damage, "move") + kind)
    if hit.harm is None:
        return [*lines, f"No wound: the damage is 0 or less against {target}"]
    return [*lines, *harm_lines(hit.harm, names)]


def _lock_lines(lock: LockAttempt, names: Names) -> list[str]:
    """Show a counter lock's Grapple against Speed and whether it pinned."""
    grappler, victim = who(names, lock.grappler), who(names, lock.victim)
    lines = [f"Counter lock: {grappler} rolls {trait_roll(lock.grappler_roll)}"]
    if lock.grappler_modifiers:
        lines.append(f"{grappler} modifiers: {modifiers_text(lock.grappler_modifiers)}")
    if lock.victim_roll is None and lock.difficulty is not None:
        lines.append(f"{victim} is a minion and does not roll: Speed {ladder(lock.difficulty)} is the difficulty")
    elif lock.victim_roll is not None:
        lines.append(f"{victim} rolls {trait_roll(lock.victim_roll)}")
    if lock.victim_modifiers:
        lines.append(f"{victim} modifiers: {modifiers_text(lock.victim_modifiers)}")
    if lock.warning:
        lines.append(f"{grappler} wins, but it is only a warning: nobody is pinned")
    elif lock.success:
        lines.append(f"{grappler} pins {victim} in a lock")
    else:
        lines.append(f"{victim} slips the lock")
    return lines


def render_exchange(result: ExchangeResult, names: Names) -> list[str]:
    """Render a whole exchange: who fights whom, every roll, every strike, the blows in order, what changed."""
    actor = who(names, result.actor)
    lines = [f"{actor} ({result.move}) against {listing([who(names, t) for t in result.targets])}"]
    if result.strain is not None:
        lines.append(f"{actor} strains to fight while Incapacitated: {check_text(result.strain)}")
    if result.acting is not None:
        lines.append(f"Dodging while acting: the -1 goes on the {result.acting}")
    for side in result.sides:
        lines.extend(_side_lines(side, names))
    lines += [_strike_line(s, names) for s in result.strikes]
    for hit in result.hits:
        lines.extend(_hit_lines(hit, names))
    if not result.hits and result.lock is None:
        lines.append("No blow lands")
    if result.lock is not None:
        lines.extend(_lock_lines(result.lock, names))
    if result.drawn is not None:
        lines.append(f"{actor} is clear of every foe and draws the {safe(result.drawn)}")
    # A feint that lands says so on its own line ("is feinted: 2 worse ..."): its condition is not said again.
    added = [(cid, c) for cid, c in result.conditions_set if c.name != "feinted"]
    lines.extend(conditions_lines(added, result.conditions_removed, names))
    return [*lines, *same_moment_lines(result.same_moment, names)]


def render_counter(result: CounterResult, names: Names) -> list[str]:
    """Render a counter lock taken after a defence held: who tries it on whom, both rolls, and whether it pinned."""
    lock = result.lock
    grappler, victim = who(names, lock.grappler), who(names, lock.victim)
    return [f"{grappler} counters {possessive(victim)} stopped blow with a lock", *_lock_lines(lock, names)]


def render_escape(result: EscapeResult, names: Names) -> list[str]:
    """Render a try to break a lock: both Strength rolls and whether the lock broke."""
    victim, grappler = who(names, result.victim), who(names, result.grappler)
    lines = [f"{victim} tries to break {possessive(grappler)} lock"]
    if result.victim_roll is None or result.grappler_roll is None:
        return [*lines, f"{grappler} no longer holds the lock: {victim} is free without a roll"]
    lines.append(f"{victim} rolls {trait_roll(result.victim_roll)}")
    if result.victim_modifiers:
        lines.append(f"{victim} modifiers: {modifiers_text(result.victim_modifiers)}")
    lines.append(f"{grappler} rolls {trait_roll(result.grappler_roll)}")
    if result.grappler_modifiers:
        lines.append(f"{grappler} modifiers: {modifiers_text(result.grappler_modifiers)}")
    if result.broken:
        return [*lines, f"{victim} breaks free"]
    tie = result.victim_roll.result == result.grappler_roll.result
    return [*lines, "The lock holds" + (" (a tie keeps the lock)" if tie else "")]


def render_stand(result: StandResult, names: Names) -> list[str]:
    """Render getting back up from prone."""
    return [f"{who(names, result.actor)} gets back on their feet (no longer prone); it takes the element"]


def render_strain(result: StrainResult, names: Names) -> list[str]:
    """Render an Incapacitated fighter's failed Willpower roll to act."""
    actor = who(names, result.actor)
    return [
        f"{actor} strains to {result.move} while Incapacitated: {check_text(result.willpower)}",
        f"{actor} cannot manage it: the element is spent and nothing happens",
    ]


def render_flee(result: FleeResult, names: Names) -> list[str]:
    """Render a retreating fighter getting away from the fight."""
    return [f"{who(names, result.actor)} gets away from the fight: out of it (the GM may remove them)"]
