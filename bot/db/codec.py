"""Turn the frozen encounter model into JSON documents and back, with pydantic over the dataclasses."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from pydantic import TypeAdapter
from pydantic_core import to_jsonable_python

from combat.model import Encounter
from combat.sheet import Sheet

__all__ = [
    "decode_encounter",
    "decode_health",
    "decode_sheet",
    "encode_encounter",
    "encode_payload",
    "encode_sheet",
]

_ENCOUNTER: TypeAdapter[Encounter] = TypeAdapter(Encounter)
_SHEET: TypeAdapter[Sheet] = TypeAdapter(Sheet)


@cache
def _health_adapter(health_type: type) -> TypeAdapter[Any]:
    return TypeAdapter(health_type)


def encode_encounter(enc: Encounter) -> dict[str, Any]:
    """Return the encounter as a JSON-ready dict (tuples and sets become lists)."""
    data: dict[str, Any] = _ENCOUNTER.dump_python(enc, mode="json")
    return data


def decode_encounter(data: dict[str, Any], health_type: type) -> Encounter:
    """Rebuild an encounter from its JSON dict; every combatant's health is decoded as ``health_type``."""
    enc = _ENCOUNTER.validate_python(data)
    combatants = tuple(replace(c, health=decode_health(c.health, health_type)) for c in enc.combatants)
    return replace(enc, combatants=combatants)


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
