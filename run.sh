#!/usr/bin/env bash
# Set Fray up (a virtual environment in .venv) and run its main job: the local table, `fray console`.
# Extra arguments go to `fray console`, e.g.  ./run.sh --db :memory: --seed 7 --script examples/farscape-skirmish.fray
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x .venv/bin/fray ] || [ pyproject.toml -nt .venv/.installed ]; then
  python3 -m venv .venv
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e .
  touch .venv/.installed
fi
exec .venv/bin/fray console "$@"
