"""A clamp of a number of tokens turned into words, for PB103 (token-threshold; set 101: helm-ai's
``words_per_chunk = max(50, int(max_tokens * 0.75))``): the rate (0.75 words per token, PB105's or PB104's
finding) makes the scaled amount words, and the clamp's result is bound to a name of words, so the clamp's
literal is a least (or most) number of words, not of tokens. Only a clamp (``min``/``max``, nested or not)
bound whole to a single name of words that names no tokens, one of whose arguments is an amount scaled by a
fractional rate (rounded or not). So is a clamp bound whole to a name of another unit (``read_timeout = max(300.0,
max_tokens / 10.0 + 60.0)``: seconds, set 156: natshell), and one of reads named in another unit alone
(``max(180, int(max_chars))``, set 365). Reads only the statement being visited. Judges no
finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import reads_of
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, number

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_CLAMPS = frozenset({"min", "max"})
_ROUNDING = frozenset({"int", "round", "floor", "ceil"})
_WORDS = frozenset({"word", "words"})


def _scaled(node: ast.expr) -> bool:
    """``int(max_tokens * 0.75)``, ``n / 1.3``: an amount scaled by a fractional rate, rounded or not."""
    while isinstance(node, ast.Call) and callee_name(node) in _ROUNDING and node.args:
        node = node.args[0]
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Div, ast.FloorDiv))):
        return False
    rate = next((v for v in (number(node.right), number(node.left)) if v is not None), None)
    return rate is not None and not float(rate).is_integer()


def floor_not_in_tokens(rule: LintRule, node: ast.Call) -> bool:
    """The clamp ``node`` (being visited) bounds words or another unit, not tokens."""
    return floor_in_words(rule, node) or floor_in_other_unit(rule, node) or clamps_other_unit(rule, node)


def clamps_other_unit(rule: LintRule, node: ast.Call) -> bool:
    """Every amount the clamp ``node`` bounds is a read whose name says another unit and no tokens
    (``budget = max(180, int(max_chars))``, set 365: true-memory-fragments' payload of characters, bound to
    a name that says no unit): its literal is in that unit."""
    reads = []
    for arg in node.args:
        read = arg
        while isinstance(read, ast.Call) and callee_name(read) in _ROUNDING and len(read.args) == 1:
            read = read.args[0]
        if number(read) is None:
            reads.append(read)
    names = [attr_name(r) if isinstance(r, (ast.Name, ast.Attribute)) else None for r in reads]
    return bool(names) and all(
        n and rule.names.is_excluded(n) and not rule.names.mentions_tokens(n) for n in names
    )


def floor_in_words(rule: LintRule, node: ast.Call) -> bool:
    """The clamp ``node`` (being visited) scales an amount by a rate and is bound to a name of words."""
    if not any(_scaled(a) for a in node.args):
        return False
    name = _bound_name(rule, node)
    return bool(set(words(name)) & _WORDS) and not rule.names.mentions_tokens(name)


def floor_in_other_unit(rule: LintRule, node: ast.Call) -> bool:
    """The clamp ``node`` (being visited) is bound whole to a name of another unit that names no tokens
    (``read_timeout = max(300.0, max_tokens / 10.0 + 60.0)``, set 156: natshell's seconds for a generation
    of so many tokens): its literal is a least time, not a number of tokens."""
    name = _bound_name(rule, node)
    return (
        bool(name)
        and rule.names.is_excluded(name)
        and not rule.names.mentions_tokens(name)
        and not _given_as_budget(rule, name)
    )


def _given_as_budget(rule: LintRule, name: str) -> bool:
    """The local ``name`` is given as a budget's keyword in its function (``retry_max = min(max_tokens * 2,
    16384)`` ... ``complete(max_tokens=retry_max)``, set 605: loom-agents): what it meets says tokens, whatever
    its own words say (``retry``)."""
    fn = rule.ctx.function()
    if fn is None or not name.isidentifier():
        return False
    parents, reads = reads_of(fn, name)
    return any(
        isinstance(use := parents.get(read), ast.keyword) and rule.names.is_budget(use.arg or "")
        for read in reads
    )


def _bound_name(rule: LintRule, node: ast.Call) -> str:
    """The single name the clamp ``node`` (through more clamps and roundings) is bound to whole, else ""."""
    current: ast.AST = node
    for anc in reversed(rule.ctx.ancestors[:-1]):
        if isinstance(anc, ast.Call) and callee_name(anc) in _CLAMPS | _ROUNDING and current in anc.args:
            current = anc
            continue
        if isinstance(anc, (ast.Assign, ast.AnnAssign)) and anc.value is current:
            found = anc.targets if isinstance(anc, ast.Assign) else [anc.target]
            return attr_name(found[0]) or "" if len(found) == 1 else ""
        if isinstance(anc, ast.keyword) and anc.value is current:
            # ``request_timeout=min(max_tokens * 2, 600)``: seconds (the session's review)
            return anc.arg or ""
        return ""
    return ""
