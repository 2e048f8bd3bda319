"""A module constant named as a share whose product is clamped against a count of tokens, for PB105
(budget-ratio): ``reserve = min(max(int(response_tokens), 0), int(max_length * AUTO_MAX_RESPONSE_SHARE))``
(set 68: merlina) bounds a count of tokens by the product, so the product is tokens too (``min``/``max``
order like with like) and the constant a share of a token amount, whatever the amount it scales is named.

Asked at PB105's end of module after ``constant_reach.decide_shares``, only for the module constants
named as a share (``fraction``, ratio, share, percent) that nothing else decided. The product may sit in
``int()``/``round()``/``math.floor()``/``math.ceil()``; the other argument of ``min``/``max`` is a token
amount (``rule.token_amount``) itself or inside such a call or another ``min``/``max``. A product whose
other factor its function orders against a count of tokens is one too (``ordered_factors``; set 97:
xdog-agent's ``budget.input_limit * TARGET_RATIO`` beside ``if overhead >= budget.input_limit``).
Kept apart from the rule: it reads the module's tree, and judges no finding itself.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.constant_reach import decide_shares
from prompt_budget.lint.flow import Bindings, Uses
from prompt_budget.lint.names import words
from prompt_budget.lint.ordered_factors import ordered_factor
from prompt_budget.lint.rule import LintRule, attr_name, defaults, dotted, number
from prompt_budget.lint.scaled_thresholds import decide_scaled_thresholds
from prompt_budget.lint.shares import neutral_name
from prompt_budget.lint.token_reach import TokenReach
from prompt_budget.lint.walks import functions_and_methods, parents, walk

_SHARE_NAME_WORDS = frozenset({"fraction", "ratio", "share", "pct", "percent", "percentage"})
#: Calls whose result is their argument's amount, rounded.
_ROUNDS = frozenset({"int", "round", "math.floor", "math.ceil", "floor", "ceil"})
_CLAMPS = frozenset({"min", "max"})


def _tokens_inside(rule: LintRule, node: ast.AST) -> ast.AST | None:
    """The token amount ``node`` is, or holds as the argument of a rounding or clamping call."""
    if rule.token_amount(node):
        return node
    if isinstance(node, ast.Call) and dotted(node.func) in _ROUNDS | _CLAMPS:
        for arg in node.args:
            if (found := _tokens_inside(rule, arg)) is not None:
                return found
    return None


def clamped_against_tokens(rule: LintRule, product: ast.BinOp, up: dict[ast.AST, ast.AST]) -> str | None:
    """Why ``product`` is tokens: ``min``/``max`` clamps it (rounded or not) against a token amount."""
    child: ast.AST = product
    parent = up.get(child)
    while isinstance(parent, ast.Call) and dotted(parent.func) in _ROUNDS and child in parent.args:
        child, parent = parent, up.get(parent)
    if not (isinstance(parent, ast.Call) and dotted(parent.func) in _CLAMPS and child in parent.args):
        return None
    for other in parent.args:
        if other is not child and (found := _tokens_inside(rule, other)) is not None:
            return (
                f"its product clamped by {dotted(parent.func)}() against the token count "
                f"`{ast.unparse(found)}` at line {product.lineno}"
            )
    return None


def _function(node: ast.AST, up: dict[ast.AST, ast.AST]) -> ast.AST:
    """The function ``node`` is in (the module when none)."""
    scope = up.get(node)
    while scope is not None and not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
        node, scope = scope, up.get(scope)
    return scope if scope is not None else node


def decide_all_shares(rule: LintRule, bindings: Bindings, uses: Uses) -> None:
    """``constant_reach.decide_shares``, then the shares it left whose product is clamped against tokens."""
    decide_shares(rule, bindings, uses)
    decide_scaled_thresholds(rule, bindings, uses)  # ``mask_at * MASK_TARGET`` reaching tokens (set 101)
    tree = rule.ctx.tree
    if tree is None:
        return
    body = getattr(tree, "body", ())
    names = {
        name
        for name, binding in bindings.by_name.items()
        if uses.reason(name) is None
        and any(isinstance(s, (ast.Assign, ast.AnnAssign)) and s.value is binding.literal for s in body)
        and set(words(name)) & _SHARE_NAME_WORDS
        and not rule.names.is_excluded(name)
    }
    if names:
        up = parents(tree)
        for node in walk(tree):
            if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
                continue
            for side in (node.left, node.right):
                if type(side) is ast.Name and side.id in names and uses.reason(side.id) is None:
                    why = clamped_against_tokens(rule, node, up)
                    other = node.right if side is node.left else node.left
                    why = why or ordered_factor(rule, _function(node, up), other)  # set 97: xdog-agent
                    if why is not None:
                        uses.reasons[side.id] = why
    _decide_parameters(rule, tree)


def _decide_parameters(rule: LintRule, tree: ast.AST) -> None:
    """``def __init__(self, size, threshold_ratio=0.65)`` ... ``self.threshold = int(size * threshold_ratio)``: report a
    parameter's default named as a share whose product in its own function reaches a token use (set 545: mentask);
    decided by that function's reads alone, never by the module's reads of the name."""
    up: dict[ast.AST, ast.AST] | None = None
    for fn, _ in functions_and_methods(tree):
        for arg, default in defaults(fn.args):
            value = number(default)
            if value is None or not 0 < value < 1 or not set(words(arg.arg)) & _SHARE_NAME_WORDS:
                continue
            if rule.names.is_excluded(arg.arg) or any(r.target is default for r in rule.ctx.reports):
                continue
            for node in walk(fn):
                found = _other_factor(node, arg.arg)
                if found is None:
                    continue
                up = up if up is not None else parents(tree)
                if (why := _product_reach(rule, *found, up)) is not None:
                    message = (
                        f"hard-coded budget ratio {arg.arg} = {value}: {why}; move it to config so the threshold can "
                        "be tuned per model"
                    )
                    parts = (f"{fn.name} {arg.arg}", rule.ctx.module_name)
                    rule.report(default, message, target=default, value=value, key_parts=parts)
                    break


def _other_factor(node: ast.AST, name: str) -> tuple[ast.BinOp, ast.expr] | None:
    """(the product, its other factor) when ``node`` is a product with the name ``name``, else None."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
        return None
    for side, other in ((node.left, node.right), (node.right, node.left)):
        if type(side) is ast.Name and side.id == name:
            return node, other
    return None


def _product_reach(
    rule: LintRule, product: ast.BinOp, other: ast.expr, up: dict[ast.AST, ast.AST]
) -> str | None:
    """``self.threshold = int(self.size * THRESHOLD_RATIO)`` ... ``current_tokens >= self.threshold`` in
    another method: the product itself reaches a token use (``TokenReach``), the other factor a name
    saying no other unit (set 545: mentask's snapping threshold)."""
    fn = _function(product, up)
    name = attr_name(other) if isinstance(other, (ast.Name, ast.Attribute)) else None
    if (
        not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
        or not name
        or not neutral_name(rule, name)
    ):
        return None
    owner = up.get(fn)
    why = TokenReach(rule).of_node(fn, product, owner if isinstance(owner, ast.ClassDef) else None)
    return f"a share of `{ast.unparse(other)}` reaching a token use: {why}" if why else None
