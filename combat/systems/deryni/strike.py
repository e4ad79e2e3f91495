"""One Deryni attack (section 4.2, steps 4 and 5): the declared attack and special, the defence chosen, the rolls.

The attacker rolls his weapon skill on 2dF, the defender his defence skill on 2dF (attacker's dice first). The
defender wins ties; an attack result of Terrible or less always misses; a win needs at least Poor and its relative
degree is the margin. With no defence, the attacker's 2dF result of Poor or better hits, the margin counted from
Poor. A disarm that wins (or, unresisted, reaches Fair) knocks the item to the floor, after an opposed Strength roll
when resisted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from combat.dice import DiceSource
from combat.errors import CannotAct, InvalidInput
from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.options import OptionValue
from combat.system import ActionOutcome, Intent
from combat.systems.deryni.actions import action_mods
from combat.systems.deryni.defence import DEFENCE, Defence, decide
from combat.systems.deryni.gear import SHIELD, attack_weapon, disarm_item, item_name
from combat.systems.deryni.harm import PULL_DIFFICULTY, damage, land
from combat.systems.deryni.initiative import foes
from combat.systems.deryni.powers import meditate
from combat.systems.deryni.results import Contest, Strike
from combat.systems.deryni.rolls import Mod, Rolled, check, mods, opposed
from combat.systems.deryni.sheet import SPEC
from combat.systems.deryni.state import fighter, put_fighter
from combat.systems.deryni.tables import DeryniTables, Weapon

__all__ = ["FAIR", "POOR", "TERRIBLE", "Declared", "declare", "defence_mods", "outcome", "resolve_attack"]

TERRIBLE = -3
POOR = -2
FAIR = 0
GOOD = 1
SPECIALS = ("called", "knockout", "disarm")


def outcome(attack: Rolled, defence: Rolled | None) -> tuple[str, int]:
    """Return 'fumble', 'defended' or 'hit', and the relative degree of a hit."""
    if attack.result <= TERRIBLE:
        return "fumble", 0
    if defence is None:
        return "hit", attack.result - POOR
    if attack.result <= defence.result:
        return "defended", 0
    return "hit", attack.result - defence.result


def _text(options: Mapping[str, OptionValue], name: str) -> str | None:
    value = options.get(name)
    return value.strip() or None if isinstance(value, str) else None


def _special(options: Mapping[str, OptionValue]) -> str | None:
    given = [name for name in SPECIALS if name in options]
    if len(given) > 1:
        raise InvalidInput(f"One special attack at a time: {' or '.join(given)}, not both.")
    if "knockout" in given and _text(options, "knockout") is None:
        raise InvalidInput("knockout needs its method, like knockout:\"flat of the blade\".")
    return given[0] if given else None


def defence_mods(encounter: Encounter, target: Combatant, defence: Defence, attacker: str) -> tuple[Mod, ...]:
    """Return the defence's modifiers: -1 per defence beyond the free ones (two all-out), +1 all-out on a lone attack.

    "If the Defender only has to defend against one attack, he gains a +1 to his defense" [seed]: the round's first
    attack on him, with nobody else who fights him still to act this round (``_more_to_come``).
    """
    state = fighter(target)
    count = state.defences + 1
    all_out = state.all_out or defence.all_out
    extra = max(0, count - (2 if all_out else 1))
    alone = all_out and state.attacks == 0 and not _more_to_come(encounter, target.id, attacker)
    return mods(*action_mods(target, encounter.turns.round), ("additional defence", -extra),
                ("all-out defence", 1 if alone else 0))


def _more_to_come(encounter: Encounter, target: str, attacker: str) -> bool:
    """Tell whether another fighter who has ``target`` as his foe may still act this round (and so attack him).

    [ours] The seed's "only has to defend against one attack" is known for sure only when the round ends; who else
    is fighting him and still has his action is what can be known when the first attack comes.
    """
    turns = encounter.turns
    return any(
        foe == target and other != attacker and (turns.to_come(other) or other in turns.held)
        and not fighter(encounter.get(other)).all_out
        for other, foe in foes(encounter).items()
    )


def _defence_roll(
    encounter: Encounter, target: Combatant, defence: Defence, attacker: str, dice: DiceSource
) -> Rolled | None:
    """Roll the defence (None: no active defence)."""
    if not defence.active or defence.skill is None:
        return None
    modifiers = defence_mods(encounter, target, defence, attacker)
    return opposed(dice, defence.skill, SPEC.level(target.sheet, defence.skill), modifiers)


def after_defence(encounter: Encounter, target: Combatant, defence: Defence, parry: Rolled | None,
                   attacker: str) -> tuple[Encounter, bool, bool]:
    """Record the defence on the defender: its item, a dodge's cost, a new all-out defence; and his foe."""
    state = fighter(target)
    foe = state.foe if state.foe in {c.id for c in encounter.combatants} else attacker
    if not defence.active:
        return put_fighter(encounter, target.id, foe=foe, attacks=state.attacks + 1), False, False
    acrobatic = defence.kind == "acrobatics" and parry is not None and parry.result >= GOOD
    dodged = defence.kind == "dodge" or (defence.kind == "acrobatics" and not acrobatic)
    items = (*state.defended_with, defence.item) if defence.item else state.defended_with
    encounter = put_fighter(encounter, target.id, foe=foe, defences=state.defences + 1, attacks=state.attacks + 1,
                            defended_with=items, dodges=state.dodges + dodged,
                            all_out=state.all_out or defence.all_out)
    if defence.all_out:  # the round's action is given up, a held one too
        turns = encounter.turns
        encounter = replace(encounter, turns=replace(turns, held=tuple(h for h in turns.held if h != target.id)))
    return encounter, dodged, acrobatic


def _disarm(encounter: Encounter, strike: Strike, item: str, dice: DiceSource) -> tuple[Encounter, Strike]:
    """Settle a disarm that got past the defence: opposed Strength when resisted, Fair or better when not.

    The Strength contest is part of meeting this attack: a dodge that met it costs the contest nothing [seed].
    """
    if strike.outcome != "hit":
        return encounter, strike
    actor, target = encounter.get(strike.actor), encounter.get(strike.target)
    round_number = encounter.turns.round
    contest = None
    if strike.parry is not None:
        contest = Contest(
            opposed(dice, "strength", SPEC.level(actor.sheet, "strength"), mods(*action_mods(actor, round_number))),
            opposed(dice, "strength", SPEC.level(target.sheet, "strength"),
                    mods(*action_mods(target, round_number, strike.dodged))),
        )
        won = contest.won
    else:
        won = strike.attack.result >= FAIR
    if won:
        state = fighter(target)
        wielding = None if state.wielding == item else state.wielding
        # The weapon in hand parried (every parry of the round) and is the one knocked away: a second of its kind
        # in his other hand never parried.
        used = tuple(k for k in state.defended_with if k != item)
        encounter = put_fighter(encounter, target.id, dropped=(*state.dropped, item), wielding=wielding,
                                defended_with=used)
    return encounter, replace(strike, outcome="disarmed" if won else "kept", contest=contest)


def _checks(strike: Strike) -> tuple[str, ...]:
    """Return who must roll Meditation after this attack: the attacker, and an actively defending defender."""
    return (strike.actor, strike.target) if strike.defence.active else (strike.actor,)


@dataclass(frozen=True)
class Declared:
    """An attack as declared, before any die: who, the special attack, the weapon, the defence, the modifiers.

    ``item`` is what a disarm goes for (None: no disarm); ``location`` a called shot's limb.
    """

    actor: Combatant
    target: Combatant
    special: str | None
    weapon: Weapon
    defence: Defence
    item: str | None
    modifiers: tuple[Mod, ...]
    location: str | None


def declare(encounter: Encounter, intent: Intent, tables: DeryniTables) -> Declared:
    """Read the attack's options and work out everything fixed before the dice, refusing what the rules forbid."""
    actor = encounter.get(intent.actor)
    if len(intent.targets) != 1 or intent.targets[0] == actor.id:
        raise InvalidInput(f"{actor.name} cannot attack themself: name one foe.")
    target = encounter.get(intent.targets[0])
    if target.health.dead:
        raise CannotAct(f"{target.name} is dead.")
    special = _special(intent.options)
    weapon = attack_weapon(actor, tables, _text(intent.options, "weapon"))
    defence = decide(encounter, tables, target, _text(intent.options, DEFENCE))
    item, disarm_mod = disarm_item(target, tables, str(intent.options["disarm"])) if special == "disarm" else (
        None, 0)
    modifiers = mods(*action_mods(actor, encounter.turns.round), ("all-out bonus", fighter(actor).attack_bonus),
                     ("disarm", disarm_mod), ("GM", intent.modifier))
    location = str(intent.options["called"]) if special == "called" else None
    return Declared(actor, target, special, weapon, defence, item, modifiers, location)


def resolve_attack(encounter: Encounter, intent: Intent, tables: DeryniTables, dice: DiceSource) -> ActionOutcome:
    """Resolve one attack with its defence; a Death Test may stop it to ask about FUDGE points."""
    declared = declare(encounter, intent, tables)
    actor, target, special, weapon, defence = (declared.actor, declared.target, declared.special, declared.weapon,
                                               declared.defence)
    item, location = declared.item, declared.location
    round_number = encounter.turns.round
    state = fighter(actor)
    attack = opposed(dice, weapon.skill, SPEC.level(actor.sheet, weapon.skill), declared.modifiers)
    parry = _defence_roll(encounter, target, defence, actor.id, dice)
    result, margin = outcome(attack, parry)
    wielding = weapon.key if weapon.key != SHIELD else state.wielding
    encounter = put_fighter(encounter, actor.id, attacked_with=weapon.key, attack_bonus=0, wielding=wielding,
                            foe=target.id)
    encounter, dodged, acrobatic = after_defence(encounter, target, defence, parry, actor.id)
    defence_name = item_name(target, tables, defence.item) if defence.item else None
    strike = Strike(actor.id, target.id, weapon.key, weapon.name, defence, defence_name, attack, parry, result,
                    margin, special, location, _text(intent.options, "knockout"),
                    item_name(target, tables, item) if item else None, dodged=dodged, acrobatic=acrobatic)
    if item is not None:
        encounter, strike = _disarm(encounter, strike, item, dice)
    elif result == "hit":
        pull = None
        if special == "knockout":
            pull = check(dice, "strength", SPEC.level(actor.sheet, "strength"), PULL_DIFFICULTY,
                         mods(*action_mods(actor, round_number)))
        value = damage(attack, margin, actor, weapon, encounter.get(target.id), tables)
        encounter, harm, ask, pause = land(encounter, target.id, value, dice, special=special, location=location,
                                           pull=pull, checks=_checks(strike))
        strike = replace(strike, harm=harm)
        if ask is not None:
            context = replace(pause, dodged=strike.dodged) if pause is not None else None
            return ActionOutcome(encounter, strike, ask=ask, context=context)
    encounter, checked = meditate(encounter, _checks(strike), dice, target.id if strike.dodged else None,
                                  struck=target.id)
    return ActionOutcome(encounter, replace(strike, meditation=checked))
