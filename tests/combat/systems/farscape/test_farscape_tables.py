"""Farscape data tables: the real files load, broken rows name file and field, and sheets build from templates."""

import pytest

from bot.tables import load_system_tables
from combat.errors import DataError, InvalidSheet, UnknownName, UnknownSystem
from combat.systems.farscape.tables import load_tables
from combat.systems.farscape.templates import build_sheet, parse_traits


@pytest.fixture(scope="module")
def tables():
    return load_system_tables("farscape")


GOOD_ROWS = """
[[weapons]]
key = "knife"
name = "Knife"
kind = "melee"
skill = "melee weapon"
dr = 1
damage_type = "pierce"
muscle = true

[[weapons]]
key = "pulse pistol"
name = "Pulse pistol"
kind = "ranged"
skill = "energy weapons"
dr = 3
damage_type = "energy"
"""


def write_data(tmp_path, files):
    folder = tmp_path / "data" / "farscape"
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return tmp_path / "data"


def broken_weapon(**fields):
    row = {"key": '"club"', "name": '"Club"', "kind": '"melee"', "skill": '"melee weapon"', "dr": "2"}
    row["damage_type"] = '"impact"'
    row.update(fields)
    body = "\n".join(f"{k} = {v}" for k, v in row.items() if v is not None)
    return GOOD_ROWS + "\n[[weapons]]\n" + body + "\n"


# --- the real data files ---


def test_the_real_data_files_load(tables):
    assert len(tables.weapons) >= 20
    assert len(tables.armour) == 10
    assert set(tables.shields) == {"small", "medium", "large"}
    assert len(tables.grenades) >= 2
    assert len(tables.templates) >= 5


@pytest.mark.parametrize(
    ("key", "dr", "size"),
    [("knife", 1, 1), ("shortsword", 2, 0), ("sword", 3, -1), ("greatsword", 4, -2), ("pike", 4, -3)],
)
def test_muscle_weapons_follow_the_dr_table_and_size_ladder(tables, key, dr, size):
    weapon = tables.weapons[key]
    assert (weapon.dr, weapon.size, weapon.muscle) == (dr, size, True)


@pytest.mark.parametrize(
    ("key", "dr"),
    [
        ("light holdout", 1),
        ("light pistol", 2),
        ("pulse pistol", 3),
        ("heavy pulse pistol", 4),
        ("light rifle", 4),
        ("pulse rifle", 5),
        ("heavy pulse rifle", 6),
        ("pulse cannon", 7),
    ],
)
def test_ranged_weapons_follow_the_dr_table(tables, key, dr):
    weapon = tables.weapons[key]
    assert weapon.kind == "ranged"
    assert weapon.dr == dr
    assert not weapon.muscle


def test_only_hand_powered_weapons_add_strength(tables):
    for weapon in tables.weapons.values():
        assert weapon.muscle is (weapon.kind != "ranged"), weapon.key


def test_pulse_weapons_do_energy_damage(tables):
    pulse = [w for w in tables.weapons.values() if "pulse" in w.key]
    assert len(pulse) >= 4
    assert all(w.damage_type == "energy" and w.skill == "energy weapons" for w in pulse)


def test_knuckleduster_is_a_lethal_unarmed_weapon(tables):
    duster = tables.weapons["knuckleduster"]
    assert (duster.kind, duster.skill, duster.dr, duster.stun) == ("unarmed", "brawling", 1, False)


def test_armour_matches_the_source_table(tables):
    rows = sorted((a.cls, a.name, a.rating) for a in tables.armour.values())
    assert rows == sorted(
        [
            ("light", "Concealable flexible vest", 1),
            ("light", "Light environmental/space suit", 1),
            ("light", "Lightweight protective fatigues", 2),
            ("medium", "Concealable flexible vest with plates", 2),
            ("medium", "Light combat armour", 2),
            ("medium", "Medium environmental/space suit", 2),
            ("medium", "Medium combat armour", 3),
            ("heavy", "Heavy environmental/space suit", 2),
            ("heavy", "Heavy combat armour", 3),
            ("heavy", "Power-assisted combat armour", 4),
        ]
    )


def test_shields_by_size(tables):
    assert [(s.size, s.defence, s.attack) for s in tables.shields.values()] == [
        ("small", 1, 0),
        ("medium", 2, -1),
        ("large", 3, -2),
    ]


def test_frag_grenade_ratings(tables):
    frag = tables.grenades["frag grenade"]
    assert (frag.concussion, frag.concussion_type, frag.fragmentation, frag.fragmentation_type) == (
        6,
        "explosive",
        2,
        "projectile",
    )
    assert tables.grenades["concussion grenade"].fragmentation == 0


def test_every_template_builds_a_sheet(tables):
    for key, template in tables.templates.items():
        sheet = build_sheet(tables, key)
        assert sheet.tier == template.tier
        assert sheet.weapons == template.weapons
        assert all(w in tables.weapons for w in sheet.weapons)


def test_the_trooper_is_a_minion_with_a_pulse_rifle_and_light_combat_armour(tables):
    sheet = build_sheet(tables, "peacekeeper trooper")
    assert sheet.tier == "minion"
    assert "pulse rifle" in sheet.weapons
    assert sheet.armour == "light combat armour"
    assert sheet.traits["energy weapons"] == 1


# --- broken files ---


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"dr": '"big"'}, "weapons[2].dr", "integer"),
        ({"damage_type": '"sonic"'}, "weapons[2].damage_type", "impact"),
        ({"key": '"knife"'}, "weapons[2].key", "duplicate key 'knife'"),
        ({"colour": '"red"'}, "weapons[2].colour", "Extra inputs"),
        ({"dr": None}, "weapons[2].dr", "required"),
        ({"skill": '"swordplay"'}, "weapons[2].skill", "not a Farscape skill"),
        ({"dr": "40"}, "weapons[2].dr", "less than or equal to 12"),
    ],
)
def test_a_broken_row_names_the_file_and_the_field(tmp_path, fields, field, words):
    data = write_data(tmp_path, {"weapons.toml": broken_weapon(**fields)})
    with pytest.raises(DataError) as caught:
        load_system_tables("farscape", data)
    message = caught.value.message
    assert "data/farscape/weapons.toml" in message
    assert field in message
    assert words in message
    assert caught.value.field == field


def test_good_rows_in_a_temporary_directory_load(tmp_path):
    data = write_data(tmp_path, {"weapons.toml": GOOD_ROWS})
    assert set(load_system_tables("farscape", data).weapons) == {"knife", "pulse pistol"}


def test_invalid_toml_names_the_file(tmp_path):
    data = write_data(tmp_path, {"armour.toml": "[[armour]]\nkey = \n"})
    with pytest.raises(DataError, match=r"data/farscape/armour\.toml: \(file\): not valid TOML"):
        load_system_tables("farscape", data)


def test_an_unknown_table_file_is_refused(tmp_path):
    data = write_data(tmp_path, {"vehicles.toml": "[[vehicles]]\nkey = 'prowler'\n"})
    with pytest.raises(DataError, match=r"data/farscape/vehicles\.toml: \(file\): unknown table"):
        load_system_tables("farscape", data)


def test_rows_under_the_wrong_heading_are_refused():
    with pytest.raises(DataError, match=r"data/farscape/shields\.toml: shield: unexpected top-level"):
        load_tables({"shields": {"shield": []}})
    with pytest.raises(DataError, match=r"shields\.toml: shields: expected a list"):
        load_tables({"shields": {"shields": {"key": "small"}}})


def test_a_row_that_is_not_a_table_is_refused():
    with pytest.raises(DataError, match=r"shields\.toml: shields\[0\]: "):
        load_tables({"shields": {"shields": ["small"]}})


def test_template_gear_must_exist():
    weapons = {
        "weapons": [
            {
                "key": "knife",
                "name": "Knife",
                "kind": "melee",
                "skill": "melee weapon",
                "dr": 1,
                "damage_type": "pierce",
            }
        ]
    }
    template = {"key": "thug", "name": "Thug", "weapons": ["knife", "cosh"]}
    with pytest.raises(DataError) as caught:
        load_tables({"weapons": weapons, "templates": {"templates": [template]}})
    assert "data/farscape/templates.toml" in caught.value.message
    assert "templates[0].weapons[1]" in caught.value.message
    assert "cosh" in caught.value.message


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"traits": {"strength": "Gud"}}, "not a ladder level"),
        ({"traits": {"strenth": 1}}, "not a Farscape attribute or skill"),
        ({"traits": {"strength": 7}}, "between -3 and +4"),
        ({"tier": "boss"}, "not a tier"),
        ({"talents": ["luck"]}, "not a talent"),
    ],
)
def test_template_traits_tier_and_talents_are_checked(fields, words):
    row = {"key": "thug", "name": "Thug", **fields}
    with pytest.raises(DataError) as caught:
        load_tables({"templates": {"templates": [row]}})
    assert f"templates[0].{next(iter(fields))}" in caught.value.message
    assert words in caught.value.message


def test_unknown_system_has_no_tables():
    with pytest.raises(UnknownSystem):
        load_system_tables("gurps")


def test_missing_directory_is_a_data_error(tmp_path):
    with pytest.raises(DataError, match="no such data directory"):
        load_system_tables("farscape", tmp_path)


# --- building sheets ---


def test_neither_template_nor_traits_gives_the_average_combatant(tables):
    sheet = build_sheet(tables)
    assert sheet.tier == "ally"
    assert set(sheet.traits) == {"strength", "agility", "speed", "constitution", "willpower", "intellect"}
    assert set(sheet.traits.values()) == {0}
    assert sheet.weapons == () and sheet.armour is None and sheet.shield is None


def test_traits_alone_take_ladder_names_or_numbers(tables):
    sheet = build_sheet(tables, traits={"Strength": "Great", "energy weapons": 1, "agility": "+2", "speed": "Poor"})
    assert sheet.traits["strength"] == 2
    assert sheet.traits["energy weapons"] == 1
    assert sheet.traits["agility"] == 2
    assert sheet.traits["speed"] == -2
    assert sheet.traits["intellect"] == 0


def test_explicit_values_override_the_template(tables):
    sheet = build_sheet(
        tables,
        "Peacekeeper Trooper",
        {"energy weapons": "Superb", "intellect": 1},
        tier="henchman",
        weapons=["pulse pistol"],
        talents=["cool head"],
    )
    assert sheet.traits["energy weapons"] == 3
    assert sheet.traits["intellect"] == 1
    assert sheet.traits["constitution"] == 1  # kept from the template
    assert sheet.tier == "henchman"
    assert sheet.weapons == ("pulse pistol",)
    assert sheet.armour == "light combat armour"
    assert sheet.has("cool head")


def test_unknown_names_suggest_the_nearest(tables):
    with pytest.raises(UnknownName) as caught:
        build_sheet(tables, "peacekeeper troper")
    assert caught.value.suggestion == "peacekeeper trooper"
    with pytest.raises(UnknownName) as caught:
        build_sheet(tables, weapons=["pulse rifel"])
    assert caught.value.suggestion == "pulse rifle"
    with pytest.raises(UnknownName, match="armour"):
        build_sheet(tables, armour="tin foil")
    with pytest.raises(UnknownName, match="shield"):
        build_sheet(tables, shield="huge")
    with pytest.raises(UnknownName):
        build_sheet(tables, traits={"charisma": "Good"})


def test_bad_levels_are_sheet_errors(tables):
    with pytest.raises(InvalidSheet, match="strength"):
        build_sheet(tables, traits={"strength": "Mighty"})
    with pytest.raises(InvalidSheet):
        build_sheet(tables, traits={"strength": 6})


def test_parse_traits_reads_names_and_numbers():
    assert parse_traits({"strength": "Superb+1", "agility": -1, "speed": "Terrible"}) == {
        "strength": 4,
        "agility": -1,
        "speed": -3,
    }


def test_a_sheet_carries_grenades_and_charges_beside_its_weapons(tables):
    sheet = build_sheet(tables, None, {}, weapons=("Frag grenade", "pulse pistol", "breaching charge"))
    assert sheet.weapons == ("frag grenade", "pulse pistol", "breaching charge")
    with pytest.raises(UnknownName, match="'nuke'"):
        build_sheet(tables, None, {}, weapons=("nuke",))
