"""One SQLite group trip (bot/db/sqlite_group.py): straight when every check holds, in savepoints when one must be
undone alone after a write."""

import sqlite3

from bot.db.sqlite_group import Outcome, Step, _group_trip


def _trip_on(groups_of: list[list[tuple[str, int]]]) -> tuple[list[Outcome], list[str], dict[int, int]]:
    """Run one group trip on a fresh table; return the outcomes, the statements sent and the stored values."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)")
    conn.executemany("INSERT INTO t VALUES (?, 0)", [(i,) for i in range(1, 5)])
    sent: list[str] = []
    conn.set_trace_callback(sent.append)
    groups = [[Step(sql, (row,), expect=1) for sql, row in steps] for steps in groups_of]
    outcomes = _group_trip(conn, groups)
    conn.set_trace_callback(None)
    return outcomes, sent, dict(conn.execute("SELECT id, v FROM t").fetchall())


BUMP = "UPDATE t SET v = v + 1 WHERE id = ?"


def test_a_trip_where_every_check_holds_goes_straight_with_no_savepoints():
    outcomes, sent, stored = _trip_on([[(BUMP, 1), (BUMP, 2)], [(BUMP, 3)]])
    assert [o.failed for o in outcomes] == [None, None]
    assert not any("SAVEPOINT" in s for s in sent)
    assert stored == {1: 1, 2: 1, 3: 1, 4: 0}


def test_a_check_failing_on_the_first_statement_fails_alone_and_the_trip_still_goes_straight():
    outcomes, sent, stored = _trip_on([[(BUMP, 99), (BUMP, 1)], [(BUMP, 3)]])  # row 99 does not exist
    assert [o.failed for o in outcomes] == [0, None]
    assert not any("SAVEPOINT" in s for s in sent)
    assert stored == {1: 0, 2: 0, 3: 1, 4: 0}  # the failed command's later statement never ran


def test_a_check_failing_after_a_write_starts_over_in_savepoints_and_undoes_that_command_alone():
    outcomes, sent, stored = _trip_on([[(BUMP, 3)], [(BUMP, 1), (BUMP, 99)], [(BUMP, 4)]])
    assert [o.failed for o in outcomes] == [None, 1, None]
    assert sum(s == "SAVEPOINT command" for s in sent) == 3
    assert stored == {1: 0, 2: 0, 3: 1, 4: 1}  # row 1's bump was undone with its command; the others once each
