"""Pictures the local table writes (maps, odds charts): never over an earlier session's, whatever the channel's name."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_kit import fray

pytestmark = pytest.mark.slow  # runs `fray console` in subprocesses

MAP = ["@gm #a/b /encounter start system:fallout name:Slash", "@gm #a/b /encounter map", "@gm #a/b /encounter status"]


def test_a_second_session_writes_beside_the_first_and_a_channel_name_makes_a_plain_file_name(tmp_path: Path) -> None:
    maps, db = tmp_path / "maps", str(tmp_path / "table.sqlite3")
    for session in (1, 2):
        done = fray(db, "--maps", str(maps), stdin="\n".join(MAP if session == 1 else MAP[1:]) + "\n")
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
        assert "Slash" in done.stdout, "the session went on after the picture"
    assert sorted(f.name for f in maps.iterdir()) == ["map-a_b-round0-1.png", "map-a_b-round0-2.png"]


def test_a_picture_folder_that_cannot_be_made_is_one_line_and_the_table_goes_on(tmp_path: Path) -> None:
    taken = tmp_path / "a-file"
    taken.write_text("not a folder")
    done = fray(":memory:", "--maps", str(taken), stdin="\n".join(MAP) + "\n")
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert "✗ line 2: Could not write the picture in" in done.stdout and "Slash" in done.stdout.split("✗")[1]
