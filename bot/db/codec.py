"""Turn the frozen encounter model into JSON documents and back, with pydantic over the dataclasses.

A system's own objects (health, per-combatant and per-encounter state, the context of a paused choice) are stored
in the same document and decoded with the system's types (``SystemTypes``); a document written before a system
kept some state loads with that state's defaults, so no migration is needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import orjson
from pydantic import TypeAdapter
from pydantic_core import to_jsonable_python

from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.sheet import Sheet

__all__ = [
    "SystemTypes",
    "decode_encounter",
    "decode_health",
    "decode_sheet",
    "encode_encounter",
    "encode_encounter_reusing",
    "encode_payload",
    "encode_sheet",
    "payload_text",
]

_ENCOUNTER: TypeAdapter[Encounter] = TypeAdapter(Encounter)
_COMBATANT: TypeAdapter[Combatant] = TypeAdapter(Combatant)
_SHEET: TypeAdapter[Sheet] = TypeAdapter(Sheet)


@dataclass(frozen=True, slots=True)
class SystemTypes:
    """The classes of a system's own stored objects; None where the system keeps nothing of that kind."""

    health: type
    combatant: type | None = None
    encounter: type | None = None
    choice: type | None = None


@cache
def _health_adapter(health_type: type) -> TypeAdapter[Any]:
    return TypeAdapter(health_type)


def _decode_state(data: Any, state_type: type | None) -> Any:
    """Decode a system's state object; missing (None) becomes the type's defaults."""
    if state_type is None:
        return data
    if data is None:
        return state_type()
    return _health_adapter(state_type).validate_python(data)


def encode_encounter(enc: Encounter) -> dict[str, Any]:
    """Return the encounter as a JSON-ready dict (tuples and sets become lists)."""
    data: dict[str, Any] = _ENCOUNTER.dump_python(enc, mode="json")
    return data


# A combatant object and its stored document as JSON text.
Piece = tuple[Combatant, str]
# Each combatant's piece, by the identity of the (frozen) combatant object it was made from.
Pieces = dict[int, Piece]


def encode_encounter_reusing(enc: Encounter, known: Mapping[int, Piece]) -> tuple[Pieces, str]:
    """Encode the encounter as JSON text (``encode_encounter``'s document), reusing unchanged combatants' texts.

    ``known`` maps ``id(combatant)`` to a combatant object and its JSON text; an entry is reused only for that very
    (frozen) object. Returns the same kind of map for the combatants of ``enc``, and the document as JSON text made
    from the combatants' texts: an unchanged combatant is neither encoded nor written out again. The rest goes
    through orjson (``payload_text``): the same document, several times faster. No document is built as Python
    objects: the text is what is stored and kept.
    """
    head = payload_text(replace(enc, combatants=()))
    pieces: Pieces = {}
    texts: list[str] = []
    for combatant in enc.combatants:
        found = known.get(id(combatant))
        text = found[1] if found is not None and found[0] is combatant else payload_text(combatant)
        pieces[id(combatant)] = (combatant, text)
        texts.append(text)
    return pieces, _with_combatants(head, enc.system, texts)


@lru_cache(maxsize=32)
def _lead(system: str) -> str:
    """Return how the document of an encounter of ``system`` starts, up to its first combatant's text."""
    return f'{{"system":{payload_text(system)},"combatants":['


def _with_combatants(head: str, system: str, texts: list[str]) -> str:
    """Put the combatants' texts into the encounter's text written with none (its second key, after the system)."""
    lead = _lead(system)
    if not head.startswith(lead) or head[len(lead)] != "]":
        raise ValueError("an encounter's document starts with its system, then its combatants")
    return f"{lead}{','.join(texts)}{head[len(lead):]}"


def decode_encounter(data: dict[str, Any], types: SystemTypes | type) -> Encounter:
    """Rebuild an encounter from its JSON dict with the system's types (a bare class: the health type only)."""
    kinds = types if isinstance(types, SystemTypes) else SystemTypes(types)
    enc = _ENCOUNTER.validate_python(data)
    combatants = tuple(
        replace(c, health=decode_health(c.health, kinds.health), state=_decode_state(c.state, kinds.combatant))
        for c in enc.combatants
    )
    pending = enc.pending
    if pending is not None and pending.stage == "after" and kinds.choice is not None:
        pending = replace(pending, context=_decode_state(pending.context, kinds.choice))
    return replace(enc, combatants=combatants, state=_decode_state(enc.state, kinds.encounter), pending=pending)


def decode_health(data: Any, health_type: type) -> Any:
    """Rebuild one combatant's health object of the system's ``health_type``."""
    return _health_adapter(health_type).validate_python(data)


def encode_sheet(sheet: Sheet) -> dict[str, Any]:
    """Return a character sheet as a JSON-ready dict."""
    data: dict[str, Any] = _SHEET.dump_python(sheet, mode="json")
    return data


def decode_sheet(data: dict[str, Any]) -> Sheet:
    """Rebuild a character sheet from its JSON dict."""
    return _SHEET.validate_python(data)


def encode_payload(value: Any) -> Any:
    """Return any result data (frozen dataclasses, tuples, sets, mappings) as JSON-ready values."""
    return to_jsonable_python(value)


def _jsonable(value: Any) -> Any:
    """Return what orjson cannot write itself as pydantic does: a set as a list in its own order, anything else."""
    if type(value) is frozenset or type(value) is set:
        return list(value)
    return to_jsonable_python(value)


def payload_text(value: Any) -> str:
    """Return result data as JSON text in one pass: the same text as dumping ``encode_payload(value)``.

    orjson writes dataclasses, tuples, enums and mappings itself; anything else goes through pydantic as above.
    Mappings with keys that are not strings (ints) are rare: only a document that has one is written again with
    orjson's slower option for them.
    """
    try:
        return orjson.dumps(value, default=_jsonable).decode()
    except orjson.JSONEncodeError:
        return orjson.dumps(value, default=_jsonable, option=orjson.OPT_NON_STR_KEYS).decode()
