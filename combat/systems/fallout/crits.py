"""Critical points: one per full 5 over the number needed, spent by the attacker after seeing the roll.

Each point goes to critical damage (one of the weapon's dice [seed: "always one die"], past DT), knockback (the
same dice; a standing target goes back a hex per 4 rolled), knockdown (one stance per point [seed]) or stun (the
same dice, into the stun pool). Which effects besides damage a weapon has is in its table row.
"""

from __future__ import annotations

from combat.dice import DiceSource, parse_dice, roll_d
from combat.errors import InvalidInput, echo
from combat.frozen import replace
from combat.intent import Choice, Reaction
from combat.model import Encounter
from combat.options import OptionValue
from combat.systems.fallout.harm import deal, drop_stances, knock_back
from combat.systems.fallout.hexgrid import parse_hex
from combat.systems.fallout.pause import StrikeRecord
from combat.systems.fallout.results import Crit, Pushed
from combat.systems.fallout.state import fighter

__all__ = ["LABELS", "ask", "crit_dice", "padded", "preset", "spend"]

LABELS = {"damage": "Critical damage", "knockback": "Knockback", "knockdown": "Knockdown", "stun": "Stun"}


def crit_dice(damage: str) -> tuple[int, int]:
    """Return (count, sides) of a critical roll: one of the weapon's dice [seed: "(always one die)"]."""
    return 1, parse_dice(damage).die.sides


def preset(value: OptionValue | None, allowed: tuple[str, ...]) -> tuple[str, ...] | None:
    """Read ``crits:"damage, stun"`` (spent before the roll, in order); None when not given."""
    if not isinstance(value, str):
        return None
    words = tuple(w.strip().lower() for w in value.split(",") if w.strip())
    for word in words:
        if word not in allowed:
            raise InvalidInput(f"crits takes {', '.join(allowed)} for this weapon; '{echo(word)}' is not one.")
    return words


def ask(record: StrikeRecord, target_name: str) -> Reaction:
    """Ask the attacker where the next critical point goes (default: critical damage)."""
    number = len(record.spent) + 1
    choices = tuple(Choice(key, LABELS[key]) for key in record.allowed)
    prompt = f"Critical point {number} of {record.points} on {target_name}: spend it on?"
    return Reaction(record.actor, choices, "damage", prompt)


def spend(encounter: Encounter, record: StrikeRecord, dice: DiceSource) -> tuple[Encounter, list[Crit],
                                                                                 list[Pushed], int]:
    """Apply every spent point in order; return the crits, the knockbacks and the critical damage dealt."""
    crits: list[Crit] = []
    pushed: list[Pushed] = []
    dealt = 0
    driven = 0  # the points rolled by knockback so far: "every four points of damage rolled" [seed], added up
    for effect in record.spent:
        if effect == "knockdown":
            before = fighter(encounter.get(record.target)).stance
            encounter = drop_stances(encounter, record.target, 1)
            after = fighter(encounter.get(record.target)).stance
            crits.append(Crit(record.target, effect, (), int(after != before), after))  # 0: already prone
            continue
        faces = roll_d(dice, record.crit_count, record.crit_die).faces
        rolled = sum(faces)
        if effect == "damage":
            encounter = deal(encounter, record.target, rolled)
            dealt += rolled
            crits.append(Crit(record.target, effect, faces, rolled))
        elif effect == "stun":
            encounter = deal(encounter, record.target, 0, stun=rolled)
            crits.append(Crit(record.target, effect, faces, rolled))
        else:
            hexes = (driven + rolled) // 4 - driven // 4
            driven += rolled
            source = parse_hex(record.source) if record.source else None
            moved = None
            if source is not None:
                encounter, moved = knock_back(encounter, source, record.target, hexes)
            crits.append(Crit(record.target, effect, faces, moved.hexes if moved else 0))
            pushed += [moved] if moved else []
    return encounter, crits, pushed, dealt


def padded(record: StrikeRecord, chosen: tuple[str, ...]) -> StrikeRecord:
    """Spend the chosen points, the rest (if any) on critical damage."""
    spent = chosen[: record.points] + ("damage",) * max(0, record.points - len(chosen))
    return replace(record, spent=spent)
