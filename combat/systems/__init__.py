"""The built-in rule systems; importing this package registers them."""

from __future__ import annotations

from typing import Any

from combat.system import RuleSystem, register

__all__ = ["SYSTEM_KEYS"]

SYSTEM_KEYS = ("farscape",)


def _farscape(tables: Any) -> RuleSystem:
    from combat.systems.farscape.system import FarscapeSystem

    return FarscapeSystem(tables)


register("farscape", _farscape)
