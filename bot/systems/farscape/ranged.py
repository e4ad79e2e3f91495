"""Farscape ranged results as text: volleys shot by shot, dodges, reloads and quick draws."""

from __future__ import annotations

from bot.render.dice import ladder, modifiers_text, signed, trait_roll
from bot.render.names import Names, listing, possessive, safe, who
from bot.systems.farscape.parts import damage_steps, harm_lines, same_moment_lines, strain_lines
from combat.systems.farscape.ammo import Reload
from combat.systems.farscape.autofire import FirePlan
from combat.systems.farscape.quickdraw import QuickDraw
from combat.systems.farscape.ranged import Volley
from combat.systems.farscape.ranged_attack import Attack
from combat.systems.farscape.ranged_dodge import Dodge, DodgeUse

__all__ = ["dodge_lines", "render_dodge", "render_quick_draw", "render_reload", "render_volley"]


def _plan_line(plan: FirePlan) -> str:
    """Describe what was fired: the mode, the shots, the rounds from each weapon, the burst and the fire arc."""
    rounds = listing(f"{n} from {safe(w)}" for w, n in zip(plan.weapons, plan.rounds, strict=True))
    if plan.mode == "single":
        text = "single shot"
    elif plan.mode == "semi":
        text = f"semi-automatic, {plan.shots} shot{'s' if plan.shots != 1 else ''}"
    else:
        text = "automatic burst"
    text = f"Fire: {text}; rounds {rounds}"
    if plan.burst:
        text += f"; burst {signed(plan.burst)}"
    if plan.arc:
        text += f"; fire arc {plan.arc_width} motras ({signed(-plan.arc)})"
    if plan.damage_bonus:
        text += f"; damage {signed(plan.damage_bonus)}"
    return text


def dodge_lines(target: str, use: DodgeUse) -> list[str]:
    """Show the dodge an attack met: a free roll if one was made, then the value with every adjustment."""
    lines: list[str] = []
    if use.rolled is not None:
        lines.extend(_dodge_roll_lines(target, use.rolled))
    parts = [f"{possessive(target)} dodge {ladder(use.stored)}"]
    if use.decline:
        parts.append(f"{signed(use.decline)} for earlier attacks")
    if use.thrown:
        parts.append(f"{signed(use.thrown)} against a thrown weapon")
    value = f" = {ladder(use.value)}" if len(parts) > 1 else ""
    return [*lines, ", ".join(parts) + value]


def _dodge_roll_lines(name: str, dodge: Dodge) -> list[str]:
    """Show a dodge roll and its modifiers."""
    kind = " (a free roll)" if dodge.free else ""
    lines = [f"{name} dodges{kind}: {trait_roll(dodge.roll)}"]
    if dodge.modifiers:
        lines.append(f"Dodge modifiers: {modifiers_text(dodge.modifiers)}")
    if dodge.on_dodge:
        lines.append(f"When {name} acts or fights back this element, the -1 for dodging goes on the dodge")
    return lines


def _defence_lines(attack: Attack, target: str) -> list[str]:
    """Show how the target defended and what the attack had to beat."""
    if attack.defence == "warning":
        return [f"Warning shot: against the range DL {ladder(attack.difficulty)} only; it harms no one"]
    if attack.defence == "melee":
        return [f"{target} is in a melee: unopposed, DL {ladder(attack.difficulty)} "
                f"(range {ladder(attack.minimum)} raised by {possessive(target)} Agility)"]
    if attack.defence == "unaware":
        return [f"{target} cannot defend: unopposed against the range DL {ladder(attack.difficulty)}"]
    if attack.defence == "none":
        return [f"{target} takes it (no dodge): unopposed against the range DL {ladder(attack.difficulty)}"]
    if attack.defence == "minion":
        return [f"{target} never dodges: unopposed against {ladder(attack.difficulty)} (Agility less wounds); "
                f"the shot must also reach the range DL {ladder(attack.minimum)}"]
    lines = dodge_lines(target, attack.dodge) if attack.dodge is not None else []
    return [*lines, f"The shot must also reach the range DL {ladder(attack.minimum)}"]


def _outcome_line(attack: Attack) -> str:
    """Say whether the attack hit, with the margin."""
    margin = f"margin {signed(attack.margin)}"
    if attack.defence == "warning":
        return f"Warning given ({margin})"
    if attack.hit:
        return f"Hit ({margin})"
    if attack.defence == "dodge" and attack.margin >= 1:
        return f"Miss: the shot falls short of the range DL ({margin} against the dodge)"
    if attack.defence == "minion" and attack.margin >= 0:
        return f"Miss: the shot falls short of the range DL ({margin} against Agility)"
    if attack.defence == "dodge":
        return f"Miss: the dodge holds ({margin})"
    return f"Miss ({margin})"


def _attack_lines(attack: Attack, names: Names, shots: int) -> list[str]:
    """Show one attack roll: the roll and its modifiers, the defence, the outcome, the damage and the wound."""
    target = who(names, attack.target)
    label = f"Shot {attack.shot} at {target}" if shots > 1 else f"Shot at {target}"
    lines = [f"{label}: {trait_roll(attack.roll)}"]
    if attack.modifiers:
        lines.append(f"Attack modifiers: {modifiers_text(attack.modifiers)}")
    lines.extend(_defence_lines(attack, target))
    lines.append(_outcome_line(attack))
    if attack.struck is not None and attack.struck != attack.target:
        lines.append(f"Missed by one: the shot strikes {who(names, attack.struck)} instead (success 0, torso)")
    if attack.damage is not None:
        lines.append(damage_steps(attack.damage, "extra"))
    if attack.struck is not None and attack.harm is None:
        lines.append(f"No wound: the damage is 0 or less against {who(names, attack.struck)}")
    if attack.harm is not None:
        lines.extend(harm_lines(attack.harm, names))
    return lines


def render_volley(result: Volley, names: Names) -> list[str]:
    """Render a shoot move: the fire plan, range and location, every attack roll, and the ammunition left."""
    actor = who(names, result.actor)
    targets = listing(dict.fromkeys(who(names, a.target) for a in result.attacks))
    lines = [*strain_lines(actor, result.strain), f"{actor} fires {listing(safe(w) for w in result.plan.weapons)} at "
             f"{targets}", _plan_line(result.plan)]
    place = f"; aimed at the {result.location}" if result.location != "torso" else ""
    lines.append(f"Range DL {ladder(result.range)}{place}")
    if result.acting is not None:
        lines.append(f"Dodging while acting: the -1 goes on the {result.acting}")
    if result.warning:
        lines.append(f"{possessive(actor)} first shot of the fight is a warning: it draws attention, harms no one")
    shots = len({a.shot for a in result.attacks})  # a burst over an arc is one shot, with a roll per target
    for attack in result.attacks:
        lines.extend(_attack_lines(attack, names, shots))
    lines.extend(f"Ammunition left in {safe(key)}: {left}" for key, left in result.ammo)
    return [*lines, *same_moment_lines(result.same_moment, names)]


def render_dodge(result: Dodge, names: Names) -> list[str]:
    """Render the element's dodge roll."""
    name = who(names, result.combatant)
    return [
        *_dodge_roll_lines(name, result),
        f"{possessive(name)} dodge this element: {ladder(result.value)} against every ranged attack "
        "(one level lower for each attack after the first, except for protagonists and antagonists)",
    ]


def render_reload(result: Reload, names: Names) -> list[str]:
    """Render a reload: the weapon, the full magazine, and the dodge it lowered."""
    actor = who(names, result.actor)
    lines = [*strain_lines(actor, result.strain), f"{actor} reloads {safe(result.weapon)}: {result.rounds} rounds; "
             "it takes the element"]
    if result.dodge is not None:
        lines.append(f"{possessive(actor)} dodge this element drops to {ladder(result.dodge)}")
    return lines


def render_quick_draw(result: QuickDraw, names: Names) -> list[str]:
    """Render a quick draw: both Speed rolls with their modifiers, and who drew first."""
    actor, opponent = who(names, result.actor), who(names, result.opponent)
    lines = [f"Quick draw: {actor} against {opponent}", f"{actor} rolls {trait_roll(result.actor_roll)}"]
    if result.actor_modifiers:
        lines.append(f"{actor} modifiers: {modifiers_text(result.actor_modifiers)}")
    lines.append(f"{opponent} rolls {trait_roll(result.opponent_roll)}")
    if result.opponent_modifiers:
        lines.append(f"{opponent} modifiers: {modifiers_text(result.opponent_modifiers)}")
    winner = result.winner
    if winner is None:
        return [*lines, "A tie: both draw at the same moment"]
    return [*lines, f"{who(names, winner)} draws first (margin {abs(result.margin)})"]
