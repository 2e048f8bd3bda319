"""A fraction a class's constructor takes and stores, that a method of the class orders against the share of
the window in use, for PB105's end of a module (set 162: mem-deep-research's window strategies)::

    @dataclass
    class WindowContext:
        token_ratio: float  # token_count / max_tokens

    class ObservationMaskingStrategy(WindowStrategy):
        def __init__(self, trigger_ratio: float = 0.6, keep_recent: int = 3):
            self.trigger_ratio = trigger_ratio

        def should_trigger(self, ctx: WindowContext) -> bool:
            return ctx.token_ratio >= self.trigger_ratio        # the share of the window in use

Four classes of that module take a ``trigger_ratio`` with four defaults, so the name alone (``flow.Bindings``)
holds no one value; here each class is read on its own: the default of ``__init__``'s parameter ``p``, kept as
it is in ``self.p``, is a budget ratio when a method of the same class orders ``self.p`` against a share of
tokens: a division of tokens (``compared_shares.of_tokens``, written there or bound to a local) or a read
named as one (``ctx.token_ratio``, ``usage.tokens_pct``). The fractions the module (or another, through
``budget_overrides``) gives that parameter are then reported as overrides of a reported ratio.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.compared_shares import divisions, of_tokens
from prompt_budget.lint.names import words
from prompt_budget.lint.ratio_names import fraction
from prompt_budget.lint.rule import attr_name, defaults
from prompt_budget.lint.scaled_units import MONEY_WORDS
from prompt_budget.lint.self_attributes import self_attribute
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
#: Words of a share: with a word of tokens, a read holding the share of a budget used (``token_ratio``).
_SHARE_WORDS = frozenset({"ratio", "fraction", "share", "pct", "percent", "percentage", "utilization"})


def share_of_tokens_read(node: ast.expr) -> bool:
    """``ctx.token_ratio``: a read named as a share of tokens, whatever computes it."""
    if not isinstance(node, (ast.Name, ast.Attribute)):
        return False
    ws = set(words(attr_name(node) or ""))
    return bool(ws & {"token", "tokens"}) and bool(ws & _SHARE_WORDS) and not ws & MONEY_WORDS


def _stored(init: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The parameters ``init`` stores as they are under their own name (``self.p = p``)."""
    return {
        node.value.id
        for node in walk(init)
        if type(node) is ast.Assign
        and len(node.targets) == 1
        and isinstance(node.value, ast.Name)
        and self_attribute(node.targets[0]) == node.value.id
    }


def _ordered_share(rule: LintRule, cls: ast.ClassDef, attr: str) -> str | None:
    """Why ``self.<attr>`` is a share of the window: the first comparison, in a method of ``cls``, of it
    with a share of tokens."""
    for fn in cls.body:
        if not isinstance(fn, _FUNCTIONS) or fn.name == "__init__":
            continue
        for node in walk(fn):
            if type(node) is not ast.Compare or len(node.ops) != 1 or not isinstance(node.ops[0], _ORDER):
                continue
            sides = (node.left, node.comparators[0])
            for side, other in (sides, sides[::-1]):
                if self_attribute(side) != attr:
                    continue
                if share_of_tokens_read(other) or any(of_tokens(rule, d) for d in divisions(fn, other)):
                    return f"compared at line {node.lineno} with the share of tokens `{ast.unparse(other)}`"
    return None


def class_shares(rule: LintRule, tree: ast.Module) -> Iterator[tuple[ast.expr, float, str, str]]:
    """(literal, value, name, why) of each fraction default of a class's ``__init__`` that a method of the
    class orders against a share of tokens, not reported already."""
    reported = {id(r.node) for r in rule.ctx.reports if r.code == rule.CODE}
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        init = next((f for f in cls.body if isinstance(f, _FUNCTIONS) and f.name == "__init__"), None)
        if init is None:
            continue
        stored = _stored(init)
        for arg, default in defaults(init.args):
            value = fraction(default)
            if value is None or arg.arg not in stored or id(default) in reported:
                continue
            why = _ordered_share(rule, cls, arg.arg)
            if why is not None:
                yield default, value, arg.arg, f"{arg.arg} = {value}: {why}"
