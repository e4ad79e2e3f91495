"""The double's change notifier: a keyed waiter is checked only on its key's changes, and nothing of it is kept."""

from __future__ import annotations

import asyncio

import pytest

from .errors import DoubleTimeout
from .state import Changes

pytestmark = pytest.mark.asyncio


async def test_a_keyed_waiter_is_checked_on_its_own_key_only():
    changes = Changes()
    checks: list[str] = []
    state = {"done": False}

    def answered() -> bool:
        checks.append("checked")
        return state["done"]

    waiter = asyncio.ensure_future(changes.wait_for(answered, 5.0, "an answer", poll=None, key=7))
    await asyncio.sleep(0)
    first = len(checks)  # checked once as it started waiting
    state["done"] = True
    changes.bump()  # another interaction's change, or none: not checked
    changes.bump(8)
    await asyncio.sleep(0)
    assert len(checks) == first and not waiter.done()
    changes.bump(7)
    assert await asyncio.wait_for(waiter, 1.0) is True
    assert len(checks) == first + 1


async def test_an_unkeyed_waiter_is_checked_on_every_change():
    changes = Changes()
    state = {"done": False}
    waiter = asyncio.ensure_future(changes.wait_for(lambda: state["done"], 5.0, "a change", poll=None))
    await asyncio.sleep(0)
    state["done"] = True
    changes.bump(8)  # a change for some interaction still wakes the waiters that named none
    assert await asyncio.wait_for(waiter, 1.0) is True


async def test_a_keyed_waiter_that_times_out_leaves_nothing_behind():
    changes = Changes()
    with pytest.raises(DoubleTimeout):
        await changes.wait_for(lambda: False, 0.01, "nothing", poll=None, key=9)
    assert not changes._keyed
