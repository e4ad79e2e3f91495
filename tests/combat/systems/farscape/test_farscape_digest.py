"""Farscape results boiled down to round-summary beats, and the states worth showing, on real resolutions."""

from dataclasses import replace

import farscape_ranged_kit as rk
from farscape_melee_kit import battered, encounter, f4, fighter, melee

from combat.dice import ScriptedDice
from combat.model import Condition
from combat.summary import Beat, summarize_round
from combat.systems.farscape.digest import STATUS_KEYS, digest, status
from combat.systems.farscape.engagement import engagement
from combat.systems.farscape.surprise import recover
from combat.systems.farscape.system import FarscapeSystem
from combat.systems.farscape.wounds import Track

ORDER = {"hero": 1, "foe": 0}
WARNED = Condition("warned")


def test_an_exchange_gives_a_beat_per_blow_with_the_wound_and_the_miss():
    enc = encounter(fighter("hero", brawling=2), fighter("foe", brawling=0))
    beats = digest(melee(enc, "hero", ["foe"], 0, 0, initiative=ORDER).result)
    assert beats == (
        Beat("hero", "punch", "foe", hit=True, wound="Dazed", track="stun"),
        Beat("foe", "punch", "hero", hit=False),
    )


def test_a_knockout_is_marked_out_and_a_blow_never_struck_is_noted():
    hero = battered(fighter("hero", tier="minion", brawling=3, conditions=(WARNED,)))
    foe = battered(fighter("foe", tier="ally", brawling=0, strength=1))  # a minion who is attacked strikes nothing
    result = melee(encounter(hero, foe), "hero", ["foe"], 0, 3, initiative={"hero": 2, "foe": 1}, stance="+2").result
    mine, theirs = digest(result)
    assert (mine.target, mine.hit, mine.wound, mine.track, mine.out) == ("foe", True, "Unconscious", "stun", True)
    assert (theirs.actor, theirs.hit, theirs.note, theirs.out) == ("foe", False, "taken out first", False)
    assert theirs.aid, "a blow never struck is neither a hit nor a miss"
    assert summarize_round(1, (mine, theirs), (), ()).misses == 0


def test_a_minions_first_landed_blow_is_a_warning_with_no_target():
    enc = encounter(fighter("hero", brawling=0), fighter("foe", tier="minion", brawling=2))
    beats = digest(melee(enc, "foe", ["hero"], 0, 0, initiative=ORDER).result)  # the minion attacks
    assert beats == (Beat("foe", "punch", note="warning blow"), Beat("hero", "punch", "foe", hit=False))


def test_standing_up_and_a_failed_strain_have_no_target():
    prone = fighter("hero", conditions=(Condition("prone", -1, 2, source="foe"),))
    stood = melee(encounter(prone, fighter("foe")), "hero", [], act="stand").result
    assert digest(stood) == (Beat("hero", "stand", note="stood up"),)
    hurt = fighter("hero", brawling=1, willpower=0, conditions=(Condition("strain"),))
    hurt = replace(hurt, health=replace(hurt.health, lethal=Track("lethal", (0, 0, 0, 1, 0))))
    failed = melee(encounter(hurt, fighter("foe")), "hero", ["foe"], 1).result  # Willpower 1 against Great
    assert digest(failed) == (Beat("hero", "punch", note="too hurt to act"),)
    strained = melee(encounter(hurt, fighter("foe", brawling=0)), "hero", ["foe"], 2, 0, 0, initiative=ORDER).result
    assert digest(strained)[0] == Beat("hero", "strain", note="strained to fight")


def test_a_grapple_notes_the_pin_and_a_counter_lock_strikes_no_blow():
    enc = encounter(fighter("hero", grapple=2, brawling=0), fighter("foe", brawling=0))
    pin = digest(melee(enc, "hero", ["foe"], 0, 0, act="grapple", initiative=ORDER).result)
    assert pin[0] == Beat("hero", "grapple", "foe", hit=True, note="pinned")
    enc = encounter(fighter("hero", martial_arts=2, grapple=1), fighter("foe", brawling=1, speed=0))
    result = melee(enc, "hero", ["foe"], 0, 0, act="counter lock", initiative=ORDER, extra=[*f4(1), *f4(0)]).result
    assert digest(result) == (
        Beat("foe", "punch", "hero", hit=False),
        Beat("hero", "counter lock", "foe", hit=True, note="pinned"),
    )


def test_an_escape_has_no_target_and_says_whether_the_lock_broke():
    hero = fighter("hero", strength=0, conditions=(Condition("grappling", source="foe"),))
    foe = fighter("foe", strength=1, conditions=(Condition("pinned", value=-2, source="hero"),))
    broke = melee(encounter(hero, foe), "foe", [], 1, 0, act="escape").result
    held = melee(encounter(hero, foe), "foe", [], 0, 0, act="escape").result
    assert digest(broke) == (Beat("foe", "escape", note="broke free"),)
    assert digest(held) == (Beat("foe", "escape", note="still pinned"),)


def test_a_volley_gives_a_beat_per_shot_and_a_warning_shot_names_its_target_striking_no_blow():
    minion = rk.fighter("foe", tier="minion", firearms=2)
    first = rk.shoot(rk.encounter(minion, rk.fighter("pc", agility=0)), "foe", ["pc"], 2)
    assert digest(first.result) == (Beat("foe", "shoot", "pc", note="warning shot", aid=True),)  # no blow at him
    second = rk.shoot(first.encounter, "foe", ["pc"], 1, 1)
    assert digest(second.result) == (Beat("foe", "shoot", "pc", hit=True, wound="Hurt", track="lethal"),)
    miss = rk.shoot(rk.encounter(rk.fighter("pc", firearms=1), rk.fighter("foe", agility=1)), "pc", ["foe"], 0, 0)
    assert digest(miss.result) == (Beat("pc", "shoot", "foe", hit=False),)


def test_a_stray_shot_into_a_melee_names_whom_it_struck():
    def engaged(cid, foe, agility=0):
        return rk.fighter(cid, agility=agility, conditions=engagement([foe]))

    enc = rk.encounter(rk.fighter("pc", firearms=1), engaged("foe", "pal", agility=1), engaged("pal", "foe"))
    out = rk.shoot(enc, "pc", ["foe"], 1, location="head")
    assert digest(out.result) == (Beat("pc", "shoot", "foe", hit=False),  # he missed the foe he shot at by one
                                  Beat("pc", "shoot", "pal", hit=True, wound="Scratch", track="lethal",
                                       note="stray shot", aimed=False))  # the rules chose Pal, not the shooter


def test_a_hit_that_armour_stops_is_a_hit_without_a_wound():
    enc = rk.encounter(rk.fighter("pc", firearms=0), rk.fighter("foe", tier="minion", armour="vest", agility=0))
    out = rk.shoot(enc, "pc", ["foe"], 0)  # 0 against Agility Fair: DR 2 + 0 - vest 2 = 0
    (beat,) = digest(out.result)
    assert (beat.hit, beat.wound, beat.note) == (True, None, "no wound")


def test_a_grenade_gives_a_beat_for_the_concussion_and_one_for_the_fragments():
    enc = rk.encounter(rk.fighter("pc", throwing_weapon=1), rk.fighter("foe", tier="protagonist"),
                       rk.fighter("far"))
    # throw 1 vs Fair; foe's free dodge 0 vs Superb (fails by 3); concussion 6 = Very Hurt, Willpower 1 vs Good;
    # fragments 2 + 6 = 8 = Incapacitated, Willpower 0 vs Great fails. "far" at 9 motras: no concussion, and
    # its dodge 0 meets the fragments' Fair.
    out = rk.run("grenade", enc, "pc", ["foe", "far"], 0, 0, 1, 0, 0, grenade="frag", distance="Foe=0, Far=9")
    assert digest(out.result) == (
        Beat("pc", "grenade", "foe", hit=True, wound="Very Hurt", track="lethal", note="concussion"),
        Beat("pc", "grenade", "foe", hit=True, wound="Incapacitated", track="lethal", out=True, note="fragments"),
        Beat("pc", "grenade", "far", hit=False),
    )


def test_a_grenade_at_nobody_gives_a_lone_beat():
    out = rk.run("grenade", rk.encounter(rk.fighter("pc", throwing_weapon=1)), "pc", [], 0, grenade="bang")
    assert digest(out.result) == (Beat("pc", "grenade", note="caught no one"),)


def test_dodge_reload_and_quick_draw_have_no_target():
    enc = rk.encounter(rk.fighter("pc", agility=1, speed=1), rk.fighter("foe", speed=0))
    assert digest(rk.run("dodge", enc, "pc", [], 1).result) == (Beat("pc", "dodge", note="Great"),)
    empty = rk.fighter("pc", conditions=[Condition("ammo:pistol", value=3)])
    assert digest(rk.run("reload", rk.encounter(empty), "pc", []).result) == (Beat("pc", "reload", note="pistol"),)
    won = rk.run("quick draw", enc, "pc", ["foe"], 0, 0).result
    lost = rk.run("quick draw", enc, "pc", ["foe"], -2, 0).result
    tied = rk.run("quick draw", enc, "pc", ["foe"], -1, 0).result
    assert [digest(r)[0].note for r in (won, lost, tied)] == ["drew first", "outdrawn", "drew together"]


def test_a_recovery_roll_and_an_element_start_give_beats():
    frozen = fighter("hero", willpower=0, conditions=(Condition("frozen", source="ambush", uses=1),))
    _, roll = recover(frozen, ScriptedDice(f4(1)))
    assert digest(roll) == (Beat("hero", "recover", note="recovered"),)
    system = FarscapeSystem(rk.TABLES)
    _, start = system.start_round(encounter(frozen), ScriptedDice(f4(-1)))
    assert system.digest(start) == (Beat("hero", "recover", note="still frozen"),)


def test_an_unknown_result_gives_no_beats():
    assert digest(object()) == ()
    assert digest("a string") == ()


def test_status_names_the_states_from_conditions_most_serious_first():
    conditions = (Condition("dodge", value=1, elements=1), Condition("prone", -1, 2), Condition("frozen"),
                  Condition("stun", -1, 2), Condition("pinned", -2, source="x"), Condition("acted", elements=1))
    hero = fighter("hero", conditions=conditions)
    assert status(hero) == ("frozen", "stunned", "pinned", "prone", "dodging")
    assert FarscapeSystem(rk.TABLES).status(hero) == status(hero)
    assert status(fighter("calm")) == ()


def test_status_reads_the_wound_tracks():
    hero = fighter("hero")
    incapacitated = replace(hero, health=replace(hero.health, lethal=Track("lethal", (0, 0, 0, 1, 0))))
    near_death = replace(hero, health=replace(hero.health, lethal=Track("lethal", (0, 0, 0, 0, 1))))
    knocked = replace(hero, health=replace(hero.health, stun=Track("stun", (0, 0, 0, 1))))
    assert status(incapacitated) == ("incapacitated",)
    assert status(near_death) == ("near death", "unconscious")
    assert status(knocked) == ("unconscious",)
    assert status(replace(hero, conditions=(Condition("unconscious"),))) == ("unconscious",)
    assert set(STATUS_KEYS) >= set(status(near_death))
    dodge = Condition("dodge", value=1)
    assert status(replace(hero, conditions=(dodge,))) == ("dodging",)
    assert status(replace(knocked, conditions=(dodge,))) == ("unconscious",), "a dodge means nothing once down"


def test_a_dodge_lowered_by_acting_shows_in_the_summary_after_the_action():
    # [seed] "it can be done while dodging but not without getting a -1 penalty": the summary's dodge (Good) was
    # lowered, and a later beat says so, for a reload and for a shot with the −1 on the dodge.
    enc = rk.encounter(rk.fighter("pc", agility=1, firearms=1, conditions=[Condition("ammo:pistol", value=3)]),
                       rk.fighter("foe", agility=0))
    dodged = rk.run("dodge", enc, "pc", [], 0)
    assert digest(dodged.result) == (Beat("pc", "dodge", note="Good"),)
    reloaded = rk.run("reload", dodged.encounter, "pc", [])
    assert digest(reloaded.result) == (Beat("pc", "reload", note="pistol"), Beat("pc", "dodge", note="drops to Fair"))
    shot = rk.shoot(dodged.encounter, "pc", ["foe"], 0, 0, dodging="dodge")
    assert digest(shot.result)[-1] == Beat("pc", "dodge", note="one level lower for acting")
    plain = rk.shoot(dodged.encounter, "pc", ["foe"], 0, 0)  # the −1 on the shot: the dodge stands
    assert all(b.move != "dodge" for b in digest(plain.result))
