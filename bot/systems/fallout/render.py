"""Fallout's text: every roll with its dice and named modifiers, every hit with DT, crits, wounds and moves."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.render.names import Names, safe, who
from bot.systems.fallout.picture import PICTURE_OPTIONS, draw
from combat.intent import Intent
from combat.model import Combatant, Encounter
from combat.options import OptionSpec, OptionValue
from combat.systems.fallout.results import (
    Attack,
    Check,
    Crit,
    Evading,
    Harm,
    Hit,
    Items,
    Joined,
    Landed,
    Moved,
    Overload,
    Recovered,
    Reloaded,
    RoundBegins,
    Stance,
    Watching,
)
from combat.systems.fallout.sequence import SequenceRoll, joined_in
from combat.systems.fallout.state import Vitals, fighter
from combat.systems.fallout.strike import burst_penalty
from combat.systems.fallout.tools import Board, Marked, Placed, Treated

__all__ = ["FalloutRenderer"]

VERBS = {"single": "shoots", "double": "fires both barrels", "burst": "fires a burst", "spray": "sprays",
         "sweep": "sweeps", "throw": "throws", "lob": "lobs", "bean": "beans", "thrust": "thrusts",
         "swing": "swings", "smash": "smashes", "punch": "punches", "kick": "kicks", "disarm": "tries to disarm",
         "trip": "tries to trip", "toss": "lobs"}


NO_CRITS = frozenset({"disarm", "trip", "toss"})
STANCE_WORDS = {"stand": "standing", "crouch": "crouching", "prone": "prone"}


def _signed(value: int) -> str:
    return f"+ {value}" if value >= 0 else f"- {-value}"


def _count(number: int, word: str) -> str:
    """Return '1 hex', '2 hexes', '1 round', '6 rounds'."""
    plural = word + ("es" if word.endswith("x") else "s")
    return f"{number} {word if number == 1 else plural}"


def burst_line(check: Check, rounds: int) -> str:
    """Render what one burst roll means round by round: round 1 at the total, 2 at -5, the rest at -10."""
    parts = []
    first = 1
    while first <= rounds:
        penalty = burst_penalty(first)
        last = rounds if penalty == burst_penalty(rounds) else first
        total = check.total - penalty
        one = last == first
        name = f"round {first}" if one else f"rounds {first}-{last}"
        at = f" (-{penalty})" if penalty else ""
        verb = ("hits" if one else "hit") if total >= check.needed else ("misses" if one else "miss")
        parts.append(f"{name} at {total}{at} {verb}")
        first = last + 1
    return f"Burst of {_count(rounds, 'round')} against {check.needed}: " + ", ".join(parts)


def check_line(check: Check, names: Names, crits: bool = True) -> str:
    """Render one attack roll: dice, skill, every modifier, total against the number needed, the result.

    ``crits`` is False for a disarm or trip, which have no critical points to spend [ours].
    """
    mods = " ".join(f"{_signed(v)} {safe(n)}" for n, v in check.modifiers)
    against = f" at {who(names, check.target)}" if check.target else ""
    outcome = "hit" if check.hit else "miss"
    count = check.points if crits else 0
    points = f", {count} critical point{'s' if count != 1 else ''}" if count else ""
    body = f"2d10 [{check.dice[0]}, {check.dice[1]}] + {check.skill.title()} {check.skill_total}"
    return f"Roll{against}: {body}{(' ' + mods) if mods else ''} = {check.total} vs {check.needed}: {outcome}{points}"


def hit_line(hit: Hit, names: Names) -> str:
    """Render one hit's damage: dice, bonus, any divisor, DT, HP and fatigue dealt."""
    label = f" ({hit.label})" if hit.label else ""
    bonus = f" {_signed(hit.bonus)}" if hit.bonus else ""
    rolled = sum(hit.faces) + hit.bonus
    divided = f" = {rolled}, / {hit.divisor} for the distance = {hit.rolled}" if hit.divisor > 1 else ""
    fatigue = f", +{hit.fatigue} fatigue" if hit.fatigue else ""
    faces = ", ".join(str(f) for f in hit.faces)
    return (f"Damage to {who(names, hit.target)}{label}: [{faces}]{bonus}{divided} - DT {hit.dt} = "
            f"{hit.damage} HP{fatigue}")


def crit_line(crit: Crit, names: Names) -> str:
    """Render one critical point spent."""
    faces = f" [{', '.join(str(f) for f in crit.faces)}]" if crit.faces else ""
    if crit.effect.startswith("scatter"):
        return f"Critical point scatters {crit.effect.split()[1]}: nobody there"
    down = f"knocked down, now {STANCE_WORDS.get(crit.stance, crit.stance)}" if crit.stance else "knocked down a stance"
    if crit.effect == "knockdown" and crit.stance and not crit.amount:
        down = f"already {STANCE_WORDS.get(crit.stance, crit.stance)}: no further"
    what = {"damage": f"{crit.amount} more HP", "knockback": f"knocked back {_count(crit.amount, 'hex')}",
            "knockdown": down, "stun": f"+{crit.amount} stun"}[crit.effect]
    return f"Critical {crit.effect} on {who(names, crit.target)}{faces}: {what}"


def harm_line(harm: Harm, names: Names) -> str:
    """Render what a combatant is left with."""
    tags = [t for t, on in (("dead", harm.dead), ("passes out", harm.out), ("winded", harm.winded),
                            ("falls prone", harm.fell)) if on]
    extra = f" — {', '.join(tags)}" if tags else ""
    return f"{who(names, harm.target)}: {harm.hp} HP, fatigue {harm.fatigue}, stun {harm.stun}{extra}"


def landed_lines(landed: Landed, names: Names) -> list[str]:
    """Render where a lobbed item landed and who caught it."""
    lines = []
    if landed.scatter is not None:
        s = landed.scatter
        lines.append(f"It scatters: d6 [{s.die}] {s.direction}, {_count(s.hexes, 'hex')}, lands on {s.landed}")
    if landed.catcher is not None:
        lines.append(f"The {safe(landed.item)} lands on {landed.hex}: {who(names, landed.catcher)} catches it")
    else:
        lines.append(f"The {safe(landed.item)} falls on {landed.hex}, out of the fight (no ally there with a free hand "
                     "to catch it)")
    return lines


def attack_lines(result: Attack, names: Names) -> list[str]:
    """Render an attack from first roll to last effect."""
    actor = who(names, result.actor)
    lines = []
    if result.charged:
        lines.append(f"{actor} charges {' → '.join(result.charged)}")
    if result.tired:
        lines.append(f"{actor} gains {result.tired} fatigue (maimed groin)")
    if result.charged and not result.checks:
        return lines + _aftermath(result, names)  # passed out from the charge's fatigue: no attack
    how = f"{safe(result.weapon)}, {result.mode}" + (f", and {safe(result.offhand)}" if result.offhand else "")
    called = f" at the {result.part}" if result.part else ""
    tag = "Overwatch! " if result.interrupt else ""
    lines.append(f"{tag}{actor} {VERBS.get(result.mode, result.mode)} ({how}){called}")
    if result.mode in ("spray", "sweep"):
        return lines + _cone_lines(result, names)
    if result.offhand is not None:
        return lines + _two_hands_lines(result, names)
    lines += [check_line(c, names, result.mode not in NO_CRITS) for c in result.checks]
    if result.mode == "burst" and result.rounds > 1 and result.checks and result.checks[0].hit:
        lines.append(burst_line(result.checks[0], result.rounds))
    if result.blast is not None:
        blast = result.blast
        if blast.scatter is not None:
            s = blast.scatter
            lines.append(f"It scatters: d6 [{s.die}] {s.direction}, {_count(s.hexes, 'hex')}, lands on {s.landed}")
        caught = ", ".join(f"{who(names, v)} ({'centre' if d == 0 else f'{d} away, half'})" for v, d in blast.victims)
        lines.append(f"Explodes on {blast.centre}: {caught or 'nobody caught'}")
    if result.landed is not None:
        lines += landed_lines(result.landed, names)
    lines += [hit_line(h, names) for h in result.hits]
    lines += [crit_line(c, names) for c in result.crits]
    if result.pending:
        lines.append(f"{_count(result.pending, 'critical point')} to spend")
    return lines + _injury_lines(result, names) + _aftermath(result, names)


def _cone_lines(result: Attack, names: Names) -> list[str]:
    """Render a spray or sweep target by target, in the order the dice were rolled: roll, damage, critical dice."""
    lines = []
    for check in result.checks:
        lines.append(check_line(check, names))
        lines += [hit_line(h, names) for h in result.hits if h.target == check.target]
        lines += [crit_line(c, names) for c in result.crits if c.target == check.target]
    if result.pending:
        lines.append(f"{_count(result.pending, 'critical point')} to spend")
    return lines + _aftermath(result, names)


def _two_hands_lines(result: Attack, names: Names) -> list[str]:
    """Render two weapons in the order the dice were rolled: each hand's roll, damage and critical dice."""
    hits, crits = result.main_hand
    lines = []
    for index, check in enumerate(result.checks):
        lines.append(check_line(check, names, result.mode not in NO_CRITS))
        lines += [hit_line(h, names) for h in (result.hits[:hits] if index == 0 else result.hits[hits:])]
        lines += [crit_line(c, names) for c in (result.crits[:crits] if index == 0 else result.crits[crits:])]
    return lines + _injury_lines(result, names) + _aftermath(result, names)


def _injury_lines(result: Attack, names: Names) -> list[str]:
    """Render the maims and breaks of called shots, and what a broken arm drops."""
    lines = []
    for injury in result.injuries:
        level = "broken" if injury.level == "break" else "maimed"
        both = " (double whammy)" if injury.whammy else ""
        lines.append(f"{who(names, injury.target)}'s {injury.part} is {level}{both}")
        if injury.dropped:
            items = ", ".join(safe(k) for k in injury.dropped)
            lines.append(f"{who(names, injury.target)} drops the {items} (a broken arm holds nothing)")
    return lines


def _aftermath(result: Attack, names: Names) -> list[str]:
    """Render what follows the hits: knockbacks, items taken, the harm done and the ammunition left."""
    actor = who(names, result.actor)
    lines = [f"{who(names, p.target)} is driven back {p.start} → {p.end}" for p in result.pushed]
    if result.took:
        lines.append(f"{actor} takes the {safe(result.took)}")
    if result.kept:
        lines.append(f"Nothing taken: {result.kept}")
    lines += [harm_line(h, names) for h in result.harms]
    return lines + _ammo_lines(result)


def _ammo_lines(result: Attack) -> list[str]:
    """Say the rounds fired and left: each weapon's with two different ones, the shared count with two alike."""
    if result.ammo is None:
        return []
    if result.offhand is None:
        return [f"{_count(result.rounds, 'round')} fired, {result.ammo} left"]
    fired = f"{_count(result.rounds, 'round')} fired, {result.ammo} left"
    if result.offhand == result.weapon:
        return [f"{fired} (one count for both {safe(result.weapon)}s)"]
    lines = [f"{fired} in the {safe(result.weapon)}"]
    if result.offhand_ammo is not None:
        lines.append(f"{_count(result.offhand_rounds, 'round')} fired, {result.offhand_ammo} left in the "
                     f"{safe(result.offhand)}")
    return lines


def moved_lines(result: Moved, names: Names) -> list[str]:
    """Render a move and any overwatch it met."""
    actor = who(names, result.actor)
    lines = [f"{actor} drops to {result.before} first"] if result.before else []
    verb = "runs" if result.run else "moves"
    route = " → ".join(result.path) if result.path else f"{result.hexes} hexes"
    lines.append(f"{actor} {verb} {route}" + (f", facing {result.facing}" if result.facing else ""))
    for attack in result.interrupts:
        lines += attack_lines(attack, names)
    lines += [f"{who(names, w)} holds fire" for w in result.declined]
    if result.stopped:
        lines.append(f"{actor} stops there")
    if result.after:
        lines.append(f"{actor} drops to {result.after}")
    if result.fatigue:
        lines.append(f"{actor} gains {result.fatigue} fatigue (maimed groin)")
    if result.harm is not None and (result.harm.out or result.harm.fell):
        lines.append(harm_line(result.harm, names))
    return lines


def sequence_line(roll: SequenceRoll, names: Names) -> str:
    """Render one sequence roll: 'Sequence: Vera d10 [7] + 5 = 12', with any tie-breaking d10s."""
    ties = f", tie d10 {list(roll.ties)}" if roll.ties else ""
    return f"Sequence: {who(names, roll.combatant)} d10 [{roll.die}] + {roll.bonus} = {roll.total}{ties}"


def round_lines(result: RoundBegins, names: Names) -> list[str]:
    """Render a round's start: the sequence (round 1), recoveries, bleeding, head rolls, overloads held."""
    lines = [sequence_line(roll, names) for roll in result.sequence]
    lines += [f"{who(names, c)} recovers {n} fatigue (now {now})" for c, n, now in result.recovered]
    lines += [f"{who(names, h.target)} bleeds: {harm_line(h, names)}" for h in result.bleeding]
    lines += [f"{who(names, c)}'s broken head: d4 [{d}]" + (" — blacks out" if d == 1 else
                                                            " — comes to" if c in result.woke else "")
              for c, d in result.head_rolls]
    lines += [f"{who(names, c)} holds the overload: {left} left" for c, left in result.overloads]
    return lines


def _tool_lines(result: object, names: Names) -> list[str]:
    if isinstance(result, Board):
        return [f"The map is {result.columns} x {result.rows} hexes"]
    if isinstance(result, Marked):
        kind = "cleared" if result.kind == "none" else f"marked {result.kind}"
        return [f"{', '.join(result.hexes)} {kind}"]
    if isinstance(result, Placed):
        return [f"{who(names, result.target)} is on {result.hex}, facing {result.facing}, {result.stance}"]
    if isinstance(result, Treated):
        outcome = "fixed" if result.fixed else "not fixed"
        mods = "".join(f" {_signed(v)} {safe(n)}" for n, v in result.modifiers)
        hurt = "broken" if result.level == "break" else "maimed"
        return [f"{who(names, result.healer)} treats {who(names, result.target)}'s {hurt} {result.part}: "
                f"2d10 [{result.dice[0]}, {result.dice[1]}] + {result.skill.title()} {result.skill_total}{mods} = "
                f"{result.total} vs {result.needed}: {outcome}"]
    return []


def _stance_line(result: Stance, names: Names) -> str:
    """Say a change of stance: 'Ann drops from stand to prone', 'Ann gets up from prone to crouch'."""
    return f"{who(names, result.actor)} {'drops' if result.free else 'gets up'} from {result.old} to {result.new}"


def _items_lines(result: Items, names: Names) -> list[str]:
    """Say the items taken out, put away and dropped (after a free drop of stance made with them)."""
    done = "".join(f" {verb} {', '.join(safe(k) for k in keys)};" for verb, keys in (
        ("takes out", result.drawn), ("puts away", result.stowed), ("drops", result.dropped)) if keys).rstrip(";")
    line = f"{who(names, result.actor)}{done}" + (" (no charge or action this round)" if result.costly else "")
    return [_stance_line(result.stance, names), line] if result.stance is not None else [line]


_SIMPLE: Mapping[type, Callable[[Any, Names], list[str]]] = {
    Attack: attack_lines,
    Moved: moved_lines,
    RoundBegins: round_lines,
    Joined: lambda r, n: [sequence_line(roll, n) for roll in r.sequence],
    Stance: lambda r, n: [_stance_line(r, n)],
    Items: lambda r, n: _items_lines(r, n),
    Evading: lambda r, n: [f"{who(n, r.actor)} evades: -5 to attacks on them this round"],
    Watching: lambda r, n: [f"{who(n, r.actor)} watches a narrow cone towards {r.aim} with the {safe(r.weapon)} "
                            f"({r.mode}): {', '.join(r.hexes[:12])}{' …' if len(r.hexes) > 12 else ''}"],
    Reloaded: lambda r, n: [f"{who(n, r.actor)} reloads the {safe(r.weapon)}: {r.rounds} rounds"],
    Overload: lambda r, n: [f"{who(n, r.actor)} " + (f"overloads the {safe(r.weapon)} to {r.level} ({r.used} charges"
                                                     f" used, {r.left} left)" if r.level else
                                                     f"releases the {safe(r.weapon)}'s overload")],
    Recovered: lambda r, n: [f"{who(n, c)} recovers {a} fatigue (now {now})" for c, a, now in r.recovered],
}


class FalloutRenderer:
    """Text and the map picture for Fallout."""

    def trait(self, name: str, value: int) -> str:
        """Say a trait as its number: 'Agility 8'."""
        return f"{name.title()} {value}"

    def initiative(self, value: int) -> str:
        """Say a place in the order as the seed's sequence: 'Sequence 18', or a newcomer's place at the end."""
        joined = joined_in(value)
        return f"Sequence {value}" if joined is None else f"Sequence at the end (newcomer of round {joined})"

    def result(self, result: object, names: Names) -> list[str]:
        """Render any Fallout result (unknown ones give no lines)."""
        render = _SIMPLE.get(type(result))
        return render(result, names) if render is not None else _tool_lines(result, names)

    def health(self, combatant: Combatant, *, detailed: bool) -> list[str]:
        """HP, fatigue and stun in full, and what is in hand; or a word."""
        vitals: Vitals = combatant.health
        if detailed:
            state = fighter(combatant)
            wounds = ", ".join(f"{i.part} {i.level}" for i in state.injuries)
            return [f"HP {vitals.hp}/{vitals.max_hp} · fatigue {vitals.fatigue} · stun {vitals.stun}"
                    + (f" · {wounds}" if wounds else ""), f"In hand: {safe(', '.join(state.hands)) or 'nothing'}"]
        if vitals.dead:
            return ["Dead"]
        if vitals.passed_out:
            return ["Unconscious"]
        share = vitals.hp / vitals.max_hp if vitals.max_hp else 0
        return ["Unhurt" if share >= 1 else "Wounded" if share > 0.5 else "Badly wounded"]

    def intent(self, intent: Intent, target: str, names: Names) -> str:
        """Say what is coming."""
        return f"{who(names, intent.actor)} attacks {target}"

    def picture_options(self) -> tuple[OptionSpec, ...]:
        """Offer the map's options: whose range bands or attack cone to draw."""
        return PICTURE_OPTIONS

    def picture(self, encounter: Encounter, options: Mapping[str, OptionValue]) -> bytes:
        """Draw the battle map as a PNG."""
        return draw(encounter, options)
