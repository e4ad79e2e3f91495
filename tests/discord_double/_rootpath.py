"""Keep the repository root on sys.path (imported first by the package).

pytest's default prepend import mode puts tests/ on sys.path for this package (it has an __init__.py); then
tests/combat would shadow the real `combat` package as a namespace package in runs that import it later.
With the repository root on sys.path too, regular packages win over namespace portions.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.append(ROOT)
