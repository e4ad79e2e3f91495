"""What a random table sends next: any command of Fray's, weighted as a table plays (moves most, reads now and then)."""

from __future__ import annotations

from collections.abc import Callable

from fuzz_kit import IDS
from fuzz_values import GARBAGE, PLAYERS, USERS, Chooser, sheet

from combat.model import Encounter
from combat.system import MoveSpec

__all__ = ["Command", "Picker"]

Command = tuple[str, str, dict[str, str]]  # user, command path, options


class Picker(Chooser):
    """Draw the table's next command from the encounter as last seen and the system's moves, tools and options."""

    def pick(self, enc: Encounter) -> Command | None:
        """Return the next command (None: let time pass, so a waiting choice runs out)."""
        self.enc = enc
        weights: dict[Callable[[], Command | None], float] = {
            self.attack: 22, self.act: 20, self.dodge: 3, self.react: 60 if enc.pending else 2,
            self.next_turn: 10, self.hold: 3, self.release: 3, self.undo: 2, self.tool: 8,
            self.add: 2 if self.sides_standing() > 1 else 12, self.remove: 1, self.join: 1, self.read: 4,
            self.odds: 4, self.aside: 1.5,
            self.settings: 0.5, self.let_time_pass: 1.5 if enc.pending else 0,
            self.begin: 30 if not enc.turns.round else 0.3,
        }
        choice = self.rng.choices(list(weights), list(weights.values()))[0]
        return choice()

    def move(self, path: str, spec: MoveSpec | None, options: dict[str, str]) -> Command:
        """Send a move: who makes it, its options and targets, now and then a GM's modifier."""
        user, actor = self.actor(options)
        if spec is not None:
            self.fill(spec.options, actor, options, required=True)
            target = self.targets(actor, spec.targets)
            if target is not None:
                options["target"] = target
        if self.rng.random() < 0.05:
            options["modifier"] = str(self.rng.randint(-6, 6))
        return user, path, options

    def spec(self, name: str) -> MoveSpec | None:
        """Return the system's move called ``name`` (None: it has none)."""
        return next((m for m in self.system.moves() if m.name == name), None)

    def attack(self) -> Command:
        """Send /attack (or, out of the attack's phases mostly, another move)."""
        spec = self.spec("attack")
        if spec and spec.phases and self.enc.turns.phase not in spec.phases and self.rng.random() < 0.9:
            return self.act()  # not the attack's phase: a real table moves instead
        return self.move("attack", spec, {})

    def dodge(self) -> Command:
        """Send /dodge (a system without the move refuses it)."""
        return self.move("dodge", self.spec("dodge"), {})

    def act(self) -> Command:
        """Send /act with a move of the current phase mostly."""
        phase = self.enc.turns.phase
        moves = [m for m in self.system.moves() if not m.phases or phase in m.phases or self.rng.random() < 0.1]
        spec = self.rng.choice(moves or list(self.system.moves()))
        return self.move("act", spec, {"move": spec.name if self.rng.random() < 0.97 else "zzz"})

    def react(self) -> Command:
        """Answer the waiting choice: an answer offered mostly, by its player or the GM mostly."""
        rng, pending = self.rng, self.enc.pending
        if pending is None:
            return rng.choice(USERS), "encounter react", {"choice": rng.choice(["dodge", "take", "zzz"])}
        asked = self.enc.get(pending.reaction.combatant)
        user = self.owner(asked) if rng.random() < 0.8 else rng.choice(USERS)
        answers = pending.reaction.answers()
        choice = rng.choice(answers) if rng.random() < 0.92 else rng.choice([*GARBAGE, answers[0].upper()])
        if rng.random() < 0.1:  # a move named like the answer answers too
            return user, "act", {"move": choice}
        options = {"choice": choice}
        if rng.random() < 0.15:  # a Discord button: the question's mark, or a stale one
            options["for"] = str(int(pending.deadline * 1000)) if rng.random() < 0.7 else str(rng.randint(0, 10**12))
        return user, "encounter react", options

    def next_turn(self) -> Command:
        """End the turn: the GM mostly, else the player whose turn it is."""
        waiting = self.waiting()
        roll = self.rng.random()
        user = "gm" if roll < 0.7 or not waiting else self.owner(waiting[0]) if roll < 0.95 else self.rng.choice(USERS)
        return user, "encounter next", {}

    def hold(self) -> Command:
        """Hold the action of whoever's turn it is."""
        options: dict[str, str] = {}
        user, _ = self.actor(options)
        return user, "encounter hold", options

    def release(self) -> Command:
        """Release a held action: its holder's player mostly."""
        holders = [self.enc.get(h) for h in self.enc.turns.holders]
        holder = self.rng.choice(holders) if holders else None
        user = self.owner(holder) if holder and self.rng.random() < 0.85 else self.rng.choice(USERS)
        options = {"as": holder.name} if holder and (user == "gm" or self.rng.random() < 0.3) else {}
        return user, "encounter release", options

    def undo(self) -> Command:
        """Undo the last action: the GM mostly."""
        return "gm" if self.rng.random() < 0.9 else self.rng.choice(USERS), "encounter undo", {}

    def tool(self) -> Command:
        """Use one of the system's GM tools, its required options given mostly."""
        tools = self.system.gm_tools()
        if not tools:
            return "gm", "encounter gm", {"tool": "zzz"}
        spec = self.rng.choice(tools)
        options = {"tool": spec.name if self.rng.random() < 0.97 else "zzz"}
        actor = self.rng.choice(self.enc.combatants) if self.enc.combatants else None
        self.fill(spec.options, actor, options, required=True)
        return "gm" if self.rng.random() < 0.9 else self.rng.choice(USERS), "encounter gm", options

    def add(self) -> Command:
        """Add combatants: a template or the average combatant, a side, now and then a player's."""
        options = sheet(self.rng, self.system)
        rng = self.rng
        if rng.random() < 0.5:
            options["name"] = rng.choice(["Newcomer", "Ash", "Zed", "Yew", *(c.name for c in self.enc.combatants[:1])])
        if rng.random() < 0.6:
            options["side"] = rng.choice([*dict.fromkeys(c.side for c in self.enc.combatants), "third"])
        if rng.random() < 0.3:
            options["owner"] = str(IDS.user(rng.choice(PLAYERS)))
        if rng.random() < 0.2:
            options["count"] = str(rng.randint(0, 3))
        return "gm" if rng.random() < 0.9 else rng.choice(USERS), "encounter add", options

    def remove(self) -> Command:
        """Remove a combatant by its exact name mostly."""
        names = [c.name for c in self.enc.combatants] or ["Nobody"]
        name = self.rng.choice(names)
        name = name if self.rng.random() < 0.85 else name[:3]
        return "gm" if self.rng.random() < 0.9 else self.rng.choice(USERS), "encounter remove", {"target": name}

    def join(self) -> Command:
        """Join with Dave's saved character (dave mostly)."""
        user = "dave" if self.rng.random() < 0.7 else self.rng.choice(USERS)
        return user, "encounter join", {"character": "Dave"}

    def read(self) -> Command:
        """Read the fight: status, log, export, map or help."""
        rng, user = self.rng, self.rng.choice(USERS)
        kind = rng.choice(["status", "status", "log", "export", "map", "help"])
        if kind == "log":
            options = {k: str(rng.randint(1, 4)) for k in ("page", "round") if rng.random() < 0.4}
            return user, "encounter log", options
        if kind == "export":
            return user, "encounter export", {"format": rng.choice(["json", "markdown", "md", "zzz"])}
        return user, f"encounter {kind}" if kind != "help" else "help", {}

    def odds(self) -> Command:
        """Ask the odds of the attack (or another move) on one target mostly."""
        rng = self.rng
        spec = self.spec("attack") if rng.random() < 0.7 else rng.choice(self.system.moves())
        user, path, options = self.move("odds", spec, {})
        if spec is not None and spec.name != "attack":
            options["move"] = spec.name
        if "target" in options and rng.random() < 0.9:
            options["target"] = options["target"].split(", ")[0]
        return user, path, options

    def aside(self) -> Command:
        """Send what a table types beside the fight: a roll, help on a topic, a look at or change to a character."""
        rng, user = self.rng, self.rng.choice(USERS)
        kind = rng.choice(["roll", "roll", "help", "character"])
        if kind == "roll":
            count, sides = rng.choice(["", "1", "3", "0", "100", "101"]), rng.choice(["6", "F", "1000", "1", "0", "%"])
            modifier = rng.choice(["", "+2", "-1", "+10000", "-10001"])
            options = {"dice": f"{count}d{sides}{modifier}" if rng.random() < 0.9 else rng.choice(GARBAGE)}
            if rng.random() < 0.3:
                options["label"] = rng.choice(["Perception", "", "x" * 120])
            if rng.random() < 0.2:
                options["secret"] = rng.choice(["yes", "no", "maybe"])
            return user, "roll", options
        if kind == "help":
            topics = [*(m.name for m in self.system.moves()), *(t.name for t in self.system.gm_tools()), "encounter",
                      "encounter add", "attack", "zzz"]
            return user, "help", {"topic": rng.choice(topics)}
        path = rng.choice(["character show", "character list", "character edit", "character delete"])
        options = {} if path == "character list" else {"name": rng.choice(["Dave", "dave", "Nobody"])}
        if path == "character edit":
            options.update(sheet(rng, self.system))
        return ("dave" if rng.random() < 0.6 else user), path, options

    def begin(self) -> Command:
        """Begin the fight (again, after an undo took the beginning back)."""
        return "gm" if self.rng.random() < 0.95 else self.rng.choice(USERS), "encounter begin", {}

    def settings(self) -> Command:
        """Change a server setting: players ending their turn, joining."""
        name = self.rng.choice(["players_end_turn", "allow_join"])
        return "gm", "encounter settings", {name: self.rng.choice(["yes", "no"])}

    def let_time_pass(self) -> None:
        """Let time pass (the play loop moves the clock)."""
        return None
