"""The exact chances of a Deryni attack: 2dF against 2dF, then the wound, a special attack's effect, the Death Test.

Every pair of opposed results is judged by the attack's own ``outcome``; a hit's damage, armour and wound by
``damage``, ``level_for_damage`` and the knock-out and called-shot rules of ``harm``; the defence and every
modifier come from ``declare`` and ``defence_mods``, so the odds read the options, the defence, the wounds, the
dodges and the all-out defence exactly as the attack does. A choice the dice would ask (the defender's defence,
FUDGE points on a Death Test) is counted at its default answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from combat.distributions import chance, difference, faces_for, fudge, shifted
from combat.errors import CannotAct
from combat.model import Combatant, Encounter
from combat.odds import Band, Effect, Odds, RollShown, bands_from
from combat.system import Intent
from combat.systems.deryni.actions import action_mods
from combat.systems.deryni.death import exempt
from combat.systems.deryni.defence import reaction_for
from combat.systems.deryni.harm import PULL_DIFFICULTY, damage, recorded_wound
from combat.systems.deryni.health import DEATH_DIFFICULTY, LEVELS, MORTAL, SCRATCH, level_for_damage
from combat.systems.deryni.rolls import OPPOSED, UNOPPOSED, Check, Mod, Rolled, mods
from combat.systems.deryni.sheet import SPEC
from combat.systems.deryni.state import fighter
from combat.systems.deryni.strike import FAIR, Declared, after_defence, declare, defence_mods, outcome
from combat.systems.deryni.tables import DeryniTables

__all__ = ["attack_odds", "order"]

_ORDER = (
    Band("fumble", "Miss: Terrible or worse"),
    Band("defended", "Defended"),
    Band("kept", "Gets past, but the foe keeps the item", hit=True),
    Band("disarmed", "Disarmed: the item falls", hit=True, severity=2),
    Band("scratch", "Scratch", hit=True, severity=1),
    Band("hurt", "Hurt (-1)", hit=True, severity=2),
    Band("very hurt", "Very Hurt (-2)", hit=True, severity=3),
    Band("critical", "Critical (incapacitated)", hit=True, severity=4),
    Band("disabled", "Critical: the limb disabled", hit=True, severity=4),
    Band("severed", "Critical: the limb severed", hit=True, severity=4),
    Band("knocked out", "Knocked out", hit=True, severity=4),
    Band("mortal", "Mortal (near death)", hit=True, severity=4),
)


def order(location: str | None) -> tuple[Band, ...]:
    """Return the bands in order, a called shot's limb named."""
    limb = location or "limb"
    named = {"disabled": f"Critical: the {limb} disabled", "severed": f"Critical: the {limb} severed"}
    return tuple(Band(b.key, named.get(b.key, b.label), hit=b.hit, severity=b.severity) for b in _ORDER)

Outcome = tuple[str, Fraction, Fraction]  # band key, chance, chance he is left dying


def _rolled(trait: str, level: int, modifiers: tuple[Mod, ...], count: int) -> Iterator[tuple[Rolled, Fraction]]:
    """Yield a roll for every sum the Fudge dice can show, with its chance (faces standing for the sum)."""
    for total, p in fudge(count).items():
        yield Rolled(trait, level, modifiers, faces_for(total, count)), p


def _dying(encounter: Encounter, target: Combatant, level: int) -> Fraction:
    """Return the chance a fresh wound leaves him dying, his FUDGE points spent as the defaults would."""
    if level == SCRATCH or exempt(encounter, target.id) is not None:
        return Fraction(0)
    if fighter(target).fudge_points >= 2:  # after a failed roll (or a Mortal wound) the default spends two
        return Fraction(0)
    if level == MORTAL:
        return Fraction(1)
    capacity = shifted(fudge(UNOPPOSED), SPEC.level(target.sheet, "damage capacity"))
    return chance(capacity, lambda result: result < DEATH_DIFFICULTY[level])


def _disarm(declared: Declared, encounter: Encounter, attack: Rolled, parry: Rolled | None) -> list[Outcome]:
    """Return a disarm that got past: opposed Strength when resisted (he must win), Fair or better when not.

    The Strength contest is part of meeting the attack: a dodge that met it costs the contest nothing (strike.py).
    """
    if parry is None:
        return [("disarmed" if attack.result >= FAIR else "kept", Fraction(1), Fraction(0))]
    after, dodged, _ = after_defence(encounter, declared.target, declared.defence, parry, declared.actor.id)
    won = chance(difference(_strength(encounter, encounter.get(declared.actor.id)),
                            _strength(encounter, after.get(declared.target.id), dodged)), lambda m: m > 0)
    return [("disarmed", won, Fraction(0)), ("kept", 1 - won, Fraction(0))]


def _strength(encounter: Encounter, combatant: Combatant, dodging: bool = False) -> dict[int, Fraction]:
    """Return the distribution of a Strength roll on 2dF with his action's modifiers (``dodging``: see action_mods)."""
    modifier = sum(value for _, value in action_mods(combatant, encounter.turns.round, dodging))
    return shifted(fudge(OPPOSED), SPEC.level(combatant.sheet, "strength") + modifier)


def _wounds(declared: Declared, encounter: Encounter, tables: DeryniTables, attack: Rolled,
            margin: int) -> list[Outcome]:
    """Return the wound a hit records (with a knock-out's pull, a called shot's limb) and the chance of dying."""
    actor, target = declared.actor, declared.target
    pulls: list[tuple[Check | None, Fraction]] = [(None, Fraction(1))]
    if declared.special == "knockout":
        pulling = mods(*action_mods(actor, encounter.turns.round))
        strength = SPEC.level(actor.sheet, "strength")
        pulls = [(Check(roll, PULL_DIFFICULTY), p) for roll, p in _rolled("strength", strength, pulling, UNOPPOSED)]
    rolled = level_for_damage(damage(attack, margin, actor, declared.weapon, target, tables).total)
    out: list[Outcome] = []
    injured = bool(target.health.wounds)  # an injured target takes a knock-out's Death Test too (harm.land)
    for pull, p in pulls:
        level, limb, knocked_out = recorded_wound(rolled, declared.special, declared.location, pull)
        key = "knocked out" if knocked_out else limb or LEVELS[level].lower()
        out.append((key, p, Fraction(0) if knocked_out and not injured else _dying(encounter, target, level)))
    return out


def _outcomes(declared: Declared, encounter: Encounter, tables: DeryniTables) -> Iterator[Outcome]:
    """Yield every outcome of the attack with its chance, over every pair of opposed results."""
    weapon, target, defence = declared.weapon, declared.target, declared.defence
    parries: list[tuple[Rolled | None, Fraction]] = [(None, Fraction(1))]
    if defence.active and defence.skill is not None:
        level = SPEC.level(target.sheet, defence.skill)
        modifiers = defence_mods(encounter, target, defence, declared.actor.id)
        parries = list(_rolled(defence.skill, level, modifiers, OPPOSED))
    attacks = _rolled(weapon.skill, SPEC.level(declared.actor.sheet, weapon.skill), declared.modifiers, OPPOSED)
    for attack, pa in attacks:
        for parry, pd in parries:
            result, margin = outcome(attack, parry)
            if result != "hit":
                yield result, pa * pd, Fraction(0)
                continue
            after = _disarm(declared, encounter, attack, parry) if declared.item is not None else _wounds(
                declared, encounter, tables, attack, margin)
            for key, p, dying in after:
                yield key, pa * pd * p, dying


def attack_odds(encounter: Encounter, intent: Intent, tables: DeryniTables) -> Odds:
    """Return the exact chances of an attack: a miss, defended, each wound, a knock-out, a limb, a disarm, dying."""
    if intent.move != "attack":
        raise CannotAct(f"FUDGE Deryni works out odds for attacks, not {intent.move}.")
    declared = declare(encounter, intent, tables)
    chances: dict[str, Fraction] = {}
    dying = Fraction(0)
    for key, p, dies in _outcomes(declared, encounter, tables):
        chances[key] = chances.get(key, Fraction(0)) + p
        dying += p * dies
    effects = (Effect(f"{declared.target.name} dying (the Death Test fails)", dying),) if dying else ()
    return Odds(declared.actor.id, declared.target.id, "attack", _rolls(declared, encounter),
                bands_from(chances, order(declared.location)), effects, _notes(declared, encounter, intent, tables))


def _rolls(declared: Declared, encounter: Encounter) -> tuple[RollShown, ...]:
    """Show the attack, the defence, and the rolls that may follow: a pull, a Strength contest, a Death Test."""
    actor, target, weapon, defence = declared.actor, declared.target, declared.weapon, declared.defence
    shown = [RollShown(actor.id, "attack", "2dF", weapon.skill, SPEC.level(actor.sheet, weapon.skill),
                       tuple((m.name, m.value) for m in declared.modifiers))]
    if defence.active and defence.skill is not None:
        parrying = defence_mods(encounter, target, defence, actor.id)
        shown.append(RollShown(target.id, f"defence ({defence.key})", "2dF", defence.skill,
                               SPEC.level(target.sheet, defence.skill), tuple((m.name, m.value) for m in parrying)))
    else:
        shown.append(RollShown(target.id, "defence", "none (Poor or better hits)"))
    acting = tuple((name, value) for name, value in action_mods(actor, encounter.turns.round) if value)
    if declared.special == "knockout":
        shown.append(RollShown(actor.id, "pull the blow (Good)", "4dF", "strength",
                               SPEC.level(actor.sheet, "strength"), acting))
    if declared.item is not None and defence.active:
        held = tuple((n, v) for n, v in action_mods(target, encounter.turns.round) if v)
        shown += [RollShown(actor.id, "Strength contest", "2dF", "strength", SPEC.level(actor.sheet, "strength"),
                            acting),
                  RollShown(target.id, "Strength contest", "2dF", "strength", SPEC.level(target.sheet, "strength"),
                            held)]
    if declared.item is None:
        shown.append(RollShown(target.id, "Death Test", "4dF", "damage capacity",
                               SPEC.level(target.sheet, "damage capacity")))
    return tuple(shown)


def _notes(declared: Declared, encounter: Encounter, intent: Intent, tables: DeryniTables) -> tuple[str, ...]:
    """Say what the odds assume: the defence a player would be asked for, FUDGE points, the armour."""
    target = declared.target
    notes = []
    asked = reaction_for(encounter, intent, tables)
    if asked is not None:
        notes.append(f"{target.name}'s player chooses the defence before the dice; counted: their default, "
                     f"{asked.label(asked.default)}.")
    points = fighter(target).fudge_points
    if points and declared.item is None:
        notes.append(f"{target.name} has {points} FUDGE point{'s' if points > 1 else ''}: a Death Test is counted "
                     "with the default answers (roll it; after a failure, spend two if two are left).")
    armour = tables.armour.get(target.sheet.armour or "")
    if armour is not None and declared.item is None:
        notes.append(f"{armour.name}: {armour.modifier:+d} to damage unless the attack result beats "
                     f"{armour.difficulty:+d}.")
    return tuple(notes)
