"""The Farscape moves as /help lists them: one line each, and all of them within one Discord embed field."""

from combat.systems.farscape.system import FarscapeSystem

EMBED_FIELD = 1024  # Discord's limit for an embed field's value; /help truncates the move list there


def test_every_move_has_a_one_line_summary_ending_in_a_full_stop():
    for move in FarscapeSystem().moves():
        assert move.summary.endswith(".") and "\n" not in move.summary, move.name


def test_all_the_moves_fit_in_the_help_field_so_none_is_cut_off():
    text = "\n".join(f"**{m.name}** — {m.summary}" for m in FarscapeSystem().moves())
    assert len(text) <= EMBED_FIELD
    assert {"keep at bay", "step back", "retreat", "flee", "detonate"} <= {m.name for m in FarscapeSystem().moves()}
