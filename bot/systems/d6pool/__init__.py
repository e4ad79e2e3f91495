"""The d6 dice-pool / HTK system as a Fray plug-in: its rules, tables and renderer (registered in pyproject.toml)."""

from __future__ import annotations

from bot.registry import SystemPlugin
from bot.systems.d6pool.demo import DEMO
from bot.systems.d6pool.render import D6PoolRenderer
from combat.systems.d6pool.system import D6PoolSystem
from combat.systems.d6pool.tables import load_tables

__all__ = ["PLUGIN"]

PLUGIN = SystemPlugin(rules=D6PoolSystem, renderer=D6PoolRenderer(), tables=load_tables, demo=DEMO)
