"""PB104: a words-to-tokens rate kept as a pair of constants, a number of tokens over a number of words.

``TOKENS: int = 1000`` and ``WORDS: int = 750`` in a class, read as ``(self.TOKENS / self.WORDS) *
len(text.split())`` (set 51: fmbench's ``CustomTokenizer.count_tokens``, "750 words = 1000 tokens"): the
rate, 1.333 tokens per word, is written as two numbers, neither a rate alone. Found at the constant counting
tokens (one finding for the pair), when the module or the class binds both, once each to a number, under names
saying only those units, and divides the first by the second where the quotient scales a count of a text's
words (``len(text.split())``), the count times the first divided by the second (``len(text.split()) *
TOKENS / WORDS``) too. Only a rate of more than 1 and at most 2 tokens per word, as ``TOKENS_PER_WORD = 1.3``.
The reads are found in the class's (module's) kept walk, once per scope, only for a scope binding such a pair.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import callee_name, number
from prompt_budget.lint.rules.pb104_rates import splits_words
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words a constant counting one unit may hold beside the unit (``NUM_TOKENS``, ``N_WORDS``).
_FILLER = frozenset({"num", "n", "count", "default", "base"})
#: Receivers of a class's own constant (``self.TOKENS``, ``cls.TOKENS``).
_OWN = frozenset({"self", "cls"})
_DIVIDE = (ast.Div, ast.FloorDiv)

Scope = ast.Module | ast.ClassDef


def unit_of(name: str) -> str | None:
    """ "tokens" for ``TOKENS`` / ``NUM_TOKENS``, "words" for ``WORDS``; else None."""
    ws = set(words(name)) - _FILLER
    if ws in ({"tokens"}, {"token"}):
        return "tokens"
    if ws in ({"words"}, {"word"}):
        return "words"
    return None


def _bound(body: list[ast.stmt]) -> dict[str, list[ast.expr | None]]:
    """Each name the statements of ``body`` bind (``=``, ``:``) -> the values bound to it."""
    found: dict[str, list[ast.expr | None]] = {}
    for stmt in body:
        if isinstance(stmt, ast.Assign):
            for t in stmt.targets:
                if isinstance(t, ast.Name):
                    found.setdefault(t.id, []).append(stmt.value)
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            found.setdefault(stmt.target.id, []).append(stmt.value)
    return found


def _reads(node: ast.expr, name: str, scope: Scope) -> bool:
    """``node`` reads the constant ``name`` of ``scope``: ``TOKENS`` in a module, ``self.TOKENS`` in a class."""
    if isinstance(scope, ast.Module):
        return isinstance(node, ast.Name) and node.id == name
    return (
        isinstance(node, ast.Attribute)
        and node.attr == name
        and isinstance(node.value, ast.Name)
        and node.value.id in (_OWN | {scope.name})
    )


def _word_count(node: ast.AST) -> bool:
    """``len(text.split())``: a count of a text's words."""
    return (
        isinstance(node, ast.Call)
        and callee_name(node) == "len"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Call)
        and splits_words(node.args[0])
    )


def _scales_words(tree: Scope, tokens: str, words_: str) -> bool:
    """``(TOKENS / WORDS) * len(text.split())`` or ``len(text.split()) * TOKENS / WORDS`` in ``tree``."""
    nodes = walk(tree)
    for node in nodes:
        if not (
            isinstance(node, ast.BinOp) and isinstance(node.op, _DIVIDE) and _reads(node.right, words_, tree)
        ):
            continue
        left = node.left
        if _reads(left, tokens, tree):
            for other in nodes:  # the quotient times a count of words
                if (
                    isinstance(other, ast.BinOp)
                    and isinstance(other.op, ast.Mult)
                    and node in (other.left, other.right)
                    and _word_count(other.right if other.left is node else other.left)
                ):
                    return True
        elif (
            isinstance(left, ast.BinOp)
            and isinstance(left.op, ast.Mult)
            and any(_reads(side, tokens, tree) for side in (left.left, left.right))
            and any(_word_count(side) for side in (left.left, left.right))
        ):
            return True
    return False


class PairRates:
    """The pairs of constants PB104 found, per scope (once each)."""

    def __init__(self) -> None:
        self._seen: dict[int, tuple[Scope, float | None]] = {}

    def rate(self, target: ast.expr, value: ast.expr | None, scope: Scope | None) -> float | None:
        """Tokens per word when ``target = value`` binds the tokens constant of such a pair in ``scope``."""
        if scope is None or not isinstance(target, ast.Name) or unit_of(target.id) != "tokens":
            return None
        tokens = number(value)
        if not tokens:
            return None
        bound = _bound(scope.body)
        if len(bound.get(target.id, ())) != 1:
            return None
        pairs = [
            (name, number(vs[0]))
            for name, vs in bound.items()
            if unit_of(name) == "words" and len(vs) == 1 and number(vs[0])
        ]
        if len(pairs) != 1:
            return None
        name, count = pairs[0]
        if not count or not 1 < tokens / count <= 2:
            return None
        hit = self._seen.get(id(scope))
        if hit is None or hit[0] is not scope:
            found = _scales_words(scope, target.id, name)
            hit = self._seen[id(scope)] = (scope, round(tokens / count, 3) if found else None)
        return hit[1]

    def judge(self, rule: LintRule, target: ast.expr, value: ast.expr | None) -> None:
        """Report ``TOKENS: int = 1000`` beside ``WORDS: int = 750``, read as ``(self.TOKENS / self.WORDS) *
        len(text.split())``: a words-to-tokens rate written as two numbers (set 51: fmbench)."""
        if rule.ctx.function() is not None or value is None:
            return
        scope = rule.ctx.enclosing_class() or rule.ctx.tree
        rate = self.rate(target, value, scope if isinstance(scope, (ast.Module, ast.ClassDef)) else None)
        if rate is None:
            return
        rule.report(
            value,
            f"hard-coded ratio of {rate} tokens per word in a token estimate, written as {number(value)} "
            f"tokens over a number of words; the ratio differs by model and language, so keep one "
            "calibrated value in config (or count with a real tokenizer)",
            value=rate,
            key_parts=("tokens_per_word", rule.scope_key(), rule.ctx.module_name),
        )
