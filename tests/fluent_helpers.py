"""Shared by the tests of the Fluent catalogs (``tests/test_i18n.py``) and of the
Japanese pictures (``tests/test_pictures_japanese.py``)."""

from __future__ import annotations

from fluent.syntax import ast
from fluent.syntax.visitor import Visitor as FluentVisitor


def message_variables(node: object) -> set[str]:
    """The ``$variables`` a message (value and attributes) uses."""
    names: set[str] = set()

    class Visitor(FluentVisitor):
        def visit_VariableReference(self, ref: ast.VariableReference) -> None:  # noqa: N802
            names.add(ref.id.name)
            self.generic_visit(ref)

    Visitor().visit(node)
    return names
