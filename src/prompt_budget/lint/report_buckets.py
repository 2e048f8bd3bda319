"""A comparison of a token count that only sorts what a report counts (set 45: olmocr's ``print_stats``):
``if out_tokens > LONG_CONTEXT_THRESHOLD: stats["long_docs"] += 1; stats["long_tokens"] += out_tokens``
in a function that prints the statistics (``Long Context Documents (>32768 tokens): ...``). The number is
the edge of a bucket of a report, and caps, cuts or splits nothing sent to a model.

The evidence is the branch and the function, not a name: the comparison is the whole test of an ``if``
whose every statement (and every ``else`` statement) adds to a counter (``n += 1``, ``stats[k] +=
tokens``: no call, no assignment, no ``break``/``continue``/``return``), and a function around it prints
or logs (``print(...)``, ``logger.info(...)``). A branch that does anything else (``summarize()``,
``batches.append(batch)``, ``continue``, ``current = []``) keeps the threshold a budget.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
#: Logging methods that write a report (not ``warning``/``error``: a warning may be the limit's own).
_LOG_METHODS = frozenset({"info", "debug"})


def _counter(stmt: ast.stmt, compared: set[str]) -> bool:
    """``n += 1``, ``stats["long_tokens"] += out_tokens``: adds, without a call, to a counter that is
    not the compared count itself."""
    return (
        isinstance(stmt, ast.AugAssign)
        and isinstance(stmt.op, ast.Add)
        and isinstance(stmt.target, (ast.Name, ast.Subscript, ast.Attribute))
        and ast.unparse(stmt.target) not in compared
        and _plain(stmt.value)
    )


def _plain(node: ast.expr) -> bool:
    """A number, a name, an attribute or an entry read, or a sum or product of them: no call."""
    if isinstance(node, (ast.Constant, ast.Name)):
        return True
    if isinstance(node, ast.Attribute):
        return _plain(node.value)
    if isinstance(node, ast.Subscript):
        return _plain(node.value) and _plain(node.slice)
    if isinstance(node, ast.BinOp):
        return _plain(node.left) and _plain(node.right)
    return False


def _counts(body: Sequence[ast.stmt], compared: set[str]) -> bool:
    return bool(body) and all(_counter(s, compared) for s in body)


def _reports(fn: ast.AST) -> bool:
    """The function prints, or logs at the info or debug level."""
    for n in walk(fn):
        if type(n) is not ast.Call:
            continue
        if callee_name(n) == "print":
            return True
        func = n.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr in _LOG_METHODS
            and "log" in (ast.unparse(func.value).lower())
        ):
            return True
    return False


def counts_for_report(ancestors: Sequence[ast.AST], compare: ast.Compare) -> bool:
    """``compare`` (one of ``ancestors``, or the node just under the last) is the test of an ``if`` whose
    branches only add to counters, in a function that prints or logs: a report's bucket, not a budget."""
    at = next((i for i in range(len(ancestors) - 1, -1, -1) if ancestors[i] is compare), len(ancestors))
    branch = ancestors[at - 1] if at > 0 else None
    if not (isinstance(branch, ast.If) and branch.test is compare):
        return False
    compared = {ast.unparse(side) for side in (compare.left, *compare.comparators)}
    if not _counts(branch.body, compared) or (branch.orelse and not _counts(branch.orelse, compared)):
        return False
    return any(_reports(a) for a in ancestors[:at] if isinstance(a, _FUNCTIONS))
