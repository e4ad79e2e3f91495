"""The use cases: one per command, each one unit of work; the table maps command paths to them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping

from bot.services import actions, characters, encounters, guild, reactions, views
from bot.services.context import Caller, DiceProvider, RandomProvider, ReplayDice
from bot.services.core import Services
from bot.services.replies import Reply

__all__ = ["HANDLERS", "Caller", "DiceProvider", "RandomProvider", "ReplayDice", "Reply", "Services"]

Handler = Callable[[Services, Caller, Mapping[str, str]], Awaitable[Reply]]

HANDLERS: dict[str, Handler] = {
    "encounter start": encounters.start,
    "encounter add": encounters.add,
    "encounter join": encounters.join,
    "encounter remove": encounters.remove,
    "encounter begin": encounters.begin,
    "encounter next": encounters.next_turn,
    "encounter hold": encounters.hold,
    "encounter release": encounters.release,
    "encounter surprise": encounters.surprise,
    "encounter adjust": encounters.adjust,
    "encounter heal": encounters.heal,
    "encounter strain": encounters.strain,
    "encounter react": reactions.react,
    "encounter status": views.status,
    "encounter undo": encounters.undo,
    "encounter log": views.log,
    "encounter export": views.export,
    "encounter end": encounters.end,
    "encounter settings": guild.settings,
    "attack": actions.attack,
    "dodge": actions.dodge,
    "act": actions.act,
    "character create": characters.create,
    "character show": characters.show,
    "character edit": characters.edit,
    "character list": characters.list_characters,
    "character delete": characters.delete,
    "roll": characters.roll,
}
