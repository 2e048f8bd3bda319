"""PB104's rates written where a choice is made, and a window's character bound written as a product of two literals.

- ``int(rest / (2.8 if dense else 3.4))`` (set 118: corecoder's estimate, characters per token of code dense with
  symbols and of prose): a divisor that picks one of two rates is judged as a rate by the larger and reported at
  each branch (``branch_rates``), as ``chars_per_token = 3 if is_code else 4`` is where it is named; so too such a
  choice bound to a local the division reads (``picked_rate``).
- ``text[: 3 * 8192]  # prevent context window overflow`` (set 20: giskard): a character bound of a context window
  times a rate, both literals, where a comment on or right above the statement says tokens or a context window;
  ``buf[: 4 * 1024]`` alone is 4 KiB (``window_bound``); so too a reserve of tokens converted at the rate a comment
  there states (``prompt_overhead = 2000 * 4`` under ``# 1 token ≈ 4 chars``, set 124: tensor-truth).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import bound_values
from prompt_budget.lint.char_params import made_characters_here, window_times_rate
from prompt_budget.lint.model_windows import model_window
from prompt_budget.lint.rule import number
from prompt_budget.lint.rules.pb104_lengths import says_window
from prompt_budget.lint.stated_rates import block_comment, comment_above, literal_product, stated_product
from prompt_budget.lint.walks import innermost_statement, kept_per_file, statements

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def branch_rates(divisor: ast.expr) -> tuple[tuple[ast.expr, int | float], ...] | None:
    """(literal, value) of each branch of ``(2.8 if dense else 3.4)`` when both are rates of characters per token
    (``LOWEST_RATE`` to ``HIGHEST_RATE``; ``(1.2 if code else 4)`` is none), else None."""
    if not isinstance(divisor, ast.IfExp):
        return None
    found = [(branch, number(branch)) for branch in (divisor.body, divisor.orelse)]
    rates = tuple(
        (branch, value)
        for branch, value in found
        if value is not None and LOWEST_RATE <= value <= HIGHEST_RATE
    )
    return rates if len(rates) == 2 else None


def picked_rate(fn: ast.AST | None, divisor: ast.expr) -> ast.IfExp | None:
    """The conditional of two rates a local divisor is bound to, once and in no other way, in ``fn`` (``divisor =
    4 if any(c in content for c in "{}();") else 5`` ... ``chars // divisor``; set 122: meredith-agent), else None."""
    if fn is None or not isinstance(divisor, ast.Name) or divisor.id not in _chosen(fn):
        return None
    values = bound_values(fn, divisor.id)
    picked = values[0] if len(values) == 1 else None
    return picked if isinstance(picked, ast.IfExp) and branch_rates(picked) is not None else None


#: The last function asked about and the locals it assigns a conditional expression to (``_chosen``).
_last_chosen: list[tuple[ast.AST, frozenset[str]]] = kept_per_file([])


def _chosen(fn: ast.AST) -> frozenset[str]:
    """The names ``fn`` assigns a conditional expression to (``divisor = 4 if code else 5``): the only
    locals ``picked_rate`` can find bound to one. Asked at every division by a name (19,000 over the
    benchmark corpus), each of which ``bound_values`` answered with a walk of the whole function; read once
    per function instead (kept for the last one)."""
    last = _last_chosen
    if last and last[0][0] is fn:
        return last[0][1]
    found: set[str] = set()
    # an assignment is a statement: ``statements`` lists every one ``walk`` does, reading no expression
    for node in statements(fn):
        kind = type(node)
        if kind is ast.Assign and type(node.value) is ast.IfExp:  # type: ignore[attr-defined]
            found.update(t.id for t in node.targets if type(t) is ast.Name)  # type: ignore[attr-defined]
        elif kind is ast.AnnAssign and type(node.value) is ast.IfExp and type(node.target) is ast.Name:  # type: ignore[attr-defined]
            found.add(node.target.id)  # type: ignore[attr-defined]
    names = frozenset(found)
    last[:] = [(fn, names)]
    return names


#: The rates a branch may hold: a wide script's 1.5 characters per token to a dozen.
LOWEST_RATE, HIGHEST_RATE = 1.5, 12


def window_bound(rule: LintRule, node: ast.BinOp, char_context: Callable[[], bool]) -> ast.expr | None:
    """The rate of a window's character bound (``3 * 8192`` under a comment saying a context window, or a
    model's window by name: ``int(8192 * 1.5)`` beside ``model = "x-8k"``, set 57: huixiangdou), else None."""
    rate = window_times_rate(node)
    if (named := model_window(rule, node)) is not None:
        return named[0]
    if rate is None and not literal_product(node):
        return None  # the comments are read only for a product of two literals
    statement = innermost_statement(rule.ctx.ancestors)
    if rate is not None and made_characters_here(rule.ctx.ancestors):
        return rate  # ``_TOKEN_BUDGET_CHARS = 32000 * 4``: tokens made characters, by its name (set 521)
    comments = (rule.ctx.comment(), comment_above(rule.ctx.lines, statement))
    if rate is None:  # ``prompt_overhead = 2000 * 4`` under ``# 1 token ≈ 4 chars`` (set 124: tensor-truth)
        stated = stated_product(node, (*comments, block_comment(rule.ctx.lines, statement)))
        return stated[0] if stated is not None else None
    return rate if char_context() and says_window(comments) else None


def bound_site(rule: LintRule, node: ast.BinOp, rate: ast.expr) -> ast.expr:
    """Where a window's character bound is reported: at its rate when PB102 reports the tokens beside it
    (``_TOKEN_BUDGET_CHARS = 32000 * 4``, set 521: fitz-forge), else at the product."""
    return rate if made_characters_here(rule.ctx.ancestors) else node
