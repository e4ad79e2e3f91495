"""Farscape explosions as text: a grenade's throw or a charge's Demolitions roll, then what the blast did to each."""

from __future__ import annotations

from bot.render.dice import check_text, ladder, modifiers_text
from bot.render.names import Names, safe, who
from bot.systems.farscape.parts import damage_steps, harm_lines, same_moment_lines, strain_lines
from bot.systems.farscape.ranged import dodge_lines
from combat.systems.farscape.blast import Run
from combat.systems.farscape.explosives import Detonation
from combat.systems.farscape.grenades import BlastHit, Fragments, GrenadeThrow

__all__ = ["render_detonation", "render_grenade"]


def _motras(count: int) -> str:
    """Count motras in words: '1 motra', '3 motras'."""
    return f"{count} motra" if count == 1 else f"{count} motras"


def _run_lines(run: Run, names: Names) -> list[str]:
    """Show a run for cover: the dodge, the difficulty by the distance to the edge, and whether he got clear."""
    target = who(names, run.target)
    edge = run.radius - run.start
    head = (f"{target} runs for cover, {_motras(edge)} inside the {run.radius}-motra blast: against "
            f"{ladder(run.difficulty)}, margin {run.margin:+d}")
    verdict = f"gets clear, to {run.radius} motras" if run.cleared else "does not get clear"
    return [*dodge_lines(target, run.dodge), f"{head}: {verdict}"]


def _fragment_lines(frags: Fragments, names: Names, *, known_out: bool = False, ran: bool = False) -> list[str]:
    """Show the roll to avoid the fragments (or why there was none) and the fragments' wound; ``ran``: dodge shown."""
    target = who(names, frags.target)
    lines: list[str] = []
    if frags.margin is not None:
        if frags.dodge is None:
            lines.append(f"{target} never dodges: his Agility stands for the roll, without dice")
        elif not ran:  # the run for cover already showed the dodge
            lines.extend(dodge_lines(target, frags.dodge))
        prone = ", +1 lying prone" if frags.prone else ""
        verdict = "avoids the fragments" if frags.avoided else f"fails by {-frags.margin}"
        lines.append(f"Fragments: against {ladder(frags.difficulty)}{prone}, margin {frags.margin:+d}: {verdict}")
    else:
        lines.append(f"Fragments: {target} makes no roll (standing firm, unaware or unable) and takes the base damage")
    if frags.damage is not None:
        lines.append(damage_steps(frags.damage, "failed roll", label="Fragments damage", success=False))
    if frags.harm is not None:
        lines.extend(harm_lines(frags.harm, names, known_out=known_out))
    elif frags.damage is not None:
        lines.append(f"No wound from the fragments: the damage is 0 or less against {target}")
    return lines


def _hit_lines(hit: BlastHit, names: Names) -> list[str]:
    """Show one target's distance, the concussion's damage and wound, then the fragments."""
    target = who(names, hit.target)
    start = hit.run.start if hit.run is not None else hit.distance
    lines = [f"{target}, {_motras(start)} from the blast:"]
    if hit.run is not None:
        lines.extend(_run_lines(hit.run, names))
    frags = hit.fragments
    dodged_first = hit.run is None and frags is not None and frags.dodge is not None and frags.margin is not None
    if dodged_first and frags is not None and frags.dodge is not None:
        lines.extend(dodge_lines(target, frags.dodge))  # rolled before the concussion's Willpower roll
    lines.append(damage_steps(hit.concussion, "distance", label="Concussion damage", success=False))
    if hit.concussion_harm is not None:
        lines.extend(harm_lines(hit.concussion_harm, names))
    else:
        lines.append(f"No wound from the concussion against {target}")
    if hit.fragments is not None:
        out = hit.concussion_harm is not None and (hit.concussion_harm.unconscious or hit.concussion_harm.out)
        lines.extend(_fragment_lines(hit.fragments, names, known_out=out, ran=hit.run is not None or dodged_first))
    return lines


def render_grenade(result: GrenadeThrow, names: Names) -> list[str]:
    """Render a grenade: the throw against the range DL, the scatter, and what the blast did to each target."""
    actor = who(names, result.actor)
    grenade = result.grenade if result.grenade.lower().endswith("grenade") else f"{result.grenade} grenade"
    lines = [*strain_lines(actor, result.strain), f"{actor} throws a {safe(grenade)}",
             f"Throw: {check_text(result.throw)}"]
    if result.modifiers:
        lines.append(f"Throw modifiers: {modifiers_text(result.modifiers)}")
    if result.acting is not None:
        lines.append(f"Dodging while acting: the -1 goes on the {result.acting}")
    scatter = result.scatter
    if scatter.die is None:
        lines.append("It lands where it was aimed")
    else:
        lines.append(f"It scatters {scatter.motras} motras {scatter.direction} (d8: {scatter.die})")
    for hit in result.hits:
        lines.extend(_hit_lines(hit, names))
    if not result.hits:
        lines.append("Nobody is caught in the blast")
    return [*lines, *same_moment_lines(result.same_moment, names)]


def render_detonation(result: Detonation, names: Names) -> list[str]:
    """Render a charge set off: the Demolitions roll against the GM's difficulty, then what the blast did."""
    actor = who(names, result.actor)
    lines = [*strain_lines(actor, result.strain), f"{actor} sets off a {safe(result.explosive)}",
             f"Demolitions: {check_text(result.check)}"]
    if result.modifiers:
        lines.append(f"Demolitions modifiers: {modifiers_text(result.modifiers)}")
    if result.acting is not None:
        lines.append(f"Dodging while acting: the -1 goes on the {result.acting}")
    if not result.went_off:
        return [*lines, "It does not go off this element"]
    lines.append("It goes off where it was placed")
    if result.debris:
        lines.append(f"Debris: fragments of base Damage Rating {result.debris}")
    for hit in result.hits:
        lines.extend(_hit_lines(hit, names))
    if not result.hits:
        lines.append("Nobody is caught in the blast")
    return [*lines, *same_moment_lines(result.same_moment, names)]
