"""How each side of a Farscape exchange fights: gear, style, move, the traits rolled and standing modifiers."""

from __future__ import annotations

from combat.errors import RulesError, UnknownName
from combat.frozen import frozen
from combat.model import Combatant
from combat.systems.farscape.harm import penalty, trait
from combat.systems.farscape.initiative import wielded
from combat.systems.farscape.melee_moves import (
    BRAWLING,
    DEFAULT_TECHNIQUE,
    MARTIAL_ARTS,
    WEAPON,
    Technique,
    UnknownChoice,
    find_technique,
)
from combat.systems.farscape.melee_results import Modifier
from combat.systems.farscape.ranged_common import is_minion
from combat.systems.farscape.tables import FarscapeTables, Shield, Weapon

__all__ = ["BARE_HANDS", "DODGES", "Approach", "Fighter", "best_dodge", "build_fighter", "unarmed_style"]

BARE_HANDS = ("none", "unarmed", "bare", "fists", "bare hands")
DODGES = ("speed", "acrobatics")
PINNED_DEFENCE = -2


@frozen
class Approach:
    """What a fighter chose for this exchange; defenders fight with the defaults.

    ``dodging`` is the −1 to offence for fighting while dodging this element (see ranged_dodge.act_while_dodging).
    """

    move: str | None = None
    weapon: str | None = None
    stance: int = 0
    dodge: str | None = None
    location: str = "torso"
    location_modifier: int = 0
    situation: int = 0
    opponents: int = 1
    quality: int | None = None
    dodging: int = 0


@frozen
class Fighter:
    """One combatant ready to fight: style, move, weapon and shield in use, and modifiers against every foe.

    ``id``, ``frozen`` (surprise froze him: no roll, no blow, no defence) and ``minion`` (a minion or bystander, who
    never defends with dice [seed]) are read off the combatant as the fighter is built: the exchange asks them at
    every step.
    """

    combatant: Combatant
    style: str
    technique: Technique
    weapon: Weapon | None
    shield: Shield | None
    dodge: str | None
    location: str
    offence_modifiers: tuple[Modifier, ...]
    defence_modifiers: tuple[Modifier, ...]
    id: str
    frozen: bool
    minion: bool

    @property
    def armed(self) -> bool:
        """Tell whether the fighter holds a melee weapon (a knuckleduster or claws do not count)."""
        return self.weapon is not None and self.weapon.kind == "melee"

    @property
    def own_skill(self) -> str:
        """Return the skill of the fighting style: the weapon's skill, Brawling or Martial Arts."""
        return self.weapon.skill if self.style == WEAPON and self.weapon is not None else self.style

    @property
    def offence_trait(self) -> str:
        """Return the trait rolled for offence (Grapple for a grapple)."""
        return self.technique.skill or self.own_skill

    def defence_trait(self, opponent: Fighter) -> str:
        """Return the trait the defence comes from against ``opponent``: dodge, shield, or the style's skill."""
        if self.dodge is not None:
            return self.dodge
        if self.shield is not None:
            return "shield"
        if self.style == BRAWLING and opponent.armed:
            # [ours] A brawler facing a melee weapon can only dodge: his defence comes from Speed or Acrobatics,
            # whichever is better; his blow still lands if his offence beats the armed foe's defence.
            return best_dodge(self.combatant)
        return self.own_skill


def unarmed_style(combatant: Combatant) -> str:
    """Return the unarmed style a combatant fights with: Martial Arts only when better than Brawling [ours]."""
    return MARTIAL_ARTS if trait(combatant, MARTIAL_ARTS) > trait(combatant, BRAWLING) else BRAWLING


def best_dodge(combatant: Combatant) -> str:
    """Return the better dodge trait: Acrobatics when higher than Speed, else Speed."""
    return "acrobatics" if trait(combatant, "acrobatics") > trait(combatant, "speed") else "speed"


def _hand_weapons(combatant: Combatant, tables: FarscapeTables) -> tuple[str, ...]:
    """Return the keys of the melee and unarmed weapons the combatant carries."""
    carried = ((k, tables.weapons.get(k)) for k in combatant.sheet.weapons)
    return tuple(k for k, w in carried if w is not None and w.kind in ("melee", "unarmed"))


def _named_weapon(combatant: Combatant, tables: FarscapeTables, key: str) -> Weapon:
    """Return a weapon the combatant carries and can fight hand to hand with."""
    weapon = tables.weapons.get(key)
    if weapon is None:
        raise UnknownChoice("weapon", key, (*_hand_weapons(combatant, tables), BARE_HANDS[0]))
    if key not in combatant.sheet.weapons:
        raise RulesError(f"{combatant.name} does not carry a {weapon.name}.")
    if weapon.kind not in ("melee", "unarmed"):
        raise RulesError(f"The {weapon.name} is not a melee weapon; shoot or throw it instead.")
    return weapon


def _natural_weapon(combatant: Combatant, tables: FarscapeTables) -> Weapon | None:
    """Return the first knuckleduster, claws or the like on the sheet."""
    for key in combatant.sheet.weapons:
        weapon = tables.weapons.get(key)
        if weapon is not None and weapon.kind == "unarmed":
            return weapon
    return None


def _gear(
    combatant: Combatant, tables: FarscapeTables, choice: str | None
) -> tuple[Weapon | None, Weapon | None, bool]:
    """Return the melee weapon, the unarmed weapon, and whether the melee weapon was named."""
    if choice is not None and choice.strip().lower() in BARE_HANDS:
        return None, None, False
    if choice is not None:
        weapon = _named_weapon(combatant, tables, choice.strip().lower())
        return (weapon, None, True) if weapon.kind == "melee" else (None, weapon, False)
    return wielded(combatant, tables), _natural_weapon(combatant, tables), False


def _style_and_weapon(
    combatant: Combatant, tables: FarscapeTables, approach: Approach
) -> tuple[str, Technique, Weapon | None]:
    """Pick the style, the move and the weapon actually used."""
    melee, natural, named = _gear(combatant, tables, approach.weapon)
    unarmed = unarmed_style(combatant)
    default = DEFAULT_TECHNIQUE[WEAPON if melee is not None else unarmed]
    technique = find_technique(approach.move or default, unarmed)
    if technique.unarmed:
        if named and melee is not None:
            raise RulesError(f"A {technique.name} is an unarmed move; leave out the {melee.name} to use it.")
        style = unarmed if unarmed in technique.styles else technique.styles[0]
        return style, technique, natural if technique.hand else None
    if melee is None:
        if technique.weapon_only:
            raise RulesError(f"{combatant.name} needs a melee weapon in hand to strike with the {technique.name}.")
        return unarmed, technique, None
    return WEAPON, technique, melee


def _shield(combatant: Combatant, tables: FarscapeTables) -> Shield | None:
    key = combatant.sheet.shield
    if key is None:
        return None
    shield = tables.shields.get(key)
    if shield is None:
        raise UnknownName("shield", key, tables.shields)
    return shield


def _named(*pairs: tuple[str, int]) -> tuple[Modifier, ...]:
    """Return a Modifier for each (name, value) pair whose value is not zero."""
    return tuple([Modifier(name, value) for name, value in pairs if value])


def _modifiers(
    combatant: Combatant, technique: Technique, shield: Shield | None, approach: Approach
) -> tuple[tuple[Modifier, ...], tuple[Modifier, ...]]:
    """Return the offence and defence modifiers that apply against every foe."""
    wounds = penalty(combatant)
    outnumbered = -(approach.opponents - 1)
    prone = combatant.condition("prone")
    prone_value = prone.value if prone else 0
    offence = _named(
        ("wounds", wounds),
        ("stance", approach.stance),
        (technique.name, technique.offence),
        (f"location: {approach.location}", approach.location_modifier),
        ("situation", approach.situation),
        ("dodging", approach.dodging),
        ("outnumbered", outnumbered),
        ("shield", shield.attack if shield else 0),
        ("prone", prone_value),
    )
    defence = _named(
        ("wounds", wounds),
        ("stance", -approach.stance),
        ("outnumbered", outnumbered),
        ("shield", shield.defence if shield else 0),
        ("pinned", PINNED_DEFENCE if combatant.has("pinned") else 0),
        ("prone", prone_value),
    )
    return offence, defence


def _with_quality(combatant: Combatant, weapon: Weapon | None, quality: int | None) -> Weapon | None:
    """Return the weapon at the quality named for this attack (option quality), else as the table has it."""
    if quality is None:
        return weapon
    if weapon is None:
        raise RulesError(f"{combatant.name} fights bare-handed, and only a weapon has a quality.")
    return weapon.model_copy(update={"quality": quality})


def build_fighter(combatant: Combatant, tables: FarscapeTables, approach: Approach) -> Fighter:
    """Work out how a combatant fights this exchange."""
    style, technique, weapon = _style_and_weapon(combatant, tables, approach)
    weapon = _with_quality(combatant, weapon, approach.quality)
    # [ours] A fighter who dodges by choice does not also block with a shield.
    shield = None if approach.dodge is not None else _shield(combatant, tables)
    offence, defence = _modifiers(combatant, technique, shield, approach)
    return Fighter(combatant, style, technique, weapon, shield, approach.dodge, approach.location, offence, defence,
                   combatant.id, combatant.has("frozen"), is_minion(combatant))
