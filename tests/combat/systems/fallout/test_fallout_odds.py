"""Fallout odds agree with the real attack run over every face the dice could show, critical points by default.

Small weapons (a d4 pistol, a d3 burst) keep the walk short enough to run every face sequence.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from fallout_kit import TABLES, scene
from hypothesis import event, given, settings
from hypothesis import strategies as st
from odds_kit import act_by_default, tally

from combat.dice import ScriptedDice
from combat.errors import CannotAct
from combat.model import Combatant, Encounter
from combat.sheet import SheetRequest
from combat.system import Intent
from combat.systems.fallout.results import Attack
from combat.systems.fallout.state import fighter, with_fighter
from combat.systems.fallout.system import FalloutSystem
from combat.systems.fallout.tables import Weapon

SMALL = {
    "pea pistol": Weapon(key="pea pistol", name="Pea pistol", modes=("single", "smash"), damage="1d4+1", range=4,
                         magazine=6, crits=("knockdown", "stun", "knockback")),
    "pea smg": Weapon(key="pea smg", name="Pea SMG", modes=("single", "burst", "sweep"), damage="1d3", range=4,
                      magazine=3, burst=4, crits=("knockdown",)),
    "stick": Weapon(key="stick", name="Stick", modes=("thrust", "swing", "smash"), damage="1d3", accuracy=1),
    "pea laser": Weapon(key="pea laser", name="Pea laser", modes=("single",), damage="1d2", damage_type="laser",
                        range=4, magazine=8, ammo="SEC", overload=2),
}
SYSTEM = FalloutSystem(TABLES.model_copy(update={"weapons": {**TABLES.weapons, **SMALL}}))


def person(name: str, side: str = "vault", hex: str | None = None, *, weapons: tuple[str, ...] = (),
           armour: str | None = None, owner: str | None = None, **traits: int) -> Combatant:
    """Build a combatant on ``hex`` with the small weapons' tables."""
    request = SheetRequest(traits={k: str(v) for k, v in traits.items()}, weapons=weapons, armour=armour)
    sheet = SYSTEM.build_sheet(request).sheet
    state = replace(SYSTEM.new_state(sheet), hex=hex)
    return Combatant(name.lower(), name, side, sheet, SYSTEM.new_health(sheet), owner=owner, state=state)


def band_of(hp: int, lost: int) -> str:
    """Name the band for ``lost`` HP out of ``hp`` left, worked out here."""
    if lost <= 0:
        return "nothing"
    if lost >= hp:
        return "dead"
    return f"hp{-(-4 * lost // hp)}"


def brute(enc: Encounter, intent: Intent) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """Run the real attack over every face sequence (each choice by default): the bands and the effects."""
    before = enc.get(intent.targets[0])
    name = before.name

    def classify(done) -> tuple[str, frozenset[str]]:
        after, results = done
        attack = results[-1]
        assert isinstance(attack, Attack)
        check = attack.checks[0]
        if not check.hit:
            return "miss", frozenset()
        if attack.mode == "disarm":
            return ("disarmed" if attack.took else "no grip"), frozenset()
        if attack.mode == "trip":
            return "tripped", frozenset()
        vitals = after.get(before.id).health
        up = fighter(before).stance != "prone"
        effects = {f"{name} knocked down (critical)" for c in attack.crits if c.effect == "knockdown" and up}
        effects |= {f"{name} stunned (critical)" for c in attack.crits if c.effect == "stun"}
        effects |= {f"A critical knockback of a hex or more rolled (it moves {name} if standing, with room)"
                    for c in attack.crits if c.effect == "knockback" and sum(c.faces) >= 4}
        effects |= {"At least one critical point"} if check.points else set()
        if vitals.passed_out and not before.health.passed_out and not vitals.dead:
            effects.add(f"{name} passes out (fatigue past max HP)")
        effects |= {f"{name}'s {i.part} {'broken' if i.level == 'break' else 'maimed'}" for i in attack.injuries}
        return band_of(before.health.hp, before.health.hp - vitals.hp), frozenset(effects)

    outcomes = tally(lambda dice: act_by_default(SYSTEM, enc, intent, dice), classify)
    bands: dict[str, Fraction] = {}
    effects: dict[str, Fraction] = {}
    for (key, happened), p in outcomes.items():
        bands[key] = bands.get(key, Fraction(0)) + p
        for label in happened:
            effects[label] = effects.get(label, Fraction(0)) + p
    return bands, effects


def check(enc: Encounter, target: str = "raider", modifier: int = 0, **options: object) -> None:
    intent = Intent("vera", "attack", (target,), options, modifier)
    try:
        odds = SYSTEM.odds(enc, intent)
    except CannotAct as refused:  # the attack refuses it the same way, before any die
        with pytest.raises(CannotAct) as also:
            SYSTEM.act(enc, intent, ScriptedDice())
        assert also.value.message == refused.message
        event("refused")
        return
    bands, effects = brute(enc, intent)
    assert odds.by_key() == bands
    assert {e.label: e.chance for e in odds.effects} == effects


def duel(weapon: str, *, hp: int = 9, owner: str | None = "1", distance: int = 3, armour: str | None = None,
         **traits: int) -> Encounter:
    vera = person("Vera", hex="C6", weapons=(weapon,), owner=owner, agility=5, firearms=2, melee=2, **traits)
    raider = person("Raider", "raiders", hex=f"C{6 - distance}", armour=armour, weapons=("knife",))
    raider = replace(raider, health=replace(raider.health, hp=hp))
    return scene(vera, raider)


def test_a_single_shot_with_critical_damage_over_every_face() -> None:
    check(duel("pea pistol"))


def test_critical_points_spent_beforehand_over_every_face() -> None:
    check(duel("pea pistol", owner=None), crits="knockback, stun")
    check(duel("pea pistol"), crits="knockdown")


def test_a_burst_with_fewer_rounds_loaded_than_it_fires_over_every_face() -> None:
    check(duel("pea smg", hp=12), mode="burst")


def test_melee_armour_and_a_called_shot_over_every_face() -> None:
    check(duel("stick", distance=1, armour="leather jacket", strength=3), mode="swing", location="left-arm")


def test_an_overloaded_shot_rolls_every_charge() -> None:
    enc = duel("pea laser", hp=14)
    vera = enc.get("vera")
    check(enc.put(with_fighter(vera, replace(fighter(vera), overloaded=2, overloading="pea laser"))))


@pytest.mark.parametrize("mode", ["punch", "disarm", "trip"])
def test_unarmed_modes_over_every_face(mode: str) -> None:
    enc = duel("pea pistol", distance=1)
    vera = enc.get("vera")
    check(enc.put(with_fighter(vera, replace(fighter(vera), hands=()))), mode=mode, location=None)


@settings(max_examples=20, deadline=None)
@given(
    firearms=st.integers(0, 4), distance=st.integers(1, 7), modifier=st.integers(-12, 3),
    stance=st.sampled_from(["stand", "crouch", "prone"]), evading=st.booleans(), winded=st.booleans(),
    visibility=st.sampled_from([None, "partial", "moderate"]), hp=st.integers(2, 12),
    armour=st.sampled_from([None, "leather jacket", "metal armour"]),
    weapon=st.sampled_from(["pea pistol", "pea smg"]), crits=st.sampled_from([None, "stun", "knockback, knockdown"]),
    location=st.sampled_from([None, "head", "right-leg", "torso"]), proximity=st.sampled_from([None, True]),
)
def test_odds_equal_the_attack_for_any_range_stance_and_visibility(firearms: int, distance: int, modifier: int,
                                                                  stance: str, evading: bool, winded: bool,
                                                                  visibility: str | None, hp: int,
                                                                  armour: str | None, weapon: str,
                                                                  crits: str | None, location: str | None,
                                                                  proximity: bool | None) -> None:
    enc = duel(weapon, hp=hp, distance=min(distance, 5), armour=armour)
    vera, raider = enc.get("vera"), enc.get("raider")
    vera = replace(vera, sheet=replace(vera.sheet, traits={**vera.sheet.traits, "firearms": firearms}))
    if winded:
        vera = replace(vera, health=replace(vera.health, fatigue=vera.health.hp))
    raider = with_fighter(raider, replace(fighter(raider), stance=stance, evading=evading))
    options: dict[str, object] = {"range": distance}
    for name, value in (("visibility", visibility), ("location", location), ("proximity", proximity)):
        if value is not None:
            options[name] = value
    if crits is not None and weapon == "pea pistol":
        options["crits"] = crits
    if weapon == "pea smg":
        options["mode"] = "burst"
    check(enc.put(vera, raider), modifier=modifier, **options)


def test_the_rolls_and_notes_name_every_modifier() -> None:
    enc = duel("pea pistol", armour="leather jacket")
    raider = enc.get("raider")
    enc = enc.put(with_fighter(raider, replace(fighter(raider), stance="crouch")))
    odds = SYSTEM.odds(enc, Intent("vera", "attack", ("raider",), {"visibility": "partial"}, -2))
    shown = [(r.purpose, r.dice, r.trait, r.level, r.modifiers) for r in odds.rolls]
    assert shown == [
        ("attack (needs 15)", "2d10", "firearms", 7, (("close range", -2), ("partial visibility", -4), ("GM", -2))),
        ("damage (one hit)", "1d4+1", "", 0, ()),
        ("critical damage per point (past DT)", "1d4", "", 0, ()),
    ]
    assert odds.notes == ("Raider's DT against normal damage: 1.",
                          "Critical points are asked for after the roll; counted: critical damage, the default.")


def test_odds_refuse_what_they_do_not_count_and_what_the_attack_refuses() -> None:
    enc = duel("pea smg")
    with pytest.raises(CannotAct, match="one attack on one target"):
        SYSTEM.odds(enc, Intent("vera", "attack", ("raider",), {"mode": "sweep"}))
    with pytest.raises(CannotAct, match="odds for /attack"):
        SYSTEM.odds(enc, Intent("vera", "charge", ("raider",), {"to": "C4"}))
    far = duel("pea pistol", distance=5)
    with pytest.raises(CannotAct, match="not next to"):
        SYSTEM.odds(far, Intent("vera", "attack", ("raider",), {"mode": "punch"}))


def test_dead_targets_and_empty_magazines_are_refused() -> None:
    enc = duel("pea pistol")
    vera: Combatant = enc.get("vera")
    empty = enc.put(with_fighter(vera, fighter(vera).with_ammo("pea pistol", 0)))
    with pytest.raises(CannotAct, match="is empty"):
        SYSTEM.odds(empty, Intent("vera", "attack", ("raider",)))
