"""A ratio scaling a count of tokens into the budget a text is cut to, for PB105 (set 93:
qmix-report-writer's ``budget = int(len(_ENC.encode(text)) * _EMBED_SHRINK_FACTOR)`` ...
``_truncate_to_tokens(text, budget)``): the share of a text's tokens kept on a retry is a budget ratio,
though the amount it scales is a count, not a budget. Decided by data flow: the product (through
``int()``, ``round()``, ``min``/``max``) is bound to a local of the function, and a read of that local is
given to a call cutting text by tokens (``truncate_to_tokens``, ``trim_tokens``) or bounds a slice of a
token list (``ids[:budget]``), or is ordered against another count of tokens (``target_tokens =
int(original_tokens * (1 - target_reduction))`` ... ``if current_tokens > target_tokens``, set 171:
mycontext-ai's optimizer). A count scaled into words (``int(n_tokens * 0.75)``) or shown is no budget.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import bound_local, reads_of
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import callee_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_KEEPING = frozenset({"int", "round", "ceil", "floor", "min", "max"})
#: Words of a function cutting text to a number of tokens (``truncate_to_tokens``, ``trim_tokens``).
_CUT_WORDS = frozenset({"truncate", "truncated", "trim", "cut", "clip", "shorten"})


def scaled_count(
    rule: LintRule, count: ast.expr, product: ast.BinOp, ancestors: Sequence[ast.AST]
) -> str | None:
    """Why ``product`` (``count`` times the ratio being followed; ``ancestors`` end with the ratio's read)
    is a budget of tokens: ``count`` holds tokens and the local it is bound to cuts text by tokens."""
    if not rule.token_amount(count):
        return None
    chain = list(ancestors)
    at = next((i for i in range(len(chain) - 1, -1, -1) if chain[i] is product), None)
    if at is None:
        return None
    current: ast.AST = product
    for parent in reversed(chain[:at]):
        if (
            isinstance(parent, ast.Call)
            and callee_name(parent) in _KEEPING
            and any(a is current for a in parent.args)
        ):
            current = parent
            continue
        local = bound_local(parent)
        fn = rule.ctx.function()
        if local is None or fn is None:
            return None
        parents, reads = reads_of(fn, local)
        for read in reads:
            use = parents.get(read)
            if isinstance(use, ast.Call) and read in use.args and _cuts_tokens(rule, use):
                return f"scales the token count `{ast.unparse(count)}` into `{local}`, given to `{callee_name(use)}`"
            if isinstance(use, ast.Compare) and all(isinstance(op, _ORDER) for op in use.ops):
                others = [o for o in (use.left, *use.comparators) if o is not read and rule.token_amount(o)]
                if others:  # ``if current_tokens > target_tokens`` (set 171: mycontext-ai's optimizer)
                    shown = ast.unparse(others[0])
                    return f"scales the token count `{ast.unparse(count)}` into `{local}`, compared with `{shown}`"
        return None
    return None


def _cuts_tokens(rule: LintRule, call: ast.Call) -> bool:
    callee = callee_name(call) or ""
    return rule.names.mentions_tokens(callee) and bool(set(words(callee)) & _CUT_WORDS)
