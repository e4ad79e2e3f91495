"""Names, numbering and option parsing for adding combatants and saving characters."""

from __future__ import annotations

import re
import zlib
from collections.abc import Collection
from typing import TYPE_CHECKING

from combat.errors import InvalidInput
from combat.sheet import SheetRequest

if TYPE_CHECKING:
    from bot.services.args import Args

__all__ = [
    "MAX_COUNT",
    "MAX_SIDE",
    "check_name",
    "check_side",
    "combatant_id",
    "numbered",
    "parse_list",
    "parse_owner",
    "parse_stats",
    "sheet_request",
]

MAX_COUNT = 20
MAX_NAME = 100
# [D] The widths of the stored roster's columns (combatants.side and combatants.key): a side is refused past 32
# characters; a combatant's key (its lower-case name) is cut to 64 with a checksum of the whole name.
MAX_SIDE = 32
MAX_KEY = 64
_NAME = re.compile(r"^[^\W_](?:[^\W_]|[ '\-.])*$")


def check_name(raw: str, what: str = "name", limit: int = MAX_NAME) -> str:
    """Return a cleaned name, refusing markdown, mentions and names over ``limit`` (100) characters."""
    name = " ".join(raw.split())
    if not name:
        raise InvalidInput(f"The {what} is empty; give it a name.")
    if len(name) > limit:
        raise InvalidInput(f"That {what} is {len(name)} characters long; keep it to {limit}.")
    if not _NAME.match(name):
        raise InvalidInput(
            f"The {what} '{_safe(name)}' has characters Fray does not allow; use letters, digits, spaces, ' - and ."
        )
    return name


def check_side(raw: str) -> str:
    """Return a cleaned side in lower case, refusing what check_name refuses and sides over 32 characters."""
    return check_name(raw, "side", MAX_SIDE).lower()[:MAX_SIDE]


def _safe(text: str) -> str:
    """Defuse mentions and markdown in text echoed back in an error."""
    return re.sub(r"[@#<>*_~|`\\\[\]()]", "?", text)[:MAX_NAME]


def combatant_id(name: str) -> str:
    """Return the key a combatant is stored under: its name in lower case, shortened to fit the roster's key."""
    key = name.lower()
    if len(key) <= MAX_KEY:
        return key
    return f"{key[: MAX_KEY - 9]}~{zlib.crc32(key.encode()):08x}"


def numbered(base: str, count: int, taken: Collection[str]) -> list[str]:
    """Return ``count`` names: the base alone for one, else 'Base 1', 'Base 2', … skipping names in use."""
    if not 1 <= count <= MAX_COUNT:
        raise InvalidInput(f"count must be between 1 and {MAX_COUNT}.")
    used = {t.lower() for t in taken}
    if count == 1:
        if base.lower() in used:
            raise InvalidInput(f"There is already a combatant called {base}; choose another name.")
        return [base]
    names: list[str] = []
    number = 1
    while len(names) < count:
        candidate = f"{base} {number}"
        if candidate.lower() not in used:
            names.append(candidate)
        number += 1
    return [check_name(n) for n in names]


def parse_stats(text: str | None) -> dict[str, str]:
    """Read 'Agility=Good, Brawling=Great' into {'agility': 'Good', 'brawling': 'Great'}."""
    if not text:
        return {}
    stats: dict[str, str] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        if "=" not in part:
            shown = _safe(part.strip())
            raise InvalidInput(f"'{shown}' is not a trait; write stats like \"Agility=Good, Brawling=+2\".")
        name, value = (p.strip() for p in part.split("=", 1))
        if not name or not value:
            raise InvalidInput(f"'{_safe(part.strip())}' needs a trait and a level, like Agility=Good.")
        if name.lower() in stats:
            raise InvalidInput(f"The trait {_safe(name.title())} is given twice; give each trait once.")
        stats[name.lower()] = value
    return stats


def parse_list(text: str | None) -> tuple[str, ...] | None:
    """Read a comma-separated list; None when not given."""
    if text is None:
        return None
    return tuple(p.strip() for p in text.split(",") if p.strip())


def sheet_request(args: Args) -> SheetRequest:
    """Build a sheet request from a command's options."""
    return SheetRequest(
        template=args.text("template"),
        traits=parse_stats(args.text("stats")),
        talents=parse_list(args.text("talents")) or (),
        tier=args.text("tier"),
        weapons=parse_list(args.text("weapon")),
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
