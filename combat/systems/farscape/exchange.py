"""Farscape melee and unarmed exchanges: one opposed roll per side, offence against defence, both can hit."""

from __future__ import annotations

from collections.abc import Mapping

from combat.dice import DiceSource
from combat.errors import CannotAct, InvalidInput, RulesError
from combat.frozen import replace
from combat.fudge import TraitRoll, roll_trait
from combat.model import Combatant, Encounter
from combat.system import ActionOutcome, Intent
from combat.systems.farscape import grapple
from combat.systems.farscape.counter import open_counters, resolve_counter
from combat.systems.farscape.disengage import broke_away, drawn_weapon, resolve_flee
from combat.systems.farscape.engagement import opponents
from combat.systems.farscape.harm import SAME_MOMENT, acts_at_same_moment, trait
from combat.systems.farscape.melee_aftermath import changes, counter, record
from combat.systems.farscape.melee_fighters import DODGES, Approach, Fighter, build_fighter
from combat.systems.farscape.melee_hits import exchange_key, initiative_key, land_blows
from combat.systems.farscape.melee_moves import (
    MAX_OPPONENTS,
    MELEE_MOVES,
    location_modifier,
    parse_stance,
    parse_yes,
    size_penalty,
)
from combat.systems.farscape.melee_reach import Reach, check_reach, hold_at_bay, keep_at_bay
from combat.systems.farscape.melee_results import ExchangeResult, Side, Strike
from combat.systems.farscape.melee_strikes import FROZEN_DEFENCE, break_rule, hits_back, land_rule, strike
from combat.systems.farscape.ranged_common import is_minion, option, raw_text, weapon_quality
from combat.systems.farscape.ranged_dodge import act_while_dodging
from combat.systems.farscape.stand import resolve_stand
from combat.systems.farscape.strain import StrainResult, can_strain, roll_strain, straining
from combat.systems.farscape.tables import FarscapeTables

__all__ = ["FROZEN_DEFENCE", "MELEE_MOVES", "land_rule", "resolve_melee", "size_penalty"]

def _is_out(combatant: Combatant) -> bool:
    return combatant.has_any("unconscious", "out") or combatant.health.incapacitated


def _participants(encounter: Encounter, intent: Intent) -> tuple[Combatant, tuple[Combatant, ...]]:
    """Return the actor and the targets, checking that they can fight."""
    actor = encounter.get(intent.actor)
    if actor.has("frozen") or (_is_out(actor) and not can_strain(actor) and not acts_at_same_moment(actor)):
        raise CannotAct(f"{actor.name} is in no state to fight.")
    if not intent.targets:
        raise InvalidInput("Name who to fight.")
    if len(set(intent.targets)) != len(intent.targets):
        raise InvalidInput("Name each opponent only once.")
    if len(intent.targets) > MAX_OPPONENTS:
        raise RulesError(f"At most {MAX_OPPONENTS} foes can close in on one fighter.")
    targets = tuple([encounter.get(t) for t in intent.targets])
    for target in targets:
        if target.id == actor.id:
            raise InvalidInput(f"{actor.name} cannot fight themself.")
        if _is_out(target) and not can_strain(target):
            # [ours] An Incapacitated fighter the GM lets strain is still in the fight: he can be attacked, and he
            # defends and strikes back without a Willpower roll (only his own action needs one).
            raise RulesError(f"{target.name} is already down and cannot fight back.")
    return actor, targets


def _approach(intent: Intent, count: int) -> tuple[Approach, bool]:
    """Read the actor's options: move, weapon, stance, dodge, called location, extension."""
    move = intent.move if intent.move != "attack" else None
    if not intent.options:
        # No options given: every one of them reads as its default (no move, weapon, stance, dodge, location...).
        return Approach(move=move, situation=intent.modifier, opponents=count), False
    options = {k.strip().lower(): v for k, v in intent.options.items()}
    if move is None:
        move = raw_text(options, "move")
    dodge = option(options, "defend")
    if dodge is not None and dodge not in DODGES:
        raise InvalidInput(f"Defend with speed or acrobatics, not '{raw_text(options, 'defend')}'.")
    location, modifier = location_modifier(options.get("location"))
    approach = Approach(
        move=move,
        weapon=raw_text(options, "weapon"),
        stance=parse_stance(options.get("stance")),
        dodge=dodge,
        location=location,
        location_modifier=modifier,
        situation=intent.modifier,
        opponents=count,
        quality=weapon_quality(options),
    )
    return approach, parse_yes(options.get("extend"), "extend")


def _roll(dice: DiceSource, fighter: Fighter) -> TraitRoll | None:
    if fighter.frozen:
        return None
    name = fighter.offence_trait
    return roll_trait(dice, name, trait(fighter.combatant, name))


def _check(actor: Fighter, foes: tuple[Fighter, ...], extend: bool) -> None:
    effect = actor.technique.effect
    if effect == "counter" and len(foes) > 1:
        raise RulesError("A counter lock is made against one opponent.")
    if extend and effect != "damage" and len(foes) > 1:
        raise RulesError(f"Only a damaging blow can be extended to extra foes, not a {actor.technique.name}.")
    check_reach(actor, foes)


def _side(fighter: Fighter, roll: TraitRoll | None) -> Side:
    return Side(fighter.id, fighter.style, fighter.technique.name, fighter.weapon.key if fighter.weapon else None,
                fighter.shield.key if fighter.shield else None, roll, fighter.offence_modifiers,
                fighter.defence_modifiers, fighter.minion)


def _fights_back(target: Combatant) -> tuple[Combatant, int]:
    """Mark a foe who rolls as acting; while dodging, his blow back takes the −1 (he has no choice) [ours]."""
    if is_minion(target) or target.has("frozen"):
        return target, 0
    updated, acting, _ = act_while_dodging(target, None)
    return updated, acting


def exchange_fighters(encounter: Encounter, intent: Intent, tables: FarscapeTables) -> tuple[
    Fighter, tuple[Fighter, ...], bool, str | None
]:
    """Build the actor and his foes, each outnumbered by everyone he is engaged with as well as this exchange.

    Every fighter who rolls is marked as acting; one dodging this element takes the −1 for dodging while acting
    [seed]: on his offence, or (the actor's option dodging:dodge) on his dodge. The last value says where the
    actor's −1 went (None: he is not dodging).
    """
    actor_c, target_cs = _participants(encounter, intent)
    approach, extend = _approach(intent, len(opponents(encounter, actor_c.id, intent.targets)))
    actor_c, acting, where = act_while_dodging(actor_c, option(intent.options, "dodging"))
    actor = build_fighter(actor_c, tables, replace(approach, dodging=acting))
    foes: list[Fighter] = []
    for target in target_cs:
        target, back = _fights_back(target)
        count = len(opponents(encounter, target.id, (actor_c.id,)))
        foes.append(build_fighter(target, tables, Approach(opponents=count, dodging=back)))
    _check(actor, tuple(foes), extend)
    return actor, tuple(foes), extend, where


def _rolls(dice: DiceSource, actor: Fighter, foes: tuple[Fighter, ...]) -> dict[str, TraitRoll | None]:
    """Roll the actor, then each foe; a frozen fighter and a minion who is attacked roll nothing [seed]."""
    rolls = {actor.id: _roll(dice, actor)}
    for foe in foes:
        rolls[foe.id] = None if foe.minion else _roll(dice, foe)
    return rolls


def exchange_strikes(
    actor: Fighter, foes: tuple[Fighter, ...], rolls: Mapping[str, TraitRoll | None], extend: bool
) -> tuple[tuple[Strike, ...], tuple[Strike, ...], Reach]:
    """Compare every offence with its defence, decide what the actor lands, and stop the blows held at bay."""
    mine = tuple([strike(actor, rolls[actor.id], f, rolls[f.id]) for f in foes])
    mine = break_rule(mine) if actor.technique.effect == "break" else land_rule(mine, extend)
    theirs = tuple([hits_back(strike(f, rolls[f.id], actor, rolls[actor.id])) for f in foes])
    return hold_at_bay(actor, foes, mine, theirs, rolls)


def _special(encounter: Encounter, intent: Intent, dice: DiceSource) -> ActionOutcome | None:
    """Resolve the melee moves that are no exchange: escaping a lock, standing up, fleeing, a counter lock."""
    if intent.move == "escape":
        return grapple.resolve_escape(encounter, intent, dice)
    if intent.move == "stand":
        return resolve_stand(encounter, intent)
    if intent.move == "flee":
        return resolve_flee(encounter, intent)
    if intent.move == "counter":
        return resolve_counter(encounter, intent, dice)
    return None


def resolve_melee(
    encounter: Encounter,
    intent: Intent,
    tables: FarscapeTables,
    dice: DiceSource,
    initiative: Mapping[str, int] | None = None,
) -> ActionOutcome:
    """Resolve a melee or unarmed exchange (or an escape, standing up, fleeing), hits in Initiative order.

    An Incapacitated actor with the GM's leave first rolls Willpower against Great (see strain); on a failure the
    element is spent and the result is a ``StrainResult``.
    """
    special = _special(encounter, intent, dice)
    if special is not None:
        return special
    actor, foes, extend, acting = exchange_fighters(encounter, intent, tables)
    drawn = drawn_weapon(actor, intent.options, tables)
    # A fighter felled by a partner of his Initiative acts as he was, at the same moment: no strain (moment.py).
    strain = None
    if straining(actor.combatant) and not actor.combatant.has(SAME_MOMENT):
        strain = roll_strain(dice, actor.combatant)
    if strain is not None and not strain.success:
        return ActionOutcome(encounter, StrainResult(actor.id, actor.technique.name, intent.targets, strain))
    rolls = _rolls(dice, actor, foes)
    mine, theirs, reach = exchange_strikes(actor, foes, rolls, extend)
    strikes = (*mine, *theirs)
    fighters = {f.id: f for f in (actor, *foes)}
    after = keep_at_bay(record(encounter, actor, foes, strikes), reach)
    order = initiative_key(encounter, initiative) if initiative is not None else exchange_key(encounter, actor, foes,
                                                                                            tables)
    after, hits, out = land_blows(after, strikes, fighters, rolls, order, tables, dice)
    after, attempt = counter(after, actor, strikes, reach, out, dice)
    after = open_counters(after, actor, (actor, *foes), strikes, out)
    after, drew = broke_away(grapple.release_fallen(after, sorted(out)), actor, drawn)
    # The fighters' combatants already carry the marks of acting while dodging, shown by ``acting`` and the modifiers.
    added, removed = changes({cid: f.combatant for cid, f in fighters.items()}, after)
    sides = tuple([_side(f, rolls[f.id]) for f in (actor, *foes)])
    result = ExchangeResult(
        actor.id, intent.targets, actor.technique.name, sides, strikes, hits, attempt, added, removed, strain, drew,
        acting,
    )
    return ActionOutcome(after, result, ends_turn=True)
