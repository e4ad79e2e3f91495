"""An independent oracle for the Farscape battle test: the seed's tables written out again, and shadow wound tracks.

Nothing here calls the rules under test for an expected value. The oracle keeps its own copy of every
combatant's boxes, penalties, dodge, warning and engagement, works out each roll's total from the raw dice and
the sheet, and checks every result object the engine returns against it.
"""

from dataclasses import dataclass, field

# Penetration by Damage Type [seed]: the change to armour's protective rating, light | medium | heavy.
PENETRATION = {
    "impact": (1, 2, 3),
    "pierce": (-2, 1, 2),
    "slash": (-2, 2, 3),
    "projectile": (-2, 0, 2),
    "energy": (-3, -2, -1),
    "explosive": (-3, 0, 2),
}
COLUMN = {"light": 0, "medium": 1, "heavy": 2}
QUALITY = {-3: -2, -2: -1, 2: 1, 3: 2}  # [seed] Terrible -2, Poor -1, Great +1, Superb +2
LETHAL = ("Scratch", "Hurt", "Very Hurt", "Incapacitated", "Near Death")
STUN = ("Dazed", "Stunned", "Very Stunned", "Unconscious")
# Lowest damage of each level, and boxes per level: [seed] for allies and minions, [ours] for protagonists.
TRACKS = {
    ("protagonist", "lethal"): ((1, 3, 5, 7, 9), (3, 2, 1, 1, 1)),
    ("protagonist", "stun"): ((1, 3, 5, 7), (3, 2, 1, 1)),
    ("ally", "lethal"): ((1, 3, 5, 7, 9), (2, 1, 1, 1, 1)),
    ("ally", "stun"): ((1, 3, 5, 7), (2, 1, 1, 1)),
    ("minion", "lethal"): ((1, 3, 4, 5, 6), (1, 1, 1, 1, 1)),
    ("minion", "stun"): ((1, 2, 3, 4), (1, 1, 1, 1)),
}
CATEGORY = {"protagonist": "protagonist", "antagonist": "protagonist", "ally": "ally", "henchman": "ally",
            "bystander": "minion", "minion": "minion"}
# [seed] Willpower against blacking out on reaching Very Hurt (Good), Incapacitated (Great); Very Stunned asks it
# only "in some cases", so never by default.
KNOCKOUT = {("lethal", 2): 1, ("lethal", 3): 2}
# [seed] Stun penalties: (penalty, elements after this one); Very Stunned is -2 for two, then -1 for one more.
STUN_PENALTIES = {0: ((-1, 1),), 1: ((-1, 1),), 2: ((-2, 2), (-1, 3))}
RANGE_DL = {"point blank": -2, "short": 0, "medium": 1, "long": 2, "extreme": 3}  # [ours] docs/rules/farscape.md
ATTRIBUTES = ("strength", "agility", "speed", "constitution", "willpower", "intellect")
UNTRAINED = -2


def level(sheet, name):
    """A trait's level: as written on the sheet, else Fair for attributes and Poor for untrained skills."""
    return sheet.traits.get(name, 0 if name in ATTRIBUTES else UNTRAINED)


def protection(armour, damage_type):
    """The armour's rating adjusted by penetration, never below zero; nothing without armour."""
    if armour is None:
        return 0
    return max(0, armour.rating + PENETRATION[damage_type][COLUMN[armour.cls]])


def expected_damage(rating, success, damage_type, armour, strength=0, quality=0, bonus=0):
    """Damage Rating (+ Strength for muscle weapons) + success level + quality - adjusted armour."""
    return rating + strength + success + QUALITY.get(quality, 0) + bonus - protection(armour, damage_type)


@dataclass
class Shadow:
    """What the oracle expects of one combatant, kept apart from the code under test."""

    category: str
    lethal: list
    stun: list
    unconscious: bool = False
    stun_until: list = field(default_factory=list)  # (penalty, last element it applies in)
    dodge: int | None = None
    dodge_uses: int = 0
    acted: bool = False
    split: bool = False
    warned: bool = False
    engaged: tuple | None = None  # (main opponent, element of the exchange)
    pairs: dict = field(default_factory=dict)  # opponent -> element of the latest exchange with them
    wielding: str | None = None

    def worst(self, kind):
        track = self.lethal if kind == "lethal" else self.stun
        marked = [i for i, n in enumerate(track) if n]
        return marked[-1] if marked else None

    @property
    def able(self):
        worst = self.worst("lethal")
        return not self.unconscious and (worst is None or worst < 3)

    def mark(self, kind, damage):
        """Mark a wound: the level the damage lands on, then that box or the next free one up."""
        thresholds, boxes = TRACKS[(self.category, kind)]
        if damage < thresholds[0]:
            return None, None
        landed = max(i for i, low in enumerate(thresholds) if damage >= low)
        track = self.lethal if kind == "lethal" else self.stun
        for i in range(landed, len(boxes)):
            if track[i] < boxes[i]:
                track[i] += 1
                return landed, i
        return landed, None


def step(own, theirs):
    """[seed] The larger weapon's Initiative penalty: one per size step (0 unless both hold a melee weapon)."""
    return own.size - theirs.size if own is not None and theirs is not None and own.size < theirs.size else 0


class Oracle:
    """Shadow state for every combatant, and checks of each result object against it."""

    def __init__(self, tables, encounter):
        self.tables = tables
        self.element = 0
        self.later: set[str] = set()  # who acts later in this element than the move being checked
        self.sheets = {c.id: c.sheet for c in encounter.combatants}
        self.shadows = {}
        for c in encounter.combatants:
            cat = CATEGORY[c.sheet.tier]
            self.shadows[c.id] = Shadow(cat, [0] * len(TRACKS[(cat, "lethal")][1]), [0] * len(TRACKS[(cat, "stun")][1]))
        self.wounds = 0
        self.start_size = {}  # each one's weapon-size step in this element's order (against his foe as it began)

    # --- state -------------------------------------------------------------------------------------------------

    def new_element(self, number):
        self.element = number
        for s in self.shadows.values():
            s.dodge, s.dodge_uses, s.acted, s.split = None, 0, False, False

    def penalty(self, cid):
        s = self.shadows[cid]
        worst = s.worst("lethal")
        lethal = {None: 0, 0: 0, 1: -1, 2: -2}.get(worst, -3)
        stun = min((p for p, last in s.stun_until if self.element <= last), default=0)
        return lethal + stun

    def active(self, element):
        """Tell whether an engagement made in ``element`` still holds: that element and the next [ours]."""
        return self.element <= element + 1

    def partners(self, target, shooter):
        """Who is in a melee with the target now: engaged either way, still standing, not the shooter.

        A target taken out is in no melee himself.
        """
        s = self.shadows[target]
        if not s.able:
            return []
        found = []
        if s.engaged is not None and self.active(s.engaged[1]):
            found.append(s.engaged[0])
        for cid, other in self.shadows.items():
            if other.engaged is not None and other.engaged[0] == target and self.active(other.engaged[1]):
                found.append(cid)
        return [p for p in dict.fromkeys(found) if p not in (target, shooter) and self.shadows[p].able]

    def opponents(self, cid, now):
        """Those he fights now, plus everyone still engaged with him and standing."""
        earlier = [o for o, e in self.shadows[cid].pairs.items() if self.active(e) and self.shadows[o].able]
        return list(dict.fromkeys([*now, *earlier]))

    def melee_weapon(self, cid):
        keys = [self.shadows[cid].wielding, *self.sheets[cid].weapons]
        return next((self.tables.weapons[k] for k in keys if k and self.tables.weapons[k].kind == "melee"), None)

    def armour(self, cid, area="torso"):
        key = self.sheets[cid].armour
        armour = None if key is None else self.tables.armour[key]
        return armour if armour is not None and area in armour.covers else None

    def size_step(self, cid):
        """The weapon-size step against a standing engaged foe (0: none, or his weapon is not the larger)."""
        s = self.shadows[cid]
        if s.engaged is not None and self.active(s.engaged[1]) and self.shadows[s.engaged[0]].able:
            return step(self.melee_weapon(cid), self.melee_weapon(s.engaged[0]))
        return 0

    def initiative(self, cid):
        """Speed + wound and stun penalties + weapon-size steps against a standing engaged foe; Agility tiebreak."""
        sheet = self.sheets[cid]
        return (level(sheet, "speed") + self.penalty(cid) + self.size_step(cid),), (level(sheet, "agility"),)

    def compare(self, encounter, can_act):
        """The engine's tracks and who can act must match the shadow exactly."""
        for c in encounter.combatants:
            s = self.shadows[c.id]
            assert list(c.health.lethal.filled) == s.lethal, (c.id, c.health.lethal, s.lethal)
            assert list(c.health.stun.filled) == s.stun, (c.id, c.health.stun, s.stun)
            assert can_act(c) == s.able, (c.id, s)

    # --- wounds ------------------------------------------------------------------------------------------------

    def wound(self, victim, kind, value, harm):
        """Check one wound against the victim's tier track, and mark it on the shadow."""
        if value <= 0:
            assert harm is None or (harm.wound.landed is None and harm.wound.marked is None)
            return
        self.wounds += 1
        s = self.shadows[victim]
        names = LETHAL if kind == "lethal" else STUN
        before = s.worst(kind)
        landed, marked = s.mark(kind, value)
        assert harm is not None and harm.target == victim
        assert (harm.wound.kind, harm.wound.damage) == (kind, value)
        assert harm.wound.landed == names[landed]
        assert harm.wound.marked == (None if marked is None else names[marked])
        difficulty = KNOCKOUT.get((kind, marked))
        rolls = difficulty is not None and s.worst(kind) != before and not s.unconscious
        assert (harm.willpower is not None) == rolls, (victim, harm)
        if rolls:
            roll = harm.willpower.roll
            assert harm.willpower.difficulty == difficulty
            assert roll.level == level(self.sheets[victim], "willpower")
            if roll.level + roll.modifier + sum(roll.dice.faces) < difficulty:
                s.unconscious = True
        if kind == "stun" and marked in STUN_PENALTIES:
            # [seed] "for one element": the victim's next element of actions, this one when he acts later in it
            first = self.element if victim in self.later else self.element + 1
            s.stun_until += [(p, first + n - 1) for p, n in STUN_PENALTIES[marked]]
        if s.worst("stun") == 3 or s.worst("lethal") == 4:
            s.unconscious = True
        assert harm.unconscious == s.unconscious
        assert harm.out == (not s.able)

    def dodge_value(self, cid, roll, skill="agility", modifier=0):
        """Check a dodge roll from its dice and store it for the element (-1 when already acting)."""
        s = self.shadows[cid]
        expected = self.penalty(cid) + modifier + (-1 if s.acted and not s.split else 0)
        assert (roll.level, roll.modifier) == (level(self.sheets[cid], skill), expected)
        if s.acted:
            s.split = True
        s.dodge, s.dodge_uses = roll.level + expected + sum(roll.dice.faces), 0
        return s.dodge

    def use_dodge(self, cid, use):
        """The dodge one attack meets: the stored roll (rolled free when none was declared), declining [seed]."""
        s = self.shadows[cid]
        assert use is not None, f"{cid} should have met this attack with a dodge"
        if s.dodge is None:
            assert use.rolled is not None and use.rolled.free
            self.dodge_value(cid, use.rolled.roll)
        else:
            assert use.rolled is None
        decline = 0 if s.category == "protagonist" else -s.dodge_uses
        s.dodge_uses += 1
        assert use.stored + use.decline == s.dodge + decline
        return s.dodge + decline
