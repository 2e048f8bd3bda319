"""PB106's headroom added to a budget where the sum goes as a budget: ``max_tokens=thinking_budget +
1024``, also through a clamp (``max_tokens=min(200, budget - used + 100)``) or as the fallback of an
``or`` (``max_tokens = model_cap(m) or budget + 4096``, set 89: frappe-flow's answer room beside a
thinking budget), or bound to a name of a token amount (``total_tokens_needed = max_thinking_tokens +
512``, set 32: optillm; ``p.max_tokens = max(p.max_tokens, p.thinking_budget + 1024)``, set 75:
mico-agent), or, whatever it is bound to, with the line's comment saying the number is headroom
(``limit = max_tokens + 512  # headroom``; a sum of budgets, weak names too, so commented: set 132's
``config.warm_budget + config.hot_budget + 64  # headroom``). A term named only weakly as a budget (``budget``, ``limit``) is one when the sum goes
where a budget goes by its own name (``max_tokens``): the destination gives the unit. A call of the module's
own function documented as returning a token budget is a budget term too, and a request's entry named as a
budget a destination (``body["max_tokens"] = _reasoning_effort_to_budget(effort) + 4096``, set 171:
kcs-agent's answer room beside Anthropic's thinking budget).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import uncast
from prompt_budget.lint.char_estimates import rated_quotient
from prompt_budget.lint.comments import trailing_comment
from prompt_budget.lint.dict_slots import value_key
from prompt_budget.lint.flow import module_functions
from prompt_budget.lint.names import words
from prompt_budget.lint.returned_budgets import returns_token_budget
from prompt_budget.lint.rule import attr_name, callee_name, string_value
from prompt_budget.lint.walks import past_clamps

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _destination(rule: LintRule, node: ast.BinOp) -> tuple[str, bool] | None:
    """The name the sum goes to, and whether it is a budget by that name alone, else None."""
    child, parent = past_clamps(node, rule.ctx.parent)
    if isinstance(parent, ast.IfExp) and child is not parent.test:  # ``... + 4096 if thinking else None``
        child, parent = past_clamps(parent, rule.ctx.parent)
    if isinstance(parent, ast.keyword):
        arg = parent.arg or ""
        strong = bool(arg) and rule.names.is_budget(arg)
        return (arg, strong) if strong or arg in {"target", "limit"} else None
    if isinstance(parent, ast.Dict):  # ``{"num_ctx": max(8192, estimate + 2048)}``: a request's entry
        key = value_key(parent, child)
        return (key, True) if key and rule.names.is_budget(key) else None
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1 and parent.value is child:
        target = parent.targets[0]
        name = string_value(target.slice) if isinstance(target, ast.Subscript) else attr_name(target)
        if name is not None and rule.names.is_token_amount(name):
            return name, rule.names.is_budget(name)
    return None


#: Builtins that make a budget a number and leave its unit.
_NUMBERS = frozenset({"int", "float", "round"})


def headroom_budget(rule: LintRule, node: ast.BinOp, left: ast.expr) -> str | None:
    """The budget ``left`` (the sum ``node``'s leftmost term) names, when the sum goes where a budget
    goes; a weak budget name (``budget``) only when it goes to a budget by name; made a number first or not
    (``int(thinking["budget_tokens"]) + 4096``, set 343: claritty-sdk's room for the answer after thinking)."""
    left = uncast(left, _NUMBERS)
    budget = rule.budget_expr(left) or _documented_getter(rule, left)
    if budget is None and (estimate := _char_estimate(left)) is not None:
        found = _destination(rule, node)  # the prompt's estimate and room for the reply, sizing a window
        return estimate if found is not None and found[1] else None
    weak = budget is None and type(left) is ast.Name and rule.names.is_weak_budget(left.id)
    if budget is None and not weak:
        # ``config.warm_budget + config.hot_budget + 64  # headroom`` (set 132: akv-cache's buffer)
        summed = summed_budgets(rule, left)
        return summed if summed is not None and _said_headroom(rule, node) else None
    found = _destination(rule, node)
    if found is None and _said_headroom(rule, node):
        return budget or (left.id if isinstance(left, ast.Name) else None)
    if found is None or (weak and not found[1]):
        return None
    return budget or (left.id if isinstance(left, ast.Name) else None)


def _char_estimate(node: ast.expr) -> str | None:
    """``math.ceil(chars / 3)``, ``len(prompt) // 4``: a length or a name of characters divided by a rate of
    characters per token (``char_estimates.rated_quotient``), an estimate of a text's tokens, shown; else None."""
    counted = rated_quotient(node)
    if counted is None:
        return None
    of_length = isinstance(counted, ast.Call) and callee_name(counted) == "len"
    if of_length or set(words(attr_name(counted) or "")) & {"chars", "characters"}:
        return f"the estimate `{ast.unparse(node)}`"
    return None


def _documented_getter(rule: LintRule, node: ast.expr) -> str | None:
    """``_reasoning_effort_to_budget(effort)``: a call of a function of the module documented as returning
    a token budget (``returned_budgets``), shown by its name; else None."""
    name = callee_name(node) if isinstance(node, ast.Call) and type(node.func) is ast.Name else None
    found = module_functions(rule.ctx.tree).get(name) if name else None
    return f"{name}()" if found is not None and returns_token_budget(found) else None


#: Words of a comment saying the number added is room kept beyond a budget.
_HEADROOM_WORDS = frozenset({"headroom", "margin", "slack", "safety"})


def _said_headroom(rule: LintRule, node: ast.BinOp) -> bool:
    """``limit = max_tokens + 512  # headroom``: the line's own comment says the number added is
    headroom (or a margin, slack, safety), whatever the sum is bound to."""
    line = node.right.lineno
    lines = rule.ctx.lines
    comment = trailing_comment(lines[line - 1]) if line <= len(lines) else ""
    return bool(comment) and bool(_HEADROOM_WORDS.intersection(words(comment)))


def summed_budgets(rule: LintRule, left: ast.expr) -> str | None:
    """``config.warm_budget + config.hot_budget``: a sum whose every term reads a budget (weak names
    too), shown; else None. Only a sum of two terms or more."""
    terms: list[ast.expr] = []
    while isinstance(left, ast.BinOp) and isinstance(left.op, ast.Add):
        terms.append(left.right)
        left = left.left
    terms.append(left)
    if len(terms) < 2:
        return None
    names = [rule.budget_expr(t) or attr_name(t) or "" for t in reversed(terms)]
    if not all(_budget_name(rule, n) for n in names):
        return None
    return " + ".join(names)


def _budget_name(rule: LintRule, name: str) -> bool:
    """A budget's name, weak ones too (``budget``, ``warm_budget``: the last word ``budget``), no other
    unit's (``cost_budget`` is excluded by the name judge)."""
    if not name or rule.names.is_excluded(name):
        return False
    return rule.names.is_budget(name) or rule.names.is_weak_budget(name) or words(name)[-1:] == ("budget",)
