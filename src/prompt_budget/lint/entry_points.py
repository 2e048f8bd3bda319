"""Command-line entry points and their own constants, for PB108 (one budget name, different values in
different modules): a module run as a program (a top-level ``if __name__ == "__main__":`` guard, or a
top-level ``main()`` that builds an ``argparse`` parser) that binds a budget constant and reads it itself
(``DEFAULT_MAX_TOKENS = 256`` ... ``add_argument("--max-tokens", default=DEFAULT_MAX_TOKENS)``) sets
its own tool's default. Three such tools with three defaults (set 24: mlx-lm's chat, generate and
evaluate CLIs) are not one budget that drifted, unless another module imports one of the values.
Kept apart from the rule: it reads a module's tree, and judges no finding itself.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

#: Fact name prefixes PB108 records for the project-wide pass (``\x00``: never compared as budgets).
OWN_FACT = "\x00own "
IMPORT_FACT = "\x00import "
#: A module-level constant its own module reads (``provider_modules``: a provider's own default).
LOCAL_FACT = "\x00local "
#: A provider SDK a module imports at its top (``import cohere``), by its top-level name.
USES_FACT = "\x00uses "

_PARSERS = frozenset({"ArgumentParser", "parse_args", "parse_known_args"})


def _main_guard(stmt: ast.stmt) -> bool:
    """``if __name__ == "__main__":``"""
    test = stmt.test if isinstance(stmt, ast.If) else None
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and len(test.comparators) == 1
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == "__main__"
    )


def _parses_arguments(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(isinstance(n, ast.Call) and callee_name(n) in _PARSERS for n in walk(fn))


def is_entry_point(tree: ast.Module) -> bool:
    """The module is run as a program: a ``__main__`` guard at its top, or a top-level ``main()``
    parsing command-line arguments (a console script's target)."""
    for stmt in tree.body:
        if _main_guard(stmt):
            return True
        if (
            isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
            and stmt.name == "main"
            and _parses_arguments(stmt)
        ):
            return True
    return False


def loaded_names(tree: ast.Module) -> frozenset[str]:
    """The names some code of the module reads (a constant read there: ``name in loaded_names(tree)``)."""
    return frozenset(n.id for n in walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load))


def imported_constants(tree: ast.Module) -> list[tuple[ast.ImportFrom, str, str]]:
    """``from pkg.generate import DEFAULT_MAX_TOKENS``: (the import, the source module's stem, the name
    imported) for the constants (upper-case names) a module imports at its top or in a function."""
    out: list[tuple[ast.ImportFrom, str, str]] = []
    stmts: list[ast.stmt] = list(tree.body)
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.If, ast.Try)):
            stmts.extend(stmt.body)
    for stmt in stmts:
        if isinstance(stmt, ast.ImportFrom) and stmt.module:
            stem = stmt.module.rsplit(".", 1)[-1]
            out.extend((stmt, stem, a.name) for a in stmt.names if a.name.isupper() or a.name == "*")
        elif isinstance(stmt, ast.ImportFrom):  # ``from . import generate``: any of its constants
            out.extend((stmt, a.name, "*") for a in stmt.names)
    return out
