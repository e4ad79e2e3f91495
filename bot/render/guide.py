"""The hint line of a guided encounter: after every step, which command comes next ('→ It's Aeryn's turn: try …')."""

from __future__ import annotations

from bot.guide.hints import decided, fight_over, next_step
from bot.guide.spec import Hint, Suggestion
from bot.registry import find
from bot.render.names import safe
from bot.services.replies import (
    Ended,
    Exported,
    HelpShown,
    Logged,
    MapShown,
    Recapped,
    Removed,
    Reply,
    SettingsShown,
)
from combat.model import Encounter
from combat.system import RuleSystem

__all__ = ["MARK", "friendly_fire", "guide_hint", "guide_lines", "hint_line"]

MARK = "→ "
UNDO = Suggestion("encounter undo", why="takes it back")
_QUIET = (Exported, Logged, HelpShown, MapShown, SettingsShown, Recapped)


def guide_hint(reply: Reply) -> Hint | None:
    """Return what to do next after a reply in a guided encounter (None: not guided, or only a read)."""
    encounter, system = reply.encounter, reply.system
    if encounter is None or system is None or isinstance(reply.body, _QUIET):
        return None
    if not encounter.guided:
        return _decided_now(reply, system, encounter)
    demo = find(system.key).demo
    if isinstance(reply.body, Ended):
        again = Suggestion("encounter start", (("demo", system.key),), "plays the demo again")
        return Hint("The encounter has ended", (again,) if demo is not None else ())
    ended = reply.change.ended_round if reply.change is not None else None
    return next_step(system, encounter, demo.hint if demo is not None else None, ended)


def _decided_now(reply: Reply, system: RuleSystem, encounter: Encounter) -> Hint | None:
    """Say the fight is over, in any encounter, on the step that left one side standing (someone left the fight).

    Someone left it by going down (in the step, or as the round it began did: bleeding out), retreating or being
    removed. A guided encounter says it after every step; an ordinary one only on a step that took someone out of
    it (the GM may play on; a read says nothing, nor does a turn passing unless it was the last turn of one felled).
    """
    opening = [beat for summary in reply.summaries for beat in summary.opening]
    took = any(beat.out for beat in (*reply.beats, *opening)) or isinstance(reply.body, Removed) \
        or _left(reply, system, encounter)
    if not took or encounter.pending is not None or not decided(system, encounter):
        return None
    return fight_over(system, encounter)


def _left(reply: Reply, system: RuleSystem, encounter: Encounter) -> bool:
    """Tell whether the step's actor is out of the fight after it.

    A move of his own took him out (a retreat from it), or he was felled before and this was his last action, or his
    turn that the GM passed (a partner of the same moment, who acts after the blow that felled him). A GM's tool is
    nobody's action: tending one who is down (his own rest, a failed waking) takes nobody out.
    """
    ids = {c.id: c for c in encounter.combatants}
    passed = reply.change.passed if reply.change is not None else ()
    actors = () if reply.command == "encounter gm" else (b.actor for b in reply.beats)
    return any(cid in ids and system.out_of_fight(ids[cid]) for cid in (*actors, *passed))


def hint_line(hint: Hint, *, buttons: bool = False) -> str:
    """Render a hint: the situation, then the commands to try (the first is the one to type), one line."""
    commands = [f"`{_typed(s, hint.suggestions[i - 1] if i else None)}`" + (f" ({s.why})" if s.why else "")
                for i, s in enumerate(hint.suggestions)]
    text = hint.situation
    if commands:
        lead = f" {hint.verb} " if hint.verb else " "
        text += ":" + lead + " or ".join(commands)
    if buttons and hint.buttons:
        text += ", or the buttons"
    return MARK + safe(text)


def _typed(suggestion: Suggestion, before: Suggestion | None) -> str:
    """Type the command in full, or only its options right after one of the same command ('choice:take')."""
    if before is None or before.path != suggestion.path or not suggestion.options:
        return suggestion.typed()
    return suggestion.typed().removeprefix(f"/{suggestion.path} ")


def friendly_fire(reply: Reply) -> Hint | None:
    """Point out a blow or shot aimed at someone on the striker's own side (a slip, often: undo takes it back).

    A shot the rules sent astray (into a melee, striking the target's partner) is no slip: it is not pointed out.
    """
    encounter = reply.encounter
    if encounter is None or isinstance(reply.body, _QUIET):
        return None
    sides = {c.id: (c.side, c.name) for c in encounter.combatants}
    struck = [(sides[b.actor][1], sides[b.target][1]) for b in reply.beats
              if b.target is not None and b.target != b.actor and b.aimed and not b.aid and b.actor in sides
              and b.target in sides
              and sides[b.actor][0] == sides[b.target][0]]
    if not struck:
        return None
    pairs = "; ".join(f"{actor} attacked {target}" for actor, target in dict.fromkeys(struck))
    return Hint(f"Note: {pairs}, on their own side", (UNDO,), verb="if that was a slip,")


def guide_lines(reply: Reply, *, buttons: bool = False) -> list[str]:
    """Return the hint lines after a reply: a blow at one's own side, then what to type next (guided) or the end."""
    notes = [hint for hint in (friendly_fire(reply), guide_hint(reply)) if hint is not None]
    return [hint_line(hint, buttons=buttons) for hint in notes]
