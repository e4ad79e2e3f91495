"""Bad input: each gives one clear FrayError message and leaves the encounter's export unchanged byte for byte."""

import pytest
from services_kit import BOB, CAROL, EVE, GM, TROOPER_1, Table, start_duel

from bot.services.errors import NotAllowed, UnknownCommand
from combat.errors import (
    AmbiguousName,
    DiceError,
    InvalidInput,
    InvalidSheet,
    NotYourTurn,
    TooManyDice,
    UnknownName,
)

pytestmark = pytest.mark.asyncio


async def test_an_unknown_target_suggests_the_nearest_name(duel: Table):
    message = await duel.refused(BOB, "attack", UnknownName, target="Peacekeper trooper 1")
    assert message == "No combatant named 'Peacekeper trooper 1' here; did you mean 'Peacekeeper trooper 1'?"
    message = await duel.refused(BOB, "attack", UnknownName, target="aeryn sun")
    assert "did you mean 'Aeryn'?" in message
    message = await duel.refused(GM, "encounter remove", UnknownName, target="Zhaan")
    # Nothing close: the names in the fight are offered instead.
    assert message == ("No combatant named 'Zhaan' here; choose one of Crichton, Aeryn, Peacekeeper trooper 1, "
                       "Peacekeeper trooper 2.")


async def test_an_ambiguous_target_lists_the_candidates(duel: Table):
    message = await duel.refused(BOB, "attack", AmbiguousName, target="peacekeeper")
    assert "'Peacekeeper trooper 1', 'Peacekeeper trooper 2'" in message and "full name" in message


async def test_acting_out_of_turn_is_refused(duel: Table):
    message = await duel.refused(CAROL, "attack", NotYourTurn, target=TROOPER_1)
    assert message == "It is Crichton's turn, not Aeryn's."
    await duel.refused(GM, "attack", NotYourTurn, target="Crichton", **{"as": TROOPER_1})


async def test_acting_for_someone_elses_combatant_is_refused(duel: Table):
    message = await duel.refused(CAROL, "attack", NotAllowed, target=TROOPER_1, **{"as": "Crichton"})
    assert message == "Crichton is not yours to command; only their player or the GM can."


async def test_gm_commands_from_a_player_are_refused(duel: Table):
    for path, options, what in (
        ("encounter add", {"name": "Stark"}, "add combatants"),
        ("encounter remove", {"target": "Aeryn"}, "remove combatants"),
        ("encounter begin", {}, "begin the fight"),
        ("encounter undo", {}, "undo"),
        ("encounter end", {}, "end the encounter"),
        ("encounter gm", {"tool": "surprise", "side": "foes"}, "use the GM's tools"),
    ):
        message = await duel.refused(BOB, path, NotAllowed, **options)
        assert message == f"Only the GM can {what}."


async def test_an_unknown_move_names_the_moves_there_are(duel: Table):
    message = await duel.refused(BOB, "act", UnknownCommand, move="teleport", target=TROOPER_1)
    assert message.startswith("FUDGE Farscape has no move 'teleport'; its moves are ")
    assert "shoot" in message and "reload" in message


async def test_a_missing_move_or_tool_says_where_they_are_listed(duel: Table):
    message = await duel.refused(BOB, "act", InvalidInput, target=TROOPER_1)
    assert message == "/act needs move: The move. /help act lists the moves of this channel's fight."
    message = await duel.refused(GM, "encounter gm", InvalidInput)
    assert message == "/encounter gm needs tool: The tool. /help gm lists the GM tools of this channel's fight."


async def test_dodge_in_a_system_without_one_says_how_it_defends(table: Table):
    await table.run(GM, "encounter start", system="deryni")
    message = await table.refused(GM, "dodge", UnknownCommand)
    assert message.startswith("FUDGE Deryni has no move 'dodge'; its moves are attack, ")
    assert message.endswith("The one attacked picks a defence before any die rolls: it is asked for with the attack "
                            "(/encounter react, or the buttons).")


async def test_an_unknown_option_for_a_move_names_its_options(duel: Table):
    message = await duel.refused(BOB, "attack", InvalidInput, target=TROOPER_1, colour="red")
    assert message.startswith("attack has no option 'colour'; its options are ")
    assert "weapon" in message and "range" in message
    message = await duel.refused(BOB, "dodge", InvalidInput, weapon="pulse pistol")
    assert message == "dodge has no option 'weapon'; its options are skill, dodging."


async def test_a_bad_value_for_a_known_option_is_refused(duel: Table):
    await duel.refused(BOB, "attack", InvalidInput, target=TROOPER_1, range="miles")
    await duel.refused(BOB, "dodge", InvalidInput, skill="flying")
    await duel.refused(BOB, "dodge", InvalidInput, target="Aeryn")


@pytest.mark.parametrize(
    ("stats", "error", "fragment"),
    [
        ("Agility", InvalidInput, "'Agility' is not a trait"),
        ("Agility=", InvalidInput, "needs a trait and a level"),
        ("=Good", InvalidInput, "needs a trait and a level"),
        ("Agility=Wonderful", InvalidSheet, "'Wonderful' is not a ladder level"),
        ("Telepathy=Good", UnknownName, "No attribute or skill named 'telepathy'"),
        ("Agility=Good Speed=Great", InvalidSheet, "is not a ladder level"),
    ],
)
async def test_malformed_stats_are_refused(duel: Table, stats: str, error: type, fragment: str):
    message = await duel.refused(GM, "encounter add", error, name="Stark", stats=stats)
    assert fragment in message


async def test_an_unknown_template_or_weapon_is_refused(duel: Table):
    assert await duel.refused(GM, "encounter add", UnknownName, template="dragon") == (
        "No template named 'dragon' here; choose one of peacekeeper trooper, peacekeeper commando, scarran, "
        "bounty hunter, bystander, riot guard."
    )
    message = await duel.refused(GM, "encounter add", UnknownName, template="peacekeeper troper")
    assert "did you mean" in message and "eacekeeper trooper" in message
    assert (await duel.refused(GM, "encounter add", UnknownName, name="Stark", weapon="bfg")).startswith(
        "No weapon named 'bfg' here; choose one of knuckleduster, blackjack, knife, "
    )
    await duel.refused(GM, "encounter add", UnknownName, name="Stark", armour="force field")
    # Naming a weapon the attacker does not carry.
    await duel.refused(BOB, "attack", UnknownName, target=TROOPER_1, weapon="bfg")


@pytest.mark.parametrize("count", ["21", "0", "1000000000000000000000", "-3", "two", "2.5", "", "²"])
async def test_a_count_out_of_range_or_not_a_number_is_refused(duel: Table, count: str):
    message = await duel.refused(GM, "encounter add", InvalidInput, template="peacekeeper trooper", count=count)
    assert "count must be" in message and "20" in message


async def test_the_largest_count_is_allowed(duel: Table):
    reply = await duel.run(GM, "encounter add", name="Drone", count="20")
    assert reply.body.names == tuple(f"Drone {n}" for n in range(1, 21))


@pytest.mark.parametrize(
    ("dice", "error"),
    [
        ("3d", DiceError),
        ("d1", DiceError),
        ("2d6+", DiceError),
        ("four dice", DiceError),
        ("@everyone", DiceError),
        ("1" * 41, DiceError),
        ("101d6", TooManyDice),
        ("99999999999999999999d6", TooManyDice),
    ],
)
async def test_malformed_or_oversized_dice_roll_nothing(duel: Table, dice: str, error: type):
    duel.dice.queue(BOB.channel_id, (4, 2))
    message = await duel.refused(BOB, "roll", error, dice=dice)
    assert "dice" in message or "die" in message
    assert duel.dice.queued(BOB.channel_id) == 2  # no die was rolled


async def test_a_good_roll_uses_the_queued_faces(duel: Table):
    duel.dice.queue(EVE.channel_id, (4, 2, 6))
    reply = await duel.run(EVE, "roll", dice="3d6+2")
    assert reply.body.spec == "3d6+2"
    assert reply.body.roll.faces == (4, 2, 6) and reply.body.roll.total == 14


async def test_names_over_100_characters_are_refused(duel: Table):
    message = await duel.refused(GM, "encounter add", InvalidInput, name="S" * 101)
    assert message == "That name is 101 characters long; keep it to 100."
    # Numbering must not push a long name over the limit either.
    await duel.refused(GM, "encounter add", InvalidInput, name="S" * 99, count="2")


async def test_names_of_up_to_100_characters_are_stored_on_every_backend(duel: Table):
    # The roster's key column is narrower than a name: two long names alike for 90 characters stay apart.
    long_names = ["Stark " + "x" * 84 + "-" + tail for tail in ("first", "other")] + ["İ" * 100]
    for name in long_names:
        await duel.run(GM, "encounter add", name=name, side="S" * 32)
    names = [c["name"] for c in (await duel.export())["combatants"]]
    assert names[-3:] == long_names and len(set(names)) == len(names)
    # They can be named as targets like anyone else, and acted for.
    await duel.run(GM, "encounter remove", target=long_names[1])
    await duel.run(GM, "dodge", **{"as": long_names[2]})
    await duel.refused(GM, "encounter add", InvalidInput, name=long_names[0])


async def test_sides_over_32_characters_are_refused(duel: Table):
    message = await duel.refused(GM, "encounter add", InvalidInput, name="Stark", side="S" * 33)
    assert message == "That side is 33 characters long; keep it to 32."


@pytest.mark.parametrize("owner", ["<@" + "1" * 21 + ">", "<@²>", "<@>", "bob"])
async def test_an_owner_that_is_not_a_discord_id_is_refused(duel: Table, owner: str):
    message = await duel.refused(GM, "encounter add", InvalidInput, name="Stark", owner=owner)
    assert message == "owner must be a user mention, like @player."


@pytest.mark.parametrize("name", ["**Bob**", "@everyone", "<@123>", "@here", "Bob`s", "__Bob__", "[Bob](x)", "  "])
async def test_markdown_and_mentions_in_names_are_refused(duel: Table, name: str):
    message = await duel.refused(GM, "encounter add", InvalidInput, name=name)
    for dangerous in ("@", "*", "<", "`", "["):
        assert dangerous not in message
    await duel.refused(GM, "encounter add", InvalidInput, name="Stark", side=name)


@pytest.mark.parametrize("name", ["**Bob**", "@everyone", "<@123>", "x" * 101])
async def test_markdown_and_mentions_in_other_names_are_refused(table: Table, name: str):
    with pytest.raises(InvalidInput):
        await table.run(GM, "encounter start", system="farscape", name=name)
    await start_duel(table)
    await table.refused(BOB, "character create", InvalidInput, name=name, system="farscape")
    assert (await table.run(BOB, "character list")).body.characters == ()


async def test_an_owner_that_is_not_a_mention_is_refused(duel: Table):
    message = await duel.refused(GM, "encounter add", InvalidInput, name="Stark", owner="@everyone")
    assert message == "owner must be a user mention, like @player."


async def test_a_modifier_from_a_non_gm_is_refused(duel: Table):
    message = await duel.refused(BOB, "attack", NotAllowed, target=TROOPER_1, modifier="+1")
    assert message == "Only the GM can grant a modifier."
    await duel.refused(BOB, "dodge", NotAllowed, modifier="-1")
    # The GM's own modifiers are checked too.
    await duel.refused(GM, "attack", InvalidInput, target=TROOPER_1, modifier="+9", **{"as": "Crichton"})
    await duel.refused(GM, "attack", InvalidInput, target=TROOPER_1, modifier="lots", **{"as": "Crichton"})


async def test_an_unknown_system_is_refused(table: Table):
    with pytest.raises(InvalidInput, match="no rule system 'dnd'"):
        await table.run(GM, "encounter start", system="dnd")
    with pytest.raises(InvalidInput, match="no rule system 'dnd'"):
        await table.run(GM, "character create", name="Stark", system="dnd")


async def test_a_log_round_that_is_not_a_number_is_refused(duel: Table):
    assert await duel.refused(EVE, "encounter log", InvalidInput, round="last") == (
        "round must be a whole number from 1 to 1000000; 'last' is not."
    )
