"""Sheets: built from defaults, a template, named traits or both, and checked against the system's spec."""

import pytest

from combat.errors import InvalidSheet, UnknownName
from combat.sheet import Sheet, SheetSpec

SPEC = SheetSpec(
    attributes={"strength": 0, "agility": 1},
    skills={"brawling": -2, "firearms": -2},
    unskilled=-2,
    talents=frozenset({"cool head", "quick draw"}),
    tiers=("protagonist", "ally", "minion"),
    default_tier="ally",
    lowest=-3,
    highest=4,
)


def test_build_from_defaults():
    sheet = SPEC.build()
    assert sheet.traits == {"strength": 0, "agility": 1}
    assert sheet.tier == "ally"
    assert sheet.talents == frozenset()
    assert (sheet.weapons, sheet.armour, sheet.shield) == ((), None, None)


def test_level_falls_back_to_attribute_and_skill_defaults():
    sheet = SPEC.build(traits={"Brawling": 2})
    assert SPEC.level(sheet, "BRAWLING") == 2
    assert SPEC.level(sheet, "firearms") == -2
    assert SPEC.level(sheet, "Agility") == 1
    assert SPEC.level(Sheet(), "strength") == 0


def test_level_of_an_unknown_trait_suggests_one():
    with pytest.raises(UnknownName, match="did you mean 'firearms'"):
        SPEC.level(SPEC.build(), "firearm")


def test_build_from_named_traits_is_case_insensitive():
    sheet = SPEC.build(traits={" Strength ": 2, "FIREARMS": 3}, talents=frozenset({"Cool Head"}), tier="Minion")
    assert sheet.traits == {"strength": 2, "agility": 1, "firearms": 3}
    assert sheet.has("cool head")
    assert sheet.has("COOL HEAD")
    assert not sheet.has("quick draw")
    assert sheet.tier == "minion"


def test_build_from_a_template():
    template = Sheet(
        traits={"strength": 3, "brawling": 1},
        talents=frozenset({"quick draw"}),
        weapons=("knife",),
        armour="leather",
        tier="protagonist",
    )
    sheet = SPEC.build(template)
    assert sheet.traits == {"strength": 3, "agility": 1, "brawling": 1}
    assert sheet.talents == frozenset({"quick draw"})
    assert sheet.weapons == ("knife",)
    assert sheet.armour == "leather"
    assert sheet.tier == "protagonist"


def test_build_from_a_template_and_named_traits():
    template = Sheet(traits={"strength": 3, "brawling": 1}, talents=frozenset({"quick draw"}), weapons=("knife",))
    sheet = SPEC.build(
        template,
        traits={"brawling": 2, "agility": -1},
        talents=frozenset({"cool head"}),
        weapons=("pulse pistol",),
        shield="buckler",
    )
    assert sheet.traits == {"strength": 3, "agility": -1, "brawling": 2}
    assert sheet.talents == frozenset({"quick draw", "cool head"})
    assert sheet.weapons == ("pulse pistol",)
    assert sheet.shield == "buckler"
    assert sheet.tier == "ally"
    assert template.traits == {"strength": 3, "brawling": 1}


def test_a_template_is_checked_too():
    # [ours] A template Sheet is validated like named traits (it used to pass through unchecked).
    with pytest.raises(UnknownName, match="did you mean 'brawling'"):
        SPEC.build(Sheet(traits={"brawlin": 1}))
    with pytest.raises(InvalidSheet):
        SPEC.build(Sheet(traits={"strength": 9}))
    with pytest.raises(UnknownName, match="talent"):
        SPEC.build(Sheet(talents=frozenset({"cool hed"})))
    with pytest.raises(UnknownName, match="tier"):
        SPEC.build(Sheet(tier="boss"))


def test_unknown_trait_suggests_the_nearest():
    with pytest.raises(UnknownName) as caught:
        SPEC.build(traits={"agilty": 1})
    assert caught.value.suggestion == "agility"
    assert caught.value.message == "No attribute or skill named 'agilty' here; did you mean 'agility'?"


def test_unknown_talent_suggests_the_nearest():
    with pytest.raises(UnknownName) as caught:
        SPEC.build(talents=frozenset({"cool-head"}))
    assert caught.value.suggestion == "cool head"
    assert caught.value.kind == "talent"


def test_unknown_tier_suggests_the_nearest():
    with pytest.raises(UnknownName) as caught:
        SPEC.build(tier="minon")
    assert caught.value.suggestion == "minion"
    assert caught.value.kind == "tier"


@pytest.mark.parametrize("value", [-3, 0, 4])
def test_levels_within_bounds_are_kept(value):
    assert SPEC.build(traits={"strength": value}).traits["strength"] == value


@pytest.mark.parametrize("value", [-4, 5, 100])
def test_levels_out_of_bounds_are_refused(value):
    with pytest.raises(InvalidSheet) as caught:
        SPEC.build(traits={"Strength": value})
    assert caught.value.message == f"Strength must be between -3 and +4; {value:+d} is not."


def test_a_spec_without_tiers_builds_untiered_sheets():
    plain = SheetSpec(
        attributes={"agility": 3},
        skills={},
        unskilled=0,
        talents=frozenset(),
        tiers=(),
        default_tier="",
        lowest=1,
        highest=10,
    )
    assert plain.build().tier == ""
    with pytest.raises(UnknownName):
        plain.build(tier="minion")
