"""Farscape melee scenarios worked out by hand from the seed text, every die scripted, then played on the local table.

Exchanges, several opponents, stun against lethal, and healing in a fight. Each scenario's arithmetic was done from
the seed's words before the script was run; the comments carry it. Where the seed is silent, the comment names the
rules page's decision ([ours]) the expected line relies on. Ranged fire, minions and surprise:
test_console_farscape_blind_ranged.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from console_kit import played

pytestmark = pytest.mark.slow  # fray console in a subprocess


# -- Melee: both sides roll, both can hit, blows land in Initiative order ---------------------------------------------

# [seed] "The result of each character's roll is applied to both their offence and defence values ... a +1 bonus to
# one is balanced by a -1 penalty to the other, up to a maximum of +2/-2. Any combatant whose final offensive value
# beats the final defensive value of their opponent scores a hit". "Using a larger weapon against an opponent with a
# smaller weapon gives the fighter a penalty to Initiative equal to the number of steps between the Sizes".
# D'Argo (ally): Strength Great (+2), Speed Good (+1), Melee Weapon Great (+2), sword (DR 3, size Mediocre), stance
# +2. Guard (henchman): Speed Fair (0), Melee Weapon Good (+1), knife (DR 1, size Good).
# D'Argo [0 0 0 0]: Great (+2): offence +4, defence 0. Guard [0 0 0 0]: Good (+1) both ways.
# D'Argo's +4 beats +1 by 3; the Guard's +1 beats 0 by 1: both hit.
# Initiative: sword against knife is two size steps: D'Argo 1 - 2 = -1 < Guard 0, so the Guard's blow lands first:
# knife DR 1 + Strength 0 + 1 = 2: Scratch. Then D'Argo's: sword 3 + Strength 2 + 3 = 8: Incapacitated (henchman
# track 7-8), and a Great Willpower roll: Fair (0) + [+ 0 0 0] = Good (+1) < Great: unconscious.
BOTH_HIT = [
    '@gm /encounter start system:farscape name:"Both hit"',
    '@gm /encounter add name:"D\'Argo" owner:@dave side:crew tier:ally '
    'stats:"Strength=Great, Speed=Good, Melee Weapon=Great, Willpower=Good" weapon:sword',
    "@gm /encounter add name:Guard side:foes tier:henchman "
    'stats:"Speed=Fair, Melee Weapon=Good, Willpower=Fair" weapon:knife',
    "@gm /encounter begin",
    "!dice 0 0 0 0 0 0 0 0 + 0 0 0",
    "@dave /attack target:Guard stance:+2",
]


def test_both_fighters_hit_and_the_shorter_weapon_lands_first(tmp_path: Path) -> None:
    out = played(tmp_path, "both_hit", BOTH_HIT)
    lines = out.splitlines()
    assert "D'Argo → Guard: offence Superb+1 (+4) against Melee Weapon defence Good (+1), margin +3: hits" in lines
    assert "Guard → D'Argo: offence Good (+1) against Melee Weapon defence Fair (0), margin +1: hits" in lines
    guard_lands = lines.index("Guard's strike lands on D'Argo (torso, Initiative 0)")
    dargo_lands = lines.index("D'Argo's strike lands on Guard (torso, Initiative -1)")
    assert guard_lands < dargo_lands
    assert lines[guard_lands + 1] == "Damage: DR 1 + success 1 = 2 (lethal)"
    assert "D'Argo takes 2 lethal: Scratch (box 1)" in lines
    assert lines[dargo_lands + 1] == "Damage: DR 3 + Strength 2 + success 3 = 8 (lethal)"
    assert "Guard takes 8 lethal: Incapacitated (box 1)" in lines
    assert (
        "Guard rolls to stay conscious: Willpower Fair (0), dice [+ ▢ ▢ ▢] +1 → Good (+1) against Great (+2): "
        "fails by 1" in lines
    )


# [seed] "the actual attacks (or other actions) are resolved in order of Initiative, which means that if the character
# with the highest Initiative successfully incapacitates their opponent the other does not, in fact, get to act
# before going down, unless they achieved a critical roll." Critical = all four dice + ([ours], the seed gives none).
# D'Argo (ally): Speed Great (+2), Strength Great, Melee Weapon Great, sword, stance +2. Guard (henchman): Speed Fair,
# Melee Weapon Good, sword too (no size step): D'Argo acts first.
# (1) D'Argo [+ 0 0 0]: Superb (+3): offence +5, defence +1. Guard [+ + 0 0]: Superb (+3). 5 beats 3 by 2:
#     3 + 2 + 2 = 7: Incapacitated; Willpower Fair + [0 0 0 0] < Great: unconscious. The Guard's 3 beat D'Argo's
#     defence 1, but he went down first: no blow.
# (2) D'Argo [+ + + 0]: +5: offence +7, defence +3. Guard [+ + + +] (critical): +5. 7 beats 5 by 2: 7,
#     Incapacitated, Willpower [0 0 0 0] fails; the Guard strikes anyway: 5 beats 3 by 2: sword 3 + 0 + 2 = 5: Very
#     Hurt on D'Argo (ally 5-6), Good Willpower: Good (+1) + [0 0 0 0] = Good: he stays up.
def _initiative_duel(dice: str) -> list[str]:
    return [
        '@gm /encounter start system:farscape name:"First blow"',
        '@gm /encounter add name:"D\'Argo" owner:@dave side:crew tier:ally '
        'stats:"Strength=Great, Speed=Great, Melee Weapon=Great, Willpower=Good" weapon:sword',
        "@gm /encounter add name:Guard side:foes tier:henchman "
        'stats:"Speed=Fair, Melee Weapon=Good, Willpower=Fair" weapon:sword',
        "@gm /encounter begin",
        f"!dice {dice}",
        "@dave /attack target:Guard stance:+2",
    ]


def test_the_faster_fighter_fells_his_foe_before_the_blow_back_unless_it_was_a_critical(tmp_path: Path) -> None:
    plain = played(tmp_path, "first_blow", _initiative_duel("+ 0 0 0 + + 0 0 0 0 0 0")).splitlines()
    assert "Guard → D'Argo: offence Superb (+3) against Melee Weapon defence Good (+1), margin +2: hits" in plain
    assert "Damage: DR 3 + Strength 2 + success 2 = 7 (lethal)" in plain
    assert "Guard takes 7 lethal: Incapacitated (box 1)" in plain
    assert "Guard's strike on D'Argo never lands: Guard was taken out first" in plain
    assert not any(line.startswith("D'Argo takes") for line in plain)

    crit = played(tmp_path, "critical", _initiative_duel("+ + + 0 + + + + 0 0 0 0 0 0 0 0")).splitlines()
    assert "Guard rolls Melee Weapon Good (+1), dice [+ + + +] +4 → Superb+2 (+5) (critical)" in crit
    assert "Guard takes 7 lethal: Incapacitated (box 1)" in crit
    assert "Guard was taken out but strikes anyway (critical roll)" in crit
    assert "Damage: DR 3 + success 2 = 5 (lethal)" in crit
    assert "D'Argo takes 5 lethal: Very Hurt (box 1)" in crit
    assert (
        "D'Argo rolls to stay conscious: Willpower Good (+1), dice [▢ ▢ ▢ ▢] +0 → Good (+1) against Good (+1): "
        "succeeds" in crit
    )


# -- Several opponents against one fighter ----------------------------------------------------------------------------


# [seed] "The lone fighter gets a -1 offensive and defensive penalty for each additional opponent after the first.
# Each opponent who beats his defences will score a hit, but he has to beat or match all of them offensively in order
# to land a blow or whatever. If he beats all of them, he may hit the opponent of his choice; if he ties his best
# opponent, he can only harm another whose result is at least two levels below his."
# Crichton (protagonist): Melee Weapon Great (+2), sword, against Ace (Melee Weapon Good) and Bo, in one attack.
# (1) Bo Melee Weapon Poor (-2). Crichton [0 0 0 0]: +2 - 1 = +1 both ways. Ace [0 0 0 0]: +1. Bo [- 0 0 0]: -3.
#     He ties Ace (no hit on Ace); Bo's -3 is four levels below his +1: he can harm Bo, success 1 - (-3) = 4:
#     sword 3 + 4 = 7: Incapacitated (henchman); Bo's Great Willpower: Fair + [0 0 0 0]: unconscious. Ace's +1 does
#     not beat his +1, Bo's -3 neither: nobody hits him.
# (2) Bo Melee Weapon Fair (0), everyone rolls [0 0 0 0]: Crichton +1, Ace +1, Bo 0. He ties Ace; Bo is only one
#     level below: nobody can be harmed. No blow lands at all.
def _two_foes(bo_skill: str, dice: str) -> list[str]:
    return [
        '@gm /encounter start system:farscape name:"Two foes"',
        '@gm /encounter add name:Crichton owner:@bob side:crew tier:protagonist stats:"Speed=Good, Melee Weapon=Great" '
        "weapon:sword",
        '@gm /encounter add name:Ace side:foes tier:henchman stats:"Speed=Fair, Melee Weapon=Good" weapon:sword',
        f'@gm /encounter add name:Bo side:foes tier:henchman stats:"Speed=Fair, Melee Weapon={bo_skill}, '
        'Willpower=Fair" weapon:sword',
        "@gm /encounter begin",
        f"!dice {dice}",
        '@bob /attack target:"Ace, Bo"',
    ]


def test_tying_the_best_foe_harms_only_a_foe_two_levels_below(tmp_path: Path) -> None:
    far = played(tmp_path, "tie_far", _two_foes("Poor", "0 0 0 0 0 0 0 0 - 0 0 0 0 0 0 0")).splitlines()
    assert "Crichton offence modifiers: outnumbered -1" in far
    assert "Crichton defence modifiers: outnumbered -1" in far
    assert "Crichton → Ace: offence Good (+1) against Melee Weapon defence Good (+1), margin +0: misses" in far
    assert "Crichton → Bo: offence Good (+1) against Melee Weapon defence Terrible (-3), margin +4: hits" in far
    assert "Ace → Crichton: offence Good (+1) against Melee Weapon defence Good (+1), margin +0: misses" in far
    assert "Damage: DR 3 + success 4 = 7 (lethal)" in far
    assert "Bo takes 7 lethal: Incapacitated (box 1)" in far
    assert not any(line.startswith("Crichton takes") or line.startswith("Ace takes") for line in far)

    near = played(tmp_path, "tie_near", _two_foes("Fair", "0 0 0 0 0 0 0 0 0 0 0 0")).splitlines()
    assert (
        "Crichton → Bo: offence Good (+1) against Melee Weapon defence Fair (0), margin +1: lands nothing: he only "
        "tied his best foe, and this one is not two levels below him" in near
    )
    assert "No blow lands" in near


# [seed] as above, and "The fighter can hit more than one of them; extending the attack gives a -1 penalty to the
# offensive value against each extra foe."
# (1) Beaten by one foe, he lands nothing. Crichton (Melee Weapon Great, sword) attacks Bo (Poor, sword) and Ace
#     (Good, knife). Crichton [- 0 0 0]: +2 - 1 - 1 = 0 both ways. Bo [0 0 0 0]: -2. Ace [+ 0 0 0]: +2.
#     He beats Bo by 2 but does not beat or match Ace: no blow. Ace's +2 beats his 0 by 2: knife 1 + 2 = 3: Hurt
#     (protagonist 3-4). Bo's -2 misses.
# (2) Beating both, he extends. Crichton (knife) [+ + 0 0]: +2 + 2 - 1 = +3. Ace (knife) [0 0 0 0]: +1. Bo (Poor,
#     knife) [0 0 0 0]: -2. Ace, his choice: 3 - 1 = 2: knife 1 + 2 = 3: Hurt (henchman 3-4). Extended to Bo at -1:
#     offence +2 against -2: 4: 1 + 4 = 5: Very Hurt, Good Willpower: Fair + [+ 0 0 0] = Good: stays up. Neither foe
#     beats his defence +3.
BEATEN_BY_ONE = [
    '@gm /encounter start system:farscape name:"Held off"',
    '@gm /encounter add name:Crichton owner:@bob side:crew tier:protagonist stats:"Speed=Good, Melee Weapon=Great" '
    "weapon:sword",
    '@gm /encounter add name:Ace side:foes tier:henchman stats:"Speed=Fair, Melee Weapon=Good" weapon:knife',
    '@gm /encounter add name:Bo side:foes tier:henchman stats:"Speed=Fair, Melee Weapon=Poor" weapon:sword',
    "@gm /encounter begin",
    "!dice - 0 0 0 0 0 0 0 + 0 0 0",
    '@bob /attack target:"Bo, Ace"',
]

EXTENDED = [
    '@gm /encounter start system:farscape name:"Extended"',
    '@gm /encounter add name:Crichton owner:@bob side:crew tier:protagonist stats:"Speed=Good, Melee Weapon=Great" '
    "weapon:knife",
    '@gm /encounter add name:Ace side:foes tier:henchman stats:"Speed=Fair, Melee Weapon=Good" weapon:knife',
    '@gm /encounter add name:Bo side:foes tier:henchman stats:"Speed=Fair, Melee Weapon=Poor, Willpower=Fair" '
    "weapon:knife",
    "@gm /encounter begin",
    "!dice + + 0 0 0 0 0 0 0 0 0 0 + 0 0 0",
    '@bob /attack target:"Ace, Bo" extend:yes',
]


def test_the_lone_fighter_must_beat_or_match_every_foe_and_may_extend_at_minus_one(tmp_path: Path) -> None:
    held = played(tmp_path, "held_off", BEATEN_BY_ONE).splitlines()
    assert (
        "Crichton → Bo: offence Fair (0) against Melee Weapon defence Poor (-2), margin +2: lands nothing: another "
        "foe's defence held him off" in held
    )
    assert "Crichton → Ace: offence Fair (0) against Melee Weapon defence Great (+2), margin -2: misses" in held
    assert "Ace → Crichton: offence Great (+2) against Melee Weapon defence Fair (0), margin +2: hits" in held
    assert "Damage: DR 1 + success 2 = 3 (lethal)" in held
    assert "Crichton takes 3 lethal: Hurt (box 1)" in held
    assert not any(line.startswith("Bo takes") for line in held)

    ext = played(tmp_path, "extended", EXTENDED).splitlines()
    assert "Crichton → Ace: offence Superb (+3) against Melee Weapon defence Good (+1), margin +2: hits" in ext
    assert (
        "Crichton → Bo: offence Great (+2) against Melee Weapon defence Poor (-2) (offence extra foe -1), margin +4: "
        "hits (extended to an extra foe, -1)" in ext
    )
    assert "Ace takes 3 lethal: Hurt (box 1)" in ext
    assert "Damage: DR 1 + success 4 = 5 (lethal)" in ext
    assert "Bo takes 5 lethal: Very Hurt (box 1)" in ext
    assert not any(line.startswith("Crichton takes") for line in ext)


# -- Stun against lethal --------------------------------------------------------------------------------------------

# [seed] "All damage in unarmed combat is Stun Damage". Martial Arts: "Hand Strike ... Has a +0 Damage Rating",
# "Kick ... Has a +1 Damage Rating"; Brawling: "Blocking ... Brawlers suffer a -1 penalty to defend against kicks."
# Allies' stun track: 1-2 Dazed (2 boxes), 3-4 Stunned. "Dazed: ... -1 penalty to all appropriate actions for one
# element" (Fray: his next element of action, this one when his turn is still to come). "the damage remains until it
# is healed, meaning further Stun Damage will effect the character appropriately."
# Chiana (protagonist, Speed Great, Martial Arts Good) against the Guard (henchman, Brawling Fair), no Strength.
# Element 1, hand strike: Chiana [+ 0 0 0] = Great (+2); Guard [0 0 0 0] = Fair (0). 2 - 0 = 2: DR 0 + 2 = 2 stun:
#   Dazed. The Guard's Fair does not beat her Great.
# Element 1, the Guard's turn, a punch: [0 0 0 0] = Fair - 1 (Dazed) = Mediocre (-1), offence and defence; Chiana
#   [- - 0 0] = Mediocre (-1). Ties both ways: no blow lands.
# Element 2, kick: Chiana [0 0 0 0] = Good (+1). Guard [0 0 0 0] = Fair (0), no longer Dazed; his defence -1 for
#   blocking a kick: Mediocre (-1). 1 - (-1) = 2: DR 1 + 2 = 3 stun: Stunned. His Fair misses her Good.
# [seed] Melee: "the attacker chooses to bludgeon their opponent with the flat or pommel of a sword. In that case the
# attacker gets a -1 penalty to their offensive value and the damage they do is Stun Damage instead, with a -1 to
# the Damage Rating." D'Argo (ally, Strength Great, Melee Weapon Great, sword DR 3) against a Guard (Melee Weapon
# Fair, sword), both [0 0 0 0]: offence 2 - 1 = +1 against 0: success 1: 3 - 1 + 2 + 1 = 5 stun: Very Stunned
# (ally 5-6), no lethal wound. The Guard's Fair does not beat D'Argo's defence Great.
STUN = [
    '@gm /encounter start system:farscape name:"Stun"',
    '@gm /encounter add name:Chiana owner:@cc side:crew tier:protagonist stats:"Speed=Great, Martial Arts=Good"',
    '@gm /encounter add name:Guard side:foes tier:henchman stats:"Speed=Fair, Brawling=Fair"',
    "@gm /encounter begin",
    "!dice + 0 0 0 0 0 0 0",
    '@cc /attack target:Guard move:"hand strike"',
    "!dice 0 0 0 0 - - 0 0",
    "@gm /attack as:Guard target:Chiana",
    "!dice 0 0 0 0 0 0 0 0",
    "@cc /attack target:Guard move:kick",
]

FLAT = [
    '@gm /encounter start system:farscape name:"Flat"',
    '@gm /encounter add name:"D\'Argo" owner:@dave side:crew tier:ally '
    'stats:"Strength=Great, Speed=Good, Melee Weapon=Great" weapon:sword',
    '@gm /encounter add name:Guard side:foes tier:henchman stats:"Speed=Fair, Melee Weapon=Fair" weapon:sword',
    "@gm /encounter begin",
    "!dice 0 0 0 0 0 0 0 0",
    "@dave /attack target:Guard move:flat",
]


def test_unarmed_blows_and_the_flat_of_a_sword_fill_the_stun_track(tmp_path: Path) -> None:
    out = played(tmp_path, "stun", STUN).splitlines()
    assert "Chiana → Guard: offence Great (+2) against Brawling defence Fair (0), margin +2: hits" in out
    assert "Damage: DR 0 + success 2 = 2 (stun)" in out
    assert "Guard takes 2 stun: Dazed (box 1)" in out and "Guard is now stunned -1 (this element)" in out
    assert out.count("Guard offence modifiers: wounds -1") == 1  # his own punch in element 1, not element 2
    assert "Guard → Chiana: offence Mediocre (-1) against Martial Arts defence Mediocre (-1), margin +0: misses" in out
    assert (
        "Chiana → Guard: offence Good (+1) against Brawling defence Mediocre (-1) (defence blocking a kick -1), "
        "margin +2: hits" in out
    )
    assert "Guard → Chiana: offence Fair (0) against Martial Arts defence Good (+1), margin -1: misses" in out
    assert "Damage: DR 1 + success 2 = 3 (stun)" in out
    assert "Guard's stun track: Dazed → Stunned" in out
    assert not any("lethal" in line for line in out if line.startswith("Guard takes"))

    flat = played(tmp_path, "flat", FLAT).splitlines()
    assert "D'Argo offence modifiers: flat -1" in flat
    assert "D'Argo → Guard: offence Good (+1) against Melee Weapon defence Fair (0), margin +1: hits" in flat
    assert "Damage: DR 3 + Strength 2 + success 1 - move 1 = 5 (stun)" in flat
    assert "Guard takes 5 stun: Very Stunned (box 1)" in flat
    assert "Guard's stun track: Healthy → Very Stunned" in flat


# -- Healing in the fight shows in the round summary and the log ------------------------------------------------------

# The GM's heal tool mid-round: Zhaan (no First Aid: Poor, -2) gives the unconscious Guard First Aid, which takes
# -2 at Incapacitated against Great (+2): [+ + 0 0] +2 gives -2 + 2 - 2 = Poor, no improvement. The summary tells it
# as care, not as an attack: two hits, no miss.
FIRST_AID = [
    *BOTH_HIT[:3],
    '@gm /encounter add name:Zhaan owner:@zhaan side:crew tier:ally stats:"Speed=Good, Medicine=Great"',
    *BOTH_HIT[3:],
    "!dice + + 0 0",
    '@gm /encounter gm tool:heal target:Guard method:"first aid" healer:Zhaan',
    "@gm /encounter next",
    "@gm /encounter log",
]


def test_first_aid_in_a_round_is_told_in_its_summary_and_log(tmp_path: Path) -> None:
    lines = played(tmp_path, "first_aid", FIRST_AID).splitlines()
    summary = lines.index("Round 1 summary")
    assert lines[summary + 1: summary + 5] == [
        "D'Argo → Guard: hit, Incapacitated, out",
        "Guard → D'Argo: hit, Scratch",
        "Zhaan → Guard: first aid, no improvement",
        "Hits: 2, misses: 0",
    ]
    assert "#7 R1 encounter gm by gm: Zhaan first aid → Guard" in lines
