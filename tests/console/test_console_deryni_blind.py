"""Deryni fights worked out by hand from the seed (4.2 During Combat) alone, then played on the local table.

Every die is queued with !dice and every result below was computed before Fray was run. Faces: + is +1, 0 is 0,
- is -1. Ladder: Terrible -3, Poor -2, Mediocre -1, Fair 0, Good +1, Great +2, Superb +3. Opposed rolls are 2dF,
unopposed checks (Death Test, Strength check, Meditation, a power, Consciousness Test) 4dF. Damage and wounds come
from the source's 4.3 (damage = RD + Strength + 1 sharp; 1 or less Scratch, 2 Hurt, 3 Very Hurt, 4-5 Critical;
Death Test against Mediocre / Good / Superb), the wound penalties from FUDGE (Hurt -1, Very Hurt -2).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from console_kit import played

pytestmark = pytest.mark.slow  # fray console in a subprocess

START = "@gm /encounter start system:deryni name:Road"


def _play(tmp: Path, name: str, lines: list[str]) -> str:
    return played(tmp, name, [START, *lines])


def test_the_longer_weapon_makes_a_tie_and_the_roll_off_goes_on_until_someone_leads(tmp_path: Path) -> None:
    # "If there is an advantage in weapon length, that participant gets a +1 to Initiative" (the seed's own pair,
    # greatsword over dagger). Bob: Agility Fair, Greatsword Fair (not higher): Fair + 1 = Good. Bandit: Agility
    # Good, Dagger Good (not higher): Good. "If the Initiatives are a tie, than the combatants make an Opposed roll
    # off Initiative until there is someone with an advantage": Bob Good + [+ 0] = Great, Bandit Good + [0 +] =
    # Great, tied again; Bob Good + [- 0] = Fair, Bandit Good + [0 0] = Good: the bandit goes first. "Unless
    # conditions change, this Initiative will be used throughout the entire combat": round 2, same order, no dice.
    out = _play(tmp_path, "length_tie", [
        '@gm /encounter add name:Bob owner:@bob side:heroes stats:"Agility=Fair, Greatsword=Fair" weapon:greatsword',
        '@gm /encounter add name:Bandit side:bandits stats:"Agility=Good, Dagger=Good" weapon:dagger',
        "!dice + 0 0 + - 0 0 0",
        "@gm /encounter begin",
        "@gm /encounter next",
        "@bob /encounter next",
    ])
    assert "Initiative, Bob: Good (+1) (Agility Fair (0), longer weapon than Bandit +1)" in out
    assert "Initiative, Bandit: Good (+1) (Agility Good (+1))" in out
    assert "Roll-off at Good (+1), Initiative + 2dF: Bob [+ ▢] → Great (+2); Bandit [▢ +] → Great (+2)" in out
    assert "Roll-off at Good (+1), Initiative + 2dF: Bob [− ▢] → Fair (0); Bandit [▢ ▢] → Good (+1)" in out
    assert "Roll-off order: Bandit, Bob" in out and "Round 1 — Bandit's turn" in out
    assert "Order for round 2: Bandit, Bob" in out and "Round 2 — Bandit's turn" in out
    assert out.count("Roll-off at") == 2


def test_a_poor_attack_beating_a_terrible_defence_hits_and_a_terrible_one_misses_though_it_is_higher(
    tmp_path: Path,
) -> None:
    # "Attacker wins roll (and attack result was at least Poor): Attack gets by defense"; "Attacker rolls Terrible
    # or less: Miss." Bob (Agility Good) first. Bob: Broadsword Mediocre + [- 0] = Poor; Bandit dodges, Dodge
    # Terrible + [0 0] = Terrible: RD 1. Damage 1 + Strength Fair 0 + sharp 1 = 2, Hurt; Death Test Damage
    # Capacity Fair + [0 0 0 0] = Fair against Mediocre: passes. The bandit's blow: Broadsword Mediocre - 1 (Hurt)
    # - 1 ("a -1 to any other actions performed this round" after his dodge) + [0 0] = Terrible; Bob (his sword
    # used) dodges: Dodge Terrible + [- 0] = Terrible-1. The attack is one higher, but Terrible: a miss.
    # Round's end: the bandit's Consciousness Test, 1 wound point (Terrible): Stamina Fair + [0 0 0 0]: stays up.
    out = _play(tmp_path, "terrible", [
        '@gm /encounter add name:Bob owner:@bob side:heroes stats:"Agility=Good, Broadsword=Mediocre, '
        'Dodge=Terrible" weapon:broadsword',
        '@gm /encounter add name:Bandit side:bandits stats:"Agility=Fair, Broadsword=Mediocre, Dodge=Terrible" '
        "weapon:broadsword",
        "@gm /encounter gm tool:defence target:Bandit defence:dodge",
        "@gm /encounter begin",
        "!dice - 0 0 0 0 0 0 0",
        "@bob /attack target:Bandit",
        "@gm /attack as:Bandit target:Bob",
        "!dice 0 0 - 0 0 0 0 0",
        "@bob /encounter react choice:dodge",
    ])
    assert "Bob: Broadsword Mediocre (-1), dice [− ▢] -1 → Poor (-2)" in out
    assert "Bandit dodges: Dodge Terrible (-3), dice [▢ ▢] 0 → Terrible (-3)" in out
    assert "It gets past the defence by 1" in out
    assert "Damage: relative degree 1, Strength +0, sharp +1 = 2" in out
    assert "Bandit takes a Hurt wound" in out
    assert "Bandit: Broadsword Mediocre (-1), dice [▢ ▢] 0, wounds -1, dodged -1 → Terrible (-3)" in out
    assert "Bob dodges: Dodge Terrible (-3), dice [− ▢] -1 → Terrible-1 (-4)" in out
    assert "Terrible or less: the attack misses" in out
    assert "Bandit → Bob: miss, Terrible" in out


def test_a_shield_block_leaves_the_sword_free_and_a_dodge_costs_initiative_into_a_roll_off(tmp_path: Path) -> None:
    # "You may use a different item or ability in the place of either the attack or the defense. Using a shield
    # ... is usually the case here." Bob (Agility Great, Broadsword Great: Great) strikes: Great + [0 0] = Great;
    # the bandit blocks with his shield: Shield Good + [+ 0] = Great, a tie: "Defender wins or ties roll: Attack is
    # successfully defeated". The bandit then strikes with his broadsword (not the shield he defended with):
    # Good + [0 0] = Good; Bob, his sword used, dodges: Dodge Fair + [+ +] = Great: stopped. Dodge: "a -1 to your
    # Initative next round": round 2 Bob Great - 1 = Good ties the bandit's Good: roll-off, Bob Good + [0 0] =
    # Good, Bandit Good + [+ 0] = Great: the bandit goes first.
    out = _play(tmp_path, "shield_dodge", [
        '@gm /encounter add name:Bob owner:@bob side:heroes stats:"Agility=Great, Broadsword=Great, Dodge=Fair" '
        "weapon:broadsword",
        '@gm /encounter add name:Bandit side:bandits stats:"Agility=Good, Broadsword=Good, Shield=Good" '
        'weapon:broadsword shield:"kite shield"',
        "@gm /encounter gm tool:defence target:Bandit defence:shield",
        "@gm /encounter begin",
        "!dice 0 0 + 0",
        "@bob /attack target:Bandit",
        "@gm /attack as:Bandit target:Bob",
        "!dice 0 0 + + 0 0 + 0",
        "@bob /encounter react choice:dodge",
    ])
    assert "Bandit blocks with their kite shield: Shield Good (+1), dice [+ ▢] +1 → Great (+2)" in out
    assert "A tie goes to the defender: Bandit stops the attack" in out
    assert "Bandit attacks Bob with their broadsword" in out
    assert "Bandit: Broadsword Good (+1), dice [▢ ▢] 0 → Good (+1)" in out
    assert "Bob dodges: Dodge Fair (0), dice [+ +] +2 → Great (+2)" in out
    assert "Initiative, Bob: Good (+1) (Agility Great (+2), last round -1)" in out
    assert "Roll-off at Good (+1), Initiative + 2dF: Bob [▢ ▢] → Good (+1); Bandit [+ ▢] → Great (+2)" in out
    assert "Round 2 — Bandit's turn" in out


def test_a_second_defence_in_the_round_is_at_minus_one(tmp_path: Path) -> None:
    # "For each additional attempt at defense, a cumulative -1 penalty is applied." Bob (Agility Fair, Broadsword
    # Good: Good) is struck by A (Superb) then B (Great), both Broadsword Fair. A: Fair + [+ 0] = Good; Bob parries
    # Good + [0 0] = Good: tie, stopped. B: Fair + [+ 0] = Good; Bob dodges (the dodge's own penalty falls only on
    # what follows it), Dodge Fair - 1 (additional) + [+ 0] = Fair: RD 1, 1 + 0 + 1 = 2 Hurt; Death Test Fair +
    # [0 0 0 0] against Mediocre passes. Round's end: Bob 1 wound point (Terrible), Stamina Fair + [0 0 0 0]: up.
    out = _play(tmp_path, "additional", [
        '@gm /encounter add name:Bob owner:@bob side:heroes stats:"Agility=Fair, Broadsword=Good, Dodge=Fair" '
        "weapon:broadsword",
        '@gm /encounter add name:A side:bandits stats:"Agility=Superb, Broadsword=Fair" weapon:broadsword',
        '@gm /encounter add name:B side:bandits stats:"Agility=Great, Broadsword=Fair" weapon:broadsword',
        "@gm /encounter begin",
        "@gm /attack as:A target:Bob",
        "!dice + 0 0 0",
        "@bob /encounter react choice:parry",
        "@gm /attack as:B target:Bob",
        "!dice + 0 + 0 0 0 0 0",
        "@bob /encounter react choice:dodge",
        "!dice 0 0 0 0",
        "@bob /encounter next",
    ])
    assert "Bob parries with their broadsword: Broadsword Good (+1), dice [▢ ▢] 0 → Good (+1)" in out
    assert "Bob dodges: Dodge Fair (0), dice [+ ▢] +1, additional defence -1 → Fair (0)" in out
    assert "It gets past the defence by 1" in out
    assert "Bob takes a Hurt wound" in out
    assert ("Death Test for Bob's Hurt wound: Damage Capacity Fair (0), dice [▢ ▢ ▢ ▢] 0 → Fair (0) against "
            "Mediocre (-1): passes") in out
    assert "B → Bob: hit, Hurt, Death Test passed" in out


def test_a_knock_out_blow_that_does_too_little_merely_wounds(tmp_path: Path) -> None:
    # "You must do exactly an Incapacitating Wound ... Too little damage merely wounds the opponent." A mace (no
    # edge). Bob Mace Good + [+ 0] = Great; the bandit parries Mace Fair + [0 0] = Fair: RD 2. Damage 2 + Strength
    # Good 1 = 3: Very Hurt, not Incapacitating. Strength check Good + [0 0 0 0] = Good (made, but it only matters
    # above Critical). Death Test Fair + [+ 0 0 0] = Good against Good: passes. No knock-out.
    out = _play(tmp_path, "ko_short", [
        '@gm /encounter add name:Bob owner:@bob side:heroes stats:"Agility=Good, Mace=Good, Strength=Good" '
        "weapon:mace",
        '@gm /encounter add name:Bandit side:bandits stats:"Agility=Fair, Mace=Fair" weapon:mace',
        "@gm /encounter begin",
        "!dice + 0 0 0 0 0 0 0 + 0 0 0",
        '@bob /attack target:Bandit knockout:"the haft to the temple"',
    ])
    assert "Bob attacks Bandit with their mace: a knock-out blow (the haft to the temple)" in out
    assert "Damage: relative degree 2, Strength +1 = 3" in out
    assert "Bandit takes a Very Hurt wound" in out
    assert ("Death Test for Bandit's Very Hurt wound: Damage Capacity Fair (0), dice [+ ▢ ▢ ▢] +1 → Good (+1) "
            "against Good (+1): passes") in out
    assert "knocked out" not in out


def test_disarming_a_strapped_shield_is_minus_three_and_strength_decides(tmp_path: Path) -> None:
    # "-3: Disarming a weapon or item that is strapped on (Shield)"; "If the Attacker wins, then a Strength vs
    # Strength check is made". Bob Broadsword Great - 3 + [+ +] = Good; the bandit blocks, Shield Good + [- -] =
    # Mediocre: Bob wins by 2. Strength: Bob Fair + [0 0] = Fair against the bandit's Good + [0 0] = Good: the
    # bandit keeps his shield. A disarm does no damage.
    out = _play(tmp_path, "disarm_shield", [
        '@gm /encounter add name:Bob owner:@bob side:heroes stats:"Agility=Good, Broadsword=Great" weapon:broadsword',
        '@gm /encounter add name:Bandit side:bandits stats:"Agility=Fair, Broadsword=Fair, Shield=Good, '
        'Strength=Good" weapon:broadsword shield:"kite shield"',
        "@gm /encounter begin",
        "!dice + + - - 0 0 0 0",
        "@bob /attack target:Bandit disarm:shield",
    ])
    assert "Bob attacks Bandit with their broadsword: a disarm, for the kite shield" in out
    assert "Bob: Broadsword Great (+2), dice [+ +] +2, disarm -3 → Good (+1)" in out
    assert "Bandit blocks with their kite shield: Shield Good (+1), dice [− −] -2 → Mediocre (-1)" in out
    assert ("Strength: Bob Strength Fair (0), dice [▢ ▢] 0 → Fair (0) against Bandit Strength Good (+1), "
            "dice [▢ ▢] 0 → Good (+1): Bob loses") in out
    assert "falls to the floor" not in out and "Damage:" not in out


def test_a_called_shot_at_the_leg_short_of_incapacitating_is_an_ordinary_wound(tmp_path: Path) -> None:
    # Called shot: "Results are determined as if it were a normal attack, taking into account all normal
    # modifiers" (no penalty of its own); "It takes an Incapacitating blow to break the one in question". Bob
    # Broadsword Good + [+ 0] = Great; the bandit dodges, Fair + [0 0] = Fair: RD 2, 2 + 0 + 1 = 3, Very Hurt to the
    # leg; Death Test Fair + [+ 0 0 0] = Good against Good: passes. The bandit's blow: Fair - 2 (Very Hurt) - 1
    # (after his dodge) + [+ +] = Mediocre; Bob dodges Fair + [- 0] = Mediocre: a tie, stopped. Round's end: 2
    # wound points (Poor), Stamina Fair + [0 0 0 0]: up. Round 2 (the dodge's -1 is gone): Bob Good + [0 0] = Good;
    # the bandit still dodges on his leg: Fair - 2 + [0 0] = Poor: RD 3, 3 + 0 + 1 = 4 Critical; Death Test
    # Fair + [+ + + 0] = Superb against Superb: passes. Round's end: 2 + 3 = 5 points (Good), [0 0 0 0] = Fair:
    # unconscious.
    out = _play(tmp_path, "called_leg", [
        '@gm /encounter add name:Bob owner:@bob side:heroes stats:"Agility=Good, Broadsword=Good, Dodge=Fair" '
        "weapon:broadsword",
        '@gm /encounter add name:Bandit side:bandits stats:"Agility=Fair, Broadsword=Fair, Dodge=Fair" '
        "weapon:broadsword",
        "@gm /encounter gm tool:defence target:Bandit defence:dodge",
        "@gm /encounter begin",
        "!dice + 0 0 0 + 0 0 0",
        "@bob /attack target:Bandit called:leg",
        "@gm /attack as:Bandit target:Bob",
        "!dice + + - 0 0 0 0 0",
        "@bob /encounter react choice:dodge",
        "!dice 0 0 0 0 + + + 0 0 0 0 0",
        "@bob /attack target:Bandit",
    ])
    assert "Bob attacks Bandit with their broadsword: a called shot at the leg" in out
    assert "Bob: Broadsword Good (+1), dice [+ ▢] +1 → Great (+2)" in out
    assert "Bandit takes a Very Hurt wound to the leg" in out
    assert "useless" not in out and "severed" not in out
    assert "Bandit: Broadsword Fair (0), dice [+ +] +2, wounds -2, dodged -1 → Mediocre (-1)" in out
    assert "A tie goes to the defender: Bob stops the attack" in out
    assert "Bob: Broadsword Good (+1), dice [▢ ▢] 0 → Good (+1)" in out
    assert "Bandit dodges: Dodge Fair (0), dice [▢ ▢] 0, wounds -2 → Poor (-2)" in out
    assert "Damage: relative degree 3, Strength +0, sharp +1 = 4" in out
    assert ("Death Test for Bandit's Critical wound: Damage Capacity Fair (0), dice [+ + + ▢] +3 → Superb (+3) "
            "against Superb (+3): passes") in out
    assert ("Consciousness Test, Bandit (5 wound points, Good (+1)): Stamina Fair (0), dice [▢ ▢ ▢ ▢] 0 → Fair (0): "
            "Bandit falls unconscious") in out


def test_a_maintained_power_is_minus_one_on_a_parry_and_each_active_action_needs_meditation(tmp_path: Path) -> None:
    # "Using or maintaining Deryni powers (including Heightened Senses) incur a -1 penalty to all other actions that
    # round, and the use of the power itself. Any active actions ... require a Meditation check to keep the power
    # active (also at a -1)." Bob (Deryni, Power Good): Good - 1 + [0 0 0 0] = Fair against Fair: it works, kept.
    # The bandit strikes: Fair + [0 0] = Fair; Bob parries Good - 1 + [+ 0] = Good: stopped. Meditation Good - 1 +
    # [0 0 0 0] = Fair meets Fair: kept. Round 2, still maintained: Bob Good - 1 + [0 0] = Fair; the bandit parries
    # Fair + [- 0] = Mediocre: RD 1, 1 + 0 + 1 = 2 Hurt; Death Test [0 0 0 0] = Fair against Mediocre: passes.
    # Meditation Good - 1 + [+ 0 0 0] = Good: kept.
    out = _play(tmp_path, "power", [
        '@gm /encounter add name:Bob owner:@bob side:heroes stats:"Agility=Good, Broadsword=Good, Power=Good, '
        'Meditation=Good" talents:deryni weapon:broadsword',
        '@gm /encounter add name:Bandit side:bandits stats:"Agility=Fair, Broadsword=Fair" weapon:broadsword',
        "@gm /encounter begin",
        "!dice 0 0 0 0",
        '@bob /act move:power name:"heightened senses" maintain:yes',
        "@bob /encounter next",
        "@gm /attack as:Bandit target:Bob",
        "!dice 0 0 + 0 0 0 0 0",
        "@bob /encounter react choice:parry",
        "!dice 0 0 - 0 0 0 0 0 + 0 0 0",
        "@bob /attack target:Bandit",
    ])
    assert ("Bob uses heightened senses: Power Good (+1), dice [▢ ▢ ▢ ▢] 0, using a power -1 → Fair (0) against "
            "Fair (0): succeeds") in out
    assert "Bob parries with their broadsword: Broadsword Good (+1), dice [+ ▢] +1, Deryni power -1 → Good (+1)" in out
    assert ("Meditation, keeping heightened senses: Meditation Good (+1), dice [▢ ▢ ▢ ▢] 0, keeping a power -1 → "
            "Fair (0) against Fair (0): succeeds: heightened senses stays up") in out
    assert "Bob: Broadsword Good (+1), dice [▢ ▢] 0, Deryni power -1 → Fair (0)" in out
    assert "Bandit takes a Hurt wound" in out
    assert ("Meditation, keeping heightened senses: Meditation Good (+1), dice [+ ▢ ▢ ▢] +1, keeping a power -1 → "
            "Good (+1) against Fair (0): succeeds: heightened senses stays up") in out
