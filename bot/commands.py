"""Fray's command table: every command's path and options, shared by the local table and the Discord cogs.

Options are ``OptionSpec``s, read by the one option parser (``combat.options``). Nothing here belongs to a rule
system: a command marked ``open`` also takes the options of the move or GM tool it names, which the rule system of
the channel's encounter describes and which are checked against it.
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.options import OptionChoice, OptionSpec, spelling

__all__ = ["COMMANDS", "GENERAL", "MAX_REMIND_MINUTES", "READ_ONLY", "Command", "find_command", "help_topics",
           "topic_commands"]

MAX_REMIND_MINUTES = 10_080  # a week


@dataclass(frozen=True, slots=True)
class Command:
    """A command: its path ('encounter start'), what it does, its options, who may use it, and whether it is open.

    ``open`` commands take further options belonging to a move or a GM tool of the encounter's system. ``bare``
    names the option that the local table's words without a name give (help's topic: ``/help character``).
    """

    path: str
    description: str
    options: tuple[OptionSpec, ...] = ()
    gm_only: bool = False
    open: bool = False
    bare: str | None = None

    def option(self, name: str) -> OptionSpec | None:
        """Return the option called ``name``."""
        return next((o for o in self.options if o.name == name), None)


_AS = OptionSpec("as", "GM: act for this combatant (an NPC, or a player's character).", source="combatants")
_TARGET = OptionSpec("target", "Who: a combatant's name, or several separated by commas.", source="combatants")
_MODIFIER = OptionSpec("modifier", "GM: an explicit modifier for the situation, like +1 (the system sets the bounds).",
                       "number")
_SHEET = (
    OptionSpec("template", "A template from the system's tables (e.g. peacekeeper trooper).", source="table:templates"),
    OptionSpec("stats", 'Traits as "Agility=Good, Brawling=Great" (the system\'s levels or numbers).'),
    OptionSpec("talents", 'Talents, separated by commas (e.g. "Cool Head").', source="talents"),
    OptionSpec("weapon", "Weapons, separated by commas (keys from the weapons table).", source="table:weapons"),
    OptionSpec("armour", "Armour worn (a key from the armour table).", source="table:armour"),
    OptionSpec("shield", "A shield carried.", source="table:shields"),
    OptionSpec("tier", "The system's tier for this character (protagonist, minion …).", source="tiers"),
)
_SYSTEM = OptionSpec("system", "The rule system.", required=True, source="systems")

# Options every move command has, handled by Fray rather than by the move.
GENERAL = frozenset({"as", "target", "modifier"})

COMMANDS: tuple[Command, ...] = (
    Command("encounter start", "Start an encounter in this channel; you become its GM.",
            (OptionSpec("system", "The rule system (or give demo).", source="systems"),
             OptionSpec("name", "A name for the encounter."),
             OptionSpec("demo", "Play a system's ready-made first fight, guided step by step.", source="demos"))),
    Command(
        "encounter add",
        "Add combatants from a template, from traits, or the system's average combatant.",
        (
            OptionSpec("name", "The combatant's name (numbered when count is more than 1)."),
            *_SHEET,
            OptionSpec("side", "Their side (default: the players' side for a player's, else the template's or foes).",
                       source="sides"),
            OptionSpec("owner", "The player who controls them (a mention).", source="user"),
            OptionSpec("count", "How many to add, numbered 1, 2, …", "number", low=1, high=20),
        ),
        gm_only=True,
    ),
    Command("encounter join", "Join the fight with your saved character (when the GM allows joining).",
            (OptionSpec("character", "Your character's name.", required=True, source="characters",
                        other_names=("name",)),
             OptionSpec("side", "Your side (default: the players' side).", source="sides"))),
    Command("encounter remove", "Take a combatant out of the encounter (their exact name).",
            (OptionSpec("target", "Who to take out: the exact name.", required=True, source="combatants",
                        other_names=("name",)),),
            gm_only=True),
    Command("encounter begin", "Begin the fight: work out initiative and start round 1.", gm_only=True),
    Command("encounter next", "End the current turn and move on.",
            (OptionSpec("for", "Which moment of the fight this ends (the buttons set it)."),)),
    Command("encounter hold", "Hold your action to act later this round.", (_AS,)),
    Command("encounter release", "Act now with a held action, before whoever's turn it is.", (_AS,)),
    Command("encounter react", "Answer what the fight asks you (a defence, how to spend a roll); buttons do too.",
            (OptionSpec("choice", "One of the choices offered.", required=True, source="choices"),
             OptionSpec("for", "Which question this answers (the buttons set it)."))),
    Command("encounter status", "Show the round, the order, and everyone's state."),
    Command("encounter undo", "Undo the last action, with everything it did.",
            (OptionSpec("for", "Which moment of the fight this takes back (the buttons set it)."),), gm_only=True),
    Command("encounter log", "Show the log of actions, a page at a time (the newest first shown).",
            (OptionSpec("round", "Only this round.", "number", low=1, high=1_000_000),
             OptionSpec("page", "Which page, counted from the start (default: the newest).", "number", low=1,
                        high=1_000_000),
             OptionSpec("for", "Which fight's log this pages through (the buttons set it)."))),
    Command("encounter export", "Export the encounter: JSON data, or a readable Markdown recap of the fight.",
            (OptionSpec("format", "json (the default) or markdown (a recap to paste into campaign notes).",
                        "choice", (OptionChoice("json"), OptionChoice("markdown")),
                        aliases=(("recap", "markdown"), ("md", "markdown"))),)),
    Command("encounter map", "Show the battle map as a picture (with what the system can draw on it, as options).",
            open=True),
    Command("encounter end", "End the encounter.", gm_only=True),
    Command("encounter gm", "Use one of the system's GM tools (surprise, healing …) with its options.",
            (OptionSpec("tool", "The tool.", required=True, source="tools"),), gm_only=True, open=True),
    Command(
        "encounter settings",
        "Show or change Fray's settings for this server.",
        (
            OptionSpec("gm_role", "The role whose members are GMs of every encounter ('none' to clear).",
                       source="role"),
            OptionSpec("summary_channel", "Where round summaries are posted ('none': the encounter's channel).",
                       source="channel"),
            OptionSpec("players_end_turn", "May players end their own turn? yes or no.", "flag"),
            OptionSpec("allow_join", "May players join running fights with their saved characters? yes or no.",
                       "flag", other_names=("join",)),
            OptionSpec("remind_after", "Play-by-post: minutes without action before the waiting player is reminded "
                       "once (0 or none: off).", "number", low=0, high=MAX_REMIND_MINUTES,
                       aliases=(("none", "0"), ("off", "0"))),
            OptionSpec("clear", "Clear a setting: the GM role, or the summary channel (back to each fight's own).",
                       "choice", (OptionChoice("gm_role"), OptionChoice("summary_channel"))),
        ),
    ),
    Command("attack", "Attack someone with the move the system calls attack.", (_TARGET, _MODIFIER, _AS), open=True),
    Command("dodge", "Dodge (in most systems a reaction: any time, even out of turn).", (_MODIFIER, _AS), open=True),
    Command("act", "Any other move of the system (feint, reload, grenade …).",
            (OptionSpec("move", "The move.", required=True, source="moves"), _TARGET, _MODIFIER, _AS), open=True),
    Command("odds", "The exact chances of your attack (or move:) on a target, before you make it; nothing is rolled.",
            (_TARGET, _MODIFIER, _AS), open=True),
    Command("character create", "Save a character for this server.",
            (OptionSpec("name", "The character's name.", required=True), _SYSTEM, *_SHEET)),
    Command("character show", "Show a saved character.",
            (OptionSpec("name", "The character's name.", required=True, source="characters"),)),
    Command("character edit", "Change a saved character's traits or gear.",
            (OptionSpec("name", "The character's name.", required=True, source="characters"), *_SHEET)),
    Command("character list", "List the characters saved on this server."),
    Command("character delete", "Delete one of your characters (its exact name).",
            (OptionSpec("name", "The character's exact name.", required=True, source="characters"),)),
    Command("roll", "Roll dice: 4dF, 3d6+2, d10.", (
        OptionSpec("dice", "What to roll.", required=True),
        OptionSpec("label", "What the roll is for, shown with it (Perception, Stealth …)."),
        OptionSpec("secret", "Show the result only to you? yes or no (default no).", "flag"),
    )),
    Command("help", "Fray's commands, and the moves, options and GM tools of this channel's rule system.",
            (OptionSpec("topic", "A group of commands (character, encounter …) or one command (encounter add).",
                        source="topics"),), bare="topic"),
)


# Commands that make the system's move of the same name (bot/services/actions.py); a system may have no such move.
MOVE_COMMANDS = ("attack", "dodge")

# Commands that only read the fight: they change nothing, so a timer or the status board has nothing to follow.
READ_ONLY = frozenset({"encounter status", "encounter log", "encounter export", "encounter map", "odds", "help"})


def find_command(path: str) -> Command | None:
    """Return the command at ``path`` ('encounter start', 'attack'), or None."""
    return next((c for c in COMMANDS if c.path == path), None)


def help_topics() -> tuple[str, ...]:
    """Return what /help tells about on its own: each group of commands ('encounter'), then each command."""
    return tuple(dict.fromkeys([*(c.path.split()[0] for c in COMMANDS), *(c.path for c in COMMANDS)]))


def topic_commands(topic: str) -> tuple[Command, ...]:
    """Return the commands a /help topic covers: a group's ('Characters', '/character') or one; none if unknown.

    A group's command may be named by its last word alone ('react', 'gm'), when only one command ends so.
    """
    key = spelling(topic.strip().removeprefix("/"))
    for wanted in (key, key.removesuffix("s")):
        found = tuple(c for c in COMMANDS if wanted in (spelling(c.path), spelling(c.path.split()[0])))
        if found:
            return found
    last = tuple(c for c in COMMANDS if " " in c.path and spelling(c.path.split()[-1]) == key)
    return last if len(last) == 1 else ()
