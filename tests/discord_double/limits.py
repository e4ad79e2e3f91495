"""Discord's message limits (limits.md §1.4), checked on every message body the bot sends or edits."""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_FIELDS_MAX = 25
ROWS_MAX = 5
ROW_BUTTONS_MAX = 5
CUSTOM_ID_MAX = 100
LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
CHOICES_MAX = 25
_EMBED_TEXT = (("title", 256), ("description", 4096))


def _err(path: str, code: str, message: str) -> tuple[str, str, str]:
    return (path, code, message)


def _too_long(path: str, limit: int) -> tuple[str, str, str]:
    return _err(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _embed_problems(i: int, embed: Json) -> tuple[list[tuple[str, str, str]], int]:
    problems: list[tuple[str, str, str]] = []
    total = 0
    for key, limit in _EMBED_TEXT:
        text = embed.get(key) or ""
        total += len(text)
        if len(text) > limit:
            problems.append(_too_long(f"embeds.{i}.{key}", limit))
    fields = embed.get("fields") or []
    if len(fields) > EMBED_FIELDS_MAX:
        problems.append(_too_long(f"embeds.{i}.fields", EMBED_FIELDS_MAX))
    for j, f in enumerate(fields):
        name, value = str(f.get("name", "")), str(f.get("value", ""))
        total += len(name) + len(value)
        if not name or len(name) > 256:
            problems.append(_too_long(f"embeds.{i}.fields.{j}.name", 256))
        if not value or len(value) > 1024:
            problems.append(_too_long(f"embeds.{i}.fields.{j}.value", 1024))
    for key, sub, limit in (("footer", "text", 2048), ("author", "name", 256)):
        text = (embed.get(key) or {}).get(sub) or ""
        total += len(text)
        if len(text) > limit:
            problems.append(_too_long(f"embeds.{i}.{key}.{sub}", limit))
    return problems, total


def _component_problems(rows: list[Json]) -> list[tuple[str, str, str]]:
    problems: list[tuple[str, str, str]] = []
    if len(rows) > ROWS_MAX:
        problems.append(_too_long("components", ROWS_MAX))
    seen: set[str] = set()
    for i, row in enumerate(rows):
        children = row.get("components") or []
        if row.get("type") == 1 and len(children) > ROW_BUTTONS_MAX:
            problems.append(_too_long(f"components.{i}.components", ROW_BUTTONS_MAX))
        for j, child in enumerate(children):
            path = f"components.{i}.components.{j}"
            cid = child.get("custom_id")
            if cid is not None:
                if not 1 <= len(cid) <= CUSTOM_ID_MAX:
                    problems.append(_too_long(f"{path}.custom_id", CUSTOM_ID_MAX))
                if cid in seen:
                    problems.append(_err(f"{path}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED",
                                         "Component custom id cannot be duplicated"))
                seen.add(cid)
            if len(child.get("label") or "") > LABEL_MAX:
                problems.append(_too_long(f"{path}.label", LABEL_MAX))
            if len(child.get("options") or []) > SELECT_OPTIONS_MAX:
                problems.append(_too_long(f"{path}.options", SELECT_OPTIONS_MAX))
    return problems


def _mention_problems(am: Json | None) -> list[tuple[str, str, str]]:
    if not am:
        return []
    parse = am.get("parse") or []
    problems = []
    for kind in ("users", "roles"):
        if kind in parse and am.get(kind):
            problems.append(_err(f"allowed_mentions.{kind}", "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                                 f'parse:["{kind}"] and {kind}: [ids] are mutually exclusive.'))
        if len(am.get(kind) or []) > 100:
            problems.append(_too_long(f"allowed_mentions.{kind}", 100))
    return problems


def problems(body: Json) -> list[tuple[str, str, str]]:
    """Return (path, code, message) for every limit the message body breaks."""
    found: list[tuple[str, str, str]] = []
    content = body.get("content") or ""
    if len(content) > CONTENT_MAX:
        found.append(_too_long("content", CONTENT_MAX))
    embeds = body.get("embeds") or []
    if len(embeds) > EMBEDS_MAX:
        found.append(_too_long("embeds", EMBEDS_MAX))
    total = 0
    for i, embed in enumerate(embeds):
        more, size = _embed_problems(i, embed)
        found.extend(more)
        total += size
    if total > EMBED_TOTAL_MAX:
        found.append(_err("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"))
    found.extend(_component_problems(body.get("components") or []))
    found.extend(_mention_problems(body.get("allowed_mentions")))
    return found


def errors_json(found: list[tuple[str, str, str]]) -> Json:
    """Return Discord's nested `errors` object for a list of problems."""
    out: Json = {}
    for path, code, message in found:
        node = out
        for part in path.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return out


def is_empty(message: Json) -> bool:
    """Return True if a resulting message would have nothing to show (Discord error 50006)."""
    return not (message.get("content") or message.get("embeds") or message.get("attachments")
                or message.get("components") or message.get("sticker_ids") or message.get("poll"))
