"""The d6 pool renderer: every face, the successes, HTK as boxes, and words for what players may not see."""

from dataclasses import replace

from bot.systems.d6pool.render import D6PoolRenderer, render_result
from bot.systems.d6pool.rolls import htk_bar, pool_text
from combat.intent import Intent
from combat.model import Combatant
from combat.sheet import Sheet
from combat.systems.d6pool.model import Htk, InitRoll
from combat.systems.d6pool.pool import Pool
from combat.systems.d6pool.results import (
    Attack,
    AttackRoll,
    Contest,
    Moved,
    Recovered,
    Recovery,
    RoundBegins,
    Save,
    Spent,
)

NAMES = {"mega": "Megaman", "bad": "Badguy", "truck": "@truck"}
RENDERER = D6PoolRenderer()


def person(htk: Htk, tier: str = "character") -> Combatant:
    return Combatant("bad", "Badguy", "foes", Sheet(tier=tier), htk)


def test_pools_show_every_face_and_named_modifiers() -> None:
    assert pool_text(Pool((4, 5, 2), 3), ("swords", 3)) == "3d6 [4, 5, 2] +3 swords = 14"
    assert pool_text(Pool((), 0)) == "no dice = 0"
    assert pool_text(Pool((6,), -1), ("", 0), ("GM", -1)) == "1d6 [6] -1 GM = 5"


def test_htk_as_boxes_and_as_words() -> None:
    assert htk_bar(Htk(7, 2)) == "HTK 5/7 ■■■■■□□"
    assert htk_bar(Htk(3, 5)) == "HTK -2/3 □□□, dead at -3"
    assert RENDERER.health(person(Htk(7)), detailed=True) == ["HTK 7/7 ■■■■■■■"]
    words = [RENDERER.health(person(Htk(8, lost)), detailed=False)[0] for lost in (0, 3, 4, 8, 16)]
    assert words == ["Unhurt", "Hurt", "Badly hurt", "Down", "Dead"]
    assert RENDERER.health(person(Htk(8, 16), "object"), detailed=False) == ["Destroyed"]


def test_an_attack_on_an_object_and_a_helpless_target() -> None:
    roll = AttackRoll("mega", "truck", "power blast", "Power Blast", "ranged", Pool((5, 5, 5, 5), 3), "powers", 3,
                      0, Pool((1, 1), 0), "object", None, None, True, 4, 6, Pool((6, 6, 6, 6)),
                      Pool((4, 1, 1, 1, 1, 1)))
    spent = Spent("mega", "truck", "damage", 3, 3, None, False, htk=9, htk_total=12)
    assert render_result(Attack(roll, spent), NAMES) == [
        "Megaman attacks @\u200btruck with Power Blast (ranged): Agility 4d6 [5, 5, 5, 5] +3 powers = 23 vs "
        "defence 2d6 [1, 1] = 2",
        "Hit",
        "Damage: PF 4 4d6 [6, 6, 6, 6]: 4 successes vs protection 6 6d6 [4, 1, 1, 1, 1, 1]: 1 success → 3 successes",
        "@\u200btruck loses 3 HTK",
        "@\u200btruck: HTK 9/12",
    ]
    helpless = replace(roll, target="bad", defence=Pool(()), defence_kind="helpless", hit=False,
                       attack=Pool((1, 1, 1, 1), -4), skill_mod=0, gm_mod=-4)
    assert render_result(Attack(helpless), NAMES) == [
        "Megaman attacks Badguy with Power Blast (ranged): Agility 4d6 [1, 1, 1, 1] -4 GM = 0 vs no defence "
        "(helpless) = 0",
        "Miss (a tie goes to the defender)",
    ]


def test_effects_contests_and_saves() -> None:
    contest = Contest(Pool((3, 3, 3)), Pool((3, 3, 3)))
    spent = Spent("mega", "bad", "hold", 0, 0, "hold", False, contest=contest, htk=7, htk_total=7)
    assert render_result(spent, NAMES) == [
        "Strength contest: Megaman 3d6 [3, 3, 3] = 9 vs Badguy 3d6 [3, 3, 3] = 9",
        "Badguy resists the hold",
        "Badguy: HTK 7/7",
    ]
    save = Save(Pool((1, 1, 1)), Pool((6, 1, 1, 1)), 4)
    out = Spent("mega", "bad", "knockout", 3, 2, "knockout", True, save=save, htk=5, htk_total=7)
    assert render_result(out, NAMES)[1] == ("Knock-out save: Badguy's Stamina 3d6 [1, 1, 1]: 0 successes vs PF 3 + 1 "
                                            "4d6 [6, 1, 1, 1]: 1 success → knocked out")
    escape = Moved("bad", "escape", contest=Contest(Pool((4,)), Pool((5,))), other="mega")
    assert render_result(escape, NAMES) == ["Strength contest: Badguy 1d6 [4] = 4 vs Megaman 1d6 [5] = 5",
                                            "Badguy is still held"]


def test_a_round_begins_with_stuns_ending_waking_and_initiative() -> None:
    begins = RoundBegins(2, (), (("bad", "stunned"), ("bad", "full defence")), (Recovery("mega", None, True),),
                         (InitRoll("bad", "agility", 4, 6, "knives", 2),), ("mega",))
    assert render_result(begins, NAMES) == [
        "Badguy is no longer stunned",
        "Megaman wakes up: the Power Factor has fallen to 0",
        "Megaman is stunned: no actions this round",
        "Badguy's Initiative: Agility 4 + d6 [6] +2 knives = 12 → acts at 12, 6, 0",
    ]


def test_healing_and_what_is_coming() -> None:
    assert render_result(Recovered("bad", 2, True, True, 5, 6, 7), NAMES) == [
        "Badguy recovers 5 HTK in 2 day(s) (resting, treated): HTK 6/7"]
    assert RENDERER.intent(Intent("mega", "attack", ("bad",)), "Badguy", NAMES) == "Megaman attacks Badguy"
    assert render_result(object(), NAMES) == []


def test_the_damage_line_shows_the_strength_in_the_pf_and_the_armour_worn() -> None:
    roll = AttackRoll("bad", "mega", "knife", "Knife", "melee", Pool((6, 6, 5, 4), 2), "knives", 2, 0,
                      Pool((1, 2, 2), 3), "agility", "swords", None, True, 3, 1, Pool((6, 6, 4)), Pool((2,)),
                      strength_pf=1, armour="Leather armour")
    assert render_result(roll, NAMES)[2] == (
        "Damage: PF 3 (Knife 2 +1 Strength) 3d6 [6, 6, 4]: 3 successes vs protection 1 (Leather armour) 1d6 [2]: "
        "0 successes → 3 successes")
    bare = replace(roll, strength_pf=0, pf=2, damage=Pool((6, 6)), protection=0, soak=Pool(()), armour=None)
    assert render_result(bare, NAMES)[2] == (
        "Damage: PF 2 2d6 [6, 6]: 2 successes vs protection 0 (none worn) no dice: 0 successes → 2 successes")
