"""Farscape ranged combat: shooting and throwing, with the moves and resolvers the rule system offers.

A shot is Opposed against the target's element dodge (see ranged_dodge), with the range DL as a minimum;
the defences that make it Unopposed are described in ranged_attack. Semi-automatic shots are rolled one by
one (recoil −1 after the first, the dodge declining with each), bursts and two-weapon fire roll once per target.
A minion's first shot of the fight is a warning shot [seed]: rolled against the range DL, no dodge used, no harm
done [ours]; it marks the minion ``warned`` (for the rest of the fight) so later shots count. A burst (or two
weapons fired at once) is one warning, whatever it is fired at; of semi-automatic shots only the first warns
("a warning shot or burst ... the first shot they fire") [seed].
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from combat.dice import DiceSource
from combat.errors import InvalidInput
from combat.frozen import replace
from combat.fudge import Check
from combat.model import Combatant, Condition, Encounter
from combat.system import ActionOutcome, Intent, MoveSpec
from combat.systems.farscape.ammo import resolve_reload, rounds_left, spend
from combat.systems.farscape.autofire import FirePlan, plan_fire
from combat.systems.farscape.choices import taking
from combat.systems.farscape.explosives import DETONATE_OPTIONS, resolve_detonate
from combat.systems.farscape.grenades import GRENADE_OPTIONS, MAX_BLAST_TARGETS, resolve_grenade
from combat.systems.farscape.harm import penalty, trait
from combat.systems.farscape.options import specs
from combat.systems.farscape.quickdraw import resolve_quick_draw
from combat.systems.farscape.ranged_attack import Attack, DamageProfile, Firing, fire_at
from combat.systems.farscape.ranged_common import (
    NO,
    YES,
    Modifier,
    Options,
    hit_location,
    is_minion,
    key_option,
    option,
    range_level,
    ranged_weapon,
    raw_text,
    require_able,
    targets_of,
    weapon_quality,
    yes,
)
from combat.systems.farscape.ranged_dodge import act_while_dodging, resolve_dodge
from combat.systems.farscape.strain import strain_to_act
from combat.systems.farscape.tables import FarscapeTables, Weapon

__all__ = [
    "MAX_SHOT_TARGETS",
    "RANGED_MOVES",
    "RESOLVERS",
    "WARNED",
    "Volley",
    "melee_option",
    "resolve_dodge",
    "resolve_grenade",
    "resolve_quick_draw",
    "resolve_reload",
    "resolve_shot",
]

WARNED = "warned"
MAX_SHOT_TARGETS = 10


@dataclass(frozen=True)
class Volley:
    """Everything one shoot move did: the fire plan, where the −1 for dodging went, each attack, ammo left."""

    actor: str
    plan: FirePlan
    range: int
    location: str
    acting: str | None
    warning: bool
    attacks: tuple[Attack, ...]
    ammo: tuple[tuple[str, int], ...]
    same_moment: tuple[str, ...] = ()  # partners of the shooter's Initiative who still act as they were (moment.py)
    strain: Check | None = None  # an Incapacitated shooter's Great Willpower roll to act (strain.py)


def weapons_fired(actor: Combatant, tables: FarscapeTables, options: Options) -> tuple[Weapon, ...]:
    """Return the weapon fired (at the quality named, option quality), or both for two-weapon fire (option second)."""
    first = ranged_weapon(actor, tables, key_option(options, "weapon"))
    second = key_option(options, "second")
    quality = weapon_quality(options)
    if quality is not None and second is not None:
        raise InvalidInput("Option quality names one weapon's quality; with two weapons, set it in the weapons table.")
    if quality is not None:
        first = first.model_copy(update={"quality": quality})
    return (first,) if second is None else (first, ranged_weapon(actor, tables, second))


def _profile(actor: Combatant, weapons: tuple[Weapon, ...], bonus: int) -> DamageProfile:
    """Return the damage of the more powerful weapon (the first on a tie), Strength for muscle-powered ones."""
    best = max(weapons, key=lambda w: w.dr)
    strength = trait(actor, "strength") if best.muscle else None
    return DamageProfile(best.dr, best.damage_type, best.quality, strength, bonus, best.stun)


def melee_option(encounter: Encounter, options: Options) -> tuple[tuple[str, ...] | None, bool]:
    """Read option melee: yes, no, or the names of others in the target's melee."""
    value = option(options, "melee")
    if value is None:
        return None, False
    if value in YES:
        return (), False
    if value in NO:
        return None, True
    named = (raw_text(options, "melee") or "").split(",")
    return tuple(encounter.find(part).id for part in named if part.strip()), False


def _modifiers(actor: Combatant, weapons: tuple[Weapon, ...], plan: FirePlan, place: tuple[str, int], acting: int,
               gm: int) -> tuple[Modifier, ...]:
    """Return the non-zero modifiers every attack roll of this move shares."""
    mods = (
        Modifier("accuracy", min(w.accuracy for w in weapons)),
        Modifier("burst", plan.burst),
        Modifier("fire arc", -plan.arc),
        Modifier(place[0], place[1]),
        Modifier("wounds", penalty(actor)),
        Modifier("dodging", acting),
        Modifier("GM", gm),
    )
    return tuple(m for m in mods if m.value)


def _schedule(plan: FirePlan, targets: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """Pair each attack roll with its target: semi-automatic shots go round the targets in turn."""
    if plan.mode == "semi":
        return tuple((targets[i % len(targets)], i + 1) for i in range(plan.shots))
    return tuple((t, 1) for t in targets)


def after_the_warning(plan: FirePlan, targets: tuple[str, ...]) -> tuple[str, ...]:
    """Return the targets of the shots that count when the first one is a minion's warning (a semi volley's later)."""
    return tuple(dict.fromkeys(t for t, shot in _schedule(plan, targets) if shot > 1))


def firing_for(encounter: Encounter, intent: Intent, actor: Combatant, weapons: tuple[Weapon, ...], plan: FirePlan,
            acting: int, warning: bool) -> Firing:
    """Gather what every attack roll of this move shares."""
    skill, level = min(((w.skill, trait(actor, w.skill)) for w in weapons), key=lambda p: p[1])
    place = hit_location(intent.options)
    thrown = 0
    if any(w.kind == "thrown" for w in weapons):
        thrown = 2 if yes(intent.options, "lobbed") else 1  # [ours] +1 to dodge a thrown weapon, +2 if slow or lobbed
    named, no_melee = melee_option(encounter, intent.options)
    return Firing(
        actor=actor.id,
        skill=skill,
        level=level,
        modifiers=_modifiers(actor, weapons, plan, place, acting, intent.modifier),
        range=range_level(intent.options),
        thrown=thrown,
        profile=_profile(actor, weapons, plan.damage_bonus),
        location=place[0],
        aware=yes(intent.options, "aware", default=True),
        melee=named,
        no_melee=no_melee,
        warning=warning,
        taken=taking(intent.options),
    )


def resolve_shot(encounter: Encounter, intent: Intent, tables: FarscapeTables, dice: DiceSource) -> ActionOutcome:
    """Fire (or throw) a weapon at one or more targets; it takes the element."""
    actor = encounter.get(intent.actor)
    require_able(actor)
    targets = tuple(t.id for t in targets_of(encounter, intent, MAX_SHOT_TARGETS))
    weapons = weapons_fired(actor, tables, intent.options)
    plan = plan_fire(weapons, intent.options, len(targets))
    loaded = actor
    for weapon, rounds in zip(weapons, plan.rounds, strict=True):
        loaded = spend(loaded, weapon, rounds)
    strain, spent = strain_to_act(encounter, actor, intent.move, targets, dice)
    if spent is not None:
        return spent
    actor, acting, where = act_while_dodging(loaded, option(intent.options, "dodging"))
    warning = is_minion(actor) and not actor.has(WARNED)
    if warning:
        actor = actor.with_condition(Condition(WARNED))
    firing = firing_for(encounter, intent, actor, weapons, plan, acting, warning)
    encounter = encounter.put(actor)
    attacks: list[Attack] = []
    for target, shot in _schedule(plan, targets):
        fired = replace(firing, warning=False) if warning and shot > 1 else firing  # a semi volley's later shots count
        encounter, attack = fire_at(encounter, tables, fired, target, shot, plan.recoil(shot), dice)
        attacks.append(attack)
    shooter = encounter.get(actor.id)
    left = {w.key: n for w in weapons if (n := rounds_left(shooter, w)) is not None}
    result = Volley(actor.id, plan, firing.range, firing.location, where, warning, tuple(attacks), tuple(left.items()),
                    strain=strain)
    return ActionOutcome(encounter, result, ends_turn=True)


Resolver = Callable[[Encounter, Intent, FarscapeTables, DiceSource], ActionOutcome]

_SHOT_OPTIONS = (
    "weapon", "range", "mode", "shots", "rounds", "arc", "second", "aware", "location", "melee", "dodging", "lobbed",
    "quality",
)

RANGED_MOVES: tuple[MoveSpec, ...] = (
    MoveSpec("dodge", "Roll to dodge every shot this element.", specs("skill", "dodging"), targets=0, reaction=True),
    MoveSpec(
        "shoot", "Fire or throw: against their dodge, the range a minimum.",
        specs(*_SHOT_OPTIONS), targets=MAX_SHOT_TARGETS,
    ),
    MoveSpec("reload", "Reload a weapon; takes the element.", specs("weapon"), targets=0),
    MoveSpec("quick draw", "Opposed Speed to draw first (+2 Quick Draw).", specs("dodging"), targets=1),
    MoveSpec(
        "grenade", "Throw at a spot; blast and fragments hit those near.",
        specs(*GRENADE_OPTIONS), targets=MAX_BLAST_TARGETS,
    ),
    MoveSpec(
        "detonate", "Set off a placed charge: Demolitions vs the GM's DL.",
        specs(*DETONATE_OPTIONS), targets=MAX_BLAST_TARGETS,
    ),
)

RESOLVERS: dict[str, Resolver] = {
    "dodge": resolve_dodge,
    "shoot": resolve_shot,
    "reload": resolve_reload,
    "quick draw": resolve_quick_draw,
    "grenade": resolve_grenade,
    "detonate": resolve_detonate,
}
