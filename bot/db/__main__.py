"""``python -m bot.db upgrade``: the same as ``fray db upgrade``."""

import sys

from bot.db.cli import main

sys.exit(main())
