"""What a name read in a subtraction of budgets is (``flow.Uses``' reading of ``a - b``):

- subtracted from a budget (``max_tokens - prompt_tokens - buffer``: the leftmost term is the budget):
  the name is tokens, kept off the budget;
- a name of a reserve (``summary_reserve``) subtracted from a local that only holds tokens (``target =
  self.context_budget - system_tokens``): the name is tokens (set 156: natshell); so too from a local
  bound only to a window read or its literal fallback (``max_len = config.max_position_embeddings if
  hasattr(...) else 8192`` ... ``max_len - question_reserve - margin``, set 161: isage-refiner's REFORM
  chunk size);
- taken from a local bound only to budgets and only spent down (``budget = max_tokens`` ... ``if budget -
  cost < 0: break`` ... ``budget -= cost``, set 167: daryl-dsm's tokens charged per entry read);
- the first term a constant named as a budget of tokens is subtracted from (``_GROQ_TPM_CEILING -
  _RUNNER_MAX_OUTPUT_TOKENS - _FIXED_PREFIX_TOKENS``): the room left of it is tokens, so the name is a
  token budget too, whatever it is named (set 97: handcode's provider quota of tokens per minute). Only a
  constant (upper case) is such evidence: a local named as a budget may count a text (``remaining =
  budget - target_tokens``, ``target_tokens = count_tokens(body)``).

- added to a local bound only to budgets or a clamp of them (``maximum = min(call.max_output_tokens,
  rule.max_output_tokens)`` ... ``maximum + MODEL_PROMPT_TEMPLATE_ALLOWANCE``, set 168: fastfence): the
  name is tokens, room beside the budget.

Kept apart from ``flow``: it reads one expression and judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import bound_values, running_values
from prompt_budget.lint.bounded_budgets import bounded_budget
from prompt_budget.lint.counted_locals import token_local
from prompt_budget.lint.names import CONFIG_WINDOWS, words
from prompt_budget.lint.rule import number
from prompt_budget.lint.walks import brief_source

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a local naming a reserve kept off an amount (``summary_reserve``, ``safety_margin``).
_RESERVE_WORDS = frozenset({"margin", "reserve", "reserved", "headroom", "buffer"})


def _subtrahends(parent: ast.BinOp, grand: ast.AST | None) -> list[ast.expr]:
    """The terms subtracted from ``parent.left``: ``parent.right``, and ``grand.right`` when ``grand``
    subtracts again (``a - b - c``)."""
    terms = [parent.right]
    if isinstance(grand, ast.BinOp) and isinstance(grand.op, ast.Sub) and grand.left is parent:
        terms.append(grand.right)
    return terms


def _window_value(rule: LintRule, value: ast.expr) -> bool:
    """``config.max_position_embeddings`` (a model config's window, ``config_windows``) or another read of a
    budget, or a clamp of budgets (``min(call.max_output_tokens, rule.max_output_tokens)``), or that or a
    literal fallback (``... if hasattr(...) else 8192``)."""
    if isinstance(value, ast.IfExp):
        sides = [s for s in (value.body, value.orelse) if not isinstance(s, ast.Constant)]
        return bool(sides) and all(_window_value(rule, s) for s in sides)
    if isinstance(value, ast.Attribute) and value.attr in CONFIG_WINDOWS:
        return True
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Sub):  # ``window - reserved``: what is left
        taken: list[ast.expr] = []
        while isinstance(value, ast.BinOp) and isinstance(value.op, ast.Sub):
            taken.append(value.right)
            value = value.left
        if any(number(t) is not None for t in taken):
            return False
        # or a cap less reserves of tokens (``self.cap - self.output_reserve_tokens - self.request_overhead_tokens``,
        # set 569: anzar-agent)
        capped = isinstance(value, (ast.Name, ast.Attribute)) and all(rule.token_amount(t) for t in taken)
        return rule.budget_expr(value) is not None or capped
    return rule.budget_expr(value) is not None or bounded_budget(rule, value, every=True) is not None


def budget_local(rule: LintRule, local: ast.expr) -> bool:
    """``local`` is a name its function binds only to budgets (``usable = self.max_context_tokens -
    self.reserved_output_tokens``, set 173: m1-m2-agent's compression trigger): a share of it is a share of a
    budget."""
    return type(local) is ast.Name and _window_local(rule, local)


def _window_local(rule: LintRule, local: ast.Name) -> bool:
    """``local`` is bound in its function only to a window read, or that or a literal fallback."""
    fn = rule.ctx.function()
    values = bound_values(fn, local.id) if fn is not None else []
    return bool(values) and all(_window_value(rule, v) for v in values)


def spent_budget(rule: LintRule, local: ast.expr) -> bool:
    """``budget = max_tokens`` ... ``budget -= cost``: a local bound only to budgets, only ever lessened."""
    fn = rule.ctx.function()
    found = running_values(fn, local.id, ast.Sub) if fn is not None and type(local) is ast.Name else None
    return found is not None and bool(found[0]) and all(rule.budget_expr(v) is not None for v in found[0])


def addition_use(rule: LintRule, node: ast.AST, parent: ast.BinOp) -> str | None:
    """``maximum + MODEL_PROMPT_TEMPLATE_ALLOWANCE`` where ``maximum`` is bound only to budgets (set 168:
    fastfence's reservation of tokens for a model call): ``node`` is added to a budget, so it is tokens."""
    other = parent.right if parent.left is node else parent.left
    return f"added to `{brief_source(other)}`, a token budget" if budget_local(rule, other) else None


def subtraction_use(rule: LintRule, node: ast.AST, parent: ast.BinOp, grand: ast.AST | None) -> str | None:
    """Why ``node``, a term of the subtraction ``parent``, holds tokens, else None."""
    if parent.right is node:
        left = parent.left  # ``max_tokens - prompt_tokens - buffer``: the budget is the leftmost term
        while isinstance(left, ast.BinOp) and isinstance(left.op, ast.Sub):
            left = left.left
        if rule.budget_expr(left) is not None or bounded_budget(
            rule, left, every=True
        ):  # ``min(a, b - c) - margin``
            return f"subtracted from the budget `{brief_source(left)}`"
        if (
            type(node) is ast.Name
            and _RESERVE_WORDS.intersection(words(node.id))
            and type(left) is ast.Name
            and (token_local(rule, left) or _window_local(rule, left))
        ):
            # ``target = self.context_budget - system_tokens`` ... ``target - summary_reserve`` (set 156:
            # natshell): a reserve by its name taken off what is left of a budget
            return f"subtracted from the token amount `{left.id}`"
        if type(left) is ast.Name and spent_budget(rule, left):
            return f"subtracted from `{left.id}`, a token budget spent down"
        if (budget := remainder_constant(rule, left)) is not None:
            return f"subtracted from `{brief_source(left)}`, what is left of the budget `{budget}`"
        return None
    if parent.left is not node:
        return None
    # ``CEILING - MAX_OUTPUT_TOKENS``: a constant named as a budget of tokens taken from it (not
    # ``max_length``, which may count characters, nor a local ``target_tokens`` counting a text)
    for term in _subtrahends(parent, grand):
        name = rule.budget_expr(term) if isinstance(term, (ast.Name, ast.Attribute)) else None
        if name is not None and name.isupper() and rule.names.says_tokens(name):
            return f"the budget `{brief_source(term)}` is subtracted from it"
    return None


def remainder_constant(rule: LintRule, node: ast.expr) -> str | None:
    """``EFFECTIVE_WINDOW``, a constant the module binds once to a budget less something (``CONTEXT_WINDOW -
    _OUTPUT_BUDGET``): what is left of that budget, tokens too (set 231: clou-ai's ``WARN_BUFFER`` subtracted
    from it); the budget's source, else None."""
    tree = rule.ctx.tree
    if type(node) is not ast.Name or not node.id.isupper() or not isinstance(tree, ast.Module):
        return None
    values = [
        s.value
        for s in tree.body
        if isinstance(s, ast.Assign) and any(type(t) is ast.Name and t.id == node.id for t in s.targets)
    ]
    if len(values) != 1 or not (isinstance(values[0], ast.BinOp) and isinstance(values[0].op, ast.Sub)):
        return None
    first = values[0].left
    while isinstance(first, ast.BinOp) and isinstance(first.op, ast.Sub):
        first = first.left
    return brief_source(first) if rule.budget_expr(first) is not None else None
