"""The seed's own spellings are read: "defense", "Hits To Kill", gear by its shown name, "armor", plurals."""

from d6_kit import SYSTEM

from combat.sheet import SheetRequest


def test_defense_and_hits_to_kill_are_the_sheet_s_defence_and_htk() -> None:
    # The seed: "a concrete (PF4) wall's 4d6 of defense"; a GM writes the seed's word.
    built = SYSTEM.build_sheet(SheetRequest(traits={"Defense": "2", "Hits To Kill": "12"}, tier="object"))
    assert (built.sheet.traits["defence"], built.sheet.traits["htk"]) == (2, 12)


def test_gear_is_found_by_its_shown_name_by_armor_and_by_a_plural() -> None:
    built = SYSTEM.build_sheet(SheetRequest(weapons=("Swords", "Mega Buster"), armour="Leather armor"))
    assert (built.sheet.weapons, built.sheet.armour) == (("sword", "mega buster"), "leather")
    assert SYSTEM.build_sheet(SheetRequest(armour="concrete wall")).sheet.armour == "concrete"  # "concrete (PF4) wall"
    assert SYSTEM.build_sheet(SheetRequest(armour="Kevlar vest")).sheet.armour == "kevlar"
