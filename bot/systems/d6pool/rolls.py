"""The d6 pool's dice as text: pools with every face, saves, contests, Initiative, the HTK bar."""

from __future__ import annotations

from bot.render.dice import numbered_faces
from bot.render.names import Names, possessive, who
from combat.systems.d6pool.model import Htk, InitRoll
from combat.systems.d6pool.pool import Pool
from combat.systems.d6pool.results import Contest, Save

__all__ = ["contest_line", "htk_bar", "init_line", "pool_text", "save_line", "successes"]


def successes(n: int) -> str:
    """Write '1 success', '2 successes'."""
    return f"{n} success" if n == 1 else f"{n} successes"


def pool_text(pool: Pool, *mods: tuple[str, int]) -> str:
    """Write a pool as '3d6 [4, 5, 2] +3 swords = 14' (named modifiers that are not zero)."""
    dice = "no dice" if not pool.faces else f"{len(pool.faces)}d6 {numbered_faces(pool.faces)}"
    parts = " ".join(f"{v:+d} {name}" for name, v in mods if v)
    return f"{dice} {parts} = {pool.total}" if parts else f"{dice} = {pool.total}"


def count_text(pool: Pool) -> str:
    """Write a pool read for successes: '3d6 [5, 4, 1]: 2 successes'."""
    dice = f"{len(pool.faces)}d6 {numbered_faces(pool.faces)}" if pool.faces else "no dice"
    return f"{dice}: {successes(pool.successes)}"


def save_line(label: str, save: Save, names: Names, target: str, failed: str, plus: int = 0) -> str:
    """Write a Stamina save: 'Stun save: Stamina 3d6 [..]: 1 success vs PF 3 3d6 [..]: 2 successes → stunned'.

    ``plus``: the levels added to the attack's PF (a knock-out's +1), shown as 'PF 3 + 1'.
    """
    outcome = "resists" if save.saved else failed
    pf = f"PF {save.pf - plus} + {plus}" if plus else f"PF {save.pf}"
    return (f"{label}: {who(names, target)}'s Stamina {count_text(save.stamina)} vs {pf} "
            f"{count_text(save.against)} → {outcome}")


def contest_line(contest: Contest, first: str, second: str, names: Names) -> str:
    """Write a Strength contest: 'Strength contest: A 4d6 [..] = 14 vs B 3d6 [..] = 10'."""
    return (f"Strength contest: {who(names, first)} {pool_text(contest.attacker)} vs {who(names, second)} "
            f"{pool_text(contest.defender)}")


def init_line(roll: InitRoll, names: Names) -> str:
    """Write one Initiative: 'Megaman's Initiative: Agility 4 + d6 [6] +4 powers = 14 → acts at 14, 8, 2'."""
    skill = f" {roll.modifier:+d} {roll.skill}" if roll.skill and roll.modifier else ""
    acts = ", ".join(str(c) for c in roll.counts)
    whose = possessive(who(names, roll.combatant))
    return (f"{whose} Initiative: {roll.attribute.title()} {roll.base} + d6 [{roll.die}]{skill} = {roll.total} "
            f"→ acts at {acts}")


def htk_bar(health: Htk) -> str:
    """Draw HTK as boxes: 'HTK 5/7 ■■■■■□□' (past 0: 'HTK -2/7 □□□□□□□, dead at -7')."""
    shown = max(0, min(health.htk, health.current))
    boxes = "■" * shown + "□" * (health.htk - shown) if health.htk <= 40 else f"{shown}/{health.htk}"
    tail = f", dead at {-health.htk}" if health.current <= 0 else ""
    return f"HTK {health.current}/{health.htk} {boxes}{tail}"
