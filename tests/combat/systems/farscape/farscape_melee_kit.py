"""Shared builders for the Farscape melee tests: fighters, encounters, weapon tables and exact 4dF faces."""

from dataclasses import replace

from combat.dice import ScriptedDice
from combat.model import Combatant, Condition, Encounter
from combat.system import Intent
from combat.systems.farscape.exchange import resolve_melee
from combat.systems.farscape.sheet import SPEC
from combat.systems.farscape.tables import Armour, FarscapeTables, Shield, Weapon
from combat.systems.farscape.wounds import Track, fresh_health

SWORD = Weapon(key="sword", name="Sword", kind="melee", skill="melee weapon", dr=3, damage_type="slash",
               muscle=True, size=-1)
KNIFE = Weapon(key="knife", name="Knife", kind="melee", skill="melee weapon", dr=1, damage_type="pierce",
               muscle=True, size=1)
GREATSWORD = Weapon(key="greatsword", name="Greatsword", kind="melee", skill="melee weapon", dr=4,
                    damage_type="slash", muscle=True, size=-2)
FINE_SWORD = Weapon(key="fine sword", name="Fine sword", kind="melee", skill="melee weapon", dr=3,
                    damage_type="slash", muscle=True, size=-1, quality=2)
BLACKJACK = Weapon(key="blackjack", name="Blackjack", kind="melee", skill="melee weapon", dr=1,
                   damage_type="impact", muscle=True, stun=True)
KNUCKLEDUSTER = Weapon(key="knuckleduster", name="Knuckleduster", kind="unarmed", skill="brawling", dr=1,
                       damage_type="impact", muscle=True)
PISTOL = Weapon(key="pistol", name="Pulse pistol", kind="ranged", skill="energy weapons", dr=3,
                damage_type="energy")
VEST = Armour(key="vest", name="Flexible vest", cls="light", rating=1, covers=("torso",))
PLATE = Armour(key="plate", name="Heavy combat armour", cls="heavy", rating=3, covers=("head", "torso", "arms", "legs"))
SMALL = Shield(key="small", name="Buckler", size="small", defence=1, attack=0)
MEDIUM = Shield(key="medium", name="Riot shield", size="medium", defence=2, attack=-1)
LARGE = Shield(key="large", name="Door", size="large", defence=3, attack=-2)

TABLES = FarscapeTables(
    weapons={w.key: w for w in (SWORD, KNIFE, GREATSWORD, FINE_SWORD, BLACKJACK, KNUCKLEDUSTER, PISTOL)},
    armour={a.key: a for a in (VEST, PLATE)},
    shields={s.key: s for s in (SMALL, MEDIUM, LARGE)},
)


def fighter(cid, tier="ally", weapons=(), armour=None, shield=None, conditions=(), **traits):
    """Build a combatant; trait names use underscores for spaces (martial_arts)."""
    named = {k.replace("_", " "): v for k, v in traits.items()}
    sheet = SPEC.build(traits=named, tier=tier, weapons=tuple(weapons), armour=armour, shield=shield)
    return Combatant(cid, cid.title(), "foes" if cid.startswith("foe") else "crew", sheet, fresh_health(tier),
                     tuple(conditions))


def encounter(*combatants):
    return Encounter("farscape", tuple(combatants))


def f4(total):
    """Return exact 4dF faces with this total: pluses (or minuses) first, then blanks."""
    sign = 1 if total >= 0 else -1
    return [sign] * abs(total) + [0] * (4 - abs(total))


def dice(*totals, extra=()):
    """Script one 4dF roll per total, then any extra faces."""
    faces = [face for t in totals for face in f4(t)]
    return ScriptedDice([*faces, *extra])


def melee(enc, actor, targets, *totals, act="attack", initiative=None, modifier=0, extra=(), **options):
    """Resolve a melee intent with scripted 4dF totals; check the script was used up exactly."""
    script = dice(*totals, extra=extra)
    intent = Intent(actor, act, tuple(targets), {k: str(v) for k, v in options.items()}, modifier)
    outcome = resolve_melee(enc, intent, TABLES, script, initiative)
    assert script.remaining == 0
    return outcome


def strike(result, attacker, defender):
    return next(s for s in result.strikes if s.attacker == attacker and s.defender == defender)


def hit(result, attacker, defender):
    return next(h for h in result.hits if h.attacker == attacker and h.defender == defender)


def mods(modifiers):
    return {m.name: m.value for m in modifiers}


def wounded(combatant, kind, filled):
    """Return the combatant with these boxes filled on the lethal or stun track."""
    health = replace(combatant.health, **{kind: Track(kind, tuple(filled))})
    return replace(combatant, health=health)


def battered(combatant):
    """Fill a stun track up to Very Stunned, so any further Stun damage knocks them out.

    A battered minion has been fighting already, so it has given its warning blow: its blows count.
    """
    veteran = replace(combatant, conditions=(*combatant.conditions, Condition("warned")))
    return wounded(veteran, "stun", (*combatant.health.spec("stun").boxes[:-1], 0))
