"""The local table's line parser: every line form, and one clear FrayError for every malformed line."""

from __future__ import annotations

import pytest

from bot.console.parser import MAX_LINE, CommandLine, DiceLine, parse_line
from bot.services.args import Args, parse_args
from bot.services.errors import UnknownCommand
from combat.errors import DiceError, FrayError, InvalidInput


def command(line: str) -> CommandLine:
    parsed = parse_line(line)
    assert isinstance(parsed, CommandLine), parsed
    return parsed


def dice(line: str) -> DiceLine:
    parsed = parse_line(line)
    assert isinstance(parsed, DiceLine), parsed
    return parsed


def error(line: str, kind: type[FrayError] = FrayError) -> str:
    """Parse a bad line; return its message after checking it is one readable line."""
    with pytest.raises(kind) as caught:
        parse_line(line)
    message = caught.value.message
    assert message and "\n" not in message and "Traceback" not in message
    assert str(caught.value) == message
    return message


# --- users, channels and command paths ---------------------------------------------------------------------------


def test_user_is_lowercased_and_the_channel_is_optional() -> None:
    line = command("@Alice /encounter status")
    assert (line.user, line.channel, line.command.path, line.options) == ("alice", None, "encounter status", {})


def test_channel_after_the_user() -> None:
    line = command("@alice #Bridge /encounter status")
    assert (line.user, line.channel) == ("alice", "bridge")


def test_one_word_command() -> None:
    line = command("@carol /attack target:Trooper")
    assert line.command.path == "attack"
    assert line.options == {"target": "Trooper"}


def test_two_word_command_in_any_case() -> None:
    line = command("@gm /ENCOUNTER Start system:farscape")
    assert line.command.path == "encounter start"
    assert line.options == {"system": "farscape"}


def test_a_first_option_is_not_taken_for_a_second_command_word() -> None:
    line = command("@gm /roll dice:4dF")
    assert line.command.path == "roll"
    assert line.options == {"dice": "4dF"}


# --- options -----------------------------------------------------------------------------------------------------


def test_quoted_values_keep_spaces_commas_apostrophes_and_colons() -> None:
    line = command(
        '@gm /encounter add name:"D\'Argo" stats:"Strength=Great, Melee Weapon=Great" weapon:"pulse pistol" side:"a:b"'
    )
    assert line.options == {
        "name": "D'Argo",
        "stats": "Strength=Great, Melee Weapon=Great",
        "weapon": "pulse pistol",
        "side": "a:b",
    }


def test_option_names_are_case_insensitive_values_are_not() -> None:
    assert command("@carol /attack Target:Peacekeeper").options == {"target": "Peacekeeper"}


def test_an_optional_option_may_be_empty() -> None:
    assert command('@gm /encounter start system:farscape name:""').options == {"system": "farscape", "name": ""}


def test_move_commands_pass_the_moves_own_options_through() -> None:
    # /attack's options are checked by the chosen move (range, mode, …), not by the command table.
    line = command("@carol /attack target:Trooper range:short mode:burst")
    assert line.options == {"target": "Trooper", "range": "short", "mode": "burst"}


# --- comments and blank lines ------------------------------------------------------------------------------------


@pytest.mark.parametrize("line", ["", "   ", "# a comment", "   # indented comment", "#no space after the hash"])
def test_blank_lines_and_whole_line_comments_are_nothing(line: str) -> None:
    assert parse_line(line) is None


@pytest.mark.parametrize("tail", [" # a note", "  #", "\t# tabbed note", ' # note with name:"quotes"'])
def test_trailing_comment_is_dropped(tail: str) -> None:
    assert command("@gm /encounter start system:farscape" + tail).options == {"system": "farscape"}


def test_a_hash_inside_quotes_or_a_word_is_not_a_comment() -> None:
    assert command('@gm /encounter start system:farscape name:"Bay # 4"').options["name"] == "Bay # 4"
    assert command("@gm /encounter start system:farscape name:Bay#4").options["name"] == "Bay#4"


# --- dice --------------------------------------------------------------------------------------------------------


def test_dice_with_fudge_glyphs() -> None:
    assert dice("!dice + + 0 -") == DiceLine(None, (1, 1, 0, -1))
    assert dice("!dice − ▢ _ .") == DiceLine(None, (-1, 0, 0, 0))


def test_dice_with_number_faces() -> None:
    assert dice("!dice 4 6 1 3") == DiceLine(None, (4, 6, 1, 3))
    assert dice("!dice 1000").faces == (1000,)


def test_dice_for_a_named_channel() -> None:
    assert dice("!dice #Ops + 0") == DiceLine("ops", (1, 0))


@pytest.mark.parametrize("junk", ["x", "+1", "-1", "1001", "2.5", "²", "++"])
def test_junk_faces_are_refused_by_name(junk: str) -> None:
    message = error(f"!dice + {junk} 0", DiceError)
    assert f"'{junk}' is not a face" in message


@pytest.mark.parametrize("line", ["!dice", "!dice #ops", "!dice   # only a comment"])
def test_dice_need_at_least_one_face(line: str) -> None:
    assert "at least one face" in error(line, DiceError)


# --- errors ------------------------------------------------------------------------------------------------------


def test_unknown_command_lists_every_command() -> None:
    message = error("@gm /frobnicate target:x", UnknownCommand)
    assert message.startswith("There is no command /frobnicate;")
    assert "/attack" in message and "/encounter" in message and "/roll" in message


@pytest.mark.parametrize("line", ["@gm /encounter frobnicate", "@gm /Encounter", "@gm /encounter name:x"])
def test_unknown_subcommand_hints_at_the_groups_commands(line: str) -> None:
    message = error(line, UnknownCommand)
    typed = " ".join(w for w in line.lower().split()[1:3] if ":" not in w)
    assert message.startswith(f"There is no command {typed};"), message
    assert "//" not in message
    assert "try one of: /encounter start" in message and "/encounter export" in message
    assert "/attack" not in message


def read(line: str) -> Args:
    """Parse a line and read its options as the services do (the boundary shared with Discord)."""
    parsed = parse_line(line)
    assert isinstance(parsed, CommandLine)
    return parse_args(parsed.command, parsed.options)


def refusal(line: str) -> str:
    with pytest.raises(InvalidInput) as raised:
        read(line)
    return raised.value.message


def test_unknown_option_names_the_known_ones() -> None:
    message = refusal("@gm /encounter start system:farscape colour:red")
    assert message == "/encounter start has no option 'colour'; its options are system, name, demo."


def test_a_word_without_a_colon_is_not_an_option() -> None:
    assert "'farscape' is not an option" in error("@gm /encounter start farscape", UnknownCommand)
    assert "':x' is not an option" in error("@gm /encounter start system:farscape :x", UnknownCommand)


def test_the_words_after_help_are_its_topic() -> None:
    assert command("@gm /help character").options == {"topic": "character"}
    assert command("@gm /help encounter add").options == {"topic": "encounter add"}
    assert command("@gm /help").options == {}
    assert error("@gm /help character topic:roll", UnknownCommand) == "The option 'topic' is given twice."


@pytest.mark.parametrize("line", ["@gm /roll dice:4dF dice:d6", "@gm /roll Dice:4dF dice:d6"])
def test_duplicate_option(line: str) -> None:
    assert error(line, UnknownCommand) == "The option 'dice' is given twice."


@pytest.mark.parametrize(
    ("line", "needed"),
    [
        ('@gm /encounter start system:"  "', "system is empty; give it a value or leave it out."),
        ("@carol /act target:Trooper", "/act needs move:"),
        ("@carol /roll", "/roll needs dice:"),
    ],
)
def test_missing_required_option(line: str, needed: str) -> None:
    assert refusal(line).startswith(needed)


@pytest.mark.parametrize("line", ['@gm /encounter start system:"farscape', '@gm /roll dice:"4dF'])
def test_unbalanced_quotes(line: str) -> None:
    assert "check the quotes" in error(line, InvalidInput)


def test_an_apostrophe_is_part_of_a_name_not_a_quote() -> None:
    parsed = parse_line("@gm /attack target:D'Argo weapon:\"pulse pistol\"")
    assert isinstance(parsed, CommandLine)
    assert parsed.options == {"target": "D'Argo", "weapon": "pulse pistol"}


def test_dice_clear_empties_the_queue() -> None:
    parsed = parse_line("!dice clear")
    assert isinstance(parsed, DiceLine)
    assert parsed.faces == ()


def test_oversized_line_is_refused_but_the_longest_allowed_one_is_read() -> None:
    head = "@gm /encounter start system:farscape name:"
    longest = head + "x" * (MAX_LINE - len(head))
    assert len(longest) == MAX_LINE
    assert command(longest).options["name"] == "x" * (MAX_LINE - len(head))
    message = error(longest + "x", InvalidInput)
    assert f"{MAX_LINE + 1} characters" in message


def test_an_oversized_comment_is_still_a_comment() -> None:
    assert parse_line("# " + "x" * (MAX_LINE * 2)) is None


@pytest.mark.parametrize("line", ["alice /encounter status", "@ /encounter status", "/encounter status"])
def test_a_line_starts_with_its_user(line: str) -> None:
    assert error(line, InvalidInput).startswith("Start a line with the user who types it")


@pytest.mark.parametrize("line", ["@alice", "@alice #bridge", "@alice encounter status", "@alice #"])
def test_a_command_follows_the_user(line: str) -> None:
    assert error(line, InvalidInput).startswith("After the user comes a command")
