"""Fallout results as beats for the round summary, and a combatant's states as short words."""

from __future__ import annotations

from typing import Any

from combat.model import Combatant
from combat.summary import Beat, care
from combat.systems.fallout.results import (
    Attack,
    Evading,
    Harm,
    Items,
    Moved,
    Overload,
    Reloaded,
    RoundBegins,
    Stance,
    Watching,
)
from combat.systems.fallout.state import Vitals, fighter
from combat.systems.fallout.tools import Treated

__all__ = ["digest", "health_state", "status"]


# What a critical point spent on an effect did, as the summary says it (critical damage is in the HP lost).
_CRIT_WORDS = {"knockdown": "knocked down", "knockback": "knocked back", "stun": "stunned"}


def _attack_beats(result: Attack) -> list[Beat]:
    if result.charged and not result.checks:  # his own fatigue (a maimed groin) put him down before the attack
        return [Beat(result.actor, "charge", out=True, note="passes out")]
    beats: list[Beat] = []
    harms = {h.target: h for h in result.harms}
    targets: list[str] = [c.target for c in result.checks if c.target is not None]
    if result.blast is not None:
        targets = [v for v, _ in result.blast.victims]
    for target in dict.fromkeys(targets):
        dealt = sum(h.damage for h in result.hits if h.target == target)
        dealt += sum(c.amount for c in result.crits if c.target == target and c.effect == "damage")
        hit = any(c.hit for c in result.checks if c.target == target) or result.blast is not None
        harm = harms.get(target)
        out = harm is not None and (harm.dead or harm.out)
        notes = ["scattered"] if result.blast is not None and result.blast.scatter is not None else []
        notes += dict.fromkeys(_CRIT_WORDS[c.effect] for c in result.crits  # what a point did, not what it tried
                               if c.target == target and c.effect in _CRIT_WORDS and c.amount)
        beats.append(Beat(result.actor, result.mode, target, hit, f"-{dealt} HP" if dealt else None, "hp", out,
                          ", ".join(notes) or None))
    if not beats:
        beats.append(_landed_beat(result))
    return beats


def _landed_beat(result: Attack) -> Beat:
    """Say where an attack with no one in it went: an item tossed to an ally who caught it, else nobody caught."""
    landed = result.landed
    if landed is not None and landed.catcher is not None:
        return Beat(result.actor, result.mode, landed.catcher, note=f"caught the {landed.item}", aid=True)  # no blow
    return Beat(result.actor, result.mode, None, False, None, None, False, "no one caught")


def digest(result: Any) -> tuple[Beat, ...]:
    """Boil a result down to beats: one per target of an attack (or of an overwatch interrupt), one per bleed."""
    if isinstance(result, Attack):
        return tuple(_attack_beats(result))
    if isinstance(result, Moved):
        hexes = f"{result.hexes} hex" + ("" if result.hexes == 1 else "es")
        out = result.harm is not None and result.harm.out  # his own fatigue (a maimed groin)
        beats = [Beat(result.actor, "run" if result.run else "move", out=out,
                      note=f"{hexes}, passes out" if out else hexes)]
        for attack in result.interrupts:
            beats += _attack_beats(attack)
        return tuple(beats)
    if isinstance(result, Evading | Watching | Reloaded):
        return (Beat(result.actor, type(result).__name__.lower()),)
    if isinstance(result, Items):
        items = Beat(result.actor, "items", note=_items_note(result))
        return (*digest(result.stance), items) if result.stance else (items,)
    if isinstance(result, Stance):
        return (Beat(result.actor, "stance", note=f"{result.old} → {result.new}"),)
    if isinstance(result, Overload):
        level = f"x{result.level}" if result.level else "released"
        return (Beat(result.actor, "overload", note=f"{result.weapon} {level}"),)
    if isinstance(result, RoundBegins):
        return _opening(result)
    if isinstance(result, Treated):
        hurt = "broken" if result.level == "break" else "maimed"
        return (care(result.healer, result.target, "treat",
                     f"{hurt} {result.part} {'fixed' if result.fixed else 'not fixed'}"),)
    return ()


def _opening(result: RoundBegins) -> tuple[Beat, ...]:
    """Return what befell whom as a round began: bleeding, a broken head's blackout (one not out already), waking."""
    beats = [Beat(h.target, "bleeds", out=h.dead or h.out, note=_left_with(h)) for h in result.bleeding]
    beats += [Beat(c, "blacks out", out=True, note="broken head") for c in result.blackouts]
    beats += [Beat(c, "comes to", note="broken head") for c in result.woke]
    return tuple(beats)


def _left_with(harm: Harm) -> str:
    """Say what bleeding left him with: '3 HP left', '-2 HP left, dead'."""
    end = ", dead" if harm.dead else ", passes out" if harm.out else ""
    return f"{harm.hp} HP left{end}"


def _items_note(items: Items) -> str:
    """Say what was taken out, put away and dropped: 'takes out knife; puts away 10mm pistol'."""
    parts = [f"{verb} {', '.join(keys)}" for verb, keys in
             (("takes out", items.drawn), ("puts away", items.stowed), ("drops", items.dropped)) if keys]
    return "; ".join(parts)


def status(combatant: Combatant) -> tuple[str, ...]:
    """Name the combatant's states: dead, unconscious, stunned, winded, stance, place, wounds, overwatch."""
    vitals: Vitals = combatant.health
    state = fighter(combatant)
    words: list[str] = []
    if vitals.dead:
        return ("dead",)
    if vitals.passed_out or state.knocked_out:
        words.append("unconscious")
    if vitals.stun:
        words.append(f"stunned ({vitals.stun})")
    if vitals.winded:
        words.append("winded")
    if state.stance != "stand":
        words.append("crouching" if state.stance == "crouch" else "prone")
    if state.hex:
        words.append(f"at {state.hex} facing {state.facing}")
    words += [f"{i.part} {'broken' if i.level == 'break' else 'maimed'}" for i in state.injuries]
    if state.evading:
        words.append("evading")
    if state.overwatch is not None:
        words.append(f"overwatch towards {state.overwatch.aim}")
    if state.overloaded:
        words.append(f"overloaded x{state.overloaded}")
    return tuple(words)


def health_state(combatant: Combatant) -> dict[str, Any]:
    """Export HP, fatigue, stun, place and wounds as plain data."""
    vitals: Vitals = combatant.health
    state = fighter(combatant)
    return {
        "hp": vitals.hp, "max_hp": vitals.max_hp, "fatigue": vitals.fatigue, "stun": vitals.stun,
        "hex": state.hex, "facing": state.facing, "stance": state.stance, "hands": list(state.hands),
        "ammo": dict(state.ammo), "injuries": {i.part: i.level for i in state.injuries},
        "sequence": state.sequence,
    }
