"""Names, numbering and option parsing for adding combatants and saving characters."""

from __future__ import annotations

import re
import unicodedata
import zlib
from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from bot.services.lookalike import lookalike, skeleton
from combat.errors import InvalidInput, echo
from combat.sheet import SheetRequest

if TYPE_CHECKING:
    from bot.services.args import Args

__all__ = [
    "MAX_COUNT",
    "MAX_ROSTER",
    "MAX_SIDE",
    "MAX_WEAPONS",
    "check_name",
    "check_new_name",
    "check_side",
    "combatant_id",
    "numbered",
    "parse_list",
    "parse_owner",
    "parse_stats",
    "sheet_request",
]

MAX_COUNT = 20
# Ours: the most combatants one encounter holds (a big battle; beyond it, group NPCs or run two encounters).
MAX_ROSTER = 100
# Ours: the most weapons one sheet carries.
MAX_WEAPONS = 10
MAX_NAME = 100
# [ours] The widths of the stored roster's columns (combatants.side and combatants.key): a side is refused past 32
# characters; a combatant's key (its lower-case name) is cut to 64 with a checksum of the whole name.
MAX_SIDE = 32
MAX_KEY = 64
_PUNCTUATION = frozenset(" '-.")
# How a refused character is named in the error: the ones that could mention, format or split a list, in words.
_CHAR_WORDS = {",": "a comma", "@": "an at sign", "`": "a backquote", "*": "an asterisk", "_": "an underscore",
               "#": "#", "!": "!", "?": "?", "&": "&", ":": "a colon", "(": "a bracket", ")": "a bracket",
               "[": "a square bracket", "]": "a square bracket"}


def _plain(char: str) -> bool:
    """Tell whether a name may hold this character: a letter or digit (or its combining mark), a space, ' - or ."""
    return unicodedata.category(char)[0] in "LNM" or char in _PUNCTUATION


def _refused(name: str) -> str:
    """Say why a name is refused ('a comma, #', or that it must start with a letter or digit); empty: it is not."""
    found = list(dict.fromkeys(_CHAR_WORDS.get(char) or _char_word(char) for char in name if not _plain(char)))
    if found:
        return ", ".join(found[:5]) + (" …" if len(found) > 5 else "")
    return "" if unicodedata.category(name[0])[0] in "LN" else "it must start with a letter or a digit"


def check_name(raw: str, what: str = "name", limit: int = MAX_NAME) -> str:
    """Return a cleaned name (NFC, spaces collapsed), refusing markdown, mentions and names over ``limit``."""
    name = unicodedata.normalize("NFC", " ".join(raw.split()))
    if not name:
        raise InvalidInput(f"The {what} is empty; give it a name.")
    if len(name) > limit:
        raise InvalidInput(f"That {what} is {len(name)} characters long; keep it to {limit}.")
    if why := _refused(name):
        raise InvalidInput(
            f"The {what} '{_safe(name)}' has characters Fray does not allow ({why}); use letters, digits, spaces, ' - "
            "and ."
        )
    return name


def _char_word(char: str) -> str:
    """Name a character in words (never itself: it may be markdown or part of a mention): 'number sign'."""
    if unicodedata.category(char)[0] in "CZ":
        return "a control character" if unicodedata.category(char)[0] == "C" else "an unusual space"
    return unicodedata.name(char, "an unusual character").lower()


def check_new_name(name: str, taken: Iterable[str], where: str = "in this fight") -> str:
    """Refuse a name that is, or looks like, one already taken (a Cyrillic С for a C, fullwidth letters …)."""
    same = lookalike(name, taken)
    if same is not None:
        looks = "is already" if same.casefold() == name.casefold() else f"looks like {_safe(same)}, already"
        raise InvalidInput(f"'{_safe(name)}' {looks} {where}; choose another name.")
    return name


def check_side(raw: str) -> str:
    """Return a cleaned side in lower case, refusing what check_name refuses and sides over 32 characters."""
    return check_name(raw, "side", MAX_SIDE).lower()[:MAX_SIDE]


def _safe(text: str) -> str:
    """Defuse mentions, markdown and invisible characters in text echoed back in an error."""
    return echo(re.sub(r"[@#<>*_~|`\\\[\]()]", "?", text))


def combatant_id(name: str) -> str:
    """Return the key a combatant is stored under: its name in lower case, shortened to fit the roster's key."""
    key = name.lower()
    if len(key) <= MAX_KEY:
        return key
    return f"{key[: MAX_KEY - 9]}~{zlib.crc32(key.encode()):08x}"


def _numbered_already(base: str, taken: Collection[str]) -> bool:
    """Tell whether names like 'Base 1', 'Base 2' are in use (a group added earlier with count)."""
    key = skeleton(base)
    for name in taken:
        head, _, tail = name.rpartition(" ")
        if tail.isdecimal() and skeleton(head) == key:
            return True
    return False


def numbered(base: str, count: int, taken: Collection[str]) -> list[str]:
    """Return ``count`` names: the base alone for one, else 'Base 1', 'Base 2', … skipping names in use.

    One more of a group already numbered ('Thug 1' … 'Thug 4') goes on with its numbers ('Thug 5').
    """
    if not 1 <= count <= MAX_COUNT:
        raise InvalidInput(f"count must be between 1 and {MAX_COUNT}.")
    if count == 1 and not _numbered_already(base, taken):
        return [check_new_name(base, taken)]
    used = {skeleton(t) for t in taken}
    names: list[str] = []
    number = 1
    while len(names) < count:
        candidate = f"{base} {number}"
        if skeleton(candidate) not in used:
            names.append(candidate)
        number += 1
    return [check_name(n) for n in names]


# "Agility 4", "Swords +3", "Strength: Good": the level starts at the first word with a digit or sign, or is the last.
_SPACED = re.compile(r"(?P<name>.*?)\s+(?P<value>[+\-−]?\d.*)|(?P<named>.*\S)\s+(?P<word>\S+)")


def _trait(part: str) -> tuple[str, str]:
    """Split one 'Trait=Level' (or 'Trait Level', 'Trait: Level') into the trait and its level."""
    for sign in "=:":
        if sign in part:
            name, value = part.split(sign, 1)
            return name.strip(), value.strip()
    found = _SPACED.fullmatch(part.strip())
    if found is None:
        shown = _safe(part.strip())
        raise InvalidInput(f"'{shown}' is not a trait with a level; write stats like \"Agility=Good, Brawling=+2\".")
    if found["value"] is not None:
        return found["name"].strip(), found["value"].strip()
    return found["named"].strip(), found["word"].strip()


def parse_stats(text: str | None) -> dict[str, str]:
    """Read 'Agility=Good, Brawling=Great' (or 'Agility Good', 'Swords +3') into {'agility': 'Good', …}."""
    if not text:
        return {}
    stats: dict[str, str] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        name, value = _trait(part)
        if not name or not value:
            raise InvalidInput(f"'{_safe(part.strip())}' needs a trait and a level, like Agility=Good.")
        key = " ".join(name.split()).lower()
        if key in stats:
            raise InvalidInput(f"The trait {_safe(name.title())} is given twice; give each trait once.")
        stats[key] = value
    return stats


def parse_list(
    text: str | None, what: str = "item", limit: int = MAX_WEAPONS, *, unique: bool = True
) -> tuple[str, ...] | None:
    """Read a comma-separated list (at most ``limit``, each once when ``unique``); None when not given."""
    if text is None:
        return None
    items = tuple(" ".join(p.split()) for p in text.split(",") if p.strip())
    if len(items) > limit:
        raise InvalidInput(f"That is {len(items)} {what}s; give at most {limit}.")
    folded = [i.casefold() for i in items]
    twice = next((i for n, i in enumerate(items) if unique and folded[n] in folded[:n]), None)
    if twice is not None:
        raise InvalidInput(f"The {what} '{_safe(twice)}' is given twice; give each once.")
    return items


def sheet_request(args: Args) -> SheetRequest:
    """Build a sheet request from a command's options."""
    return SheetRequest(
        template=args.text("template"),
        traits=parse_stats(args.text("stats")),
        talents=parse_list(args.text("talents"), "talent", 30) or (),
        tier=args.text("tier"),
        weapons=parse_list(args.text("weapon"), "weapon", unique=False),  # two grenades are two weapons
        armour=args.text("armour"),
        shield=args.text("shield"),
    )


MAX_USER_ID = 2**64 - 1


def parse_owner(raw: str | None) -> str | None:
    """Read an owner given as a user mention or id ('<@123>', '123'); None when not given."""
    if raw is None:
        return None
    digits = raw.strip().removeprefix("<@").removeprefix("!").removesuffix(">")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 20 and 0 < int(digits) <= MAX_USER_ID):
        raise InvalidInput("owner must be a user mention, like @player.")
    return str(int(digits))
