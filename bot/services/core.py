"""The service hub: systems and their tables, the database, the dice, and the load → rules → save cycle."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from itertools import chain
from typing import Any

from pydantic import TypeAdapter

from bot.config import Settings
from bot.db.cache import RoundLog
from bot.db.engine import Database
from bot.db.errors import ConcurrentUpdate
from bot.db.repositories.encounters import ActiveEncounter, StoredEncounter
from bot.db.repositories.guild_settings import GuildSettings
from bot.db.uow import Work
from bot.metrics import Metrics
from bot.registry import find, keys
from bot.services.access import is_gm, require_gm
from bot.services.context import Caller, DiceProvider
from bot.services.errors import NoEncounter
from bot.services.recap import gone_names
from bot.services.replies import Answered, Reply
from bot.tables import load_system_tables
from combat import reactions
from combat.dice import DiceSource
from combat.engine import Step, TurnChange
from combat.errors import FrayError, RulesError
from combat.model import Encounter
from combat.summary import Beat, RoundSummary, summarize_round
from combat.system import RuleSystem

__all__ = ["Scene", "Services", "check_mark", "fight_mark", "fight_of", "gone", "gone_payload"]

_BEATS = TypeAdapter(tuple[Beat, ...])


@dataclass(frozen=True, slots=True)
class Scene:
    """What a command works on: the stored row, the encounter, its system, the dice and whether the caller is GM.

    ``settings`` are the guild's, read with the encounter; ``settled`` is the reply of an overdue choice resolved
    with its default as the scene was loaded; ``log`` is what the current round's events left for its summary,
    when this process followed the whole round (else None: the summary reads the log).
    """

    row: StoredEncounter
    encounter: Encounter
    system: RuleSystem
    dice: DiceSource
    gm: bool
    settings: GuildSettings
    settled: Reply | None = None
    log: RoundLog | None = None


def _digest(system: RuleSystem, step: Step) -> tuple[Beat, ...]:
    """Return what a step's result leaves for the round summary (nothing without a result)."""
    return system.digest(step.result) if step.result is not None else ()


def fight_mark(row: StoredEncounter) -> str:
    """Name the moment of a fight: its encounter and how many times it was saved ('12.7').

    The versions that only a change of the guild's settings made are not moments of the fight: the buttons shown
    before such a change still act.
    """
    return f"{row.id}.{row.version - row.touched}"


def fight_of(mark: str | None) -> int | None:
    """Return the encounter a reply's ``mark`` names (None: a reply of no fight's moment)."""
    if not mark:
        return None
    head = mark.partition(".")[0]
    return int(head) if head.isdigit() else None


def check_mark(scene: Scene, mark: str | None) -> None:
    """Refuse a button shown at another moment of the fight (``mark``; None: typed, it acts on the fight as it is)."""
    if mark is not None and mark != fight_mark(scene.row):
        raise RulesError("That button is from an earlier moment of the fight, which has moved on since: use the "
                         "buttons under the latest message, or type the command.")


def gone(before: Encounter, after: Encounter) -> dict[str, str]:
    """Return the names of the combatants in ``before`` that ``after`` no longer has, by id (the log names them)."""
    kept = {c.id for c in after.combatants}
    return {c.id: c.name for c in before.combatants if c.id not in kept}


def gone_payload(before: Encounter, taken: Mapping[str, str]) -> dict[str, Any]:
    """Return what the log keeps of those a step took out of the encounter: their names, sides and players."""
    sides = {c.id: [c.side, c.owner] for c in before.combatants if c.id in taken}
    return {"gone": dict(taken), "gone_sides": sides}


def _logs(scene: Scene, after: Encounter, beats: tuple[Beat, ...]) -> tuple[RoundLog | None, RoundLog | None]:
    """Return what the event's round has logged with this event, and what the round of ``after`` has logged.

    None is unknown. The round of ``after`` has logged nothing yet when this step began it, else it is the same round.
    """
    logged_in = scene.encounter.turns.round
    known = scene.log if scene.log is not None and scene.log.round == logged_in else None
    logged = None if known is None else RoundLog(logged_in, (*known.entries, beats))
    return logged, (RoundLog(after.turns.round) if after.turns.round != logged_in else logged)


class Services:
    """Every use case runs here: one unit of work per command, all-or-nothing.

    ``clock`` gives seconds since the epoch: the deadlines of "Dodge or Take it?" are measured by it.
    ``metrics`` counts and times every command that ``dispatch`` runs (a fresh, private ``Metrics`` by default).
    """

    def __init__(
        self,
        db: Database,
        settings: Settings,
        dice: DiceProvider,
        clock: Callable[[], float] = time.time,
        *,
        metrics: Metrics | None = None,
    ) -> None:
        self.db = db
        self.settings = settings
        self.dice = dice
        self.clock = clock
        self.metrics = metrics if metrics is not None else Metrics()
        self._systems: dict[str, RuleSystem] = {}

    def deadline(self) -> float:
        """Return the deadline of a choice asked now."""
        return self.clock() + self.settings.reaction_seconds

    async def warm(self) -> None:
        """Load every system's tables off the event loop, once, before serving commands."""
        for key in keys():
            if key not in self._systems:
                tables = await asyncio.to_thread(load_system_tables, key, self.settings.data_dir)
                self._systems[key] = find(key).build(tables)

    def system(self, key: str) -> RuleSystem:
        """Return the rule system ``key`` with its tables."""
        if key not in self._systems:
            self._systems[key] = find(key).build(load_system_tables(key, self.settings.data_dir))
        return self._systems[key]

    def gm_roles(self, settings: GuildSettings) -> tuple[str, ...]:
        """Return the GM roles of a guild: the configured role name and the guild's chosen role id."""
        chosen = settings.gm_role_id
        return tuple(filter(None, (self.settings.gm_role_name, str(chosen) if chosen else "")))

    def is_gm(self, caller: Caller, loaded: ActiveEncounter) -> bool:
        """Tell whether the caller runs this encounter: its starter, or a member of the guild's GM roles."""
        return is_gm(caller, loaded.row.gm_id, self.gm_roles(loaded.settings))

    async def current(self, uow: Work, caller: Caller) -> ActiveEncounter:
        """Read the channel's active encounter without locking it, as one committed state; NoEncounter if none.

        Call it first in the unit of work: the snapshot it takes covers the reads after it.
        """
        await uow.snapshot()
        loaded = await uow.encounters.get_active(caller.channel_id, for_update=False)
        if loaded is None:
            raise NoEncounter()
        return loaded

    async def peek(self, caller: Caller) -> ActiveEncounter:
        """Read the channel's active encounter in a unit of work of its own (read-only commands)."""
        async with self.db.unit_of_work(caller.channel_id) as uow:
            return await self.current(uow, caller)

    async def scene(self, uow: Work, caller: Caller, *, gm_only: str | None = None) -> Scene:
        """Load the channel's active encounter (with the guild's settings) for update; set up the command's dice."""
        loaded = await uow.encounters.get_active(caller.channel_id)
        if loaded is None:
            raise NoEncounter()
        row, encounter = loaded.row, loaded.encounter
        settings = loaded.settings
        roles = self.gm_roles(settings)
        if gm_only is not None:
            require_gm(caller, row.gm_id, roles, gm_only)
        dice = self.dice.for_command(caller.channel_id, f"{row.id}:{row.version}")
        gm = is_gm(caller, row.gm_id, roles)
        return Scene(row, encounter, self.system(row.system), dice, gm, settings, log=loaded.log)

    async def change(
        self,
        caller: Caller,
        command: str,
        apply: Callable[[Scene], Step | None],
        *,
        gm_only: str | None = None,
        payload: Mapping[str, Any] | None = None,
        pending_ok: bool = False,
    ) -> Reply:
        """Load the encounter, apply one rules step, save it, log it (undoable), and build any round summary.

        The encounter is read without a lock (PostgreSQL), or not read at all when this process kept it as last
        committed; another process saving it first is a conflict, and the command runs once more, on what that
        process saved, reading it and holding the row's lock this time so it cannot lose again. A refusal on a kept
        state is checked against the stored version the same way. ``apply`` must keep nothing from an earlier run.
        """
        async def attempt(locking: bool) -> Reply:
            """Run the command once, in one unit of work on the encounter and its log (``locking``: holding its row)."""
            async with self.db.encounter_work(caller.channel_id, locking=locking) as uow:
                queued = self.dice.snapshot(caller.channel_id)
                try:
                    scene, step = await self._step(uow, caller, apply, gm_only=gm_only, pending_ok=pending_ok)
                    if step is None:
                        await uow.commit()
                        return scene.settled or Reply(
                            command, scene.system, scene.encounter, gm=scene.row.gm_id, viewer_gm=scene.gm,
                            summary_channel=scene.settings.summary_channel_id, mark=fight_mark(scene.row),
                            name=scene.row.name,
                        )
                    beats = _digest(scene.system, step)
                    summaries, _ = await self.record(uow, scene, command, step, caller, payload, beats)
                    await uow.commit()
                except ConcurrentUpdate:
                    self.dice.restore(caller.channel_id, queued)  # the run that counts rolls the faces this one took
                    raise
            earlier = scene.settled
            summaries = (*(earlier.summaries if earlier else ()), *summaries)
            return Reply(
                command, scene.system, step.encounter, step.result, step.change, summaries, gm=scene.row.gm_id,
                viewer_gm=scene.gm, settled=earlier, summary_channel=scene.settings.summary_channel_id, beats=beats,
                mark=fight_mark(scene.row), name=scene.row.name,
            )

        with contextlib.suppress(ConcurrentUpdate):
            return await attempt(locking=False)
        return await attempt(locking=True)

    async def _step(
        self, uow: Work, caller: Caller, apply: Callable[[Scene], Step | None], *, gm_only: str | None,
        pending_ok: bool,
    ) -> tuple[Scene, Step | None]:
        """Load the scene and work out the command's step (None: nothing more than resolving an overdue choice).

        An overdue choice is resolved first; while one still waits, only ``pending_ok`` commands may go on. A
        refusal worked out on a kept state stands only if that state is still the stored one (else ConcurrentUpdate).
        """
        try:
            scene = await self.settle(uow, await self.scene(uow, caller, gm_only=gm_only))
            if not pending_ok:
                reactions.require_settled(scene.encounter)
            return scene, apply(scene)
        except ConcurrentUpdate:
            raise
        except FrayError:
            await uow.encounters.verify()
            raise

    async def record(
        self, uow: Work, scene: Scene, command: str, step: Step, caller: Caller | None,
        payload: Mapping[str, Any] | None, beats: tuple[Beat, ...],
    ) -> tuple[tuple[RoundSummary, ...], RoundLog | None]:
        """Save a step, append its event (undoable, with its digest and who gave it); return any round summary.

        Also returns what the round the encounter is now in has logged (None: unknown).

        ``caller`` None means nobody typed it (a choice's default taken when time ran out): it is logged as the GM's.
        ``beats`` is the step's digest (``_digest``), worked out once for the log and the reply.
        """
        logged_payload: dict[str, Any] = {**payload} if payload else {}
        if caller is not None:
            logged_payload["user_name"] = caller.name
        if step.change.round_end is not None:  # kept for the recap, as the round summary tells it
            logged_payload["round_end_beats"] = scene.system.digest(step.change.round_end)
        if step.change.started is not None and (opening := scene.system.digest(step.change.started)):
            logged_payload["round_start_beats"] = opening
        logged_payload["result"] = step.result
        logged_payload["beats"] = beats
        logged_payload["change"] = step.change
        if taken := gone(scene.encounter, step.encounter):
            logged_payload.update(gone_payload(scene.encounter, taken))
        row = scene.row  # its stored document is scene.encounter's: the log keeps it as it is
        before = row.document
        logged, log = _logs(scene, step.encounter, beats)
        if taken:  # whom it took out is named in the log only: the round's summary reads the round back
            logged, log = None, log if log is not None and log.round != scene.encounter.turns.round else None
        # Read before writing: a read with no write before it takes no lock (the save's version check guards it).
        summaries = await self.summaries(uow, scene, step.encounter, step.change, logged, beats)
        await uow.encounters.save(scene.row, step.encounter, log=log)
        await uow.events.append(
            scene.row.id,
            command,
            round=scene.encounter.turns.round,
            payload=logged_payload,
            user_id=caller.user_id if caller is not None else scene.row.gm_id,
            before=before,
        )
        return summaries, log

    async def settle(self, uow: Work, scene: Scene) -> Scene:
        """Resolve a choice whose deadline has passed with its default, logged as the GM's; return the new scene."""
        pending = scene.encounter.pending
        if pending is None or self.clock() < pending.deadline:
            return scene
        reaction = pending.reaction
        step = reactions.lapse(scene.system, scene.encounter, scene.dice, self.deadline())
        payload = {"choice": reaction.default, "lapsed": True}
        beats = _digest(scene.system, step)
        summaries, log = await self.record(uow, scene, "encounter react", step, None, payload, beats)
        default = reaction.default
        lapsed = Answered(reaction.combatant, default, reaction.label(default), lapsed=True)
        settled = Reply(
            "encounter react", scene.system, step.encounter, step.result, step.change, summaries,
            answer=lapsed, gm=scene.row.gm_id, viewer_gm=scene.gm, summary_channel=scene.settings.summary_channel_id,
            beats=beats, mark=fight_mark(scene.row), name=scene.row.name,
        )
        return replace(scene, encounter=step.encounter, settled=settled, log=log)

    async def summaries(
        self, uow: Work, scene: Scene, after: Encounter, change: TurnChange, logged: RoundLog | None = None,
        latest: tuple[Beat, ...] = (),
    ) -> tuple[RoundSummary, ...]:
        """Build the summary of the round that just ended, from what its events left (``logged``, else the log).

        ``latest`` is what the event being recorded (not yet in the log) leaves, when it belongs to that round.
        """
        if change.ended_round is None:
            return ()
        beats: list[Beat] = []
        names = gone(scene.encounter, after)  # whom this very step took out (its event is not logged yet)
        if logged is not None and logged.round == change.ended_round:
            beats.extend(chain.from_iterable(logged.entries))
        else:
            for payload in await uow.events.round_payloads(scene.row.id, change.ended_round):
                if isinstance(payload, dict) and payload.get("beats"):
                    beats.extend(_BEATS.validate_python(payload["beats"]))
                names.update(gone_names(payload))
            if scene.encounter.turns.round == change.ended_round:
                beats.extend(latest)
        if change.round_end is not None:  # what the system did as the round ended (end-of-round tests)
            beats.extend(scene.system.digest(change.round_end))
        conditions = [(c.id, s) for c in after.combatants for s in scene.system.status(c)]
        order, phases, counts = [], [], []
        for slot in after.turns.queue:
            able = tuple(a for a in slot.actors if scene.system.can_act(after.get(a), slot.phase))
            if able:
                order.append(able)
                phases.append(slot.phase)
                counts.append(slot.count)
        named = phases if len(after.turns.phases) > 1 else []
        opening = scene.system.digest(change.started) if change.started is not None else ()
        return (summarize_round(change.ended_round, beats, conditions, order, named, counts, names, opening),)
