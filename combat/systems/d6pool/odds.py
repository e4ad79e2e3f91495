"""The exact chances of a d6 pool attack: the hit roll, then the successes the Power Factor gets through.

The attack total (Agility or Psi dice + the skill + the GM's modifier) must beat the defence total (a tie misses);
on a hit, the Power Factor dice's successes minus the protection dice's are the HTK lost, as the attacker's default
spending (all damage) takes them. The pools, modifiers and protection come from the attack's own functions, so the
odds read the sheet, the full defence and the ready weapon exactly as the attack does.
"""

from __future__ import annotations

from fractions import Fraction

from combat.distributions import Dist, chance, dice_sum, difference, shifted, successes
from combat.errors import CannotAct
from combat.model import Combatant, Encounter
from combat.odds import Band, Effect, Odds, RollShown, bands_from
from combat.system import Intent
from combat.systems.d6pool.attack import (
    attack_pool,
    check_attack,
    check_weapon,
    defence_pool,
    power_factor,
    protection,
    weapon_of,
)
from combat.systems.d6pool.build import trait
from combat.systems.d6pool.model import DEFENDING, Htk
from combat.systems.d6pool.tables import D6Tables, Weapon

__all__ = ["attack_odds", "net_successes"]


def net_successes(pf: int, shield: int, success: int) -> Dist:
    """Return the distribution of the successes that get through: PF dice's minus the protection dice's, at least 0."""
    through = difference(successes(pf, 6, success), successes(shield, 6, success))
    out: Dist = {}
    for net, p in through.items():
        out[max(0, net)] = out.get(max(0, net), Fraction(0)) + p
    return out


def _save_fails(stamina: int, pf: int, success: int) -> Fraction:
    """Return the chance that a Stamina save against ``pf`` fails (ties save)."""
    return chance(difference(successes(stamina, 6, success), successes(pf, 6, success)), lambda m: m < 0)


def _band(target: Combatant, lost: int) -> tuple[str, Band]:
    """Return the key and band for losing ``lost`` HTK: so many lost, down, or dead (objects: disabled, destroyed)."""
    health: Htk = target.health
    left = health.current - lost
    thing = target.sheet.tier == "object"
    if lost == 0:
        return "nothing", Band("nothing", "Hit, no success gets through", hit=True)
    if left <= -health.htk:
        return "dead", Band("dead", "Destroyed" if thing else "Dead (-HTK or less)", hit=True, severity=4)
    if left <= 0:
        return "down", Band("down", "Disabled" if thing else "Down (0 HTK or less)", hit=True, severity=4)
    key = f"htk{lost}"
    return key, Band(key, f"{lost} HTK lost ({left} left)", hit=True, severity=1 if 2 * left > health.htk else 2)


def _rolls(actor: Combatant, target: Combatant, intent: Intent, weapon: Weapon, tables: D6Tables) -> tuple[
    RollShown, ...
]:
    """Show the four pools the attack rolls: attack, defence, Power Factor and protection, with their modifiers."""
    attribute, count, skill_mod = attack_pool(actor, weapon)
    d_count, d_mod, defended, d_skill = defence_pool(target, weapon.kind, tables)
    gm = (("GM", intent.modifier),) if intent.modifier else ()
    full = ", +1 die on full defence" if target.has(DEFENDING) and defended != "helpless" else ""
    defence = f"{d_count}d6 ({defended}{full})" if defended != "helpless" else "none (helpless)"
    shield, worn = protection(target, weapon.kind, tables)
    worn = worn or ("psyche" if weapon.kind == "psionic" else "none")
    return (
        RollShown(actor.id, "attack", f"{count}d6 ({attribute})", weapon.skill, skill_mod, gm),
        RollShown(target.id, "defence", defence, d_skill or "", d_mod),
        RollShown(actor.id, "damage", f"{power_factor(actor, weapon, tables)}d6 (Power Factor), "
                  f"{tables.charts.dice.success}+ a success"),
        RollShown(target.id, "protection", f"{shield}d6 ({worn})"),
    )


def attack_odds(encounter: Encounter, intent: Intent, tables: D6Tables) -> Odds:
    """Return the exact chances of an attack: miss, each number of HTK lost, down and dead, and what may be bought."""
    if intent.move != "attack":
        raise CannotAct(f"The d6 pool system works out odds for attacks, not {intent.move}.")
    actor, target = encounter.get(intent.actor), encounter.get(intent.targets[0])
    check_attack(actor, target)
    weapon = weapon_of(actor, intent, tables)
    check_weapon(weapon, target)
    success = tables.charts.dice.success
    _, count, skill_mod = attack_pool(actor, weapon)
    d_count, d_mod, _, _ = defence_pool(target, weapon.kind, tables)
    attack = shifted(dice_sum(count, 6), skill_mod + intent.modifier)
    defence = shifted(dice_sum(d_count, 6), d_mod)
    hit = chance(difference(attack, defence), lambda margin: margin > 0)
    pf = power_factor(actor, weapon, tables)
    shield = protection(target, weapon.kind, tables)
    through = net_successes(pf, shield[0], success)
    chances: dict[str, Fraction] = {"miss": 1 - hit}
    order = [Band("miss", "Miss (the defence holds)")]
    for lost in sorted(through):
        key, band = _band(target, lost)
        chances[key] = chances.get(key, Fraction(0)) + hit * through[lost]
        order += [band] if band not in order else []
    rolls = _rolls(actor, target, intent, weapon, tables)
    effects, notes = _spending(target, hit, through, pf, success)
    return Odds(actor.id, target.id, "attack", rolls, bands_from(chances, order), effects, notes)


def _spending(target: Combatant, hit: Fraction, through: Dist, pf: int,
              success: int) -> tuple[tuple[Effect, ...], tuple[str, ...]]:
    """Return what the attacker may buy with the successes, and the chance it takes; objects take all as damage."""
    if target.sheet.tier == "object":
        return (), ("Every success against an object is damage.",)
    health: Htk = target.health
    stamina = trait(target.sheet, "stamina")
    effects = []
    for need, cost, extra, name, past in ((2, 1, 0, "stun", "Stunned"), (3, 2, 1, "knock-out", "Knocked out")):
        can = hit * sum((p for n, p in through.items() if n >= need), Fraction(0))
        effects.append(Effect(f"A {name} can be bought ({need}+ successes)", can))
        works = Fraction(0) if health.current - cost <= 0 else _save_fails(stamina, pf + extra, success)
        effects.append(Effect(f"{past} if it is bought (save fails)", can * works))
    note = "The attacker spends the successes after the roll; the bands count the default, all damage."
    return tuple(effects), (note,)
