"""The exact chances of one Farscape shot at one target: a single shot, a burst, or two weapons fired at once.

The shot is read as ``resolve_shot`` reads it (the weapons, the fire plan, ammunition, the −1 for dodging while
acting, a minion's warning shot, every modifier of ``firing_for``), and then ``fire_at`` itself is run once per
sequence of 4dF sums: the attack roll, any free dodge, any Willpower roll against blacking out. Nothing is spent.
"""

from __future__ import annotations

from fractions import Fraction

from combat.distributions import by_sums, chance, fudge, shifted
from combat.errors import RulesError
from combat.ladder import result_name
from combat.model import Combatant, Condition, Encounter
from combat.odds import Effect, Odds, RollShown, bands_from
from combat.system import Intent
from combat.systems.farscape.ammo import spend
from combat.systems.farscape.autofire import plan_fire
from combat.systems.farscape.harm import SAME_MOMENT, penalty, trait
from combat.systems.farscape.odds_bands import BANDS, wound_key
from combat.systems.farscape.ranged import WARNED, firing_for, weapons_fired
from combat.systems.farscape.ranged_attack import Attack, Firing, fire_at, melee_partners
from combat.systems.farscape.ranged_attack import defence_of as _defended
from combat.systems.farscape.ranged_common import is_minion, is_protagonist, option, require_able, targets_of
from combat.systems.farscape.ranged_dodge import ACTED, DODGE, SPLIT, act_while_dodging
from combat.systems.farscape.reaction import reaction_for
from combat.systems.farscape.strain import STRAIN_DIFFICULTY, straining
from combat.systems.farscape.tables import FarscapeTables

__all__ = ["shot_odds"]


def _aimed(encounter: Encounter, intent: Intent, tables: FarscapeTables) -> tuple[Encounter, Firing, int]:
    """Read the shot as it would be fired: the encounter as the roll finds it, what it shares, its recoil."""
    actor = encounter.get(intent.actor)
    require_able(actor)
    targets = targets_of(encounter, intent, 1)
    weapons = weapons_fired(actor, tables, intent.options)
    plan = plan_fire(weapons, intent.options, len(targets))
    if plan.shots > 1:
        raise RulesError("Odds count one roll at one target: fire single, or automatic.")
    for weapon, rounds in zip(weapons, plan.rounds, strict=True):
        actor = spend(actor, weapon, rounds)
    actor, acting, _ = act_while_dodging(actor, option(intent.options, "dodging"))
    warning = is_minion(actor) and not actor.has(WARNED)
    if warning:
        actor = actor.with_condition(Condition(WARNED))
    firing = firing_for(encounter, intent, actor, weapons, plan, acting, warning)
    return encounter.put(actor), firing, plan.recoil(1)


def shot_odds(encounter: Encounter, intent: Intent, tables: FarscapeTables) -> Odds:
    """Return the exact chances of one shot: a miss, each wound, a warning shot, and a partner struck instead."""
    before, firing, recoil = _aimed(encounter, intent, tables)
    target = intent.targets[0]
    shooter = encounter.get(intent.actor)
    go = _strain_chance(shooter)
    bands: dict[str, Fraction] = {"miss": 1 - go} if go < 1 else {}
    effects: dict[str, Fraction] = {f"{shooter.name} fails to strain (Willpower)": 1 - go} if go < 1 else {}
    for (_, attack), p in by_sums(lambda dice: fire_at(before, tables, firing, target, 1, recoil, dice)):
        key = _band(attack)
        bands[key] = bands.get(key, Fraction(0)) + p * go
        for label in _effects(before, attack):
            effects[label] = effects.get(label, Fraction(0)) + p * go
    shown = tuple(Effect(label, c) for label, c in effects.items() if c)
    return Odds(intent.actor, target, intent.move, _rolls(before, firing, target), bands_from(bands, BANDS), shown,
                _notes(encounter, intent, tables, firing))


def _strain_chance(shooter: Combatant) -> Fraction:
    """Return the chance that the shooter acts at all: his Great Willpower roll when straining, else 1."""
    if not straining(shooter) or shooter.has(SAME_MOMENT):
        return Fraction(1)
    return chance(shifted(fudge(4), trait(shooter, "willpower")), lambda result: result >= STRAIN_DIFFICULTY)


def _band(attack: Attack) -> str:
    """Return the band of one shot: a warning, a miss, or the wound it marked."""
    if attack.defence == "warning":
        return "warning"
    if not attack.hit:
        return "miss"
    return wound_key(attack.harm)


def _effects(encounter: Encounter, attack: Attack) -> list[str]:
    """Return what else the shot did: struck a melee partner instead, took someone out."""
    found = []
    if attack.struck is not None and attack.struck != attack.target:
        partner = encounter.get(attack.struck).name
        found.append(f"A miss by one strikes {partner} in the melee")
    if attack.harm is not None and attack.harm.out:
        found.append(f"{encounter.get(attack.harm.target).name} out of the fight")
    return found


def defence_of(encounter: Encounter, firing: Firing, target: Combatant) -> RollShown:
    """Show how the target meets the shot: his element's dodge, a free dodge, or an Unopposed difficulty."""
    partners = None if firing.no_melee else melee_partners(encounter, target, firing.melee, firing.actor)
    defence, difficulty = _defended(firing, target, partners)
    if defence != "dodge":
        return RollShown(target.id, f"defence ({defence}, no dice)", "", "difficulty", difficulty)
    extra = (("thrown weapon", firing.thrown),) if firing.thrown else ()
    stored = target.condition(DODGE)
    if stored is not None:
        decline = 0 if is_protagonist(target) else -stored.uses
        later = (("later attacks", decline),) if decline else ()
        return RollShown(target.id, "dodge (already rolled)", "", "dodge", stored.value, (*later, *extra))
    acting = (("acting", -1),) if target.has(ACTED) and not target.has(SPLIT) else ()
    wounds = (("wounds", penalty(target)),) if penalty(target) else ()
    return RollShown(target.id, "free dodge (after the attack's dice)", "4dF", "agility", trait(target, "agility"),
                     (*wounds, *acting, *extra))


def _rolls(encounter: Encounter, firing: Firing, target: str) -> tuple[RollShown, ...]:
    """Show the attack roll with its modifiers, and the target's defence."""
    attack = RollShown(firing.actor, "attack", "4dF", firing.skill, firing.level,
                       tuple((m.name, m.value) for m in firing.modifiers))
    return attack, defence_of(encounter, firing, encounter.get(target))


def _notes(encounter: Encounter, intent: Intent, tables: FarscapeTables, firing: Firing) -> tuple[str, ...]:
    """Say the range's difficulty, and the default counted for a player asked to dodge or take it."""
    notes = [f"The shot must reach the range's difficulty, {result_name(firing.range)} ({firing.range:+d})."]
    asked = reaction_for(encounter, intent, tables)
    if asked is not None:
        name = encounter.get(asked.combatant).name
        notes.append(f"{name}'s player is asked to dodge or take it; counted: {asked.label(asked.default)}, "
                     "the default.")
    return tuple(notes)
