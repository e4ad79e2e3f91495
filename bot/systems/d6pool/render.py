"""Render every d6 pool result as plain lines: each pool with its faces, each success, each HTK lost."""

from __future__ import annotations

from bot.render.names import Names, safe, who
from bot.systems.d6pool.rolls import contest_line, count_text, htk_bar, init_line, pool_text, save_line, successes
from combat.intent import Intent
from combat.model import Combatant
from combat.systems.d6pool.model import Htk
from combat.systems.d6pool.results import (
    Attack,
    AttackRoll,
    Joined,
    Moved,
    Recovered,
    Recovery,
    RoundBegins,
    Set,
    Spent,
)
from combat.systems.d6pool.sheet import ATTRIBUTES

__all__ = ["D6PoolRenderer", "render_result"]

_DEFENDED = {"agility": "Agility", "psi": "Psi", "object": "defence"}


def _attack(roll: AttackRoll, names: Names) -> list[str]:
    actor, target = who(names, roll.actor), who(names, roll.target)
    attribute = "Psi" if roll.kind == "psionic" else "Agility"
    attack = pool_text(roll.attack, (roll.skill or "", roll.skill_mod), ("GM", roll.gm_mod))
    if roll.defence_kind == "helpless":
        defence = "no defence (helpless) = 0"
    else:
        full = f"full defence ({roll.defending}) " if roll.defending else ""
        rolled = pool_text(roll.defence, (roll.defence_skill or "", roll.defence.modifier))
        defence = f"{full}{_DEFENDED[roll.defence_kind]} {rolled}"
    lines = [f"{actor} attacks {target} with {safe(roll.weapon_name)} ({roll.kind}): {attribute} {attack} vs {defence}"]
    if not roll.hit:
        tie = " (a tie goes to the defender)" if roll.attack.total == roll.defence.total else ""
        return [*lines, f"Miss{tie}"]
    assert roll.damage is not None and roll.soak is not None
    pf = f"PF {roll.pf}"
    if roll.strength_pf:
        pf += f" ({safe(roll.weapon_name)} {roll.pf - roll.strength_pf} {roll.strength_pf:+d} Strength)"
    if roll.kind == "psionic":
        armour = f"Psyche {roll.protection}"
    elif roll.armour is not None:
        armour = f"protection {roll.protection} ({safe(roll.armour)})"
    else:
        armour = f"protection {roll.protection} (none worn)" if roll.defence_kind != "object" else \
            f"protection {roll.protection}"
    return [*lines, "Hit",
            f"Damage: {pf} {count_text(roll.damage)} vs {armour} {count_text(roll.soak)} "
            f"→ {successes(roll.successes)}"]


def _where(spent: Spent, names: Names) -> str:
    target = who(names, spent.target)
    if spent.dead:
        return f"{target} is dead or destroyed (HTK {spent.htk}/{spent.htk_total})"
    if spent.down:
        return f"{target} is down: unconscious or disabled (HTK {spent.htk}/{spent.htk_total})"
    return f"{target}: HTK {spent.htk}/{spent.htk_total}"


def _spent(spent: Spent, names: Names) -> list[str]:
    target = who(names, spent.target)
    lines = [f"{target} loses {spent.lost} HTK"] if spent.lost else []
    if spent.contest is not None:
        lines.append(contest_line(spent.contest, spent.actor, spent.target, names))
    if spent.effect == "stun" and spent.save is not None:
        failed = "stunned: loses all next round's actions" if spent.next_round else \
            "stunned: loses the rest of this round's actions"
        lines.append(save_line("Stun save", spent.save, names, spent.target, failed))
    elif spent.effect == "knockout" and spent.save is not None:
        lines.append(save_line("Knock-out save", spent.save, names, spent.target, "knocked out", plus=1))
    elif spent.effect in ("knockdown", "throw", "hold"):
        verb = {"knockdown": "is knocked down", "throw": "is thrown", "hold": "is held"}[spent.effect]
        how = " (one success spent)" if spent.contest is None else ""
        lines.append(f"{target} {verb}{how}" if spent.took else f"{target} resists the {spent.effect}")
    lines += [f"{target} lets go of {who(names, freed)}" for freed in spent.released]
    return [*lines, _where(spent, names)]


def _moved(moved: Moved, names: Names) -> list[str]:
    actor = who(names, moved.actor)
    if moved.move in ("dodge", "block"):
        return [f"{actor} goes on full defence ({moved.move}) for the round: no attacks, +1 defence die"]
    if moved.move == "escape" and moved.contest is not None:
        outcome = f"{actor} breaks free" if moved.done else f"{actor} is still held"
        return [contest_line(moved.contest, moved.actor, moved.other or "", names), outcome]
    if moved.move == "letgo":
        return [f"{actor} lets go of {who(names, moved.other)}"]
    return [{"stand": f"{actor} gets up", "retreat": f"{actor} retreats from the fight"}.get(moved.move, actor)]


def _recovery(recovery: Recovery, names: Names) -> list[str]:
    name = who(names, recovery.combatant)
    if recovery.save is None:
        return [f"{name} wakes up: the Power Factor has fallen to 0"]
    failed = f"stays out (PF {recovery.save.pf - 1} next round)"
    line = save_line("Waking", recovery.save, names, recovery.combatant, failed)
    return [line.replace("→ resists", "→ wakes up")]


def _round(begins: RoundBegins, names: Names) -> list[str]:
    lines = [f"{who(names, cid)} is no longer {name}" for cid, name in begins.expired if name == "stunned"]
    for recovery in begins.recoveries:
        lines += _recovery(recovery, names)
    lines += [f"{who(names, cid)} is stunned: no actions this round" for cid in begins.stunned]
    return [*lines, *(init_line(r, names) for r in begins.rolls)]


def _recovered(result: Recovered, names: Names) -> list[str]:
    care = [w for w, on in (("resting", result.rest), ("treated", result.treated)) if on]
    how = f" ({', '.join(care)})" if care else ""
    return [f"{who(names, result.target)} recovers {result.gained} HTK in {result.days} day(s){how}: "
            f"HTK {result.htk}/{result.htk_total}"]


def render_result(result: object, names: Names) -> list[str]:
    """Render any d6 pool result; unknown ones give no lines."""
    if isinstance(result, AttackRoll):
        return _attack(result, names)
    if isinstance(result, Attack):
        nothing = ["Nothing gets through: no effect"] if result.spent and result.spent.choice == "none" else []
        return _attack(result.roll, names) + nothing + (_spent(result.spent, names) if result.spent else [])
    if isinstance(result, Spent):
        return _spent(result, names)
    if isinstance(result, Moved):
        return _moved(result, names)
    if isinstance(result, RoundBegins):
        return _round(result, names)
    if isinstance(result, Joined):
        return [init_line(r, names) for r in result.rolls]
    if isinstance(result, Recovered):
        return _recovered(result, names)
    if isinstance(result, Set):
        return [f"{who(names, result.target)}: {result.what} set to {result.value}"]
    return []


class D6PoolRenderer:
    """The d6 pool's text for Fray's generic renderers."""

    def trait(self, name: str, value: int) -> str:
        """Say an attribute as its number ('Agility 4'), a skill as its modifier ('Swords +3').

        HTK 0 means "worked out by the tier's rule" (characters: Stamina x2 + level), and Defence counts for
        objects only: the card says so rather than showing a bare 0 or 2.
        """
        if name == "htk":
            return f"HTK {value}" if value else "HTK by the rule (Stamina x2 + level for characters)"
        if name == "defence":
            return f"Defence {value} (objects only)"
        return f"{name.title()} {value}" if name in ATTRIBUTES else f"{name.title()} {value:+d}"

    def result(self, result: object, names: Names) -> list[str]:
        """Render any d6 pool result."""
        return render_result(result, names)

    def health(self, combatant: Combatant, *, detailed: bool) -> list[str]:
        """Show HTK as boxes, or (for players looking at an NPC) a number-free word."""
        health: Htk = combatant.health
        if detailed:
            return [htk_bar(health)]
        thing = combatant.sheet.tier == "object"
        if health.dead:
            return ["Destroyed" if thing else "Dead"]
        if health.down:
            return ["Disabled" if thing else "Down"]
        if health.lost == 0:
            return ["Intact" if thing else "Unhurt"]
        badly = health.current * 2 <= health.htk
        if thing:
            return ["Badly damaged" if badly else "Damaged"]
        return ["Badly hurt" if badly else "Hurt"]

    def intent(self, intent: Intent, target: str, names: Names) -> str:
        """Say what is coming: 'Megaman attacks Badguy'."""
        return f"{who(names, intent.actor)} attacks {target}"
