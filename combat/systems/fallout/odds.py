"""The exact chances of a Fallout attack on one target: 2d10 against the number needed, the hits, the criticals.

The modifiers come from the attack's own ``modifiers`` (range band by size and stance from the map or the
options, visibility and cover from the map's terrain, proximity, scope, evasion, winded, maims, the GM's), the
number needed from ``needed_against``, the hits of a burst or a double from ``hit_count`` and each hit's damage
past DT from ``damage_hit``, so the odds read the map and the options exactly as the attack does. Critical points go
where ``crits:`` says, the rest (and a player's, asked after the roll) to critical damage, the default.
"""

from __future__ import annotations

from fractions import Fraction

from combat.dice import Die, parse_dice
from combat.distributions import chance, dice_sum, faces_for
from combat.model import Combatant, Encounter
from combat.odds import Band, Effect, Odds, RollShown, bands_from
from combat.system import Intent
from combat.systems.fallout.actions import option_value
from combat.systems.fallout.checks import skill_of
from combat.systems.fallout.crits import LABELS, crit_dice
from combat.systems.fallout.harm import deal, injure, threshold
from combat.systems.fallout.odds_aim import Aim, aim
from combat.systems.fallout.odds_harm import Counts, crit_counts, crit_roll, mix, one_hit
from combat.systems.fallout.results import Check
from combat.systems.fallout.sheet import melee_damage
from combat.systems.fallout.state import fighter
from combat.systems.fallout.strike import damage_dice, disarm_item, hit_count
from combat.systems.fallout.tables import MELEE_MODES, FalloutTables

__all__ = ["attack_odds", "hp_band"]

def hp_band(target: Combatant, lost: int) -> str:
    """Return the band key for ``lost`` HP: none, a quarter of the HP left (1 to 4), or dead."""
    hp = target.health.hp
    if lost <= 0:
        return "nothing"
    if lost >= hp:
        return "dead"
    return f"hp{next(k for k in range(1, 5) if lost * 4 <= hp * k)}"


def _bands(target: Combatant) -> list[Band]:
    """Return the bands in order: a miss, no damage, quarters of the HP left, a disarm, a trip, dead."""
    hp = target.health.hp
    bands = [Band("miss", "Miss"), Band("nothing", "Hit, no damage past DT", hit=True)]
    low = 1
    for quarter in range(1, 5):
        high = min(hp - 1, hp * quarter // 4)
        if high >= low:
            text = f"{low} HP lost" if low == high else f"{low}-{high} HP lost"
            bands.append(Band(f"hp{quarter}", f"{text} (of {hp} left)", hit=True, severity=min(3, quarter)))
        low = max(low, high + 1)
    return [*bands, Band("disarmed", "Disarmed", hit=True, severity=2),
            Band("tripped", "Tripped: a stance down", hit=True, severity=1),
            Band("dead", "Dead (0 HP or less)", hit=True, severity=4)]


class _Tally:
    """The chance of every band and effect, added up case by case."""

    def __init__(self) -> None:
        self.bands: dict[str, Fraction] = {}
        self.effects: dict[str, Fraction] = {}

    def band(self, key: str, p: Fraction) -> None:
        """Count a case in band ``key``."""
        self.bands[key] = self.bands.get(key, Fraction(0)) + p

    def effect(self, label: str, p: Fraction) -> None:
        """Count a case of the effect ``label``."""
        self.effects[label] = self.effects.get(label, Fraction(0)) + p


def _spent(shot: Aim, points: int) -> tuple[str, ...]:
    """Return where ``points`` critical points go: as ``crits:`` says, the rest on critical damage."""
    chosen = shot.spent or ()
    return chosen[:points] + ("damage",) * max(0, points - len(chosen))


def _with_crits(shot: Aim, spent: tuple[str, ...], harm: Counts) -> Counts:
    """Add each critical point spent on critical damage (its dice, past DT) to the HP lost."""
    for _ in range(spent.count("damage")):
        harm = harm.add(crit_counts(shot.weapon, shot.mode))
    return harm


def _crit_effects(shot: Aim, spent: tuple[str, ...], p: Fraction, tally: _Tally) -> None:
    """Count the critical points spent on knockdown, stun and knockback (a knockback's dice must make a hex).

    The knockback counts what is rolled: whether it moves him also depends on the map and on his standing then.
    """
    name = shot.target.name
    if "knockdown" in spent and fighter(shot.target).stance != "prone":
        tally.effect(f"{name} knocked down (critical)", p)
    if "stun" in spent:
        tally.effect(f"{name} stunned (critical)", p)
    knockbacks = spent.count("knockback")
    if knockbacks:
        short = chance(crit_roll(shot.weapon, shot.mode), lambda v: v < 4) ** knockbacks
        tally.effect(f"A critical knockback of a hex or more rolled (it moves {name} if standing, with room)",
                     p * (1 - short))


def _harm(encounter: Encounter, shot: Aim, harm: dict[tuple[int, int], Fraction], tally: _Tally,
          part: str | None) -> None:
    """Sort each HP loss into its band; note passing out and a called shot's maim or break."""
    target = shot.target
    was_out = target.health.passed_out
    for (lost, fatigue), q in harm.items():
        tally.band(hp_band(target, lost), q)
        hurt = deal(encounter, target.id, lost, fatigue)
        if part is not None:  # a newly broken torso adds the blow's damage as fatigue [seed]
            hurt, wound = injure(hurt, target.id, part, lost)
            tally.effect(f"{target.name}'s {part} {'broken' if wound.level == 'break' else 'maimed'}", q)
        after = hurt.get(target.id).health
        if after.passed_out and not was_out and not after.dead:
            tally.effect(f"{target.name} passes out (fatigue past max HP)", q)


_EFFECT_ORDER = ("critical point", "knocked down", "stunned", "knockback", "passes out", "maimed", "broken")


def _rank(item: tuple[str, Fraction]) -> int:
    """Order the effects: critical points, their effects, passing out, then a called shot's wound."""
    return next((i for i, word in enumerate(_EFFECT_ORDER) if word in item[0]), len(_EFFECT_ORDER))


def attack_odds(encounter: Encounter, intent: Intent, tables: FalloutTables) -> Odds:
    """Return the exact chances of an attack: a miss, HP lost in quarters of what is left, dead, and the effects."""
    shot = aim(encounter, intent, tables)
    if shot.mode == "disarm":
        disarm_item(tables, shot.actor, shot.target)  # refused as the attack would be
    skill, total = skill_of(shot.actor, shot.mode)
    part = option_value(intent, "location")
    tally = _Tally()
    hit = None if shot.mode in ("disarm", "trip") else one_hit(tables, shot.actor, shot.target, shot.weapon,
                                                                   shot.mode, shot.charges)
    known: dict[tuple[int, tuple[str, ...]], Counts] = {}
    weights: dict[tuple[int, tuple[str, ...]], Fraction] = {}
    for rolled, p in dice_sum(2, 10).items():
        first, second = faces_for(rolled, 2, Die(10))
        check = Check(shot.target.id, (first, second), skill, total, shot.modifiers, shot.needed)
        if not check.hit:
            tally.band("miss", p)
        elif hit is None:
            tally.band("disarmed" if shot.mode == "disarm" else "tripped", p)
        else:
            if check.points:
                tally.effect("At least one critical point", p)
            case = (hit_count(check, shot.mode, shot.rounds), _spent(shot, check.points))
            if case not in known:
                known[case] = _with_crits(shot, case[1], hit.times(case[0]))
            weights[case] = weights.get(case, Fraction(0)) + p
            _crit_effects(shot, case[1], p, tally)
    _harm(encounter, shot, mix((weights[case], known[case]) for case in known), tally, part)
    effects = tuple(Effect(label, c) for label, c in sorted(tally.effects.items(), key=_rank) if c)
    return Odds(shot.actor.id, shot.target.id, "attack", _rolls(shot, skill, total),
                bands_from(tally.bands, _bands(shot.target)), effects, _notes(shot, tables))


def _rolls(shot: Aim, skill: str, total: int) -> tuple[RollShown, ...]:
    """Show the attack roll with every modifier, the damage dice per hit, and a critical point's dice."""
    shown = [RollShown(shot.actor.id, f"attack (needs {shot.needed})", "2d10", skill, total, shot.modifiers)]
    if shot.mode in ("disarm", "trip"):
        return tuple(shown)
    spec = parse_dice(damage_dice(shot.weapon, shot.mode))
    melee = (("melee damage (ST)", melee_damage(shot.actor.sheet)),) if shot.mode in MELEE_MODES else ()
    hits = {"burst": f"a burst of {shot.rounds}: round 1 at the total, 2 at -5, the rest at -10",
            "double": "two hits"}.get(shot.mode, "one hit")
    charged = f" x{shot.charges} charges" if shot.charges > 1 else ""
    shown.append(RollShown(shot.actor.id, f"damage ({hits}){charged}", str(spec), "", 0,
                           tuple((n, v) for n, v in melee if v)))
    count, sides = crit_dice(damage_dice(shot.weapon, shot.mode))
    shown.append(RollShown(shot.actor.id, "critical damage per point (past DT)", f"{count}d{sides}"))
    return tuple(shown)


def _notes(shot: Aim, tables: FalloutTables) -> tuple[str, ...]:
    """Say the DT, and where the critical points are counted."""
    notes = []
    dt = threshold(tables, shot.target, shot.weapon.damage_type)
    if dt and shot.mode not in ("disarm", "trip"):
        notes.append(f"{shot.target.name}'s DT against {shot.weapon.damage_type} damage: {dt}.")
    allowed = ("damage", *shot.weapon.crits)
    if shot.mode in ("disarm", "trip"):
        return tuple(notes)
    if shot.spent:
        notes.append(f"Critical points as given: {', '.join(LABELS[s].lower() for s in shot.spent)}; any more go to "
                     "critical damage.")
    elif shot.actor.owner and len(allowed) > 1:
        notes.append("Critical points are asked for after the roll; counted: critical damage, the default.")
    return tuple(notes)
