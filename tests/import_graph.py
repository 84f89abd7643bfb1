"""The project's import circles: ``python -m tests.import_graph`` prints every circle of
modules that import each other at run time (a strongly connected component of the import
graph with more than one module), one a line, largest first. Imports under ``if
TYPE_CHECKING:`` are left out: they never run, so they tie no module to another.

``python -m tests.import_graph --all`` counts the type-only imports too. The tests use
:func:`circles` to hold ``bot/``, ``cogs/``, ``emulator/`` and ``emulator_driver/``
free of circles.
"""

from __future__ import annotations

import argparse
import ast
from collections.abc import Iterator
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
#: The packages of the project whose imports are drawn.
PACKAGES = ("bot", "cogs", "emulator", "emulator_driver")


def module_of(path: Path) -> str:
    """The dotted name of the module at ``path`` (a package: its ``__init__.py``)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def package_of(path: Path) -> list[str]:
    """The dotted parts of the package ``path`` belongs to (an ``__init__.py``: its own),
    against which its relative imports resolve."""
    module = module_of(path)
    return module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]


def imported_from(node: ast.ImportFrom, package: list[str]) -> str:
    """The absolute module of ``from … import …`` in ``package`` (see :func:`package_of`):
    ``from ..a import b`` in ``x.y`` is ``x.a``."""
    if node.level:
        base = package[: len(package) - (node.level - 1)]
        return ".".join(base + ([node.module] if node.module else []))
    return node.module or ""


def _imports(path: Path, *, type_only: bool) -> Iterator[tuple[str, ...]]:
    """What ``path`` imports, relative names made absolute: for each name, the
    candidates in order (``from a import b``: ``a.b`` if that is a module, else ``a``)."""
    package = package_of(path)

    def walk(nodes: list[ast.stmt]) -> Iterator[ast.stmt]:
        for node in nodes:
            if isinstance(node, ast.If) and _type_only(node) and not type_only:
                yield from walk(node.orelse)
                continue
            yield node
            for field in ("body", "orelse", "finalbody", "handlers"):
                children = getattr(node, field, None)
                if isinstance(children, list):
                    yield from walk([c for c in children if isinstance(c, ast.stmt)])

    for node in walk(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield (alias.name,)
        elif isinstance(node, ast.ImportFrom):
            name = imported_from(node, package)
            # ``from package import module`` ties to the module, not the package's
            # ``__init__`` (the sense in which every package "imports" its modules).
            yield from ((name, f"{name}.{alias.name}") for alias in node.names)


def graph(*, type_only: bool = False) -> nx.DiGraph:
    """The import graph of :data:`PACKAGES`: an edge ``a → b`` when module ``a`` imports
    module ``b`` (``type_only``: counting imports under ``if TYPE_CHECKING:``)."""
    paths = [
        p
        for top in PACKAGES
        for p in sorted((ROOT / top).rglob("*.py"))
        if "__pycache__" not in p.parts
    ]
    modules = {module_of(p) for p in paths}
    g: nx.DiGraph = nx.DiGraph()
    g.add_nodes_from(modules)
    for path in paths:
        source = module_of(path)
        for candidates in _imports(path, type_only=type_only):
            name = next((c for c in reversed(candidates) if c in modules), None)
            if name is not None and name != source:
                g.add_edge(source, name)
    return g


def circles(prefix: str = "", *, type_only: bool = False) -> list[list[str]]:
    """Every circle (a set of modules that import each other, directly or through one
    another, at run time) among the modules whose name starts with ``prefix``, largest
    first, each sorted."""
    g = graph(type_only=type_only)
    g = g.subgraph(n for n in g if n.startswith(prefix))
    found = [sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1]
    return sorted(found, key=lambda c: (-len(c), c))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prefix", nargs="?", default="", help="only modules named so")
    parser.add_argument("--all", action="store_true", help="count type-only imports too")
    args = parser.parse_args()
    found = circles(args.prefix, type_only=args.all)
    for circle in found:
        print(f"{len(circle):3d}  {' '.join(circle)}")
    print(f"{len(found)} circle(s)")


if __name__ == "__main__":
    main()
