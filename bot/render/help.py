"""Help as text: Fray's commands, and a rule system's moves, their options and its GM tools, from their specs."""

from __future__ import annotations

from bot.commands import COMMANDS, MOVE_COMMANDS, find_command
from bot.registry import plugins
from bot.services.replies import HelpTopic
from combat.options import OptionSpec
from combat.system import RuleSystem

__all__ = ["command_lines", "describe", "help_lines", "move_commands", "move_lines", "system_lines", "tool_lines",
           "topic_lines"]


def describe(spec: OptionSpec) -> str:
    """Describe an option in a few words: 'style (swift|heavy|feint)', 'stance (-2 to +2)', 'stand_firm'.

    A name of two words is shown joined by '_', as it is typed (name:value ends a name at a space); other names
    follow it: 'allow_join or join (yes/no)'.
    """
    name = " or ".join(n.replace(" ", "_") for n in (spec.name, *spec.other_names))
    if spec.choices:
        return f"{name} ({'|'.join(spec.keys())})"
    if spec.kind == "flag":
        return f"{name} (yes/no)"
    if spec.kind in ("number", "level") and spec.bounds():
        return f"{name} ({spec.bounds().removeprefix('from ')})"
    return name


def _entry(name: str, summary: str, options: tuple[OptionSpec, ...]) -> str:
    shown = f" — options: {', '.join(describe(o) for o in options)}" if options else ""
    return f"{name} — {summary}{shown}"


def move_lines(system: RuleSystem) -> list[str]:
    """One line per move: what it does and its options."""
    return [_entry(m.name, m.summary, m.options) for m in system.moves()]


def tool_lines(system: RuleSystem) -> list[str]:
    """One line per GM tool: what it does and its options."""
    return [_entry(t.name, t.summary, t.options) for t in system.gm_tools()]


def _missing_moves(system: RuleSystem | None) -> set[str]:
    """Return the move commands the system has no move for (/dodge in a system without a dodge)."""
    moves = {m.name for m in system.moves()} if system is not None else set(MOVE_COMMANDS)
    return set(MOVE_COMMANDS) - moves


def move_commands(system: RuleSystem) -> str:
    """Name the commands that make the system's moves: '/attack, /dodge, /act move:…'."""
    missing = _missing_moves(system)
    return ", ".join([*(f"/{c}" for c in MOVE_COMMANDS if c not in missing), "/act move:…"])


def command_lines(system: RuleSystem | None = None) -> list[str]:
    """One line per command; with a system, those making a move it does not have are left out."""
    missing = _missing_moves(system)
    return [f"/{c.path} — {c.description}" for c in COMMANDS if c.path not in missing]


def topic_lines(topic: HelpTopic, system: RuleSystem | None) -> list[str]:
    """Return the help on one topic: each of its commands with its options, then the channel's system's part in it."""
    commands = [c for c in map(find_command, topic.commands) if c is not None]
    lines = [f"Help on {'/' if commands else ''}{topic.topic}:"]
    lines += [_entry(f"/{c.path}", c.description, c.options) for c in commands]
    if system is None:
        return lines
    moves = {m.name: m for m in system.moves()}
    tools = {t.name: t for t in system.gm_tools()}
    lines += [f"{system.title} has no {name} move." + (f" {system.defence_note}" if name == "dodge" else "")
              for name in topic.missing]
    if topic.moves:
        lines.append(f"{system.title} ({move_commands(system)}):")
        lines += [_entry(m.name, m.summary, m.options) for m in map(moves.__getitem__, topic.moves)]
    if topic.tools:
        lines.append(f"{system.title} GM tools (/encounter gm tool:…):")
        lines += [_entry(t.name, t.summary, t.options) for t in map(tools.__getitem__, topic.tools)]
    return lines


def system_lines() -> list[str]:
    """One line per rule system Fray knows."""
    return [f"{key} — {plugin.title}" for key, plugin in sorted(plugins().items())]


def help_lines(system: RuleSystem | None) -> list[str]:
    """Return the whole help: commands, then the system's moves and tools (or the systems there are)."""
    lines = ["Commands (/help topic:… shows a group's or a command's options):", *command_lines(system)]
    if system is None:
        return [*lines, "Rule systems (/encounter start system:…):", *system_lines()]
    lines += [f"{system.title} moves ({move_commands(system)}):", *move_lines(system)]
    tools = tool_lines(system)
    return [*lines, f"{system.title} GM tools (/encounter gm tool:…):", *tools] if tools else lines

