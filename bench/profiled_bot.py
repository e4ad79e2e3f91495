"""Run `python -m bot run` with cProfile on the event loop's thread, switched on and off by signals (bench/where.py).

SIGUSR1 starts counting; SIGUSR2 stops it and writes what was counted to ``$FRAY_PROFILE_OUT-<n>.pstats`` (n counts
from 0), then starts afresh. Started by ``fray_run(..., under=(python, this file))``: the arguments after this
file's name are the command it stands in for (``python -m bot run``), of which ``run`` and what follows are kept.
"""

from __future__ import annotations

import cProfile
import os
import runpy
import signal
import sys
from types import FrameType

_profile = cProfile.Profile()
_dumps = [0]


def _start(_signal: int, _frame: FrameType | None) -> None:
    """Start counting the calls of the main thread."""
    _profile.enable()


def _stop(_signal: int, _frame: FrameType | None) -> None:
    """Stop counting, write what was counted and start the next count from nothing."""
    global _profile
    _profile.disable()
    _profile.dump_stats(f"{os.environ['FRAY_PROFILE_OUT']}-{_dumps[0]}.pstats")
    _dumps[0] += 1
    _profile = cProfile.Profile()


def main() -> None:
    """Install the two signals and run the bot as `python -m bot run` would."""
    signal.signal(signal.SIGUSR1, _start)
    signal.signal(signal.SIGUSR2, _stop)
    sys.argv = ["bot", *sys.argv[sys.argv.index("run"):]]
    runpy.run_module("bot", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
