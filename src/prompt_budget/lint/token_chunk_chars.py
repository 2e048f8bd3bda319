"""PB104's reading of a token size turned into characters by a rate written first (``4 * max_tokens``)
or by a size its function hands a splitter measuring tokens (set 53: syftr's ``build_splitter``,
``CodeSplitter(max_chars=4 * chunk_size)`` beside ``TokenTextSplitter(chunk_size=chunk_size,
tokenizer=...)``). Kept apart from the rule: it finds the token side of a product and judges no
finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import CHAR_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name, callee_name, number, sizes_token_chunks
from prompt_budget.lint.stated_rates import rate_stated, states_rate
from prompt_budget.lint.token_defaults import parameter_in_tokens, sibling_in_tokens
from prompt_budget.lint.token_differences import unconverted
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: A rate of characters per token a token size is multiplied by to bound characters.
LOWEST, HIGHEST = 1.2, 6


class TokenSizes:
    """The names each function gives whole to a splitter measuring its chunks in tokens
    (``TokenTextSplitter(chunk_size=chunk_size)``, ``SentenceSplitter(chunk_size=chunk_size)``), found
    in one walk of the function, the first time one of its products asks."""

    def __init__(self) -> None:
        self._found: dict[int, tuple[ast.AST, frozenset[str]]] = {}

    def of(self, rule: LintRule, fn: ast.AST) -> frozenset[str]:
        cached = self._found.get(id(fn))
        if cached is not None and cached[0] is fn:
            return cached[1]
        names = frozenset(
            k.value.id
            for n in walk(fn)
            if isinstance(n, ast.Call)
            for k in n.keywords
            if k.arg is not None
            and type(k.value) is ast.Name
            and sizes_token_chunks(rule.names, k.arg, n, rule.ctx)
        )
        self._found[id(fn)] = (fn, names)
        return names


def token_side(rule: LintRule, node: ast.BinOp, sizes: TokenSizes) -> tuple[ast.expr, float] | None:
    """(the rate's literal, its value) of ``node``, a product of a rate from :data:`LOWEST` to
    :data:`HIGHEST` and a number of tokens: an amount of tokens by its name or value with the rate
    written first (``4 * max_tokens``; written last, the rule reads it already), or a local or
    parameter its function gives a token splitter as a size (``4 * chunk_size``, ``chunk_size * 4``),
    or a parameter whose default is commented as tokens, or scaled as one is (``token_defaults``).
    Else None. The caller judges whether the product is characters."""
    if not isinstance(node.op, ast.Mult):
        return None
    for rate, other in ((node.left, node.right), (node.right, node.left)):
        value = number(rate)
        if value is None or not LOWEST <= value <= HIGHEST or number(other) is not None:
            continue
        if rate is node.left and rule.token_amount(unconverted(other)):  # ``4 * int(max_tokens)``
            return rate, value
        fn = rule.ctx.function()
        if type(other) is ast.Name and fn is not None and other.id in sizes.of(rule, fn):
            return rate, value
        if type(other) is ast.Name and (
            parameter_in_tokens(fn, rule.ctx.tree, rule.ctx.lines, other.id)
            or sibling_in_tokens(fn, rule.ctx.tree, rule.ctx.lines, other.id, value, rule.names.says_tokens)
        ):
            return (
                rate,
                value,
            )  # ``chunk_size * 4``, ``chunk_size=CHUNK_SIZE`` and ``CHUNK_SIZE = 500  # tokens``
        if type(other) is ast.Attribute and _twin_in_tokens(rule, other, value):
            return rate, value  # ``self.overlap * 4`` beside ``self.tokens * 4`` (set 160: memweave)
        if rate is node.right and _converted_chunk(rule, other, value):
            return rate, value  # ``char_budget = config.chunk_size * 4  # ~4 chars per token`` (set 465)
    return None


#: Words of a chunker's settings, a size or an overlap that a splitter counts in tokens.
_CHUNK, _CHUNK_SETTINGS = frozenset({"chunk"}), frozenset({"size", "overlap"})


def _converted_chunk(rule: LintRule, size: ast.expr, value: float) -> bool:
    """``config.chunk_size * 4``, ``config.chunk_overlap * 4`` (set 465: mita-code's ``char_budget`` and
    ``overlap_chars``), ``text[-chunk_overlap * 4:]``: a rate of 2.5 to 6 times a chunker's size or overlap
    where tokens are counted (``_counts_tokens``), or times anything when the statement's comment states that
    rate (``# ~4 chars per token``)."""
    if not 2.5 <= value <= 6:
        return False
    if isinstance(size, ast.UnaryOp) and isinstance(size.op, ast.USub):
        size = size.operand  # ``content[-chunk_overlap * 4:]``: the tail kept (set 475: hakua-memory)
    ws = set(words(attr_name(size) or "")) if type(size) in (ast.Attribute, ast.Name) else set()
    chunked = bool(ws & _CHUNK and ws & _CHUNK_SETTINGS)
    return (chunked and _counts_tokens(rule, value)) or rate_stated(rule, value)


def _counts_tokens(rule: LintRule, value: float) -> bool:
    """The function calls a counter of tokens (``_estimate_tokens(tail)``, hakua-memory), or a line of the module
    speaking of tokens states the rate (``# ~4 chars per token`` beside another use, mita-code): a chunk measured in
    tokens, not a window of characters."""
    fn = rule.ctx.function()
    if fn is not None and any(
        isinstance(n, ast.Call) and rule.names.mentions_tokens(callee_name(n) or "") for n in walk(fn)
    ):
        return True
    return states_rate([line for line in rule.ctx.lines if "token" in line.lower()], value)


def _twin_in_tokens(rule: LintRule, read: ast.Attribute, value: float) -> bool:
    """``self.overlap`` scaled by the rate ``value`` in a class that scales another attribute of its
    own, named as tokens, by the same rate (``max(32, self.tokens * 4)`` in one property and ``max(0,
    self.overlap * 4)`` in the next: set 160, memweave's ``ChunkingConfig``): both sizes of one chunking
    in one unit. A read whose name says another unit (``self.indent_chars``, ``self.max_lines``) is not."""
    cls = rule.ctx.enclosing_class()
    if cls is None or not (type(read.value) is ast.Name and read.value.id == "self"):
        return False
    if set(words(read.attr)) & (UNIT_WORDS | CHAR_WORDS):
        return False
    for node in walk(cls):
        if type(node) is not ast.BinOp or not isinstance(node.op, ast.Mult):
            continue
        for rate, other in ((node.left, node.right), (node.right, node.left)):
            if (
                number(rate) == value
                and type(other) is ast.Attribute
                and type(other.value) is ast.Name
                and other.value.id == "self"
                and other.attr != read.attr
                and rule.names.says_tokens(other.attr)
            ):
                return True
    return False
