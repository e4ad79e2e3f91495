"""A whole Farscape encounter through the real bot: start, add, begin, act to the end, summaries, permissions."""

from __future__ import annotations

import json

import pytest
from fray_kit import Fray

CREW = {"Aeryn": "carol", "D'Argo": "dave"}
FOES = ["Peacekeeper trooper 1", "Peacekeeper trooper 2"]


async def set_the_scene(fray: Fray) -> None:
    await fray.answer(fray.gm, "encounter start", system="farscape", name="Docking ring")
    await fray.answer(fray.gm, "encounter add", name="Aeryn", owner=fray.carol, side="crew", tier="protagonist",
                      stats="Agility=Great, Speed=Good, Energy Weapons=Great", weapon="pulse rifle")
    await fray.answer(fray.gm, "encounter add", name="D'Argo", owner=fray.dave, side="crew", tier="protagonist",
                      stats="Strength=Great, Speed=Good, Melee Weapon=Great", weapon="sword")
    await fray.answer(fray.gm, "encounter add", template="peacekeeper trooper", count=2)


def export_of(fray: Fray) -> dict:
    return json.loads(fray.double.messages()[-1].file_bytes("encounter.json"))


@pytest.mark.asyncio
async def test_a_whole_encounter_runs_to_its_end_with_round_summaries(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        begun = await fray.answer(fray.gm, "encounter begin")
        assert "Aeryn" in begun.content and fray.double.pinged(begun) == {fray.carol}
        users = {"carol": fray.carol, "dave": fray.dave}
        for _ in range(40):
            status = await fray.say(fray.gm, "encounter status")
            state = fray.bot.rosters[fray.double.channel_id][1]
            able = {c.name for c in state.combatants if fray.bot.services.system("farscape").can_act(c, "action")}
            foes_up = [f for f in FOES if f in able]
            crew_up = [c for c in CREW if c in able]
            assert status is not None
            if not foes_up or not crew_up:
                break
            actor = state.get(state.turns.current.waiting[0]).name
            if actor in CREW:
                message = await fray.answer(users[CREW[actor]], "attack", target=foes_up[0])
            else:
                message = await fray.answer(fray.gm, "attack", target=crew_up[0], **{"as": actor})
                asked = [cid for cid in message.custom_ids if cid.startswith("fray:react:")]
                if asked:  # a real shot at a player's character waits for the player: Dodge or Take it
                    player = users[CREW[crew_up[0]]]
                    assert fray.double.pinged(message) == {player}
                    choice = asked[len(fray.double.messages()) % 2]
                    clicked = await fray.double.click(message, choice, user=player)
                    await clicked.response()
                    message = clicked.original
            assert message.embeds, "an action answers with an embed"
            text = message.embeds[0]["description"]
            assert "dice [" in text and ("▢" in text or "+" in text)
            next_player = fray.bot.rosters[fray.double.channel_id][1]
            waiting = next_player.turns.current.waiting if next_player.turns.current else ()
            owners = {int(next_player.get(w).owner) for w in waiting if next_player.get(w).owner}
            assert fray.double.pinged(message) <= owners, (message.content, message.allowed_mentions)
        else:
            pytest.fail("the fight did not end in 40 actions")
        summaries = [m for m in fray.double.messages() if m.embeds and "summary" in m.embeds[0].get("title", "")]
        assert summaries, "a round summary is posted when a round ends"
        rounds = [int(m.embeds[0]["title"].split()[1]) for m in summaries]
        assert rounds == list(range(1, len(rounds) + 1))
        for summary in summaries:
            assert fray.double.pinged(summary) == set()
        await fray.say(fray.gm, "encounter export")
        ended = await fray.answer(fray.gm, "encounter end")
        assert "ended" in ended.embeds[0]["title"].lower()
        last = rounds[-1] + 1
        title = f"Round {last} summary"
        final = await fray.double.wait_for_message(lambda m: bool(m.embeds) and m.embeds[0]["title"] == title)
        assert fray.double.pinged(final) == set()
        everyone = {fray.gm, fray.carol, fray.dave, fray.onlooker}
        for message in fray.double.messages():
            assert fray.double.pinged(message) <= everyone - {fray.gm, fray.onlooker}


@pytest.mark.asyncio
async def test_the_wrong_user_is_refused_privately_and_nothing_changes(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        assert "Only the GM" in await fray.refusal(fray.carol, "encounter begin")
        await fray.answer(fray.gm, "encounter begin")
        refused = await fray.refusal(fray.dave, "attack", target="Peacekeeper trooper 1")
        assert "It is Aeryn's turn" in refused
        assert "no combatant" in await fray.refusal(fray.onlooker, "attack", target="Aeryn")
        assert "not yours" in await fray.refusal(fray.dave, "attack", target="Peacekeeper trooper 1",
                                                  **{"as": "Aeryn"})
        unknown = await fray.refusal(fray.carol, "attack", target="Peacekeper trooper 1")
        assert "did you mean 'Peacekeeper trooper 1'" in unknown
        mention = await fray.refusal(fray.carol, "attack", target="@everyone")
        assert "@everyone" not in mention.replace("@\u200beveryone", "")
        state = fray.bot.rosters[fray.double.channel_id][1]
        assert all(c.health.lethal.level is None for c in state.combatants)


@pytest.mark.asyncio
async def test_autocomplete_offers_the_channel_s_combatants_weapons_and_moves(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        targets = await fray.double.autocomplete("attack", {"target": "troop"}, focused="target", user=fray.carol)
        assert [c.value for c in targets] == FOES
        weapons = await fray.double.autocomplete("attack", {"target": "x", "weapon": ""}, focused="weapon",
                                                 user=fray.carol)
        assert [c.value for c in weapons] == ["pulse rifle"]
        moves = await fray.double.autocomplete("act", {"move": "gr"}, focused="move", user=fray.carol)
        assert {c.value for c in moves} >= {"grapple", "grenade"}
        # The value chosen is checked again on the server: a name that is not in the fight is refused.
        assert "No combatant named" in await fray.refusal(fray.carol, "attack", target="Rygel")


@pytest.mark.asyncio
async def test_tied_players_acting_together_are_each_pinged(fray: Fray) -> None:
    async with fray.running():
        await fray.answer(fray.gm, "encounter start", system="farscape")
        for name, player in (("Aeryn", fray.carol), ("Zhaan", fray.dave)):
            await fray.answer(fray.gm, "encounter add", name=name, owner=str(player), side="crew", tier="protagonist",
                              stats="Agility=Great, Speed=Great, Energy Weapons=Great", weapon="pulse rifle")
        await fray.answer(fray.gm, "encounter add", template="peacekeeper trooper", count=1)
        begun = await fray.answer(fray.gm, "encounter begin")
        assert "Aeryn and Zhaan act together" in begun.content
        assert fray.double.pinged(begun) == {fray.carol, fray.dave}
        assert f"<@{fray.carol}>, <@{fray.dave}>, you're up." in begun.content
