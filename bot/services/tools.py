"""/encounter gm tool:<name>: the GM tools each rule system declares, with their own options."""

from __future__ import annotations

from bot.services.actions import resolver
from bot.services.args import Args
from bot.services.context import Caller
from bot.services.core import Scene, Services
from bot.services.replies import Reply
from combat import engine
from combat.errors import InvalidInput, echo
from combat.options import parse_options, same_name
from combat.system import RuleSystem, ToolSpec

__all__ = ["gm_tool", "tool_spec"]


def tool_spec(system: RuleSystem, name: str) -> ToolSpec:
    """Return the system's GM tool called ``name``, or refuse naming its tools."""
    tools = system.gm_tools()
    for spec in tools:
        if same_name(name, spec.name):
            return spec
    if not tools:
        raise InvalidInput(f"{system.title} has no GM tools in Fray.")
    names = ", ".join(t.name for t in tools)
    raise InvalidInput(f"{system.title} has no GM tool '{echo(name)}'; its tools are {names}.")


async def gm_tool(svc: Services, caller: Caller, args: Args) -> Reply:
    """Use one of the GM's tools of the encounter's system; its options are read against the tool's specs."""
    name = args.text("tool") or ""

    def apply(scene: Scene) -> engine.Step:
        spec = tool_spec(scene.system, name)
        options = parse_options(spec.options, args.extra, owner=f"the {spec.name} tool",
                                resolve=resolver(scene.encounter))
        return engine.use_tool(scene.system, scene.encounter, spec.name, options, scene.dice)

    return await svc.change(caller, "encounter gm", apply, gm_only="use the GM's tools", payload=args.given())
