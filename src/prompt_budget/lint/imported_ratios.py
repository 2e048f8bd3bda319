"""PB105's shares bound in one module and read as a share of a budget in a module importing them (set 611: qrclaw's
``COMPRESS_TARGET_MIN_RATIO = 0.20`` in ``config.py``, read as ``int(_MODEL_MAX_TOKENS * COMPRESS_TARGET_MIN_RATIO)``
in ``memory/compression/compressor.py``).

PB102 joins a module's constants to their uses in the modules importing them by name (``flow.imported_budgets``);
this does the same for PB105's ratios: a module records each module-level ratio its own reads left undecided
(``RATIO_BIND_FACT``) and, for each upper-case name it imports, the file the import names (resolved against the
importing module's folder: a module's stem alone would join another folder's ``config.py``, the session's review) and
why its reads make it a share of a budget (``RATIO_USE_FACT``), judged by the same data flow (``flow.Uses`` with ``ratio=True``); the project-wide
pass reports the constant where it is bound. Judges nothing inside one module.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import constant_imports, finding_where_bound, tagged
from prompt_budget.lint.names import config_key
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.candidate_bindings import Bindings
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.flow import Uses
    from prompt_budget.lint.rule import LintRule

RATIO_BIND_FACT = "\x00rbind "
RATIO_USE_FACT = "\x00ruse "


def watch_imported(tree: ast.Module, uses: Uses, path: str) -> dict[str, str]:
    """The constants ``tree`` (the module at ``path``) imports by name (local name -> "<where> NAME", where the file
    it is bound in: ``pkg/b/config`` for ``from .config import X`` in ``pkg/b/compressor.py``, ``~pkg/config``, a
    path's end, for ``from pkg.config import X``), each now watched by ``uses``."""
    folder = PurePosixPath(path.replace("\\", "/")).parent
    imported: dict[str, str] = {}
    for stmt, alias in constant_imports(tree):  # the module's own imports last: they win
        module = (stmt.module or "").replace(".", "/")
        base = folder
        for _ in range(stmt.level - 1):
            base = base.parent
        where = str(base / module) if stmt.level else "~" + module
        imported[alias.asname or alias.name] = f"{where} {alias.name}"
    uses.watch.update(imported)
    return imported


def record_ratio_facts(
    rule: LintRule, tree: ast.Module, bindings: Bindings, uses: Uses, imported: dict[str, str]
) -> None:
    """At the module's end: a fact for each module-level ratio no read here decided, and one for each imported
    constant a read here makes a share of a budget."""
    top = {
        id(n)
        for stmt in tree.body
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None
        for n in walk(stmt.value)
    }
    for name in bindings.by_name:
        if uses.reason(name) is None:
            for b in bindings.all_of(name):
                if id(b.literal) in top:
                    rule.fact(b.literal, RATIO_BIND_FACT + name, b.value)
    for name, source in imported.items():
        if name not in bindings.by_name and (why := uses.reason(name)) is not None:
            rule.ctx.facts.append((tree, f"{RATIO_USE_FACT}{source} {why}", 0))


def imported_ratios(rule: type[LintRule], facts: Sequence[Fact]) -> list[Finding]:
    """The ratios bound in one module and read as shares of a budget where imported: found where bound."""
    uses: list[tuple[str, str, str]] = []  # (where bound, its name, why) of each use
    for fact, (where, name, why) in tagged(facts, RATIO_USE_FACT, 3):
        uses.append((where, name, f"{why} in {fact.path}"))
    findings = []
    for fact, (name,) in tagged(facts, RATIO_BIND_FACT, 1) if uses else ():
        bound = fact.path.replace("\\", "/").removesuffix(".py").removesuffix("/__init__")
        use = next((why for where, n, why in uses if n == name and _same_file(where, bound)), None)
        if use is not None:
            message = (
                f"hard-coded budget ratio {name} = {fact.value}: {use}; move it to config so the threshold can "
                "be tuned per model"
            )
            findings.append(finding_where_bound(rule, fact, message, name, config_key(name, "ratio")))
    return findings


def _same_file(where: str, bound: str) -> bool:
    """The import's ``where`` (a path, or ``~`` and a path's end for an absolute import) is the file ``bound``."""
    if where.startswith("~"):
        return bound == where[1:] or bound.endswith("/" + where[1:])
    return bound == where
