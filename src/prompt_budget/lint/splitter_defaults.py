"""A constant of another module read as ``module.CONSTANT`` in the default of a parameter the function
gives as a chunk size to a splitter measuring tokens (set 65: benchmark-qed's ``chunk_size: int =
dfs.CHUNK_SIZE`` ... ``TokenTextSplitter(chunk_size=chunk_size, chunk_overlap=chunk_overlap)``).

``module_attributes`` follows such a default when the parameter is named as a token budget
(``min_tokens``); a chunk size or an overlap says its unit only by the splitter it is given to. The same
project fact (``flow.USE_FACT``) is recorded: ``flow.imported_budgets`` reports the constant where it is
bound (``CHUNK_SIZE = 600`` in ``config/defaults.py``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import USE_FACT
from prompt_budget.lint.handed_params import constant_defaults
from prompt_budget.lint.module_attributes import imported_modules
from prompt_budget.lint.rule import callee_name, defaults, sizes_token_chunks
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def splitter_defaults(rule: LintRule, node: ast.arguments) -> None:
    """``def f(chunk_size=dfs.CHUNK_SIZE): ... TokenTextSplitter(chunk_size=chunk_size)``: record that
    the imported module's constant is a token splitter's size, for the project-wide pass."""
    constant_defaults(rule, node)  # ``chunk_size=CHUNK_SIZE`` handed to another module's budget
    fn = rule.ctx.function()
    tree = rule.ctx.tree
    if fn is None or fn.args is not node or tree is None:
        return
    given = {
        arg.arg: default
        for arg, default in defaults(node)
        if isinstance(default, ast.Attribute)
        and isinstance(default.value, ast.Name)
        and default.attr.isupper()
        and not rule.names.is_budget(arg.arg)  # ``min_tokens``: ``module_attributes``'s
    }
    if not given:
        return
    modules = imported_modules(tree)
    given = {a: d for a, d in given.items() if isinstance(d.value, ast.Name) and d.value.id in modules}
    if not given:
        return
    for call in walk(fn):
        if not isinstance(call, ast.Call):
            continue
        for kw in call.keywords:
            if (
                kw.arg
                and isinstance(kw.value, ast.Name)
                and (default := given.get(kw.value.id)) is not None
                and sizes_token_chunks(rule.names, kw.arg, call, rule.ctx)
            ):
                assert isinstance(default.value, ast.Name)
                stem = modules[default.value.id]
                why = f"the default of `{kw.value.id}` given as `{kw.arg}=` to `{callee_name(call)}`"
                rule.fact(default, f"{USE_FACT}{stem} {default.attr} {why}", 0)
