"""How a Deryni defender meets an attack, chosen before any die rolls.

His shield, a parry with a weapon, a dodge, acrobatics, an all-out defence with one of them, or none: only what he
has to hand and has not struck with this round.

A player's fighter attacked by someone else's is asked (a ``Reaction``); an NPC's defence is the GM's: the
attack's ``defence:`` option, else the NPC's standing choice (GM tool ``defence``), else his best defence.
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.errors import CannotAct
from combat.frozen import replace
from combat.intent import Choice, Intent, Reaction
from combat.model import Combatant, Encounter
from combat.systems.deryni.gear import (
    SHIELD,
    attack_weapon,
    item_name,
    legs_free,
    parry_weapon,
    shield_problem,
    weapon_row,
)
from combat.systems.deryni.sheet import SPEC
from combat.systems.deryni.state import fighter
from combat.systems.deryni.tables import DeryniTables

__all__ = [
    "ALL_OUT",
    "BASE",
    "DEFENCE",
    "KEYS",
    "NONE",
    "UNABLE",
    "Defence",
    "all_out_refusal",
    "can_defend",
    "choose",
    "decide",
    "default_key",
    "has_action",
    "offered",
    "reaction_for",
]

DEFENCE = "defence"  # the attack's option holding the defence (the player's answer, or the GM's)
BASE = ("shield", "parry", "dodge", "acrobatics")
ALL_OUT = {"allout-shield": "shield", "allout-parry": "parry", "allout-dodge": "dodge", "allout-acro": "acrobatics"}
NONE = "none"
UNABLE = "unable"  # no defence possible: unconscious, incapacitated or dead
KEYS = (*BASE, *ALL_OUT, NONE)
_ORDER_OF_BEST = ("shield", "parry", "dodge")  # [ours] the best of these by skill; ties in this order


@dataclass(frozen=True)
class Defence:
    """A defence decided: the choice, the kind of defence, the item and skill it uses, and a new all-out defence."""

    key: str
    kind: str
    item: str | None = None
    skill: str | None = None
    all_out: bool = False

    @property
    def active(self) -> bool:
        """Tell whether the defender rolls (an active defence)."""
        return self.kind not in (NONE, UNABLE)


def has_action(encounter: Encounter, combatant_id: str) -> bool:
    """Tell whether the combatant still has this round's action (his slot is to come, or he holds it)."""
    turns = encounter.turns
    return combatant_id in turns.held or any(combatant_id in s.waiting for s in turns.queue)


def can_defend(combatant: Combatant) -> bool:
    """Tell whether the combatant can defend at all (not dead, unconscious or incapacitated)."""
    return not combatant.health.out


def _problems(encounter: Encounter, tables: DeryniTables, combatant: Combatant) -> dict[str, str]:
    """Return why each defence is not open to the combatant now, by choice key."""
    name, state = combatant.name, fighter(combatant)
    problems: dict[str, str] = {}
    shield = shield_problem(combatant)
    if shield is None and state.attacked_with == SHIELD:
        shield = (f"{name} struck with their shield this round, so cannot block with it too: one attack and one "
                  "defence a round, each with a different item or ability")
    if shield:
        problems["shield"] = shield
    if parry_weapon(combatant, tables) is None:
        struck = state.attacked_with
        problems["parry"] = (
            f"{name} attacked with their {item_name(combatant, tables, struck)} this round, so cannot parry with "
            "it too: one attack and one defence a round, each with a different item or ability"
            if struck and struck != SHIELD else f"{name} has no weapon to parry with")
    if not legs_free(combatant):
        problems["dodge"] = problems["acrobatics"] = f"{name}'s leg is useless: no dodging"
    refused = all_out_refusal(encounter, combatant)
    for key, base in ALL_OUT.items():
        if refused:
            problems[key] = refused
        elif not has_action(encounter, combatant.id):
            problems[key] = f"{name} has already acted this round, and an all-out defence gives up the round's attack"
        elif base in problems:
            problems[key] = problems[base]
    return problems


def all_out_refusal(encounter: Encounter, combatant: Combatant) -> str | None:
    """Say why the combatant cannot go all-out this round (already is; attacked or defended; a power), else None."""
    state = fighter(combatant)
    if state.all_out:
        return f"{combatant.name} is already in an all-out defence this round"
    if state.defences:  # "Special Defenses must be declared before any dice are rolled" [seed]
        return (f"{combatant.name} has defended this round already: an all-out defence is declared before any of "
                "the round's dice")
    if state.attacks:  # an attack on him rolled, defended or not: its dice are on the table
        return (f"{combatant.name} has been attacked this round already: an all-out defence is declared before any "
                "of the round's dice")
    if state.power_round == encounter.turns.round:
        return (f"{combatant.name} used a power this round, and an all-out defence makes no other actions besides "
                "defending")
    return None


def _label(combatant: Combatant, tables: DeryniTables, key: str) -> str:
    if key in ALL_OUT:
        return "All-out: " + _label(combatant, tables, ALL_OUT[key]).lower()
    if key == "shield":
        return f"Shield ({item_name(combatant, tables, SHIELD)})"
    if key == "parry":
        return f"Parry ({item_name(combatant, tables, parry_weapon(combatant, tables) or '')})"
    return {"dodge": "Dodge", "acrobatics": "Acrobatics"}.get(key, "No defence")


def offered(encounter: Encounter, tables: DeryniTables, combatant: Combatant) -> tuple[Choice, ...]:
    """Return the defences open to the combatant now, in a fixed order, ending with no defence."""
    problems = _problems(encounter, tables, combatant)
    return tuple(Choice(k, _label(combatant, tables, k)) for k in KEYS if k not in problems)


def _skill(combatant: Combatant, tables: DeryniTables, kind: str) -> str:
    if kind == "parry":
        return weapon_row(tables, parry_weapon(combatant, tables) or "").skill
    return kind


def default_key(encounter: Encounter, tables: DeryniTables, combatant: Combatant) -> str:
    """Return the defence taken without a choice: his standing one when open, else his best by skill [ours]."""
    keys = [c.key for c in offered(encounter, tables, combatant)]
    preferred = fighter(combatant).defence
    if preferred in keys:
        return preferred
    if preferred in ALL_OUT and ALL_OUT[preferred] in keys:
        return ALL_OUT[preferred]
    best = [k for k in _ORDER_OF_BEST if k in keys]
    if not best:
        return NONE
    levels = {k: SPEC.level(combatant.sheet, _skill(combatant, tables, k)) for k in best}
    return max(best, key=lambda k: (levels[k], -best.index(k)))


def decide(encounter: Encounter, tables: DeryniTables, combatant: Combatant, key: str | None) -> Defence:
    """Return the defence for this choice (None: the default), refusing one not open to him, saying why."""
    if not can_defend(combatant):
        return Defence(UNABLE, UNABLE)
    chosen = default_key(encounter, tables, combatant) if key is None else key
    problems = _problems(encounter, tables, combatant)
    if chosen in problems:
        open_keys = " or ".join(c.key for c in offered(encounter, tables, combatant))
        raise CannotAct(f"{problems[chosen]}; {combatant.name} can defend with {open_keys}.")
    kind = ALL_OUT.get(chosen, chosen)
    if kind == NONE:
        return Defence(chosen, NONE)
    item = SHIELD if kind == "shield" else parry_weapon(combatant, tables) if kind == "parry" else None
    return Defence(chosen, kind, item, _skill(combatant, tables, kind), chosen in ALL_OUT)


def reaction_for(encounter: Encounter, intent: Intent, tables: DeryniTables) -> Reaction | None:
    """Ask a player's fighter attacked by someone else's how they defend, when they can and have a choice."""
    if intent.move != "attack" or DEFENCE in intent.options or len(intent.targets) != 1:
        return None
    actor, target = encounter.get(intent.actor), encounter.get(intent.targets[0])
    if target.id == actor.id or target.owner is None or target.owner == actor.owner or not can_defend(target):
        return None
    choices = offered(encounter, tables, target)
    if len(choices) < 2:
        return None
    # "The Attacker defines his attack (which Skill used ...)" before the Defender chooses [seed]: name the weapon.
    named = intent.options.get("weapon")
    weapon = attack_weapon(actor, tables, named if isinstance(named, str) else None)
    return Reaction(target.id, choices, default_key(encounter, tables, target),
                    prompt=f"Defend against the {weapon.name}")


def choose(intent: Intent, reaction: Reaction, choice: str) -> Intent:
    """Record the defender's answer in the attack's ``defence`` option."""
    return replace(intent, options={**intent.options, DEFENCE: choice})
