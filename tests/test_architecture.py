"""The import rules of ``docs/architecture.md``, read from the source with ``ast``: a
module that breaks one fails here, naming the file and the import."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs")


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> Iterator[tuple[str, list[str], int]]:
    """``(imported module, names taken from it, line)`` for every import of ``path``,
    relative ones made absolute."""
    module = _module_of(path)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            names = [alias.name for alias in node.names]
            if name in PACKAGES:  # ``from bot import limits``: the module bot.limits
                for taken in names:
                    yield f"{name}.{taken}", [], node.lineno
            else:
                yield name, names, node.lineno


def _sources(prefix: str) -> list[Path]:
    top = ROOT.joinpath(*prefix.split("."))
    if top.with_suffix(".py").is_file():
        return [top.with_suffix(".py")]
    return sorted(p for p in top.rglob("*.py") if "__pycache__" not in p.parts)


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


#: Layer → the project packages it may import (besides itself), and whether it may
#: import discord.py. See docs/architecture.md.
RULES: dict[str, tuple[tuple[str, ...], bool]] = {
    "bot.engine": ((), False),
    "bot.ai": (("bot.engine",), False),
    "bot.matches": (("bot.engine", "bot.ai", "bot.workers"), False),
    "bot.tournaments": (("bot.engine", "bot.storage"), False),
    "bot.storage": (
        ("bot.engine", "bot.matches", "bot.tournaments", "bot.limits", "bot.ratings"),
        False,
    ),
    "bot.i18n.service": (("bot.i18n", "bot.storage"), False),
}


@pytest.mark.parametrize("layer", sorted(RULES))
def test_each_layer_imports_only_what_is_below_it(layer: str) -> None:
    allowed, discord_ok = RULES[layer]
    broken = []
    for path in _sources(layer):
        for name, _, line in _imports(path):
            if _within(name, "discord") and not discord_ok:
                broken.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
            elif _within(name, "bot") or _within(name, "cogs"):
                if _within(name, layer) or any(_within(name, ok) for ok in allowed):
                    continue
                broken.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert broken == []


def test_nothing_in_bot_imports_the_cogs_and_only_tools_import_the_emulator() -> None:
    broken = []
    for path in _sources("bot"):
        module = _module_of(path)
        for name, _, line in _imports(path):
            if _within(name, "cogs"):
                broken.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
            if _within(name, "bot.playground") and not _within(module, "bot.playground"):
                broken.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert broken == []


def test_no_module_takes_another_modules_private_name() -> None:
    """``from x import _name`` across modules (an alias such as ``import a as _a`` is a
    module's own private name, and allowed)."""
    broken = []
    for prefix in PACKAGES:
        for path in _sources(prefix):
            for name, names, line in _imports(path):
                if name == "__future__":
                    continue
                taken = [n for n in names if n.startswith("_") and not n.startswith("__")]
                if taken:
                    broken.append(f"{path.relative_to(ROOT)}:{line} takes {taken} from {name}")
    assert broken == []


def test_only_the_clients_wiring_looks_cogs_up() -> None:
    callers = [
        str(path.relative_to(ROOT))
        for prefix in PACKAGES
        for path in _sources(prefix)
        if "get_cog(" in path.read_text(encoding="utf-8")
    ]
    assert [c for c in callers if c != "bot/client.py"] == []


def test_the_rules_check_something() -> None:
    """The scan finds imports at all (a broken walker would pass every rule above)."""
    engine = [name for path in _sources("bot.engine") for name, _, _ in _imports(path)]
    assert any(_within(name, "bot.engine") for name in engine)
    cogs = [name for path in _sources("cogs") for name, _, _ in _imports(path)]
    assert any(_within(name, "discord") for name in cogs)
