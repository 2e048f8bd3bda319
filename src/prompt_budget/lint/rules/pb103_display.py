"""PB103's reading of a function that only shows a count in units (``f"{tokens / 1000:.1f}k"``): the
number it compares the count with is where the label's unit changes, not a budget. Kept apart from the
rule to keep it short; so is the judgement of a comparison's branch that prices tokens or labels a size."""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from prompt_budget.lint.priced_branches import prices_branch
from prompt_budget.lint.rule import LintRule, callee_name, constant_expression, string_value
from prompt_budget.lint.walks import walk

#: Units a count is shown in: thousands, millions, billions (and their binary kin).
_DISPLAY_UNITS = frozenset({1000, 1_000_000, 1_000_000_000, 1024, 1024**2, 1024**3})


def _text(node: ast.expr | None) -> bool:
    """``f"{n / 1000:.1f}k"``, ``"0"``, ``str(n)``, ``"{}k".format(x)``: an expression giving text."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.Call):
        # ``f"{value:.1f}M".rstrip("0").rstrip(".")``: a text's own method gives text (set 473: bisheng-helix)
        method_of_text = isinstance(node.func, ast.Attribute) and _text(node.func.value)
        return callee_name(node) in {"str", "format", "repr"} or method_of_text
    return isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mod, ast.Add)) and _text(node.left)


def _none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def displays_in_units(fn: ast.AST | None, amount: ast.expr, value: float) -> bool:
    """``def _format_token_count(tokens)``: ``if tokens < 1000: return str(tokens)`` ... ``value =
    tokens / 1000`` ... ``return f"{value:.1f}k"``: a function that returns only text and divides the
    count it compares with a unit (a thousand, a million...) by such a unit: the number is where the
    unit of a label changes, not a budget (set 20: inspect-ai's timeline; set 11: upsonic)."""
    if value not in _DISPLAY_UNITS or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    shown = ast.unparse(amount)
    # ``return None`` for no count: no text, but no number either (set 25: aider's thinking budget label)
    returns = [
        n.value for n in walk(fn) if isinstance(n, ast.Return) and n.value is not None and not _none(n.value)
    ]
    return (
        bool(returns)
        and all(_text(r) for r in returns)
        and any(
            isinstance(n, ast.BinOp)
            and isinstance(n.op, (ast.Div, ast.FloorDiv))
            and constant_expression(n.right) in _DISPLAY_UNITS
            and ast.unparse(n.left) == shown
            for n in walk(fn)
        )
    )


#: A label's unit: `` tokens``, ``tok``, ``k``, ``M``.
_UNIT_LABEL = re.compile(r"\s*(?:tokens?|toks?|[kKmMbB])\s*")


def switches_unit(parent: ast.AST | None, compare: ast.Compare, amount: ast.expr) -> bool:
    """``tokens if tokens < 1000 else tokens / 1e6``: ``compare`` chooses between a count and the same count
    in a unit (a thousand, a million): below the number it is taken as already in that unit, a guess at
    what the user typed, not a budget (set 395: nasde-toolkit's ``--point`` option); or between two texts at a
    thousand or a million, one empty and the other a unit (``" tokens" if overhead < 1000 else ""``: the unit a label
    shows, set 563: docagents), not two names of models, modes or states."""
    if not (isinstance(parent, ast.IfExp) and parent.test is compare):
        return False
    labels = {string_value(parent.body), string_value(parent.orelse)}
    if "" in labels and labels - {""} and all(_UNIT_LABEL.fullmatch(t or "x") for t in labels - {""}):
        return any(
            constant_expression(side) in _DISPLAY_UNITS for side in (compare.left, *compare.comparators)
        )
    shown = ast.unparse(amount)
    sides = {ast.unparse(parent.body), ast.unparse(parent.orelse)}
    if shown not in sides:
        return False
    other = parent.orelse if ast.unparse(parent.body) == shown else parent.body
    return (
        isinstance(other, ast.BinOp)
        and isinstance(other.op, (ast.Div, ast.Mult))
        and ast.unparse(other.left) == shown
        and constant_expression(other.right) in _DISPLAY_UNITS
    )


def formats_scaled(body: Sequence[ast.AST]) -> bool:
    """The branch only formats a count scaled to a unit (``return f"{tokens / 1000:.1f}k"``), or a
    conditional expression's branch is that text (``f"{n / 1000:.1f}k" if n < 1_000_000 else ...``,
    set 97: edgar-harness's status bar), or handed on alone (``parts.append(f"{tokens / 1000:.1f}k tok")``,
    set 181: openprover's spinner)."""
    first = body[0] if body else None
    value = first.value if isinstance(first, (ast.Return, ast.Assign, ast.Expr)) else first
    if isinstance(value, ast.Call) and len(value.args) == 1 and not value.keywords:
        value = value.args[0]
    while (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in _STR_METHODS
    ):
        value = value.func.value  # ``f"{tokens / 1000:.1f}k".replace(".0k", "k")`` (set 607: narecli)
    return isinstance(value, ast.JoinedStr) and any(
        isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Div, ast.FloorDiv)) for n in walk(value)
    )


#: The string methods a formatted count may pass through and stay a text to show.
_STR_METHODS = frozenset(
    {"replace", "strip", "rstrip", "lstrip", "upper", "lower", "rjust", "ljust", "center"}
)


def elif_body(orelse: Sequence[ast.AST]) -> Sequence[ast.AST]:
    """The ``else`` branch's first statements: an ``elif``'s body, or the ``else`` itself."""
    if len(orelse) == 1 and isinstance(orelse[0], ast.If):
        return orelse[0].body
    return orelse


#: A label naming a size: ``"128K"``, ``"1M"``, ``"32k"``, ``"1.5M"``.
_SIZE_LABEL = re.compile(r"\s*\d+(\.\d+)?\s?[KkMmGgBb]\s*")


def _size_label(node: ast.expr | None) -> bool:
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and _SIZE_LABEL.fullmatch(node.value) is not None
    )


def _bound(stmt: ast.stmt) -> tuple[str, ast.expr | None] | None:
    """``info["ctx"] = "128K"`` -> (``info["ctx"]``, its value); ``return "64K"`` -> ("return", ...)."""
    if isinstance(stmt, ast.Return):
        return "return", stmt.value
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        return ast.unparse(stmt.targets[0]), stmt.value
    if isinstance(stmt, ast.AnnAssign):
        return ast.unparse(stmt.target), stmt.value
    return None


def _labels(body: Sequence[ast.stmt], targets: set[str]) -> bool:
    """Every statement binds (or returns) one of ``targets``, and no number: a label's other value
    (``f"{ctx // 1024}K"``, which a file for a newer Python has rewritten to a tuple, ``str(n)``)."""
    for stmt in body:
        bound = _bound(stmt)
        if bound is None or bound[0] not in targets:
            return False
        value = bound[1]
        if isinstance(value, ast.Constant) and not isinstance(value.value, str):
            return False
    return True


def labels_size(test: ast.If) -> bool:
    """``if ctx >= 131072: info["ctx"] = "128K" / elif ctx >= 65536: info["ctx"] = "64K" / else: ...``:
    the branch the comparison decides only binds (or returns) a label naming a size, and every other
    branch of the chain binds only that label; the number is where a display label changes, not a
    budget (set 71: localcoder's status line)."""
    bounds = [_bound(s) for s in test.body]
    if not bounds or any(b is None or not _size_label(b[1]) for b in bounds):
        return False
    targets = {b[0] for b in bounds if b is not None}
    rest: Sequence[ast.stmt] = test.orelse
    while len(rest) == 1 and isinstance(rest[0], ast.If):
        if not _labels(rest[0].body, targets):
            return False
        rest = rest[0].orelse
    return _labels(rest, targets)


def branch_prices_or_shows(rule: LintRule, node: ast.Compare) -> bool:
    """``if prompt_tokens > 128000: cost *= 2``: the branch the comparison decides prices tokens (the
    number is a pricing tier boundary, not a budget), labels a size or shows the count in a unit."""
    for anc in reversed(rule.ctx.ancestors):
        if isinstance(anc, (ast.If, ast.IfExp, ast.While)) and anc.test in rule.ctx.ancestors:
            body = anc.body if isinstance(anc.body, list) else [anc.body]
            orelse = anc.orelse if isinstance(anc.orelse, list) else [anc.orelse]
            if isinstance(anc, ast.If) and labels_size(anc):
                return True  # ``if ctx >= 131072: info["ctx"] = "128K"``: a display label
            if formats_scaled(body) or formats_scaled(elif_body(orelse)):
                # ``if tokens >= 1000: return f"{tokens / 1000:.1f}k"``: a display unit, and its
                # ``if tokens < 1000: return str(tokens) / elif ...: return f"{tokens / 1000}K"`` form
                return True
            # ``if token_budget < 50_000: return AuditTier.TIER_1``: a budget ordered picks a size
            ordered = (node.left, *node.comparators)
            return prices_branch(body, orelse, tiers=not any(rule.budget_expr(s) for s in ordered))
        if isinstance(anc, ast.stmt):
            break
    return False
