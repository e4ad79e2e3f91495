"""Boil Farscape results down to round-summary beats, and name the states of a combatant worth showing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from combat.ladder import result_name
from combat.model import Combatant
from combat.summary import Beat, care
from combat.systems.farscape.aftercare import Aftercare
from combat.systems.farscape.ammo import Reload
from combat.systems.farscape.counter import CounterResult
from combat.systems.farscape.explosives import Detonation
from combat.systems.farscape.grenades import BlastHit, GrenadeThrow
from combat.systems.farscape.harm import Harm
from combat.systems.farscape.healing import Rest, Treatment
from combat.systems.farscape.melee_results import (
    EscapeResult,
    ExchangeResult,
    FleeResult,
    Hit,
    LockAttempt,
    StandResult,
    Strike,
)
from combat.systems.farscape.quickdraw import QuickDraw
from combat.systems.farscape.ranged import Volley
from combat.systems.farscape.ranged_attack import Attack
from combat.systems.farscape.ranged_dodge import Dodge
from combat.systems.farscape.strain import StrainResult
from combat.systems.farscape.surprise import Recovery
from combat.systems.farscape.wounds import Health

__all__ = ["STATUS_KEYS", "digest", "status"]

# Every status key, most serious first; the order ``status`` reports them in.
STATUS_KEYS = (
    "near death", "incapacitated", "unconscious", "out", "frozen", "stunned", "pinned", "grappling", "prone",
    "feinted", "retreating", "dodging",
)

_EFFECT_NOTES = {"prone": "prone", "lock": "pinned", "feint": "feinted", "break": "broke away"}
_MISS_NOTES = {"outmatched": "outmatched", "tied": "tied", "unchosen": "struck another foe", "at bay": "held at bay"}


def _harmed(beat: Beat, harm: Harm | None) -> Beat:
    """Fill in the wound a harm left: its level and track, and whether it took the target out."""
    if harm is None:
        return replace(beat, wound=None, track=None, out=False, note=beat.note or "no wound")
    wound = harm.wound
    note = beat.note
    extra = "track full" if wound.overflow else "no wound" if wound.landed is None else None
    if extra is not None:
        note = extra if note is None else f"{note}, {extra}"
    return replace(beat, wound=wound.marked, track=wound.kind, out=harm.out, note=note)


def _hit_beat(hit: Hit) -> Beat:
    """Return the beat for a blow that landed (or was stopped because its striker fell first)."""
    # A blow never struck (its striker fell first, or the target broke away) is neither a hit nor a miss [seed: "the
    # other does not, in fact, get to act"].
    if hit.blocked:
        return Beat(hit.attacker, hit.move, hit.defender, False, note="taken out first", aid=True)
    if hit.escaped:
        return Beat(hit.attacker, hit.move, hit.defender, False, note="target broke away first", aid=True)
    if hit.warning:
        return Beat(hit.attacker, hit.move, note="warning blow")
    note = "critical" if hit.critical else None
    if hit.effect != "damage":
        effect = _EFFECT_NOTES.get(hit.effect, hit.effect)
        return Beat(hit.attacker, hit.move, hit.defender, True, note=effect if note is None else f"{note}, {effect}")
    return _harmed(Beat(hit.attacker, hit.move, hit.defender, True, note=note), hit.harm)


def _strike_beat(result: ExchangeResult, strike: Strike) -> Beat | None:
    """Return the beat for one strike: the landed hit's, a miss, or None for a move that strikes no blow."""
    if strike.reason == "no strike":
        return None
    if strike.lands:
        hit = next((h for h in result.hits if h.attacker == strike.attacker and h.defender == strike.defender), None)
        if hit is not None:
            return _hit_beat(hit)
    move = next((s.move for s in result.sides if s.combatant == strike.attacker), result.move)
    return Beat(strike.attacker, move, strike.defender, False, note=_MISS_NOTES.get(strike.reason))


def _exchange(result: ExchangeResult) -> tuple[Beat, ...]:
    """Return a beat per blow of an exchange (misses included), then the counter lock if one was tried.

    An Incapacitated actor who strained to fight gets a first beat noting it.
    """
    beats = [Beat(result.actor, "strain", note="strained to fight")] if result.strain is not None else []
    beats.extend(b for s in result.strikes if (b := _strike_beat(result, s)) is not None)
    if result.lock is not None:
        beats.append(_lock(result.lock))
    return tuple(beats)


def _lock(lock: LockAttempt) -> Beat:
    """Return the beat of a counter lock: whom it pinned, or a minion's warning."""
    if lock.warning:
        return Beat(lock.grappler, "counter lock", note="warning")
    return Beat(lock.grappler, "counter lock", lock.victim, lock.success, note="pinned" if lock.success else None)


def _counter(result: CounterResult) -> tuple[Beat, ...]:
    """Return the beat of a counter lock taken after a defence held."""
    return (_lock(result.lock),)


def _escape(result: EscapeResult) -> tuple[Beat, ...]:
    """Return the beat of a try to break a lock."""
    return (Beat(result.victim, "escape", note="broke free" if result.broken else "still pinned"),)


def _stand(result: StandResult) -> tuple[Beat, ...]:
    """Return the beat of getting up from prone."""
    return (Beat(result.actor, "stand", note="stood up"),)


def _flee(result: FleeResult) -> tuple[Beat, ...]:
    """Return the beat of a retreating fighter getting away."""
    return (Beat(result.actor, "flee", note="got away"),)


def _strain(result: StrainResult) -> tuple[Beat, ...]:
    """Return the beat of an Incapacitated fighter who failed to strain: the element spent, nothing done."""
    return (Beat(result.actor, result.move, note="too hurt to act"),)


def _attack(actor: str, attack: Attack) -> tuple[Beat, ...]:
    """Return the beats of one attack roll: at whom, and a stray shot's miss of him and its hit on whom it struck."""
    if attack.defence == "warning":  # fired at someone, but no blow: neither a hit nor a miss
        return (Beat(actor, "shoot", attack.target, note="warning shot", aid=True),)
    if attack.struck is None:
        return (Beat(actor, "shoot", attack.target, False),)
    if attack.struck == attack.target:
        return (_harmed(Beat(actor, "shoot", attack.struck, True), attack.harm),)
    return (Beat(actor, "shoot", attack.target, False),  # missed by one: it strikes another in the melee
            _harmed(Beat(actor, "shoot", attack.struck, True, note="stray shot", aimed=False), attack.harm))


def _volley(result: Volley) -> tuple[Beat, ...]:
    """Return a beat per attack roll of a shoot move; an Incapacitated shooter who strained gets a first beat."""
    strained = (Beat(result.actor, "strain", note="strained to act"),) if result.strain is not None else ()
    return (*strained, *(beat for a in result.attacks for beat in _attack(result.actor, a)))


def _blast(actor: str, hit: BlastHit, move: str = "grenade") -> tuple[Beat, ...]:
    """Return a beat per part of the blast that wounded the target, or one miss when nothing did."""
    beats: list[Beat] = []
    if hit.concussion_harm is not None:
        beats.append(_harmed(Beat(actor, move, hit.target, True, note="concussion"), hit.concussion_harm))
    frags = hit.fragments
    if frags is not None and frags.harm is not None:
        beats.append(_harmed(Beat(actor, move, hit.target, True, note="fragments"), frags.harm))
    if not beats:
        cleared = hit.run is not None and hit.run.cleared
        beats.append(Beat(actor, move, hit.target, False, note="ran clear" if cleared else None))
    return tuple(beats)


def _grenade(result: GrenadeThrow) -> tuple[Beat, ...]:
    """Return the beats of a grenade: each target's wounds, or a lone beat when it caught no one."""
    if not result.hits:
        note = "scattered" if result.scatter.motras else "caught no one"
        return (Beat(result.actor, "grenade", note=note),)
    return tuple(b for h in result.hits for b in _blast(result.actor, h))


def _detonation(result: Detonation) -> tuple[Beat, ...]:
    """Return the beats of a charge set off: each target's wounds, or a lone beat when it failed or caught no one."""
    if not result.went_off:
        return (Beat(result.actor, "detonate", note="did not go off"),)
    if not result.hits:
        return (Beat(result.actor, "detonate", note="caught no one"),)
    return tuple(b for h in result.hits for b in _blast(result.actor, h, "detonate"))


def _dodge(result: Dodge) -> tuple[Beat, ...]:
    """Return the beat of the element's dodge, noting its result on the ladder."""
    return (Beat(result.combatant, "dodge", note=result_name(result.value)),)


# The results of actions one may take while dodging: each says where the −1 for acting went (``acting``).
_ACTING = (ExchangeResult, Volley, GrenadeThrow, Detonation)


def _dodge_lowered(result: object) -> tuple[Beat, ...]:
    """Return a beat when the actor took the −1 for acting while dodging on his dodge (the summary's dodge is lower)."""
    if not isinstance(result, _ACTING) or result.acting != "dodge":
        return ()
    return (Beat(result.actor, "dodge", note="one level lower for acting"),)


def _reload(result: Reload) -> tuple[Beat, ...]:
    """Return the beat of a reload, and of the dodge it lowered (one dodging as he reloads)."""
    beat = Beat(result.actor, "reload", note=result.weapon)
    if result.dodge is None:
        return (beat,)
    return beat, Beat(result.actor, "dodge", note=f"drops to {result_name(result.dodge)}")


def _quick_draw(result: QuickDraw) -> tuple[Beat, ...]:
    """Return the beat of a quick draw: who drew first."""
    winner = result.winner
    note = "drew together" if winner is None else "drew first" if winner == result.actor else "outdrawn"
    return (Beat(result.actor, "quick draw", note=note),)


def _recovery(result: Recovery) -> tuple[Beat, ...]:
    """Return the beat of a frozen combatant's Willpower roll to recover."""
    return (Beat(result.combatant, "recover", note="recovered" if result.recovered else "still frozen"),)


def _aftercare(result: Aftercare) -> tuple[Beat, ...]:
    """Return the beat of healing: who tended whom and what came of it."""
    done = result.result
    if done is None:
        return (Beat(result.target, "scratches seen to"),)
    if isinstance(done, Treatment):
        note = f"eases to {done.health.lethal.level_name}" if done.success else "no improvement"
        method = "natural recovery" if result.method == "natural" else result.method
        return (care(result.healer, result.target, method, note),)
    if isinstance(done, Rest):
        return (Beat(result.target, "rest", note=f"stun {done.before} → {done.after}" + (", wakes up" * done.woke)),)
    return (Beat(result.target, "tries to wake", note="wakes up" if done.success else "stays out"),)


_DIGESTERS: dict[type, Callable[[Any], tuple[Beat, ...]]] = {
    ExchangeResult: _exchange,
    EscapeResult: _escape,
    CounterResult: _counter,
    StandResult: _stand,
    FleeResult: _flee,
    StrainResult: _strain,
    Volley: _volley,
    GrenadeThrow: _grenade,
    Detonation: _detonation,
    Dodge: _dodge,
    Reload: _reload,
    QuickDraw: _quick_draw,
    Recovery: _recovery,
    Aftercare: _aftercare,
}


def digest(result: object) -> tuple[Beat, ...]:
    """Boil a Farscape result down to beats for the round summary; an unknown result gives none."""
    digester = _DIGESTERS.get(type(result))
    if digester is not None:
        return (*digester(result), *_dodge_lowered(result))
    events = getattr(result, "recoveries", None)
    if isinstance(events, tuple):
        return tuple(b for r in events if isinstance(r, Recovery) for b in _recovery(r))
    return ()


def _health_states(health: object) -> set[str]:
    """Return the states the wound tracks give."""
    if not isinstance(health, Health):
        return set()
    states: set[str] = set()
    if health.lethal.level == 4:
        states.add("near death")
    elif health.incapacitated:
        states.add("incapacitated")
    if health.knocked_out:
        states.add("unconscious")
    return states


def status(combatant: Combatant) -> tuple[str, ...]:
    """Name the combatant's states worth showing, most serious first (keys from ``STATUS_KEYS``)."""
    states = _health_states(combatant.health)
    names = {c.name for c in combatant.conditions}
    for key in ("unconscious", "out", "frozen", "pinned", "grappling", "prone", "feinted", "retreating"):
        if key in names:
            states.add(key)
    if "stun" in names:
        states.add("stunned")
    if "dodge" in names and not states & {"unconscious", "out", "near death"}:  # a dodge means nothing once down
        states.add("dodging")
    return tuple(k for k in STATUS_KEYS if k in states)
