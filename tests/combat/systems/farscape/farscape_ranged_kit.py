"""Shared builders for the Farscape ranged and grenade tests: fighters, tables and exact dice scripts."""

from combat.dice import ScriptedDice
from combat.model import Combatant, Encounter
from combat.system import Intent
from combat.systems.farscape import ranged
from combat.systems.farscape.sheet import SPEC
from combat.systems.farscape.tables import Armour, FarscapeTables, Grenade, Weapon
from combat.systems.farscape.wounds import fresh_health

PISTOL = Weapon(key="pistol", name="Light pistol", kind="ranged", skill="firearms", dr=2,
                damage_type="projectile", rof=3, magazine=12)
BLASTER = Weapon(key="blaster", name="Pulse pistol", kind="ranged", skill="energy weapons", dr=3,
                 damage_type="energy", rof=3)
STUNNER = Weapon(key="stunner", name="Stun pistol", kind="ranged", skill="energy weapons", dr=3,
                 damage_type="energy", stun=True, rof=3)
RIFLE = Weapon(key="rifle", name="Pulse rifle", kind="ranged", skill="energy weapons", dr=5,
               damage_type="energy", accuracy=1, rof=10, burst=3, magazine=60)
DERRINGER = Weapon(key="derringer", name="Derringer", kind="ranged", skill="firearms", dr=1,
                   damage_type="projectile", rof=2, magazine=2)
KNIFE = Weapon(key="throwing knife", name="Throwing knife", kind="thrown", skill="throwing weapon", dr=1,
               damage_type="pierce", muscle=True)
SWORD = Weapon(key="sword", name="Sword", kind="melee", skill="melee weapon", dr=3, damage_type="slash",
               muscle=True, size=-1)
VEST = Armour(key="vest", name="Combat armour", cls="medium", rating=2, covers=("torso",))
FRAG = Grenade(key="frag", name="Fragmentation grenade", concussion=6, fragmentation=2)
BANG = Grenade(key="bang", name="Concussion grenade", concussion=8)

TABLES = FarscapeTables(
    weapons={w.key: w for w in (PISTOL, BLASTER, STUNNER, RIFLE, DERRINGER, KNIFE, SWORD)},
    armour={VEST.key: VEST},
    grenades={g.key: g for g in (FRAG, BANG)},
)


def fighter(cid, tier="ally", weapons=("pistol",), armour=None, conditions=(), talents=(), **traits):
    """Build a combatant; trait names use underscores for spaces (energy_weapons)."""
    named = {k.replace("_", " "): v for k, v in traits.items()}
    sheet = SPEC.build(traits=named, tier=tier, weapons=tuple(weapons), armour=armour, talents=frozenset(talents))
    return Combatant(cid, cid.title(), "foes" if cid.startswith("foe") else "crew", sheet, fresh_health(tier),
                     tuple(conditions))


def encounter(*combatants):
    return Encounter("farscape", tuple(combatants))


def f4(total):
    """Return exact 4dF faces with this total: pluses (or minuses) first, then blanks."""
    sign = 1 if total >= 0 else -1
    return [sign] * abs(total) + [0] * (4 - abs(total))


def dice(*totals, extra=()):
    """Script one 4dF roll per total, then any extra faces (a d8, say)."""
    return ScriptedDice([*(face for t in totals for face in f4(t)), *extra])


def run(move, enc, actor, targets, *totals, modifier=0, extra=(), **options):
    """Resolve a ranged intent with scripted 4dF totals; check the script was used up exactly."""
    script = dice(*totals, extra=extra)
    intent = Intent(actor, move, tuple(targets), {k.replace("_", " "): str(v) for k, v in options.items()}, modifier)
    outcome = ranged.RESOLVERS[move](enc, intent, TABLES, script)
    assert script.remaining == 0
    return outcome


def shoot(enc, actor, targets, *totals, **options):
    return run("shoot", enc, actor, targets, *totals, **options)


def mods(modifiers):
    return {m.name: m.value for m in modifiers}
