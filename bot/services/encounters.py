"""Encounter commands: start, add, join, remove, begin, next, hold, release, undo, end."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.db.uow import UnitOfWork, Work
from bot.registry import find
from bot.services.access import acting_combatant, require_gm
from bot.services.args import Args
from bot.services.context import Caller
from bot.services.core import Scene, Services, check_mark, fight_mark, gone, gone_payload
from bot.services.errors import NoEncounter, NotAllowed
from bot.services.replies import Added, Ended, Held, Removed, Reply, Started, Undone
from bot.services.roster import (
    MAX_ROSTER,
    check_name,
    check_new_name,
    check_side,
    combatant_id,
    numbered,
    parse_owner,
    sheet_request,
)
from combat import engine
from combat.errors import InvalidInput, RulesError, UnknownName, echo
from combat.model import Combatant, Encounter

__all__ = ["add", "begin", "end", "hold", "join", "next_turn", "open_encounter", "release", "remove", "start", "undo"]

PLAYERS = "players"


async def start(svc: Services, caller: Caller, args: Args) -> Reply:
    """Start an encounter in the caller's channel; the caller is its GM."""
    key = find(args.text("system") or "").key
    return await open_encounter(svc, caller, key, args.text("name") or "Encounter")


async def open_encounter(svc: Services, caller: Caller, key: str, wanted: str, *, guided: bool = False) -> Reply:
    """Open an encounter of system ``key`` named ``wanted`` in the caller's channel, the caller its GM."""
    name = check_name(wanted, "encounter name")
    system = svc.system(key)
    encounter = Encounter(key, turns=replace(Encounter(key).turns, phases=system.phases),
                          state=system.new_encounter_state(), guided=guided)
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        loaded = await uow.encounters.create(
            guild_id=caller.guild_id, channel_id=caller.channel_id, system=key, name=name,
            gm_id=caller.user_id, encounter=encounter,
        )
        payload = {"name": name, "user_name": caller.name}
        await uow.events.append(loaded.row.id, "start", round=0, payload=payload, user_id=caller.user_id)
        await uow.commit()
    return Reply("encounter start", system, encounter, body=Started(name), gm=caller.user_id, viewer_gm=True,
                 mark=fight_mark(loaded.row), name=loaded.row.name)


def players_side(encounter: Encounter) -> str:
    """Return the side the players' characters are on (the most common one among owned combatants), else players."""
    sides = [c.side for c in encounter.combatants if c.owner]
    return max(dict.fromkeys(sides), key=sides.count) if sides else PLAYERS


def _new_combatants(scene: Scene, args: Args) -> tuple[Combatant, ...]:
    built = scene.system.build_sheet(sheet_request(args))
    base = check_name(args.text("name") or built.name or "Combatant")
    owner = parse_owner(args.text("owner"))
    default_side = players_side(scene.encounter) if owner else built.side or "foes"
    side = check_side(args.text("side") or default_side)
    taken = [c.name for c in scene.encounter.combatants]
    count = args.number("count") or 1
    if len(taken) + count > MAX_ROSTER:
        raise InvalidInput(f"An encounter holds at most {MAX_ROSTER} combatants; this one has {len(taken)}.")
    health = scene.system.new_health(built.sheet)
    state = scene.system.new_state(built.sheet)
    names = numbered(base, count, taken)
    return tuple(Combatant(combatant_id(n), n, side, built.sheet, health, owner=owner, state=state) for n in names)


async def add(svc: Services, caller: Caller, args: Args) -> Reply:
    """Add combatants from a template, explicit traits, or the system's average combatant."""
    added_body: list[Added] = []

    def apply(scene: Scene) -> engine.Step:
        added = _new_combatants(scene, args)
        step = engine.add_group(scene.system, scene.encounter, added, scene.dice)
        added_body[:] = [_added(scene.encounter, added, step.encounter)]  # run again (a conflict): tells its own
        return step

    reply = await svc.change(caller, "encounter add", apply, gm_only="add combatants",
                             payload={"options": args.given()})
    return replace(reply, body=added_body[-1])


def _added(encounter: Encounter, added: tuple[Combatant, ...], after: Encounter) -> Added:
    """Say who was added, their side when it is new beside the sides already there, and who waits for next round."""
    sides = tuple(dict.fromkeys(c.side for c in encounter.combatants))
    side = added[0].side
    turns = after.turns
    waiting = tuple(c.name for c in added if turns.round and not turns.to_come(c.id))
    return Added(tuple(c.name for c in added), side if sides and side not in sides else None, sides, waiting,
                 turns.round + 1 if waiting else None)


async def join(svc: Services, caller: Caller, args: Args) -> Reply:
    """Join the fight with a saved character, when the guild allows joining."""
    wanted = args.text("character") or ""
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        loaded = await svc.current(uow, caller)
        row = await uow.characters.find(caller.guild_id, loaded.row.system, wanted)
    if not loaded.settings.allow_join:
        raise NotAllowed("The GM has not opened this fight to joining; ask them to add you.")
    if row is None or row.owner_id != caller.user_id:
        raise UnknownName("character of yours", wanted, [])
    sheet = uow.characters.sheet(row)

    def apply(scene: Scene) -> engine.Step:
        side = check_side(args.text("side") or players_side(scene.encounter))
        if len(scene.encounter.combatants) >= MAX_ROSTER:
            raise InvalidInput(f"An encounter holds at most {MAX_ROSTER} combatants; this one is full.")
        if any(c.owner == caller.owner_key and c.name.casefold() == row.name.casefold()
               for c in scene.encounter.combatants):
            raise InvalidInput(f"{echo(row.name)} is already in this fight.")
        check_new_name(row.name, [c.name for c in scene.encounter.combatants])
        joiner = Combatant(combatant_id(row.name), row.name, side, sheet, scene.system.new_health(sheet),
                           owner=caller.owner_key, state=scene.system.new_state(sheet))
        return engine.add(scene.system, scene.encounter, joiner, scene.dice)

    reply = await svc.change(caller, "encounter join", apply, payload={"character": row.name})
    return replace(reply, body=Added((row.name,)))


async def remove(svc: Services, caller: Caller, args: Args) -> Reply:
    """Take a combatant out of the encounter; the exact name is needed (no prefixes for destroying)."""
    names: list[str] = []

    def apply(scene: Scene) -> engine.Step:
        target = scene.encounter.find(args.text("target") or "", exact=True)
        names[:] = [target.name]
        return engine.remove(scene.system, scene.encounter, target.id, scene.dice)

    reply = await svc.change(caller, "encounter remove", apply, gm_only="remove combatants", payload=args.given())
    return replace(reply, body=Removed(tuple(names)))


async def begin(svc: Services, caller: Caller, args: Args) -> Reply:
    """Work out initiative and start round one."""

    def apply(scene: Scene) -> engine.Step:
        return engine.begin(scene.system, scene.encounter, scene.dice)

    return await svc.change(caller, "encounter begin", apply, gm_only="begin the fight")


async def next_turn(svc: Services, caller: Caller, args: Args) -> Reply:
    """End the current turn: the GM always may, the current player when the guild allows it."""

    def apply(scene: Scene) -> engine.Step:
        check_mark(scene, args.text("for"))  # a button from another moment of the fight ends no turn
        current = scene.encounter.turns.current
        waiting = current.waiting if current is not None else ()
        others = [a for a in waiting if scene.encounter.get(a).owner != caller.owner_key]
        mine = len(others) < len(waiting)
        if not scene.gm and not (mine and scene.settings.players_end_turn):
            raise NotAllowed("Only the GM (or the player whose turn it is, if allowed) can end the turn.")
        if not scene.gm and others:
            # Ending the turn passes everyone in it: a player may not pass for someone else's combatant (ours).
            names = ", ".join(scene.encounter.names(others))
            raise NotAllowed(f"{names} still has to act this turn; only the GM can end it for everyone.")
        return engine.next_turn(scene.system, scene.encounter, scene.dice)

    return await svc.change(caller, "encounter next", apply)


async def hold(svc: Services, caller: Caller, args: Args) -> Reply:
    """Hold the current combatant's action to act later in the round."""
    holder: list[str] = []
    given = args.given()

    def apply(scene: Scene) -> engine.Step:
        actor = acting_combatant(scene.encounter, caller, scene.gm, args.text("as"))
        holder.append(actor.name)
        given.setdefault("as", actor.name)  # the log and the recap name the holder, not whoever typed it
        return engine.hold(scene.system, scene.encounter, actor.id, scene.dice)

    reply = await svc.change(caller, "encounter hold", apply, payload=given)
    return replace(reply, body=Held(holder[-1]))


async def release(svc: Services, caller: Caller, args: Args) -> Reply:
    """Act now with a held action."""

    def apply(scene: Scene) -> engine.Step:
        held = [scene.encounter.get(h) for h in scene.encounter.turns.holders]
        named = args.text("as")
        if named:
            actor = scene.encounter.find(named)
            if not scene.gm and actor.owner != caller.owner_key:
                raise NotAllowed(f"{actor.name} is not yours to command.")
        else:
            mine = [c for c in held if c.owner == caller.owner_key or (scene.gm and not c.owner)]
            if not mine and not scene.gm and not any(c.owner == caller.owner_key for c in scene.encounter.combatants):
                raise NotAllowed("You have no combatant in this fight; ask the GM to add you, or /encounter join.")
            if not mine:
                raise RulesError("None of your combatants is holding an action.")
            actor = mine[0]
        return engine.release(scene.system, scene.encounter, actor.id, scene.dice)

    return await svc.change(caller, "encounter release", apply, payload=args.given())


async def undo(svc: Services, caller: Caller, args: Args) -> Reply:
    """Revert the last action with everything it did; repeatable; the log keeps a record.

    With no fight under way in the channel, the end of the last one is the action undone: it goes on as it was.
    """
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        try:
            scene = await svc.scene(uow, caller, gm_only="undo")
        except NoEncounter:
            if args.text("for") is not None:  # a button of the fight that ended: it undoes nothing now
                raise RulesError("That button is from a fight that has ended: type /encounter undo to take the end "
                                 "back.") from None
            return await _reopen(svc, uow, caller)
        try:
            check_mark(scene, args.text("for"))  # a second click undoes nothing more
        except RulesError:
            await uow.encounters.verify()  # a state this process kept may be behind: then it is read and run again
            raise
        event = await uow.events.last_action(scene.row.id)
        if event is None or event.before is None:
            raise RulesError("There is nothing left to undo.")
        restored = _restored(svc, uow, scene.row.system, event.before)
        await uow.encounters.save(scene.row, restored)
        await uow.events.mark_undone(event)
        undone = Undone(event.seq, event.kind)
        payload: dict[str, object] = {"seq": event.seq, "kind": event.kind, "user_name": caller.name}
        if taken := gone(scene.encounter, restored):
            payload.update(gone_payload(scene.encounter, taken))
        await uow.events.append(scene.row.id, "undo", round=restored.turns.round, payload=payload,
                                user_id=caller.user_id)
        await uow.commit()
    return Reply("encounter undo", scene.system, restored, body=undone, gm=scene.row.gm_id, viewer_gm=True,
                 mark=fight_mark(scene.row), name=scene.row.name)


def _restored(svc: Services, uow: Work, system: str, before: dict[str, Any]) -> Encounter:
    """Decode the state an undone event left; a choice it asked is asked again, with a fresh deadline [ours]."""
    restored = uow.encounters.decode(system, before)
    if restored.pending is not None:
        restored = replace(restored, pending=replace(restored.pending, deadline=svc.deadline()))
    return restored


async def _reopen(svc: Services, uow: UnitOfWork, caller: Caller) -> Reply:
    """Undo the end of the channel's last fight (the GM's): it is under way again, as it was when it ended."""
    last = await uow.encounters.last_ended(caller.guild_id, caller.channel_id)
    ended = None if last is None else await uow.events.last_action(last.row.id, kinds=("end",))
    if last is None or ended is None or ended.before is None:
        raise NoEncounter("There is no fight in this channel to undo.")
    settings = await uow.settings.get(caller.guild_id)
    require_gm(caller, last.row.gm_id, svc.gm_roles(settings), "undo")
    restored = _restored(svc, uow, last.row.system, ended.before)
    await uow.encounters.reopen(last.row, restored)
    await uow.events.mark_undone(ended)
    payload = {"seq": ended.seq, "kind": ended.kind, "user_name": caller.name}
    await uow.events.append(last.row.id, "undo", round=restored.turns.round, payload=payload, user_id=caller.user_id)
    await uow.commit()
    return Reply("encounter undo", svc.system(last.row.system), restored, body=Undone(ended.seq, ended.kind),
                 gm=last.row.gm_id, viewer_gm=True, mark=fight_mark(last.row),
                 name=last.row.name)


async def end(svc: Services, caller: Caller, args: Args) -> Reply:
    """End the encounter; the channel is free for a new one."""
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        scene = await svc.scene(uow, caller, gm_only="end the encounter")
        last = scene.encounter.turns.round
        ended = await svc.summaries(uow, scene, scene.encounter, engine.TurnChange(ended_round=last or None))
        summaries = tuple(replace(s, next_order=()) for s in ended)
        await uow.events.append(scene.row.id, "end", round=last, payload={"user_name": caller.name},
                                user_id=caller.user_id, before=scene.row.document)  # undoable: the fight goes on
        await uow.encounters.end(scene.row)
        await uow.commit()
    return Reply("encounter end", scene.system, scene.encounter, summaries=summaries, body=Ended(scene.row.name),
                 gm=scene.row.gm_id, viewer_gm=True, summary_channel=scene.settings.summary_channel_id,
                 mark=fight_mark(scene.row), name=scene.row.name)
