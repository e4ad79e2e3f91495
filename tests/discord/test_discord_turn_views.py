"""The turn buttons' views: one per recent channel, sent again under every turn, the oldest channel dropped first."""

from __future__ import annotations

import pytest

from bot.discord.buttons import recent_turn_views

pytestmark = pytest.mark.asyncio


def custom_ids(view: object) -> list[str]:
    return [item.custom_id for item in view.children]  # type: ignore[attr-defined]


async def test_a_channel_gets_the_same_view_each_turn_and_its_buttons_name_it() -> None:
    views = recent_turn_views()
    first = views(11)
    assert views(11) is first
    assert custom_ids(first) == ["fray:next:11", "fray:undo:11"]
    other = views(12)
    assert other is not first
    assert custom_ids(other) == ["fray:next:12", "fray:undo:12"]
    assert first.timeout is None and first.is_finished()  # laid out only: the dynamic items answer clicks


async def test_at_most_size_channels_are_kept_and_the_least_recently_used_goes_first() -> None:
    views = recent_turn_views(size=2)
    one, two = views(1), views(2)
    assert views(1) is one  # 1 is now the most recent: 2 goes when a third channel comes
    views(3)
    assert views.cache_info().currsize == 2  # type: ignore[attr-defined]
    assert views(1) is one
    assert views(2) is not two  # made anew
    assert custom_ids(views(2)) == ["fray:next:2", "fray:undo:2"]


async def test_each_answer_marks_the_channel_s_buttons_with_its_moment_of_the_fight() -> None:
    views = recent_turn_views()
    marked = views(11, "7.3")
    assert custom_ids(marked) == ["fray:next:11:7.3", "fray:undo:11:7.3"]
    assert views(11, "7.4") is marked and custom_ids(marked) == ["fray:next:11:7.4", "fray:undo:11:7.4"]
    assert custom_ids(views(11, None)) == ["fray:next:11", "fray:undo:11"]  # as shown before marks were given
