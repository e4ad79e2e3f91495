"""Encounters: load the active one of a channel (locked), create one, save it with a version check, end it."""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import false, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.base import Executable

from bot.db.cache import EncounterCache, Kept, Roster, RoundLog, pieces_of
from bot.db.codec import Pieces, SystemTypes, decode_encounter, encode_encounter, encode_encounter_reusing
from bot.db.connect import dumps
from bot.db.errors import ActiveEncounterExists, ConcurrentUpdate
from bot.db.lane import Lane, SessionLane
from bot.db.repositories.encounter_sql import (
    ACTIVE,
    ENCOUNTERS,
    END,
    GET_ACTIVE,
    REOPEN,
    ROSTER_ADD,
    ROSTER_CLEAR,
    SAVE,
    SETTING_COLUMNS,
    STATE,
    TOUCH_GUILD,
)
from bot.db.repositories.guild_settings import GuildSettings
from bot.db.rows import CombatantRow, EncounterRow, utcnow
from combat.model import Encounter

__all__ = ["ACTIVE", "ActiveEncounter", "EncounterRepository", "LoadedEncounter", "StoredEncounter", "TypesOf"]

# Gives the stored types of a system by its key.
TypesOf = Callable[[str], SystemTypes]


@dataclass(slots=True)
class StoredEncounter:
    """An encounter's row as read, outside any session; only this repository changes it (as it saves)."""

    id: int
    guild_id: int
    channel_id: int
    system: str
    name: str
    gm_id: int
    active: bool
    version: int
    touched: int  # how many of the versions were only the guild's settings changing
    state: dict[str, Any] | None  # the stored document as read (None when it is at hand as ``text``)
    created: datetime
    updated: datetime
    text: str | None = None  # the stored document as JSON text, when it is at hand (kept or written here)

    @classmethod
    def of(cls, row: EncounterRow) -> StoredEncounter:
        """Copy an ORM row's values."""
        return cls(**{key: getattr(row, key) for key in _ROW_KEYS})

    @property
    def document(self) -> str | dict[str, Any]:
        """Return the stored document: as JSON text when at hand, else as read (an undo entry takes either)."""
        if self.text is not None:
            return self.text
        assert self.state is not None, "a stored encounter has its document as text or as read"
        return self.state


_ROW_KEYS = tuple(c.key for c in ENCOUNTERS.c)
_READ_KEYS = tuple(key for key in _ROW_KEYS if key != "state")
_READ_VALUES = operator.attrgetter(*_READ_KEYS)  # a stored encounter's values of those keys, in their order


class LoadedEncounter(NamedTuple):
    """An encounter row as stored, and the encounter decoded from its state."""

    row: StoredEncounter
    encounter: Encounter


class ActiveEncounter(NamedTuple):
    """A channel's active encounter: its row, the encounter, its guild's settings, and its round's log if known.

    The settings are read with the encounter; ``log`` is what the current round's events left for its summary.
    """

    row: StoredEncounter
    encounter: Encounter
    settings: GuildSettings
    log: RoundLog | None = None


def _settings_of(values: Mapping[str, Any]) -> GuildSettings:
    """Return the guild settings read with an encounter (the defaults when the guild has none stored)."""
    if values["s_guild_id"] is None:
        return GuildSettings(values["guild_id"])
    return GuildSettings(guild_id=values["s_guild_id"], **{name: values[f"s_{name}"] for name in SETTING_COLUMNS})


def _roster(encounter: Encounter) -> Roster:
    return tuple([(c.id, c.name, c.side, c.owner) for c in encounter.combatants])


class EncounterRepository:
    """Encounters of one unit of work; the event log is never loaded from here.

    The statements of every command (find the active encounter, read its state, save it, its roster) go through
    ``lane``; the others need the unit of work's ``session`` (None in a unit of work on a driver lane).
    """

    def __init__(
        self, session: AsyncSession | None, types: TypesOf, cache: EncounterCache | None = None, *,
        lane: Lane | None = None,
    ) -> None:
        self._session = session
        self._lane = lane if lane is not None else SessionLane(self.session)
        self._types = types
        self._cache = cache if cache is not None else EncounterCache(0)
        self._pieces: dict[int, Pieces] = {}  # what each encounter loaded or saved here is stored as, piece by piece
        self._rosters: dict[int, Roster] = {}  # each encounter's combatant rows as stored, when loaded or saved here
        self._staged: dict[int, Kept | None] = {}  # kept (or forgotten) when the unit of work commits
        self._dropped_guilds: set[int] = set()  # guilds whose settings changed: forgotten when it commits
        self._settings: dict[int, GuildSettings] = {}  # each active encounter's guild settings, as read with it
        # Taken as kept, without a read: (channel, version) until saved or confirmed.
        self._unconfirmed: dict[int, tuple[int, int]] = {}
        self._saved_kept: dict[int, int] = {}  # saved from a kept state, its check maybe held back: id → channel

    @property
    def session(self) -> AsyncSession:
        """Return the unit of work's session; a unit of work on a driver lane has none."""
        if self._session is None:
            raise RuntimeError("this unit of work runs encounters and events only (it has no session)")
        return self._session

    def decode(self, system: str, state: dict[str, Any]) -> Encounter:
        """Decode a stored encounter state (``row.state`` or an event's ``before``) of ``system``."""
        return decode_encounter(state, self._types(system))

    def _loaded(self, row: EncounterRow) -> LoadedEncounter:
        encounter = self.decode(row.system, row.state)
        self._rosters[row.id] = _roster(encounter)
        return LoadedEncounter(StoredEncounter.of(row), encounter)

    async def get_active(self, channel_id: int, *, for_update: bool = True) -> ActiveEncounter | None:
        """Return the channel's active encounter with its guild's settings (one statement, through the index).

        ``for_update`` locks the encounter's row until the transaction ends (PostgreSQL, on a lane that locks). The
        state is read and decoded only when the encounter is not kept at this version. The row comes back as a
        ``StoredEncounter``: it is read, and written only through this repository.

        On an optimistic lane, the channel's encounter as this process last committed it is taken without reading
        anything: its save checks the version, and ``confirm`` checks it when nothing is saved.
        """
        if self._lane.optimistic:
            kept = self._cache.active(channel_id)
            if kept is not None and kept.head is not None and kept.settings is not None:
                row = StoredEncounter(state=None, text=kept.text, **kept.head)
                self._unconfirmed[row.id] = (channel_id, row.version)
                return self._taken(row, kept, kept.settings)
        found = await self._lane.rows(GET_ACTIVE[for_update and self._lane.locks], {"channel": channel_id})
        if not found:
            return None
        values = found[0]
        head = {key: values[key] for key in _READ_KEYS}
        settings = _settings_of(values)
        kept = await self._kept(values["id"], values["version"], values["system"], head, settings)
        return self._taken(StoredEncounter(state=None, text=kept.text, **head), kept, settings)

    def _taken(self, row: StoredEncounter, kept: Kept, settings: GuildSettings) -> ActiveEncounter:
        """Return a kept encounter as the channel's active one; its saves keep it with these settings."""
        self._pieces[row.id] = kept.pieces
        self._rosters[row.id] = kept.roster if kept.roster is not None else _roster(kept.encounter)
        self._settings[row.id] = settings
        return ActiveEncounter(row, kept.encounter, settings, kept.log)

    async def confirm(self) -> None:
        """Check that the encounters taken as kept, and not saved since, are still stored so; else ConcurrentUpdate.

        A command that saved nothing (refused, or with nothing to change) answered from them: on a lane that
        locks nothing, another process may have saved in between, and the answer must then be worked out again.
        """
        unconfirmed, self._unconfirmed = self._unconfirmed, {}
        for encounter_id, (channel_id, version) in unconfirmed.items():
            found = await self._lane.rows(GET_ACTIVE[False], {"channel": channel_id})
            if not found or (found[0]["id"], found[0]["version"]) != (encounter_id, version) or (
                _settings_of(found[0]) != self._settings[encounter_id]
            ):
                self._cache.drop(encounter_id)
                raise ConcurrentUpdate(encounter_id)

    async def verify(self) -> None:
        """Check everything this unit of work answered from, saves held back included; else ConcurrentUpdate.

        A refusal worked out after a save made on a kept state (an overdue choice settled first) stands only if
        that save would succeed: the writes held back are sent now, each checking the version it was made from.
        """
        saved, self._saved_kept = self._saved_kept, {}
        if saved:  # any read sends the writes held back before it
            await self._lane.rows(GET_ACTIVE[False], {"channel": next(iter(saved.values()))})
        await self.confirm()

    async def guild_changed(self, guild_id: int) -> None:
        """Bump the versions of the guild's active encounters (its settings changed): nobody takes them as kept."""
        await self._lane.change(TOUCH_GUILD, {"t_guild": guild_id})
        self._dropped_guilds.add(guild_id)

    async def _kept(
        self, encounter_id: int, version: int, system: str, head: Mapping[str, Any], settings: GuildSettings
    ) -> Kept:
        """Return the encounter at ``version``: kept decoded, or read and decoded now (and kept, once committed)."""
        kept = self._cache.get(encounter_id, version)
        if kept is not None:
            if kept.settings != settings or kept.head != head:  # kept as the channel's with what was just read
                kept = dataclasses.replace(kept, head=head, settings=settings)
                self._keep(encounter_id, kept)
            return kept
        found = await self._lane.rows(STATE, {"id": encounter_id, "version": version})
        if not found:  # saved again since its row was read (possible only on a lane that locks nothing)
            raise ConcurrentUpdate(encounter_id)
        state = found[0]["state"]
        encounter = self.decode(system, state)
        kept = Kept(version, encounter, dumps(state), pieces_of(encounter, state), head=head, settings=settings)
        self._keep(encounter_id, kept)
        return kept

    def _keep(self, encounter_id: int, kept: Kept) -> None:
        """Keep what was read now; if this unit of work wrote, only once it commits (it may not be committed yet)."""
        if self._staged or self._dropped_guilds:
            self._staged.setdefault(encounter_id, kept)
        else:
            self._cache.put(encounter_id, kept)

    async def get(self, encounter_id: int, *, for_update: bool = False) -> LoadedEncounter | None:
        """Return an encounter by id, active or ended."""
        stmt = select(EncounterRow).where(EncounterRow.id == encounter_id)
        if for_update:
            stmt = stmt.with_for_update()
        row = (await self.session.execute(stmt)).scalar_one_or_none()
        return None if row is None else self._loaded(row)

    async def last_ended(self, guild_id: int, channel_id: int) -> LoadedEncounter | None:
        """Return the channel's most recently ended encounter (None: none has ended there).

        A read after a fight ends (its log, its recap), never on a command's hot path: the guild's encounters are
        found through their (guild, active) index, then the channel's newest.
        """
        stmt = (
            select(EncounterRow)
            .where(EncounterRow.guild_id == guild_id, EncounterRow.active == false(),
                   EncounterRow.channel_id == channel_id)
            .order_by(EncounterRow.id.desc())
            .limit(1)
        )
        row = (await self.session.execute(stmt)).scalar_one_or_none()
        return None if row is None else self._loaded(row)

    async def create(
        self, *, guild_id: int, channel_id: int, system: str, name: str, gm_id: int, encounter: Encounter
    ) -> LoadedEncounter:
        """Store a new active encounter for the channel; raise ActiveEncounterExists if one is under way."""
        row = EncounterRow(
            guild_id=guild_id,
            channel_id=channel_id,
            system=system,
            name=name,
            gm_id=gm_id,
            active=True,
            version=1,
            state=encode_encounter(encounter),
        )
        try:
            async with self.session.begin_nested():
                self.session.add(row)
                await self.session.flush()
        except IntegrityError as exc:
            raise ActiveEncounterExists(channel_id) from exc
        self._rosters[row.id] = _roster(encounter)
        await self._write_roster(row.id, self._rosters[row.id])
        return LoadedEncounter(StoredEncounter.of(row), encounter)

    async def save(self, row: StoredEncounter, encounter: Encounter, *, log: RoundLog | None = None) -> None:
        """Store the encounter's new state if nobody saved since ``row`` was loaded; else raise ConcurrentUpdate.

        Combatants that did not change keep the documents they were stored as (only changed ones are encoded).
        ``log`` is kept with it (once committed) as what its current round's events left, when the caller knows.
        """
        pieces, text = encode_encounter_reusing(encounter, self._pieces.get(row.id, {}))
        await self._versioned_update(row, SAVE, b_state=text)
        old_roster, new_roster = self._rosters.get(row.id), _roster(encounter)
        row.state, row.text = None, text
        self._pieces[row.id], self._rosters[row.id] = pieces, new_roster
        if self._unconfirmed.pop(row.id, None) is not None:  # its version is checked as the write is sent
            self._saved_kept[row.id] = row.channel_id
        head = dict(zip(_READ_KEYS, _READ_VALUES(row), strict=True))
        self._staged[row.id] = Kept(
            row.version, encounter, text, pieces, log, head, self._settings.get(row.id), new_roster
        )
        if old_roster != new_roster:
            await self._write_roster(row.id, new_roster)

    async def end(self, row: StoredEncounter) -> None:
        """Mark the encounter ended (no longer the channel's active one), with the same version check."""
        await self._versioned_update(row, END)
        row.active = False
        self._unconfirmed.pop(row.id, None)
        self._staged[row.id] = None

    async def reopen(self, row: StoredEncounter, encounter: Encounter) -> None:
        """Make an ended encounter its channel's active one again, as ``encounter`` (its end undone).

        Raise ActiveEncounterExists when another fight has started in the channel since.
        """
        try:
            async with self.session.begin_nested():
                await self._versioned_update(row, REOPEN)
        except IntegrityError as exc:
            raise ActiveEncounterExists(row.channel_id) from exc
        row.active = True
        await self.save(row, encounter)

    def publish(self) -> None:
        """Keep what this unit of work saved, now that it is committed (and forget the encounters it ended)."""
        for encounter_id, kept in self._staged.items():
            if kept is None:
                self._cache.drop(encounter_id)
            else:
                self._cache.put(encounter_id, kept)
        for guild_id in self._dropped_guilds:
            self._cache.drop_guild(guild_id)
        self._staged.clear()
        self._dropped_guilds.clear()

    async def list_active(self, guild_id: int) -> list[EncounterRow]:
        """Return the guild's active encounters (rows only, not decoded)."""
        stmt = select(EncounterRow).where(EncounterRow.guild_id == guild_id, ACTIVE)
        return list((await self.session.execute(stmt.order_by(EncounterRow.id))).scalars())

    async def all_active(self) -> list[EncounterRow]:
        """Return every active encounter (rows only, not decoded): what a starting bot may have left waiting."""
        stmt = select(EncounterRow).where(ACTIVE)
        return list((await self.session.execute(stmt.order_by(EncounterRow.id))).scalars())

    async def owned_by(self, owner: str, *, active_only: bool = True) -> list[EncounterRow]:
        """Return the encounters in which ``owner`` owns a combatant (rows only, not decoded)."""
        owned = select(CombatantRow.encounter_id).where(CombatantRow.owner_id == owner)
        stmt = select(EncounterRow).where(EncounterRow.id.in_(owned))
        if active_only:
            stmt = stmt.where(ACTIVE)
        return list((await self.session.execute(stmt.order_by(EncounterRow.id))).scalars())

    async def _versioned_update(self, row: StoredEncounter, statement: Executable, **values: Any) -> None:
        """UPDATE … WHERE id = :id AND version = :v, bumping the version; ConcurrentUpdate on 0 rows.

        On a driver lane the UPDATE may be sent with the next read or the commit, which then raises the conflict.
        """
        now = utcnow()
        params = {"b_id": row.id, "b_version": row.version, "b_next": row.version + 1, "b_now": now, **values}
        await self._lane.change(statement, params, expect=1, conflict=lambda: ConcurrentUpdate(row.id))
        row.version += 1
        row.updated = now

    async def _write_roster(self, encounter_id: int, roster: Roster) -> None:
        """Replace the encounter's combatant rows with ``roster``."""
        await self._lane.change(ROSTER_CLEAR, {"r_encounter": encounter_id})
        if roster:
            rows = [
                {"r_encounter": encounter_id, "r_key": key, "r_name": name, "r_side": side, "r_owner": owner,
                 "r_position": position}
                for position, (key, name, side, owner) in enumerate(roster)
            ]
            await self._lane.change_many(ROSTER_ADD, rows)
