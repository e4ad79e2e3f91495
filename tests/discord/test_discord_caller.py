"""An app command's options as the services read them: text, a switch as yes or no, a member as its id."""

from __future__ import annotations

import discord

from bot.discord.caller import options_of


def test_every_kind_of_option_becomes_text_and_an_option_not_given_is_left_out() -> None:
    member = discord.Object(1234567890)
    given = {"target": "Aeryn", "aware": False, "extend": True, "rounds": 6, "range": 2.5, "who": member,
             "stance": None}
    assert options_of(given) == {"target": "Aeryn", "aware": "no", "extend": "yes", "rounds": "6", "range": "2.5",
                                 "who": "1234567890"}


def test_text_that_names_a_number_stays_the_text_given() -> None:
    assert options_of({"dice": "4dF", "modifier": "-1"}) == {"dice": "4dF", "modifier": "-1"}


def test_the_name_book_keeps_the_players_seen_last_and_names_the_rest_someone() -> None:
    from types import SimpleNamespace

    from bot.discord.names import GuildNames, NameBook

    book = NameBook(size=2)
    for ident, name in ((1, "Ann"), (2, "Bo"), (3, "Cy")):
        book.note(SimpleNamespace(id=ident, display_name=name, global_name=name, name=name.lower()))  # type: ignore[arg-type]
    names = GuildNames(None, book)
    assert [names.name(i) for i in (1, 2, "3", None, "x")] == ["someone", "Bo", "Cy", "someone", "someone"]


def test_a_nickname_is_kept_for_its_own_server_and_elsewhere_the_player_goes_by_his_own_name() -> None:
    from types import SimpleNamespace

    from bot.discord.names import GuildNames, NameBook

    book = NameBook()
    book.note(SimpleNamespace(id=7, display_name="Captain X", global_name=None, name="xavier"), 100)  # type: ignore[arg-type]
    here = SimpleNamespace(id=100, get_member=lambda _: None)
    elsewhere = SimpleNamespace(id=200, get_member=lambda _: None)
    assert GuildNames(here, book).name(7) == "Captain X"  # type: ignore[arg-type]
    assert GuildNames(elsewhere, book).name(7) == "xavier"  # type: ignore[arg-type]
