"""Farscape ranged results rendered as text: volleys, warning shots, stray shots, grenades, dodges, reloads."""

from render_kit import NAMES, SYSTEM, act, encounter, f4, person

from bot.render.guide import guide_lines
from bot.services.replies import Reply
from bot.systems.farscape.render import render_result
from combat import engine
from combat.dice import ScriptedDice
from combat.model import Condition
from combat.summary import care
from combat.system import Intent
from combat.systems.farscape.engagement import engagement


def render(outcome):
    return render_result(outcome.result, NAMES)


def gunner(**traits):
    return person("dargo", weapons=("pistol",), firearms=1, **traits)


def test_a_single_shot_against_a_free_dodge():
    enc = encounter(gunner(), person("trooper", tier="protagonist", agility=1))
    assert render(act(enc, "dargo", "shoot", ["trooper"], 2, 0)) == [
        "D'Argo fires pistol at Trooper 1",
        "Fire: single shot; rounds 1 from pistol",
        "Range DL Fair (0)",
        "Shot at Trooper 1: Firearms Good (+1), dice [+ + ▢ ▢] +2 → Superb (+3)",
        "Trooper 1 dodges (a free roll): Agility Good (+1), dice [▢ ▢ ▢ ▢] +0 → Good (+1)",
        "Trooper 1's dodge Good (+1)",
        "The shot must also reach the range DL Fair (0)",
        "Hit (margin +2)",
        "Damage: DR 2 + success 2 = 4",
        "Trooper 1 takes 4 lethal: Hurt (box 1)",
        "Trooper 1's lethal track: Healthy → Hurt",
        "Ammunition left in pistol: 11",
    ]


def test_semi_automatic_shots_name_the_recoil_and_go_round_the_targets():
    enc = encounter(gunner(), person("trooper", tier="minion", agility=1), person("rygel", agility=-1))
    lines = render(act(enc, "dargo", "shoot", ["trooper", "rygel"], 1, 0, 0, 0, mode="semi", shots=3,
                       range="medium", location="arm"))
    assert lines[:3] == [
        "D'Argo fires pistol at Trooper 1 and Rygel",
        "Fire: semi-automatic, 3 shots; rounds 3 from pistol",
        "Range DL Good (+1); aimed at the arm",
    ]
    assert "Shot 1 at Trooper 1: Firearms Good (+1), dice [+ ▢ ▢ ▢] +1, modifiers -1 → Good (+1)" in lines
    assert "Attack modifiers: arm -1" in lines
    minion = ("Trooper 1 never dodges: unopposed against Good (+1) (Agility less wounds); the shot must also reach "
              "the range DL Good (+1)")
    assert minion in lines
    assert "Hit (margin +0)" in lines
    assert "Shot 2 at Rygel: Firearms Good (+1), dice [▢ ▢ ▢ ▢] +0, modifiers -2 → Mediocre (-1)" in lines
    assert lines.count("Attack modifiers: arm -1, recoil -1") == 2
    assert "Miss: the dodge holds (margin +0)" in lines
    assert "Miss (margin -2)" in lines
    assert lines[-1] == "Ammunition left in pistol: 9"


def test_beating_the_dodge_but_not_the_range_is_a_miss():
    enc = encounter(gunner(), person("trooper", agility=-2))
    lines = render(act(enc, "dargo", "shoot", ["trooper"], 0, 0, range="long"))
    assert "The shot must also reach the range DL Great (+2)" in lines
    assert "Miss: the shot falls short of the range DL (margin +3 against the dodge)" in lines


def test_meeting_a_minions_agility_but_not_the_range_is_a_miss():
    enc = encounter(gunner(), person("trooper", tier="minion", agility=-2))
    lines = render(act(enc, "dargo", "shoot", ["trooper"], 0, range="long"))
    assert "Trooper 1 never dodges: unopposed against Poor (-2) (Agility less wounds); the shot must also reach the " \
           "range DL Great (+2)" in lines
    assert "Miss: the shot falls short of the range DL (margin +3 against Agility)" in lines


def test_an_unaware_target_and_a_warning_shot():
    enc = encounter(gunner(), person("trooper"))
    assert "Trooper 1 cannot defend: unopposed against the range DL Fair (0)" in render(
        act(enc, "dargo", "shoot", ["trooper"], 0, aware="no"))
    minion = person("trooper", tier="minion", weapons=("pistol",), firearms=2)
    lines = render(act(encounter(minion, person("dargo")), "trooper", "shoot", ["dargo"], 2))
    assert "Trooper 1's first shot of the fight is a warning: it draws attention, harms no one" in lines
    assert "Warning shot: against the range DL Fair (0) only; it harms no one" in lines
    assert "Warning given (margin +4)" in lines
    assert not any(line.startswith("Damage") for line in lines)


def test_a_miss_by_one_into_a_melee_strikes_the_partner():
    def engaged(cid, foe, **traits):
        return person(cid, conditions=engagement([foe]), **traits)

    enc = encounter(gunner(), engaged("trooper", "pal", agility=1), engaged("pal", "trooper"))
    lines = render(act(enc, "dargo", "shoot", ["trooper"], 1, location="head"))
    assert "Trooper 1 is in a melee: unopposed, DL Good (+1) (range Fair (0) raised by Trooper 1's Agility)" in lines
    assert "Miss (margin -1)" in lines
    assert "Missed by one: the shot strikes Pal instead (success 0, torso)" in lines
    assert "Pal takes 2 lethal: Scratch (box 1)" in lines


def test_a_stray_shot_striking_the_shooters_own_side_is_no_slip_to_undo():
    # Pal is on Dargo's side: the rules, not Dargo, sent the shot his way, so the guide suggests no undo. A shot
    # aimed at him would be pointed out.
    def engaged(cid, foe, **traits):
        return person(cid, conditions=engagement([foe]), **traits)

    enc = encounter(gunner(), engaged("trooper", "pal", agility=1), engaged("pal", "trooper"))
    stray = act(enc, "dargo", "shoot", ["trooper"], 1, location="head")
    reply = Reply("shoot", SYSTEM, stray.encounter, stray.result, beats=SYSTEM.digest(stray.result))
    assert [b.target for b in reply.beats] == ["trooper", "pal"] and guide_lines(reply) == []  # missed, then struck
    aimed = act(enc, "dargo", "shoot", ["pal"], -4)  # a clear miss: aimed at his own side all the same
    reply = Reply("shoot", SYSTEM, aimed.encounter, aimed.result, beats=SYSTEM.digest(aimed.result))
    assert any("on their own side" in line for line in guide_lines(reply))
    # Tending one of his own side is no slip either.
    tended = Reply("encounter gm", SYSTEM, enc, None, beats=(care("dargo", "pal", "first aid"),))
    assert guide_lines(tended) == []


def test_a_grenade_shows_the_scatter_the_concussion_and_the_fragments():
    enc = encounter(person("dargo", throwing_weapon=1), person("trooper", armour="vest"),
                    person("rygel", tier="minion"))
    lines = render(act(enc, "dargo", "grenade", ["trooper", "rygel"], -2, extra=[3, *f4(0)], grenade="frag",
                       range="medium", distance="Trooper 1=1, Rygel=5", prone="Trooper 1"))
    assert lines == [
        "D'Argo throws a frag grenade",
        "Throw: Throwing Weapon Good (+1), dice [− − ▢ ▢] -2 → Mediocre (-1) against Good (+1): fails by 2",
        "It scatters 4 motras east (d8: 3)",
        "Trooper 1, 5 motras from the blast:",
        "Trooper 1 dodges (a free roll): Agility Fair (0), dice [▢ ▢ ▢ ▢] +0 → Fair (0)",
        "Trooper 1's dodge Fair (0)",
        "Concussion damage: DR 6 - distance 5 - armour 2 (medium 2, explosive +0) = -1",
        "No wound from the concussion against Trooper 1",
        "Fragments: against Great (+2), +1 lying prone, margin -1: fails by 1",
        "Fragments damage: DR 2 + failed roll 2 - armour 2 (medium 2, projectile +0) = 2",
        "Trooper 1 takes 2 lethal: Scratch (box 1)",
        "Trooper 1's lethal track: Healthy → Scratch",
        "Rygel, 9 motras from the blast:",
        "Concussion damage: DR 6 - distance 9 = -3",
        "No wound from the concussion against Rygel",
        "Rygel never dodges: his Agility stands for the roll, without dice",
        "Fragments: against Fair (0), margin +0: avoids the fragments",
    ]


def test_a_grenade_on_target():
    lines = render(act(encounter(person("dargo", throwing_weapon=1)), "dargo", "grenade", [], 0, grenade="bang"))
    assert lines[2:] == ["It lands where it was aimed", "Nobody is caught in the blast"]


def test_a_dodge_then_a_reload_that_lowers_it():
    enc = encounter(gunner(agility=1, conditions=[Condition("ammo:pistol", value=3)]))
    dodged = act(enc, "dargo", "dodge", [], 1)
    lines = render(dodged)
    assert lines[0] == "D'Argo dodges: Agility Good (+1), dice [+ ▢ ▢ ▢] +1 → Great (+2)"
    assert lines[1].startswith("D'Argo's dodge this element: Great (+2) against every ranged attack")
    assert render(act(dodged.encounter, "dargo", "reload")) == [
        "D'Argo reloads pistol: 12 rounds; it takes the element",
        "D'Argo's dodge this element drops to Good (+1)",
    ]


def test_a_quick_draw_names_the_talent_and_the_winner():
    enc = encounter(person("dargo", speed=1, talents=("quick draw",)), person("trooper", speed=2))
    lines = render(act(enc, "dargo", "quick draw", ["trooper"], 0, 1))
    assert lines == [
        "Quick draw: D'Argo against Trooper 1",
        "D'Argo rolls Speed Good (+1), dice [▢ ▢ ▢ ▢] +0, modifiers +2 → Superb (+3)",
        "D'Argo modifiers: quick draw +2",
        "Trooper 1 rolls Speed Great (+2), dice [+ ▢ ▢ ▢] +1 → Superb (+3)",
        "A tie: both draw at the same moment",
    ]
    assert render(act(enc, "dargo", "quick draw", ["trooper"], 1, 1))[-1] == "D'Argo draws first (margin 1)"


def test_a_blast_shows_the_dodge_before_the_concussions_willpower_roll_as_the_dice_are_drawn():
    # Dice: the throw (0), the free dodge (0), the Willpower roll for the concussion's Very Hurt (+1), the one for
    # the fragments' Incapacitated (+2). Trooper 1 stands 1 motra from the frag grenade: 6 - 1 = 5, Very Hurt;
    # fragments against Superb, Fair fails by 3: 2 + 6 = 8, Incapacitated.
    enc = encounter(person("dargo", throwing_weapon=1), person("trooper"))
    lines = render(act(enc, "dargo", "grenade", ["trooper"], 0, 0, 1, 2, grenade="frag", distance="1"))
    dodge = lines.index("Trooper 1 dodges (a free roll): Agility Fair (0), dice [▢ ▢ ▢ ▢] +0 → Fair (0)")
    concussion = lines.index("Concussion damage: DR 6 - distance 1 = 5")
    first_will = next(i for i, line in enumerate(lines) if "stay conscious" in line)
    assert dodge < concussion < first_will
    assert sum("dodges" in line for line in lines) == 1


def test_the_fight_is_not_over_while_a_felled_partner_of_the_same_moment_still_acts():
    # D'Argo and the trooper (a minion, warned already) share Speed Fair: they act together. D'Argo's shot takes the
    # trooper out, but "at the same moment" the trooper still fires (seed): the guide waits for that shot before
    # saying the fight is over.
    trooper = person("trooper", tier="minion", weapons=("pistol",), firearms=1, conditions=[Condition("warned")])
    fight = engine.begin(SYSTEM, encounter(gunner(), trooper), ScriptedDice([])).encounter
    assert fight.turns.current.waiting == ("dargo", "trooper")
    shot = engine.act(SYSTEM, fight, Intent("dargo", "shoot", ("trooper",), {"range": "point blank"}),
                      ScriptedDice(f4(4)))
    felled = shot.encounter
    assert SYSTEM.out_of_fight(felled.get("trooper")) and felled.turns.current.waiting == ("trooper",)
    reply = Reply("shoot", SYSTEM, felled, shot.result, change=shot.change, beats=SYSTEM.digest(shot.result))
    assert not any("fight is over" in line for line in guide_lines(reply))
    # His own shot ([- - - -], a miss) comes, and with it the fight is over.
    last = engine.act(SYSTEM, felled, Intent("trooper", "shoot", ("dargo",), {"range": "point blank"}),
                      ScriptedDice(f4(-4) + f4(0)))
    reply = Reply("shoot", SYSTEM, last.encounter, last.result, change=last.change, beats=SYSTEM.digest(last.result))
    assert any("fight is over" in line for line in guide_lines(reply))


def test_the_fight_is_over_when_the_gm_passes_a_felled_partner_of_the_same_moment():
    # As above, but the GM passes the felled trooper's turn instead of letting him shoot: that pass ends the fight.
    trooper = person("trooper", tier="minion", weapons=("pistol",), firearms=1, conditions=[Condition("warned")])
    fight = engine.begin(SYSTEM, encounter(gunner(), trooper), ScriptedDice([])).encounter
    shot = engine.act(SYSTEM, fight, Intent("dargo", "shoot", ("trooper",), {"range": "point blank"}),
                      ScriptedDice(f4(4)))
    passed = engine.next_turn(SYSTEM, shot.encounter, ScriptedDice(f4(0) * 4))
    assert passed.change.passed == ("trooper",)
    reply = Reply("encounter next", SYSTEM, passed.encounter, None, change=passed.change)
    assert any("fight is over" in line for line in guide_lines(reply))
    # Tending him afterwards (a GM's tool: his own failed waking) is nobody's action: it says nothing again.
    tended = Reply("encounter gm", SYSTEM, passed.encounter, None,
                   beats=(care(None, "trooper", "tries to wake", "stays out"),))
    assert not any("fight is over" in line for line in guide_lines(tended))
    # A pass that leaves the fight undecided says nothing of the kind.
    early = engine.next_turn(SYSTEM, fight, ScriptedDice(f4(0) * 4))
    assert early.change.passed == ("dargo", "trooper")
    reply = Reply("encounter next", SYSTEM, early.encounter, None, change=early.change)
    assert not any("fight is over" in line for line in guide_lines(reply))
