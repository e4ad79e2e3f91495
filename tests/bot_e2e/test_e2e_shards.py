"""Several bot processes, one shard range each, on one database: the guild's shard serves it, state is shared."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord_double import DiscordDouble
from fray_kit import Fray, database_url
from test_e2e_encounter import set_the_scene


@pytest.mark.asyncio
@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)])
async def test_two_shard_processes_share_one_database(tmp_path: Path, backend: str) -> None:
    async with DiscordDouble(shard_count=2) as double, database_url(backend, tmp_path) as url:
        with double.point():
            fray = Fray(double, url)
            fray.gm, fray.carol, fray.dave = (double.add_member(n) for n in ("gm", "carol", "dave"))
            guild_shard = (double.guild_id >> 22) % 2
            async with fray.running(shard_count=2, shard_ids=(0,)) as first, \
                    fray.running(shard_count=2, shard_ids=(1,)) as second:
                shards = sorted(tuple(s.shard) for s in double.sessions)
                assert shards == [(0, 2), (1, 2)]
                serving = (first, second)[guild_shard]
                assert serving.get_guild(double.guild_id) is not None
                assert (first, second)[1 - guild_shard].get_guild(double.guild_id) is None
                await set_the_scene(fray)
                await fray.answer(fray.gm, "encounter begin")
            # The guild's shard restarts as a new process: the fight goes on from the shared database.
            async with fray.running(shard_count=2, shard_ids=(guild_shard,)):
                message = await fray.answer(fray.carol, "attack", target="Peacekeeper trooper 1")
                assert "Aeryn" in message.embeds[0]["description"]
