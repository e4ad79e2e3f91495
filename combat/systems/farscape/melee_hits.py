"""Landing a Farscape exchange's blows in Initiative order: damage against armour, wounds, knock-downs, locks.

[ours] A minion's warning blow (seed, Bystanders and Minions: "the first shot they fire (or blow they land in
unarmed or melee combat) always draws the attention of other characters"): while a minion is not yet
``warned`` (the condition ranged fire also sets: a warning shot or a warning blow, whichever comes first),
every blow it lands in that exchange (a damaging blow, a sweep, a grapple, a feint, extended blows too, like
the rounds of a warning burst) is a warning: it harms no one and has no effect, and the minion becomes
``warned`` for the rest of the fight. A blow that does not land (a miss, or the minion was taken out first)
warns no one. A minion's won counter lock is likewise its warning (no pin); breaking away (a step back, a
retreat) is no blow and no warning. [ours] Prone is a melee matter only: it does not change dodges against ranged
attacks (the seed gives prone only +1 against grenade fragments).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import groupby
from operator import itemgetter

from combat.dice import DiceSource
from combat.frozen import replace
from combat.fudge import TraitRoll
from combat.model import Combatant, Condition, Encounter
from combat.systems.farscape import grapple
from combat.systems.farscape.armour import armour_for
from combat.systems.farscape.damage import Damage, damage
from combat.systems.farscape.engagement import disengage
from combat.systems.farscape.harm import apply_wound, penalty, trait
from combat.systems.farscape.initiative import counted_size_steps, size_penalty
from combat.systems.farscape.melee_fighters import Fighter
from combat.systems.farscape.melee_results import Hit, Strike
from combat.systems.farscape.ranged import WARNED
from combat.systems.farscape.ranged_common import is_minion
from combat.systems.farscape.stun_clock import acts_later
from combat.systems.farscape.tables import FarscapeTables
from combat.systems.farscape.wounds import Kind

__all__ = ["FEINTED", "PRONE", "InitiativeKey", "blow_damage", "exchange_key", "feint_in_force", "initiative_key",
           "land_blows", "must_warn", "warn"]

InitiativeKey = Callable[[str], tuple[int, ...]]

PRONE = "prone"
FEINTED = "feinted"


def feint_in_force(condition: Condition) -> bool:
    """Tell whether a feint's penalty applies now: only in the element after the feint.

    [seed] "The degree which the feinting attacker wins their current offensive contest gives the penalty to their
    opponent's defence value when they attack in the next element." The condition is set with two elements (the
    rest of the feint's element and the next), so it is in force once one element has been counted off.
    """
    return condition.elements == 1


def initiative_key(encounter: Encounter, initiative: Mapping[str, int] | None = None) -> InitiativeKey:
    """Return each combatant's place in the element: the given values, else the turn order, else Speed."""
    entries = {e.combatant: e for e in encounter.turns.order}

    def key(combatant_id: str) -> tuple[int, ...]:
        if initiative is not None and combatant_id in initiative:
            return (initiative[combatant_id],)
        entry = entries.get(combatant_id)
        if entry is not None and entry.counts:
            return entry.key(max(entry.counts))
        combatant = encounter.get(combatant_id)
        return (trait(combatant, "speed") + penalty(combatant), trait(combatant, "agility"))

    return key


def exchange_key(encounter: Encounter, actor: Fighter, foes: tuple[Fighter, ...], tables: FarscapeTables) -> (
        InitiativeKey):
    """Order an exchange's blows: the element's Initiative, its weapon-size step taken against the foe met here.

    "Using a larger weapon against an opponent with a smaller weapon gives the fighter a penalty to Initiative" [seed],
    in the first clash too: the element's order counts only the foe he was engaged with as the element began (kept as
    ``SIZE_STEP``), so that step is taken out and the one against this foe put in. Against several foes the lone
    fighter takes the largest step among them [ours].
    """
    element = initiative_key(encounter)
    fighters = {f.id: f for f in (actor, *foes)}

    def key(combatant_id: str) -> tuple[int, ...]:
        value, *rest = element(combatant_id)
        fighter = fighters.get(combatant_id)
        if fighter is None:
            return (value, *rest)
        against = foes if combatant_id == actor.id else (actor,)
        here = min([_step(fighter, other) for other in against], default=0)
        return (value - counted_size_steps(fighter.combatant) + here, *rest)

    return key


def _step(fighter: Fighter, other: Fighter) -> int:
    """Return the size step of ``fighter``'s melee weapon against ``other``'s (0 unless both hold one)."""
    if fighter.weapon is None or other.weapon is None or not (fighter.armed and other.armed):
        return 0
    return size_penalty(fighter.weapon.size, other.weapon.size)


def must_warn(combatant: Combatant) -> bool:
    """Tell whether the combatant is a minion whose next landed blow is only a warning."""
    return is_minion(combatant) and not combatant.has(WARNED)


def warn(encounter: Encounter, combatant_id: str) -> Encounter:
    """Mark a minion as having given its warning: from now on its blows and shots count."""
    return encounter.put(encounter.get(combatant_id).with_condition(Condition(WARNED)))


def blow_damage(
    fighter: Fighter, victim: Combatant, margin: int, location: str, tables: FarscapeTables
) -> tuple[Damage, Kind]:
    """Work out a landed blow's damage value and whether it is Stun or lethal."""
    technique, weapon = fighter.technique, fighter.weapon
    if weapon is None:
        rating, damage_type, quality, muscle, stun = technique.dr, "impact", 0, True, True
    elif weapon.kind == "unarmed":
        # [ours] A knuckleduster or claws replace the hand blow's own Damage Rating; the move's damage change stays.
        rating, damage_type, quality, muscle, stun = weapon.dr, weapon.damage_type, weapon.quality, True, weapon.stun
    else:
        rating, damage_type, quality, muscle, stun = (
            weapon.dr, weapon.damage_type, weapon.quality, weapon.muscle, weapon.stun
        )
    if technique.stun:
        # [ours] The flat of the blade or the pommel bludgeons: impact damage.
        damage_type, stun = "impact", True
    armour_class, armour_rating = armour_for(victim, tables, location)
    value = damage(
        rating=rating,
        success=margin,
        damage_type=damage_type,
        strength=trait(fighter.combatant, "strength") if muscle else None,
        quality=quality,
        armour_class=armour_class,
        armour_rating=armour_rating,
        bonus=technique.damage,
    )
    return value, "stun" if stun else "lethal"


def _land(
    encounter: Encounter,
    strike: Strike,
    fighter: Fighter,
    tables: FarscapeTables,
    dice: DiceSource,
    base: Hit,
) -> tuple[Encounter, Hit]:
    """Apply one landed blow's effect to the defender."""
    effect = fighter.technique.effect
    victim = encounter.get(strike.defender)
    if effect == "break":
        # [ours] Breaking away ends the engagement both ways, and a lock the fighter held on that foe.
        return disengage(grapple.release(encounter, strike.attacker, strike.defender), *_pair(strike)), base
    if effect == "lock":
        encounter = grapple.lock(encounter, strike.attacker, strike.defender)
        condition = encounter.get(strike.defender).condition(grapple.PINNED)
        return encounter, replace(base, condition=condition)
    if effect in ("prone", "feint"):
        name, value = (PRONE, -1) if effect == "prone" else (FEINTED, -strike.margin)
        # [ours] Knocked down for the rest of this element and the next (-1 to offence and defence), then up again.
        # A feint's penalty applies in the next element only [seed] (see feint_in_force), against the feinter only.
        condition = Condition(name, value=value, elements=2, source=strike.attacker)
        return encounter.put(victim.with_condition(condition)), replace(base, condition=condition)
    dealt, kind = blow_damage(fighter, victim, strike.margin, base.location, tables)
    hurt, harm = apply_wound(victim, kind, dealt.value, dice, acts_later(encounter, victim.id))
    return encounter.put(hurt), replace(base, damage=dealt, kind=kind, harm=harm)


def _pair(strike: Strike) -> tuple[str, str]:
    return strike.attacker, strike.defender


def _stopped(base: Hit, strike: Strike, critical: bool, out: set[str], away: set[frozenset[str]]) -> Hit | None:
    """Return the blow stopped before it lands: its striker was taken out first, or its target broke away."""
    if strike.attacker in out and not critical:
        return replace(base, blocked=True)
    if frozenset(_pair(strike)) in away:
        return replace(base, escaped=True)
    return None


def land_blows(
    encounter: Encounter,
    strikes: tuple[Strike, ...],
    fighters: Mapping[str, Fighter],
    rolls: Mapping[str, TraitRoll | None],
    key: InitiativeKey,
    tables: FarscapeTables,
    dice: DiceSource,
) -> tuple[Encounter, tuple[Hit, ...], frozenset[str]]:
    """Land the blows highest Initiative first; a fighter taken out earlier strikes only on a critical roll.

    Blows at exactly the same Initiative land together, so both fighters can take each other out; a blow at a
    fighter who broke away from its striker at a higher Initiative finds no one. Returns the encounter, the hits
    in the order resolved, and who was taken out.
    """
    landing = sorted([(key(s.attacker), s) for s in strikes if s.lands], key=itemgetter(0), reverse=True)
    warners = {f.id for f in fighters.values() if must_warn(encounter.get(f.id))}
    out: set[str] = set()
    away: set[frozenset[str]] = set()
    hits: list[Hit] = []
    for order, group in groupby(landing, key=itemgetter(0)):
        fallen: set[str] = set()
        broke: set[frozenset[str]] = set()
        for _, strike in group:
            fighter = fighters[strike.attacker]
            roll = rolls[strike.attacker]
            critical = roll is not None and roll.critical
            base = Hit(strike.attacker, strike.defender, fighter.technique.name, strike.margin,
                       fighter.technique.effect, order, location=fighter.location)
            stopped = _stopped(base, strike, critical, out, away)
            if stopped is not None:
                hits.append(stopped)
                continue
            if fighter.technique.effect == "break":
                broke.add(frozenset(_pair(strike)))
            elif strike.attacker in warners:
                encounter = warn(encounter, strike.attacker)
                hits.append(replace(base, warning=True, critical=strike.attacker in out))
                continue
            encounter, hit = _land(encounter, strike, fighter, tables, dice, base)
            hits.append(replace(hit, critical=True) if strike.attacker in out else hit)
            if hit.harm is not None and hit.harm.out:
                fallen.add(hit.harm.target)
        out |= fallen
        away |= broke
    return encounter, tuple(hits), frozenset(out)
