"""A rule system defined only in the tests, registered at run time: proof that systems are plug-ins."""

from __future__ import annotations

from bot.registry import SystemPlugin
from sparring.render import SparringRenderer
from sparring.rules import Sparring

PLUGIN = SystemPlugin(rules=Sparring, renderer=SparringRenderer())
