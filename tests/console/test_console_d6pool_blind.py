"""d6 pool fights worked out by hand from the seed's text alone, every die written out, played on the local table.

Each scenario was worked from the seed first (with the rules page's own choices where the seed is silent: a
success is a die of 4, 5 or 6; net successes; a tie goes to whoever resists; a Strength contest compares totals),
then run through `fray console --script`. Dice are drawn as the rules roll them: Initiative in joining order; the
attacker's pool, the defender's; the PF dice, the protection dice; a save's Stamina dice, then the PF dice.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from console_kit import played

pytestmark = pytest.mark.slow  # fray console in a subprocess


def _play(tmp: Path, name: str, lines: list[str], *, strict: bool = True) -> str:
    return played(tmp, name, [f"@gm /encounter start system:d6pool name:{name}", *lines], strict=strict)


def _turns(out: str, round_no: int) -> list[str]:
    prefix = f"Round {round_no} — "
    return [line[len(prefix):].removesuffix("'s turn") for line in out.splitlines() if line.startswith(prefix)]


def test_initiative_is_agility_plus_d6_plus_the_ready_skill_and_counts_go_down_by_six(tmp_path: Path) -> None:
    # "Initiative is determined by taking a character's Agility and rolling 1d6 ... can also be affected by Skill
    # Modifiers if a character is in a position to use that skill"; "subtract 6 until you reach 5 or less".
    # Flash (Agility 8, Brawling +4, fists ready): 8 + [6] + 4 = 18 → 18, 12, 6, 0 (four actions).
    # Sword (Agility 3, Swords +3, sword ready): 3 + [5] + 3 = 11 → 11, 5 (the seed's Badguy).
    # Gunman (Agility 3, Marksmanship +1, pistol ready): 3 + [2] + 1 = 6 → 6, 0.
    # Slow (Agility 2, no skill): 2 + [1] = 3 → once, at 3.
    # Order: 18 Flash, 12 Flash, 11 Sword, 6 Flash and Gunman (ours: the higher Agility first), 5 Sword, 3 Slow,
    # 0 Flash then Gunman. Round 2 ("Initiative changes every round"): Flash 8+[1]+4 = 13 → 13, 7, 1; Sword
    # 3+[1]+3 = 7 → 7, 1; Gunman 3+[1]+1 = 5 → 5; Slow 2+[1] = 3.
    out = _play(tmp_path, "Init", [
        "@gm /encounter add name:Flash owner:@bob side:heroes stats:\"Agility=8, Brawling=4\"",
        "@gm /encounter add name:Sword owner:@carol side:heroes template:swordsman",
        "@gm /encounter add name:Gunman template:gunman",
        "@gm /encounter add name:Slow stats:\"Agility=2\"",
        "!dice 6 5 2 1",
        "@gm /encounter begin",
        *["@gm /encounter next"] * 8,
        "!dice 1 1 1 1",
        "@gm /encounter next",
        "@gm /encounter end",
    ])
    assert "Flash's Initiative: Agility 8 + d6 [6] +4 brawling = 18 → acts at 18, 12, 6, 0" in out
    assert "Sword's Initiative: Agility 3 + d6 [5] +3 swords = 11 → acts at 11, 5" in out
    assert "Gunman's Initiative: Agility 3 + d6 [2] +1 marksmanship = 6 → acts at 6, 0" in out
    assert "Slow's Initiative: Agility 2 + d6 [1] = 3 → acts at 3" in out
    assert _turns(out, 1) == ["Flash", "Flash", "Sword", "Flash", "Gunman", "Sword", "Slow", "Flash", "Gunman"]
    assert "Flash's Initiative: Agility 8 + d6 [1] +4 brawling = 13 → acts at 13, 7, 1" in out
    assert ("Order for round 2: Flash (13), Flash (7), Sword (7), Gunman (5), Slow (3), Flash (1), Sword (1)"
            in out)


def test_a_gunman_s_skill_adds_to_his_shot_but_neither_side_s_skill_helps_the_other_kind_of_defence(
        tmp_path: Path) -> None:
    # Initiative: Sword 3 + [1] + 3 = 7 → 7, 1; Gunman 3 + [5] + 1 = 9 → 9, 3: the Gunman shoots first.
    # Ranged: "Skill Modifiers only add to the overall 'to hit' total and never to defending". Gunman 3d6 [4 4 3]
    # = 11 + 1 = 12 against the Sword's 3d6 [5 4 2] = 11, no +3 Swords: 12 > 11, a hit (with Swords, 14: a miss).
    # PF 3 (pistol) [6 4 1] = 2 successes against leather PF 1 [5] = 1: 1 through, 1 HTK: the Sword 9 → 8
    # (Stamina 4 × 2 + level 1 = 9). A bullet cannot hold: damage, knock down or throw only.
    # Melee: "Melee skills do not add to Ranged combat attacks and vice versa". Sword 3d6 [3 3 2] = 8 + 3 = 11
    # against the Gunman's 3d6 [4 3 3] = 10, his Marksmanship +1 not added: 11 > 10, a hit (with it, 11: a tie,
    # a miss). PF 3 (sword; Strength 4 adds nothing) [5 5 2] = 2 against heavy clothes [3] = 0: 2 HTK, 3 → 1.
    out = _play(tmp_path, "Crossfire", [
        "@gm /encounter add name:Sword owner:@bob side:heroes template:swordsman",
        "@gm /encounter add name:Gunman template:gunman",
        "!dice 1 5",
        "@gm /encounter begin",
        "!dice 4 4 3 5 4 2 6 4 1 5",
        "@gm /attack as:Gunman target:Sword",
        "@gm /encounter react choice:damage",
        "!dice 3 3 2 4 3 3 5 5 2 3",
        "@bob /attack target:Gunman",
        "@bob /encounter react choice:damage",
    ])
    assert ("Gunman attacks Sword with Pistol (ranged): Agility 3d6 [4, 4, 3] +1 marksmanship = 12 "
            "vs Agility 3d6 [5, 4, 2] = 11\nHit\n") in out
    assert ("Damage: PF 3 3d6 [6, 4, 1]: 2 successes vs protection 1 (Leather armour) 1d6 [5]: 1 success "
            "→ 1 success") in out
    assert "Spend 1 success: All damage (1 HTK), Knock down or Throw\n" in out
    assert "Sword: HTK 8/9" in out
    assert ("Sword attacks Gunman with Sword (melee): Agility 3d6 [3, 3, 2] +3 swords = 11 "
            "vs Agility 3d6 [4, 3, 3] = 10\nHit\n") in out
    assert "Gunman: HTK 1/3" in out


def test_full_defence_adds_a_die_its_skill_only_against_melee_and_allows_no_attack_but_a_retreat(
        tmp_path: Path) -> None:
    # Initiative: Sword 3 + [1] + 3 = 7 → 7, 1; Gunman 3 + [5] + 1 = 9 → 9, 3; Thug 3 + [2] + 1 = 6 → 6, 0.
    # The Sword states full defence before any attack: "adds 1d6 to his Agility for defending" (4 dice).
    # The Gunman (9) shoots: 3d6 [5 5 4] = 14 + 1 = 15 against 4d6 [4 4 3 3] = 14, no Swords against a shot: a
    # hit. PF 3 [1 1 1] = 0 against leather [1] = 0: nothing through, no effect (a shot has no Strength contest).
    # The Thug now tries full defence: "state his intention ... before any attacks are rolled": refused. The
    # Sword (7) tries to attack: "will then not be able to make any attacks that round": refused; he passes.
    # The Thug (6) clubs him: 3d6 [5 5 4] = 14 + 1 = 15 against 4d6 [4 3 3 2] = 12 + 3 Swords ("AND add +3 to the
    # total rolled if defending against a hand to hand attack") = 15: a tie, a miss (ours: the defender wins).
    # The Gunman (3) passes; the Sword (1) retreats ("but may retreat from combat").
    out = _play(tmp_path, "Alley", [
        "@gm /encounter add name:Sword owner:@bob side:heroes template:swordsman",
        "@gm /encounter add name:Gunman template:gunman",
        "@gm /encounter add name:Thug template:thug",
        "!dice 1 5 2",
        "@gm /encounter begin",
        "@bob /dodge",
        "!dice 5 5 4 4 4 3 3 1 1 1 1",
        "@gm /attack as:Gunman target:Sword",
        "@gm /dodge as:Thug",
        "@bob /attack target:Gunman",
        "@bob /encounter next",
        "!dice 5 5 4 4 3 3 2",
        "@gm /attack as:Thug target:Sword",
        "@gm /encounter next",
        "@bob /act move:retreat",
    ], strict=False)
    assert ("Gunman attacks Sword with Pistol (ranged): Agility 3d6 [5, 5, 4] +1 marksmanship = 15 "
            "vs full defence (dodge) Agility 4d6 [4, 4, 3, 3] = 14\nHit\n") in out
    assert "Nothing gets through: no effect" in out
    assert ("Full defence is declared at the start of the round, before any attack is rolled; an attack has been "
            "rolled this round.") in out
    assert "Sword is on full defence this round: no attacks." in out
    assert ("Thug attacks Sword with Club (melee): Agility 3d6 [5, 5, 4] +1 clubs = 15 "
            "vs full defence (dodge) Agility 4d6 [4, 3, 3, 2] +3 swords = 15\nMiss (a tie goes to the defender)"
            ) in out
    assert "Sword retreats from the fight" in out
    assert "Thug goes on full defence" not in out


def test_a_stun_on_a_victim_with_no_action_left_costs_him_the_whole_next_round(tmp_path: Path) -> None:
    # Initiative: Sword 3 + [1] + 3 = 7 → 7, 1; Thug 3 + [6] + 1 = 10 → 10, 4. The Thug passes at 10 and 4, the
    # Sword at 7; at 1 the Sword hits: 3d6 [6 6 6] + 3 = 21 against [1 1 1] + 1 = 4. PF 3 [5 5 1] = 2 against
    # clothes [2] = 0: 2 successes, enough for a stun: "A stun will inflict 1 HTK" (Thug 3 → 2), then "Stamina vs.
    # the attack's Power Factor": 3d6 [1 2 3] = 0 successes against PF 3 [4 1 1] = 1: stunned. "If he is stunned
    # and has no Actions left in that round then he loses all Actions for the following round": round 2 has only
    # the Sword, 3 + [2] + 3 = 8 → 8, 2. Round 3: the Thug is back, 3 + [4] + 1 = 8 → 8, 2; the Sword 3 + [1] +
    # 3 = 7 → 7, 1.
    out = _play(tmp_path, "Stun", [
        "@gm /encounter add name:Sword owner:@bob side:heroes template:swordsman",
        "@gm /encounter add name:Thug template:thug",
        "!dice 1 6",
        "@gm /encounter begin",
        "@gm /encounter next",
        "@bob /encounter next",
        "@gm /encounter next",
        "!dice 6 6 6 1 1 1 5 5 1 2",
        "@bob /attack target:Thug",
        "!dice 1 2 3 4 1 1 2",
        "@bob /encounter react choice:stun",
        "@bob /encounter next",
        "!dice 1 4",
        "@bob /encounter next",
    ])
    assert "Thug loses 1 HTK" in out
    assert ("Stun save: Thug's Stamina 3d6 [1, 2, 3]: 0 successes vs PF 3 3d6 [4, 1, 1]: 1 success → stunned: "
            "loses all next round's actions") in out
    assert "Thug is stunned: no actions this round" in out
    assert "Order for round 2: Sword (8), Sword (2)" in out
    assert _turns(out, 2) == ["Sword", "Sword"]
    assert "Thug is no longer stunned" in out
    assert "Thug's Initiative: Agility 3 + d6 [4] +1 clubs = 8 → acts at 8, 2" in out
    assert "Order for round 3: Thug (8), Sword (7), Thug (2), Sword (1)" in out


def test_a_knock_out_saves_against_pf_plus_one_then_wakes_when_the_pf_has_fallen_to_0(tmp_path: Path) -> None:
    # Initiative: Sword 3 + [5] + 3 = 11 → 11, 5; Thug 3 + [1] + 1 = 5. Sword 3d6 [6 6 6] + 3 = 21 against
    # [1 1 1] + 1 = 4: a hit. PF 3 [6 6 6] = 3 against clothes [1] = 0: 3 successes, a knock-out: "2 HTK of damage"
    # (3 → 1) and "Stamina vs. the attack's Power Factor +1 level": 3d6 [1 1 1] = 0 against 4d6 [4 1 1 1] = 1:
    # unconscious. "roll a Stamina vs. the attack' Power Factor check the next round": round 2, PF 3: [1 1 1] = 0
    # against [4 1 1] = 1, still out. "Each round after that the attack's Power Factor drops by one level": round
    # 3, PF 2: [1 2 3] = 0 against [5 1] = 1; round 4, PF 1: [3 3 3] = 0 against [6] = 1; round 5 "the PF reaches
    # 0, in which case the character awakens": no roll, and he rolls Initiative again, 3 + [6] + 1 = 10 → 10, 4.
    out = _play(tmp_path, "Lights", [
        "@gm /encounter add name:Sword owner:@bob side:heroes template:swordsman",
        "@gm /encounter add name:Thug template:thug",
        "!dice 5 1",
        "@gm /encounter begin",
        "!dice 6 6 6 1 1 1 6 6 6 1",
        "@bob /attack target:Thug",
        "!dice 1 1 1 4 1 1 1",
        "@bob /encounter react choice:knockout",
        "!dice 1 1 1 4 1 1 5",
        "@bob /encounter next",
        "@bob /encounter next",
        "!dice 1 2 3 5 1 5",
        "@bob /encounter next",
        "@bob /encounter next",
        "!dice 3 3 3 6 5",
        "@bob /encounter next",
        "@bob /encounter next",
        "!dice 5 6",
        "@bob /encounter next",
    ])
    assert ("Knock-out save: Thug's Stamina 3d6 [1, 1, 1]: 0 successes vs PF 3 + 1 4d6 [4, 1, 1, 1]: 1 success → "
            "knocked out") in out
    assert "Thug: HTK 1/3" in out
    assert ("Waking: Thug's Stamina 3d6 [1, 1, 1]: 0 successes vs PF 3 3d6 [4, 1, 1]: 1 success → stays out "
            "(PF 2 next round)") in out
    assert ("Waking: Thug's Stamina 3d6 [1, 2, 3]: 0 successes vs PF 2 2d6 [5, 1]: 1 success → stays out "
            "(PF 1 next round)") in out
    assert ("Waking: Thug's Stamina 3d6 [3, 3, 3]: 0 successes vs PF 1 1d6 [6]: 1 success → stays out "
            "(PF 0 next round)") in out
    assert "Thug wakes up: the Power Factor has fallen to 0" in out
    assert out.count("Waking: Thug's") == 3
    assert _turns(out, 4) == ["Sword", "Sword"]
    assert "Thug's Initiative: Agility 3 + d6 [6] +1 clubs = 10 → acts at 10, 4" in out


def test_psionic_combat_uses_intelligence_psi_and_psyche_not_agility_skills_or_armour(tmp_path: Path) -> None:
    # "the characters use their Intelligence for Initiative and their Psi to attack and defend. Psyche counts as
    # the mental equivalent of armor". Psion (Int 5, Agility 2, Psi 4, Psyche 3, Psionics +2, mind blast PF 3):
    # 5 + [4] + 2 = 11 → 11, 5. Knight (Int 2, Agility 4, Psi 1, Psyche 1, Swords +2, sword, plate PF 3):
    # 4 + [2] + 2 = 8 → 8, 2. Psion: Psi 4d6 [5 4 3 2] = 14 + 2 = 16 against the Knight's Psi 1d6 [6] = 6 (his
    # Swords is a melee skill): a hit. PF 3 [6 5 1] = 2 against Psyche 1d6 [4] = 1 (not the plate's 3 dice):
    # 1 HTK, the Knight 7 → 6 (Stamina 3 × 2 + 1). The Knight's sword is melee again: Agility 4d6 [3 3 3 3] = 12
    # + 2 = 14 against the Psion's Agility 2d6 [6 6] = 12 (no melee skill; Psi plays no part): a hit; PF 3
    # [4 4 4] = 3 against no armour: 3 HTK, 7 → 4.
    out = _play(tmp_path, "Minds", [
        "@gm /encounter add name:Psion owner:@bob side:heroes "
        "stats:\"Intelligence=5, Agility=2, Psi=4, Psyche=3, Psionics=2\" weapon:\"mind blast\"",
        "@gm /encounter add name:Knight stats:\"Intelligence=2, Agility=4, Psi=1, Psyche=1, Swords=2\" "
        "weapon:sword armour:plate",
        "!dice 4 2",
        "@gm /encounter begin",
        "!dice 5 4 3 2 6 6 5 1 4",
        "@bob /attack target:Knight",
        "@bob /encounter react choice:damage",
        "!dice 3 3 3 3 6 6 4 4 4",
        "@gm /attack as:Knight target:Psion",
        "@gm /encounter react choice:damage",
    ])
    assert "Psion's Initiative: Intelligence 5 + d6 [4] +2 psionics = 11 → acts at 11, 5" in out
    assert "Knight's Initiative: Agility 4 + d6 [2] +2 swords = 8 → acts at 8, 2" in out
    assert ("Psion attacks Knight with Mind blast (psionic): Psi 4d6 [5, 4, 3, 2] +2 psionics = 16 "
            "vs Psi 1d6 [6] = 6\nHit\n") in out
    assert "Damage: PF 3 3d6 [6, 5, 1]: 2 successes vs Psyche 1 1d6 [4]: 1 success → 1 success" in out
    assert "Knight: HTK 6/7" in out
    assert ("Knight attacks Psion with Sword (melee): Agility 4d6 [3, 3, 3, 3] +2 swords = 14 "
            "vs Agility 2d6 [6, 6] = 12\nHit\n") in out
    assert "Psion: HTK 4/7" in out


def test_zero_htk_is_down_a_helpless_target_is_hit_and_minus_its_htk_is_dead(tmp_path: Path) -> None:
    # Shooter (Agility 3, Marksmanship +2, rifle PF 4): 3 + [6] + 2 = 11 → 11, 5. Guard (Agility 1, htk 2, no
    # armour): 1 + [1] = 2. At 11: 3d6 [4 4 4] = 12 + 2 = 14 against 1d6 [1] = 1: a hit; PF 4 [6 6 1 1] = 2 against
    # no protection: 2 HTK, 2 → 0: "unconscious or dysfunctional at 0 HTK". At 5 the Guard cannot defend (ours):
    # [2 2 1] = 5 + 2 = 7 against 0, a hit; PF 4 [5 5 1 1] = 2: 0 → -2, "die ... at a negative HTK equal to it's
    # HTK value". The Guard's 2 is passed over; round 2: Shooter 3 + [4] + 2 = 9 → 9, 3.
    out = _play(tmp_path, "Yard", [
        "@gm /encounter add name:Shooter owner:@bob side:heroes stats:\"Agility=3, Marksmanship=2\" weapon:rifle",
        "@gm /encounter add name:Guard stats:\"Agility=1, htk=2\"",
        "!dice 6 1",
        "@gm /encounter begin",
        "!dice 4 4 4 1 6 6 1 1",
        "@bob /attack target:Guard",
        "@bob /encounter react choice:damage",
        "!dice 2 2 1 5 5 1 1 4",
        "@bob /attack target:Guard",
        "@bob /encounter react choice:damage",
    ])
    assert "Guard is down: unconscious or disabled (HTK 0/2)" in out
    assert ("Shooter attacks Guard with Rifle (ranged): Agility 3d6 [2, 2, 1] +2 marksmanship = 7 "
            "vs no defence (helpless) = 0\nHit\n") in out
    assert "Guard is dead or destroyed (HTK -2/2)" in out
    assert "Order for round 2: Shooter (9), Shooter (3)" in out


def test_a_hold_is_a_strength_contest_after_a_hit_and_breaking_it_must_beat_the_holder(tmp_path: Path) -> None:
    # "He might wish instead to hold his opponent still ... This is handled as normal combat, but might require a
    # Strength vs. Strength contest after successfully hitting the target." Initiative: Sword 3 + [6] + 3 = 12 →
    # 12, 6, 0; Thug 3 + [5] + 1 = 9 → 9, 3. Sword 3d6 [5 5 5] + 3 = 18 against [2 2 2] + 1 = 7: a hit; PF 3
    # [1 2 3] = 0 against clothes [6] = 1: nothing through, but an effect may still be tried. Hold: Strength 4d6
    # [5 4 3 2] = 14 against the Thug's Strength 4 (good) 4d6 [3 3 3 3] = 12: held. At 9 the Thug cannot attack
    # (ours) and tries to break free: [4 4 3 3] = 14 against [5 4 3 2] = 14, a tie: still held (ours). The Sword
    # passes at 6; at 3 the Thug: [6 6 6 6] = 24 against [1 1 1 1] = 4: free.
    out = _play(tmp_path, "Grapple", [
        "@gm /encounter add name:Sword owner:@bob side:heroes template:swordsman",
        "@gm /encounter add name:Thug template:thug",
        "!dice 6 5",
        "@gm /encounter begin",
        "!dice 5 5 5 2 2 2 1 2 3 6",
        "@bob /attack target:Thug",
        "!dice 5 4 3 2 3 3 3 3",
        "@bob /encounter react choice:hold",
        "@gm /attack as:Thug target:Sword",
        "!dice 4 4 3 3 5 4 3 2",
        "@gm /act move:escape as:Thug",
        "@bob /encounter next",
        "!dice 6 6 6 6 1 1 1 1",
        "@gm /act move:escape as:Thug",
    ], strict=False)
    assert ("No damage got through; an effect instead: No effect, Knock down (Strength contest), Throw (Strength "
            "contest) or Hold (Strength contest)") in out
    assert "Strength contest: Sword 4d6 [5, 4, 3, 2] = 14 vs Thug 4d6 [3, 3, 3, 3] = 12\nThug is held" in out
    assert "Thug is held: break free first (/act move:escape)." in out
    assert "Strength contest: Thug 4d6 [4, 4, 3, 3] = 14 vs Sword 4d6 [5, 4, 3, 2] = 14\nThug is still held" in out
    assert "Strength contest: Thug 4d6 [6, 6, 6, 6] = 24 vs Sword 4d6 [1, 1, 1, 1] = 4\nThug breaks free" in out
    assert "Thug: HTK 3/3" in out
