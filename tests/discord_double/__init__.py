"""A local, realistic Discord double for end-to-end tests of a real discord.py 2.7 bot.

    async with DiscordDouble() as double, double.point():
        async with double.running(make_bot()):
            rec = await double.invoke("encounter start", {"system": "farscape"})
            assert (await rec.response()).type == 5
"""

from . import _rootpath  # noqa: F401  (must stay first)
from .double import DiscordDouble
from .errors import (
    CommandNotSynced,
    ComponentNotFound,
    DoubleError,
    DoubleTimeout,
    InvalidOptions,
    NoBotConnected,
    NotPermitted,
)
from .gateway import Session
from .interactions import Callback, Choice, InteractionRecord
from .messages import Revision, StoredMessage, Upload
from .pointing import Pointing, point_discord
from .state import Fault, RecordedRequest, Rejection
from .world import ADMINISTRATOR, MANAGE_MESSAGES, MENTION_EVERYONE, SEND_MESSAGES, VIEW_CHANNEL

InvocationRecord = InteractionRecord

__all__ = [
    "ADMINISTRATOR",
    "MANAGE_MESSAGES",
    "MENTION_EVERYONE",
    "SEND_MESSAGES",
    "VIEW_CHANNEL",
    "Callback",
    "Choice",
    "CommandNotSynced",
    "ComponentNotFound",
    "DiscordDouble",
    "DoubleError",
    "DoubleTimeout",
    "Fault",
    "InteractionRecord",
    "InvalidOptions",
    "InvocationRecord",
    "NoBotConnected",
    "NotPermitted",
    "Pointing",
    "RecordedRequest",
    "Rejection",
    "Revision",
    "Session",
    "StoredMessage",
    "Upload",
    "point_discord",
]
