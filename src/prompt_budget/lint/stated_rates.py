"""Rates a comment states, for PB104: ``return len(text) / 4  # Assume average of 4 characters per token``
(set 64: orchestral-ai's ``character_count_heuristic``): the comment on the statement, or the block right
above it, gives the divisor's own number as characters per token, so the division turns characters into
tokens whatever the function is named; so does the docstring of the function or class around it (a
class ``_FallbackEncoding`` documented as "Uses ~4 characters per token", whose ``encode`` counts
``max(1, len(text) // 4)``, set 73: agiwo). And lists of words: ``words = text.split()`` ... ``len(words)
* 1.333`` counts words as ``len(text.split())`` does. Kept apart from the rule: it reads comments and a
function's bindings (through the shared walks), and judges no finding itself.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import number
from prompt_budget.lint.walks import innermost_statement, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_CHARS_PER_TOKEN = re.compile(
    r"(\d+(?:\.\d+)?)\s*(?:chars?|characters?)\s*(?:per|/|for each|for every|each|a)\s*token\b"
    # ``1 token ≈ 4 chars``, ``1 token = ~4 characters`` (set 124: tensor-truth)
    r"|\b1\s*token\s*(?:≈|~|=|is about|is roughly)\s*~?\s*(\d+(?:\.\d+)?)\s*(?:chars?|characters?)\b"
    # ``~1 token per 4 chars`` (set 145: unbiased's estimates)
    r"|\b1\s*token\s*(?:per|/|for each|for every|every)\s*(\d+(?:\.\d+)?)\s*(?:chars?|characters?)\b"
    # ``Rough token estimate (chars/4)`` (set 183: reasonblocks)
    r"|\b(?:chars?|characters?)\s*//?\s*(\d+(?:\.\d+)?)(?!\d|\.\d)"
    # ``prompt_tokens ~ len(prompt + teacher + student) / 4`` (set 349: agentspend-sdk's judge estimate)
    r"|(?:\b|_)tokens?\s*(?:~|≈|=)\s*len\([^)]*\)\s*//?\s*(\d+(?:\.\d+)?)(?!\d|\.\d)",
    re.IGNORECASE,
)


#: A range of characters (``3-4 characters``): each end read as a rate (set 549: mcp-context-server's "1 token ~ 3-4
#: characters for English" over ``self.chunking.size / 3``).
_RANGE = re.compile(r"(\d+(?:\.\d+)?)\s*[-–]\s*(\d+(?:\.\d+)?)(\s*(?:chars?|characters?)\b)", re.IGNORECASE)


def _rates(comments: Sequence[str]) -> list[float]:
    """The rates of characters per token ``comments`` state (``~4 chars/token``, ``1 token ≈ 4 chars``)."""
    read = [c for comment in comments if comment for c in _ends(comment)]
    return [
        float(m.group(1) or m.group(2) or m.group(3) or m.group(4) or m.group(5))
        for comment in read
        for m in _CHARS_PER_TOKEN.finditer(comment)
    ]


def _ends(comment: str) -> tuple[str, ...]:
    """``comment``, or each of its readings with a range of characters at one end."""
    if not _RANGE.search(comment):
        return (comment,)
    return (_RANGE.sub(r"\1\3", comment), _RANGE.sub(r"\2\3", comment))


def states_rate(comments: Sequence[str], factor: float) -> bool:
    """One of ``comments`` says ``factor`` characters per token (``~4 chars/token``)."""
    return factor in _rates(comments)


def scope_docstrings(
    fn: ast.FunctionDef | ast.AsyncFunctionDef | None, cls: ast.ClassDef | None
) -> tuple[str, ...]:
    """The docstrings of the function and the class around a statement, which may state its rate."""
    return tuple(ast.get_docstring(s, clean=False) or "" for s in (fn, cls) if s is not None)


def split_into_words(fn: ast.AST | None, node: ast.expr, splits_words: Callable[[ast.Call], bool]) -> bool:
    """``node`` is a local of ``fn`` bound only to a text cut into words (``words = text.split()``);
    ``splits_words`` judges the call."""
    if fn is None or not isinstance(node, ast.Name):
        return False
    values = [
        n.value
        for n in walk(fn)
        if isinstance(n, (ast.Assign, ast.AnnAssign))
        and n.value is not None
        and any(
            isinstance(t, ast.Name) and t.id == node.id
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
        )
    ]
    return bool(values) and all(isinstance(v, ast.Call) and splits_words(v) for v in values)


#: The rates such a product may convert at: a wide script's 1.5 characters per token to a dozen.
_LOWEST, _HIGHEST = 1.5, 12


def literal_product(node: ast.BinOp) -> bool:
    """``2000 * 4``: a product of two number literals, the only one ``stated_product`` reads comments for (the
    cheap test its callers make before gathering them)."""
    return isinstance(node.op, ast.Mult) and number(node.left) is not None and number(node.right) is not None


def stated_product(node: ast.BinOp, comments: Sequence[str]) -> tuple[ast.expr, ast.expr] | None:
    """The rate of a product of two literals, a number of tokens times the rate of characters per token,
    where the comments on, right above or at the head of the statement's paragraph state both (``~2000
    tokens`` and ``1 token ≈ 4 chars``): (the rate's literal, the number's), else None (set 124: tensor-truth's
    ``prompt_overhead = 2000 * 4`` under ``# Reserve space for: prompt template (~2000 tokens)`` and
    ``# Rough estimate: 1 token ≈ 4 chars``)."""
    if not isinstance(node.op, ast.Mult):
        return None
    for rate, amount in ((node.right, node.left), (node.left, node.right)):
        value, size = number(rate), number(amount)
        if (
            value is not None
            and _LOWEST <= value <= _HIGHEST
            and isinstance(size, int)
            and size >= _MIN_TOKENS
            and states_rate(comments, value)
            and _states_tokens(comments, size)
        ):
            return rate, amount
    return None


def _states_tokens(comments: Sequence[str], size: int) -> bool:
    """A comment gives ``size`` as a number of tokens (``~2000 tokens``, ``2,000 tokens``, ``2k tokens``)."""
    spelled = {str(size), f"{size:,}"} | ({f"{size // 1000}k"} if size % 1000 == 0 else set())
    return any(
        m.group(1).lower() in spelled for comment in comments if comment for m in _TOKENS.finditer(comment)
    )


_TOKENS = re.compile(r"([\d,]+k?)\s*tokens?\b", re.IGNORECASE)


#: The least number of tokens such a product converts (``4 * 16``, a small reserve).
_MIN_TOKENS = 16
#: How many lines above a statement its block's comment may be (the statements of one paragraph).
_BLOCK = 6


def block_comment(lines: Sequence[str], statement: ast.stmt | None) -> str:
    """The comment lines of the paragraph a statement ends (up to ``_BLOCK`` lines above it, no blank line
    between): ``# 1 token ≈ 4 chars`` above ``prompt_overhead = 2000 * 4`` speaks for the next line too."""
    if statement is None:
        return ""
    found: list[str] = []
    for number_ in range(statement.lineno - 1, max(0, statement.lineno - 1 - _BLOCK), -1):
        line = lines[number_ - 1].strip() if number_ <= len(lines) else ""
        if not line:
            break
        if line.startswith("#"):
            found.append(line.lstrip("#").strip())
    return " ".join(reversed(found))


def comment_above(lines: Sequence[str], stmt: ast.stmt | None) -> str:
    """The block of comment lines right above a statement (no blank line between), joined."""
    if stmt is None or not lines:
        return ""
    out: list[str] = []
    number_ = stmt.lineno - 1
    while number_ >= 1 and lines[number_ - 1].strip().startswith("#"):
        out.append(lines[number_ - 1].strip().lstrip("#").strip())
        number_ -= 1
    return " ".join(reversed(out))


#: ``~0.75 tokens per character``: a rate stated the other way round, tokens per character.
_TOKENS_PER_CHAR = re.compile(
    r"(\d+(?:\.\d+)?)\s*tokens?\s*(?:per|/|for each|for every|each|a)\s*(?:chars?|characters?)\b",
    re.IGNORECASE,
)


def _statement_comments(rule: LintRule) -> tuple[str, str]:
    """The comment of the statement being walked and the block of comment lines right above it."""
    stmt = innermost_statement(rule.ctx.ancestors)
    return rule.ctx.comment(), comment_above(rule.ctx.lines, stmt)


def rate_stated(rule: LintRule, factor: float, dividend: ast.expr | None = None) -> bool:
    """The comment of the statement being walked, or the block right above it, states ``factor``
    characters per token (``# ~1 token per 4 chars`` over ``tokens = length // 4``: ``stated_rates``); with
    the ``dividend`` of a quotient, or the function's docstring names it and states the rate
    (``_documented_quotient``)."""
    return states_rate(_statement_comments(rule), factor) or (
        dividend is not None and _documented_quotient(rule, dividend, factor)
    )


def tokens_per_char_stated(rule: LintRule, factor: float) -> bool:
    """The same comments state ``factor`` tokens per character (``# ~0.75 tokens per character`` over
    ``length * 0.75``, set 303: ai-council-orchestrator's cost estimate)."""
    return any(
        float(m.group(1)) == factor
        for c in _statement_comments(rule)
        if c
        for m in _TOKENS_PER_CHAR.finditer(c)
    )


#: A number of tokens in a comment, thousands spelled ``k`` or not (``40 k tokens``, ``2000 tokens``).
_AMOUNT = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s*(k)?\s*tokens?\b", re.IGNORECASE)


def stated_conversion(value: float, comments: Sequence[str]) -> tuple[int, float] | None:
    """(the tokens, the rate) when ``comments`` state a number of tokens and a rate of characters per token
    whose product is ``value`` (``_MAX_EMBED_CHARS = 8000`` under ``# count_tokens() estimates 1 token ≈ 4
    chars, so 2000 tokens ≈ 8000 chars``, set 173: lacuna-wiki; ``_MAX_SOURCE_CHARS = 160_000`` under ``# (≈ 40 k
    tokens at 4 chars/token)``, set 169: antcrew): a cap of characters derived from a budget of tokens."""
    rates = _rates(comments)
    for comment in comments:
        for m in _AMOUNT.finditer(comment or ""):
            tokens = float(m.group(1).replace(",", "")) * (1000 if m.group(2) else 1)
            for rate in rates:
                near = abs(tokens * rate - value) <= 0.02 * value
                if tokens >= _MIN_TOKENS and _LOWEST <= rate <= _HIGHEST and near:
                    return int(tokens), rate
    return None


def _documented_quotient(rule: LintRule, dividend: ast.expr, factor: float) -> bool:
    """``mail // 4`` where the docstring of the function around it names ``mail``, speaks of tokens and states
    the divisor as characters per token ("the chars given to `mail` ... as `mail` tokens (chars // 4)", set 331:
    sessionmail's ``today_totals``), or returns it ("Tokens of text ... ~4 chars/token" over ``return total // 4``,
    set 345: cadre-ai's ``project_text_tokens``): the dividend is an amount of characters the docstring converts."""
    if not isinstance(dividend, ast.Name):
        return False
    doc = scope_docstrings(rule.ctx.function(), None)
    returned = len(rule.ctx.ancestors) > 1 and isinstance(rule.ctx.ancestors[-2], ast.Return)
    return (
        bool(doc)
        and "token" in doc[0].lower()
        and (returned or re.search(rf"(?<![\w.]){re.escape(dividend.id)}(?!\w)", doc[0]) is not None)
        and states_rate(doc, factor)
    )
