"""Builders for the renderer tests: Farscape fighters, a table of gear, and intents resolved with exact dice."""

from combat.dice import ScriptedDice
from combat.model import Combatant, Encounter
from combat.system import Intent
from combat.systems.farscape.sheet import SPEC
from combat.systems.farscape.system import FarscapeSystem
from combat.systems.farscape.tables import Armour, FarscapeTables, Grenade, Weapon
from combat.systems.farscape.wounds import fresh_health

SWORD = Weapon(key="sword", name="Sword", kind="melee", skill="melee weapon", dr=3, damage_type="slash",
               muscle=True, size=-1, quality=2)
PISTOL = Weapon(key="pistol", name="Light pistol", kind="ranged", skill="firearms", dr=2,
                damage_type="projectile", rof=3, magazine=12)
VEST = Armour(key="vest", name="Combat armour", cls="medium", rating=2, covers=("torso",))
FRAG = Grenade(key="frag", name="Fragmentation grenade", concussion=6, fragmentation=2)
BANG = Grenade(key="bang", name="Concussion grenade", concussion=8)
TABLES = FarscapeTables(weapons={w.key: w for w in (SWORD, PISTOL)}, armour={VEST.key: VEST},
                        grenades={g.key: g for g in (FRAG, BANG)})
SYSTEM = FarscapeSystem(TABLES)
NAMES = {"aeryn": "Aeryn", "trooper": "Trooper 1", "dargo": "D'Argo", "rygel": "Rygel", "pal": "Pal"}


def person(cid, tier="ally", weapons=(), armour=None, conditions=(), talents=(), side=None, **traits):
    """Build a combatant; trait names use underscores for spaces (melee_weapon)."""
    named = {k.replace("_", " "): v for k, v in traits.items()}
    sheet = SPEC.build(traits=named, tier=tier, weapons=tuple(weapons), armour=armour, talents=frozenset(talents))
    team = side or ("foes" if cid in ("trooper", "rygel") else "crew")
    return Combatant(cid, NAMES.get(cid, cid), team, sheet, fresh_health(tier), tuple(conditions))


def encounter(*combatants):
    return Encounter("farscape", tuple(combatants))


def f4(total):
    """Return exact 4dF faces with this total: pluses (or minuses) first, then blanks."""
    sign = 1 if total >= 0 else -1
    return [sign] * abs(total) + [0] * (4 - abs(total))


def act(enc, actor, move, targets=(), *totals, extra=(), modifier=0, **options):
    """Resolve an intent through the real rule system with one 4dF roll per total; the script must run out."""
    script = ScriptedDice([*(face for t in totals for face in f4(t)), *extra])
    intent = Intent(actor, move, tuple(targets), {k.replace("_", " "): str(v) for k, v in options.items()}, modifier)
    outcome = SYSTEM.act(enc, intent, script)
    assert script.remaining == 0
    return outcome
