"""Encounter commands: start, add, join, remove, begin, next, hold, release, surprise, undo, end."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from bot.services.access import acting_combatant
from bot.services.context import Caller
from bot.services.core import Scene, Services
from bot.services.errors import NoEncounter, NotAllowed
from bot.services.replies import Reply
from bot.services.roster import check_name, check_side, combatant_id, numbered, sheet_request
from combat import engine
from combat.errors import InvalidInput, RulesError, UnknownName
from combat.ladder import parse_level
from combat.model import Combatant, Encounter
from combat.system import system_keys

__all__ = [
    "add",
    "adjust",
    "begin",
    "end",
    "heal",
    "hold",
    "join",
    "next_turn",
    "release",
    "remove",
    "start",
    "surprise",
    "undo",
]

Options = Mapping[str, str]


async def start(svc: Services, caller: Caller, options: Options) -> Reply:
    """Start an encounter in the caller's channel; the caller is its GM."""
    key = options["system"].strip().lower()
    if key not in system_keys():
        raise InvalidInput(f"There is no rule system '{key}'; choose one of {', '.join(system_keys())}.")
    name = check_name(options.get("name") or "Encounter", "encounter name")
    system = svc.system(key)
    encounter = Encounter(key, turns=replace(Encounter(key).turns, phases=system.phases))
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        loaded = await uow.encounters.create(
            guild_id=caller.guild_id, channel_id=caller.channel_id, system=key, name=name,
            gm_id=caller.user_id, encounter=encounter,
        )
        await uow.events.append(loaded.row.id, "start", round=0, payload={"name": name}, user_id=caller.user_id)
        await uow.commit()
    return Reply("encounter start", system, encounter, info={"name": name}, gm=caller.user_id, viewer_gm=True)


def _owner(options: Options) -> str | None:
    raw = options.get("owner")
    if raw is None:
        return None
    digits = raw.strip().lstrip("<@!").rstrip(">")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 20):
        raise InvalidInput("owner must be a user mention, like @player.")
    return digits


def _new_combatants(scene: Scene, options: Options) -> tuple[Combatant, ...]:
    built = scene.system.build_sheet(sheet_request(dict(options)))
    base = check_name(options.get("name") or built.name or "Combatant")
    count = int(options.get("count") or 1)
    taken = [c.name for c in scene.encounter.combatants]
    side = check_side(options.get("side") or built.side or "foes")
    owner = _owner(options)
    health = scene.system.new_health(built.sheet)
    names = numbered(base, count, taken)
    return tuple(Combatant(combatant_id(n), n, side, built.sheet, health, owner=owner) for n in names)


async def add(svc: Services, caller: Caller, options: Options) -> Reply:
    """Add combatants from a template, explicit traits, or the system's average combatant."""
    if "count" in options and not options["count"].strip().isdecimal():
        raise InvalidInput("count must be a whole number from 1 to 20.")

    names: list[str] = []

    def apply(scene: Scene) -> engine.Step:
        added = _new_combatants(scene, options)
        names.extend(c.name for c in added)
        after = engine.add_group(scene.system, scene.encounter, added, scene.dice)
        return engine.Step(after, None, engine.TurnChange())

    reply = await svc.change(caller, "encounter add", apply, gm_only="add combatants", payload={"options": options})
    return replace(reply, info={"added": names})


async def join(svc: Services, caller: Caller, options: Options) -> Reply:
    """Join the fight with a saved character, when the guild allows joining."""
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        settings = await uow.settings.get(caller.guild_id)
        loaded = await uow.encounters.get_active(caller.channel_id, for_update=False)
        if loaded is None:
            raise NoEncounter()
        row = await uow.characters.find(caller.guild_id, loaded.row.system, options["character"])
    if not settings.allow_join:
        raise NotAllowed("The GM has not opened this fight to joining; ask them to add you.")
    if row is None or row.owner_id != caller.user_id:
        raise UnknownName("character of yours", options["character"], [])
    sheet = uow.characters.sheet(row)

    def apply(scene: Scene) -> engine.Step:
        side = check_side(options.get("side") or "players")
        taken = {c.name.lower() for c in scene.encounter.combatants}
        if row.name.lower() in taken:
            raise RulesError(f"{row.name} is already in this fight.")
        health = scene.system.new_health(sheet)
        joiner = Combatant(combatant_id(row.name), row.name, side, sheet, health, owner=caller.owner_key)
        return engine.Step(engine.add(scene.system, scene.encounter, joiner, scene.dice), None, engine.TurnChange())

    reply = await svc.change(caller, "encounter join", apply, payload={"character": row.name})
    return replace(reply, info={"added": [row.name]})


async def remove(svc: Services, caller: Caller, options: Options) -> Reply:
    """Take a combatant out of the encounter."""
    names: list[str] = []

    def apply(scene: Scene) -> engine.Step:
        target = scene.encounter.find(options["target"])
        names.append(target.name)
        return engine.remove(scene.system, scene.encounter, target.id, scene.dice)

    reply = await svc.change(caller, "encounter remove", apply, gm_only="remove combatants", payload=dict(options))
    return replace(reply, info={**reply.info, "removed": names})


async def begin(svc: Services, caller: Caller, options: Options) -> Reply:
    """Work out initiative and start round one."""

    def apply(scene: Scene) -> engine.Step:
        return engine.begin(scene.system, scene.encounter, scene.dice)

    return await svc.change(caller, "encounter begin", apply, gm_only="begin the fight")


async def next_turn(svc: Services, caller: Caller, options: Options) -> Reply:
    """End the current turn: the GM always may, the current player when the guild allows it."""
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        settings = await uow.settings.get(caller.guild_id)

    def apply(scene: Scene) -> engine.Step:
        current = scene.encounter.turns.current
        waiting = current.waiting if current is not None else ()
        others = [a for a in waiting if scene.encounter.get(a).owner != caller.owner_key]
        mine = len(others) < len(waiting)
        if not scene.gm and not (mine and settings.players_end_turn):
            raise NotAllowed("Only the GM (or the player whose turn it is, if allowed) can end the turn.")
        if not scene.gm and others:
            # [D] Ending the turn passes everyone in it: a player may not pass for someone else's combatant.
            names = ", ".join(scene.encounter.names(others))
            raise NotAllowed(f"{names} still has to act this turn; only the GM can end it for everyone.")
        return engine.next_turn(scene.system, scene.encounter, scene.dice)

    return await svc.change(caller, "encounter next", apply)


async def hold(svc: Services, caller: Caller, options: Options) -> Reply:
    """Hold the current combatant's action to act later in the round."""
    holder: list[str] = []

    def apply(scene: Scene) -> engine.Step:
        actor = acting_combatant(scene.encounter, caller, scene.gm, options.get("as"))
        holder.append(actor.name)
        return engine.hold(scene.system, scene.encounter, actor.id, scene.dice)

    reply = await svc.change(caller, "encounter hold", apply, payload=dict(options))
    return replace(reply, info={"held": holder[-1]})


async def release(svc: Services, caller: Caller, options: Options) -> Reply:
    """Act now with a held action."""

    def apply(scene: Scene) -> engine.Step:
        held = [scene.encounter.get(h) for h in scene.encounter.turns.held]
        if options.get("as"):
            actor = scene.encounter.find(options["as"])
            if not scene.gm and actor.owner != caller.owner_key:
                raise NotAllowed(f"{actor.name} is not yours to command.")
        else:
            mine = [c for c in held if c.owner == caller.owner_key or (scene.gm and not c.owner)]
            if not mine and not scene.gm and not any(c.owner == caller.owner_key for c in scene.encounter.combatants):
                raise NotAllowed("You have no combatant in this fight; ask the GM to add you, or /encounter join.")
            if not mine:
                raise RulesError("None of your combatants is holding an action.")
            actor = mine[0]
        after = engine.release(scene.system, scene.encounter, actor.id)
        return engine.Step(after, None, engine.TurnChange())

    return await svc.change(caller, "encounter release", apply, payload=dict(options))


def _tool(scene: Scene, name: str, what: str) -> Callable[..., Any]:
    """Return one of the GM's tools that only some systems have, or refuse clearly when this one lacks it."""
    tool: Callable[..., Any] | None = getattr(scene.system, name, None)
    if tool is None:
        raise RulesError(f"{scene.system.title} has no {what} in Fray.")
    return tool


async def surprise(svc: Services, caller: Caller, options: Options) -> Reply:
    """Freeze a side caught by surprise; with two leaders, their contest decides which side freezes."""
    answer = options.get("mutual", "no").strip().lower() or "no"
    if answer not in {"yes", "true", "1", "no", "false", "0"}:
        raise InvalidInput("mutual takes yes or no.")
    mutual = answer in {"yes", "true", "1"}
    leaders = [n.strip() for n in options.get("leaders", "").split(",") if n.strip()]
    if leaders and len(leaders) != 2:
        raise InvalidInput("Name exactly two leaders, one from each side, like leaders:\"Crichton, Captain\".")
    if not options.get("side") and len(leaders) != 2:
        raise InvalidInput("Name the surprised side (side:foes), or two leaders for a mutual surprise.")

    def apply(scene: Scene) -> engine.Step:
        difficulty = parse_level(options["difficulty"]) if options.get("difficulty") else 0
        if leaders:
            contest = _tool(scene, "leaders_contest", "a leaders' contest for mutual surprise")
            first, second = (scene.encounter.find(name).id for name in leaders)
            after, result = contest(scene.encounter, first, second, scene.dice, difficulty)
            return engine.Step(after, result, engine.TurnChange())
        freeze = _tool(scene, "surprise", "a surprise rule")
        after, frozen = freeze(scene.encounter, options["side"].strip().lower(), mutual, difficulty)
        return engine.Step(after, frozen, engine.TurnChange())

    return await svc.change(caller, "encounter surprise", apply, gm_only="declare surprise", payload=dict(options))


async def heal(svc: Services, caller: Caller, options: Options) -> Reply:
    """Heal after (or between) fights: First Aid, Medicine, natural recovery, rest, waking, or scratches."""
    method = " ".join(options["method"].split()).lower()
    amount = options.get("modifier", "0").strip().replace("−", "-")
    arns = options.get("arns", "1").strip()
    if not amount.lstrip("+-").isdecimal() or not (arns.isascii() and arns.isdecimal()):
        raise InvalidInput("modifier is a whole number like +1, and arns a whole number of hours like 2.")

    def apply(scene: Scene) -> engine.Step:
        care = _tool(scene, "heal", "healing rules")
        target = scene.encounter.find(options["target"])
        healer = scene.encounter.find(options["healer"]).id if options.get("healer") else None
        after, result = care(
            scene.encounter, target.id, method, scene.dice, healer_id=healer, modifier=int(amount), arns=int(arns)
        )
        return engine.Step(after, result, engine.TurnChange())

    return await svc.change(caller, "encounter heal", apply, gm_only="heal", payload=dict(options))


async def strain(svc: Services, caller: Caller, options: Options) -> Reply:
    """Let (or stop) an Incapacitated combatant strain to fight on, as the GM allows."""
    allowed = options.get("allowed", "yes").strip().lower()
    if allowed not in {"yes", "no"}:
        raise InvalidInput("allowed must be yes or no.")

    def apply(scene: Scene) -> engine.Step:
        permit = _tool(scene, "allow_strain", "a rule for fighting on while incapacitated")
        target = scene.encounter.find(options["target"])
        return engine.Step(permit(scene.encounter, target.id, allowed == "yes"), None, engine.TurnChange())

    reply = await svc.change(caller, "encounter strain", apply, gm_only="allow straining", payload=dict(options))
    return replace(reply, info={"strain": {"target": options["target"], "allowed": allowed == "yes"}})


async def adjust(svc: Services, caller: Caller, options: Options) -> Reply:
    """Set the GM's adjustment to a combatant's Initiative ('other factors'); it counts from the next element."""
    text = options["initiative"].strip().replace("−", "-")
    if not text.lstrip("+-").isdecimal() or abs(int(text)) > 5:
        raise InvalidInput("initiative must be a whole number from -5 to +5, like +1.")

    def apply(scene: Scene) -> engine.Step:
        change = _tool(scene, "adjust_initiative", "an Initiative adjustment")
        target = scene.encounter.find(options["target"])
        return engine.Step(change(scene.encounter, target.id, int(text)), None, engine.TurnChange())

    reply = await svc.change(caller, "encounter adjust", apply, gm_only="adjust Initiative", payload=dict(options))
    return replace(reply, info={"adjusted": {"target": options["target"], "initiative": int(text)}})


async def undo(svc: Services, caller: Caller, options: Options) -> Reply:
    """Revert the last action with everything it did; repeatable; the log keeps a record."""
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        scene = await svc.scene(uow, caller, gm_only="undo")
        event = await uow.events.last_action(scene.row.id)
        if event is None or event.before is None:
            raise RulesError("There is nothing left to undo.")
        restored = uow.encounters.decode(scene.row.system, event.before)
        if restored.pending is not None:
            # [D] Undoing the answer to "Dodge or Take it?" asks again, with a fresh deadline.
            restored = replace(restored, pending=replace(restored.pending, deadline=svc.deadline()))
        await uow.encounters.save(scene.row, restored)
        await uow.events.mark_undone(event)
        undone = {"seq": event.seq, "kind": event.kind}
        round_now = restored.turns.round
        await uow.events.append(scene.row.id, "undo", round=round_now, payload=undone, user_id=caller.user_id)
        await uow.commit()
    info = {"undone": undone}
    return Reply("encounter undo", scene.system, restored, info=info, gm=scene.row.gm_id, viewer_gm=True)


async def end(svc: Services, caller: Caller, options: Options) -> Reply:
    """End the encounter; the channel is free for a new one."""
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        scene = await svc.scene(uow, caller, gm_only="end the encounter")
        last = scene.encounter.turns.round
        ended = await svc.summaries(uow, scene, scene.encounter, engine.TurnChange(ended_round=last or None))
        summaries = tuple(replace(s, next_order=()) for s in ended)
        await uow.events.append(scene.row.id, "end", round=last, user_id=caller.user_id)
        await uow.encounters.end(scene.row)
        await uow.commit()
    info = {"name": scene.row.name}
    system, gm_id = scene.system, scene.row.gm_id
    return Reply("encounter end", system, scene.encounter, summaries=summaries, info=info, gm=gm_id, viewer_gm=True)
