"""Options that describe themselves, and the one parser that turns what a caller typed into typed values.

Every option a command, a move or a GM tool takes is an ``OptionSpec``: its name, kind, description, choices or
bounds, the phases it belongs to, and whether only the GM may give it. ``parse_options`` reads the caller's text
(the local table's ``name:value`` and Discord's options arrive the same way) into ``OptionValue``s, refusing
anything unknown, malformed or out of bounds with a message that names what is allowed. Nothing given is dropped.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from combat.errors import InvalidInput, echo
from combat.ladder import parse_level
from combat.lookups import PerList

__all__ = [
    "NO_WORDS",
    "YES_WORDS",
    "OptionChoice",
    "OptionKind",
    "OptionSpec",
    "OptionValue",
    "find_option",
    "listed",
    "normal_key",
    "options_by_key",
    "parse_number",
    "parse_option",
    "parse_options",
    "same_name",
    "spelling",
]

OptionValue = str | int | bool | tuple[str, ...]
OptionKind = Literal["text", "number", "flag", "choice", "level", "combatant", "combatants"]

YES_WORDS = frozenset({"yes", "y", "true", "on", "1"})
NO_WORDS = frozenset({"no", "n", "false", "off", "0"})
MAX_TEXT = 200
_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")
_MINUSES = str.maketrans({"−": "-", "–": "-", "＋": "+"})


@dataclass(frozen=True)
class OptionChoice:
    """One value a choice option accepts: its key (as typed and stored) and what it means."""

    key: str
    summary: str = ""


@dataclass(frozen=True)
class OptionSpec:
    """One option: its name, kind, description, choices (and their aliases) or bounds, phases, and who may give it.

    ``other_names`` are further names players give it by ('join' for 'allow_join'), read as its name is;
    ``low``/``high`` bound a number or level, or the count of a ``combatants`` list; ``phases`` empty means every
    phase; ``source`` names a list the system fills at run time for suggestions (``weapons``, ``sides`` …).
    """

    name: str
    description: str
    kind: OptionKind = "text"
    choices: tuple[OptionChoice, ...] = ()
    aliases: tuple[tuple[str, str], ...] = ()
    low: int | None = None
    high: int | None = None
    phases: tuple[str, ...] = ()
    gm_only: bool = False
    required: bool = False
    source: str | None = None
    other_names: tuple[str, ...] = ()

    def keys(self) -> tuple[str, ...]:
        """Return the keys of the choices, in order."""
        return tuple(c.key for c in self.choices)

    def bounds(self) -> str:
        """Describe the bounds: 'from -5 to +5', 'at least 1', or '' when unbounded."""
        signed = self.kind in ("number", "level") and (self.low or 0) < 0
        show = (lambda n: f"{n:+d}") if signed else str
        if self.low is not None and self.high is not None:
            return f"from {show(self.low)} to {show(self.high)}"
        if self.low is not None:
            return f"at least {show(self.low)}"
        return f"at most {show(self.high)}" if self.high is not None else ""


@lru_cache(maxsize=4096)
def normal_key(text: str) -> str:
    """Return text as a key: case-folded, compatibility-normalised, '_' and '-' as spaces, spaces collapsed.

    Kept for the texts seen last (option and move names, over and over: every command reads its options by them).
    """
    folded = unicodedata.normalize("NFKC", text).casefold().replace("_", " ").replace("-", " ")
    return " ".join(folded.split())


# American spellings players type, read as the British ones Fray's names use.
_AMERICAN = (("armor", "armour"), ("defense", "defence"))


@lru_cache(maxsize=4096)
def spelling(text: str) -> str:
    """Return a name as compared: case, "_", "-" and spaces aside, "armor" and "defense" as British."""
    key = normal_key(text).replace(" ", "")
    for american, british in _AMERICAN:
        key = key.replace(american, british)
    return key


def listed(text: str | None) -> list[str]:
    """Return the names in a comma-separated list as typed (``target:A, B``), stripped, empty ones left out."""
    return [n for n in map(str.strip, (text or "").split(",")) if n]


def same_name(typed: str, name: str) -> bool:
    """Tell whether ``typed`` names ``name`` (compared by ``spelling``)."""
    return spelling(typed) == spelling(name)


def _by_key(specs: tuple[OptionSpec, ...]) -> dict[str, OptionSpec]:
    """Index options by the spelling of their names and other names (a name wins over another's other name)."""
    found = {spelling(other): s for s in specs for other in s.other_names}
    return found | {spelling(s.name): s for s in specs}


def find_option(by_key: Mapping[str, OptionSpec], typed: str) -> OptionSpec | None:
    """Return the option ``typed`` names (by ``spelling``; a plural of its name, or a singular, too), or None."""
    key = spelling(typed)
    return by_key.get(key) or by_key.get(key.removesuffix("s")) or by_key.get(f"{key}s")


# Options by their normal key, per list of them (a move's, a command's: constants).
options_by_key: PerList[OptionSpec, dict[str, OptionSpec]] = PerList(_by_key)


def parse_number(text: str, name: str, low: int | None = None, high: int | None = None) -> int:
    """Read a whole number like 3, +2 or -20 (one sign, ASCII digits) within the bounds."""
    cleaned = text.translate(_MINUSES).strip()
    if not _NUMBER.fullmatch(cleaned):
        bounds = OptionSpec(name, "", "number", low=low, high=high).bounds()
        wanted = f"a whole number {bounds}" if bounds else "a whole number like 2, +1 or -3"
        raise InvalidInput(f"{name} must be {wanted}; '{echo(text)}' is not.")
    value = int(cleaned)
    _check_bounds(value, name, low, high)
    return value


def _check_bounds(value: int, name: str, low: int | None, high: int | None) -> None:
    if (low is not None and value < low) or (high is not None and value > high):
        spec = OptionSpec(name, "", "number", low=low, high=high)
        raise InvalidInput(f"{name} must be {spec.bounds()}; {value} is not.")


def _flag(spec: OptionSpec, text: str) -> bool:
    word = normal_key(text)
    if word in YES_WORDS:
        return True
    if word in NO_WORDS:
        return False
    raise InvalidInput(f"{spec.name} takes yes or no, not '{echo(text)}'.")


def _choice(spec: OptionSpec, text: str) -> str:
    wanted = spelling(text)
    by_key = {spelling(c.key): c.key for c in spec.choices}
    aliases = {spelling(a): k for a, k in spec.aliases}
    found = by_key.get(wanted) or aliases.get(wanted)
    if found is None:
        raise InvalidInput(f"{spec.name} takes {_listing(spec.keys())}; '{echo(text)}' is not one of them.")
    return found


def _level(spec: OptionSpec, text: str) -> int:
    value = parse_level(text)
    _check_bounds(value, spec.name, spec.low, spec.high)
    return value


def _combatants(spec: OptionSpec, text: str, resolve: Callable[[str], str]) -> tuple[str, ...]:
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise InvalidInput(f"{spec.name} takes one or more names separated by commas.")
    ids = tuple(resolve(n) for n in names)
    if len(set(ids)) != len(ids):
        raise InvalidInput(f"{spec.name} names someone twice; name each once.")
    if (spec.low is not None and len(ids) < spec.low) or (spec.high is not None and len(ids) > spec.high):
        raise InvalidInput(f"{spec.name} takes {spec.bounds()} names; {len(ids)} were given.")
    return ids


def _text(spec: OptionSpec, text: str) -> str:
    cleaned = " ".join(text.split())
    if len(cleaned) > MAX_TEXT:
        raise InvalidInput(f"{spec.name} is {len(cleaned)} characters long; keep it to {MAX_TEXT}.")
    return cleaned


def _no_resolver(name: str) -> str:
    raise InvalidInput(f"There is nobody to name here: '{echo(name)}'.")


def parse_option(spec: OptionSpec, text: str, resolve: Callable[[str], str] = _no_resolver) -> OptionValue:
    """Read one option's text as its kind says; ``resolve`` turns a combatant's name into its id."""
    match spec.kind:
        case "number":
            named = dict((spelling(a), k) for a, k in spec.aliases).get(spelling(text))
            return parse_number(named or text, spec.name, spec.low, spec.high)
        case "flag":
            return _flag(spec, text)
        case "choice":
            return _choice(spec, text)
        case "level":
            return _level(spec, text)
        case "combatant":
            return resolve(" ".join(text.split()))
        case "combatants":
            return _combatants(spec, text, resolve)
    return _text(spec, text)


def _listing(words: Iterable[str]) -> str:
    items = list(words)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def _unknown_option(owner: str, raw_name: str, known: Iterable[str]) -> InvalidInput:
    names = list(known)
    if not names:
        return InvalidInput(f"{owner} takes no options; '{echo(raw_name)}' is not one.")
    close = difflib.get_close_matches(normal_key(raw_name), [normal_key(n) for n in names], n=1, cutoff=0.6)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return InvalidInput(f"{owner} has no option '{echo(raw_name)}'{hint}; its options are {', '.join(names)}.")


def _check_given(spec: OptionSpec, text: str, owner: str, gm: bool, phase: str | None) -> None:
    """Refuse an option given empty, by a player when only the GM may give it, or in a phase it is not for."""
    if not text.strip() and spec.required:
        raise InvalidInput(f"{owner} needs {spec.name}: {spec.description}")
    if not text.strip() and spec.kind != "number":
        raise InvalidInput(f"{spec.name} is empty; give it a value or leave it out.")
    if spec.gm_only and not gm:
        raise InvalidInput(f"Only the GM can give {spec.name}.")
    if phase is not None and spec.phases and phase not in spec.phases:
        raise InvalidInput(f"{spec.name} belongs to the {_listing(spec.phases)} phase, not the {phase} phase.")


def parse_options(
    specs: Sequence[OptionSpec],
    given: Mapping[str, str],
    *,
    owner: str,
    resolve: Callable[[str], str] = _no_resolver,
    gm: bool = True,
    phase: str | None = None,
    where_listed: Callable[[OptionSpec], str] | None = None,
) -> dict[str, OptionValue]:
    """Read every given option against ``specs``: unknown names, GM-only options and other phases are refused.

    ``owner`` names what takes the options in messages ('attack', '/encounter add'); an empty value is refused;
    a required option must be given, and none twice (by two of its names: 'allow_join' and 'join').
    ``where_listed`` says, for a missing required option, where its values are listed (empty: nowhere to send).
    """
    by_name = options_by_key(tuple(specs))
    values: dict[str, OptionValue] = {}
    typed: dict[str, str] = {}  # the name each option was given by
    for raw_name, text in given.items():
        spec = find_option(by_name, raw_name)
        if spec is None:
            raise _unknown_option(owner, raw_name, [s.name for s in specs])
        if spec.name in typed:
            raise InvalidInput(f"{spec.name} is given twice (as {echo(typed[spec.name])} and {echo(raw_name)}); "
                               "give it once.")
        typed[spec.name] = raw_name
        _check_given(spec, text, owner, gm, phase)
        values[spec.name] = parse_option(spec, text, resolve)
    missing = [s for s in specs if s.required and s.name not in values]
    if missing:
        listed = where_listed(missing[0]) if where_listed is not None else ""
        hint = f" {listed}" if listed else ""
        raise InvalidInput(f"{owner} needs {missing[0].name}: {missing[0].description}{hint}")
    return values
