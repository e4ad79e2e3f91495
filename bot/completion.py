"""Suggestions for what to type next, from the specs of the channel's system: moves, tools, options and their values.

Discord's autocomplete asks these on every keystroke; the value finally sent is checked again by the services, so
a suggestion is never trusted. Pure functions of the encounter and the system: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.commands import help_topics
from bot.registry import demo_keys, keys
from combat.model import Encounter
from combat.options import OptionSpec, find_option, normal_key, options_by_key
from combat.system import RuleSystem

__all__ = ["LIMIT", "complete_pairs", "match", "source_values", "spec_values"]

LIMIT = 25
_SMALL_RANGE = 11


def match(values: Iterable[str], current: str, limit: int = LIMIT) -> list[str]:
    """Return the values containing what is typed so far, those starting with it first, in their own order."""
    wanted = normal_key(current)
    picked = [v for v in dict.fromkeys(values) if wanted in normal_key(v)]
    picked.sort(key=lambda v: not normal_key(v).startswith(wanted))
    return picked[:limit]


def _in_phase(phases: tuple[str, ...], encounter: Encounter | None) -> bool:
    """Tell whether a move of ``phases`` (none: any phase) can be made in the encounter's current phase."""
    now = encounter.turns.phase if encounter is not None else None
    return not phases or now is None or now in phases


def source_values(system: RuleSystem | None, encounter: Encounter | None, actor: str | None, source: str) -> tuple[
    str, ...
]:
    """Return the values a named source offers now: combatants, sides, moves, tools, tiers, or the system's own."""
    if source == "systems":
        return keys()
    if source == "demos":
        return demo_keys()
    if source == "topics":
        return help_topics()
    if encounter is not None and source == "combatants":
        return tuple(c.name for c in encounter.combatants)
    if encounter is not None and source == "sides":
        return tuple(dict.fromkeys(c.side for c in encounter.combatants))
    if encounter is not None and source == "choices":
        return encounter.pending.reaction.answers() if encounter.pending else ()
    if system is None:
        return ()
    generic = {
        "moves": lambda: tuple(m.name for m in system.moves() if _in_phase(m.phases, encounter)),
        "tools": lambda: tuple(t.name for t in system.gm_tools()),
        "tiers": lambda: tuple(system.sheet_spec.tiers),
        "talents": lambda: tuple(sorted(system.sheet_spec.talents)),
    }
    if source in generic:
        return generic[source]()
    return system.suggest(encounter, actor, source) if encounter is not None else system.suggest(
        Encounter(system.key), None, source
    )


def spec_values(system: RuleSystem | None, encounter: Encounter | None, actor: str | None, spec: OptionSpec) -> tuple[
    str, ...
]:
    """Return the values worth suggesting for one option: its choices, a flag's yes/no, a small range, a source."""
    if spec.choices:
        return (*spec.keys(), *(alias for alias, _ in spec.aliases))
    if spec.kind == "flag":
        return ("yes", "no")
    if spec.kind in ("combatant", "combatants"):
        return source_values(system, encounter, actor, "combatants")
    low, high = spec.low, spec.high
    if spec.kind == "number" and low is not None and high is not None and high - low < _SMALL_RANGE:
        numbers = tuple(f"{n:+d}" if low < 0 and n else str(n) for n in range(high, low - 1, -1))
        return (*numbers, *(alias for alias, _ in spec.aliases))
    if spec.source is not None:
        return source_values(system, encounter, actor, spec.source)
    return ()


def complete_pairs(
    current: str,
    specs: Sequence[OptionSpec],
    system: RuleSystem | None,
    encounter: Encounter | None,
    actor: str | None,
) -> list[str]:
    """Complete 'name=value, name=value' text: the next option's name, or values for the one being typed."""
    done, _, last = current.rpartition(",")
    prefix = f"{done.strip()}, " if done.strip() else ""
    by_key = options_by_key(tuple(specs))
    given = [find_option(by_key, part.partition("=")[0]) for part in done.split(",") if "=" in part]
    used = {spec.name for spec in given if spec is not None}
    name, sep, value = last.partition("=")
    if sep:
        spec = find_option(by_key, name)  # read as the services will read it (spelling, a plural)
        values = spec_values(system, encounter, actor, spec) if spec is not None else ()
        return [f"{prefix}{spec.name}={v}" for v in match(values, value)] if spec is not None else []
    names = [s.name for s in specs if s.name not in used]
    return [f"{prefix}{n}=" for n in match(names, name)]
