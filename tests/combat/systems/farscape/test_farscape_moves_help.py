"""The Farscape moves as /help lists them: one line each, every one of them shown whole in Discord's help embed."""

from bot.discord.embeds import help_embed
from combat.systems.farscape.system import FarscapeSystem


def test_every_move_has_a_one_line_summary_ending_in_a_full_stop():
    for move in FarscapeSystem().moves():
        assert move.summary.endswith(".") and "\n" not in move.summary, move.name


def test_every_move_is_shown_whole_in_the_help_embed_over_as_many_fields_as_it_takes():
    system = FarscapeSystem()
    embed = help_embed(system)
    shown = "\n".join(f.value or "" for f in embed.fields if "moves" in (f.name or ""))
    for move in system.moves():
        assert f"**{move.name}** — {move.summary}" in shown, move.name
    assert embed.footer.text is None  # nothing was left out for want of room
    assert all(len(f.value or "") <= 1024 for f in embed.fields)
    assert {"keep at bay", "step back", "retreat", "flee", "detonate", "counter"} <= {m.name for m in system.moves()}
