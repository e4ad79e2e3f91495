"""What both group commits share: requests that arrive while a trip is under way wait for it and go together next."""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from typing import Generic, TypeVar

__all__ = ["Batcher"]

Item = TypeVar("Item")
Result = TypeVar("Result")


class Batcher(ABC, Generic[Item, Result]):
    """Queue items; one task sends what waits as a group, again and again until nothing does."""

    def __init__(self) -> None:
        self._waiting: list[tuple[Item, asyncio.Future[Result]]] = []
        self._flushing: asyncio.Task[None] | None = None

    async def _submit(self, item: Item) -> Result:
        """Queue ``item`` for the next trip (starting one if none is under way); return what its trip gave it."""
        future: asyncio.Future[Result] = asyncio.get_running_loop().create_future()
        self._waiting.append((item, future))
        if self._flushing is None or self._flushing.done():
            self._flushing = asyncio.create_task(self._flush())
        return await future

    async def _flush(self) -> None:
        """Send what waits in one trip, again and again until nothing does (an item given up on is left out)."""
        while self._waiting:
            group = [(item, future) for item, future in self._waiting if not future.done()]
            self._waiting = []
            if group:
                await self._trip(group)

    @staticmethod
    def _fail(group: list[tuple[Item, asyncio.Future[Result]]], exc: BaseException) -> None:
        """Give ``exc`` to every item of the group still waiting for its result."""
        for _, future in group:
            if not future.done():
                future.set_exception(exc)

    @abstractmethod
    async def _trip(self, group: list[tuple[Item, asyncio.Future[Result]]]) -> None:
        """Send one group; set each item's future (a result, or an exception)."""
