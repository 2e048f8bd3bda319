"""PB104's readings of rates written in integer arithmetic: a rounded-up division (``(ascii_count + 3) // 4``,
``rounded_up``, moved out of the rule's module), a shift standing for a division by a power of two (set 189:
durallm's ``max(1, n_chars >> 2)`` under "~4.0 chars/token -> n_chars >> 2", ``shifted_rate``), and a rate
written as a scaled fraction of a size in bytes (``(n_bytes * 10) // 38``: 3.8 bytes per token, read by the rule
as it reads ``(n_chars * 10) // 32``). Judge no finding themselves.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from itertools import pairwise
from typing import TYPE_CHECKING

from prompt_budget.lint.names import CHAR_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name, callee_name, number
from prompt_budget.lint.rules.pb104_context import result_is_tokens, returned_estimate
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def rounded_up(rule: LintRule, node: ast.expr, factor: float) -> str | None:
    """ "chars" for an amount divided whose unit the form says: rounded up (``_rounded_up``), or shown in characters
    by the f-string that shows the quotient (``f"total={total} chars (~{total // 4} tokens)"``, set 563:
    psi-agent), or, for a quotient bound to a name of tokens, by an f-string of its function (``f"the chunk size
    ({size:,} characters)"`` ... ``tokens = max(1, round(size / 4))``, set 585: pandion)."""
    found = _rounded_up(rule, node, factor)
    if found is None and isinstance(node, (ast.Name, ast.Attribute)):
        joined = next(
            (a for a in reversed(rule.ctx.ancestors) if isinstance(a, (ast.JoinedStr, ast.stmt))), None
        )
        if _shows_chars([joined], ast.unparse(node)):
            return "chars"
        fn = rule.ctx.function()
        if (
            fn is not None
            and 2.5 <= factor <= 6
            and any("char" in line for line in rule.ctx.lines[fn.lineno - 1 : fn.end_lineno])  # no walk else
            and isinstance(quotient := rule.ctx.ancestors[-1], ast.expr)
            and result_is_tokens(rule, quotient)
            and _shows_chars(walk(fn), ast.unparse(node))
        ):
            return "chars"
    return found


def _shows_chars(nodes: Iterable[ast.AST | None], shown: str) -> bool:
    """An f-string among ``nodes`` shows the expression ``shown`` followed by characters."""
    for joined in nodes:
        for part, after in pairwise(joined.values if isinstance(joined, ast.JoinedStr) else ()):
            if (
                isinstance(part, ast.FormattedValue)
                and isinstance(after, ast.Constant)
                and _SHOWN_CHARS.match(str(after.value))
                and ast.unparse(part.value) == shown
            ):
                return True
    return False


#: The unit right after a shown amount saying it counts characters.
_SHOWN_CHARS = re.compile(r"\s*(?:chars?|characters?)\b", re.IGNORECASE)


def _rounded_up(rule: LintRule, node: ast.expr, factor: float) -> str | None:
    """``(ascii_count + 3) // 4``: a rounded-up division, whatever the amount divided is named (set
    15: kimi-cli), of an amount that is not tokens nor a count of messages, lines or items. The
    amount may be a helper's result on a text, not on a list of tokens: ``return (_token_quarters(
    text) + 3) // 4`` in ``_estimated_tokens`` counts in a unit finer than a token, whatever the helper
    is named, when the division is what a function named as a token estimate returns (set 17:
    pipecat)."""
    if not (
        isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and number(node.right) == factor - 1
    ):
        return None
    amount = node.left
    name = attr_name(amount) or ""
    counts_tokens = rule.token_amount(amount)
    if isinstance(amount, ast.Call):
        if not amount.args or any(rule.token_sequence(a) for a in amount.args):
            return None
        name = callee_name(amount) or ""
        # a token estimate's result is tokens: what it divides counts something finer
        counts_tokens = counts_tokens and not returned_estimate(rule)
    if not name or counts_tokens or set(words(name)) & (UNIT_WORDS - CHAR_WORDS - {"bytes"}):
        return None
    return "chars"


def shifted_rate(node: ast.BinOp) -> int | None:
    """``n_chars >> 2``: the divisor a right shift by a literal 1 to 3 stands for (2, 4, 8), else None."""
    shift = number(node.right) if isinstance(node.op, ast.RShift) else None
    return 2**shift if isinstance(shift, int) and 1 <= shift <= 3 else None


def words_fraction(rule: LintRule, node: ast.BinOp, mult: float, divisor: float) -> bool:
    """``len(content.split()) * 4 // 3``: a count of words times a whole number over another, a rate of 1.2 to 1.5
    tokens per word written as a fraction, whose result is a count of tokens (set 477: zymis' context selector)."""
    whole = float(mult).is_integer() and float(divisor).is_integer()
    return whole and 1.2 <= mult / divisor <= 1.5 and result_is_tokens(rule, node)
