"""A command's options as typed values: the one boundary where what a user typed (locally or on Discord) is read."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.commands import Command
from combat.errors import InvalidInput, echo
from combat.options import OptionSpec, OptionValue, find_option, normal_key, options_by_key, parse_options

__all__ = ["Args", "parse_args", "split_pairs"]


@dataclass(frozen=True, slots=True)
class Args:
    """The typed values of a command's own options, and the text of the options it passes on to a move or tool.

    ``extra`` is read later, against the move's or tool's own specs, by the same parser.
    """

    values: Mapping[str, OptionValue] = field(default_factory=dict)
    extra: Mapping[str, str] = field(default_factory=dict)

    def text(self, name: str) -> str | None:
        """Return a text option, or None when not given."""
        value = self.values.get(name)
        return value if isinstance(value, str) else None

    def number(self, name: str) -> int | None:
        """Return a number option, or None when not given."""
        value = self.values.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def flag(self, name: str) -> bool | None:
        """Return a yes/no option, or None when not given."""
        value = self.values.get(name)
        return value if isinstance(value, bool) else None

    def given(self) -> dict[str, OptionValue]:
        """Return every option given, the passed-on ones as text (what the log records)."""
        return {**self.values, **self.extra}


# The field where Discord takes an open command's other options, typed "name=value, …" (the local table takes them too).
PAIRED = ("extra", "options")


_QUOTES = {'"': '"', "\u201c": "\u201d", "\u201d": "\u201d"}  # straight and curly (as phones type them)


def _parts(text: str) -> list[str]:
    """Split at the commas outside quotes: 'a=1, b="x, y"' gives 'a=1' and ' b="x, y"'.

    A quote opens a value only as its first character (after '='): '6" gun' is a value with a quote in it.
    """
    parts: list[str] = []
    current: list[str] = []
    closing: str | None = None
    starting = False  # just after '=', before the value's first character
    for char in text:
        if closing is not None:
            closing = None if char == closing else closing
        elif starting and char in _QUOTES:
            closing = _QUOTES[char]
        elif char == ",":
            parts.append("".join(current))
            current = []
            continue
        starting = char == "=" or (starting and char.isspace() and closing is None)
        current.append(char)
    if closing is not None:
        raise InvalidInput(f"A quote opened in '{echo(''.join(current).strip())}' is not closed.")
    return [*parts, "".join(current)]


def _unquoted(value: str) -> str:
    """Return a value without the quotes around it, if it has them."""
    if len(value) >= 2 and value[0] in _QUOTES and value[-1] == _QUOTES[value[0]]:
        return value[1:-1].strip()
    return value


def split_pairs(text: str | None, given: Mapping[str, Any]) -> dict[str, Any]:
    """Read 'aware=no, rounds=6' into options beside ``given``; an option given twice is refused, never dropped.

    A part with no '=' goes on the value before it, so a list needs no quotes ('leaders=Aeryn, Rygel', 'via=C3, C4,
    to=C5'); a value that holds '=' pairs of its own is quoted ('difficulties="Aeryn=Good, Rygel=Poor"').
    """
    options: dict[str, Any] = {}
    last: str | None = None
    for part in _parts(text or ""):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        if not sep and last is not None:
            options[last] = f"{options[last]}, {part.strip()}"
            continue
        key = name.strip().lower()
        if not sep or not key or not value.strip():
            raise InvalidInput(f"'{echo(part.strip())}' is not name=value; write extra like \"aware=no, rounds=6\" "
                               "(a value with its own name=value pairs in quotes).")
        if key in options or given.get(key) is not None:
            raise InvalidInput(f"The option '{echo(key)}' is given twice; give it once.")
        options[key], last = _unquoted(value.strip()), key
    return {**given, **options}


def _unpaired(command: Command, raw: Mapping[str, str]) -> Mapping[str, str]:
    """Spread an open command's ``extra:``/``options:`` pairs into options of their own (not one of its own names)."""
    known = options_by_key(command.options)
    paired = [name for name in raw if name.lower() in PAIRED and find_option(known, name) is None]
    if not command.open or not paired:
        return raw
    rest = {k: v for k, v in raw.items() if k not in paired}
    for name in paired:
        rest = split_pairs(raw[name], rest)
    return rest


def parse_args(command: Command, raw: Mapping[str, str]) -> Args:
    """Read a command's options: its own as typed values; an open command passes the others on as text."""
    own: dict[str, str] = {}
    extra: dict[str, str] = {}
    known = options_by_key(command.options)
    for name, text in _unpaired(command, raw).items():
        if find_option(known, name) is not None:
            own[name] = text
        elif command.open:
            if not text.strip():
                raise InvalidInput(f"{echo(name)} is empty; give it a value or leave it out.")
            extra[normal_key(name)] = text
        else:
            own[name] = text  # refused by the parser, naming the options there are
    values = parse_options(command.options, own, owner=f"/{command.path}", where_listed=_where_listed(command))
    return Args(values, extra)


# Option sources whose values are the channel's system's moves or tools: /help on the command lists them there.
_LISTED = {"moves": "moves", "tools": "GM tools"}


def _where_listed(command: Command) -> Callable[[OptionSpec], str]:
    """Return what tells, for a missing move or tool, that /help on the command lists the ones to choose from."""

    def listed(spec: OptionSpec) -> str:
        kind = _LISTED.get(spec.source or "")
        topic = command.path.split()[-1]
        return f"/help {topic} lists the {kind} of this channel's fight." if kind else ""

    return listed
