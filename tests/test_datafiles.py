"""The table files: shipped inside Fray as the package fray_data, or read from DATA_DIR; each error names its file."""

from __future__ import annotations

import tomllib
from importlib.resources import files

import pytest

from bot import datafiles
from bot.config import REPO_ROOT
from bot.datafiles import PACKAGE, table_files, table_source
from combat.errors import DataError

FARSCAPE = {"armour", "explosives", "grenades", "shields", "templates", "weapons"}


def test_the_shipped_tables_are_the_files_edited_in_data():
    shipped = table_files("farscape")
    assert set(shipped) == FARSCAPE
    folder = REPO_ROOT / "data" / "farscape"
    edited = {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in folder.glob("*.toml")}
    assert shipped == edited


def test_the_tables_are_found_through_the_package_not_the_source_tree():
    assert files(PACKAGE).joinpath("farscape", "weapons.toml").is_file()
    assert table_source("farscape") == "data/farscape"


def test_a_data_dir_of_the_same_layout_replaces_the_shipped_tables(tmp_path):
    folder = tmp_path / "tables" / "farscape"
    folder.mkdir(parents=True)
    (folder / "weapons.toml").write_text("[[weapons]]\nkey = 'knife'\n", encoding="utf-8")
    (folder / "notes.txt").write_text("not a table", encoding="utf-8")
    assert table_files("farscape", tmp_path / "tables") == {"weapons": {"weapons": [{"key": "knife"}]}}
    assert table_source("farscape", tmp_path / "tables") == "tables/farscape"


def test_a_file_that_is_not_toml_is_named(tmp_path):
    (tmp_path / "farscape").mkdir()
    (tmp_path / "farscape" / "armour.toml").write_text("[[armour]]\nkey = \n", encoding="utf-8")
    with pytest.raises(DataError, match=r"farscape/armour\.toml: \(file\): not valid TOML"):
        table_files("farscape", tmp_path)


def test_a_file_that_is_not_utf8_is_named(tmp_path):
    (tmp_path / "farscape").mkdir()
    (tmp_path / "farscape" / "shields.toml").write_bytes(b"name = '\xff'\n")
    with pytest.raises(DataError, match=r"farscape/shields\.toml: \(file\): not UTF-8"):
        table_files("farscape", tmp_path)


def test_a_missing_system_folder_is_a_data_error(tmp_path):
    with pytest.raises(DataError, match=r"farscape: \(directory\): no such data directory"):
        table_files("farscape", tmp_path)
    with pytest.raises(DataError, match="no such data directory"):
        table_files("no-such-system")


def test_a_missing_tables_package_says_how_to_fix_it(monkeypatch):
    monkeypatch.setattr(datafiles, "PACKAGE", "fray_data_that_is_not_installed")
    with pytest.raises(DataError, match=r"fray_data_that_is_not_installed is not installed.*DATA_DIR"):
        table_files("farscape")
