"""The use cases: one per command, each one unit of work; ``dispatch`` reads a command's options and runs it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping

from bot.commands import find_command
from bot.services import actions, characters, demo, encounters, guild, odds, reactions, tools, views
from bot.services.args import Args, parse_args
from bot.services.context import Caller, DiceProvider, RandomProvider, ReplayDice
from bot.services.core import Services
from bot.services.errors import UnknownCommand
from bot.services.guild import MAX_ID
from bot.services.replies import Reply
from combat.errors import InvalidInput

__all__ = ["HANDLERS", "Args", "Caller", "DiceProvider", "RandomProvider", "ReplayDice", "Reply", "Services",
           "dispatch", "run_command"]

Handler = Callable[[Services, Caller, Args], Awaitable[Reply]]

HANDLERS: dict[str, Handler] = {
    "encounter start": demo.start,
    "encounter add": encounters.add,
    "encounter join": encounters.join,
    "encounter remove": encounters.remove,
    "encounter begin": encounters.begin,
    "encounter next": encounters.next_turn,
    "encounter hold": encounters.hold,
    "encounter release": encounters.release,
    "encounter react": reactions.react,
    "encounter status": views.status,
    "encounter undo": encounters.undo,
    "encounter log": views.log,
    "encounter export": views.export,
    "encounter map": views.map_,
    "encounter end": encounters.end,
    "encounter gm": tools.gm_tool,
    "encounter settings": guild.settings,
    "attack": actions.attack,
    "dodge": actions.dodge,
    "act": actions.act,
    "odds": odds.odds,
    "character create": characters.create,
    "character show": characters.show,
    "character edit": characters.edit,
    "character list": characters.list_characters,
    "character delete": characters.delete,
    "roll": characters.roll,
    "help": views.help_,
}


async def dispatch(svc: Services, caller: Caller, path: str, options: Mapping[str, str]) -> Reply:
    """Run the command at ``path`` as the local table and Discord both send it, counted and timed in ``svc.metrics``."""
    with svc.metrics.timed(path):
        return await run_command(svc, caller, path, options)


async def run_command(svc: Services, caller: Caller, path: str, options: Mapping[str, str]) -> Reply:
    """Read the options of the command at ``path`` and run it, uncounted (a command made of commands uses this)."""
    command = find_command(path)
    handler = HANDLERS.get(path)
    if command is None or handler is None:
        raise UnknownCommand(f"There is no command /{path}.")
    if not (0 <= caller.user_id <= MAX_ID and 0 <= caller.guild_id <= MAX_ID and 0 <= caller.channel_id <= MAX_ID):
        raise InvalidInput("That user, server or channel id is not one Discord gives; nothing was done.")
    return await handler(svc, caller, parse_args(command, options))
