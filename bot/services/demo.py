"""`/encounter start demo:<system>`: a system's ready-made first fight, set up and begun, guided step by step."""

from __future__ import annotations

from dataclasses import replace

from bot.registry import demo_keys, find, keys
from bot.services import encounters
from bot.services.args import Args
from bot.services.context import Caller
from bot.services.core import Services
from bot.services.replies import Added, DemoStarted, Reply, Started
from combat.errors import InvalidInput, UnknownSystem, echo

__all__ = ["start"]


async def start(svc: Services, caller: Caller, args: Args) -> Reply:
    """Start an encounter; with ``demo`` the system's demo: its set-up run as the caller (the GM), then begun."""
    wanted = args.text("demo")
    if wanted is None and args.text("system") is None:
        raise InvalidInput(f"/encounter start needs system: the rule system (one of {', '.join(keys())}), or demo: "
                           f"a system's ready-made first fight (one of {', '.join(demo_keys()) or 'none'}).")
    if wanted is None:
        return await encounters.start(svc, caller, args)
    plugin = find(wanted)
    if plugin.demo is None:
        raise UnknownSystem(f"{plugin.title} has no demo; the demos are {', '.join(demo_keys()) or 'none'}.")
    system = args.text("system")
    if system is not None and find(system).key != plugin.key:
        raise InvalidInput(f"demo:{plugin.key} plays {plugin.title}; leave system out (it was '{echo(system)}').")
    demo = plugin.demo
    from bot.services import run_command  # the set-up runs through the commands themselves (counted as one)

    opened = await encounters.open_encounter(svc, caller, plugin.key, args.text("name") or demo.name, guided=True)
    yours: list[str] = []
    names: list[str] = []
    for step in demo.steps:
        options = {**step.options, **({"owner": caller.owner_key} if step.yours else {})}
        reply = await run_command(svc, caller, step.path, options)
        if isinstance(reply.body, Added):
            names.extend(reply.body.names)
            yours.extend(reply.body.names if step.yours else ())
    begun = await run_command(svc, caller, "encounter begin", {})
    name = opened.body.name if isinstance(opened.body, Started) else demo.name
    return replace(begun, command="encounter start",
                   body=DemoStarted(name, demo.intro, tuple(yours), tuple(names)))
