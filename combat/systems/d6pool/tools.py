"""The GM's tools: healing after the fight, an object's defence dice, and what a combatant has ready."""

from __future__ import annotations

from collections.abc import Mapping

from combat.errors import RulesError
from combat.frozen import replace
from combat.model import Encounter
from combat.options import OptionChoice, OptionSpec, OptionValue
from combat.system import ActionOutcome, ToolSpec
from combat.systems.d6pool.attack import choose_weapon
from combat.systems.d6pool.build import trait
from combat.systems.d6pool.model import KO, Htk, Ready
from combat.systems.d6pool.results import Recovered, Set
from combat.systems.d6pool.tables import D6Tables

__all__ = ["TOOLS", "healed", "use"]

_TARGET = OptionSpec("target", "Who.", "combatant", required=True)
TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec("recover", "Heal after the fight: 1 HTK the first day, then the level a day; +1 rest, +1 treatment.", (
        _TARGET,
        OptionSpec("days", "How many days of healing.", "number", low=1, high=365),
        OptionSpec("rest", "Resting? yes or no.", "flag"),
        OptionSpec("treated", "Under medical care? yes or no.", "flag"))),
    ToolSpec("difficulty", "Set how many dice an object defends with (visibility, size …).", (
        _TARGET, OptionSpec("dice", "Defence dice.", "number", low=0, high=20, required=True))),
    ToolSpec("ready", "Set what a combatant has ready for Initiative ('none': no skill applies).", (
        _TARGET, OptionSpec("weapon", "A weapon or power they carry, or none.", required=True, source="weapons"))),
)
_NONE = OptionChoice("none")


def _number(options: Mapping[str, OptionValue], name: str, default: int) -> int:
    value = options.get(name, default)
    return value if isinstance(value, int) else default


def healed(days: int, level: int, rest: bool, treated: bool) -> int:
    """Return the HTK ``days`` of healing give back: 1 the first day, the level each day after; +1 rest, +1 care."""
    bonus = int(rest) + int(treated)
    return (1 + bonus) + max(0, days - 1) * (level + bonus)


def _recover(encounter: Encounter, options: Mapping[str, OptionValue]) -> ActionOutcome:
    target = encounter.get(str(options["target"]))
    health: Htk = target.health
    if target.sheet.tier == "object":
        raise RulesError(f"{target.name} is an object: mending it is for the GM to say.")
    if health.dead:
        raise RulesError(f"{target.name} is dead.")
    days, rest, treated = _number(options, "days", 1), bool(options.get("rest")), bool(options.get("treated"))
    gained = min(health.lost, healed(days, trait(target.sheet, "level"), rest, treated))
    after = replace(target, health=replace(health, lost=health.lost - gained)).without(KO)
    result = Recovered(target.id, days, rest, treated, gained, after.health.current, health.htk)
    return ActionOutcome(encounter.put(after), result)


def _difficulty(encounter: Encounter, options: Mapping[str, OptionValue]) -> ActionOutcome:
    target = encounter.get(str(options["target"]))
    if target.sheet.tier != "object":
        raise RulesError(f"{target.name} is not an object: fighters defend with their own dice.")
    dice = _number(options, "dice", 0)
    sheet = replace(target.sheet, traits={**target.sheet.traits, "defence": dice})
    return ActionOutcome(encounter.put(replace(target, sheet=sheet)), Set(target.id, "defence dice", str(dice)))


def _ready(encounter: Encounter, options: Mapping[str, OptionValue], tables: D6Tables) -> ActionOutcome:
    target = encounter.get(str(options["target"]))
    wanted = str(options["weapon"])
    key = None if wanted.strip().lower() == _NONE.key else choose_weapon(target, tables, wanted).key
    return ActionOutcome(encounter.put(replace(target, state=Ready(key))), Set(target.id, "ready", key or "none"))


def use(encounter: Encounter, tool: str, options: Mapping[str, OptionValue], tables: D6Tables) -> ActionOutcome:
    """Run one of the GM's tools."""
    if tool == "recover":
        return _recover(encounter, options)
    if tool == "difficulty":
        return _difficulty(encounter, options)
    if tool == "ready":
        return _ready(encounter, options, tables)
    raise RulesError(f"The d6 pool system has no GM tool '{tool}'; its tools are recover, difficulty, ready.")
