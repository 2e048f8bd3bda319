"""A number named as tokens whose every read is ordered against a count of a text's words, for PB102 (set 149:
brainmarks-agent's near-duplicate check)::

    MIN_CONTENT_TOKENS = 20
    ...
    if len(normalize_text(text).split()) < MIN_CONTENT_TOKENS:   # words, no model's tokens

A count of words is ``len()`` of a ``split()`` by whitespace (no separator, or a space); the name's
"tokens" are the words of a tokenizer that splits on whitespace. So too a number whose every read cuts a list of a
regular expression's matches (``_WORD_RE.findall(text)``), directly or as a parameter's default each read of
which does (set 172: sup-mem's ``_TOKEN_CAP = 48  # distinctive tokens kept per memory`` given as ``cap`` ...
``picked[:cap]``, and ``_MAX_QUERY_TERMS = 32  # ... don't need every token`` cutting an FTS query's
``list(dict.fromkeys(... for tok in _WORD_RE.findall(query)))``): a lexical search's terms. Judges no finding
itself. So too a number every read of which is ordered against how many terms two texts share (``len(a & b)``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import bound_values
from prompt_budget.lint.character_reads import every_read, reads_of
from prompt_budget.lint.rule import callee_name, defaults, string_value
from prompt_budget.lint.walks import enclosing_function

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def compared_with_words(rule: LintRule, target: ast.expr) -> bool:
    """Every read of the name ``target`` binds is ordered against a count of words."""
    return every_read(rule, target, _against_words)


def _against_words(read: ast.Name, parents: dict[ast.AST, ast.AST]) -> bool:
    parent = parents.get(read)
    if not isinstance(parent, ast.Compare) or not all(isinstance(op, _ORDER) for op in parent.ops):
        return False
    fn = enclosing_function(parents, read)
    return any(
        _word_count(side) or (fn is not None and (_match_count(fn, side) or _shared_terms(fn, side)))
        for side in (parent.left, *parent.comparators)
        if side is not read
    )


def _shared_terms(fn: ast.AST, node: ast.expr) -> bool:
    """``len(terms(a) & terms(b))``, or a local bound only to it: how many terms two texts share, an overlap
    of words (set 413: memall-os' ``_CHAIN_OVERLAP_THRESHOLD = 40  # min token overlap``)."""
    values = bound_values(fn, node.id) if isinstance(node, ast.Name) else [node]
    return bool(values) and all(
        isinstance(v, ast.Call)
        and callee_name(v) == "len"
        and len(v.args) == 1
        and isinstance(v.args[0], ast.BinOp)
        and isinstance(v.args[0].op, ast.BitAnd)
        for v in values
    )


def _match_count(fn: ast.AST, node: ast.expr) -> bool:
    """``len(tokens)`` where ``tokens = [t.lower() for t in _WORD_RE.findall(content)]``: a count of a regular
    expression's matches, words (set 215: depthfusion's ``_RICHNESS_MIN_TOKENS = 20`` word-tokens)."""
    return (
        isinstance(node, ast.Call)
        and callee_name(node) == "len"
        and len(node.args) == 1
        and _matches(fn, node.args[0], 6)
    )


def _word_count(node: ast.expr) -> bool:
    """``len(text.split())``, ``len(text.split(" "))``."""
    if not (isinstance(node, ast.Call) and callee_name(node) == "len" and len(node.args) == 1):
        return False
    split = node.args[0]
    if not (
        isinstance(split, ast.Call) and isinstance(split.func, ast.Attribute) and split.func.attr == "split"
    ):
        return False
    return not split.args or (
        string_value(split.args[0]) in {" ", None} and isinstance(split.args[0], ast.Constant)
    )


def sliced_words(rule: LintRule, target: ast.expr) -> bool:
    """Every read of the name ``target`` binds cuts a list of a regular expression's matches, or is the
    default of a parameter every read of which does."""
    return every_read(rule, target, _cuts_matches)


#: Calls keeping the items of the list they are given (``list(dict.fromkeys(terms))``).
_KEEPS_ITEMS = frozenset({"list", "tuple", "set", "sorted", "fromkeys", "reversed"})


def _cuts_matches(read: ast.Name, parents: dict[ast.AST, ast.AST]) -> bool:
    parent = parents.get(read)
    fn = enclosing_function(parents, read)
    if isinstance(parent, ast.arguments) and fn is not None:
        arg = next((a for a, d in defaults(parent) if d is read), None)
        inner, reads = reads_of(fn, arg.arg) if arg is not None else ({}, [])
        return bool(reads) and all(_slices_matches(fn, r, inner.get(r), inner) for r in reads)
    return fn is not None and _slices_matches(fn, read, parent, parents)


def _slices_matches(
    fn: ast.AST, read: ast.Name, parent: ast.AST | None, parents: dict[ast.AST, ast.AST]
) -> bool:
    """``read`` is the upper bound of a slice of a list of a regular expression's matches."""
    holder = parents.get(parent) if isinstance(parent, ast.Slice) and parent.upper is read else None
    return isinstance(holder, ast.Subscript) and _matches(fn, holder.value, 6)


def _matches(fn: ast.AST, node: ast.expr, depth: int) -> bool:
    """``pattern.findall(text)``, kept as items (``list(dict.fromkeys(...))``), filtered or mapped by a
    comprehension, or a local bound only to such a list."""
    if depth < 0:
        return False
    if isinstance(node, ast.Call):
        callee = callee_name(node)
        if callee == "findall":
            return True
        if callee == "split" and isinstance(node.func, ast.Attribute) and len(node.args) <= 1:
            # ``encoded.split("-")``: a text's pieces (set 347); ``command.split()``: its words (set 371: cursorfleet)
            return not node.args or string_value(node.args[0]) is not None
        return callee in _KEEPS_ITEMS and len(node.args) == 1 and _matches(fn, node.args[0], depth - 1)
    if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
        return _matches(fn, node.generators[0].iter, depth - 1)
    if type(node) is ast.Name:
        values = bound_values(fn, node.id)
        return bool(values) and all(_matches(fn, v, depth - 1) for v in values)
    return False
