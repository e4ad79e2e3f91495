"""When a Farscape attack offers the target's player a choice: "Dodge or take it?", asked before any die rolls.

A shot (``shoot``, or ``attack`` with a ranged or thrown weapon), a grenade or a charge set off (``detonate``) offers
the choice to a target who:
* has a player (``owner``), and not the attacker's own player [ours];
* would meet it with the element's dodge today: aware of it, able to defend, not a minion, not in a melee (a
  shot) or standing firm (a blast: rolling against its fragments, or named to run for cover), and not the target
  of a minion's warning shot;
* has declared no dodge this element (a declared dodge is the defence: nothing to ask) and has not answered yet.
The targets are asked one at a time, in the order named. The default is to dodge, as before the choice existed [ours].
"""

from __future__ import annotations

from combat.errors import FrayError
from combat.frozen import replace
from combat.intent import Intent, Reaction
from combat.model import Combatant, Encounter
from combat.systems.farscape.attack import fires
from combat.systems.farscape.autofire import plan_fire
from combat.systems.farscape.choices import DODGE_OR_TAKE, defences, with_defence
from combat.systems.farscape.explosives import placed_charge
from combat.systems.farscape.grenades import chosen_grenade
from combat.systems.farscape.ranged import WARNED, after_the_warning, melee_option, weapons_fired
from combat.systems.farscape.ranged_attack import melee_partners
from combat.systems.farscape.ranged_common import can_defend, chosen, is_minion, yes
from combat.systems.farscape.ranged_dodge import DODGE
from combat.systems.farscape.tables import FarscapeTables

__all__ = ["DEFAULT", "choose", "reaction_for"]

DEFAULT = "dodge"


def _player_may_dodge(actor: Combatant, target: Combatant) -> bool:
    """Tell whether the target has a player to ask (not the attacker's) and would dodge now."""
    asked = target.owner is not None and target.owner != actor.owner
    return asked and can_defend(target) and not is_minion(target) and not target.has(DODGE)


def _shot_targets(encounter: Encounter, intent: Intent, tables: FarscapeTables) -> tuple[str, ...]:
    """Return the targets of a shot who would dodge it (not only warned, aware, not in a melee)."""
    actor = encounter.get(intent.actor)
    if not yes(intent.options, "aware", default=True):
        return ()
    targets = tuple(intent.targets)
    if is_minion(actor) and not actor.has(WARNED):  # a warning harms no one: only a semi volley's later shots count
        try:
            plan = plan_fire(weapons_fired(actor, tables, intent.options), intent.options, len(targets))
        except FrayError:
            return ()  # refused as it resolves
        targets = after_the_warning(plan, targets)
    named, no_melee = melee_option(encounter, intent.options)
    found: list[str] = []
    for target_id in dict.fromkeys(targets):
        target = encounter.get(target_id)
        if no_melee or melee_partners(encounter, target, named, actor.id) is None:
            found.append(target_id)
    return tuple(found)


def _blast_targets(encounter: Encounter, intent: Intent, tables: FarscapeTables) -> tuple[str, ...]:
    """Return the targets of a blast who would dodge: against its fragments or running for cover (aware, not firm)."""
    actor = encounter.get(intent.actor)
    grenade = intent.move == "grenade"
    charge = chosen_grenade(actor, tables, intent.options) if grenade else placed_charge(actor, tables, intent.options)
    if not yes(intent.options, "aware", default=grenade):
        return ()
    firm = chosen(encounter, intent.options, "stand firm", intent.targets)
    running = chosen(encounter, intent.options, "run", intent.targets)
    dodging = [t for t in intent.targets if charge.fragmentation or t in running]
    return tuple(t for t in dict.fromkeys(dodging) if t not in firm)


def _candidates(encounter: Encounter, intent: Intent, tables: FarscapeTables) -> tuple[str, ...]:
    """Return the targets whose defence is a dodge, for the moves that offer the choice."""
    if intent.move in ("grenade", "detonate"):
        return _blast_targets(encounter, intent, tables)
    if intent.move == "shoot" or (intent.move == "attack" and fires(encounter, intent, tables)):
        return _shot_targets(encounter, intent, tables)
    return ()


def reaction_for(encounter: Encounter, intent: Intent, tables: FarscapeTables) -> Reaction | None:
    """Return "Dodge or take it?" for the first target whose player is still to choose, or None."""
    if intent.actor in intent.targets:
        return None  # refused when it resolves
    actor = encounter.get(intent.actor)
    answered = defences(intent.options)
    for target_id in _candidates(encounter, intent, tables):
        if target_id not in answered and _player_may_dodge(actor, encounter.get(target_id)):
            return Reaction(target_id, DODGE_OR_TAKE, DEFAULT)
    return None


def choose(intent: Intent, reaction: Reaction, choice: str) -> Intent:
    """Return the intent with the target's answer recorded in its ``defence`` option."""
    return replace(intent, options=with_defence(intent.options, reaction.combatant, choice))
