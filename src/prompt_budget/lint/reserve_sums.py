"""A reserve added to token counts that a window bounds: ``prompt_tokens + doc_tokens + 100 >= 2048``,
``reduction = prompt_tokens + 100`` ... ``2048 - reduction`` (set 48: ares-ai), ``min(hot_tokens + 500, 2500)``
(set 467: onboard-memory-mcp's briefing estimates)."""

from __future__ import annotations

import ast

from prompt_budget.lint.assignments import clamp_args
from prompt_budget.lint.character_reads import bound_values, string_length
from prompt_budget.lint.counted_locals import token_local
from prompt_budget.lint.rule import LintRule, callee_name
from prompt_budget.lint.walks import walk

_ORDERS = (ast.Gt, ast.GtE, ast.Lt, ast.LtE)


def sum_terms(node: ast.expr) -> list[ast.expr]:
    """The terms of a sum ``a + b + c``."""
    out: list[ast.expr] = []
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        out.append(node.right)
        node = node.left
    out.append(node)
    return out


def _taken(term: ast.expr) -> list[ast.expr]:
    """``total - sum(tokens(c) for c in chosen)``: the counts a term takes off another (what is left of a
    count is a count; set 159, keelgate's compaction estimate), else the term itself."""
    out: list[ast.expr] = []
    while isinstance(term, ast.BinOp) and isinstance(term.op, ast.Sub):
        out.append(_summed(term.right))
        term = term.left
    return [term, *out]


def _summed(term: ast.expr) -> ast.expr:
    """``tokens(c)`` of ``sum(tokens(c) for c in chosen)``: what is summed, else the term."""
    if (
        isinstance(term, ast.Call)
        and type(term.func) is ast.Name
        and term.func.id == "sum"
        and len(term.args) == 1
        and isinstance(term.args[0], (ast.GeneratorExp, ast.ListComp))
    ):
        return term.args[0].elt
    return term


def characters(rule: LintRule, term: ast.expr) -> bool:
    """``len(document)``, or a local of the enclosing function only ever bound to one
    (``prompt_tokens_length = len(prompt)``: characters under a name of tokens; set 48: ares-ai)."""
    if string_length(term, rule):
        return True
    fn = rule.ctx.function()
    if type(term) is not ast.Name or fn is None:
        return False
    values = bound_values(fn, term.id)
    return bool(values) and all(string_length(v, rule) for v in values)


def counted_sum(rule: LintRule, node: ast.expr) -> bool:
    """A sum of counts, one of them at least a count of tokens (``prompt_tokens_length +
    document_length``), none of them a literal or a string's length; an output budget among them is room the
    counts need too (``reduced_size + cfg.max_tokens``, set 269: peteos), but not alone."""
    terms = [u for t in sum_terms(node) for u in _taken(t)]
    counts = [t for t in terms if not rule.budget_expr(t)]
    return (
        any(rule.token_amount(t) or token_local(rule, t) for t in counts)
        and all(type(t) in (ast.Name, ast.Attribute, ast.Call, ast.Subscript) for t in terms)
        and not any(characters(rule, t) for t in terms)
    )


def _window(rule: LintRule, node: ast.expr) -> str | None:
    """A budget read (``max_tokens``) or a window written as a number (2048), else None."""
    budget = rule.budget_expr(node)
    if budget is not None:
        return budget
    value = rule.budget_literal(node)
    return f"the window {value}" if value is not None and value >= 512 else None


def reserve_sum(rule: LintRule, node: ast.BinOp) -> str | None:
    """``node`` is ``counts + <literal>``: the window the sum is ordered against (``... + 100 >= 2048``,
    ``... + 100 >= max_tokens``), or, bound to a local, the window the local is taken off in the same
    function (``reduction_length = prompt_tokens_length + 100`` ... ``2048 - reduction_length``); else
    None. The literal is room kept beside the counts: a reserve."""
    if not (isinstance(node.op, ast.Add) and counted_sum(rule, node.left)):
        return None
    parent = rule.ctx.parent(node)
    if isinstance(parent, ast.Compare) and len(parent.ops) == 1 and isinstance(parent.ops[0], _ORDERS):
        other = parent.comparators[0] if parent.left is node else parent.left
        return _window(rule, other)
    if isinstance(parent, ast.Call) and (args := clamp_args(parent)) and callee_name(parent) == "min":
        # ``min(hot_tokens + digest_tokens + 500, 4000)``: an estimate capped by the window (set 467)
        return _window(rule, args[1] if args[0] is node else args[0])
    fn = rule.ctx.function()
    if not (
        fn is not None
        and isinstance(parent, ast.Assign)
        and len(parent.targets) == 1
        and type(parent.targets[0]) is ast.Name
    ):
        return None
    name = parent.targets[0].id
    for use in walk(fn):
        if (
            isinstance(use, ast.BinOp)
            and isinstance(use.op, ast.Sub)
            and type(use.right) is ast.Name
            and use.right.id == name
            and (window := _window(rule, use.left)) is not None
        ):
            return window
    return None
