"""The GM's tools: healing after the fight, wounds by the GM's word, an object's defence dice, what one has ready."""

from __future__ import annotations

from collections.abc import Mapping

from combat.errors import RulesError
from combat.frozen import replace
from combat.model import Combatant, Condition, Encounter
from combat.options import OptionChoice, OptionSpec, OptionValue
from combat.system import ActionOutcome, ToolSpec
from combat.systems.d6pool.attack import choose_weapon
from combat.systems.d6pool.build import trait
from combat.systems.d6pool.model import KO, RECOVERING, Htk, Ready
from combat.systems.d6pool.results import Recovered, Set
from combat.systems.d6pool.spend import release_if_unable
from combat.systems.d6pool.tables import D6Tables

__all__ = ["TOOLS", "healed", "use"]

_TARGET = OptionSpec("target", "Who.", "combatant", required=True)
TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec("recover", "Heal after the fight: 1 HTK the first day, then the level a day; +1 rest, +1 treatment.", (
        _TARGET,
        OptionSpec("days", "How many days of healing.", "number", low=1, high=365),
        OptionSpec("rest", "Resting? yes or no.", "flag"),
        OptionSpec("treated", "Under medical care? yes or no.", "flag"))),
    ToolSpec("wound", "Take HTK off by the GM's word: a fall, a trap, wounds brought from an earlier fight.", (
        _TARGET, OptionSpec("htk", "How many HTK he loses.", "number", low=1, high=1000, required=True))),
    ToolSpec("difficulty", "Set how many dice an object defends with (visibility, size …).", (
        _TARGET, OptionSpec("dice", "Defence dice.", "number", low=0, high=20, required=True))),
    ToolSpec("ready", "Set what a combatant has ready for Initiative ('none': no skill applies).", (
        _TARGET, OptionSpec("weapon", "A weapon or power they carry, or none.", required=True, source="weapons"))),
)
_NONE = OptionChoice("none")


def _number(options: Mapping[str, OptionValue], name: str, default: int) -> int:
    value = options.get(name, default)
    return value if isinstance(value, int) else default


def healed(days: int, level: int, rest: bool, treated: bool, before: int = 0) -> int:
    """Return the HTK ``days`` of healing give back after ``before`` days already healed.

    "recovers 1 HTK after the first day ... He then recovers his level in HTK per day afterwards" [seed]; +1 a day
    resting, +1 under care.
    """
    bonus = int(rest) + int(treated)
    first = 1 if before == 0 and days > 0 else 0
    return first * (1 + bonus) + (days - first) * (level + bonus)


def _days_healed(target: Combatant) -> int:
    """Return the days of healing already counted since his last wound (none once hurt again or healed in full)."""
    found = target.condition(RECOVERING)
    health: Htk = target.health
    return found.value if found is not None and found.uses == health.lost else 0


def _recover(encounter: Encounter, options: Mapping[str, OptionValue]) -> ActionOutcome:
    target = encounter.get(str(options["target"]))
    health: Htk = target.health
    if target.sheet.tier == "object":
        raise RulesError(f"{target.name} is an object: mending it is for the GM to say.")
    if health.dead:
        raise RulesError(f"{target.name} is dead.")
    days, rest, treated = _number(options, "days", 1), bool(options.get("rest")), bool(options.get("treated"))
    before = _days_healed(target)
    gained = min(health.lost, healed(days, trait(target.sheet, "level"), rest, treated, before))
    after = replace(target, health=replace(health, lost=health.lost - gained)).without(KO, RECOVERING)
    if after.health.lost:  # the days so far, and the HTK still lost then: a later wound starts the count again
        after = after.with_condition(Condition(RECOVERING, before + days, uses=after.health.lost))
    result = Recovered(target.id, days, rest, treated, gained, after.health.current, health.htk)
    return ActionOutcome(encounter.put(after), result)


def _wound(encounter: Encounter, options: Mapping[str, OptionValue]) -> ActionOutcome:
    target = encounter.get(str(options["target"]))
    health: Htk = target.health
    lost = _number(options, "htk", 1)
    after = replace(target, health=replace(health, lost=health.lost + lost))
    now: Htk = after.health
    encounter, _ = release_if_unable(encounter.put(after), target.id)
    return ActionOutcome(encounter, Set(target.id, "HTK", f"{now.current}/{now.htk} (-{lost} by the GM)"))


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
    if tool == "wound":
        return _wound(encounter, options)
    if tool == "difficulty":
        return _difficulty(encounter, options)
    if tool == "ready":
        return _ready(encounter, options, tables)
    raise RulesError(f"The d6 pool system has no GM tool '{tool}'; its tools are recover, wound, difficulty, ready.")
