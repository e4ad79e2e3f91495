"""Deryni Initiative, who fights whom, and the roll-offs that settle ties.

Initiative is Agility, +1 when the skill with the weapon in hand is higher (or the Initiative a sheet gives, as the
seed gives Bob's), +1 for the longest weapon in one's fight (longer than his foe's and than those of whoever has him
as foe), and what the last round carried over (-1 per dodge, +1 after an all-out defence against one attack).

Who fights whom (the seed's groups): each combatant's foe is the one the GM paired him with (tool ``engage``) or
the one he last fought; otherwise he is paired, in the order combatants were added, with the first unpaired
combatant of another side. The foe counts for the weapon-length bonus and for ties; the whole fight runs in one
order. Equal Initiatives in one group (foes, or two fighting the same foe unless both are PCs) are settled by an
opposed roll-off (Initiative + 2dF, repeated among those still tied) that stands for the fight while the same
combatants tie on the same value; others who tie (fighters of different groups, two PCs each in his own group) keep
the order they were added in, with no dice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from combat.dice import DiceSource
from combat.model import Combatant, Encounter
from combat.systems.deryni.gear import in_hand, weapon_row
from combat.systems.deryni.rolls import Rolled, opposed
from combat.systems.deryni.sheet import INITIATIVE, SPEC
from combat.systems.deryni.state import Tie, Ties, fighter
from combat.systems.deryni.tables import DeryniTables
from combat.turns import InitiativeEntry

__all__ = [
    "MAX_ROLLOFFS", "RollOff", "Score", "Throw", "entries", "foes", "newcomer_entries", "roll_offs", "same_group",
    "scores",
]

MAX_ROLLOFFS = 50  # [ours] a roll-off repeated this often without a leader keeps the order it has


@dataclass(frozen=True)
class Score:
    """One combatant's Initiative and its parts (``written``: ``agility`` is the Initiative his sheet gives)."""

    combatant: str
    agility: int
    weapon: str
    skill: int
    length: int
    carried: int
    foe: str | None
    written: bool = False

    @property
    def value(self) -> int:
        """Return the Initiative."""
        return self.agility + self.skill + self.length + self.carried


@dataclass(frozen=True)
class Throw:
    """One throw of a roll-off: who rolled (in order) and their rolls."""

    members: tuple[str, ...]
    rolls: tuple[Rolled, ...]


@dataclass(frozen=True)
class RollOff:
    """An opposed Initiative roll-off among combatants tied on ``value``: every throw, and the order it gave."""

    value: int
    throws: tuple[Throw, ...]
    order: tuple[str, ...]


def _fighting(combatant: Combatant) -> bool:
    return not combatant.health.out


def foes(encounter: Encounter) -> dict[str, str | None]:
    """Return each combatant's foe while he can fight: the GM's pairing, else his last fight, else the first free one.

    A GM's pairing (the engage tool) outlasts the fights in between [ours, the rules page's order].
    """
    able = [c for c in encounter.combatants if _fighting(c)]
    sides = {c.id: c.side for c in able}
    found: dict[str, str] = {}
    for c in able:
        state = fighter(c)
        chosen = [f for f in (state.paired, state.foe) if f in sides and sides[f] != c.side]
        if chosen:
            found[c.id] = chosen[0]
    for c in able:
        if c.id in found:
            continue
        others = [o.id for o in able if o.side != c.side]
        free = [o for o in others if o not in found]
        if free:
            found[c.id], found[free[0]] = free[0], c.id
        elif others:
            found[c.id] = others[0]
    return {c.id: found.get(c.id) for c in encounter.combatants}


def _score(encounter: Encounter, combatant: Combatant, paired: dict[str, str | None], tables: DeryniTables) -> Score:
    """Work out one Initiative: the longer weapon needs to outreach everyone in his fight, his foe and theirs."""
    given = combatant.sheet.traits.get(INITIATIVE)
    agility = SPEC.level(combatant.sheet, "agility") if given is None else given
    weapon = weapon_row(tables, in_hand(combatant, tables))
    skill = 1 if given is None and SPEC.level(combatant.sheet, weapon.skill) > agility else 0
    foe = paired[combatant.id]
    facing = {f for f in (foe, *(o for o, f in paired.items() if f == combatant.id)) if f is not None}
    reach = [weapon_row(tables, in_hand(encounter.get(f), tables)).length for f in facing]
    length = 1 if reach and weapon.length > max(reach) else 0
    return Score(combatant.id, agility, weapon.key, skill, length, fighter(combatant).initiative, foe,
                 given is not None)


def scores(encounter: Encounter, tables: DeryniTables) -> tuple[Score, ...]:
    """Return everyone's Initiative now, in the order they were added."""
    paired = foes(encounter)
    return tuple(_score(encounter, c, paired, tables) for c in encounter.combatants)


def _linked(ids: list[str], links: list[tuple[str, str]]) -> list[tuple[str, ...]]:
    """Return the groups the links join (each id in one group), in the order of the ids."""
    root = {i: i for i in ids}

    def find(i: str) -> str:
        while root[i] != i:
            i = root[i]
        return i

    for a, b in links:
        root[find(b)] = find(a)
    groups: dict[str, list[str]] = {}
    for i in ids:
        groups.setdefault(find(i), []).append(i)
    return [tuple(g) for g in groups.values()]


def _pc(encounter: Encounter, combatant_id: str) -> bool:
    """Tell whether the combatant is a player's character (he has a player)."""
    return encounter.get(combatant_id).owner is not None


def same_group(encounter: Encounter, paired: dict[str, str | None], a: str, b: str) -> bool:
    """Tell whether two combatants are in one of the seed's groups ("who's fighting who").

    Foes are; so are two who fight the same foe, unless both are player's characters: "Each PC is in his/her own
    group for most purposes" [seed].
    """
    if a == b or paired.get(a) == b or paired.get(b) == a:
        return True
    shared = paired.get(a) is not None and paired.get(a) == paired.get(b)
    return shared and not (_pc(encounter, a) and _pc(encounter, b))


def _tied(encounter: Encounter, found: Iterable[Score]) -> list[tuple[int, tuple[str, ...]]]:
    """Return the ties to roll off: able combatants on one value in one group, highest value first.

    "In each group ... If the Initiatives are a tie, than the combatants make an Opposed roll off" [seed]: a tie
    joins foes, and two who fight the same foe (not two PCs, each in his own group); fighters of different groups
    do not roll off.
    """
    able = [s for s in found if _fighting(encounter.get(s.combatant))]
    place = {s.combatant: n for n, s in enumerate(found)}
    paired = {s.combatant: s.foe for s in found}
    ties: list[tuple[int, tuple[str, ...]]] = []
    for value in sorted({s.value for s in able}, reverse=True):
        same = [s for s in able if s.value == value]
        ids = [s.combatant for s in same]
        groups = _groups(ids, lambda a, b: same_group(encounter, paired, a, b))
        ties.extend((value, group) for group in groups if len(group) > 1)
    return sorted(ties, key=lambda tie: (-tie[0], place[tie[1][0]]))


Linked = Callable[[str, str], bool]


def _groups(members: list[str], linked: Linked) -> list[tuple[str, ...]]:
    """Split combatants into the seed's groups among them (joined through foes), in the order given."""
    return _linked(members, [(a, b) for n, a in enumerate(members) for b in members[n + 1:] if linked(a, b)])


def _rank(dice: DiceSource, value: int, members: list[str], throws: list[Throw], depth: int,
          linked: Linked) -> list[str]:
    """Order tied combatants by an opposed roll, rolling again among any still tied in one group.

    Two still tied who are in no group together (two PCs who each tied with the one foe) roll no more: they keep the
    order they were added in, as two PCs who tie do [ours].
    """
    if len(members) < 2 or depth >= MAX_ROLLOFFS:
        return members
    rolled = tuple(opposed(dice, "initiative", value) for _ in members)
    throws.append(Throw(tuple(members), rolled))
    results = {m: r.result for m, r in zip(members, rolled, strict=True)}
    ordered: list[str] = []
    for result in sorted(set(results.values()), reverse=True):
        same = [m for m in members if results[m] == result]
        for group in _groups(same, linked):
            ordered.extend(_rank(dice, value, list(group), throws, depth + 1, linked))
    return ordered


def roll_offs(encounter: Encounter, found: tuple[Score, ...], stored: Ties,
              dice: DiceSource) -> tuple[Ties, tuple[RollOff, ...]]:
    """Settle every tie: keep a stored order for the same combatants on the same value, else roll off.

    Every roll-off is kept for the fight: the same combatants tied on the same value later keep its order.
    """
    kept: list[Tie] = []
    fresh: list[RollOff] = []
    paired = {s.combatant: s.foe for s in found}

    def linked(a: str, b: str) -> bool:
        return same_group(encounter, paired, a, b)

    for value, members in _tied(encounter, found):
        same = next((t for t in stored.ties if t.value == value and set(t.order) == set(members)), None)
        if same is not None:
            kept.append(same)
            continue
        throws: list[Throw] = []
        order = tuple(_rank(dice, value, list(members), throws, 0, linked))
        kept.append(Tie(value, order))
        fresh.append(RollOff(value, tuple(throws), order))
    settled = {(t.value, frozenset(t.order)) for t in kept}
    earlier = tuple(t for t in stored.ties if (t.value, frozenset(t.order)) not in settled)
    return Ties((*earlier, *kept)), tuple(fresh)


def entries(encounter: Encounter, tables: DeryniTables, stored: Ties) -> tuple[InitiativeEntry, ...]:
    """Rank everyone: one slot at their Initiative, ties in their roll-off's order, else in the order added [ours]."""
    found = scores(encounter, tables)
    place = {s.combatant: n for n, s in enumerate(found)}
    groups = {m: members for _, members in _tied(encounter, found) for m in members}
    ranked = []
    for score in found:
        members = groups.get(score.combatant, (score.combatant,))
        rank = stored.rank(score.combatant, score.value, frozenset(members)) if len(members) > 1 else 0
        ranked.append(InitiativeEntry(score.combatant, (score.value,), (-place[members[0]], rank)))
    return tuple(ranked)


def newcomer_entries(encounter: Encounter, tables: DeryniTables, ids: tuple[str, ...]) -> tuple[InitiativeEntry, ...]:
    """Rank newcomers at their Initiative, after anyone they tie with until the next round's roll-off [ours]."""
    found = {s.combatant: s for s in scores(encounter, tables)}
    last = -len(found)  # below every tiebreak of those already ranked
    return tuple(InitiativeEntry(i, (found[i].value,), (last, -n)) for n, i in enumerate(ids))
