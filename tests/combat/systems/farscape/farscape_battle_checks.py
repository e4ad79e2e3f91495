"""Checks of each Farscape result object against the battle oracle: dodges, shots, exchanges, grenades, reloads.

Every roll's total is rebuilt from its raw dice, the sheet and the modifiers the oracle expects; every wound is
checked by ``Oracle.wound`` against the seed's damage formula and the victim's tier track.
"""

from itertools import groupby

from farscape_battle_oracle import RANGE_DL, expected_damage, level, step

from combat.systems.farscape.ammo import Reload
from combat.systems.farscape.grenades import GrenadeThrow
from combat.systems.farscape.melee_results import ExchangeResult
from combat.systems.farscape.ranged import Volley
from combat.systems.farscape.ranged_dodge import Dodge

# [seed] Melee moves the battle uses: offence change, damage change, and whether the damage is Stun.
MOVES = {"strike": (0, 0, False), "flat": (-1, -1, True)}


def check_result(oracle, intent, result, keys, distances):
    """Check one step's result; ``keys`` are this element's Initiative keys, ``distances`` the grenade's."""
    if isinstance(result, Dodge):
        assert not result.free and result.combatant == intent.actor
        oracle.dodge_value(intent.actor, result.roll, intent.options.get("skill", "agility"), intent.modifier)
    elif isinstance(result, Volley):
        check_volley(oracle, intent, result)
    elif isinstance(result, ExchangeResult):
        check_exchange(oracle, intent, result, keys)
    elif isinstance(result, GrenadeThrow):
        check_grenade(oracle, intent, result, distances)
    elif isinstance(result, Reload):
        reload(oracle, intent.actor)
    else:
        raise AssertionError(f"The battle met a result it does not check: {result!r}")


def reload(oracle, actor):
    """[seed] Reloading while dodging costs the dodge -1."""
    s = oracle.shadows[actor]
    if s.dodge is not None and not s.split:
        s.dodge, s.split = s.dodge - 1, True
    s.acted = True


def _acting(oracle, actor):
    """[seed] -1 to the action when the actor is dodging this element (the action takes it by default [ours])."""
    s = oracle.shadows[actor]
    return -1 if s.dodge is not None and not s.split else 0


def check_volley(oracle, intent, volley):
    actor = intent.actor
    s, sheet, weapons = oracle.shadows[actor], oracle.sheets[actor], oracle.tables.weapons
    key = intent.options.get("weapon") or next(k for k in sheet.weapons if weapons[k].kind in ("ranged", "thrown"))
    weapon = weapons[key]
    rounds = int(intent.options.get("rounds", "0"))
    burst = rounds // weapon.burst if rounds and weapon.burst else 0
    modifier = weapon.accuracy + oracle.penalty(actor) + burst + _acting(oracle, actor) + intent.modifier
    dl = RANGE_DL[intent.options.get("range", "short")]
    warning = s.category == "minion" and not s.warned
    s.acted, s.warned = True, True if warning else s.warned
    assert volley.warning == warning
    for attack in volley.attacks:
        roll = attack.roll
        assert (roll.level, roll.modifier) == (level(sheet, weapon.skill), modifier)
        result = roll.level + modifier + sum(roll.dice.faces)
        target = attack.target
        partners = oracle.partners(target, actor)
        margin = 0
        if warning:
            defence, hit = "warning", False
        elif partners:
            defence = "melee"
            margin = result - (dl + level(oracle.sheets[target], "agility"))
            hit = margin >= 0
        elif oracle.shadows[target].category == "minion":
            defence = "minion"
            margin = result - (level(oracle.sheets[target], "agility") + oracle.penalty(target))
            hit = margin >= 0 and result >= dl
        else:
            defence = "dodge"
            margin = result - oracle.use_dodge(target, attack.dodge)
            hit = margin >= 1 and result >= dl
        assert (attack.defence, attack.hit) == (defence, hit), (attack, partners)
        struck, success = (target, margin) if hit else (None, 0)
        if defence == "melee" and margin == -1:
            struck = partners[0]  # [seed] a shot into a melee that fails by one hits another in it
        assert attack.struck == struck
        if struck is None:
            assert attack.damage is None and attack.harm is None
            continue
        strength = level(sheet, "strength") if weapon.muscle else 0
        value = expected_damage(weapon.dr, success, weapon.damage_type, oracle.armour(struck), strength,
                                weapon.quality)
        assert attack.damage.value == value
        oracle.wound(struck, "stun" if weapon.stun else "lethal", value, attack.harm)


def _blows(oracle, intent, result):
    """Rebuild both strikes of a one-on-one exchange from the dice; return the blows that land.

    [seed] Minions never defend with dice: a minion's defence is his skill as the difficulty (a blow reaching it
    hits), and a minion who is attacked does not roll, so strikes no blow back.
    """
    a, (d,) = intent.actor, intent.targets
    weapons = oracle.tables.weapons
    w_a, w_d = weapons[intent.options["weapon"]], oracle.melee_weapon(d)
    move = intent.options.get("move", "strike")
    rolls = {side.combatant: side.roll for side in result.sides}
    minion = {cid: oracle.shadows[cid].category == "minion" for cid in (a, d)}
    assert (rolls[d] is None) == minion[d]

    def base(cid, weapon, fighting, dice=True):
        outnumbered = len(oracle.opponents(cid, [fighting])) - 1  # [seed] -1 per opponent after the first
        faces = sum(rolls[cid].dice.faces) if dice and rolls[cid] is not None else 0
        return level(oracle.sheets[cid], weapon.skill) + faces + oracle.penalty(cid) - outnumbered

    offence_a, offence_d = base(a, w_a, d) + MOVES[move][0], base(d, w_d, a)
    defence_a, defence_d = base(a, w_a, d, dice=not minion[a]), base(d, w_d, a, dice=not minion[d])
    need_a, need_d = (0 if minion[d] else 1), (0 if minion[a] else 1)
    mine, theirs = result.strikes
    assert (mine.attacker, mine.defender, mine.offence, mine.defence) == (a, d, offence_a, defence_d)
    assert (theirs.attacker, theirs.defender, theirs.defence) == (d, a, defence_a)
    assert mine.lands == (offence_a - defence_d >= need_a)
    if minion[d]:
        assert theirs.reason == "no strike" and not theirs.lands
        blows = [(a, d, offence_a - defence_d, w_a, move, need_a)]
    else:
        assert theirs.offence == offence_d and theirs.lands == (offence_d - defence_a >= need_d)
        blows = [(a, d, offence_a - defence_d, w_a, move, need_a), (d, a, offence_d - defence_a, w_d, "strike", need_d)]
    return [b[:5] for b in blows if b[2] >= b[5]], rolls, (w_a, w_d)


def check_exchange(oracle, intent, result, keys):
    """[seed] Blows land in Initiative order; one taken out first strikes only on a critical; minions warn first."""
    landing, rolls, (w_a, w_d) = _blows(oracle, intent, result)
    # [seed] The weapon-size step counts against the foe of this exchange: the element's order counted the one
    # against his foe as the element began, so that is taken out and this one put in.
    a, (d,) = intent.actor, intent.targets
    here = {a: step(w_a, w_d), d: step(w_d, w_a)}
    keys = {**keys, **{cid: (keys[cid][0] - oracle.start_size[cid] + here[cid], *keys[cid][1:]) for cid in here}}
    landing.sort(key=lambda blow: keys[blow[0]], reverse=True)
    assert [(h.attacker, h.defender) for h in result.hits] == [(b[0], b[1]) for b in landing]
    shadows = oracle.shadows
    warners = {b[0] for b in landing if shadows[b[0]].category == "minion" and not shadows[b[0]].warned}
    out = set()
    for _, group in groupby(zip(landing, result.hits, strict=True), key=lambda pair: keys[pair[0][0]]):
        fallen = set()
        for (attacker, victim, margin, weapon, move), hit in group:
            assert hit.margin == margin
            if attacker in out and not all(f == 1 for f in rolls[attacker].dice.faces):
                assert hit.blocked and hit.damage is None
                continue
            assert not hit.blocked
            if attacker in warners:
                assert hit.warning and hit.damage is None and hit.harm is None
                oracle.shadows[attacker].warned = True
                continue
            assert not hit.warning
            _, bonus, stun = MOVES[move]
            kind = "stun" if stun or weapon.stun else "lethal"
            strength = level(oracle.sheets[attacker], "strength") if weapon.muscle else 0
            value = expected_damage(weapon.dr, margin, "impact" if stun else weapon.damage_type,
                                    oracle.armour(victim), strength, weapon.quality, bonus)
            assert (hit.damage.value, hit.kind) == (value, kind)
            oracle.wound(victim, kind, value, hit.harm)
            if not oracle.shadows[victim].able:
                fallen.add(victim)
        out |= fallen
    a, (d,) = intent.actor, intent.targets
    for cid, foe, weapon in ((a, d, w_a), (d, a, w_d)):
        s = oracle.shadows[cid]
        s.engaged, s.pairs[foe], s.wielding = (foe, oracle.element), oracle.element, weapon.key


def check_grenade(oracle, intent, throw, distances):
    """[seed] Throwing Weapon vs the range DL, 2 motras of scatter per level failed, concussion -1 per motra."""
    actor = intent.actor
    grenade = oracle.tables.grenades[intent.options["grenade"]]
    modifier = oracle.penalty(actor) + _acting(oracle, actor) + intent.modifier
    roll = throw.throw.roll
    assert (roll.level, roll.modifier) == (level(oracle.sheets[actor], "throwing weapon"), modifier)
    dl = RANGE_DL[intent.options.get("range", "short")]
    margin = roll.level + modifier + sum(roll.dice.faces) - dl
    scatter = 2 * -margin if margin < 0 else 0
    assert (throw.throw.difficulty, throw.scatter.motras) == (dl, scatter)
    oracle.shadows[actor].acted = True
    for target, hit in zip(intent.targets, throw.hits, strict=True):
        distance = distances[target] + scatter
        assert (hit.target, hit.distance) == (target, distance)
        s = oracle.shadows[target]
        firm = not s.able  # the helpless make no roll [ours]
        frag_margin = None
        if grenade.fragmentation and not firm and s.category == "minion":
            # [seed] a minion never dodges: his Agility, without dice, meets the fragments
            frag_margin = level(oracle.sheets[target], "agility") + oracle.penalty(target) - (3 - distance // 3)
        elif grenade.fragmentation and not firm:
            frag_margin = oracle.use_dodge(target, hit.fragments.dodge) - (3 - distance // 3)
        armour = oracle.armour(target)
        concussion = expected_damage(grenade.concussion, 0, grenade.concussion_type, armour, bonus=-distance)
        assert hit.concussion.value == concussion
        oracle.wound(target, "lethal", concussion, hit.concussion_harm)
        if not grenade.fragmentation:
            assert hit.fragments is None
            continue
        frags = hit.fragments
        assert (frags.rolled, frags.margin) == (not firm, frag_margin)
        if frag_margin is not None and frag_margin >= 0:
            assert frags.damage is None and frags.harm is None
            continue
        extra = 2 * -frag_margin if frag_margin is not None else 0  # [seed] +2 per level failed
        value = expected_damage(grenade.fragmentation, 0, grenade.fragmentation_type, armour, bonus=extra)
        assert frags.damage.value == value
        oracle.wound(target, "lethal", value, frags.harm)
