"""The playground and the bot run with the runtime dependencies only (``pip install -e .``):
nothing they import comes from the ``dev`` extra (pytest, Playwright …)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Imports the playground and the bot make: the page's server, the launcher, the bot and
#: every cog it loads.
SCRIPT = """
import importlib, importlib.abc, sys
BLOCKED = set(sys.argv[1].split(","))

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"{name} is a development dependency")
        return None

sys.meta_path.insert(0, Block())
for module in ("bot.playground.__main__", "bot.playground.standalone", "bot.__main__",
               "bot.client", "cogs.bingo", "cogs.mulligan", "cogs.guide"):
    importlib.import_module(module)
print("imported")
"""

#: Top-level modules of the ``dev`` extra's distributions.
DEV_MODULES = {
    "pytest": "pytest,_pytest",
    "pytest-asyncio": "pytest_asyncio",
    "hypothesis": "hypothesis",
    "ruff": "ruff",
    "playwright": "playwright",
    "mypy": "mypy",
    "pytest-xdist": "xdist",
}


def dev_distributions() -> list[str]:
    """Names of the ``dev`` extra's distributions, from pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = []
    for requirement in project["optional-dependencies"]["dev"]:
        name = requirement.split(";")[0]
        for mark in "<>=!~[ ":
            name = name.split(mark)[0]
        names.append(name.strip())
    return names


def test_playground_and_bot_import_nothing_from_the_dev_extra() -> None:
    dev = dev_distributions()
    assert "playwright" in dev  # the browser tests' dependency stays a dev one
    assert set(dev) <= set(DEV_MODULES), f"name the modules of {set(dev) - set(DEV_MODULES)}"
    blocked = ",".join(DEV_MODULES[name] for name in dev)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, blocked],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and "imported" in done.stdout, done.stderr[-2000:]


def test_runtime_dependencies_hold_no_dev_tool() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = " ".join(project["dependencies"]).lower()
    for name in DEV_MODULES:
        assert name not in runtime
