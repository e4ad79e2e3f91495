"""What pyproject.toml cannot say: data/ ships as the package ``fray_data``, one subpackage per system's tables.

setuptools' discovery in pyproject.toml only finds folders named like their package. The tables are edited in
data/<system>/*.toml and read at run time through ``importlib.resources.files("fray_data")`` (bot/datafiles.py),
from a checkout (editable install) and from a wheel alike. The packages and their data files are all listed here:
a package-data table in pyproject.toml would replace this one.
"""

from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).parent
SYSTEMS = sorted(p.name for p in (HERE / "data").iterdir() if p.is_dir() and any(p.glob("*.toml")))

setup(
    packages=[*find_packages(include=["bot", "bot.*", "combat", "combat.*"]), "fray_data"]
    + [f"fray_data.{name}" for name in SYSTEMS],
    package_dir={"fray_data": "data"},
    package_data={"bot.db.migrations": ["script.py.mako"]} | {f"fray_data.{name}": ["*.toml"] for name in SYSTEMS},
)
