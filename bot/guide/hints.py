"""What to type next in a guided encounter, worked out from whose turn it is, what waits, and the system's moves.

Nothing here names a system: the moves come from ``RuleSystem.moves``, who is still up from ``out_of_fight``, and
a system's ``Demo.hint`` hook may word a turn better (reload an empty gun, pass a move phase).
"""

from __future__ import annotations

from bot.guide.checks import sound
from bot.guide.spec import Hint, HintHook, Suggestion, Turn
from bot.render.names import listing, possessive
from combat.model import Combatant, Encounter
from combat.system import RuleSystem

__all__ = ["decided", "fight_over", "next_step", "standing"]

EXPORT = Suggestion("encounter export", (("format", "markdown"),), "a recap of the fight")
END = Suggestion("encounter end", why="closes it")
NEXT = Suggestion("encounter next", why="moves on")


def standing(system: RuleSystem, encounter: Encounter) -> tuple[Combatant, ...]:
    """Return the combatants still in the fight, in the roster's order.

    One taken out who still acts now counts (Farscape's partner of the same Initiative, who acts at the same moment
    as the blow that felled him): the fight is not over before his action.
    """
    slot, phase = encounter.turns.current, encounter.turns.phase
    acting = set(slot.waiting) if slot is not None else set()
    return tuple(c for c in encounter.combatants if not system.out_of_fight(c)
                 or (c.id in acting and phase is not None and system.can_act(c, phase)))


def decided(system: RuleSystem, encounter: Encounter) -> bool:
    """Tell whether a begun fight of two sides or more has at most one side left standing."""
    sides = {c.side for c in encounter.combatants if system.is_fighter(c)}
    up = {c.side for c in standing(system, encounter)}
    return encounter.turns.round > 0 and len(sides) > 1 and len(up) <= 1


def _choice(encounter: Encounter) -> Hint:
    """Say who answers the waiting question, and how (the default first)."""
    assert encounter.pending is not None
    reaction = encounter.pending.reaction
    asked = encounter.get(reaction.combatant)
    keys = (reaction.default, *(k for k in reaction.answers() if k != reaction.default))
    who = f"{possessive(asked.name)} player chooses" if asked.owner else f"The GM chooses for {asked.name}"
    answers = tuple(Suggestion("encounter react", (("choice", key),)) for key in keys)
    return Hint(who, answers, verb="", buttons=True)


def fight_over(system: RuleSystem, encounter: Encounter) -> Hint:
    """Say who won: who still stands, who is down and who left, then how to read the recap and close the fight."""
    up = standing(system, encounter)
    out = [c for c in encounter.combatants if c not in up and system.is_fighter(c)]
    down = [c.name for c in out if not system.fled(c)]
    fled = [c.name for c in out if system.fled(c)]
    parts = []
    if up:
        parts.append(f"{listing(c.name for c in up)} still stand{'s' if len(up) == 1 else ''}")
    if down:
        parts.append(f"{listing(down)} {'is' if len(down) == 1 else 'are'} down")
    if fled:
        parts.append(f"{listing(fled)} {'has' if len(fled) == 1 else 'have'} left the fight")
    return Hint("The fight is over — " + "; ".join(parts), (EXPORT, END), over=True)


def _generic(turn: Turn) -> Suggestion:
    """Attack the first foe still up when this phase allows it; otherwise pass the turn."""
    moves = {m.name for m in turn.system.moves() if not m.phases or turn.phase in m.phases}
    if "attack" not in moves or not turn.foes:
        return Suggestion("encounter next", why="passes the turn")
    acting = turn.acting
    return Suggestion("attack", (*acting, ("target", turn.foes[0].name)))


def _turn(system: RuleSystem, encounter: Encounter, hook: HintHook | None) -> Hint:
    slot = encounter.turns.current
    if slot is None or not slot.waiting:
        return Hint("Nobody can act now", (NEXT,))
    waiting = [encounter.get(a) for a in slot.waiting]
    actor = waiting[0]
    gm_plays = actor.owner is None
    notes = [f"{slot.phase} phase"] if len(encounter.turns.phases) > 1 else []
    notes += ["the GM's"] if gm_plays else []
    aside = f" ({', '.join(notes)})" if notes else ""
    if len(waiting) > 1:
        situation = f"{listing(c.name for c in waiting)} act together; {actor.name} first{aside}"
    else:
        situation = f"It's {possessive(actor.name)} turn{aside}"
    foes = tuple(c for c in standing(system, encounter) if c.side != actor.side)
    turn = Turn(system, encounter, actor, slot.phase, foes, gm_plays)
    chosen = (hook(turn) if hook is not None else None) or _generic(turn)
    return Hint(situation, (sound(turn, chosen),))


def next_step(
    system: RuleSystem, encounter: Encounter, hook: HintHook | None = None, ended_round: int | None = None
) -> Hint:
    """Return what to type next: begin, answer the waiting choice, act in this turn, or read the recap and end."""
    if encounter.turns.round == 0:
        return Hint("The fight has not begun", (Suggestion("encounter begin"),))
    if encounter.pending is not None:
        return _choice(encounter)
    if decided(system, encounter):
        return fight_over(system, encounter)
    hint = _turn(system, encounter, hook)
    if ended_round:
        return Hint(f"Round {ended_round} is over. {hint.situation}", hint.suggestions, hint.verb)
    return hint
