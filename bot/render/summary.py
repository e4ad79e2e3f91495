"""Round summaries and whose turn it is, as plain text: 'Aeryn → Trooper 1: hit, Hurt', 'Round 2 — Aeryn's turn'."""

from __future__ import annotations

import re

from bot.render.names import Names, listing, possessive, safe, who
from combat.model import Combatant, Encounter
from combat.summary import Beat, RoundSummary
from combat.system import RuleSystem

__all__ = ["by_initiative", "counts_note", "render_beat", "render_round_summary", "render_turn", "state_text"]


_SAYS_OUT = re.compile(r"\bout\b")


def render_beat(beat: Beat, names: Names) -> str:
    """Render one beat: 'Aeryn → Trooper 1: hit, Hurt, out', 'Aeryn → Rygel: miss', 'Aeryn: dodge (Great)'.

    Tending someone reads 'Zhaan → D'Argo: first aid, eases to Hurt'.
    """
    actor = who(names, beat.actor)
    note = safe(beat.note) if beat.note else None
    if beat.target is None:
        return f"{actor}: {safe(beat.move)}" + (f" ({note})" if note else "")
    if beat.aid:
        return f"{actor} → {who(names, beat.target)}: {safe(beat.move)}" + (f", {note}" if note else "")
    parts = ["hit" if beat.hit else "miss"]
    if beat.wound:
        parts.append(beat.wound)
    if note:
        parts.append(note)
    if beat.out and not _SAYS_OUT.search(", ".join(parts)):  # 'knocked out' says it already
        parts.append("out")
    return f"{actor} → {who(names, beat.target)}: " + ", ".join(parts)


def _conditions(pairs: tuple[tuple[str, str], ...], names: Names) -> list[str]:
    """Group the states in force by combatant: 'Aeryn: stunned, prone'."""
    grouped: dict[str, list[str]] = {}
    for cid, state in pairs:
        grouped.setdefault(cid, []).append(safe(state))
    return [f"{who(names, cid)}: {', '.join(states)}" for cid, states in grouped.items()]


def _slot(actors: tuple[str, ...], names: Names) -> str:
    """Name one slot of the order: 'Aeryn', or 'Aeryn and D'Argo together'."""
    text = listing(who(names, a) for a in actors)
    return f"{text} together" if len(actors) > 1 else text


def _order(summary: RoundSummary, names: Names) -> str:
    """Name the next round's order; with several phases, phase by phase: 'move: A, B; action: B, A'.

    When someone acts more than once a round, each slot says its count: 'Megaman (14), Badguy (11), Megaman (8)'.
    """
    if summary.next_phases:
        by_phase: dict[str, list[str]] = {}
        for phase, slot in zip(summary.next_phases, summary.next_order, strict=True):
            by_phase.setdefault(phase, []).append(_slot(slot, names))
        return "; ".join(f"{safe(phase)}: {', '.join(slots)}" for phase, slots in by_phase.items())
    acts = [a for slot in summary.next_order for a in slot]
    if summary.next_counts and len(acts) > len(set(acts)):
        slots = zip(summary.next_order, summary.next_counts, strict=True)
        return ", ".join(f"{_slot(slot, names)} ({count})" for slot, count in slots)
    return ", ".join(_slot(slot, names) for slot in summary.next_order)


def render_round_summary(summary: RoundSummary, names: Names) -> list[str]:
    """Render a finished round: each beat, the tally, who went down, the next round's start, the states, the order.

    ``names`` are the encounter's; whoever left it before the round ended is named as the summary knew him.
    """
    if summary.names:
        names = {**dict(summary.names), **names}
    lines = [f"Round {summary.round} summary"]
    lines.extend(render_beat(b, names) for b in summary.beats)
    if not summary.beats:
        lines.append("Nothing happened")
    lines.append(f"Hits: {summary.hits}, misses: {summary.misses}")
    if summary.down:
        lines.append("Down: " + listing(who(names, cid) for cid in summary.down))
    if summary.opening:
        opening = "; ".join(render_beat(b, names) for b in summary.opening)
        lines.append(f"As round {summary.round + 1} begins: {opening}")
    if summary.conditions:
        lines.append("In force: " + "; ".join(_conditions(summary.conditions, names)))
    if summary.next_order:
        lines.append(f"Order for round {summary.round + 1}: " + _order(summary, names))
    return lines


def render_turn(encounter: Encounter, names: Names) -> str:
    """Say whose turn it is: 'Round 2 — Aeryn's turn', 'Round 2 — Aeryn and D'Argo act together'."""
    turns = encounter.turns
    if turns.round == 0:
        return "The fight has not started yet"
    slot = turns.current
    if slot is None or not slot.waiting:
        return f"Round {turns.round} is over"
    phase = f", {slot.phase} phase" if len(turns.phases) > 1 else ""
    head = f"Round {turns.round}{phase}"
    waiting = slot.waiting
    ends = "the round" if slot.phase == turns.phases[-1].name else f"the {slot.phase} phase"
    held = f" with the held action, before {ends} ends" if slot.last_call else ""
    if len(waiting) == 1:
        return f"{head} — {possessive(who(names, waiting[0]))} turn{held}"
    return f"{head} — {listing([who(names, a) for a in waiting])} act together{held}"


def counts_note(encounter: Encounter, system: RuleSystem, combatant_id: str) -> str:
    """Say when someone with several actions a round acts, and which are still to come.

    ' (counts 14, 8, 2; to come: 8, 2)'; empty for one action a round. Nothing is to come for whoever cannot act
    now (stunned, down).
    """
    turns = encounter.turns
    entry = next((e for e in turns.order if e.combatant == combatant_id), None)
    if entry is None or len(entry.counts) < 2:
        return ""
    able = system.can_act(encounter.get(combatant_id), turns.phase or turns.phases[0].name)
    left = turns.to_come(combatant_id) if able else ()
    counts = ", ".join(str(n) for n in entry.counts)
    return f" (counts {counts}; to come: {', '.join(str(n) for n in left) or 'none'})"


def state_text(system: RuleSystem, encounter: Encounter, combatant: Combatant) -> str:
    """Say a combatant's states for the status: the system's ('stunned, prone'), 'holding' an action, else 'ready'.

    Whoever the system counts out of the fight with no state to name (an object in the scene) takes no part in it;
    whoever has no turn left in the round under way (he acted, or joined after his place) says so instead of 'ready'.
    """
    states = list(system.status(combatant))
    turns = encounter.turns
    if combatant.id in turns.holders:
        states.append("holding an action")
    if states:
        return ", ".join(states)
    if system.out_of_fight(combatant):  # scenery, say: counted out with no state to name
        return "takes no part in the fight"
    return "no turn left this round" if turns.round and not turns.to_come(combatant.id) else "ready"


def by_initiative(encounter: Encounter) -> list[Combatant]:
    """Return the combatants highest Initiative first (ties as the order breaks them); those without one last."""
    keys = {e.combatant: e.key(e.counts[0]) for e in encounter.turns.order if e.counts}
    ranked = sorted((c for c in encounter.combatants if c.id in keys), key=lambda c: keys[c.id], reverse=True)
    return [*ranked, *(c for c in encounter.combatants if c.id not in keys)]
