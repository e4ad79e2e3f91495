"""Read the local table's lines: '@user [#channel] /command option:value option:"with spaces"' and '!dice'."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.commands import COMMANDS, Command, find_command
from bot.services.errors import UnknownCommand
from combat.errors import DiceError, InvalidInput, echo

__all__ = ["CommandLine", "DiceLine", "parse_line"]

MAX_LINE = 4000
_FACES = {"+": 1, "-": -1, "−": -1, "0": 0, "▢": 0, "_": 0, ".": 0}


@dataclass(frozen=True, slots=True)
class CommandLine:
    """A command typed by a user in a channel."""

    user: str
    channel: str | None
    command: Command
    options: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class DiceLine:
    """Exact faces to queue for the next rolls in a channel."""

    channel: str | None
    faces: tuple[int, ...]


def _faces(tokens: list[str]) -> tuple[int, ...]:
    faces: list[int] = []
    for token in tokens:
        if token in _FACES:
            faces.append(_FACES[token])
        elif token.isascii() and token.isdigit() and 1 <= int(token) <= 1000:
            faces.append(int(token))
        else:
            raise DiceError(f"'{token}' is not a face; queue faces like '!dice + + 0 -' or '!dice 4 6 1 3'.")
    if not faces:
        raise DiceError("Queue at least one face, like '!dice + 0 - +'.")
    return tuple(faces)


def _command(words: list[str]) -> tuple[Command, list[str]]:
    """Take the longest command path from the front of the words."""
    head = words[0].removeprefix("/").lower()
    path, used = head, 1
    if used < len(words) and ":" not in words[used] and find_command(f"{head} {words[used].lower()}"):
        path, used = f"{head} {words[used].lower()}", 2
    command = find_command(path)
    if command is None:
        groups = sorted({c.path.split()[0] for c in COMMANDS})
        subs = [c.path for c in COMMANDS if c.path.split()[0] == head]
        hint = f"; try one of: {', '.join('/' + s for s in subs)}" if subs else f"; commands: /{', /'.join(groups)}"
        typed = " ".join([head, *(w.lower() for w in words[1:2] if ":" not in w)])
        raise UnknownCommand(f"There is no command /{typed}{hint}.")
    return command, words[used:]


def _bare(command: Command, tokens: list[str]) -> tuple[dict[str, str], list[str]]:
    """Take the words without a name as the command's bare option ('/help encounter add'); return it and the rest."""
    words = [t for t in tokens if ":" not in t]
    if command.bare is None or not words:
        return {}, tokens
    return {command.bare: " ".join(words)}, [t for t in tokens if ":" in t]


def _options(command: Command, tokens: list[str]) -> dict[str, str]:
    """Split 'name:value' tokens; the services read the values (the same way as Discord's)."""
    options, tokens = _bare(command, tokens)
    for token in tokens:
        name, sep, value = token.partition(":")
        name = name.lower()
        if not sep or not name:
            raise UnknownCommand(f"'{echo(token)}' is not an option; write name:value or name:\"two words\" (a name of "
                                 f"two words joined by _, like stand_firm:yes).")
        if name in options:
            raise UnknownCommand(f"The option '{echo(name)}' is given twice.")
        options[name] = value
    return options


def _words(text: str) -> list[str]:
    """Split on spaces outside double quotes (apostrophes are letters: D'Argo); drop the quotes."""
    if text.count('"') % 2:
        raise InvalidInput('Could not read that line: a double quote (") is not closed; check the quotes.')
    words: list[str] = []
    current: list[str] = []
    quoted = started = False
    for char in text:
        if char == '"':
            quoted, started = not quoted, True
        elif char.isspace() and not quoted:
            if started:
                words.append("".join(current))
            current, started = [], False
        else:
            current.append(char)
            started = True
    if started:
        words.append("".join(current))
    return words


def _strip_comment(line: str) -> str:
    """Drop a comment: a line starting with '#', or ' # …' after a command (outside quotes)."""
    if line.lstrip().startswith("#"):
        return ""
    quoted = False
    for i, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted and i and line[i - 1].isspace() and line[i + 1 : i + 2] in ("", " ", "\t"):
            return line[:i]
    return line


def parse_line(line: str) -> CommandLine | DiceLine | None:
    """Parse one line; None for a blank line or a comment."""
    text = _strip_comment(line).strip()
    if not text:
        return None
    if len(text) > MAX_LINE:
        raise InvalidInput(f"That line is {len(text)} characters long; keep lines under {MAX_LINE}.")
    words = _words(text)
    channel = None
    if words and words[0].startswith("#") and len(words[0]) > 1:
        channel, words = words[0][1:].lower(), words[1:]
    if words[:2] == ["!dice", "clear"]:
        return DiceLine(channel, ())
    if words and words[0] == "!dice":
        if len(words) > 1 and words[1].startswith("#") and len(words[1]) > 1:
            channel, words = words[1][1:].lower(), words[1:]
        return DiceLine(channel, _faces(words[1:]))
    if not words or not words[0].startswith("@") or len(words[0]) < 2:
        raise InvalidInput("Start a line with the user who types it, like: @alice /encounter status")
    user, words = words[0][1:], words[1:]
    if words and words[0].startswith("#") and len(words[0]) > 1:
        channel, words = words[0][1:].lower(), words[1:]
    if not words or not words[0].startswith("/"):
        raise InvalidInput("After the user comes a command, like: @alice /attack target:Trooper")
    command, rest = _command(words)
    return CommandLine(user.lower(), channel, command, _options(command, rest))
