"""Farscape wound tracks as boxes ('Hurt ■□'), and a number-free word for how hurt someone looks."""

from __future__ import annotations

from combat.systems.farscape.wounds import Health, Kind

__all__ = ["EMPTY", "FILLED", "descriptor", "track_line", "wound_boxes"]

FILLED = "■"
EMPTY = "□"
_TITLES = {"lethal": "Lethal", "stun": "Stun"}


def track_line(health: Health, kind: Kind) -> str:
    """Show one track's boxes: 'Lethal: Scratch ■□□ · Hurt □□ · Very Hurt □ · Incapacitated □ · Near Death □'."""
    spec, track = health.spec(kind), health.track(kind)
    levels = (
        f"{name} {FILLED * filled}{EMPTY * (boxes - filled)}"
        for name, boxes, filled in zip(spec.levels, spec.boxes, track.filled, strict=True)
    )
    return f"{_TITLES[kind]}: " + " · ".join(levels)


def wound_boxes(health: Health) -> list[str]:
    """Show both tracks, lethal first."""
    return [track_line(health, "lethal"), track_line(health, "stun")]


def descriptor(health: Health, *, unconscious: bool = False, straining: bool = False) -> str:
    """Describe a combatant's state without numbers, for players who must not see an NPC's tracks [ours].

    'Down' when incapacitated or out cold (``unconscious`` passes a knockout the tracks cannot show, such as a
    failed Willpower roll), but 'Barely standing' when incapacitated with the GM's leave to strain (``straining``):
    he still acts; 'Badly wounded' at Very Hurt or Very Stunned; 'Hurt' for any lesser wound or daze; 'Unhurt'
    otherwise.
    """
    if unconscious or health.knocked_out:
        return "Down"
    if health.incapacitated:
        return "Barely standing" if straining else "Down"
    levels = [lvl for lvl in (health.lethal.level, health.stun.level) if lvl is not None]
    if not levels:
        return "Unhurt"
    return "Badly wounded" if max(levels) >= 2 else "Hurt"
