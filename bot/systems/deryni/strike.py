"""A Deryni attack as text: the attack and its special, the defence, every roll, the outcome, damage and wound."""

from __future__ import annotations

from bot.render.dice import ladder, signed
from bot.render.names import Names, possessive, safe, who
from bot.systems.deryni.text import check_text, death_lines, meditation_line, rolled
from combat.systems.deryni.health import LEVELS, MORTAL
from combat.systems.deryni.results import Damage, Harm, Strike

__all__ = ["damage_line", "render_strike"]

_DEFENDS = {"shield": "blocks with", "parry": "parries with", "dodge": "dodges", "acrobatics": "tumbles aside"}


def _head(strike: Strike, actor: str, target: str) -> str:
    line = f"{actor} attacks {target} with their {safe(strike.weapon_name)}"
    if strike.special == "called":
        return f"{line}: a called shot at the {strike.location}"
    if strike.special == "knockout":
        return f"{line}: a knock-out blow ({safe(strike.method or '')})"
    if strike.special == "disarm":
        return f"{line}: a disarm, for the {safe(strike.disarm_item or '')}"
    return line


def _defence(strike: Strike, target: str) -> str:
    defence = strike.defence
    if strike.special == "disarm" and defence.kind in ("unable", "none"):
        how = "cannot resist" if defence.kind == "unable" else "does not resist"
        return f"{target} {how}: the attacker rolls 2dF alone, Fair or better takes it"
    if defence.kind == "unable":
        return f"{target} cannot defend: the attacker rolls 2dF alone, Poor or better hits"
    if defence.kind == "none":
        return f"{target} does not defend: the attacker rolls 2dF alone, Poor or better hits"
    verb = _DEFENDS[defence.kind]
    item = f" their {safe(strike.defence_name)}" if strike.defence_name else ""
    mode = " (all-out defence)" if defence.all_out else ""
    assert strike.parry is not None
    return f"{target} {verb}{item}{mode}: {rolled(strike.parry)}"


def _verdict(strike: Strike, target: str) -> str:
    if strike.outcome == "fumble":
        return "Terrible or less: the attack misses"
    if strike.outcome == "defended":
        if strike.parry is not None and strike.parry.result == strike.attack.result:
            return f"A tie goes to the defender: {target} stops the attack"
        return f"{target} stops the attack"
    if strike.parry is None:
        return f"It lands, {strike.margin} above Poor"
    return f"It gets past the defence by {strike.margin}"


def damage_line(value: Damage) -> str:
    """Show the damage value, each part named, and whether the attack beat the armour's difficulty."""
    parts = [f"relative degree {value.margin}", f"Strength {signed(value.strength)}"]
    if value.weapon:
        parts.append(f"{'sharp' if value.weapon > 0 else 'bare body'} {signed(value.weapon)}")
    if value.armour is not None and value.armour_difficulty is not None:
        armour = f"{possessive(safe(value.armour))} {ladder(value.armour_difficulty)}"
        parts.append(f"the attack beats the {armour}: no reduction" if value.beaten
                     else f"the attack does not beat the {armour}: {signed(value.armour_modifier)}")
    return "Damage: " + ", ".join(parts) + f" = {value.total}"


def _harm(harm: Harm, target: str) -> list[str]:
    lines = [damage_line(harm.damage)]
    wound = LEVELS[harm.rolled]
    if harm.pull is not None:
        lines.append(f"Pulling the blow: {check_text(harm.pull)}")
        if not harm.pull.success and harm.rolled < MORTAL:
            lines.append("A blow not pulled kills only on a Mortal wound: this one is less, so nothing comes of it")
    if harm.knocked_out:
        pulled = "" if harm.rolled == harm.level else f", pulled to {LEVELS[harm.level]}"
        if harm.death is None and not harm.waiting:
            lines.append(f"{wound} wound{pulled}: {target} is knocked out (no Death Test for a knock-out)")
        else:
            lines.append(f"{wound} wound{pulled}: {target} is knocked out, and being injured already, may die of it")
    elif harm.limb == "severed":
        lines.append(f"{wound} wound to the {harm.location}: it is severed; a lesser wound overall: Critical")
    elif harm.limb == "disabled":
        lines.append(f"{wound} wound to the {harm.location}: it is useless")
    else:
        where = f" to the {harm.location}" if harm.location else ""
        lines.append(f"{target} takes a {wound} wound{where}")
    if harm.level == MORTAL:
        lines.append(f"{target} falls unconscious, Near Death")
    if harm.death is not None:
        lines += death_lines(harm.death, target, waiting=harm.waiting)
    return lines


def render_strike(strike: Strike, names: Names) -> list[str]:
    """Render one attack, one fact per line."""
    actor, target = who(names, strike.actor), who(names, strike.target)
    lines = [_head(strike, actor, target), f"{actor}: {rolled(strike.attack)}", _defence(strike, target)]
    unresisted = strike.special == "disarm" and strike.parry is None and strike.outcome in ("disarmed", "kept")
    if not unresisted:  # an unresisted disarm needs Fair, not Poor: its own line below says how it went [seed]
        lines.append(_verdict(strike, target))
    if strike.contest is not None:
        verdict = "wins" if strike.contest.won else "loses: the defender holds on"
        lines.append(f"Strength: {actor} {rolled(strike.contest.attacker)} against {target} "
                     f"{rolled(strike.contest.defender)}: {actor} {verdict}")
    elif unresisted:
        verdict = "Fair or better" if strike.outcome == "disarmed" else "short of Fair"
        lines.append(f"Unresisted, the disarm needs Fair: {verdict}")
    if strike.outcome == "disarmed":
        lines.append(f"{possessive(target)} {safe(strike.disarm_item or '')} falls to the floor")
    if strike.harm is not None:
        lines += _harm(strike.harm, target)
    if strike.dodged:
        how = "'s acrobatics fell short of Good: a plain dodge" if strike.defence.kind == "acrobatics" else " dodged"
        lines.append(f"{target}{how}: -1 to their later actions this round, -1 Initiative next round")
    if strike.acrobatic:
        lines.append(f"{target}'s acrobatics reached Good: no penalty for dodging")
    lines += [meditation_line(m, who(names, m.combatant)) for m in strike.meditation]
    return lines
