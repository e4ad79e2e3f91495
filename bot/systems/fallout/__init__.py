"""Fallout "Simple" as a Fray plug-in: its rules, its tables and its renderer (registered in ``pyproject.toml``)."""

from __future__ import annotations

from bot.registry import SystemPlugin
from bot.systems.fallout.demo import DEMO
from bot.systems.fallout.render import FalloutRenderer
from combat.systems.fallout.system import FalloutSystem
from combat.systems.fallout.tables import load_tables

__all__ = ["PLUGIN"]

PLUGIN = SystemPlugin(rules=FalloutSystem, renderer=FalloutRenderer(), tables=load_tables, demo=DEMO)
