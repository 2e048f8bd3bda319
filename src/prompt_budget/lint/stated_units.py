"""A threshold whose branch states its unit: the message a comparison guards names the number in tokens.

``elif effective_chunk_size < 50: LOG.warning(f"... Resulting chunks are less than 50 tokens ...")``:
the size compared is not named as tokens, but the warning (or the error) the comparison raises says the
number it tests counts tokens (set 21: lazyllm's text splitters). Only the branch the comparison
decides is read, and only a string that spells the same number followed by ``token``/``tokens``, or
spells the number and says the range is in tokens (``if not 0 <= think <= 4096: raise SchemaError("think
must be a thought budget in tokens, 0 to 4096")``, set 23: axolotl). The comparison may be one part of
the test (``isinstance(n, bool) or not 0 <= n <= 4096``). So does a message that shows the amount
compared followed by ``tokens`` (``if completion_length < 128: warn(f"Completion length is only
{completion_length} tokens")``, set 68: merlina): the amount counts tokens, whatever its name. A branch showing
the limit it tests followed by another unit (``raise ValueError(f"{label} exceeds {MAX_QUERY_TERMS} lexical
terms")``, set 561: palimnex) says the limit counts that unit (``shows_other_unit``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Sequence
from itertools import pairwise

from prompt_budget.lint.walks import walk


def _strings(stmts: list[ast.stmt]) -> list[str]:
    """The literal text of the string constants in the first statements of a branch."""
    return [
        n.value
        for stmt in stmts[:2]
        for n in walk(stmt)
        if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]


def guarding_test(ancestors: Sequence[ast.AST], compare: ast.Compare) -> ast.If | ast.While | None:
    """The ``if``/``while`` among ``ancestors`` whose test ``compare`` is (or is a part of: ``part_of``)."""
    return next(
        (a for a in reversed(ancestors) if isinstance(a, (ast.If, ast.While)) and part_of(compare, a.test)),
        None,
    )


#: The text after a shown amount saying it counts tokens: ``f"{n} tokens"``.
_TOKENS_AFTER = re.compile(r"\s*(?:-\s*)?tokens?\b", re.IGNORECASE)


def shows_in_tokens(ancestors: Sequence[ast.AST], compare: ast.Compare, amount: ast.AST) -> bool:
    """The branch ``compare`` decides shows ``amount`` in tokens in its message: ``f"... only
    {completion_length} tokens"``."""
    test_of = guarding_test(ancestors, compare)
    if test_of is None:
        return False
    return any(
        (part.format_spec is None or _grouped(part.format_spec)) and _TOKENS_AFTER.match(after)
        for part, after in _shown(test_of.body, amount)
    )


def _shown(branch: Sequence[ast.stmt], amount: ast.AST) -> Iterator[tuple[ast.FormattedValue, str]]:
    """(the replacement field, the text right after it) of each f-string of the first statements of ``branch``
    showing ``amount`` (a name, an attribute or an item: ``inputs[-1]``, set 585): what a message says the amount
    counts."""
    if not isinstance(amount, (ast.Name, ast.Attribute, ast.Subscript)):
        return
    shown = ast.unparse(amount)
    for node in (n for stmt in branch[:2] for n in walk(stmt)):
        if type(node) is ast.JoinedStr:
            for part, after in pairwise(node.values):
                if (
                    type(part) is ast.FormattedValue
                    and type(after) is ast.Constant
                    and isinstance(after.value, str)
                    and ast.unparse(part.value) == shown
                ):
                    yield part, after.value


def _grouped(spec: ast.expr) -> bool:
    """A format spec that only groups a whole number's digits (``{n:,}``, ``{n:_}``, ``{n:,d}``)."""
    return (
        isinstance(spec, ast.JoinedStr)
        and len(spec.values) == 1
        and isinstance(spec.values[0], ast.Constant)
        and spec.values[0].value in {",", "_", ",d", "_d", "d"}
    )


def states_tokens(ancestors: list[ast.AST], compare: ast.Compare, value: float) -> bool:
    """The ``if``/``elif`` that ``compare`` is the test of says, in its branch's message, that
    ``value`` counts tokens: ``"... less than 50 tokens"``."""
    test_of = guarding_test(ancestors, compare)
    if test_of is None or not float(value).is_integer():
        return False
    number = rf"(?<![\d.,_]){int(value)}(?![\d.,_]\d)"
    spelled = re.compile(rf"{number}\s*(?:-\s*)?tokens?\b", re.IGNORECASE)
    ranged = re.compile(number)
    return any(
        spelled.search(text) or (_IN_TOKENS.search(text) and ranged.search(text))
        for text in _strings(test_of.body)
    )


#: A message saying what it states counts in tokens (``"a budget in tokens"``, ``"number of tokens"``).
_IN_TOKENS = re.compile(r"\b(?:in|of) tokens\b", re.IGNORECASE)


def part_of(compare: ast.Compare, test: ast.expr) -> bool:
    """``compare`` is ``test`` or one operand of its ``and``/``or``/``not``."""
    if test is compare:
        return True
    if isinstance(test, ast.BoolOp):
        return any(part_of(compare, v) for v in test.values)
    return isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and part_of(compare, test.operand)


#: A unit other than tokens shown right after a number, with one word before it (``lexical terms``), not what
#: each amount applies to (``per file``, ``for each message``).
_OTHER_UNIT = re.compile(
    r"\s*(?:(?!(?:per|for|in|of|each|every|a|an|the|across)\b)[a-z]+\s+)?"
    r"(?:char(?:acter)?s?|bytes?|words?|terms?|lines?|items?|messages?|entries|files?|seconds?)\b",
    re.IGNORECASE,
)


def shows_other_unit(branch: Sequence[ast.stmt], amount: ast.AST) -> bool:
    """The first statements of ``branch`` show ``amount`` (a name or an attribute) in an f-string followed by a
    unit other than tokens (``raise ValueError(f"{label} exceeds {MAX_QUERY_TERMS} lexical terms")``)."""
    return any(_OTHER_UNIT.match(after) for _, after in _shown(branch, amount))


def branch_of(fn: ast.AST, compare: ast.Compare) -> list[ast.stmt]:
    """The body of the ``if``/``while`` of ``fn`` whose test ``compare`` is (or is a part of), else none."""
    for node in walk(fn):
        if isinstance(node, (ast.If, ast.While)) and part_of(compare, node.test):
            return node.body
    return []


def display_scale(fn: ast.AST | None, name: str) -> bool:
    """``fn`` shows an amount divided by ``name`` followed by a unit's letter (``f"{tokens / UNIT:.1f}k"``): ``name``
    is the scale of a display unit (a thousand for "k"), not a budget (set 600: tunacode's
    ``UNIT_CONVERSION_THRESHOLD = 1000``, also the threshold of "1.2s" for milliseconds)."""
    for node in walk(fn) if fn is not None else ():
        if type(node) is not ast.JoinedStr:
            continue
        for shown, after in zip(node.values, node.values[1:], strict=False):
            if (
                type(shown) is ast.FormattedValue
                and type(div := shown.value) is ast.BinOp
                and type(div.op) is ast.Div
                and type(div.right) is ast.Name
                and div.right.id == name
                and type(after) is ast.Constant
                and isinstance(after.value, str)
                and after.value[:1] in _UNIT_LETTERS
                and not after.value[1:2].isalpha()
            ):
                return True
    return False


#: The letters of a display unit after a scaled amount: thousands, millions, seconds.
_UNIT_LETTERS = frozenset("kKMsm")
