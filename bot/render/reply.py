"""Turn a service reply into plain text lines: what the local table prints and what Discord embeds show.

Nothing here knows a rule system: results, health and intents are rendered by the system's own renderer, found by
the encounter's system key in the registry.
"""

from __future__ import annotations

from bot.registry import find
from bot.render.bodies import Context, UserNames, render_body
from bot.render.guide import guide_lines
from bot.render.help import help_lines
from bot.render.names import Names, listing, safe, who
from bot.render.plugin import SystemRenderer, initiative_text
from bot.render.reaction import answer_lines, asked_lines, declared_lines, waiting_line
from bot.render.recap import recap_lines
from bot.render.summary import by_initiative, counts_note, render_round_summary, render_turn, state_text
from bot.services.replies import Ended, HelpShown, Recapped, Reply, StatusShown
from combat.intent import Asked, Declared
from combat.model import Encounter
from combat.system import RuleSystem

__all__ = ["ENDED", "UserNames", "names_of", "render_reply", "renderer_of", "result_lines", "status_lines"]

# Said over a read of the channel's last fight after it ended (its log, its export).
ENDED = "This fight has ended; its log and recap stay readable here until a new one starts."


def names_of(encounter: Encounter | None) -> dict[str, str]:
    """Return the display name of every combatant by id."""
    return {c.id: c.name for c in encounter.combatants} if encounter else {}


def renderer_of(system: RuleSystem) -> SystemRenderer:
    """Return the renderer of a rule system."""
    return find(system.key).renderer


def result_lines(reply: Reply, names: Names) -> list[str]:
    """Render the rules' result: a declared intent, one paused after its dice, or the system's own result."""
    if reply.result is None or reply.system is None:
        return []
    return _result_lines(reply.result, names, renderer_of(reply.system))


def _result_lines(result: object, names: Names, renderer: SystemRenderer) -> list[str]:
    """Render a result with the system's renderer (see ``result_lines``)."""
    if isinstance(result, Declared):
        return declared_lines(result, names, renderer)
    if isinstance(result, Asked):
        return asked_lines(result, names, renderer)
    return renderer.result(result, names)


def _skipped_lines(reply: Reply, skipped: tuple[tuple[str, str], ...], names: Names) -> list[str]:
    """Say who is passed over, once each (with their phases when the fight has several).

    Whoever is out of the fight is left unsaid: his fall was told when it happened, and he would be named every round.
    """
    if not skipped:
        return []
    encounter, system = reply.encounter, reply.system
    phased = encounter is not None and len(encounter.turns.phases) > 1
    out = {c.id for c in encounter.combatants if system.out_of_fight(c)} if encounter and system else set()
    phases: dict[str, list[str]] = {}
    for cid, phase in skipped:
        if cid not in out:
            phases.setdefault(cid, []).append(phase)
    if phased:  # in a round of phases, a phase can simply offer him nothing (a charge with no foe in reach)
        return [f"{who(names, cid)} has no move to make in the {listing(dict.fromkeys(ps))} phase and is passed over."
                for cid, ps in phases.items()]
    return [f"{who(names, cid)} cannot act and is passed over." for cid in phases]


def _change_lines(reply: Reply, names: Names, summaries: bool, renderer: SystemRenderer | None) -> list[str]:
    change = reply.change
    if change is None:
        return []
    lines = _skipped_lines(reply, change.skipped, names)
    if change.lapsed:
        lines += [f"{who(names, cid)}'s held action lapses." for cid in change.lapsed]
    if change.round_end is not None and renderer is not None:
        lines += renderer.result(change.round_end, names)
    for summary in reply.summaries if summaries else ():
        lines += render_round_summary(summary, names)
    if change.started is not None:
        lines.append(f"— Round {change.started.round} begins —")
        lines += renderer.result(change.started, names) if renderer else []
    for started in change.turn_starts:
        lines += renderer.result(started.result, names) if renderer else []
    return lines + _skipped_lines(reply, change.skipped_new, names)


def status_lines(reply: Reply, users: UserNames, *, detailed: bool = True) -> list[str]:
    """Render the status: the encounter, everyone's side, initiative, states and health, and whose turn it is."""
    encounter, system = reply.encounter, reply.system
    if encounter is None or system is None:
        return []
    renderer = renderer_of(system)
    name = reply.body.name if isinstance(reply.body, StatusShown) else "Encounter"
    lines = [f"{safe(name)} — {system.title}, GM {users.name(reply.gm)}"]
    order = {e.combatant: e.counts[0] for e in encounter.turns.order if e.counts}
    for c in by_initiative(encounter):
        states = state_text(system, encounter, c)
        owner = f" ({users.name(c.owner)})" if c.owner else ""
        counts = counts_note(encounter, system, c.id)
        init = f" {initiative_text(renderer, order[c.id])}{counts}" if c.id in order else ""
        lines.append(f"• {safe(c.name)}{owner} [{safe(c.side)}]{init}: {states}")
        lines += [f"    {line}" for line in renderer.health(c, detailed=detailed or bool(c.owner))]
    names = names_of(encounter)
    lines.append(render_turn(encounter, names))
    lines += [w for w in (waiting_line(encounter, names),) if w]
    return lines


def _body_lines(reply: Reply, names: Names, users: UserNames) -> list[str]:
    """Render the reply's body (most replies have none, and need no context built for it)."""
    if reply.body is None:
        return []
    return render_body(reply.body, Context(names, users, reply.system.title if reply.system else "", reply.system))


def render_reply(reply: Reply, users: UserNames, *, summaries: bool = True, turn: bool = True) -> list[str]:
    """Render a reply as text lines; Discord posts summaries and the turn separately, so it can leave them out."""
    names = names_of(reply.encounter)
    if isinstance(reply.body, StatusShown):
        return status_lines(reply, users) + (guide_lines(reply) if turn else [])
    if isinstance(reply.body, HelpShown):
        return help_lines(reply.system)
    if isinstance(reply.body, Recapped):
        return recap_lines(reply, users)
    lines: list[str] = [ENDED] if reply.ended else []
    if isinstance(reply.body, Ended):
        for summary in reply.summaries if summaries else ():
            lines += render_round_summary(summary, names)
        return [*lines, *_body_lines(reply, names, users), *(guide_lines(reply) if turn else [])]
    if reply.settled is not None:
        lines += render_reply(reply.settled, users, summaries=False, turn=False)
    lines += answer_lines(reply.answer, names)
    lines += _body_lines(reply, names, users)
    renderer = renderer_of(reply.system) if reply.system is not None else None  # once, for the result and the change
    if reply.result is not None and renderer is not None:
        lines += _result_lines(reply.result, names, renderer)
    lines += _change_lines(reply, names, summaries, renderer)
    if turn and reply.encounter is not None and reply.encounter.turns.round and reply.command not in (
            "encounter log", "odds"):
        lines.append(render_turn(reply.encounter, names))
        lines += [w for w in (waiting_line(reply.encounter, names),) if w]
    return lines + (guide_lines(reply) if turn else [])
