"""A number literal bounding a slice of a token list, for PB101 (inline budget; set 183): the text cut to that
many tokens, a budget written inline::

    return enc.decode(enc.encode(text)[:8192])      # the first 8192 tokens
    ids = tok(prompt)["input_ids"]
    return ids[:512]                                # through a local bound only to a token list
    tail = tokenizer.encode(text)[-2000:]           # the last 2000
    ids = tok(s, return_tensors="pt")["input_ids"][:, -12000:]   # each row's last 12000 (a batch's tensor)

The list is one a tokenizer made: an encoder's ``encode`` (``enc.encode(text)``, ``tokenizer.encode(...)``), a
tokenizer's call or its ``input_ids`` (``tok(text)["input_ids"]``, ``batch.input_ids``, ``token_ids``), a row
of one, or a local of the function bound only to such lists. A list merely named ``tokens`` is not enough for
a number written in the slice (a command line's tokens, a word list, an access token cut for display: set
183's corpus check); a name bound to a number and cutting it is judged by the data flow
(``token_lists.token_list``).
A slice with a step, or with both bounds (a window between two offsets, ``ids[100:612]``), is left alone, and
so is a number below the rule's least value (``tokens[:1]``, the first token). Read from the node's ancestors
and the function's bindings.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import zero
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, dotted
from prompt_budget.lint.token_lists import local_values, row_of
from prompt_budget.lint.walks import brief_source

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def literal_token_cut(rule: LintRule, node: ast.Slice) -> tuple[ast.expr, int | float, str] | None:
    """(the literal, its value, how the list is cut) when ``node`` cuts a token list at a number."""
    parent = rule.ctx.parent(node)
    node_of: ast.expr
    if isinstance(parent, ast.Tuple) and _batch_column(parent, node):
        node_of = (
            parent  # ``tok(s, return_tensors="pt")["input_ids"][:, -12000:]``: each row's last (set 613)
        )
        parent = rule.ctx.parent(parent)
    else:
        node_of = node
    if not isinstance(parent, ast.Subscript) or parent.slice is not node_of or node.step is not None:
        return None
    lower, upper = node.lower, node.upper
    if upper is not None and (lower is None or zero(lower)):
        bound, kept = upper, "first"
    elif (
        lower is not None
        and upper is None
        and isinstance(lower, ast.UnaryOp)
        and isinstance(lower.op, ast.USub)
    ):
        bound, kept = lower.operand, "last"
    else:
        return None
    value = rule.budget_literal(bound)
    if value is None or not _encoded(rule, parent.value) or _logged(rule, parent):
        return None
    return bound, value, f"cuts the token list `{brief_source(parent.value)}` to its {kept} {value} tokens"


def _batch_column(index: ast.Tuple, node: ast.Slice) -> bool:
    """``[:, -12000:]``: every row of a batch (a whole first axis), then ``node`` cutting the second."""
    if len(index.elts) != 2:
        return False  # ``ids[:512,]``
    first = index.elts[0]
    return (
        index.elts[1] is node
        and isinstance(first, ast.Slice)
        and first.lower is None
        and first.upper is None
        and first.step is None
    )


#: Methods of a logger (``LOGGER.debug("prefix_tail=%s", ids[-16:])``).
_LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "log"})


def _logged(rule: LintRule, cut: ast.Subscript) -> bool:
    """The cut (also through ``list()``/``tuple()``) is an argument of a logger's method or ``print``: a few ids
    shown in a log line (set 213: openjiuwen's ``list(handle.prefix_token_ids[-16:])``), no budget."""
    node: ast.AST = cut
    parent = rule.ctx.parent(node)
    while isinstance(parent, ast.Call) and callee_name(parent) in {"list", "tuple"} and node in parent.args:
        node, parent = parent, rule.ctx.parent(parent)
    if not (isinstance(parent, ast.Call) and node in parent.args):
        return False
    func = parent.func
    if isinstance(func, ast.Name):
        return func.id == "print"
    return (
        isinstance(func, ast.Attribute)
        and func.attr in _LOG_METHODS
        and "log" in (attr_name(func.value) or "").lower()
    )


#: Words of a lexical search index whose tokenizer splits text into terms (set 314: webscout-mcp's BM25 rerank).
_LEXICAL = frozenset({"bm25", "bm25okapi", "tfidf", "whoosh", "lucene", "sparse", "lexical"})
#: Words of a name holding ids a tokenizer made (``input_ids``, ``token_ids``).
_ID_WORDS = frozenset({"input", "token"})


def _encoded(rule: LintRule, node: ast.expr, depth: int = 0) -> bool:
    """A list of ids a tokenizer made, a row of one, or a local bound only to such lists."""
    node = row_of(node)
    if isinstance(node, ast.Call):
        callee = callee_name(node) or ""
        encodes = callee.startswith("encode") or callee == "tokenize"
        if callee in {"tokenizer", "apply_chat_template"}:
            # not ``self.bm25.tokenizer(text)``: a lexical index's terms (asked of these callees only)
            return not any(w in dotted(node.func).lower() for w in _LEXICAL)
        return encodes and rule.token_sequence(node)
    ws = set(words(attr_name(node) or ""))
    if "ids" in ws and ws & _ID_WORDS:
        return True
    found = local_values(rule, node, depth)
    return bool(found) and all(_encoded(rule, v, depth + 1) for v in found)
