"""Where PB104 sees a quotient by a rate turned into tokens by what it meets (set 101: wren-agent's
compaction)::

    def _fixed_tokens(self):                                   # the module's own estimate: chars // 4
        return (len(self.system) + len(json.dumps(specs))) // 4

    def estimated_context(self):
        return self.context_tokens + estimate_tokens(self.messages[self._billed_upto :])

    def _manage_context(self, extra=0):
        if self.estimated_context() + extra > self.model.mask_at: ...

    self._manage_context(extra=len(prompt) // 4)               # a text's length given as ``extra``

    def plan_mask(messages, current_tokens, mask_at):
        target = mask_at * MASK_TARGET
        _, freed = mask_old_tool_traffic(messages, keep)       # characters freed, named for no unit
        if current_tokens - freed // 4 <= target: ...           # taken from a count of tokens
        if best[1] // 4 < mask_at * MASK_MIN_GAIN: ...          # against a share of a token threshold

A quotient (rounded or not) is tokens when it is taken from or added to an amount of tokens: a token
amount (``LintRule.token_amount``) or a call of a function of the module (a method of the class) every
return of which is one (``self.estimated_context()``); when it is given, by keyword or position, to a
parameter of such a function that its body adds to or takes from one (one step); or when it is ordered
against a product of a parameter whose value reaches a token use (``TokenReach.of_parameter``: ``mask_at``,
which a share of it bound to ``target`` is compared with ``current_tokens``). An amount named for no unit
(``freed``, ``best[1]``) divided so is characters only in a module whose own token estimate divides by the
same rate (a function named for tokens returning a quotient by it: ``_fixed_tokens`` above), and never one
named for tokens or another unit (a share of a budget, lines, items, seconds). Judges no finding itself.
"""

from __future__ import annotations

import ast
from itertools import pairwise
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import running_values, zero
from prompt_budget.lint.character_reads import reads_of
from prompt_budget.lint.clamped_amounts import clamped_amount
from prompt_budget.lint.flow import module_functions, positional_params
from prompt_budget.lint.names import CHAR_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name, callee_name, number
from prompt_budget.lint.stated_rates import scope_docstrings, states_rate
from prompt_budget.lint.token_reach import TokenReach
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef
#: Calls that round an amount and keep it one (``max(1, len(text) // 4)``).
_ROUNDING = frozenset({"ceil", "floor", "int", "round", "max", "min"})
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_DIVIDE = (ast.Div, ast.FloorDiv)
#: Words of a machine's memory, whose quarters are no tokens (``used_tokens - memory // 4`` mixes units).
_MEMORY = frozenset({"memory", "mem", "ram", "vram", "gpu", "gb"})


def _outer(rule: LintRule, node: ast.expr) -> tuple[ast.AST, ast.AST | None, dict[ast.AST, ast.AST]]:
    """``node`` rounded (``int(...)``, ``max(1, ...)``), its holder, and the parents of the statement."""
    parents = {child: parent for parent, child in pairwise(rule.ctx.ancestors)}
    outer: ast.AST = node
    holder = parents.get(outer)
    while isinstance(holder, ast.Call) and callee_name(holder) in _ROUNDING and outer in holder.args:
        outer, holder = holder, parents.get(holder)
    return outer, holder, parents


def own_callee(rule: LintRule, call: ast.Call) -> tuple[Function, bool] | None:
    """The module's function or the enclosing class's method ``call`` calls, and whether a method."""
    func = call.func
    if type(func) is ast.Name:
        found = module_functions(rule.ctx.tree).get(func.id)
        return (found, False) if found is not None else None
    owner = rule.ctx.enclosing_class()
    if type(func) is ast.Attribute and type(func.value) is ast.Name and func.value.id in {"self", "cls"}:
        methods = [
            s
            for s in (owner.body if owner is not None else ())
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == func.attr
        ]
        return (methods[0], True) if len(methods) == 1 else None
    return None


def _returns_tokens(rule: LintRule, fn: Function) -> bool:
    """Every ``return`` of ``fn`` gives an amount of tokens (``self.context_tokens + estimate_tokens(m)``)."""
    returned = [n.value for n in walk(fn) if isinstance(n, ast.Return)]
    return bool(returned) and all(v is not None and rule.token_amount(v) for v in returned)


def _counts_tokens(rule: LintRule, node: ast.AST) -> bool:
    """A token amount, or a call of the module's function returning only token amounts."""
    if rule.token_amount(node):
        return True
    found = own_callee(rule, node) if isinstance(node, ast.Call) else None
    return found is not None and _returns_tokens(rule, found[0])


def _summed(rule: LintRule, child: ast.AST, parent: ast.AST | None) -> bool:
    """``tokens - child``, ``child + self.estimated_context()``: ``child`` taken from or added to tokens."""
    if not (isinstance(parent, ast.BinOp) and isinstance(parent.op, (ast.Add, ast.Sub))):
        return False
    if isinstance(parent.op, ast.Sub) and parent.right is not child:
        return False
    other = parent.right if parent.left is child else parent.left
    return _counts_tokens(rule, other)


def _given_to_sum(
    rule: LintRule, outer: ast.AST, holder: ast.AST | None, parents: dict[ast.AST, ast.AST]
) -> bool:
    """``self._manage_context(extra=len(prompt) // 4)`` whose ``extra`` is added to a count of tokens."""
    keyword = holder.arg if isinstance(holder, ast.keyword) else None
    call = parents.get(holder) if isinstance(holder, ast.keyword) else holder
    if not isinstance(call, ast.Call) or (keyword is None and outer not in call.args):
        return False
    found = own_callee(rule, call)
    if found is None:
        return False
    fn, method = found
    name = keyword
    if name is None:
        params = positional_params(fn, method)
        index = next(i for i, a in enumerate(call.args) if a is outer)
        name = params[index] if index < len(params) else None
    if name is None:
        return False
    up, reads = reads_of(fn, name)
    return any(_summed(rule, n, up.get(n)) for n in reads)


def _against_threshold(rule: LintRule, outer: ast.AST, holder: ast.AST | None) -> bool:
    """``best[1] // 4 < mask_at * MASK_MIN_GAIN`` where the parameter ``mask_at`` reaches a token use."""
    fn = rule.ctx.function()
    if not (isinstance(holder, ast.Compare) and isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))):
        return False
    if not all(isinstance(op, _ORDER) for op in holder.ops):
        return False
    params = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
    reach = TokenReach(rule)
    for side in (holder.left, *holder.comparators):
        if side is outer or not (isinstance(side, ast.BinOp) and isinstance(side.op, ast.Mult)):
            continue
        for factor in (side.left, side.right):
            if (
                type(factor) is ast.Name
                and factor.id in params
                and reach.of_parameter(fn, factor.id, rule.ctx.enclosing_class(), cuts=False) is not None
            ):
                return True
    return False


def quotient_meets_tokens(rule: LintRule, node: ast.expr, threshold: bool = False) -> bool:
    """The quotient ``node`` (being visited) is taken from or added to tokens, given to a parameter that
    is, or (``threshold``) ordered against a share of a parameter reaching a token use."""
    outer, holder, parents = _outer(rule, node)
    return (
        _summed(rule, outer, holder)
        or _given_to_sum(rule, outer, holder, parents)
        or (threshold and _against_threshold(rule, outer, holder))
        or _rounded_against(rule, outer, holder)
    )


def _own_rate(rule: LintRule, factor: float) -> bool:
    """A function of the module named for tokens returns a quotient by ``factor`` (its token estimate)."""
    for fn in walk(rule.ctx.tree) if rule.ctx.tree is not None else ():
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not rule.names.mentions_tokens(
            fn.name
        ):
            continue
        for ret in walk(fn):
            if isinstance(ret, ast.Return) and ret.value is not None:
                for n in walk(ret.value):
                    if (
                        isinstance(n, ast.BinOp)
                        and isinstance(n.op, _DIVIDE)
                        and number(n.right) == factor
                        and not rule.token_amount(n.left)  # ``budget_tokens // 4``: a share, no estimate
                    ):
                        return True
    return False


def unnamed_quotient(rule: LintRule, amount: ast.expr, node: ast.expr, factor: float) -> bool:
    """``freed // 4`` taken from tokens: ``amount`` says no unit (not tokens, not lines, items or time) and
    the module's own token estimate divides by ``factor`` too."""
    if not isinstance(amount, (ast.Name, ast.Attribute, ast.Subscript)) or rule.token_amount(amount):
        return False
    name = attr_name(amount.value if isinstance(amount, ast.Subscript) else amount) or ""
    if not name or set(words(name)) & (UNIT_WORDS - CHAR_WORDS | _MEMORY) or rule.names.is_excluded(name):
        return False
    if rule.names.mentions_tokens(name) or rule.names.is_budget(name):
        return False
    if quotient_meets_tokens(rule, node, threshold=True) and _own_rate(rule, factor):
        return True
    return _stated_lengths(rule, amount, factor)


def _rounded_against(rule: LintRule, outer: ast.AST, holder: ast.AST | None) -> bool:
    """The quotient being visited, rounded (``outer``, from ``_outer``), is ordered in ``holder`` against a local
    bound only to a clamp of a token amount (``clamped_amounts``): ``math.ceil(len(encoded) / 4) > budget`` with
    ``budget = max(64, min(int(token_budget), 4000))`` (set 375: djobs' memory payload)."""
    if not (isinstance(holder, ast.Compare) and all(isinstance(op, _ORDER) for op in holder.ops)):
        return False
    return any(
        side is not outer and clamped_amount(rule, side) for side in (holder.left, *holder.comparators)
    )


def _stated_lengths(rule: LintRule, amount: ast.expr, factor: float) -> bool:
    """A running total of lengths (``total = 0`` ... ``total += len(c)``) divided by the rate the function's or
    its class's docstring states (``"Rough token estimate: 1 token ≈ 4 characters."``, set 129: fscars's
    ``estimate_tokens(*chunks)``): characters, whatever the lengths' names say."""
    fn = rule.ctx.function()
    found = running_values(fn, amount.id) if fn is not None and type(amount) is ast.Name else None
    if found is None or not found[1] or not all(zero(v) for v in found[0]):
        return False
    if not all(isinstance(v, ast.Call) and callee_name(v) == "len" for v in found[1]):
        return False
    return states_rate(scope_docstrings(fn, rule.ctx.enclosing_class()), factor)
