"""The import rules of ``docs/architecture.md``, read from the source with ``ast``: a
module that breaks one fails here, naming the file and the import."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.import_graph import PACKAGES, ROOT, circles, imported_from, module_of, package_of

_module_of = module_of


def _imports(path: Path) -> Iterator[tuple[str, list[str], int]]:
    """``(imported module, names taken from it, line)`` for every import of ``path``,
    relative ones made absolute."""
    package = package_of(path)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            name = imported_from(node, package)
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


ARCHITECTURE = ROOT / "docs" / "architecture.md"
#: A backticked path or package in the layers' table: ``bot/engine``, ``bot/outbox.py``.
_NAME = re.compile(r"`([a-z0-9_]+(?:/[a-z0-9_]+)*)(?:\.py)?`")


def _dotted(path: str) -> str:
    return path.replace("/", ".")


def documented_layers() -> dict[str, tuple[tuple[str, ...], bool]]:
    """The table "The layers, bottom up" of ``docs/architecture.md``: each layer (a
    package or module of ``bot``) → the project packages it may import (besides itself),
    and whether it may import discord.py. Rows whose column says "everything above"
    (the client's wiring, the cogs) are left out: they may import anything below."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    table = text.split("## The layers, bottom up", 1)[1].split("\n\n", 2)[1]
    layers: dict[str, tuple[tuple[str, ...], bool]] = {}
    for row in table.splitlines()[2:]:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        may = cells[-1]
        if "everything above" in may:
            continue
        allowed = tuple(_dotted(name) for name in _NAME.findall(may) if name.startswith("bot"))
        row_layers = tuple(
            _dotted(name) for name in _NAME.findall(cells[0]) if name.startswith("bot")
        )
        for layer in row_layers:  # the modules of one row may import each other
            layers[layer] = (
                allowed + tuple(x for x in row_layers if x != layer),
                "`discord`" in may,
            )
    return layers


#: Layer → the project packages it may import (besides itself), and whether it may
#: import discord.py: the table of docs/architecture.md.
RULES = documented_layers()


def test_the_table_is_read() -> None:
    """The walker of the docs' table finds its rows (a broken one would check nothing)."""
    assert RULES["bot.engine"] == ((), False)
    assert RULES["bot.storage"][0] == (
        "bot.engine",
        "bot.matches",
        "bot.limits",
        "bot.ratings",
        "bot.ladder",
    )
    assert RULES["bot.ui"][1] and not RULES["bot.matches"][1]
    assert "bot.client" not in RULES  # "everything above"


def test_every_module_of_bot_has_a_row() -> None:
    """A new package or top-level module of ``bot`` is placed in the docs' table."""
    tops = {_module_of(p).split(".")[1] for p in _sources("bot") if p.parent != ROOT / "bot"}
    tops |= {p.stem for p in (ROOT / "bot").glob("*.py") if p.stem not in ("__init__", "__main__")}
    missing = sorted(t for t in tops if f"bot.{t}" not in RULES and t != "client")
    assert missing == []


@pytest.mark.parametrize("layer", sorted(RULES))
def test_each_layer_imports_only_what_is_below_it(layer: str) -> None:
    allowed, discord_ok = RULES[layer]
    broken = []
    for path in _sources(layer):
        module = _module_of(path)
        for name, _, line in _imports(path):
            if _within(name, "discord"):
                # bot/i18n: discord only in its Translator (commands.py)
                ok = discord_ok and (layer != "bot.i18n" or module == "bot.i18n.commands")
                if not ok:
                    broken.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
            elif _within(name, "bot") or _within(name, "cogs"):
                if _within(name, layer) or any(_within(name, ok) for ok in allowed):
                    continue
                broken.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert broken == []


#: The cogs-level modules every cog may share (docs/architecture.md, "Never").
SHARED_COG_MODULES = ("cogs.contexts", "cogs.languages", "cogs.members", "cogs.reply")


def test_no_cog_imports_another() -> None:
    """``cogs/<feature>`` imports only itself and the shared cogs-level modules."""
    broken = []
    for path in _sources("cogs"):
        parts = _module_of(path).split(".")
        own = ".".join(parts[:2])
        for name, _, line in _imports(path):
            if not _within(name, "cogs") or _within(name, own):
                continue
            if any(_within(name, shared) for shared in SHARED_COG_MODULES):
                continue
            broken.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert broken == []


#: The Discord emulator and its test driver: top-level packages beside ``bot``.
EMULATOR = ("emulator", "emulator_driver")


def test_nothing_in_bot_imports_the_cogs_and_only_the_playground_imports_the_emulator() -> None:
    """``bot/`` never imports ``cogs/``; nothing in ``bot/`` or ``cogs/`` imports the
    emulator or its driver, except the playground page (``bot/playground``)."""
    broken = []
    for prefix in ("bot", "cogs"):
        for path in _sources(prefix):
            module = _module_of(path)
            for name, _, line in _imports(path):
                if prefix == "bot" and _within(name, "cogs"):
                    broken.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
                if any(_within(name, e) for e in EMULATOR) and not _within(
                    module, "bot.playground"
                ):
                    broken.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert broken == []


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("emulator", ("emulator_driver", "bot", "cogs", "discord")),
        ("emulator_driver", ("bot", "cogs", "discord")),
    ],
)
def test_the_emulator_knows_neither_its_driver_nor_the_page(
    package: str, forbidden: tuple[str, ...]
) -> None:
    """One-way imports: the page (``bot/playground``) uses the driver and the emulator;
    the driver uses the emulator; the emulator imports neither (nor anything of the bot,
    nor discord.py: it speaks Discord's wire format to any client)."""
    broken = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in _sources(package)
        for name, _, line in _imports(path)
        if any(_within(name, f) for f in forbidden)
    ]
    assert broken == []
    imported = [name for path in _sources(package) for name, _, _ in _imports(path)]
    assert any(_within(name, "emulator") for name in imported)  # the scan sees imports


def test_no_module_takes_another_modules_private_name() -> None:
    """``from x import _name`` across modules (an alias such as ``import a as _a`` is a
    module's own private name, and allowed)."""
    broken = []
    for prefix in (*PACKAGES, *EMULATOR):
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


def test_no_import_circle_at_run_time() -> None:
    """No modules of ``bot``, ``cogs``, the emulator or its driver import each other in a
    circle when they run (an import under ``if TYPE_CHECKING:`` never runs: ``python -m
    tests.import_graph``)."""
    assert circles() == []


def test_the_circle_finder_finds_circles() -> None:
    """Counting type-only imports, the finder sees the engine's state and its fast
    playout, which name each other's types (a finder that found nothing would pass
    the test above)."""
    assert ["bot.engine.bingo", "bot.engine.playout"] in circles("bot.engine", type_only=True)
