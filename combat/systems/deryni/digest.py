"""Boil Deryni results down to round-summary beats, and name a combatant's states worth showing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from combat.intent import Asked
from combat.model import Combatant
from combat.summary import Beat, care
from combat.systems.deryni.gear import SHIELD
from combat.systems.deryni.healing import Rested, Saved, Treated
from combat.systems.deryni.health import LEVELS
from combat.systems.deryni.results import (
    AllOut,
    DeathSettled,
    DeathTest,
    Meditation,
    PickedUp,
    PowerDropped,
    PowerUse,
    Ran,
    Strike,
)
from combat.systems.deryni.rounds import RoundEnd
from combat.systems.deryni.state import fighter

__all__ = ["digest", "status"]

_MOVES = {"called": "called shot", "knockout": "knock-out", "disarm": "disarm"}
_DEFENDED = {"shield": "blocked", "parry": "parried", "dodge": "dodged", "acrobatics": "tumbled aside"}


def _verdict(test: DeathTest) -> str:
    if not test.passed and test.difficulty is None and test.roll is None:
        return "none can save a Mortal wound: dying"  # only FUDGE points could, and none were spent
    if not test.passed:
        return "failed: dying"
    return f"passed with {test.spent} FUDGE point{'s' if test.spent > 1 else ''}" if test.spent else "passed"


def _death_note(test: DeathTest | None) -> str | None:
    """Say how the wound's Death Test went; a dying fighter takes none, so nothing is said."""
    if test is None or test.reason == "dying":
        return None
    if not test.passed and test.difficulty is None and test.roll is None:
        return "no Death Test can save a Mortal wound: dying"
    return f"Death Test {_verdict(test)}"


def _strike(result: Strike) -> tuple[Beat, ...]:
    move = _MOVES.get(result.special or "", "attack")
    notes: list[str] = []
    if result.outcome == "defended":
        verb = _DEFENDED.get(result.defence.kind, result.defence.kind)
        notes.append(f"{verb} with {result.defence_name}" if result.defence_name else verb)
    if result.outcome == "fumble":
        notes.append("Terrible")
    if result.outcome == "disarmed":
        notes.append(f"disarmed: {result.disarm_item}")
    if result.outcome == "kept":
        notes.append("disarm failed")
    harm = result.harm
    if harm is None:  # past the defence, the Strength contest lost: a hit all the same, with no disarm
        hit = result.hit or (result.outcome == "kept" and result.contest is not None)
        return (Beat(result.actor, move, result.target, hit, note=", ".join(notes) or None),)
    if harm.limb:
        notes.append(f"{harm.location} {harm.limb}")
    if harm.knocked_out:
        notes.append("knocked out")
    death = _death_note(harm.death)
    if death and not harm.waiting:
        notes.append(death)
    out = harm.unconscious or harm.level >= 3
    return (Beat(result.actor, move, result.target, True, LEVELS[harm.level], "wound", out, ", ".join(notes) or None),)


def _settled(result: DeathSettled) -> tuple[Beat, ...]:
    return (Beat(result.test.combatant, "Death Test", note=_verdict(result.test)),)


def _round_end(result: RoundEnd) -> tuple[Beat, ...]:
    beats = [Beat(c, "dies", out=True, note="failed Death Test") for c in result.deaths]
    for test in result.tests:
        verdict = "stays conscious" if test.passed else "falls unconscious"
        beats.append(Beat(test.combatant, "Consciousness Test", out=not test.passed, note=verdict))
    return tuple(beats)


def _treated(result: Treated) -> tuple[Beat, ...]:
    """Return the beat of First Aid or Battle Surgery: who tended whom, and what became of the wound."""
    if result.after is None:
        note = "the scratch is gone"
    else:
        note = f"{LEVELS[result.before]} treated, now {LEVELS[result.after]}" if result.success else "no better"
    return (care(result.healer, result.target, result.method, note),)


def _rested(result: Rested) -> tuple[Beat, ...]:
    """Return the beat of days of rest: what healed, and whether he woke."""
    days = f"{result.days} day{'s' if result.days != 1 else ''}"
    healed = f"{', '.join(result.healed)} healed" if result.healed else "no wound healed"
    return (Beat(result.target, "rest", note=f"{days}: {healed}" + (", wakes up" * result.woke)),)


_DIGESTERS: dict[type, Callable[[Any], tuple[Beat, ...]]] = {
    Treated: _treated,
    Rested: _rested,
    Saved: lambda r: (Beat(r.target, "extraordinary measures", note="will live"),),
    Strike: _strike,
    DeathSettled: _settled,
    RoundEnd: _round_end,
    AllOut: lambda r: (Beat(r.actor, "all-out defence"),),
    PickedUp: lambda r: (Beat(r.actor, "pick up", note=r.name),),
    Ran: lambda r: (Beat(r.actor, "run", note=f"to {r.name}"),),
    PowerUse: lambda r: (Beat(r.actor, "power", note=f"{r.power}: {'works' if r.check.success else 'fails'}"),),
    PowerDropped: lambda r: (Beat(r.actor, "drop power", note=r.power),),
}


def digest(result: object) -> tuple[Beat, ...]:
    """Boil a Deryni result down to beats; an attack waiting for a choice counts as the attack.

    A Death Test still waiting for a choice (FUDGE points after a failed roll) gives no beat: its settling does.
    """
    if isinstance(result, Asked):
        return () if isinstance(result.result, DeathSettled) else digest(result.result)
    digester = _DIGESTERS.get(type(result))
    beats = digester(result) if digester is not None else ()
    return (*beats, *_dropped(getattr(result, "meditation", ())))


def _dropped(checks: tuple[Meditation, ...]) -> tuple[Beat, ...]:
    """Return a beat for each power a failed Meditation check (or a fall) made its keeper drop."""
    return tuple(Beat(m.combatant, "drop power", note=f"{m.power}: Meditation failed" if m.check is not None
                      else f"{m.power}: out of the fight") for m in checks if not m.kept)


def status(combatant: Combatant) -> tuple[str, ...]:
    """Name the states worth showing: dead, dying, unconscious, incapacitated, all-out, a power, gear on the floor."""
    health = combatant.health
    state = fighter(combatant)
    found: list[str] = []
    if health.dead:
        return ("dead",)
    if health.dying is not None:
        found.append("dying")
    if health.unconscious:
        found.append("knocked out" if health.knocked_out else "unconscious")
    elif health.incapacitated:
        found.append("incapacitated")
    found += [f"{limb} {how}" for how, limbs in (("broken", health.disabled), ("severed", health.severed))
              for limb in limbs]
    if state.all_out and not health.out:  # this round's defences: nothing to one out of the fight
        found.append("all-out defence")
    if state.dodges and not health.out:
        found.append(f"dodged -{state.dodges}")
    if state.power:
        found.append(f"maintains {state.power}")
    if state.dropped:
        shield = combatant.sheet.shield or SHIELD  # his shield by its name (a buckler), as the disarm told it
        found.append(f"on the floor: {', '.join(shield if item == SHIELD else item for item in state.dropped)}")
    return tuple(found)
