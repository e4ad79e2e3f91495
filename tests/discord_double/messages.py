"""Stored messages: what the bot made visible (or ephemeral), with every revision and its allowed_mentions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .ids import Snowflakes, iso_now
from .payloads import EPHEMERAL, LOADING

Json = dict[str, Any]
SUPPRESS_EMBEDS = 1 << 2
_CREATE_FLAGS = EPHEMERAL | SUPPRESS_EMBEDS | (1 << 12) | (1 << 15)  # + SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2


@dataclass(frozen=True)
class Upload:
    """One uploaded file from a multipart request (files[n])."""

    index: int
    filename: str
    data: bytes
    content_type: str | None = None


@dataclass(frozen=True)
class Revision:
    """One create or edit of a message: the request body and the allowed_mentions it carried (None = absent)."""

    body: Json
    allowed_mentions: Json | None
    content: str
    at: float


@dataclass(eq=False)
class StoredMessage:
    """A message the bot created; `payload` is the current Discord message object (edits applied)."""

    id: int
    channel_id: int
    payload: Json
    source: str  # "channel" (REST), "interaction" (initial response / placeholder) or "followup"
    interaction_id: int | None = None
    revisions: list[Revision] = field(default_factory=list)
    files: dict[int, Upload] = field(default_factory=dict)
    deleted: bool = False

    @property
    def content(self) -> str:
        """Return the current content."""
        return str(self.payload.get("content") or "")

    @property
    def embeds(self) -> list[Json]:
        """Return the current embeds as JSON dicts."""
        return list(self.payload.get("embeds") or [])

    @property
    def embed(self) -> Json | None:
        """Return the first embed or None."""
        return self.embeds[0] if self.embeds else None

    @property
    def components(self) -> list[Json]:
        """Return the current top-level components (action rows)."""
        return list(self.payload.get("components") or [])

    def iter_components(self) -> list[Json]:
        """Return every interactive component (buttons, selects), flattened in order."""
        out: list[Json] = []
        stack = list(reversed(self.components))
        while stack:
            node = stack.pop()
            if node.get("custom_id") is not None:
                out.append(node)
            stack.extend(reversed(node.get("components") or []))
            if node.get("accessory"):
                stack.append(node["accessory"])
        return out

    @property
    def custom_ids(self) -> list[str]:
        """Return the custom_ids of all components, in order."""
        return [c["custom_id"] for c in self.iter_components()]

    def component(self, custom_id: str) -> Json | None:
        """Return the component with this custom_id, or None."""
        return next((c for c in self.iter_components() if c["custom_id"] == custom_id), None)

    @property
    def flags(self) -> int:
        """Return the message flags."""
        return int(self.payload.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        """Return True for an ephemeral (only-you-can-see-this) message."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Return True while this is a deferred 'thinking…' placeholder."""
        return bool(self.flags & LOADING)

    @property
    def pinned(self) -> bool:
        """Return True if pinned."""
        return bool(self.payload.get("pinned"))

    @property
    def attachments(self) -> list[Json]:
        """Return the attachment objects."""
        return list(self.payload.get("attachments") or [])

    @property
    def allowed_mentions(self) -> Json | None:
        """Return the allowed_mentions of the latest revision (None if that request had none)."""
        return self.revisions[-1].allowed_mentions if self.revisions else None

    @property
    def webhook(self) -> bool:
        """Return True for interaction responses and followups (webhook-authored)."""
        return self.source != "channel"

    @property
    def edited(self) -> bool:
        """Return True if the message was edited after creation."""
        return len(self.revisions) > 1

    def file_bytes(self, filename: str) -> bytes:
        """Return the bytes of an attached file by name."""
        for upload in self.files.values():
            if upload.filename == filename:
                return upload.data
        raise KeyError(f"message {self.id} has no attachment {filename!r}")

    def __repr__(self) -> str:
        return f"<StoredMessage id={self.id} {self.source} content={self.content!r} embeds={len(self.embeds)}>"


def _attachment(ids: Snowflakes, up: Upload, spec: Json, base_url: str, channel_id: int) -> tuple[int, Json]:
    aid = ids.next()
    url = f"{base_url}/attachments/{channel_id}/{aid}/{up.filename}"
    data: Json = {"id": str(aid), "filename": spec.get("filename") or up.filename, "size": len(up.data), "url": url,
                  "proxy_url": url, "content_type": up.content_type or "application/octet-stream"}
    if spec.get("description"):
        data["description"] = spec["description"]
    return aid, data


def apply_body(msg: StoredMessage, body: Json, uploads: list[Upload], *, ids: Snowflakes, base_url: str,
               editing: bool, at: float) -> None:
    """Apply a create/edit request body (and its uploads) to a stored message, recording a revision."""
    p = msg.payload
    for key, empty in (("content", ""), ("embeds", []), ("components", []), ("poll", None)):
        if key in body:
            p[key] = body[key] if body[key] is not None else empty
    if "flags" in body and body["flags"] is not None:
        flags = int(body["flags"])
        if editing:
            p["flags"] = (p.get("flags", 0) & ~SUPPRESS_EMBEDS) | (flags & SUPPRESS_EMBEDS)
        else:
            p["flags"] = (p.get("flags", 0) & ~_CREATE_FLAGS) | (flags & _CREATE_FLAGS)
    by_index = {u.index: u for u in uploads}
    if "attachments" in body or uploads:
        specs = body.get("attachments")
        if specs is None:
            specs = [{"id": u.index} for u in uploads]
        kept: list[Json] = []
        existing = {a["id"]: a for a in p.get("attachments", [])}
        for spec in specs:
            if str(spec.get("id")) in existing:
                kept.append(existing[str(spec["id"])])
            elif int(spec.get("id", -1)) in by_index:
                aid, data = _attachment(ids, by_index[int(spec["id"])], spec, base_url, msg.channel_id)
                msg.files[aid] = by_index[int(spec["id"])]
                kept.append(data)
        p["attachments"] = kept
    if "tts" in body:
        p["tts"] = bool(body["tts"])
    if editing:
        p["edited_timestamp"] = iso_now()
    msg.revisions.append(Revision(body, body.get("allowed_mentions"), msg.content, at))


class MessageStore:
    """All messages by id, in creation order."""

    def __init__(self) -> None:
        self.by_id: dict[int, StoredMessage] = {}

    def add(self, msg: StoredMessage) -> StoredMessage:
        """Store a new message."""
        self.by_id[msg.id] = msg
        return msg

    def get(self, message_id: int) -> StoredMessage | None:
        """Return a live (not deleted) message or None."""
        msg = self.by_id.get(message_id)
        return None if msg is None or msg.deleted else msg

    def visible(self, channel_id: int | None) -> list[StoredMessage]:
        """Return live, non-ephemeral messages (of one channel, or all), oldest first."""
        return [m for m in self.by_id.values()
                if not m.deleted and not m.ephemeral and (channel_id is None or m.channel_id == channel_id)]
