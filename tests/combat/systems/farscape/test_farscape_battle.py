"""A whole Farscape fight, three against three, through the engine with the real tables and seeded dice.

Crichton, Aeryn and D'Argo (protagonists built from traits) fight three Peacekeeper troopers (minions from the
templates table) until one side is all out. A small deterministic "AI" picks every move: Aeryn declares a dodge
as the first element opens and shoots (three-round bursts from the second element on), Crichton throws one frag
grenade and then shoots, D'Argo closes to melee with his blade (the flat of it against the last trooper
standing, to take a prisoner); the troopers fight back hand to hand when engaged and shoot otherwise. Every
result is checked against the independent oracle in farscape_battle_oracle and farscape_battle_checks.
"""

from dataclasses import dataclass, field

import pytest
from farscape_battle_checks import check_result
from farscape_battle_oracle import Oracle, protection

from bot.tables import load_system_tables
from combat import engine
from combat.dice import RandomDice, ScriptedDice
from combat.model import Combatant, Encounter
from combat.system import Intent
from combat.systems.farscape.grenades import GrenadeThrow
from combat.systems.farscape.melee_results import ExchangeResult
from combat.systems.farscape.ranged import Volley
from combat.systems.farscape.ranged_dodge import Dodge
from combat.systems.farscape.system import FarscapeSystem
from combat.systems.farscape.templates import build_sheet

# Seeds re-chosen when minions stopped rolling to defend in melee [seed], which changed the dice drawn.
SEED = 5271  # four elements: the crew wins; friendly fire, a warning blow and the flat of the blade
OTHER_SEED = 2702  # five elements: the troopers win; shots into a melee
MAX_ELEMENTS = 60
RANGE = "medium"
COVER = -2  # the GM's explicit modifier (intent.modifier): the troopers shoot from behind crates
CREW = (
    ("crichton", "John Crichton", ("pulse pistol",),
     {"agility": "Good", "speed": "Good", "constitution": "Good", "willpower": "Great", "intellect": "Great",
      "energy weapons": "Good", "throwing weapon": "Good", "brawling": "Fair"}),
    ("aeryn", "Aeryn Sun", ("pulse rifle", "pulse pistol"),
     {"strength": "Good", "agility": "Great", "speed": "Great", "constitution": "Good", "willpower": "Good",
      "energy weapons": "Superb", "martial arts": "Great", "throwing weapon": "Good"}),
    # The weapons table has no qualta blade; a sword (DR +3, slash) stands in for D'Argo's.
    ("dargo", "Ka D'Argo", ("sword",),
     {"strength": "Superb", "agility": "Good", "constitution": "Great", "willpower": "Good",
      "melee weapon": "Great", "brawling": "Good"}),
)


def muster(tables, system):
    crew = [build_sheet(tables, traits=traits, tier="protagonist", weapons=weapons) for *_, weapons, traits in CREW]
    fighters = [Combatant(cid, name, "crew", sheet, system.new_health(sheet))
                for (cid, name, *_), sheet in zip(CREW, crew, strict=True)]
    for n in (1, 2, 3):
        sheet = build_sheet(tables, "peacekeeper trooper")
        fighters.append(Combatant(f"pk{n}", f"Trooper {n}", "foes", sheet, system.new_health(sheet)))
    return Encounter("farscape", tuple(fighters))


@dataclass
class Battle:
    system: FarscapeSystem
    dice: RandomDice
    encounter: Encounter
    oracle: Oracle
    log: list = field(default_factory=list)
    distances: dict = field(default_factory=dict)
    keys: dict = field(default_factory=dict)
    able_at_start: set = field(default_factory=set)
    turns: list = field(default_factory=list)

    def able(self, combatant):
        return self.system.can_act(combatant, "action")

    def standing(self, side):
        return [c for c in self.encounter.combatants if c.side == side and self.able(c)]

    @property
    def over(self):
        return not self.standing("crew") or not self.standing("foes")

    def choose(self, actor):
        """The battle's AI: the move for whoever's turn it is."""
        foes = self.standing("foes" if actor.side == "crew" else "crew")
        nearest = foes[0].id
        if actor.side == "foes":
            engaged = actor.condition("engaged")
            if engaged is not None and engaged.source in {f.id for f in foes}:
                return Intent(actor.id, "attack", (engaged.source,), {"weapon": "knife"})
            return self.shoot(actor, nearest, {}, 0)
        if actor.id == "crichton" and not self.distances:
            self.distances = {f.id: 1 + 2 * i for i, f in enumerate(foes)}
            where = ", ".join(f"{self.encounter.get(cid).name}={d}" for cid, d in self.distances.items())
            options = {"grenade": "frag grenade", "range": RANGE, "distance": where}
            return Intent(actor.id, "grenade", tuple(self.distances), options)
        if actor.id == "dargo":
            move = "flat" if len(foes) == 1 else "strike"  # take the last trooper alive
            return Intent(actor.id, "attack", (nearest,), {"weapon": "sword", "move": move})
        burst = {"rounds": "3"} if actor.id == "aeryn" and self.encounter.turns.round > 1 else {}
        return self.shoot(actor, nearest, burst, COVER)

    def shoot(self, actor, target, options, modifier):
        weapon = actor.sheet.weapons[0]
        ammo = actor.condition(f"ammo:{weapon}")
        if ammo is not None and ammo.value < int(options.get("rounds", "1")):
            return Intent(actor.id, "reload", (), {"weapon": weapon})
        return Intent(actor.id, "shoot", (target,), {"range": RANGE, **options}, modifier)

    def act(self, intent):
        before = self.encounter
        current = before.turns.current
        assert current is not None and current.waiting
        for waiting in current.waiting:  # the turn always belongs to someone able to act
            assert self.able(before.get(waiting)) and self.oracle.shadows[waiting].able
        if intent.move != "dodge":
            assert intent.actor in current.waiting
            self.turns.append(intent.actor)
        now = self.keys[current.waiting[0]]
        self.oracle.later = {c for c in self.able_at_start if self.keys[c] < now and c not in self.turns}
        step = engine.act(self.system, before, intent, self.dice)
        self.log.append((intent, step.result))
        check_result(self.oracle, intent, step.result, self.keys, self.distances)
        self.settle(step.encounter)

    def settle(self, after):
        before, self.encounter = self.encounter, after
        for old in before.combatants:  # damage never heals in a fight
            new = after.get(old.id)
            for kind in ("lethal", "stun"):
                pairs = zip(old.health.track(kind).filled, new.health.track(kind).filled, strict=True)
                assert all(b >= a for a, b in pairs), (old.id, kind)
        self.oracle.compare(after, self.able)
        if after.turns.round != before.turns.round:
            self.close_round(complete=True)
            self.open_round()

    def open_round(self):
        """Check the new element's order: the oracle's Initiative, each combatant once, all who can act."""
        enc = self.encounter
        self.oracle.new_element(enc.turns.round)
        entries = {e.combatant: e for e in enc.turns.order}
        assert set(entries) == {c.id for c in enc.combatants}
        for c in enc.combatants:
            counts, tiebreak = self.oracle.initiative(c.id)
            assert (entries[c.id].counts, entries[c.id].tiebreak) == (counts, tiebreak), c.id
            self.keys[c.id] = (*counts, *tiebreak)
            self.oracle.start_size[c.id] = self.oracle.size_step(c.id)
        queued = [a for slot in enc.turns.queue for a in slot.actors]
        self.able_at_start = {c.id for c in enc.combatants if self.able(c)}
        assert len(queued) == len(set(queued))
        assert {a for a in queued if self.able(enc.get(a))} == self.able_at_start
        assert [s.key for s in enc.turns.queue] == sorted((s.key for s in enc.turns.queue), reverse=True)
        self.turns = []

    def close_round(self, complete):
        """The turns taken in an element: a permutation of those able, highest Initiative first."""
        assert len(self.turns) == len(set(self.turns)) and set(self.turns) <= self.able_at_start
        order = [self.keys[t] for t in self.turns]
        assert order == sorted(order, reverse=True)
        if complete:
            for missed in self.able_at_start - set(self.turns):
                assert not self.able(self.encounter.get(missed)), missed


def fight(seed):
    """Fight the battle to its end with seeded dice, checking every step."""
    tables = load_system_tables("farscape")
    system = FarscapeSystem(tables)
    dice = RandomDice(seed)
    enc = muster(tables, system)
    battle = Battle(system, dice, enc, Oracle(tables, enc))
    battle.encounter = engine.begin(system, enc, dice).encounter
    battle.open_round()
    battle.act(Intent("aeryn", "dodge"))  # declared as the first element opens
    while not battle.over:
        assert battle.encounter.turns.round <= MAX_ELEMENTS, "the fight did not end"
        battle.act(battle.choose(battle.encounter.get(battle.encounter.turns.current.waiting[0])))
    battle.close_round(complete=False)
    return battle


def results(battle, kind):
    return [result for _, result in battle.log if isinstance(result, kind)]


def test_a_three_against_three_battle_is_fought_to_its_end_and_every_wound_matches_the_oracle():
    battle = fight(SEED)
    standing = {side: bool(battle.standing(side)) for side in ("crew", "foes")}
    assert sorted(standing.values()) == [False, True]  # one side is all out, the other still stands
    assert battle.encounter.turns.round <= MAX_ELEMENTS
    # The seed was chosen so that the fight shows every kind of attack the battle is meant to check.
    assert [d.combatant for d in results(battle, Dodge)] == ["aeryn"]
    assert len(results(battle, GrenadeThrow)) == 1
    assert any(h.harm is not None for r in results(battle, ExchangeResult) for h in r.hits)
    assert any(a.harm is not None for r in results(battle, Volley) for a in r.attacks)
    assert battle.oracle.wounds >= 5


def test_the_same_seed_fights_the_same_battle():
    first, second = fight(SEED), fight(SEED)
    assert first.encounter == second.encounter
    assert first.log == second.log


def test_another_seed_also_fights_to_the_end():
    battle = fight(OTHER_SEED)
    assert not battle.standing("crew") or not battle.standing("foes")
    assert battle.oracle.wounds > 0
    assert battle.encounter != fight(SEED).encounter


@pytest.mark.parametrize(
    ("location", "covered"),
    [("torso", True), ("arm", True), ("hand", True), ("leg", True), ("foot", True), ("head", False), ("eye", False)],
)
def test_an_aimed_shot_meets_the_armour_of_the_area_it_lands_in(location, covered):
    # Light combat armour covers torso, arms and legs; a hand counts as an arm, a foot as a leg [ours], as in melee.
    tables = load_system_tables("farscape")
    system = FarscapeSystem(tables)
    sheet = build_sheet(tables, traits={"firearms": "Great"}, tier="protagonist", weapons=("light pistol",))
    enc = muster(tables, system).put(Combatant("gunner", "Gunner", "crew", sheet, system.new_health(sheet)))
    intent = Intent("gunner", "shoot", ("pk1",), {"location": location})
    volley = system.act(enc, intent, ScriptedDice([1, 1, 1, 1, *[0] * 8])).result
    armour = tables.armour["light combat armour"] if covered else None
    assert volley.attacks[0].hit
    assert volley.attacks[0].damage.protection == protection(armour, "projectile")
