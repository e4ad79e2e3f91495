"""The append-only event log of an encounter; every query reads only the rows it needs."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, cast

from sqlalchemy import ColumnElement, Table, bindparam, false, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import defer
from sqlalchemy.orm.attributes import set_committed_value

from bot.db.codec import encode_encounter, payload_text
from bot.db.connect import dumps
from bot.db.lane import Lane, SessionLane
from bot.db.rows import EventRow, JsonText, utcnow
from combat.model import Encounter

__all__ = ["APPEND", "APPENDED", "EVENTS", "EventRepository"]

EVENTS = cast(Table, EventRow.__table__)
# Prebuilt, compiled once: the next seq is worked out inside the INSERT, from the (encounter_id, seq) index.
_NEXT_SEQ = (
    select(func.coalesce(func.max(EVENTS.c.seq), 0) + 1)
    .where(EVENTS.c.encounter_id == bindparam("e_encounter"))
    .scalar_subquery()
)
# What a new event's columns get (also sent along with the encounter's save, bot/db/repositories/fused.py).
APPENDED: dict[str, Any] = {
    "encounter_id": bindparam("e_encounter", type_=EVENTS.c.encounter_id.type),
    "seq": _NEXT_SEQ,
    "round": bindparam("e_round", type_=EVENTS.c.round.type),
    "kind": bindparam("e_kind", type_=EVENTS.c.kind.type),
    "user_id": bindparam("e_user", type_=EVENTS.c.user_id.type),
    "payload": bindparam("e_payload", type_=JsonText()),
    "before": bindparam("e_before", type_=JsonText()),
    "undone": false(),
    "created": bindparam("e_created", type_=EVENTS.c.created.type),
}
APPEND = insert(EVENTS).values(APPENDED)
_ROUND_PAYLOADS = (
    select(EVENTS.c.payload)
    .where(
        EVENTS.c.encounter_id == bindparam("e_encounter"),
        EVENTS.c.round == bindparam("e_round"),
        EVENTS.c.undone.is_(False),
    )
    .order_by(EVENTS.c.seq)
)


def _before_text(before: Encounter | dict[str, Any] | str | None) -> str | None:
    """Return the undo state as JSON text (None stays NULL)."""
    if before is None or isinstance(before, str):
        return before
    return dumps(before if isinstance(before, dict) else encode_encounter(before))


class EventRepository:
    """Events of one unit of work.

    Append them inside the unit of work that loaded the encounter for update, so the next ``seq`` is
    decided under the encounter's lock; the unique (encounter_id, seq) constraint backs that up.
    """

    def __init__(self, session: AsyncSession | None, *, lane: Lane | None = None) -> None:
        self._session = session
        self._lane = lane if lane is not None else SessionLane(self.session)

    @property
    def session(self) -> AsyncSession:
        """Return the unit of work's session; a unit of work on a driver lane has none."""
        if self._session is None:
            raise RuntimeError("this unit of work runs encounters and events only (it has no session)")
        return self._session

    async def append(
        self,
        encounter_id: int,
        kind: str,
        *,
        round: int,
        payload: Any = None,
        user_id: int | None = None,
        before: Encounter | dict[str, Any] | str | None = None,
    ) -> None:
        """Add the next event; ``before`` (the encounter before it) makes it undoable.

        ``before`` may be given as the stored document it was loaded from (decoded, or as its JSON text), which is
        then not encoded again.

        One statement: the next ``seq`` is worked out inside the INSERT (from the (encounter_id, seq) index). On a
        driver lane it may be sent with the next read or the commit.
        """
        params = {
            "e_encounter": encounter_id,
            "e_round": round,
            "e_kind": kind,
            "e_user": user_id,
            "e_payload": payload_text(payload),
            "e_before": _before_text(before),
            "e_created": utcnow(),
        }
        await self._lane.change(APPEND, params)

    async def last_action(self, encounter_id: int, kinds: Collection[str] | None = None) -> EventRow | None:
        """Return the latest undoable event not yet undone (one row: ORDER BY seq DESC LIMIT 1)."""
        stmt = select(EventRow).where(
            EventRow.encounter_id == encounter_id,
            EventRow.undone.is_(False),
            EventRow.before.is_not(None),
        )
        if kinds is not None:
            stmt = stmt.where(EventRow.kind.in_(tuple(kinds)))
        stmt = stmt.order_by(EventRow.seq.desc()).limit(1)
        return (await self.session.execute(stmt)).scalar_one_or_none()

    async def round_payloads(self, encounter_id: int, round: int) -> list[Any]:
        """Return the payloads of one round's events not undone, in order; nothing else is read."""
        params = {"e_encounter": encounter_id, "e_round": round}
        return [row["payload"] for row in await self._lane.rows(_ROUND_PAYLOADS, params)]

    async def all_events(self, encounter_id: int, *, states: bool = True) -> list[EventRow]:
        """Return the whole log in order; without ``states``, the encounters kept for undo are not read."""
        stmt = select(EventRow).where(EventRow.encounter_id == encounter_id).order_by(EventRow.seq)
        if not states:
            stmt = stmt.options(defer(EventRow.before, raiseload=True))
        return list((await self.session.execute(stmt)).scalars())

    def _scope(self, encounter_id: int, round: int | None) -> list[ColumnElement[bool]]:
        found = [EventRow.encounter_id == encounter_id]
        return found if round is None else [*found, EventRow.round == round]

    async def count(self, encounter_id: int, round: int | None = None) -> int:
        """Count the log's entries (of one round, when given)."""
        stmt = select(func.count()).select_from(EventRow).where(*self._scope(encounter_id, round))
        return int((await self.session.execute(stmt)).scalar_one())

    async def page(self, encounter_id: int, offset: int, limit: int, round: int | None = None) -> list[EventRow]:
        """Return ``limit`` entries of the log in order from ``offset`` (of one round, when given)."""
        stmt = (
            select(EventRow).where(*self._scope(encounter_id, round)).order_by(EventRow.seq)
            .offset(offset).limit(limit).options(defer(EventRow.before, raiseload=True))
        )
        return list((await self.session.execute(stmt)).scalars())

    async def mark_undone(self, event: EventRow) -> None:
        """Mark an event undone, so ``last_action`` passes over it."""
        await self.session.execute(
            update(EventRow)
            .where(EventRow.id == event.id)
            .values(undone=True)
            .execution_options(synchronize_session=False)
        )
        set_committed_value(event, "undone", True)
