"""What a service hands back for rendering: the command, the state after it, the rules' result, round summaries.

What a command says beyond the rules' result is one typed ``body`` (``Added``, ``Undone``, ``Exported`` …); the
renderers pick the text for each body type by dispatch.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.services.history import RecapEntry, Recapped
from combat.dice import Roll
from combat.engine import TurnChange
from combat.model import Encounter
from combat.odds import Odds
from combat.sheet import Sheet
from combat.summary import Beat, RoundSummary
from combat.system import RuleSystem

__all__ = [
    "Added",
    "Answered",
    "Body",
    "CharacterCard",
    "CharacterDeleted",
    "CharacterList",
    "DemoStarted",
    "Ended",
    "Exported",
    "Held",
    "HelpShown",
    "HelpTopic",
    "LogEntry",
    "Logged",
    "MapShown",
    "OddsShown",
    "RecapEntry",
    "Recapped",
    "Removed",
    "Reply",
    "Rolled",
    "SettingsShown",
    "Started",
    "StatusShown",
    "Undone",
]


@dataclass(frozen=True, slots=True)
class Started:
    """An encounter began in the channel."""

    name: str


@dataclass(frozen=True, slots=True)
class DemoStarted:
    """A system's demo began: the encounter's name, what the fight is, the caller's own and everyone set up."""

    name: str
    intro: str
    yours: tuple[str, ...]
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Ended:
    """The encounter ended."""

    name: str


@dataclass(frozen=True, slots=True)
class StatusShown:
    """The status of the encounter was asked for."""

    name: str


@dataclass(frozen=True, slots=True)
class Added:
    """Combatants joined the encounter.

    ``new_side`` names their side when no one was on it before, and ``sides`` the sides already there (a typo in
    side: starts a side of its own, so the answer can say so). ``later`` names those added mid-round whose place
    in it has passed: they act from round ``from_round``.
    """

    names: tuple[str, ...]
    new_side: str | None = None
    sides: tuple[str, ...] = ()
    later: tuple[str, ...] = ()
    from_round: int | None = None


@dataclass(frozen=True, slots=True)
class Removed:
    """Combatants were taken out of the encounter."""

    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Held:
    """A combatant holds their action."""

    name: str


@dataclass(frozen=True, slots=True)
class Undone:
    """The last action was undone: its place in the log and its kind."""

    seq: int
    kind: str


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the encounter's log: who did what, the beats it left, and whether it was undone."""

    seq: int
    round: int
    kind: str
    user: int | None
    user_name: str | None
    undone: bool
    beats: tuple[Beat, ...]
    move: str | None
    undid: int | None
    given: tuple[tuple[str, str], ...] = ()  # the options typed (shown for an entry that left no beats)


@dataclass(frozen=True, slots=True)
class Logged:
    """A page of the encounter's log (or of one round of it): ``page`` of ``pages``, counted from the start.

    The pages are cut from the newest entry back: the last page is full, the first holds what is left over.
    """

    entries: tuple[LogEntry, ...]
    page: int = 1
    pages: int = 1
    round: int | None = None
    gone: tuple[tuple[str, str], ...] = ()  # (id, name) of those its beats name who are no longer in the fight
    fight: int = 0  # the encounter whose log it is (its page buttons turn that fight's pages only)


@dataclass(frozen=True, slots=True)
class Exported:
    """The encounter as export data."""

    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class MapShown:
    """The battle map as a PNG picture (None: the system draws no map); ``file`` is where the local table wrote it."""

    name: str
    title: str
    picture: bytes | None = None
    file: str | None = None


@dataclass(frozen=True, slots=True)
class OddsShown:
    """The exact chances of a move, with their bar chart as a PNG; ``file`` is where the local table wrote it."""

    odds: Odds
    picture: bytes | None = None
    file: str | None = None


@dataclass(frozen=True, slots=True)
class Rolled:
    """Dice rolled with /roll: what for (``label``), and whether only the one who rolled sees it (``secret``)."""

    spec: str
    roll: Roll
    label: str | None = None
    secret: bool = False


@dataclass(frozen=True, slots=True)
class CharacterCard:
    """A saved character."""

    name: str
    system: str
    owner: int
    sheet: Sheet


@dataclass(frozen=True, slots=True)
class CharacterList:
    """The characters saved on a server: (name, system, owner id) each."""

    characters: tuple[tuple[str, str, int], ...]


@dataclass(frozen=True, slots=True)
class CharacterDeleted:
    """A saved character was deleted."""

    name: str


@dataclass(frozen=True, slots=True)
class SettingsShown:
    """The server's settings, by name."""

    settings: Mapping[str, object]


@dataclass(frozen=True, slots=True)
class HelpShown:
    """Help was asked for: the commands, and the channel's rule system (None: there is no encounter here)."""

    system: str | None


@dataclass(frozen=True, slots=True)
class HelpTopic:
    """Help on one topic was asked for: the topic as named ('character', 'encounter add') and its commands' paths.

    In a channel with a fight (the reply's system), ``moves``/``tools`` name that system's moves and GM tools the
    topic covers (/attack's move, the moves /act makes, one move asked for by name); ``missing`` names a move command
    the system has no move for (/dodge in a system whose defence is asked for when attacked).
    """

    topic: str
    commands: tuple[str, ...]
    moves: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Answered:
    """The answer given to a waiting choice, or the default taken when time ran out (``lapsed``)."""

    combatant: str
    choice: str
    label: str
    lapsed: bool = False


Body = (
    Started | Ended | StatusShown | Added | Removed | Held | Undone | Logged | Exported | Rolled | CharacterCard
    | CharacterList | CharacterDeleted | SettingsShown | HelpShown | HelpTopic | MapShown | DemoStarted | Recapped
    | OddsShown
)


@dataclass(frozen=True, slots=True)
class Reply:
    """One command's outcome: the state after it, the rules' result, what it says (``body``), round summaries.

    ``answer`` is the choice answered by this command (or taken by default); ``settled`` is the reply of a choice
    whose time ran out and was resolved first, with its default, in the same unit of work (its round summaries
    lead this reply's ``summaries``). ``summary_channel`` is where the guild wants round summaries posted (None: the
    command's channel), read with the encounter so posting them asks the database nothing more. ``beats`` is the
    result's digest, as the services logged it (empty without a result). ``ended`` marks a read of the channel's
    last fight after it ended (its log, its recap): nothing in it waits or runs any more. ``mark`` names the moment
    of the fight the reply shows (``fight_mark``: its encounter and version): a button under it acts only then.
    """

    command: str
    system: RuleSystem | None = None
    encounter: Encounter | None = None
    result: object | None = None
    change: TurnChange | None = None
    summaries: tuple[RoundSummary, ...] = ()
    body: Body | None = None
    answer: Answered | None = None
    gm: int | None = None
    viewer_gm: bool = False
    settled: Reply | None = None
    summary_channel: int | None = None
    beats: tuple[Beat, ...] = ()
    ended: bool = False
    mark: str | None = None
    name: str | None = None  # the fight's name ("Docking ring"), where the reply shows a fight

    @property
    def over(self) -> bool:
        """Tell whether the fight it shows is over (it ended it, or it reads one that has ended): no turn waits."""
        return self.ended or self.command == "encounter end"
