"""FUDGE Farscape as a Fray plug-in: its rules, its tables and its renderer (registered in ``pyproject.toml``)."""

from __future__ import annotations

from bot.registry import SystemPlugin
from bot.systems.farscape.demo import DEMO
from bot.systems.farscape.render import FarscapeRenderer
from combat.systems.farscape.system import FarscapeSystem
from combat.systems.farscape.tables import load_tables

__all__ = ["PLUGIN"]

PLUGIN = SystemPlugin(rules=FarscapeSystem, renderer=FarscapeRenderer(), tables=load_tables, demo=DEMO)
