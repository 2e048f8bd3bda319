"""PB104's rate of characters per token kept in a local named as a factor, or given to a number of
tokens known by what it is ordered against (set 62: hackingbuddygpt's ``trim_result_front``)::

    def trim_result_front(model, target_size, result):
        cur_size = model.count_tokens(result)
        TARGET_SIZE_FACTOR = 3
        if cur_size > TARGET_SIZE_FACTOR * target_size:
            result = result[:TARGET_SIZE_FACTOR * target_size]
        while cur_size > target_size:
            ...

The rate is a literal from ``LOWEST`` to ``HIGHEST``, or a local its function binds once to one under a
name saying a factor (``factor``, ``ratio``, ``rate``, ``scale``...: ``LOCAL_RATE_WORDS``). The other
factor is a number of tokens: by its name (``max_tokens``; for a literal rate, the rule's own
``token_side`` reads that), or a parameter the function never rebinds and orders against a count of
tokens (``cur_size > target_size``), directly or through a local each binding of which is one
(``cur_size = model.count_tokens(result)``). The rule reports the rate where the product cuts a string
or is compared with characters (``_char_result``), where it is written.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_budget.lint.comments import trailing_comment
from prompt_budget.lint.forms import compared_with_tokens
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import number
from prompt_budget.lint.rules.pb104_context import result_is_tokens
from prompt_budget.lint.rules.pb104_rates import LOCAL_RATE_WORDS, local_rate
from prompt_budget.lint.stated_rates import states_rate
from prompt_budget.lint.subtracted_defaults import token_amount_name
from prompt_budget.lint.token_chunk_chars import HIGHEST, LOWEST
from prompt_budget.lint.token_floors import bindings_and_orders
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def factor_name(name: str) -> bool:
    """``TARGET_SIZE_FACTOR``, ``ratio``: a local named as a factor."""
    return bool(LOCAL_RATE_WORDS.intersection(words(name)))


def _ordered_against_tokens(rule: LintRule, fn: ast.AST, param: str) -> bool:
    """``fn`` takes ``param``, never rebinds it, and orders it against a count of tokens."""
    args = fn.args if isinstance(fn, _FUNCTIONS) else None
    if args is None or param not in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}:
        return False
    # rebound anywhere (a loop's target, a with's name too): what is ordered may not be the number given
    if any(type(n) is ast.Name and n.id == param and type(n.ctx) is not ast.Load for n in walk(fn)):
        return False
    bound, compares = bindings_and_orders(fn)
    for cmp in compares:
        left, right = cmp.left, cmp.comparators[0]
        other = right if _is(left, param) else left if _is(right, param) else None
        if other is None:
            continue
        values = bound.get(other.id, []) if isinstance(other, ast.Name) else [other]
        if values and all(token_amount_name(rule, v) for v in values):
            return True
    return False


def _is(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def local_factor(rule: LintRule, node: ast.BinOp) -> tuple[ast.expr, float] | None:
    """(the rate's literal, its value) of ``node``, a product of a rate and a number of tokens in the
    forms above, else None. The caller judges whether the product is characters."""
    fn = rule.ctx.function()
    if not isinstance(node.op, ast.Mult) or fn is None:
        return None
    for rate, other in ((node.left, node.right), (node.right, node.left)):
        named = type(rate) is ast.Name and factor_name(rate.id)
        literal = local_rate(rate, fn) if named else rate if type(rate) is ast.Constant else None
        value = number(literal) if literal is not None else None
        if literal is None or value is None or not LOWEST <= value <= HIGHEST or number(other) is not None:
            continue
        if named and rule.token_amount(other):
            return literal, value
        if type(other) is ast.Name and _ordered_against_tokens(rule, fn, other.id):
            return literal, value
    return None


#: The statements whose head (their first line) opens a block whose comment speaks for the block.
_HEADS = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try)


def head_rate(rule: LintRule, node: ast.BinOp, factor: float) -> bool:
    """A name times ``factor`` (``chunk_size * 4``) inside a block whose head's comment states ``factor``
    characters per token (``if enc is None:  # offline fallback: ~4 chars per token``, set 365:
    tai-aitutor's chunker, whose ``size = chunk_size * 4`` and ``tail_len > chunk_overlap * 4`` turn its
    token sizes into characters where no tokenizer is installed), within the function."""
    if not 2 <= factor <= 6 or not any(
        isinstance(side, (ast.Name, ast.Attribute)) for side in (node.left, node.right)
    ):
        return False
    lines = rule.ctx.lines
    heads = []
    for anc in reversed(rule.ctx.ancestors):
        if isinstance(anc, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            break
        if isinstance(anc, _HEADS) and anc.lineno <= len(lines):
            heads.append(trailing_comment(lines[anc.lineno - 1]) or "")
    return states_rate(heads, factor)


def words_times(rule: LintRule, node: ast.BinOp, factor: float, to_tokens: Callable[[float], bool]) -> bool:
    """Words times ``factor`` into tokens: 1-2 (``words * 1.3``) where ``to_tokens`` says the rate turns
    words into tokens or the product is compared with tokens; under 1 where the product is itself a count
    of tokens (``return round(len(text.split()) * 0.75)`` in ``token_count``, set 393: teaval)."""
    if 1 < factor <= 2:
        return to_tokens(factor) or compared_with_tokens(rule, node)
    return 0.5 <= factor < 1 and result_is_tokens(rule, node)
