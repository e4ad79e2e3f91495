"""FUDGE Deryni as a Fray plug-in: its rules, its tables and its renderer (registered in ``pyproject.toml``)."""

from __future__ import annotations

from bot.registry import SystemPlugin
from bot.systems.deryni.demo import DEMO
from bot.systems.deryni.render import DeryniRenderer
from combat.systems.deryni.system import DeryniSystem
from combat.systems.deryni.tables import load_tables

__all__ = ["PLUGIN"]

PLUGIN = SystemPlugin(rules=DeryniSystem, renderer=DeryniRenderer(), tables=load_tables, demo=DEMO)
