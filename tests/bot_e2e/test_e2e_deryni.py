"""FUDGE Deryni through the real bot against the local Discord double.

Two against two: the roll-offs, a hold and its release, the defence asked by buttons naming exactly the defender's
options (with the default stated and only his player pinged), a shield block, a disarm, the refusal to strike with
the sword that parried, a knock-out, an all-out defence, a Death Test whose FUDGE points are spent by buttons after
the roll, and the round summaries (with the end-of-round Consciousness Tests) posted.
"""

from __future__ import annotations

import pytest
from fray_kit import Fray

MORGAN = ("Agility=Good, Strength=Good, Broadsword=Great, Shield=Good, Dodge=Fair, Damage Capacity=Good, "
          "Stamina=Good")
DUNCAN = "Strength=Good, Greatsword=Great, Dodge=Fair, Acrobatics=Good, Stamina=Fair"


def buttons(message) -> dict[str, str]:
    """Return the message's choice buttons by their choice key."""
    return {cid.split(":")[3]: cid for cid in message.custom_ids if cid.startswith("fray:react:")}


def text(message) -> str:
    return message.embeds[0]["description"]


async def click(fray: Fray, message, choice: str, user: int):
    clicked = await fray.double.click(message, buttons(message)[choice], user=user)
    await clicked.response()
    return clicked.original


def summary(n: int):
    return lambda m: bool(m.embeds) and m.embeds[0].get("title") == f"Round {n} summary"


def queue(fray: Fray, faces: str) -> None:
    fray.dice.queue(fray.double.channel_id, [{"+": 1, "0": 0, "-": -1}[f] for f in faces.split()])


@pytest.mark.asyncio
async def test_a_deryni_fight_with_defence_buttons_and_round_summaries(fray: Fray) -> None:
    async with fray.running():
        await fray.answer(fray.gm, "encounter start", system="deryni", name="Rhemuth yard")
        await fray.answer(fray.gm, "encounter add", name="Morgan", owner=fray.carol, side="heroes", tier="hero",
                          stats=MORGAN, weapon="broadsword", shield="kite shield", armour="mail")
        await fray.answer(fray.gm, "encounter add", name="Duncan", owner=fray.dave, side="heroes", tier="hero",
                          stats=DUNCAN, weapon="greatsword", armour="leather")
        await fray.answer(fray.gm, "encounter add", template="knight", name="Sir Ewan")
        await fray.answer(fray.gm, "encounter add", template="man-at-arms", name="Rogier")
        queue(fray, "+ + 0 0 + 0 - 0")
        begun = await fray.answer(fray.gm, "encounter begin")
        assert "Roll-off at Great (+2), Initiative + 2dF: Morgan [+ +]" in text(begun)

        # Morgan leads and holds; Sir Ewan's attack waits for Morgan's player, with exactly his defences.
        await fray.answer(fray.carol, "encounter hold")
        declared = await fray.answer(fray.gm, "attack", target="Morgan", **{"as": "Sir Ewan"})
        assert list(buttons(declared)) == ["shield", "parry", "dodge", "acrobatics", "allout-shield",
                                           "allout-parry", "allout-dodge", "allout-acro", "none"]
        assert fray.double.pinged(declared) == {fray.carol}
        assert "without an answer in time: Parry (broadsword)" in text(declared)
        refused = await fray.double.click(declared, buttons(declared)["shield"], user=fray.dave)
        await refused.response()
        assert refused.ephemeral, "only Morgan's player (or the GM) answers"
        queue(fray, "0 0 + +")
        blocked = await click(fray, declared, "shield", fray.carol)
        assert "Morgan blocks with their kite shield: Shield Good (+1), dice [+ +] +2 → Superb (+3)" in text(blocked)

        # Duncan disarms Rogier: skill against skill, then Strength against Strength.
        queue(fray, "+ + - 0 0 0 0 -")
        disarmed = await fray.answer(fray.dave, "attack", target="Rogier", extra="disarm=weapon")
        assert "Rogier's greatsword falls to the floor" in text(disarmed)

        # Morgan releases; Sir Ewan blocks; Rogier picks his greatsword up and the round ends.
        await fray.answer(fray.carol, "encounter release")
        queue(fray, "0 0 + 0")
        await fray.answer(fray.carol, "attack", target="Sir Ewan")
        await fray.answer(fray.gm, "act", move="pickup", **{"as": "Rogier"})
        first = await fray.double.wait_for_message(summary(1))
        assert "Duncan → Rogier: hit, disarmed: greatsword" in text(first)

        # Round 2: a knock-out, then an all-out defence the GM set for Rogier.
        queue(fray, "+ + - 0 + 0 0 0")
        knocked = await fray.answer(fray.carol, "attack", target="Sir Ewan", extra='knockout="the flat of his blade"')
        assert "Sir Ewan is knocked out" in text(knocked)
        await fray.answer(fray.gm, "encounter gm", tool="defence", target="Rogier", options="defence=allout-parry")
        queue(fray, "0 0 0 0 0 + + +")
        await fray.answer(fray.dave, "attack", target="Rogier")
        second = await fray.double.wait_for_message(summary(2))
        assert "Morgan → Sir Ewan: hit, Critical, knocked out\n" in text(second)  # "out" said once

        # Round 3: Rogier wounds Duncan; the Death Test's FUDGE points are asked by buttons, before and after.
        declared = await fray.answer(fray.gm, "attack", target="Duncan", **{"as": "Rogier"})
        assert fray.double.pinged(declared) == {fray.dave}
        queue(fray, "0 0 + 0")
        asked = await click(fray, declared, "dodge", fray.dave)
        assert list(buttons(asked)) == ["roll", "spend"] and "Death Test for a Very Hurt wound" in text(asked)
        queue(fray, "+ - 0 0")
        failed = await click(fray, asked, "roll", fray.dave)
        assert list(buttons(failed)) == ["spend", "accept"] and "against Good (+1): fails" in text(failed)
        bought = await click(fray, failed, "spend", fray.dave)
        assert ("Duncan spends 2 FUDGE points after the failed Death Test for the Very Hurt wound, and lives"
                in text(bought))

        # Morgan strikes Rogier down; as the round ends, the Consciousness Tests join the round summary.
        queue(fray, "+ + + 0 + + + 0")
        await fray.answer(fray.carol, "attack", target="Rogier")
        queue(fray, "- - 0 0 0 0 0 0")
        await fray.answer(fray.dave, "encounter next")
        third = await fray.double.wait_for_message(summary(3))
        assert "Rogier: Consciousness Test (falls unconscious)" in text(third)
        assert "Duncan: Death Test (passed with 2 FUDGE points)" in text(third)


@pytest.mark.asyncio
async def test_striking_with_the_sword_that_parried_is_refused_saying_why(fray: Fray) -> None:
    async with fray.running():
        await fray.answer(fray.gm, "encounter start", system="deryni", name="Yard")
        await fray.answer(fray.gm, "encounter add", template="knight", name="Sir Ewan")
        await fray.answer(fray.gm, "encounter add", name="Morgan", owner=fray.carol, side="heroes", stats=MORGAN,
                          weapon="broadsword")
        queue(fray, "+ + 0 0")
        await fray.answer(fray.gm, "encounter begin")  # Sir Ewan leads the roll-off
        declared = await fray.answer(fray.gm, "attack", target="Morgan", **{"as": "Sir Ewan"})
        assert list(buttons(declared)) == ["parry", "dodge", "acrobatics", "allout-parry", "allout-dodge",
                                           "allout-acro", "none"]
        queue(fray, "0 0 + +")
        await click(fray, declared, "parry", fray.carol)
        refused = await fray.refusal(fray.carol, "attack", target="Sir Ewan")
        assert refused.startswith("Morgan parried with their broadsword this round, so cannot strike with it too")
        assert "weapon:unarmed" in refused


@pytest.mark.asyncio
async def test_slash_dodge_answers_the_defence_the_fight_waits_for(fray: Fray) -> None:
    async with fray.running():
        await fray.answer(fray.gm, "encounter start", system="deryni", name="Road")
        await fray.answer(fray.gm, "encounter add", name="Duncan", owner=fray.dave, side="heroes", stats=DUNCAN,
                          weapon="greatsword")
        await fray.answer(fray.gm, "encounter add", name="Bandit", side="bandits",
                          stats="Agility=Superb, Dagger=Fair", weapon="dagger")
        await fray.answer(fray.gm, "encounter begin")
        declared = await fray.answer(fray.gm, "attack", target="Duncan", **{"as": "Bandit"})
        assert "dodge" in buttons(declared)
        refused = await fray.refusal(fray.carol, "dodge")
        assert refused.startswith("Waiting for Duncan to choose"), "only the asked player's /dodge answers"
        queue(fray, "0 0 0 0")  # Dagger Fair + [0 0] = Fair against Dodge Fair + [0 0] = Fair: the tie is Duncan's
        dodged = await fray.answer(fray.dave, "dodge")
        assert "Duncan dodges: Dodge Fair (0), dice [▢ ▢] 0 → Fair (0)" in text(dodged)
        assert "A tie goes to the defender: Duncan stops the attack" in text(dodged)
