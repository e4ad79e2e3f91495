"""Attacks: the hit roll (Agility or Psi dice + skill against the defence), then Power Factor against protection.

Melee: both sides add their melee skill. Ranged: only the attacker adds his ranged skill. Psionic: Psi dice and
the psionics skill on both sides, Psyche dice as protection. Objects defend with the dice the GM set.
"""

from __future__ import annotations

from combat.dice import DiceSource
from combat.errors import CannotAct, RulesError
from combat.frozen import replace
from combat.intent import Intent
from combat.model import Combatant, Encounter
from combat.system import ActionOutcome
from combat.systems.d6pool.build import trait
from combat.systems.d6pool.model import DEFENDING, HELD, KO, PRONE, RETREATED, Htk, Ready, RoundState
from combat.systems.d6pool.pool import Pool, roll_pool
from combat.systems.d6pool.results import Attack, AttackRoll, Spend
from combat.systems.d6pool.spend import apply_damage, offer, spend
from combat.systems.d6pool.tables import UNARMED, D6Tables, Weapon

__all__ = [
    "attack_pool", "check_attack", "check_weapon", "choose_weapon", "defence_pool", "power_factor", "protection",
    "resolve_attack", "weapon_of",
]


def choose_weapon(actor: Combatant, tables: D6Tables, wanted: str | None) -> Weapon:
    """Return the weapon named, else the one ready, else the first carried, else the fist; it must be carried."""
    carried = tuple(dict.fromkeys((*actor.sheet.weapons, UNARMED)))  # a sheet may list the fist itself
    if wanted is not None:
        key = " ".join(wanted.split()).lower()
        if key not in carried:
            raise CannotAct(f"{actor.name} carries no '{wanted}'; they carry {', '.join(carried)}.")
        return tables.weapon(key)
    ready = actor.state.weapon if isinstance(actor.state, Ready) else None
    return tables.weapon(ready if ready in carried else carried[0])


def power_factor(actor: Combatant, weapon: Weapon, tables: D6Tables) -> int:
    """Return the attack's Power Factor: the weapon's, plus 1 per Strength step above the base if muscle powered."""
    rule = tables.charts.dice
    if not weapon.muscle:
        return weapon.pf
    return weapon.pf + max(0, (trait(actor.sheet, "strength") - rule.strength_base) // rule.strength_step)


def weapon_of(actor: Combatant, intent: Intent, tables: D6Tables) -> Weapon:
    """Return the weapon the intent attacks with (option weapon, else the one ready)."""
    wanted = intent.options.get("weapon")
    return choose_weapon(actor, tables, str(wanted) if wanted is not None else None)


def attack_pool(actor: Combatant, weapon: Weapon) -> tuple[str, int, int]:
    """Return what the attack rolls: the attribute, its dice (Psi for psionics, else Agility), the skill's modifier."""
    attribute = "psi" if weapon.kind == "psionic" else "agility"
    return attribute, trait(actor.sheet, attribute), trait(actor.sheet, weapon.skill)


def check_attack(actor: Combatant, target: Combatant) -> None:
    """Refuse an attack the rules forbid: on oneself, on full defence, knocked down, held, at someone retreated."""
    if actor.id == target.id:
        raise RulesError(f"{actor.name} cannot attack themself.")
    if actor.has(DEFENDING):
        raise CannotAct(f"{actor.name} is on full defence this round: no attacks.")
    if actor.has(PRONE):
        raise CannotAct(f"{actor.name} is down on the ground: stand up first (/act move:stand).")
    if actor.has(HELD):
        raise CannotAct(f"{actor.name} is held: break free first (/act move:escape).")
    if target.has(RETREATED):
        raise CannotAct(f"{target.name} has retreated from the fight.")


def check_weapon(weapon: Weapon, target: Combatant) -> None:
    """Refuse a psionic attack on an object: it has no mind ("Psyche counts as the mental equivalent of armor")."""
    if weapon.kind == "psionic" and target.sheet.tier == "object":
        raise CannotAct(f"The {weapon.name.lower()} works on minds: {target.name} is an object. Use a weapon.")


def _melee_skill(combatant: Combatant, tables: D6Tables) -> str:
    """Return the melee skill a defender parries with: his best among his melee weapons and his fists.

    What he has ready counts for Initiative only: the seed's Swordsman adds Swords when "defending ... unless he was
    attacked by a gunman", whatever he used last (his fists, a pistol) or drew first. On equal skills the ready
    weapon's is named [ours: which one].
    """
    ready = combatant.state.weapon if isinstance(combatant.state, Ready) else None
    first = [tables.weapon(ready).skill] if ready is not None and tables.weapon(ready).kind == "melee" else []
    skills = [tables.weapon(key).skill for key in combatant.sheet.weapons if tables.weapon(key).kind == "melee"]
    return max([*first, "brawling", *skills], key=lambda skill: trait(combatant.sheet, skill))


def defence_pool(target: Combatant, kind: str, tables: D6Tables) -> tuple[int, int, str, str | None]:
    """Return the target's defence against an attack of ``kind``: (dice, modifier, what defends, the skill added)."""
    health: Htk = target.health
    if target.sheet.tier == "object":
        return trait(target.sheet, "defence"), 0, "object", None
    if health.down or target.has(KO):
        return 0, 0, "helpless", None
    extra = 1 if target.has(DEFENDING) else 0
    if kind == "psionic":
        return trait(target.sheet, "psi") + extra, trait(target.sheet, "psionics"), "psi", "psionics"
    if kind == "melee":
        skill = _melee_skill(target, tables)
        return trait(target.sheet, "agility") + extra, trait(target.sheet, skill), "agility", skill
    return trait(target.sheet, "agility") + extra, 0, "agility", None


def _defence(target: Combatant, kind: str, tables: D6Tables, dice: DiceSource) -> tuple[Pool, str, str | None]:
    """Roll the target's defence: (pool, what defended, the skill added)."""
    count, modifier, defended, skill = defence_pool(target, kind, tables)
    success = tables.charts.dice.success
    if defended == "helpless":
        return Pool((), 0, success), defended, skill
    return roll_pool(dice, count, modifier, success), defended, skill


def protection(target: Combatant, kind: str, tables: D6Tables) -> tuple[int, str | None]:
    """Return the protection dice and the armour's name (Psyche against psionics: no name)."""
    if kind == "psionic":
        return trait(target.sheet, "psyche"), None
    armour = tables.armour.get(target.sheet.armour or "")
    return (armour.pf, armour.name) if armour is not None else (0, None)


def roll_attack(encounter: Encounter, intent: Intent, tables: D6Tables, dice: DiceSource) -> AttackRoll:
    """Roll the attack and the defence, then (on a hit) the Power Factor dice against the protection dice."""
    actor, target = encounter.get(intent.actor), encounter.get(intent.targets[0])
    check_attack(actor, target)
    weapon = weapon_of(actor, intent, tables)
    check_weapon(weapon, target)
    success = tables.charts.dice.success
    _, count, skill_mod = attack_pool(actor, weapon)
    attack = roll_pool(dice, count, skill_mod + intent.modifier, success)
    defence, defence_kind, defence_skill = _defence(target, weapon.kind, tables, dice)
    defending = target.condition(DEFENDING)
    roll = AttackRoll(actor.id, target.id, weapon.key, weapon.name, weapon.kind, attack, weapon.skill, skill_mod,
                      intent.modifier, defence, defence_kind, defence_skill,
                      defending.source if defending and defence_kind != "helpless" else None,
                      attack.total > defence.total)
    if not roll.hit:
        return roll
    pf = power_factor(actor, weapon, tables)
    shield, armour = protection(target, weapon.kind, tables)
    return replace(roll, pf=pf, protection=shield, damage=roll_pool(dice, pf, 0, success),
                   soak=roll_pool(dice, shield, 0, success), strength_pf=pf - weapon.pf, armour=armour)


def resolve_attack(encounter: Encounter, intent: Intent, tables: D6Tables, dice: DiceSource) -> ActionOutcome:
    """Attack: a miss ends it; a hit on an object is all damage; a hit on a fighter asks how to spend successes."""
    roll = roll_attack(encounter, intent, tables, dice)
    state = encounter.state if isinstance(encounter.state, RoundState) else RoundState()
    actor = replace(encounter.get(intent.actor), state=Ready(roll.weapon))
    encounter = replace(encounter.put(actor), state=replace(state, attacked=True))
    if not roll.hit:
        return ActionOutcome(encounter, Attack(roll))
    target = encounter.get(roll.target)
    if target.sheet.tier == "object":
        encounter, spent = apply_damage(encounter, actor.id, target.id, roll.successes)
        return ActionOutcome(encounter, Attack(roll, spent))
    ask = offer(actor.id, roll.successes, roll.kind)
    if ask is None:  # a shot or a mind blast with nothing through: no effect, nothing to choose
        encounter, spent = spend(encounter, actor.id, Spend(target.id, 0, roll.pf), "none", tables, dice)
        return ActionOutcome(encounter, Attack(roll, spent))
    return ActionOutcome(encounter, roll, ask=ask, context=Spend(target.id, roll.successes, roll.pf))
