"""What a Deryni fighter has to hand: the weapon in hand, what he can parry with, his shield, what lies on the floor.

Items are named by their table keys; ``shield`` is the combatant's shield and ``unarmed`` his bare hands. A broken
or severed weapon arm leaves no weapon usable; a useless off arm leaves no shield and no two-handed weapon; a
useless leg allows no dodge.
"""

from __future__ import annotations

from combat.errors import CannotAct, UnknownName, echo
from combat.model import Combatant
from combat.options import normal_key, same_name
from combat.systems.deryni.state import fighter
from combat.systems.deryni.tables import DeryniTables, Weapon
from combat.tables import match_row

__all__ = [
    "BARE",
    "BARE_WORDS",
    "LIMBS",
    "SHIELD",
    "UNARMED",
    "attack_weapon",
    "carried",
    "disarm_item",
    "in_hand",
    "item_name",
    "legs_free",
    "parry_weapon",
    "shield_problem",
    "spare",
    "weapon_problem",
    "weapon_row",
]

UNARMED = "unarmed"
SHIELD = "shield"
LIMBS = ("weapon arm", "off arm", "leg")
BARE = Weapon(key=UNARMED, name="bare hands", skill="unarmed combat", length=0, body=True)
# Bare hands by any name, the seed's skill name too ("Broad Sword or Unarmed Combat Skill").
# What a disarm may name besides the item itself: the one in hand, or the shield.
_HELD_WORDS = frozenset({"weapon", "yes", "sword", "blade"})
BARE_WORDS = frozenset({"unarmed", "unarmed combat", "none", "bare hands", "fists", "fist", "hands"})


def weapon_row(tables: DeryniTables, key: str) -> Weapon:
    """Return the weapon's table row (bare hands when the table has none)."""
    found = tables.weapons.get(key)
    if found is not None:
        return found
    if key == UNARMED:
        return BARE
    raise UnknownName("weapon", key, tables.weapons)


def shield_bash(combatant: Combatant, tables: DeryniTables) -> Weapon:
    """Return the combatant's shield as a striking weapon: the Shield skill, no edge, no reach."""
    shield = tables.shields.get(combatant.sheet.shield or "")
    name = shield.name if shield else "shield"
    return Weapon(key=SHIELD, name=name, skill="shield", length=0)


def carried(combatant: Combatant) -> tuple[str, ...]:
    """Return the weapons the combatant carries and has not dropped, each copy (two short swords are two items).

    A dropped copy is one item on the floor: a second of the same kind stays in his hands.
    """
    dropped = list(fighter(combatant).dropped)
    kept = []
    for key in combatant.sheet.weapons:
        if key in dropped:
            dropped.remove(key)
        else:
            kept.append(key)
    return tuple(kept)


def spare(combatant: Combatant, key: str, used: int) -> bool:
    """Tell whether he holds a copy of this weapon beyond the ``used`` ones ("a second weapon" is a different item)."""
    return carried(combatant).count(key) > used


def weapon_problem(combatant: Combatant, tables: DeryniTables, key: str) -> str | None:
    """Say why the combatant cannot use this weapon now (None: he can)."""
    if key == UNARMED:
        return None
    name = combatant.name
    health = combatant.health
    if health.useless("weapon arm"):
        return f"{name}'s weapon arm is useless"
    if weapon_row(tables, key).hands == 2 and health.useless("off arm"):
        return f"{name} cannot hold a two-handed weapon with a useless off arm"
    return None


def in_hand(combatant: Combatant, tables: DeryniTables) -> str:
    """Return the weapon in hand: the one chosen last, else the first he carries and can use, else bare hands."""
    chosen = fighter(combatant).wielding
    ready = [w for w in carried(combatant) if weapon_problem(combatant, tables, w) is None]
    if chosen in ready:
        return chosen
    return ready[0] if ready else UNARMED


def shield_problem(combatant: Combatant) -> str | None:
    """Say why the combatant cannot use his shield now (None: he can)."""
    name = combatant.name
    if combatant.sheet.shield is None:
        return f"{name} carries no shield"
    if SHIELD in fighter(combatant).dropped:
        return f"{name}'s shield is on the floor"
    if combatant.health.useless("off arm"):
        return f"{name}'s shield arm is useless"
    return None


def legs_free(combatant: Combatant) -> bool:
    """Tell whether the combatant can dodge (no broken or severed leg)."""
    return not combatant.health.useless("leg")


def parry_weapon(combatant: Combatant, tables: DeryniTables) -> str | None:
    """Return the weapon he parries with: the one in hand, else another he carries; never the one he struck with.

    With two of a kind he struck with one, the other parries.
    """
    struck = fighter(combatant).attacked_with
    for key in (in_hand(combatant, tables), *carried(combatant)):
        free = key != struck or spare(combatant, key, 1)
        if key != UNARMED and free and weapon_problem(combatant, tables, key) is None:
            return key
    return None


def item_name(combatant: Combatant, tables: DeryniTables, item: str) -> str:
    """Return an item's display name: 'broadsword', 'kite shield', 'bare hands'."""
    if item == SHIELD:
        return shield_bash(combatant, tables).name
    found = tables.weapons.get(item)
    return found.name if found else BARE.name if item == UNARMED else item


def _chosen(combatant: Combatant, tables: DeryniTables, option: str | None) -> Weapon:
    """Return the weapon an attack names (the one in hand when none is named), refusing what he does not have."""
    if option is None:
        return weapon_row(tables, in_hand(combatant, tables))
    wanted = normal_key(option)
    if wanted in BARE_WORDS:
        return BARE
    if wanted == SHIELD or (combatant.sheet.shield and same_name(option, combatant.sheet.shield)):
        problem = shield_problem(combatant)
        if problem:
            raise CannotAct(f"{problem}: no shield blow.")
        return shield_bash(combatant, tables)
    for key in combatant.sheet.weapons:
        if same_name(option, key):
            if key not in carried(combatant):
                raise CannotAct(f"{combatant.name}'s {item_name(combatant, tables, key)} is on the floor: "
                                "pick it up first (/act move:pickup).")
            return weapon_row(tables, key)
    names = ", ".join(dict.fromkeys((*combatant.sheet.weapons, UNARMED)))
    raise CannotAct(f"{combatant.name} carries no '{option}'; they can strike with {names}.")


def attack_weapon(combatant: Combatant, tables: DeryniTables, option: str | None) -> Weapon:
    """Return the weapon (or shield, or bare hands) an attack uses, refusing one he defended with this round."""
    weapon = _chosen(combatant, tables, option)
    problem = weapon_problem(combatant, tables, weapon.key) if weapon.key != SHIELD else None
    if problem:
        raise CannotAct(f"{problem}: no blow with the {weapon.name}.")
    state = fighter(combatant)
    if weapon.key in state.defended_with and not spare(combatant, weapon.key, 1):
        verb = "blocked with" if weapon.key == SHIELD else "parried with"
        others = [w for w in dict.fromkeys((*carried(combatant), UNARMED))
                  if w not in state.defended_with and w != weapon.key]
        hint = f" Strike with {' or '.join(f'weapon:{w}' for w in others)} instead." if others else ""
        raise CannotAct(
            f"{combatant.name} {verb} their {weapon.name} this round, so cannot strike with it too: one attack "
            f"and one defence a round, each with a different item or ability.{hint}"
        )
    return weapon


def disarm_item(target: Combatant, tables: DeryniTables, what: str) -> tuple[str, int]:
    """Return the item a disarm goes for and its modifier: -1 one-handed, -2 two-handed, -3 strapped on.

    ``what`` is ``weapon`` (the one in hand), ``shield``, or the item by name ("dagger", "kite shield").
    """
    wanted = normal_key(what)
    shield = tables.shields.get(target.sheet.shield or "")
    names = (target.sheet.shield, shield.name if shield else None)
    if wanted == SHIELD or any(n and same_name(what, n) for n in names):
        problem = shield_problem(target)
        if problem:
            raise CannotAct(f"{problem}: there is no shield to disarm.")
        return SHIELD, -3 if shield is None or shield.strapped else -1
    held = in_hand(target, tables)
    if held == UNARMED:
        raise CannotAct(f"{target.name} holds no weapon to disarm.")
    row = weapon_row(tables, held)
    if wanted in _HELD_WORDS:
        return held, -row.hands
    rows = {key: weapon_row(tables, key) for key in in_hands(target, tables)}
    key = match_row(what, rows)
    if key is None:
        named = " and ".join(f"their {r.name}" for r in rows.values())
        raise CannotAct(f"{target.name} holds {named}, not '{echo(what)}': disarm:weapon (or "
                        f"disarm:{row.key}) goes for the weapon in their hand, disarm:shield for their shield.")
    return key, -rows[key].hands


def in_hands(combatant: Combatant, tables: DeryniTables) -> tuple[str, ...]:
    """Return the weapons in his hands: the one in hand, the one he parries with, those he used this round.

    "Using a shield or a second weapon is usually the case here" [seed]: a second weapon that parries, or struck,
    is in his other hand, and a disarm may go for it.
    """
    state = fighter(combatant)
    found = [in_hand(combatant, tables), parry_weapon(combatant, tables), state.attacked_with, *state.defended_with]
    have = carried(combatant)
    return tuple(dict.fromkeys(k for k in found if k is not None and k != UNARMED and k in have))
