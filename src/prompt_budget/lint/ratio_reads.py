"""Two reads PB105 (budget-ratio) judges where it visits them, kept here to keep the rule's module small:
a literal share ordered against a division of a token amount or by a budget (``if used / window >
0.75``), and a read of a name bound to a margin scaling a token estimate checked against a budget
(``n_tok_est(prompt) * buffer_frac > context_length``)."""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import bound_values
from prompt_budget.lint.bucket_refills import limiter_module
from prompt_budget.lint.compared_shares import (
    divisions,
    of_tokens,
    read_of_getter,
    returned_shares,
    unguarded,
)
from prompt_budget.lint.fill_reads import named_fill
from prompt_budget.lint.forms import fraction_size
from prompt_budget.lint.kept_budgets import LIMIT_NAMES
from prompt_budget.lint.names import words
from prompt_budget.lint.passed_shares import passed_share
from prompt_budget.lint.ratio_names import fraction
from prompt_budget.lint.rule import attr_name, number
from prompt_budget.lint.shares import margin_against_budget
from prompt_budget.lint.stored_shares import stored_share
from prompt_budget.lint.style_thresholds import labels_only

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def usage_thresholds(rule: LintRule, node: ast.Compare) -> list[tuple[ast.expr, float, str, str]]:
    """(the literal, its value, the budget's name or "budget", what it is) of each literal share ``node``
    orders against a division whose numerator is a token amount or whose divisor is a budget, and of each
    growth above 1 it orders a count of tokens over another against (``growth_thresholds``)."""
    found: list[tuple[ast.expr, float, str]] = []
    left = node.left
    for right in node.comparators:
        for div, literal in ((left, right), (right, left)):
            value = fraction(literal)
            if (
                value is not None
                and isinstance(div, ast.BinOp)
                and isinstance(div.op, ast.Div)
                and (
                    rule.budget_expr(div.right) is not None
                    or (rule.token_amount(div.left) and not _counted(div.right))
                )
            ):
                found.append((literal, value, rule.budget_expr(div.right) or "budget"))
                break
            if (grown := growth_threshold(rule, div, literal)) is not None:
                found.append((literal, grown, "token_growth"))
                break
            # ``ratio = used / window`` ... ``ratio >= 0.92``, or a parameter given it (``passed_shares``)
            if (
                value is not None
                and type(div) is ast.Name
                and (share := _local_share(rule, div) or passed_share(rule, div))
            ):
                found.append((literal, value, share))
                break
            # ``pressure = raw_tokens / token_budget`` ... ``if pressure <= 1.25``: a level of overflow (set 207)
            over = number(literal) if value is None and isinstance(div, ast.Name) else None
            if (
                over is not None
                and 1 < over <= 10
                and isinstance(div, ast.Name)
                and (share := _local_share(rule, div))
            ):
                found.append((literal, float(over), share))
                break
            # ``usage_pct = (used / budget.total_budget) * 100`` ... ``if usage_pct >= 87`` (set 251: oclawma)
            pct = number(literal) if value is None and type(div) is ast.Name else None
            if pct is not None and 1 < pct < 100 and (share := _local_percent(rule, div)):  # 100: the budget
                found.append((literal, pct, share))
                break
            # ``if context_pct >= 80: messages.append("... call session_checkpoint now")`` (set 447: cogsession)
            if pct is not None and 1 < pct < 100 and _context_percent(rule, div):
                found.append((literal, pct, "the context window"))
                break
            # ``agent.context_pct = min(1.0, tokens / window)`` ... ``agent.context_pct >= 0.92`` (set 97)
            if value is not None and (share := stored_share(rule, div) or named_fill(rule, div)) is not None:
                found.append((literal, value, share))
                break
            # ``@property def usage_ratio(self): return min(1.0, self.used_tokens / self.max_tokens)`` ...
            # ``self.usage_ratio > 0.8`` (set 193: lerev's context near capacity)
            if value is not None and (share := own_getter_share(rule, div)) is not None:
                found.append((literal, value, share))
                break
        left = right
    if found and labels_only(rule.ctx.tree, node):
        return []  # ``if pct < 0.7: style = "yellow"``: a gauge's colour (``style_thresholds``)
    return [
        (
            literal,
            value,
            name,
            _GROWTH.format(value=value) if name == "token_growth" else f"usage threshold {value} of {name}",
        )
        for literal, value, name in found
    ]


#: Words of a percent, and of what a percent of the context is a share of.
_PERCENT = frozenset({"pct", "percent", "percentage"})
_CONTEXT = frozenset({"context", "ctx", "window"})


def _context_percent(rule: LintRule, node: ast.expr) -> bool:
    """``context_pct``, ``ctx_percent``: a name saying a percent of the context window and nothing else, in
    a module that speaks of tokens or names the window (set 579: tne-sdk's status panel shows a game's
    "context fatigue" as ``ctx_pct`` beside ``hp_pct`` and ``pwr_pct``, and no token in the file)."""
    ws = set(words(attr_name(node) or ""))
    return (
        bool(ws & _PERCENT)
        and bool(ws & _CONTEXT)
        and ws <= _PERCENT | _CONTEXT | {"used", "usage", "fill"}
        and ("window" in ws or any(_MODEL_LINE.search(line) for line in rule.ctx.lines))
    )


#: A line speaking of a model's tokens or naming its window (not ``session_token``, ``tokenize``: the review).
_MODEL_LINE = re.compile(r"\btokens?\b|context[ _]window", re.IGNORECASE)


def own_getter_share(rule: LintRule, node: ast.expr) -> str | None:
    """``self.usage_ratio`` or ``self.usage_ratio()``, a property or method of the enclosing class taking
    nothing but ``self`` whose every return divides a token amount or divides by a budget, or such a method called
    with arguments (``self.usage_fraction(messages)``, set 589: nemocode): the budget's name (or "budget"); else
    None."""
    called = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    name = (
        node.func.attr
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        else read_of_getter(node)
    )
    read = node.func if isinstance(node, ast.Call) else node
    owner = rule.ctx.enclosing_class()
    if (
        name is None
        or owner is None
        or not (isinstance(read, ast.Attribute) and attr_name(read.value) == "self")
    ):
        return None
    found = [
        f
        for f in owner.body
        if isinstance(f, _FUNCTIONS) and f.name == name and (called or len(f.args.args) == 1)
    ]
    divs = returned_shares({name: found}, name) if len(found) == 1 else []
    pairs = [(d, rule.budget_expr(d.right)) for d in divs]
    if not pairs or not all(b is not None or rule.token_amount(d.left) for d, b in pairs):
        return None
    budgets = {b for _, b in pairs}
    budget = budgets.pop() if len(budgets) == 1 else None
    return budget or "budget"


_GROWTH = "growth threshold {value} of one count of tokens over another"
#: Calls a count of tokens goes through and stays one (``median(run_tokens)``).
_AGGREGATES = frozenset({"median", "mean", "fmean", "sum", "max", "min", "int", "round"})


def growth_threshold(rule: LintRule, div: ast.expr, literal: ast.expr) -> float | None:
    """``median(c_tokens) / median(b_tokens) > 1.30``: a number above 1 and at most 10 that a quotient of
    two counts of tokens (no budget) is ordered against, an alarm on how much a run's tokens grew over
    another's (set 179: traceverdict's regression radar, beside its own ``WARN_MEDIAN_TOKENS_RATIO = 1.3``);
    else None."""
    value = number(literal)
    if (
        value is None
        or isinstance(value, bool)
        or not 1 < value <= 10
        or not (isinstance(div, ast.BinOp) and isinstance(div.op, ast.Div))
    ):
        return None
    return float(value) if _count_of_tokens(rule, div.left) and _count_of_tokens(rule, div.right) else None


def _count_of_tokens(rule: LintRule, node: ast.expr) -> bool:
    """A count of tokens, not a budget, directly or through an aggregate (``median(x["tokens"] for x in rows)``)."""
    while (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _AGGREGATES
        and node.args
    ):
        node = node.args[0]
        if isinstance(node, (ast.GeneratorExp, ast.ListComp)):
            node = node.elt
    return rule.token_amount(node) and rule.budget_expr(node) is None


def _counted(node: ast.expr) -> bool:
    """``len(key_gold_tokens)``: a count of items, whose share a matched count is (a recall, set 279: ragmortem),
    no budget."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"


def _local_share(rule: LintRule, local: ast.Name) -> str | None:
    """The budget a local of the function is a share of, bound only to divisions of tokens by it
    (``ratio = estimated_input / max(1, self.context_window)``: set 81, oats-coder's pressure levels),
    else None."""
    fn = rule.ctx.function()
    divs = divisions(fn, local) if fn is not None else []
    if not divs and fn is not None:
        # ``util = entry.token_utilization`` ... ``elif util > 0.90`` (set 272: contextlens-ai's evaluator)
        values = bound_values(fn, local.id)
        fills = {named_fill(rule, v) for v in values}
        if values and len(fills) == 1 and None not in fills:
            return fills.pop()
        return _ratio_returned(rule, fn, local)
    if not divs or not all(of_tokens(rule, d) for d in divs):
        return None
    budgets = {rule.budget_expr(unguarded(d.right)) or _limit_of_tokens(rule, d) for d in divs}
    return budgets.pop() if len(budgets) == 1 and None not in budgets else None


def _limit_of_tokens(rule: LintRule, div: ast.BinOp) -> str | None:
    """``tokens / limit``: a count of tokens over a local named as a limit (``limit``, ``cap``, ``budget``), the
    limit's name (set 527: penhin-code's ``usage_ratio = tokens / limit`` ... ``if usage_ratio < 0.6``), else None."""
    divisor = unguarded(div.right)
    if limiter_module(rule.ctx.lines):
        return None  # ``fill = tokens / limit`` of a token bucket: permits
    named = type(divisor) is ast.Name and bool(LIMIT_NAMES.intersection(words(divisor.id)))
    return divisor.id if named and type(divisor) is ast.Name and rule.token_amount(div.left) else None


def _local_percent(rule: LintRule, local: ast.expr) -> str | None:
    """The budget a local of the function is a percent of, bound only to ``<a division of tokens> * 100``
    (either way round), else None."""
    fn = rule.ctx.function()
    values = bound_values(fn, local.id) if fn is not None and type(local) is ast.Name else []
    divs = []
    for v in values:
        if not (isinstance(v, ast.BinOp) and isinstance(v.op, ast.Mult)):
            return None
        sides = [(v.left, v.right), (v.right, v.left)]
        div = next(
            (
                d
                for d, c in sides
                if number(c) == 100 and isinstance(d, ast.BinOp) and isinstance(d.op, ast.Div)
            ),
            None,
        )
        if div is None or not of_tokens(rule, div):
            return None
        divs.append(div)
    budgets = {rule.budget_expr(unguarded(d.right)) or "budget" for d in divs}
    return budgets.pop() if len(budgets) == 1 else None


#: Words of a function's name saying it returns a share (``_estimate_ratio``, ``usage_fraction``).
_RATIO_CALLEES = frozenset({"ratio", "fraction", "share", "pct", "percent", "utilization"})


def _ratio_returned(rule: LintRule, fn: ast.AST, local: ast.Name) -> str | None:
    """``ratio = _estimate_ratio(messages, prompt, ctx.max_tokens)`` (set 162: mem-deep-research's emergency
    path): a local bound only to calls of a module function named as a share, every return of which divides
    by one parameter named as a budget (``return estimate_fn(text) / max_tokens``; a constant for an empty
    budget left out) -> that budget; else None."""
    values = bound_values(fn, local.id)
    callees = {v.func.id for v in values if isinstance(v, ast.Call) and type(v.func) is ast.Name}
    if not values or len(callees) != 1 or len(values) != sum(isinstance(v, ast.Call) for v in values):
        return None
    callee = callees.pop()
    if not _RATIO_CALLEES & set(words(callee)) or rule.ctx.tree is None:
        return None
    found = [f for f in getattr(rule.ctx.tree, "body", ()) if isinstance(f, _FUNCTIONS) and f.name == callee]
    divs = returned_shares({callee: found}, callee) if len(found) == 1 else []
    budgets = {attr_name(unguarded(d.right)) for d in divs}
    budget = budgets.pop() if len(budgets) == 1 else None
    return budget if budget and rule.names.is_budget(budget) else None


def report_margin_read(
    rule: LintRule,
    name: str,
    margins: dict[str, tuple[ast.expr, float, tuple[str, ...]]],
    advice: str,
) -> None:
    """``n_tok_est(prompt) * buffer_frac > context_length``: the read of ``name`` being visited scales a
    token estimate checked against a budget; the margin it is bound to, taken out of ``margins``, is
    reported (once, at its binding)."""
    found = margin_against_budget(rule, rule.ctx.ancestors)
    if found is None:
        return
    literal, value, parts = margins.pop(name)
    amount, budget = found
    line = getattr(rule.ctx.ancestors[-1], "lineno", 0)
    message = (
        f"hard-coded budget ratio {name} = {value}: a margin on the token estimate `{amount}` checked "
        f"against `{budget}` at line {line}; {advice}"
    )
    rule.report(literal, message, target=literal, value=value, key_parts=parts)


def context_fraction(rule: LintRule, node: ast.Tuple) -> tuple[ast.expr, float, str, str] | None:
    """LangChain's context size ``trigger=("fraction", 0.85)``: (the literal, its value, the key's name,
    what is said) of a share of the context window (``forms.fraction_size``), else None."""
    found = fraction_size(rule, node) if len(node.elts) == 2 else None
    if found is None:
        return None
    name, literal, value = found
    what = f'("fraction", {value}) of the context window' + (f" as `{name}`" if name else "")
    return literal, value, name or "context_size", what


def own_share(rule: LintRule, node: ast.Compare) -> bool:
    """``node`` orders a call of a method of the enclosing class returning a share of a budget
    (``own_getter_share``) against something: a share of that budget is in scope."""
    return any(type(s) is ast.Call and own_getter_share(rule, s) for s in (node.left, *node.comparators))
