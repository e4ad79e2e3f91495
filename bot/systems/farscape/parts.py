"""Pieces every Farscape rendering shares: damage steps, the wound marked, Willpower rolls and conditions."""

from __future__ import annotations

from collections.abc import Iterable

from bot.render.dice import check_text, signed
from bot.render.names import Names, safe, who
from combat.fudge import Check
from combat.model import Condition
from combat.systems.farscape.damage import ARMOUR_CLASSES, PENETRATION, Damage
from combat.systems.farscape.harm import Harm
from combat.systems.farscape.wounds import WoundMark, stun_penalty

__all__ = [
    "HIDDEN_CONDITIONS",
    "condition_text",
    "conditions_lines",
    "damage_steps",
    "harm_lines",
    "same_moment_lines",
    "shown",
    "strain_lines",
    "wound_text",
]

# [ours] Bookkeeping conditions that say nothing to the table (and per-opponent engagements and ammunition counts,
# which are shown another way: 'engaged with', 'Ammunition left'); every other condition set is shown.
HIDDEN_CONDITIONS = frozenset({"acted", "dodge split", "wielding", "same moment", "size step", "quick drawn",
                               "penalty on dodge"})
_HIDDEN_PREFIXES = ("engaged:", "ammo:")
_WITH = {"engaged": "engaged with", "grappling": "grappling"}
_CONDITION_WORDS = {"stun": "stunned", "dodge": "dodging", "lock strained": "lock strained"}
_AT_BAY = "at bay:"
_COUNTER = "counter:"


def _word(name: str, names: Names) -> str:
    """Name a condition for a sentence: 'stunned', 'keeping Trooper 1 at bay'."""
    if name.startswith(_AT_BAY):
        return f"keeping {who(names, name.removeprefix(_AT_BAY))} at bay"
    return safe(_CONDITION_WORDS.get(name, name))


def _term(label: str, value: int) -> str:
    """Write one later term of a sum: '+ Strength 1' or '- armour 2'."""
    return f"+ {label} {value}" if value >= 0 else f"- {label} {-value}"


def _armour(damage: Damage) -> str:
    """Write the armour term with its making: '- armour 4 (medium 2, slash +2)', shown even when it comes to 0."""
    if damage.armour_class is None:
        return _term("armour", -damage.protection) if damage.protection else ""
    penetration = PENETRATION[damage.damage_type][ARMOUR_CLASSES.index(damage.armour_class)]
    floor = ", not below 0" if damage.armour_rating + penetration < 0 else ""
    made = f"{damage.armour_class} {damage.armour_rating}, {damage.damage_type} {signed(penetration)}{floor}"
    return f"- armour {damage.protection} ({made})"


def damage_steps(damage: Damage, bonus: str = "bonus", *, label: str = "Damage", success: bool = True) -> str:
    """Show every step of a damage value: 'Damage: DR 3 + Strength 1 + success 2 + quality 1 - armour 2 = 5'.

    Strength, quality and the bonus (named by ``bonus``: the move, the burst, the distance) appear only when they
    are not zero, the armour whenever it is worn, with its rating and the damage type's penetration; the Damage
    Rating always does, and the success level unless ``success`` is False (a grenade's blast has none).
    """
    terms = [_term("Strength", damage.strength)] if damage.strength else []
    if success:
        terms.append(_term("success", damage.success))
    if damage.quality:
        terms.append(_term("quality", damage.quality))
    if damage.bonus:
        terms.append(_term(bonus, damage.bonus))
    armour = _armour(damage)
    if armour:
        terms.append(armour)
    steps = " ".join([f"DR {damage.rating}", *terms])
    return f"{label}: {steps} = {damage.value}"


def wound_text(target: str, wound: WoundMark) -> str:
    """Describe the box marked: '… takes 5 lethal: Hurt full, rolled up to Very Hurt (box 1)'."""
    head = f"{target} takes {wound.damage} {wound.kind}"
    if wound.damage <= 0:
        return f"{target} takes no {wound.kind} damage ({wound.damage}): no wound"
    if wound.landed is None:
        return f"{head}: no wound"
    if wound.overflow:
        return f"{head}: lands on {wound.landed}, but every box from there up is full; nothing more to mark"
    if wound.rolled_up:
        return f"{head}: {wound.landed} is full, rolled up to {wound.marked} (box {wound.box})"
    return f"{head}: {wound.marked} (box {wound.box})"


def harm_lines(harm: Harm, names: Names, *, known_out: bool = False) -> list[str]:
    """Show a wound marked, the track's new level, any Willpower roll, and whether the target is out (once)."""
    target = who(names, harm.target)
    wound = harm.wound
    lines = [wound_text(target, wound)]
    if wound.before != wound.after:
        lines.append(f"{target}'s {wound.kind} track: {wound.before} → {wound.after}")
    if harm.willpower is not None:
        lines.append(f"{target} rolls to stay conscious: {check_text(harm.willpower)}")
    if known_out:
        return lines
    if harm.unconscious:
        lines.append(f"{target} is unconscious")
    elif harm.out:
        lines.append(f"{target} is out of the fight (incapacitated)")
    return lines


def _span(elements: int) -> str:
    """Name a run of elements counted from the current one: 'this element', 'this element and the next 2'."""
    if elements <= 1:
        return "this element"
    return "this element and the next" + (f" {elements - 1}" if elements > 2 else "")


def _stun_text(condition: Condition) -> str:
    """Describe the stun penalty as it will run: 'stunned -2 (this element and the next 2, then -1 for one more)'."""
    left = condition.elements or 1
    if stun_penalty(condition) <= -2:
        return f"stunned -2 ({_span(left - 1)}, then -1 for one more)"
    return f"stunned -1 ({_span(left)})"


def condition_text(condition: Condition, names: Names) -> str:
    """Describe a condition: 'prone -1 (this element and the next, from Aeryn)', 'engaged with Trooper 1'."""
    if condition.name in _WITH and condition.source is not None:
        return f"{_WITH[condition.name]} {who(names, condition.source)}"
    if condition.name == "stun" and condition.value:
        return _stun_text(condition)
    if condition.name.startswith(_COUNTER) and condition.source is not None:
        foe = who(names, condition.source)
        return f"free to counter {foe} with a lock this element (/act move:counter target:{foe})"
    if condition.name == "feinted" and condition.source is not None:  # it counts in the next element only [seed]
        return f"feinted {signed(condition.value)} (defending against {who(names, condition.source)} next element)"
    paired = condition.name.startswith(_AT_BAY)
    text = _word(condition.name, names)
    if condition.value:
        text += f" {signed(condition.value)}"
    extras: list[str] = []
    if condition.elements is not None:
        extras.append(_span(condition.elements))
    if condition.source is not None and not paired:
        extras.append(f"from {who(names, condition.source)}")
    return text + (f" ({', '.join(extras)})" if extras else "")


def shown(name: str) -> bool:
    """Tell whether a condition is worth a line of its own."""
    return name not in HIDDEN_CONDITIONS and not name.startswith(_HIDDEN_PREFIXES)


def conditions_lines(
    added: Iterable[tuple[str, Condition]], removed: Iterable[tuple[str, str]], names: Names
) -> list[str]:
    """Show the conditions set and ended, one per line, leaving out bookkeeping ones."""
    # The wound lines already say who was knocked out.
    lines = [
        f"{who(names, cid)} is now {condition_text(c, names)}"
        for cid, c in added
        if shown(c.name) and c.name != "unconscious"
    ]
    lines += [f"{who(names, cid)} is no longer {_word(name, names)}" for cid, name in removed
              if shown(name) and not name.startswith(_COUNTER)]  # a chance to counter just passes
    return lines


def same_moment_lines(partners: Iterable[str], names: Names) -> list[str]:
    """Say which partners of the actor's Initiative still act this element as they were before the wound."""
    return [
        f"{who(names, cid)} shares this Initiative and acts at the same time: this wound neither stops nor slows "
        "their action this element"
        for cid in partners
    ]


def strain_lines(actor: str, strain: Check | None) -> list[str]:
    """Show an Incapacitated actor's Great Willpower roll that let him act (nothing when he did not strain)."""
    return [] if strain is None else [f"{actor} strains to act while Incapacitated: {check_text(strain)}"]
