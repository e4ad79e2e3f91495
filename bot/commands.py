"""Fray's command table: every command's name and options, shared by the local table and the Discord cogs."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["COMMANDS", "MOVE_COMMANDS", "Command", "Option", "find_command"]


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a command."""

    name: str
    description: str
    required: bool = False
    kind: str = "text"
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Command:
    """A command: its path ('encounter start'), what it does, its options, and whether only the GM may use it."""

    path: str
    description: str
    options: tuple[Option, ...] = ()
    gm_only: bool = False

    def option(self, name: str) -> Option | None:
        """Return the option called ``name``."""
        return next((o for o in self.options if o.name == name), None)


_AS = Option("as", "GM only: act for this combatant (an NPC, or a player's character).")
_TARGET = Option("target", "Who: a combatant's name, or several separated by commas.")
_MODIFIER = Option("modifier", "An explicit modifier the GM allows (style and grace, the situation), like +1.")
_SHEET = (
    Option("template", "A template from the system's tables (e.g. peacekeeper trooper)."),
    Option("stats", 'Traits as "Agility=Good, Brawling=Great" (ladder names or numbers).'),
    Option("talents", 'Talents, separated by commas (e.g. "Cool Head").'),
    Option("weapon", "Weapons, separated by commas (keys from the weapons table)."),
    Option("armour", "Armour worn (a key from the armour table)."),
    Option("shield", "A shield carried (small, medium, large)."),
    Option("tier", "Cinematic tier: protagonist, antagonist, ally, henchman, bystander, minion."),
)

COMMANDS: tuple[Command, ...] = (
    Command(
        "encounter start",
        "Start an encounter in this channel; you become its GM.",
        (
            Option("system", "The rule system.", True, "choice", ("farscape",)),
            Option("name", "A name for the encounter."),
        ),
    ),
    Command(
        "encounter add",
        "Add combatants from a template, from traits, or the system's average combatant.",
        (
            Option("name", "The combatant's name (numbered when count is more than 1)."),
            *_SHEET,
            Option("side", "Which side they fight on (default: the template's, or foes)."),
            Option("owner", "The player who controls them (a mention)."),
            Option("count", "How many to add, numbered 1, 2, … (at most 20).", kind="integer"),
        ),
        gm_only=True,
    ),
    Command(
        "encounter join",
        "Join the fight with your saved character (when the GM allows joining).",
        (Option("character", "Your character's name.", True), Option("side", "Your side (default: players).")),
    ),
    Command(
        "encounter remove",
        "Take a combatant out of the encounter.",
        (Option("target", "Who to take out.", True),),
        gm_only=True,
    ),
    Command("encounter begin", "Begin the fight: work out initiative and start round 1.", gm_only=True),
    Command("encounter next", "End the current turn and move on."),
    Command("encounter hold", "Hold your action to act later this round.", (_AS,)),
    Command("encounter release", "Act now with a held action, before whoever's turn it is.", (_AS,)),
    Command(
        "encounter react",
        "Answer an attack on your character: dodge, or take it (the default comes when time runs out).",
        (Option("choice", "dodge or take.", True, "choice", ("dodge", "take")),),
    ),
    Command("encounter status", "Show the round, the order, and everyone's state."),
    Command("encounter undo", "Undo the last action, with everything it did.", gm_only=True),
    Command("encounter log", "Show the log of actions.", (Option("round", "Only this round.", kind="integer"),)),
    Command("encounter export", "Export the encounter as JSON."),
    Command("encounter end", "End the encounter.", gm_only=True),
    Command(
        "encounter surprise",
        "A side is caught by surprise: it freezes (Cool Head excepted).",
        (
            Option("side", "The side that is surprised (or give two leaders instead)."),
            Option("mutual", "Both sides surprised each other: yes or no."),
            Option("leaders", "Mutual surprise: one leader from each side, e.g. \"Crichton, Captain\"."),
            Option("difficulty", "Willpower difficulty to recover (default Fair)."),
        ),
        gm_only=True,
    ),
    Command(
        "encounter adjust",
        "Adjust a combatant's Initiative for circumstances (from the next element).",
        (
            Option("target", "Whose Initiative.", True),
            Option("initiative", "The adjustment, from -5 to +5 (0 removes it).", True),
        ),
        gm_only=True,
    ),
    Command(
        "encounter heal",
        "Heal a combatant: First Aid, Medicine, natural recovery, rest, waking, or scratches.",
        (
            Option("target", "Who is cared for.", True),
            Option("method", "first aid, medicine, natural, rest, wake or scratches.", True, "choice",
                   ("first aid", "medicine", "natural", "rest", "wake", "scratches")),
            Option("healer", "Who gives First Aid or Medicine."),
            Option("modifier", "Medical equipment or circumstances, from -5 to +5."),
            Option("arns", "Hours of rest (rest only)."),
        ),
        gm_only=True,
    ),
    Command(
        "encounter strain",
        "Let an Incapacitated combatant strain to fight on (a Great Willpower roll first, at -3).",
        (
            Option("target", "Who strains.", True),
            Option("allowed", "yes (default) or no to take the permission back."),
        ),
        gm_only=True,
    ),
    Command(
        "encounter settings",
        "Show or change Fray's settings for this server.",
        (
            Option("gm_role", "The role whose members are GMs of every encounter.", kind="role"),
            Option("summary_channel", "Where round summaries are posted (default: the encounter's channel).",
                   kind="channel"),
            Option("players_end_turn", "May players end their own turn? yes or no.", kind="boolean"),
            Option("allow_join", "May players join running fights with their saved characters? yes or no.",
                   kind="boolean"),
        ),
    ),
    Command(
        "attack",
        "Attack: an exchange of blows in melee, or a shot with a ranged weapon.",
        (_TARGET, Option("weapon", "The weapon to use."), Option("move", "The move (punch, kick, …)."), _MODIFIER, _AS),
    ),
    Command("dodge", "Dodge ranged attacks this element.", (Option("skill", "agility or acrobatics."), _AS)),
    Command(
        "act",
        "Any other move of the system (feint, grapple, reload, grenade, …).",
        (Option("move", "The move.", True), _TARGET, _MODIFIER, _AS),
    ),
    Command(
        "character create",
        "Save a character for this server.",
        (Option("name", "The character's name.", True), Option("system", "The rule system.", True), *_SHEET),
    ),
    Command("character show", "Show a saved character.", (Option("name", "The character's name.", True),)),
    Command(
        "character edit",
        "Change a saved character's traits or gear.",
        (Option("name", "The character's name.", True), *_SHEET),
    ),
    Command("character list", "List the characters saved on this server."),
    Command("character delete", "Delete one of your characters.", (Option("name", "The character's name.", True),)),
    Command("roll", "Roll dice: 4dF, 3d6+2, d10.", (Option("dice", "What to roll.", True),)),
)

# Commands whose extra options belong to the chosen move (checked against the move's own options).
MOVE_COMMANDS = frozenset({"attack", "dodge", "act"})


def find_command(path: str) -> Command | None:
    """Return the command at ``path`` ('encounter start', 'attack'), or None."""
    return next((c for c in COMMANDS if c.path == path), None)
