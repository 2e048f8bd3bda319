"""Token counts compared with a length name: what PB102's learned lengths (``learned_lengths``) learn
from a comparison (set 34: llm-blender's ``max_output_length``)::

    output_lengths = [len(tokenizer.encode(x["output"])) for x in data]
    data = [x for x, length in zip(data, output_lengths) if length > 10 and length < max_output_length]

A length compared with a count of tokens is a number of tokens. The count is an expression holding
tokens (``len(enc.encode(text))``, ``num_tokens``: ``LintRule.token_amount``), a local bound to one
(``n = len(tokenizer.encode(text))``), or the variable of a loop or comprehension over a list of them
(``for n in lengths``, ``for x, n in zip(data, lengths)``, ``for i, n in enumerate(lengths)``, the list
built as ``[len(tokenizer.encode(t)) for t in texts]``). Only an ordering (``<``, ``>=``) counts: an
equality checks a scenario. Read from the function (or the module) around the comparison.

The count may also be the length of a local holding a list of tokens, or of the variable of a loop or
comprehension over a list of them, each a row of a tokenizer's ids (set 44: alpaca-farm's prompts,
kept when short enough and padded to that length)::

    queries = [tokenizer(prompt, return_tensors="pt").input_ids[0] for prompt in prompts]
    filtered = [query for query in queries if len(query) <= query_len]
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The comparisons that bound a count.
ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_LISTS = (ast.ListComp, ast.GeneratorExp)


def ordered_pairs(node: ast.Compare) -> Iterator[tuple[ast.expr, ast.expr]]:
    """Each side of an ordering with the side it is compared with (``a < b < c``: a-b, b-a, b-c, c-b)."""
    sides = [node.left, *node.comparators]
    for i, op in enumerate(node.ops):
        if isinstance(op, ORDER):
            yield sides[i], sides[i + 1]
            yield sides[i + 1], sides[i]


def neighbours(node: ast.Compare, side: ast.AST, rule: LintRule) -> list[ast.expr]:
    """The operands ``side`` is compared with in ``node``, none in a chain one operand of which is a string's length: a
    chain orders amounts of one unit (``MIN_TOKEN_LENGTH <= len(value) <= MAX_TOKEN_LENGTH``: characters, set 557:
    mcp-relay; ``self.keep_prefix <= p < total_tokens - self.keep_suffix``: tokens)."""
    others = [s for s in (node.left, *node.comparators) if s is not side]
    if len(
        others
    ) > 1 and any(  # a chain: one bound of a length in two (``len(ids) > limit`` is judged elsewhere)
        isinstance(o, ast.Call)
        and callee_name(o) == "len"
        and len(o.args) == 1
        and not rule.token_sequence(o.args[0])
        for o in others
    ):
        return []
    return others


def _item_lists(scope: ast.AST, name: str) -> Iterator[str]:
    """The lists whose items a loop or a comprehension of ``scope`` binds ``name`` to: ``for name in
    L``, ``for x, name in zip(A, L)``, ``for i, name in enumerate(L)``."""
    for node in walk(scope):
        if not isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            continue
        target, it = node.target, node.iter
        if type(target) is ast.Name and target.id == name and type(it) is ast.Name:
            yield it.id
            continue
        if not (isinstance(target, ast.Tuple) and isinstance(it, ast.Call) and type(it.func) is ast.Name):
            continue
        at = next((i for i, e in enumerate(target.elts) if type(e) is ast.Name and e.id == name), None)
        if at is None:
            continue
        index = at if it.func.id == "zip" else 0 if it.func.id == "enumerate" and at == 1 else None
        listed = it.args[index] if index is not None and index < len(it.args) else None
        if isinstance(listed, ast.Name):
            yield listed.id


def counts_tokens(
    rule: LintRule,
    expr: ast.expr,
    bound: Callable[[], dict[str, list[ast.expr]]],
    scope: Callable[[], ast.AST],
) -> bool:
    """``expr`` holds a count of tokens (see the module's docstring). ``bound``: the locals of the
    comparison's function by name (their values), ``scope``: that function or the module."""
    if rule.token_amount(expr):
        return True
    if type(expr) is ast.Call and callee_name(expr) == "len" and len(expr.args) == 1:
        held = expr.args[0]
        return type(held) is ast.Name and _holds_tokens(rule, held.id, bound, scope)
    if type(expr) is not ast.Name:
        return False
    if any(rule.token_amount(v) for v in bound().get(expr.id, ())):
        return True
    return any(
        isinstance(v, _LISTS) and rule.token_amount(v.elt)
        for listed in _item_lists(scope(), expr.id)
        for v in bound().get(listed, ())
    )


def _token_row(rule: LintRule, node: ast.expr) -> bool:
    """A list of tokens (``enc.encode(text)``, ``input_ids``), or one row of a batch of them
    (``tokenizer(text, return_tensors="pt").input_ids[0]``: measured with ``len()``, it is no single id)."""
    if rule.token_sequence(node):
        return True
    return (
        isinstance(node, ast.Subscript)
        and not isinstance(node.slice, ast.Slice)
        and rule.token_sequence(node.value)
    )


def _holds_tokens(
    rule: LintRule,
    name: str,
    bound: Callable[[], dict[str, list[ast.expr]]],
    scope: Callable[[], ast.AST],
) -> bool:
    """The local ``name`` (whose length is taken) is bound to a list of tokens, or is the variable of a
    loop or comprehension over a list built of them (``[tok(p).input_ids[0] for p in prompts]``)."""
    if any(_token_row(rule, v) for v in bound().get(name, ())):
        return True
    return any(
        isinstance(v, _LISTS) and _token_row(rule, v.elt)
        for listed in _item_lists(scope(), name)
        for v in bound().get(listed, ())
    )
