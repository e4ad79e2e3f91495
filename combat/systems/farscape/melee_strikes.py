"""Comparing a Farscape exchange's offences with defences: who beats whom, and which of the lone fighter's blows land.

Minions and bystanders never defend with dice [seed, Bystanders and Minions: "Character does not dodge at all.
All attacks are effectively Unopposed, using the appropriate trait (attribute or combat skill) as the
difficulty"]. A minion's defence is his defence trait (the style's skill, a dodge trait, the Shield skill) plus
the defence modifiers, without dice, and a blow at him succeeds when the offence reaches it: a tie hits, at
success level 0, as an Unopposed roll that meets its difficulty does. Frozen by surprise, a minion is attacked the
same way: the seed's sentence covers all attacks on him, and he never defended with dice anyway. A frozen fighter who
is no minion has no defence at all: "If the target is unaware of the attack, or is caught by surprise, the attack is
an Unopposed action" [seed, Ranged Combat; its words name no weapon], so the blow is Unopposed against Fair [ours: the
Difficulty Level] and, like any Unopposed roll, succeeds when it reaches it (a tie hits, at success level 0).
"""

from __future__ import annotations

from combat.frozen import replace
from combat.fudge import TraitRoll
from combat.systems.farscape import grapple
from combat.systems.farscape.harm import trait
from combat.systems.farscape.melee_fighters import Fighter
from combat.systems.farscape.melee_hits import FEINTED, feint_in_force
from combat.systems.farscape.melee_results import BlowReason, Modifier, Strike, total

__all__ = ["FROZEN_DEFENCE", "break_rule", "hits_back", "land_rule", "strike"]

# A frozen (surprised) fighter has no defence: the blow is Unopposed [seed] against Fair [ours] (a minion's is
# against his trait, frozen or not [seed]).
FROZEN_DEFENCE = 0


def _pair_offence(attacker: Fighter, defender: Fighter) -> tuple[Modifier, ...]:
    """Return the offence modifiers for this pair only: striking your own pinned victim."""
    if grapple.holds(attacker.combatant, defender.combatant):
        return (Modifier("striking from a lock", -1),)
    return ()


def _pair_defence(defender: Fighter, attacker: Fighter, defence_trait: str) -> tuple[Modifier, ...]:
    """Return the defence modifiers for this pair only: a brawler blocking a kick, a feint by this attacker."""
    mods: list[Modifier] = []
    if attacker.technique.kick and defender.style == "brawling" and defence_trait == "brawling":
        mods.append(Modifier("blocking a kick", -1))
    feint = defender.combatant.condition(FEINTED)
    if feint is not None and feint.source == attacker.id and feint_in_force(feint):
        mods.append(Modifier("feinted", feint.value))
    return tuple(mods)


def strike(attacker: Fighter, a_roll: TraitRoll | None, defender: Fighter, d_roll: TraitRoll | None) -> Strike:
    """Compare one attacker's offence with one defender's defence; nothing lands yet."""
    offence_mods = _pair_offence(attacker, defender)
    offence = (a_roll.result if a_roll else 0) + total(attacker.offence_modifiers) + total(offence_mods)
    reason: BlowReason = "no strike" if a_roll is None or attacker.technique.effect == "counter" else "miss"
    if defender.frozen and not defender.minion:
        return Strike(attacker.id, defender.id, offence, FROZEN_DEFENCE, "none (frozen)", offence_mods, (), False,
                      reason, unopposed=True)
    name = defender.defence_trait(attacker)
    defence_mods = _pair_defence(defender, attacker, name)
    dice = 0 if defender.minion or d_roll is None else d_roll.dice.total
    defence = trait(defender.combatant, name) + dice + total(defender.defence_modifiers) + total(defence_mods)
    return Strike(attacker.id, defender.id, offence, defence, name, offence_mods, defence_mods, False, reason,
                  unopposed=defender.minion)


def hits_back(blow: Strike) -> Strike:
    """Land a foe's strike on the actor when its offence beats his defence (reaches it, if he is a minion)."""
    if blow.reason == "no strike" or not blow.succeeds:
        return blow
    return replace(blow, lands=True, reason="hit")


def _harms(blow: Strike, margin: int, tied: bool) -> bool:
    """Tell whether a margin is enough to harm this foe: 2 or more after a tie, else a success."""
    if tied:
        return margin >= 2
    return margin >= (0 if blow.unopposed else 1)


def _extended(blow: Strike) -> Strike:
    """Land a strike on an extra foe at -1 offence."""
    mods = (*blow.offence_modifiers, Modifier("extra foe", -1))
    return replace(blow, offence=blow.offence - 1, offence_modifiers=mods, lands=True, reason="extended")


def land_rule(strikes: tuple[Strike, ...], extend: bool) -> tuple[Strike, ...]:
    """Decide which of the lone fighter's strikes land (strikes in target order; the first is his choice).

    He must beat or match every foe's defence to land anything. Beating them all, he hits the foe he chose;
    tying his best foe, he can harm only a foe at least two levels below him. Extending the attack to more
    foes costs -1 offence against each extra foe. A minion's defence is no roll, so reaching it is no tie.
    """
    if not strikes or strikes[0].reason == "no strike":
        return strikes
    if min([s.margin for s in strikes]) < 0:
        return tuple([replace(s, reason="outmatched" if s.margin > 0 else "miss") for s in strikes])
    tied = any([s.margin == 0 and not s.unopposed for s in strikes])
    eligible = [i for i, s in enumerate(strikes) if _harms(s, s.margin, tied)]
    chosen = eligible[0] if eligible else None
    result: list[Strike] = []
    for i, blow in enumerate(strikes):
        if i == chosen:
            result.append(replace(blow, lands=True, reason="hit"))
        elif i in eligible and extend and _harms(blow, blow.margin - 1, tied):
            result.append(_extended(blow))
        elif i in eligible:
            result.append(replace(blow, reason="unchosen"))
        else:
            result.append(replace(blow, reason="tied" if blow.margin > 0 or blow.unopposed else "miss"))
    return tuple(result)


def break_rule(strikes: tuple[Strike, ...]) -> tuple[Strike, ...]:
    """Decide which foes a fighter stepping back breaks away from: each one whose defence his offence beats [ours]."""
    return tuple(replace(s, lands=True, reason="hit") if s.reason != "no strike" and s.succeeds else s
                 for s in strikes)
