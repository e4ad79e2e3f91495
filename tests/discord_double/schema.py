"""The synced command schema: bulk overwrite (with Discord's checks), lookup and command-path resolution."""

from __future__ import annotations

import re
from typing import Any

from .errors import CommandNotSynced
from .ids import Snowflakes

Json = dict[str, Any]
Problem = tuple[str, str, str]
NAME = re.compile(r"^[-_'\w]{1,32}$")
SUBCOMMAND, GROUP = 1, 2
MAX_GLOBAL_CHAT = 100


def _name_problems(path: str, item: Json, *, chat: bool) -> list[Problem]:
    out: list[Problem] = []
    name = str(item.get("name", ""))
    if chat and (not NAME.match(name) or name != name.lower()):
        out.append((f"{path}.name", "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}"))
    if chat and not 1 <= len(str(item.get("description", ""))) <= 100:
        out.append((f"{path}.description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."))
    return out


def _option_problems(path: str, options: list[Json]) -> list[Problem]:
    out: list[Problem] = []
    if len(options) > 25:
        out.append((f"{path}", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        out.append((path, "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique"))
    seen_optional = False
    for i, opt in enumerate(options):
        here = f"{path}.{i}"
        out.extend(_name_problems(here, opt, chat=True))
        if opt.get("type") in (SUBCOMMAND, GROUP):
            out.extend(_option_problems(f"{here}.options", opt.get("options") or []))
            continue
        if opt.get("required"):
            if seen_optional:
                out.append((here, "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                            "Required options must be placed before non-required options"))
        else:
            seen_optional = True
        if len(opt.get("choices") or []) > 25:
            out.append((f"{here}.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
        if opt.get("choices") and opt.get("autocomplete"):
            out.append((f"{here}.autocomplete", "AUTOCOMPLETE_AND_CHOICES", "Autocomplete cannot be set with choices"))
    return out


def overwrite_problems(body: list[Json]) -> list[Problem]:
    """Return the problems Discord would report for a bulk-overwrite body."""
    out: list[Problem] = []
    keys = [(c.get("name"), c.get("type", 1)) for c in body]
    if len(set(keys)) != len(keys):
        out.append(("_root", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique"))
    if sum(1 for _, t in keys if t == 1) > MAX_GLOBAL_CHAT:
        out.append(("_root", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer chat input commands."))
    for i, cmd in enumerate(body):
        chat = cmd.get("type", 1) == 1
        out.extend(_name_problems(str(i), cmd, chat=chat))
        out.extend(_option_problems(f"{i}.options", cmd.get("options") or []))
    return out


class CommandRegistry:
    """The commands Discord holds for the application, global and per guild; ids survive re-syncs."""

    def __init__(self, ids: Snowflakes) -> None:
        self._ids = ids
        self._stable: dict[tuple[int | None, str, int], int] = {}
        self._versions: dict[tuple[int | None, str, int], tuple[str, int]] = {}
        self.scopes: dict[int | None, list[Json]] = {None: []}
        self.sync_count = 0

    def overwrite(self, app_id: int, guild_id: int | None, body: list[Json]) -> list[Json]:
        """Replace the command set of a scope (None = global) and return Discord's response objects."""
        stored: list[Json] = []
        for cmd in body:
            key = (guild_id, str(cmd["name"]), int(cmd.get("type", 1)))
            cid = self._stable.setdefault(key, self._ids.next())
            fingerprint = repr(sorted(cmd.items()))
            old = self._versions.get(key)
            version = old[1] if old and old[0] == fingerprint else self._ids.next()
            self._versions[key] = (fingerprint, version)
            full = dict(cmd) | {"id": str(cid), "application_id": str(app_id), "version": str(version),
                                "type": key[2], "default_member_permissions": cmd.get("default_member_permissions")}
            full.setdefault("description", "")
            if guild_id is not None:
                full["guild_id"] = str(guild_id)
            stored.append(full)
        self.scopes[guild_id] = stored
        self.sync_count += 1
        return stored

    def commands(self, guild_id: int | None = None) -> list[Json]:
        """Return the synced commands of a scope (None = global)."""
        return list(self.scopes.get(guild_id, []))

    def find(self, name: str, guild_id: int, kind: int = 1) -> Json | None:
        """Return the command a member of the guild would see: guild-scoped first, then global."""
        for scope in (guild_id, None):
            for cmd in self.scopes.get(scope, []):
                if cmd["name"] == name and cmd["type"] == kind:
                    return cmd
        return None

    def resolve(self, path: str, guild_id: int) -> tuple[Json, list[str], list[Json]]:
        """Resolve 'group sub' paths to (command, [names after the root], leaf option schemas)."""
        parts = path.strip().lstrip("/").split()
        if not parts:
            raise CommandNotSynced("empty command path")
        cmd = self.find(parts[0], guild_id)
        if cmd is None:
            known = sorted(c["name"] for s in (guild_id, None) for c in self.scopes.get(s, []))
            raise CommandNotSynced(f"/{parts[0]} is not a synced command (synced: {known or 'nothing'})")
        node, chain = cmd, list[str]()
        for part in parts[1:]:
            subs = {o["name"]: o for o in node.get("options") or [] if o.get("type") in (SUBCOMMAND, GROUP)}
            if part not in subs:
                parent = " ".join([parts[0], *chain])
                raise CommandNotSynced(f"/{path.strip()}: {part!r} is not a subcommand of /{parent}"
                                       f" (has: {sorted(subs) or 'none'})")
            node = subs[part]
            chain.append(part)
        leftovers = [o["name"] for o in node.get("options") or [] if o.get("type") in (SUBCOMMAND, GROUP)]
        if leftovers:
            raise CommandNotSynced(f"/{path.strip()} needs a subcommand: one of {sorted(leftovers)}")
        return cmd, chain, list(node.get("options") or [])


def nest(chain: list[str], leaf: list[Json], schema: Json) -> list[Json]:
    """Wrap leaf options in the subcommand group / subcommand options Discord sends."""
    options = leaf
    node = schema
    kinds: list[int] = []
    for name in chain:
        node = next(o for o in node.get("options") or [] if o["name"] == name)
        kinds.append(int(node["type"]))
    for name, kind in reversed(list(zip(chain, kinds, strict=True))):
        options = [{"type": kind, "name": name, "options": options}]
    return options
