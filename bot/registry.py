"""Which rule systems Fray knows: plug-ins found through the ``fray.systems`` entry-point group, plus any registered.

A rule system is a plug-in: one ``SystemPlugin`` object naming its rules class, its table loader, its data and its
renderer. Fray's own systems register through the same entry-point group, from Fray's ``pyproject.toml``::

    [project.entry-points."fray.systems"]
    farscape = "bot.systems.farscape:PLUGIN"

so a table can install a fifth system as its own package without touching Fray. Tests (and embedding code) may
also ``register`` a plug-in at run time. Nothing here names a system.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from importlib.resources.abc import Traversable
from typing import Any, cast

from bot.guide.spec import Demo
from bot.render.plugin import SystemRenderer
from combat.errors import UnknownSystem, echo
from combat.sheet import SheetSpec
from combat.system import RuleSystem

__all__ = ["GROUP", "SystemPlugin", "TableLoader", "demo_keys", "find", "keys", "plugins", "register", "unregister"]

log = logging.getLogger(__name__)

GROUP = "fray.systems"
_KEY = re.compile(r"[a-z][a-z0-9_]{1,23}")
_RULES_ATTRIBUTES = ("key", "title", "phases", "sheet_spec", "health_type")

# Turns a system's table files ({file stem: parsed TOML}) and a label naming where they came from into its tables.
TableLoader = Callable[[Mapping[str, Mapping[str, Any]], str], Any]


@dataclass(frozen=True, slots=True)
class SystemPlugin:
    """One rule system as Fray sees it: the rules class, how its tables load, where they are, and its renderer.

    ``rules`` is the class (called with the loaded tables, or None when the system has none); its class attributes
    name the key, title, phases, sheet (with its tiers) and the types of its health and own state; its instances
    give the moves with their option specs, the GM tools and the choices it asks. ``data`` is the folder of its
    ``*.toml`` tables when they do not live in Fray's own ``data/<key>/``. ``demo`` is its ready-made first fight
    (``/encounter start demo:<key>``, ``fray console --demo <key>``); None when it has none.
    """

    rules: type[Any]
    renderer: SystemRenderer
    tables: TableLoader | None = None
    data: Traversable | None = None
    demo: Demo | None = None

    @property
    def key(self) -> str:
        """Return the system's key (``/encounter start system:<key>``)."""
        return cast(str, self.rules.key)

    @property
    def title(self) -> str:
        """Return the system's title."""
        return cast(str, self.rules.title)

    @property
    def sheet_spec(self) -> SheetSpec:
        """Return the system's sheet: attributes, skills, talents and tiers."""
        return cast(SheetSpec, self.rules.sheet_spec)

    def state_type(self, kind: str) -> type | None:
        """Return the class of the system's ``health``, ``combatant``, ``encounter`` or ``choice`` state."""
        names = {"health": "health_type", "choice": "choice_context_type"}
        found = getattr(self.rules, names.get(kind, f"{kind}_state_type"), None)
        return found if isinstance(found, type) else None

    def build(self, tables: Any) -> RuleSystem:
        """Return the rule system built with its loaded tables."""
        return cast(RuleSystem, self.rules(tables))


_REGISTERED: dict[str, SystemPlugin] = {}


def _check(plugin: object, origin: str) -> SystemPlugin:
    """Refuse what is not a usable plug-in, saying why."""
    if not isinstance(plugin, SystemPlugin):
        raise TypeError(f"{origin} is not a SystemPlugin")
    missing = [name for name in _RULES_ATTRIBUTES if not hasattr(plugin.rules, name)]
    if missing:
        raise TypeError(f"{origin}: the rules class has no {', '.join(missing)}")
    if not _KEY.fullmatch(plugin.key):
        raise TypeError(f"{origin}: the key '{plugin.key}' is not 2-24 lower-case letters, digits or _")
    return plugin


@cache
def _discovered() -> dict[str, SystemPlugin]:
    """Load every plug-in of the entry-point group once; a broken one is logged and left out."""
    found: dict[str, SystemPlugin] = {}
    for point in entry_points(group=GROUP):
        try:
            plugin = _check(point.load(), f"entry point {point.name} ({point.value})")
        except Exception:
            log.exception("the rule system plug-in %s could not be loaded", point.name)
            continue
        found[plugin.key] = plugin
    return found


def plugins() -> dict[str, SystemPlugin]:
    """Return every known plug-in by key: those installed, then those registered at run time."""
    return {**_discovered(), **_REGISTERED}


def keys() -> tuple[str, ...]:
    """Return the keys of every known system, sorted."""
    return tuple(sorted(plugins()))


def demo_keys() -> tuple[str, ...]:
    """Return the keys of the systems that have a demo, sorted."""
    return tuple(sorted(key for key, plugin in plugins().items() if plugin.demo is not None))


def find(key: str) -> SystemPlugin:
    """Return the plug-in of system ``key``, or refuse naming the systems there are."""
    found = plugins().get(" ".join(key.split()).lower())
    if found is None:
        raise UnknownSystem(f"There is no rule system '{echo(key)}'; choose one of {', '.join(keys())}.")
    return found


def register(plugin: SystemPlugin) -> None:
    """Register a plug-in at run time (it wins over an installed one of the same key)."""
    checked = _check(plugin, "the plug-in")
    _REGISTERED[checked.key] = checked


def unregister(key: str) -> None:
    """Forget a plug-in registered at run time."""
    _REGISTERED.pop(key, None)
