"""The exact chances of a Farscape exchange with one foe: both offences, both blows, landing in Initiative order.

The fighters (style, move, weapon, shield, every modifier) come from the exchange's own ``exchange_fighters``; for
each pair of 4dF sums the strikes come from its ``exchange_strikes`` (the lone-fighter rules, minions, frozen foes,
holding at bay), and the blows land through ``land_blows``, run once per sequence of Willpower sums it may roll.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import partial

from combat.dice import FUDGE, Roll
from combat.distributions import by_sums, chance, faces_for, fudge, shifted
from combat.errors import RulesError
from combat.fudge import TraitRoll
from combat.model import Encounter
from combat.odds import Effect, Odds, RollShown, bands_from
from combat.system import Intent
from combat.systems.farscape.attack import refuse_stray
from combat.systems.farscape.exchange import exchange_fighters, exchange_strikes
from combat.systems.farscape.harm import trait
from combat.systems.farscape.melee_aftermath import record
from combat.systems.farscape.melee_fighters import Fighter
from combat.systems.farscape.melee_hits import blow_damage, exchange_key, land_blows
from combat.systems.farscape.melee_reach import keep_at_bay
from combat.systems.farscape.melee_results import Hit, Strike
from combat.systems.farscape.odds_bands import BANDS, wound_key
from combat.systems.farscape.strain import STRAIN_DIFFICULTY, straining
from combat.systems.farscape.tables import FarscapeTables

__all__ = ["melee_odds"]

Rolls = dict[str, TraitRoll | None]


def _roll(fighter: Fighter, total_: int) -> TraitRoll:
    """Return the fighter's offence roll showing faces that add up to ``total_``."""
    name = fighter.offence_trait
    return TraitRoll(name, trait(fighter.combatant, name), 0, Roll(FUDGE, faces_for(total_, 4)))


def _pairs(actor: Fighter, foe: Fighter) -> Iterator[tuple[Rolls, Fraction]]:
    """Yield both sides' rolls for every pair of 4dF sums (a minion attacked, or a frozen foe, rolls nothing)."""
    silent = foe.minion or foe.frozen
    for mine, p in fudge(4).items():
        if silent:
            yield {actor.id: _roll(actor, mine), foe.id: None}, p
            continue
        for theirs, q in fudge(4).items():
            yield {actor.id: _roll(actor, mine), foe.id: _roll(foe, theirs)}, p * q


def _band(hit: Hit | None) -> str:
    """Return the band of the actor's blow on the foe."""
    if hit is None:
        return "miss"
    if hit.blocked:
        return "blocked"
    if hit.warning:
        return "warning"
    return {"prone": "prone", "lock": "pinned", "feint": "feinted"}.get(hit.effect) or wound_key(hit.harm)


class _Tally:
    """The chance of every band and effect, added up case by case."""

    def __init__(self) -> None:
        self.bands: dict[str, Fraction] = {}
        self.effects: dict[str, Fraction] = {}

    def add(self, band: str, effects: list[str], p: Fraction) -> None:
        """Count one case: its band and its effects, with its chance."""
        self.bands[band] = self.bands.get(band, Fraction(0)) + p
        for label in effects:
            self.effects[label] = self.effects.get(label, Fraction(0)) + p


def _exchange(encounter: Encounter, actor: Fighter, foe: Fighter, extend: bool, tables: FarscapeTables,
              tally: _Tally, weight: Fraction) -> None:
    """Count every pair of rolls and every Willpower roll after them."""
    key = exchange_key(encounter, actor, (foe,), tables)
    fighters = {actor.id: actor, foe.id: foe}
    counted: dict[object, list[tuple[str, list[str], Fraction]]] = {}
    for rolls, p in _pairs(actor, foe):
        mine, theirs, reach = exchange_strikes(actor, (foe,), rolls, extend)
        strikes = (*mine, *theirs)
        # Blows land alike whenever the same ones land by the same margins, with the same criticals: many pairs of
        # rolls differ by as much on both sides, so each such case is counted once.
        same = (tuple((s.attacker, s.defender, s.lands, s.margin) for s in strikes), reach,
                tuple(r is not None and r.critical for r in rolls.values()))
        if same not in counted:
            before = keep_at_bay(record(encounter, actor, (foe,), strikes), reach)
            landed = by_sums(partial(land_blows, before, strikes, fighters, rolls, key, tables))
            counted[same] = [(*_outcome(hits, out, actor, foe), q) for (_, hits, out), q in landed]
        for band, effects, q in counted[same]:
            tally.add(band, effects, weight * p * q)


def _outcome(hits: tuple[Hit, ...], out: frozenset[str], actor: Fighter, foe: Fighter) -> tuple[str, list[str]]:
    """Return the band of the actor's blow and the effects of the exchange (a blow back, who is out)."""
    name, foe_name = actor.combatant.name, foe.combatant.name
    blow = next((h for h in hits if h.attacker == actor.id), None)
    back = next((h for h in hits if h.attacker == foe.id), None)
    effects = []
    if back is not None and not back.blocked and not back.warning:
        effects.append(f"{foe_name}'s blow lands on {name}")
    effects += [f"{name} out of the fight"] if actor.id in out else []
    effects += [f"{foe_name} out of the fight"] if foe.id in out else []
    return _band(blow), effects


def melee_odds(encounter: Encounter, intent: Intent, tables: FarscapeTables) -> Odds:
    """Return the exact chances of an exchange with one foe: the actor's blow on him, and his blow back."""
    if len(intent.targets) != 1:
        raise RulesError("Odds are worked out for one foe at a time.")
    if intent.move == "attack":
        refuse_stray(encounter, intent, False)
    actor, foes, extend, _ = exchange_fighters(encounter, intent, tables)
    foe = foes[0]
    tally = _Tally()
    go = Fraction(1)
    if straining(actor.combatant):
        willpower = shifted(fudge(4), trait(actor.combatant, "willpower"))
        go = chance(willpower, lambda result: result >= STRAIN_DIFFICULTY)
        tally.add("miss", [f"{actor.combatant.name} fails to strain (Willpower)"], 1 - go)
    _exchange(encounter, actor, foe, extend, tables, tally, go)
    effects = tuple(Effect(label, p) for label, p in tally.effects.items() if p)
    return Odds(actor.id, foe.id, intent.move, _rolls(actor, foe, extend), bands_from(tally.bands, BANDS), effects,
                _notes(actor, foe, tables))


def _shown(strike: Strike, attacker: Fighter, defender: Fighter) -> tuple[RollShown, RollShown]:
    """Show one side's offence and the other's defence against it."""
    offence = (*attacker.offence_modifiers, *strike.offence_modifiers)
    defence = (*defender.defence_modifiers, *strike.defence_modifiers)
    dice = "none (Fair)" if defender.frozen else "none (a minion: his trait is the difficulty)" if (
        defender.minion) else "the same 4dF"
    return (RollShown(attacker.id, f"offence ({attacker.technique.name})", "4dF", attacker.offence_trait,
                      trait(attacker.combatant, attacker.offence_trait), tuple((m.name, m.value) for m in offence)),
            RollShown(defender.id, "defence", dice, "" if defender.frozen else strike.defence_trait,
                      0 if defender.frozen else trait(defender.combatant, strike.defence_trait),
                      () if defender.frozen else tuple((m.name, m.value) for m in defence)))


def _rolls(actor: Fighter, foe: Fighter, extend: bool) -> tuple[RollShown, ...]:
    """Show both offences and both defences: the actor's blow, then the foe's blow back."""
    rolls = {actor.id: _roll(actor, 0), foe.id: None if foe.minion or foe.frozen else _roll(foe, 0)}
    mine, theirs, _ = exchange_strikes(actor, (foe,), rolls, extend)
    shown = _shown(mine[0], actor, foe)
    if rolls[foe.id] is None:
        return shown
    return (*shown, *_shown(theirs[0], foe, actor))


def _notes(actor: Fighter, foe: Fighter, tables: FarscapeTables) -> tuple[str, ...]:
    """Say what a landed blow does: the damage it adds to the margin, on which track."""
    if actor.technique.effect != "damage":
        return ()
    value, kind = blow_damage(actor, foe.combatant, 0, actor.location, tables)
    armour = f", after {value.protection} for armour" if value.protection else ""
    return (f"A blow that lands does its margin {value.value:+d} in damage ({kind}{armour}).",)
