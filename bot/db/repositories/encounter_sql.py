"""The encounter repository's hot statements, built once: SQLAlchemy compiles each once and only the values change.

Core, not the ORM: on the path every command takes, the ORM's flushes and entity loading cost more than SQLite.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Select, Table, bindparam, delete, false, insert, select, text, true, update

from bot.db.rows import CombatantRow, EncounterRow, GuildSettingsRow, JsonText

__all__ = [
    "ACTIVE", "ENCOUNTERS", "END", "GET_ACTIVE", "REOPEN", "ROSTER_ADD", "ROSTER_CLEAR", "SAVE", "SETTING_COLUMNS",
    "STATE", "TOUCH_GUILD",
]

# "WHERE active" exactly as the partial unique index says it, so both SQLite and PostgreSQL find the channel's
# active encounter through that index instead of scanning every encounter ever stored ("active IS 1" cannot use it).
ACTIVE = text("encounters.active")

ENCOUNTERS = cast(Table, EncounterRow.__table__)
_SETTINGS = cast(Table, GuildSettingsRow.__table__)
SETTING_COLUMNS = ("gm_role_id", "summary_channel_id", "players_end_turn", "allow_join", "remind_after")


def _active(for_update: bool) -> Select[Any]:
    """Build the SELECT of a channel's active encounter (all but its state) and its guild's settings."""
    settings = [_SETTINGS.c[name].label(f"s_{name}") for name in SETTING_COLUMNS]
    columns = [c for c in ENCOUNTERS.c if c.key != "state"]
    stmt = (
        select(*columns, _SETTINGS.c.guild_id.label("s_guild_id"), *settings)
        .select_from(ENCOUNTERS.outerjoin(_SETTINGS, _SETTINGS.c.guild_id == ENCOUNTERS.c.guild_id))
        .where(ENCOUNTERS.c.channel_id == bindparam("channel"), ACTIVE)
    )
    return stmt.with_for_update(of=ENCOUNTERS) if for_update else stmt


# The state is read only when the encounter is not kept decoded at this version (bot/db/cache.py).
GET_ACTIVE = {True: _active(True), False: _active(False)}
# At the version just read: on a lane that locks nothing, a newer state must not pass for that version.
STATE = select(ENCOUNTERS.c.state).where(
    ENCOUNTERS.c.id == bindparam("id"), ENCOUNTERS.c.version == bindparam("version")
)
_BUMP = (
    update(ENCOUNTERS)
    .where(ENCOUNTERS.c.id == bindparam("b_id"), ENCOUNTERS.c.version == bindparam("b_version"))
    .values(version=bindparam("b_next"), updated=bindparam("b_now", type_=ENCOUNTERS.c.updated.type))
)
SAVE = _BUMP.values(state=bindparam("b_state", type_=JsonText()))  # the document as JSON text
END = _BUMP.values(active=false())
REOPEN = _BUMP.values(active=true())  # an ended encounter under way again (its end undone)
# A guild's settings changed: its active encounters' versions move on, so no process takes them as it kept them.
TOUCH_GUILD = (
    update(ENCOUNTERS).where(ENCOUNTERS.c.guild_id == bindparam("t_guild"), ACTIVE)
    .values(version=ENCOUNTERS.c.version + 1, touched=ENCOUNTERS.c.touched + 1)
)

# The roster (combatant rows, for queries by owner) is written again only when it changed.
_COMBATANTS = cast(Table, CombatantRow.__table__)
ROSTER_CLEAR = delete(_COMBATANTS).where(_COMBATANTS.c.encounter_id == bindparam("r_encounter"))
ROSTER_ADD = insert(_COMBATANTS).values(
    encounter_id=bindparam("r_encounter"), key=bindparam("r_key"), name=bindparam("r_name"),
    side=bindparam("r_side"), owner_id=bindparam("r_owner"), position=bindparam("r_position"),
)
