"""PB105's growth factor of a token budget clamped by a token limit (set 45: agent-lifecycle-toolkit's
``_escalate_max_tokens``): ``base = current or self.ASSUMED_PROVIDER_MAX_TOKENS`` ... ``return min(base * 4,
self.MAX_TOKENS_ESCALATION_LIMIT)``. The factor is how much larger the next attempt's budget is, a
multiple of a budget as ``max_tokens * 0.8`` is a share of one.

The evidence is in tokens on both sides: the product is one argument of ``min()`` (through ``int()``,
``round()`` or ``math.ceil()``) whose other argument reads a token budget, and the factor multiplies a
budget read, or a local bound in its function only to budget reads (or to ``x or <budget read>``). A
literal times a length (``min(len(tokens) * 4, max_chars)``: characters per token, PB104) or a count of
anything else is not read. Only factors above 1 and at most 16 count: a thousand (``max_k * 1000``) is a
unit, and a share below 1 is the rule's own ``fraction`` reading.

A token count halved into a local named as a budget, which the function then clamps with ``min()``
against a budget read (``budget = tokens // 2`` ... ``budget = min(budget, max_input_tokens * 2 // 5)``:
set 41, langchain's overflow retry) is a share of a budget too, and so is one clamped there, floored or not
(``budget = min(self.max_input_tokens, max(1, tokens // 2))``: set 79, hiveloom's overflow retry). A
halving alone is not (it splits anything in two): the name, the count and the clamp are its evidence.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import bound_values
from prompt_budget.lint.count_factors import count_factor
from prompt_budget.lint.derived_budgets import derived_budget
from prompt_budget.lint.item_costs import item_cost
from prompt_budget.lint.item_rates import item_rate
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, number
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Calls a product passes through unchanged in unit on its way to the clamp.
_KEEPS = frozenset({"int", "round", "ceil", "floor"})
#: The largest factor read as a growth of a budget (a thousand is a unit).
_MOST = 16


def _budget_read(rule: LintRule, node: ast.expr) -> str | None:
    """A budget read, or a local bound in the function only to budget reads (``x or <budget>``)."""
    found = rule.budget_expr(node)
    if found is not None or type(node) is not ast.Name:
        return found
    fn = rule.ctx.function()
    values = bound_values(fn, node.id) if fn is not None else []
    reads = [_fallback_budget(rule, v) for v in values]
    return reads[0] if reads and all(reads) else None


def _fallback_budget(rule: LintRule, value: ast.expr) -> str | None:
    """``self.max_tokens``, or ``current or self.ASSUMED_MAX_TOKENS``: the budget the value reads."""
    if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or):
        return next((b for b in (rule.budget_expr(v) for v in value.values) if b is not None), None)
    return rule.budget_expr(value)


def budget_factor(rule: LintRule, node: ast.BinOp) -> tuple[ast.expr, float, str, str] | None:
    """A growth factor of a budget clamped by a token limit, or a halving bound as a budget and clamped
    by one: the literal, its value, the finding's message (without the advice) and its key, else None."""
    if isinstance(node.op, (ast.Div, ast.FloorDiv)):
        return _halved_budget(rule, node) or item_cost(rule, node)  # ``max(1, token_budget // 300)``
    # ``max_tokens = int(tokens * 2.5)``, ``max_tokens = cfg.get("max_items", 50) * 2000``
    return (
        _clamped_growth(rule, node)
        or _rescaled_growth(rule, node)
        or _keyword_growth(rule, node)
        or count_factor(rule, node)
        or item_rate(rule, node)
    )


def _rescaled_growth(rule: LintRule, node: ast.BinOp) -> tuple[ast.expr, float, str, str] | None:
    """``hot_budget = int(hot_budget * 1.5)``: a budget grown by a factor and bound to itself (set 132:
    akv-cache's tier for a high quality setting), the budget a name of one or a local derived from one
    (``derived_budgets``); or a copy's attribute of the same name (``optimized.token_budget =
    int(self.token_budget * 1.3)``, set 172: mycontext-ai's "quality" strategy beside its shares 0.7 and 0.5).
    Or given back to the function's own parameter where it calls itself, a retry's larger budget (set 335:
    masterwork's ``return ask(endpoint, messages, model, params, int(max_tokens * 1.6), ...)``, ``_given_again``).
    Only a factor above 1 and at most 16, the same name (or attribute) on both sides."""
    if not isinstance(node.op, ast.Mult):
        return None
    parent = rule.ctx.parent(node)
    value_node: ast.AST = node
    if isinstance(parent, ast.Call) and callee_name(parent) in _KEEPS and len(parent.args) == 1:
        value_node, parent = parent, rule.ctx.parent(parent)
    again = _given_again(rule, value_node, parent) if isinstance(parent, (ast.Call, ast.keyword)) else None
    kind: type[ast.expr]
    target_name: str | None
    if again is not None:  # ``return ask(..., int(max_tokens * 1.6), ...)``: the next attempt's (set 335)
        kind, target_name = ast.Name, again
    elif (
        isinstance(parent, ast.Assign)
        and parent.value is value_node
        and len(parent.targets) == 1
        and type(target := parent.targets[0]) in (ast.Name, ast.Attribute)
    ):
        kind, target_name = type(target), attr_name(target)
    else:
        return None
    for literal, other in ((node.right, node.left), (node.left, node.right)):
        value = number(literal)
        same = type(other) is kind and attr_name(other) == target_name
        if value is None or not 1 < value <= _MOST or not same:
            continue
        budget = rule.budget_expr(other) or derived_budget(rule, other, ordered=False)
        if budget is not None and not rule.names.is_chars(budget):
            how = "for the function's next attempt" if again else "in place"
            message = (
                f"hard-coded budget factor `{ast.unparse(node)}` grows the token budget `{budget}` {how}"
            )
            return literal, value, message, f"{budget}_factor"
    return None


def _keyword_growth(rule: LintRule, node: ast.BinOp) -> tuple[ast.expr, float, str, str] | None:
    """``max_tokens=budget * 3`` where the function gives ``budget`` itself under the same budget keyword
    elsewhere (``max_tokens=budget``): a retry's larger cap (set 467: thinkless's truncated batch asked again
    "with three times the budget"). Only a factor above 1 and at most 16."""
    parent, fn = rule.ctx.parent(node), rule.ctx.function()
    if not (
        isinstance(node.op, ast.Mult)
        and isinstance(parent, ast.keyword)
        and parent.arg
        and rule.names.is_budget(parent.arg)
        and fn is not None
    ):
        return None
    for literal, other in ((node.right, node.left), (node.left, node.right)):
        value = number(literal)
        if value is None or not 1 < value <= _MOST or type(other) is not ast.Name:
            continue
        if any(
            isinstance(k, ast.keyword)
            and k.arg == parent.arg
            and type(k.value) is ast.Name
            and k.value.id == other.id
            for k in walk(fn)
        ):
            message = (
                f"hard-coded budget factor `{ast.unparse(node)}` grows the token budget `{other.id}` given as "
                f"`{parent.arg}=` elsewhere in the function"
            )
            return literal, value, message, f"{parent.arg}_factor"
    return None


def _given_again(rule: LintRule, value: ast.AST, parent: ast.Call | ast.keyword) -> str | None:
    """The parameter of the function being walked that ``value`` is given to again where the
    function calls itself (a retry: ``def ask(..., max_tokens): ... return ask(..., int(max_tokens * 1.6))``),
    by keyword or by position, else None."""
    fn = rule.ctx.function()
    call = rule.ctx.parent(parent) if isinstance(parent, ast.keyword) else parent
    if fn is None or not isinstance(call, ast.Call) or callee_name(call) != fn.name:
        return None
    params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    if params[:1] in (["self"], ["cls"]):
        params = params[1:]
    if isinstance(parent, ast.keyword):
        name = parent.arg
    else:
        at = next((i for i, a in enumerate(call.args) if a is value), None)
        name = params[at] if at is not None and at < len(params) else None
    all_params = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
    return name if name and name in all_params else None


def _reads_budget(rule: LintRule, node: ast.expr) -> str | None:
    """The first budget an expression reads (``max_input_tokens * 2 // 5`` reads ``max_input_tokens``)."""
    return next((b for n in walk(node) if (b := rule.budget_expr(n)) is not None), None)


def _halved_budget(rule: LintRule, node: ast.BinOp) -> tuple[ast.expr, float, str, str] | None:
    """``budget = tokens // 2`` ... ``budget = min(budget, max_input_tokens * 2 // 5)``, or ``budget =
    min(max_input_tokens, max(1, tokens // 2))``."""
    parent = rule.ctx.parent(node)
    if (clamped := _clamped_half(rule, node, parent)) is not None:
        return clamped
    fn = rule.ctx.function()
    if not (
        number(node.right) == 2
        and type(node.right) is ast.Constant
        and type(node.right.value) is int
        and isinstance(parent, ast.Assign)
        and parent.value is node
        and len(parent.targets) == 1
        and type(target := parent.targets[0]) is ast.Name
        and ("budget" in words(target.id) or rule.names.is_budget(target.id))
        and rule.token_amount(node.left)
        and fn is not None
    ):
        return None
    for n in walk(fn):
        if not (
            type(n) is ast.Assign
            and len(n.targets) == 1
            and type(n.targets[0]) is ast.Name
            and n.targets[0].id == target.id
            and type(n.value) is ast.Call
            and callee_name(n.value) == "min"
            and isinstance(n.value.func, ast.Name)
            and any(type(a) is ast.Name and a.id == target.id for a in n.value.args)
        ):
            continue
        others = [a for a in n.value.args if not (type(a) is ast.Name and a.id == target.id)]
        limit = next((b for a in others if (b := _reads_budget(rule, a)) is not None), None)
        if limit is not None:
            message = (
                f"hard-coded budget share `{ast.unparse(node)}`, 1/2 of a token count bound as the budget "
                f"`{target.id}` and clamped by min() against `{limit}`"
            )
            return node.right, 2, message, f"{target.id} divisor"
    return None


def _clamped_growth(rule: LintRule, node: ast.BinOp) -> tuple[ast.expr, float, str, str] | None:
    """``min(base * 4, MAX_TOKENS_LIMIT)`` with ``base`` a budget: the factor's literal, its value, the
    finding's message (without the advice) and its key, else None."""
    if not isinstance(node.op, ast.Mult):
        return None
    child: ast.AST = node
    parent = rule.ctx.parent(node)
    while isinstance(parent, ast.Call) and callee_name(parent) in _KEEPS and len(parent.args) >= 1:
        child, parent = parent, rule.ctx.parent(parent)
    if not (
        isinstance(parent, ast.Call) and callee_name(parent) == "min" and isinstance(parent.func, ast.Name)
    ):
        return None
    limits = [rule.budget_expr(a) for a in parent.args if a is not child]
    limit = next((b for b in limits if b is not None), None)
    if limit is None or parent.keywords:
        return None
    for literal, other in ((node.right, node.left), (node.left, node.right)):
        value = number(literal)
        if value is None or isinstance(value, bool) or not 1 < value <= _MOST:
            continue
        budget = _budget_read(rule, other)
        if budget is not None:
            message = (
                f"hard-coded budget factor `{ast.unparse(node)}` grows the token budget `{budget}` up to "
                f"the limit `{limit}` in min()"
            )
            return literal, value, message, f"{budget}_factor"
    return None


def _clamped_half(
    rule: LintRule, node: ast.BinOp, parent: ast.AST | None
) -> tuple[ast.expr, float, str, str] | None:
    """``budget = min(self.max_input_tokens, max(1, tokens // 2))``: a halved token count (floored by
    ``max()`` against a literal or not) clamped by ``min()`` against a budget read, bound to a name that
    is a budget."""
    child: ast.AST = node
    if isinstance(parent, ast.Call) and callee_name(parent) == "max" and len(parent.args) == 2:
        if not any(number(a) is not None for a in parent.args if a is not node):
            return None
        child, parent = parent, rule.ctx.parent(parent)
    if not (
        number(node.right) == 2
        and type(node.right) is ast.Constant
        and type(node.right.value) is int
        and isinstance(parent, ast.Call)
        and isinstance(parent.func, ast.Name)
        and callee_name(parent) == "min"
        and len(parent.args) == 2
        and not parent.keywords
        and rule.token_amount(node.left)
        and rule.budget_expr(node.left) is None  # half of a budget clamped: ``shares.clamped_share``'s
        and isinstance(assign := rule.ctx.parent(parent), ast.Assign)
        and assign.value is parent
        and len(assign.targets) == 1
        and type(target := assign.targets[0]) is ast.Name
        and ("budget" in words(target.id) or rule.names.is_budget(target.id))
    ):
        return None
    limit = next((b for a in parent.args if a is not child and (b := rule.budget_expr(a)) is not None), None)
    if limit is None:
        return None
    message = (
        f"hard-coded budget share `{ast.unparse(node)}`, 1/2 of a token count bound as the budget "
        f"`{target.id}` and clamped by min() against `{limit}`"
    )
    return node.right, 2, message, f"{target.id} divisor"
