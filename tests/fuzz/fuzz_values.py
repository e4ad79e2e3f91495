"""Who acts, on whom, with which option values: drawn from the encounter and the rule system's own specs.

Mostly what a real table would send (the player whose turn it is, a foe still standing, a value the option offers),
now and then the wrong player, a fallen or unknown target, an out-of-range number or a garbage string.
"""

from __future__ import annotations

import random
import string

from fuzz_kit import IDS

from bot.completion import spec_values
from combat.model import Combatant, Encounter
from combat.options import OptionSpec
from combat.system import RuleSystem

__all__ = ["BOARD", "GARBAGE", "PLAYERS", "USERS", "Chooser", "hex_name", "sheet"]

USERS = ("gm", "bob", "carol", "dave", "eve")  # bob, carol and dave play; eve only watches
PLAYERS = ("bob", "carol", "dave")
GARBAGE = ("", "zzz", "-1", "99999", "1.5", "yes", "none", "Ω", "a, b", "+", "head, torso", "=3", "0")
BOARD = 10  # the Fallout board the table lays out: A1 to J10
PLACES = ("to", "at", "hex", "via", "hexes")  # text options that name hexes of a battle map


def hex_name(rng: random.Random) -> str:
    """Return a hex of the board, now and then one off it."""
    size = BOARD + (2 if rng.random() < 0.05 else 0)
    return f"{string.ascii_uppercase[rng.randrange(size)]}{rng.randint(1, size)}"


def sheet(rng: random.Random, system: RuleSystem) -> dict[str, str]:
    """Return the sheet options of a new combatant: a template, the average combatant, with gear now and then."""
    enc = Encounter(system.key)
    options: dict[str, str] = {}
    templates = system.suggest(enc, None, "table:templates")
    if templates and rng.random() < 0.6:
        options["template"] = rng.choice(templates)
    for source, chance in (("weapon", 0.4), ("armour", 0.2)):
        values = system.suggest(enc, None, f"table:{'weapons' if source == 'weapon' else source}")
        if values and (rng.random() < chance or ("template" not in options and source == "weapon")):
            several = source == "weapon" and len(values) > 1 and rng.random() < 0.25
            options[source] = ", ".join(rng.sample(values, 2)) if several else rng.choice(values)
    if rng.random() < 0.1:
        options["tier"] = rng.choice(system.sheet_spec.tiers)
    return options


class Chooser:
    """Choose callers, targets and option values from the encounter as last seen and the system's specs."""

    def __init__(self, rng: random.Random, system: RuleSystem) -> None:
        self.rng = rng
        self.system = system
        self.enc = Encounter(system.key)

    def owner(self, c: Combatant) -> str:
        """Return the user who commands ``c``: its player, else the GM."""
        return IDS.name(c.owner) if c.owner else "gm"

    def standing(self) -> list[Combatant]:
        """Return the combatants not out of the fight."""
        return [c for c in self.enc.combatants if not self.system.out_of_fight(c)]

    def sides_standing(self) -> int:
        """Count the sides with someone still standing."""
        return len({c.side for c in self.standing()})

    def waiting(self) -> list[Combatant]:
        """Return whoever's turn it is."""
        current = self.enc.turns.current
        return [self.enc.get(a) for a in current.waiting] if current else []

    def actor(self, options: dict[str, str]) -> tuple[str, Combatant | None]:
        """Choose who acts and who types it (the right user mostly), adding ``as:`` where it is needed."""
        rng, pool = self.rng, self.waiting() or list(self.enc.combatants)
        if not pool:
            return rng.choice(USERS), None
        actor = rng.choice(pool)
        user = self.owner(actor) if rng.random() < 0.9 else rng.choice(USERS)
        if (user == "gm" and (actor.owner or len(pool) > 1)) or rng.random() < 0.05:
            options["as"] = actor.name if rng.random() < 0.95 else "Nobody"
        return user, actor

    def targets(self, actor: Combatant | None, count: int) -> str | None:
        """Name targets for a move taking ``count``: a standing foe mostly; else a fallen one, oneself, a stranger."""
        rng, everyone = self.rng, list(self.enc.combatants)
        if not everyone or (count == 0 and rng.random() < 0.95):
            return None
        foes = [c for c in self.standing() if actor is None or c.side != actor.side] or everyone
        roll = rng.random()
        if roll < 0.75:
            names = [c.name for c in rng.sample(foes, min(len(foes), rng.randint(1, max(1, min(count, 3)))))]
        elif roll < 0.85:
            names = [rng.choice(everyone).name]
        elif roll < 0.9 and actor is not None:
            names = [actor.name]
        elif roll < 0.95:
            names = [rng.choice(["Nobody", "", "a", everyone[0].name.upper()])]
        else:
            names = [c.name for c in rng.sample(everyone, min(len(everyone), 3))]
        return ", ".join(names)

    def value(self, spec: OptionSpec, actor: Combatant | None) -> str:
        """Draw a value for one option: a valid one mostly, else out of range or garbage."""
        rng, actor_id = self.rng, actor.id if actor else None
        if rng.random() < 0.07:
            return rng.choice(GARBAGE)
        low, high = spec.low, spec.high
        if spec.kind in ("number", "level") and low is not None and high is not None:
            if rng.random() < 0.1:
                return str(rng.choice([low - 1, high + 1, high * 10 + 7]))
            if not spec.choices:
                return str(rng.randint(low, min(high, low + 30)))
        names = [c.name for c in self.enc.combatants]
        if spec.kind == "combatants" and names:
            return ", ".join(rng.sample(names, min(len(names), rng.randint(1, 2))))
        values = spec_values(self.system, self.enc, actor_id, spec)
        if (spec.source and spec.source.startswith("table:")) or (spec.source == "weapons" and rng.random() < 0.2):
            values = self.system.suggest(self.enc, actor_id, f"table:{spec.source.removeprefix('table:')}")
        if values:
            return str(rng.choice(values))
        if spec.name in PLACES and rng.random() < 0.85:
            return ", ".join(hex_name(rng) for _ in range(rng.randint(1, 3) if spec.name in ("via", "hexes") else 1))
        picks = [hex_name(rng), str(rng.randint(0, 6)), "yes", "no", *(names[:1]),
                 f"{rng.choice(names or ['x'])}={rng.randint(0, 5)}"]
        return rng.choice(picks)

    def fill(self, specs: tuple[OptionSpec, ...], actor: Combatant | None, options: dict[str, str],
             required: bool = False) -> dict[str, str]:
        """Give a few of the options (the required ones mostly, with ``required``), and now and then an unknown one."""
        rng = self.rng
        chosen = [s for s in specs if (required and s.required and rng.random() < 0.95)
                  or (s.name in PLACES and rng.random() < 0.6)]
        rest = [s for s in specs if s not in chosen]
        chosen += rng.sample(rest, min(len(rest), rng.choice([0, 0, 1, 1, 2, 3])))
        for spec in chosen:
            options.setdefault(spec.name.replace(" ", "_"), self.value(spec, actor))
        if rng.random() < 0.03:
            options["bogus"] = "1"
        return options
