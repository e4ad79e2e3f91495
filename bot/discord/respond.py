"""Run one command for an interaction: call the service, answer exactly once, post summaries, log one line."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.caller import caller_of
from bot.discord.names import GuildNames
from bot.discord.outgoing import Outgoing, compose
from bot.discord.summaries import AHEAD
from bot.metrics import outcome_of
from bot.services import Reply, dispatch
from bot.services.core import fight_of
from combat.errors import FrayError

if TYPE_CHECKING:
    from bot.discord.client import FrayBot

__all__ = ["DEFER_AFTER", "FAILED", "LATE_AFTER", "GuildNames", "Responder", "answer_error"]

log = logging.getLogger("fray.commands")

# Answer directly when the service is this quick; otherwise defer first (Discord allows 3 s for the first answer).
DEFER_AFTER = 1.5
# An interaction this many seconds old by its id's time (replayed after a gateway resume, or long queued) is deferred
# before anything is done: if Discord refuses that, its 3 s are over and the command is not carried out at all.
LATE_AFTER = 2.0
NO_PINGS = discord.AllowedMentions.none()
FAILED = "Something went wrong on Fray's side; it has been logged."
UNANSWERED = "That was done, but Discord refused to show its answer; /encounter status shows the fight as it is now."


async def answer_error(interaction: discord.Interaction[Any], message: str) -> None:
    """Tell only the caller what went wrong, whatever state the response is in; user text never pings."""
    message = discord.utils.escape_mentions(message)[:1900]
    if not interaction.response.is_done():
        await interaction.response.send_message(message, ephemeral=True, allowed_mentions=NO_PINGS)
        return
    await _drop_placeholder(interaction)
    await interaction.followup.send(message, ephemeral=True, allowed_mentions=NO_PINGS)


async def _tell(interaction: discord.Interaction[Any], message: str) -> None:
    """Tell the caller privately what became of the command, if Discord still lets us (else the log has it)."""
    try:
        await answer_error(interaction, message)
    except discord.HTTPException:  # the interaction is gone (too late)
        log.warning("could not tell the caller: %s", message)


async def _defer(interaction: discord.Interaction[Any], edit: bool) -> None:
    """Defer the answer: a button that edits its message defers silently, anything else shows "thinking"."""
    await (interaction.response.defer() if edit else interaction.response.defer(thinking=True))


async def _drop_placeholder(interaction: discord.Interaction[Any]) -> None:
    """Delete a deferred answer's public "thinking" placeholder, so what follows can be the caller's alone."""
    if interaction.response.type is not discord.InteractionResponseType.deferred_channel_message:
        return
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:
        log.warning("could not remove the thinking placeholder before a private answer")


class Responder:
    """The one place that calls services for interactions and sends their answers."""

    def __init__(
        self, bot: FrayBot, defer_after: float = DEFER_AFTER, on_quiet: Callable[[], object] | None = None,
        ahead: float = AHEAD,
    ) -> None:
        self.bot = bot
        self.clock: Callable[[], datetime] = discord.utils.utcnow  # the time an interaction's age is read against
        # Seconds a service may take before the answer is deferred (tests set 0: every command defers at once).
        self.defer_after = defer_after
        # Seconds an answer waits for the channel's earlier round summaries before it defers, and at most in all.
        self.summary_grace = DEFER_AFTER
        self.ahead = ahead
        # Called once no command is being answered (``fray run``: collect the garbage the commands left).
        self.on_quiet = on_quiet
        self._running: set[asyncio.Future[Any]] = set()
        self._answering = 0
        self._quiet = asyncio.Event()
        self._quiet.set()

    @property
    def answering(self) -> int:
        """Return how many commands are being answered now."""
        return self._answering

    async def quiet(self) -> None:
        """Return once no command is being answered (background work such as the status boards waits for it)."""
        await self._quiet.wait()

    async def drain(self, timeout: float = 5.0) -> None:
        """Let the commands under way finish (bounded), so closing never cuts one off half-answered."""
        running = [t for t in self._running if t is not asyncio.current_task() and not t.done()]
        if running:
            await asyncio.wait(running, timeout=timeout)

    async def run(
        self, interaction: discord.Interaction[Any], path: str, options: Mapping[str, str], *, edit: bool = False
    ) -> Reply | None:
        """Call the service for ``path``, answer once (deferring if slow), and have any round summary posted.

        ``edit`` (a button turning a page) answers by editing the button's own message instead of posting one.
        """
        started = time.monotonic()
        caller = caller_of(interaction)
        self.bot.names.note_interaction(interaction)
        outcome = "ok"
        this = asyncio.current_task()
        if this is not None:
            self._running.add(this)
        self._answering += 1
        self._quiet.clear()
        try:
            if not await self._in_time(interaction, edit):
                outcome = "late"
                return None
            task = asyncio.ensure_future(dispatch(self.bot.services, caller, path, options))
            self._running.add(task)
            task.add_done_callback(self._running.discard)
            earlier = self.bot.summaries.hurry(caller.channel_id)  # an earlier round's summary comes before any answer
            if earlier is not None:  # held up (Discord's rate limit), it may not make this answer miss its 3 s
                await asyncio.wait({earlier}, timeout=max(0.0, self.summary_grace - (time.monotonic() - started)))
            done, _ = await asyncio.wait({task}, timeout=max(0.0, self.defer_after - (time.monotonic() - started)))
            late = not done or (earlier is not None and not earlier.done())
            if late and not interaction.response.is_done():  # deferred already if it looked late on arrival
                await _defer(interaction, edit)
            reply = await task
            if earlier is not None and not earlier.done():
                # then the answer follows it: ``ahead`` seconds at most in all
                await asyncio.wait({earlier}, timeout=max(0.0, self.ahead - (time.monotonic() - started)))
            self.bot.remember(caller.channel_id, reply)
            out = compose(reply, GuildNames(interaction.guild, self.bot.names), reply.viewer_gm)
            try:
                await (self._edit(interaction, out, reply) if edit else self._send(interaction, out, reply))
            except discord.HTTPException:  # it is done and stored: say so, never "something went wrong"
                outcome = "unanswered"
                log.warning("/%s was done, but its answer was refused", path, exc_info=True)
                await _tell(interaction, UNANSWERED)
            finally:  # the rounds it ended are over whether or not its answer could be shown
                self.bot.summaries.post(caller.channel_id, reply.summaries, reply.encounter, reply.summary_channel,
                                        fight_of(reply.mark))
            return reply
        except FrayError as err:
            outcome = outcome_of(err)  # refused, or conflict: the same words as the metrics
            await answer_error(interaction, err.message)
            return None
        except Exception:
            outcome = "error"
            raise
        finally:
            self._running.discard(this)
            self._answering -= 1
            if not self._answering:
                self._quiet.set()
                if self.on_quiet is not None:
                    asyncio.get_running_loop().call_soon(self._still_quiet)
            self._log(path, caller.user_id, caller.guild_id, caller.channel_id, outcome, started)

    async def click(
        self, interaction: discord.Interaction[Any], path: str, options: Mapping[str, str], *, edit: bool = False
    ) -> None:
        """Run a button's command: as ``run``, and a failure is answered here (the tree's handler sees slash only)."""
        try:
            await self.run(interaction, path, options, edit=edit)
        except Exception:
            log.exception("a button's /%s failed", path)
            await _tell(interaction, FAILED)

    async def _in_time(self, interaction: discord.Interaction[Any], edit: bool) -> bool:
        """Tell whether the interaction can still be answered; one that looks late is deferred first to find out.

        Its id's time against this machine's clock only says when to ask: Discord's refusal of the deferral (its own
        clock) is what says it is too late, so a skewed clock costs a deferral, never a command.
        """
        if (self.clock() - interaction.created_at).total_seconds() < LATE_AFTER:
            return True
        try:
            await _defer(interaction, edit)
        except discord.NotFound:
            log.warning("an interaction came after its 3 s (Discord no longer knows it): not carried out")
            return False
        return True

    def _still_quiet(self) -> None:
        """Run ``on_quiet`` unless a command started meanwhile (after the answers, in the loop's next turn)."""
        if not self._answering and self.on_quiet is not None:
            self.on_quiet()

    async def _edit(self, interaction: discord.Interaction[Any], out: Outgoing, reply: Reply) -> None:
        view = self.bot.buttons(reply, interaction.channel_id or 0)
        kwargs: dict[str, Any] = {"content": out.content, "embeds": out.embeds, "view": view,
                                  "allowed_mentions": out.allowed}
        if interaction.response.is_done():
            await interaction.edit_original_response(**kwargs)
        else:
            await interaction.response.edit_message(**kwargs)

    async def _send(self, interaction: discord.Interaction[Any], out: Outgoing, reply: Reply) -> None:
        view = self.bot.buttons(reply, interaction.channel_id or 0)
        kwargs: dict[str, Any] = {"embeds": out.embeds, "allowed_mentions": out.allowed, "ephemeral": out.ephemeral}
        if out.file is not None:
            kwargs["file"] = out.file
        if view is not None and not out.ephemeral:
            kwargs["view"] = view
        if not interaction.response.is_done():
            await interaction.response.send_message(out.content, **kwargs)
            return
        if out.ephemeral:  # the public "thinking" placeholder would carry a private answer: it goes, the answer is
            await _drop_placeholder(interaction)  # then the caller's own
        await interaction.followup.send(out.content or "", **kwargs)

    @staticmethod
    def _log(path: str, user: int, guild: int, channel: int, outcome: str, started: float) -> None:
        duration = round((time.monotonic() - started) * 1000, 1)
        fields = {"command": path, "user": user, "guild": guild, "channel": channel, "outcome": outcome, "ms": duration}
        log.info("/%s %s in %.1f ms", path, outcome, duration, extra={"fields": fields})  # JsonLines writes fields
