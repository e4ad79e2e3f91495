"""Every Deryni move and its options, described once: the parser hands the rules typed values."""

from __future__ import annotations

from combat.options import OptionChoice, OptionSpec
from combat.system import MoveSpec
from combat.systems.deryni.defence import KEYS
from combat.systems.deryni.gear import LIMBS

__all__ = ["DEFENCE_ALIASES", "MOVES", "defence_option"]

DEFENCE_ALIASES = (
    ("block", "shield"), ("all out shield", "allout-shield"), ("all out parry", "allout-parry"),
    ("all out dodge", "allout-dodge"), ("all out acrobatics", "allout-acro"), ("allout acrobatics", "allout-acro"),
    ("no", "none"), ("nothing", "none"),
)
_LIMB_ALIASES = (
    ("arm", "weapon arm"), ("hand", "weapon arm"), ("weapon hand", "weapon arm"), ("right arm", "weapon arm"),
    ("sword arm", "weapon arm"), ("sword hand", "weapon arm"), ("right hand", "weapon arm"),
    ("shield arm", "off arm"), ("off hand", "off arm"), ("left arm", "off arm"), ("shield hand", "off arm"),
    ("left hand", "off arm"), ("legs", "leg"), ("left leg", "leg"), ("right leg", "leg"), ("foot", "leg"),
    ("knee", "leg"), ("thigh", "leg"),
)


def defence_option(description: str, *, gm_only: bool, extra: tuple[str, ...] = ()) -> OptionSpec:
    """Return a ``defence`` option over the defence keys (and any extra keys, like 'best')."""
    return OptionSpec("defence", description, "choice", tuple(OptionChoice(k) for k in (*KEYS, *extra)),
                      aliases=DEFENCE_ALIASES, gm_only=gm_only)


MOVES: tuple[MoveSpec, ...] = (
    MoveSpec("attack", "Attack one foe, who chooses a defence before any die rolls.", (
        OptionSpec("weapon", "What to strike with: a weapon you carry, shield, or unarmed (the one in hand by "
                   "default).", source="weapons"),
        OptionSpec("called", "A called shot at a limb: weapon arm, off arm or leg.", "choice",
                   tuple(OptionChoice(k) for k in LIMBS), aliases=_LIMB_ALIASES),
        OptionSpec("knockout", "Knock the foe out, and how (like \"flat of the blade\"); a Good Strength check pulls "
                   "the blow."),
        OptionSpec("disarm", "Disarm the foe: weapon (the one in their hand, or by name: dagger; -1, two-handed -2) or "
                   "shield (-3 strapped on)."),
        defence_option("GM: how the foe defends (an NPC's defence; default: their standing choice, else their best).",
                       gm_only=True),
    )),
    MoveSpec("defend", "All-out defence: give this round's attack to defending (two defences without penalty).",
             targets=0),
    MoveSpec("pickup", "Pick up something of yours from the floor (a disarmed weapon or shield); it is your "
             "action.", (OptionSpec("item", "What to pick up (the first on the floor by default).",
                                    source="dropped"),), targets=0),
    MoveSpec("run", "Run over to another foe: your action this round; you are in place to fight them next round."),
    MoveSpec("power", "Use a Deryni power: Power at -1 against the GM's difficulty; it costs power fatigue.", (
        OptionSpec("name", "Which power (like \"heightened senses\").", required=True),
        OptionSpec("difficulty", "The difficulty (Fair by default).", "level", low=-3, high=6),
        OptionSpec("cost", "Power fatigue it costs (1 by default).", "number", low=0, high=20),
        OptionSpec("maintain", "Keep it up after this round (yes or no).", "flag"),
    ), targets=0),
    MoveSpec("dismiss", "Let a power you maintain go (any time).", targets=0, reaction=True),
)
