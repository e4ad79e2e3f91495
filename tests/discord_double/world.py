"""The simulated guild: roles, channels and members, with Discord's permission arithmetic."""

from __future__ import annotations

from dataclasses import dataclass, field

from .ids import Snowflakes, iso_now

ADMINISTRATOR = 1 << 3
MANAGE_MESSAGES = 1 << 13
MENTION_EVERYONE = 1 << 17
SEND_MESSAGES = 1 << 11
VIEW_CHANNEL = 1 << 10
PIN_MESSAGES = 1 << 51
ALL_PERMISSIONS = (1 << 52) - 1
# @everyone in a fresh server: invite, reactions, view, send, embed, attach, history, external emoji,
# connect, speak, nickname, application commands, threads.
EVERYONE_DEFAULT = (
    (1 << 0) | (1 << 6) | (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 18)
    | (1 << 20) | (1 << 21) | (1 << 26) | (1 << 31) | (1 << 38)
)
BOT_DEFAULT = EVERYONE_DEFAULT | MANAGE_MESSAGES | MENTION_EVERYONE


@dataclass
class Role:
    """A guild role."""

    id: int
    name: str
    permissions: int = 0
    position: int = 1
    mentionable: bool = False
    managed: bool = False


@dataclass
class Channel:
    """A guild channel; overwrites map a role or member id to (allow, deny)."""

    id: int
    name: str
    type: int = 0
    position: int = 0
    parent_id: int | None = None
    topic: str | None = None
    overwrites: dict[int, tuple[int, int]] = field(default_factory=dict)


@dataclass
class Member:
    """A guild member (or the bot)."""

    id: int
    name: str
    global_name: str | None = None
    nick: str | None = None
    roles: list[int] = field(default_factory=list)
    bot: bool = False
    joined_at: str = field(default_factory=iso_now)

    @property
    def display_name(self) -> str:
        """Return what Discord shows: nick, else global name, else username."""
        return self.nick or self.global_name or self.name


class World:
    """One guild with its roles, channels and members."""

    def __init__(self, ids: Snowflakes, *, guild_name: str, bot_name: str) -> None:
        self.ids = ids
        self.guild_id = ids.next()
        self.guild_name = guild_name
        self.roles: dict[int, Role] = {self.guild_id: Role(self.guild_id, "@everyone", EVERYONE_DEFAULT, 0)}
        self.channels: dict[int, Channel] = {}
        self.members: dict[int, Member] = {}
        self.bot_id = ids.next()
        self.bot_role_id = self.add_role(bot_name, permissions=BOT_DEFAULT, managed=True)
        self.members[self.bot_id] = Member(self.bot_id, bot_name, roles=[self.bot_role_id], bot=True)
        self.owner_id = self.add_member("owner", global_name="Owner")

    def add_role(self, name: str, *, permissions: int = 0, mentionable: bool = False, managed: bool = False) -> int:
        """Add a role above the others and return its id."""
        rid = self.ids.next()
        self.roles[rid] = Role(rid, name, permissions, len(self.roles), mentionable, managed)
        return rid

    def add_channel(self, name: str, *, type: int = 0, parent_id: int | None = None,
                    overwrites: dict[int, tuple[int, int]] | None = None) -> int:
        """Add a channel and return its id."""
        cid = self.ids.next()
        self.channels[cid] = Channel(cid, name, type, len(self.channels), parent_id, None, dict(overwrites or {}))
        return cid

    def add_member(self, name: str, *, roles: tuple[int, ...] | list[int] = (), global_name: str | None = None,
                   nick: str | None = None, bot: bool = False) -> int:
        """Add a member and return their user id."""
        for rid in roles:
            if rid not in self.roles:
                raise KeyError(f"unknown role id {rid}")
        uid = self.ids.next()
        self.members[uid] = Member(uid, name, global_name or name.title(), nick, list(roles), bot)
        return uid

    def member(self, user_id: int) -> Member:
        """Return a member or raise KeyError with a readable message."""
        try:
            return self.members[user_id]
        except KeyError:
            raise KeyError(f"user {user_id} is not a member of the double's guild") from None

    def channel(self, channel_id: int) -> Channel:
        """Return a channel or raise KeyError with a readable message."""
        try:
            return self.channels[channel_id]
        except KeyError:
            raise KeyError(f"channel {channel_id} does not exist in the double's guild") from None

    def base_permissions(self, user_id: int) -> int:
        """Return guild-level permissions: @everyone OR each role; owner and administrators get all."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.member(user_id)
        perms = self.roles[self.guild_id].permissions
        for rid in member.roles:
            perms |= self.roles[rid].permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def permissions_in(self, user_id: int, channel_id: int) -> int:
        """Return permissions in a channel after @everyone, role and member overwrites."""
        perms = self.base_permissions(user_id)
        if perms & ADMINISTRATOR or user_id == self.owner_id:
            return ALL_PERMISSIONS
        over = self.channel(channel_id).overwrites
        allow, deny = over.get(self.guild_id, (0, 0))
        perms = (perms & ~deny) | allow
        role_allow = role_deny = 0
        for rid in self.member(user_id).roles:
            a, d = over.get(rid, (0, 0))
            role_allow, role_deny = role_allow | a, role_deny | d
        perms = (perms & ~role_deny) | role_allow
        allow, deny = over.get(user_id, (0, 0))
        return (perms & ~deny) | allow

    def role_members(self, role_id: int) -> set[int]:
        """Return the ids of members holding a role (everyone for @everyone)."""
        if role_id == self.guild_id:
            return set(self.members)
        return {m.id for m in self.members.values() if role_id in m.roles}
