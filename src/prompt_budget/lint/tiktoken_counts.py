"""Counts of tokens taken with a tiktoken encoding, and the rates code scales them by.

tiktoken's encodings are OpenAI's: for OpenAI's models their count is exact. Code that multiplies such
a count by a rate near 1 (``int(len(enc.encode(text)) * 1.1)``, a docstring saying that o200k_base
"systematically undercounts by ~10%" for Qwen, DeepSeek and Llama) converts it into another model's
tokens: the rate is a magic number (PB104: a ratio between two tokenizers, set 20: inspect-ai's
``count_text_tokens``, parlant's ``* 1.05`` for Snowflake Cortex), and the encoding counts a model it was
not trained for (PB109). Read from the function (or, for an encoding kept on ``self``, the class) around
the count; nothing here walks the file.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from prompt_budget.lint.rule import callee_name, number
from prompt_budget.lint.walks import walk

#: tiktoken's functions that return an encoding.
ENCODING_CALLS = frozenset({"get_encoding", "encoding_for_model"})
#: A rate between two tokenizers' counts is near 1 (``* 1.1``, ``* 1.05``, ``* 0.9``); a halving
#: (``* 0.5``) or a doubling is something else.
LOWEST_RATE, HIGHEST_RATE = 0.6, 1.5


def is_tiktoken_call(node: ast.AST, origin: Callable[[str], str]) -> bool:
    """``tiktoken.get_encoding(...)``, ``tk.encoding_for_model(...)`` (``import tiktoken as tk``), or a
    name imported from tiktoken; ``origin`` maps a local name to where the module imports it from."""
    if not (isinstance(node, ast.Call) and callee_name(node) in ENCODING_CALLS):
        return False
    func = node.func
    if isinstance(func, ast.Attribute):
        return isinstance(func.value, ast.Name) and "tiktoken" in origin(func.value.id).lower()
    return isinstance(func, ast.Name) and origin(func.id).split(".")[0] == "tiktoken"


def _key(node: ast.AST) -> str:
    """``enc`` for a name, ``self.encoding`` for an attribute of ``self``, else ""."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return f"self.{node.attr}"
    return ""


def _assignments(scope: ast.AST | None) -> Iterator[tuple[str, ast.expr]]:
    for n in walk(scope) if scope is not None else ():
        if isinstance(n, ast.Assign):
            for t in n.targets:
                if _key(t):
                    yield _key(t), n.value
        elif isinstance(n, ast.AnnAssign) and n.value is not None and _key(n.target):
            yield _key(n.target), n.value


@dataclass
class CountReader:
    """Answers about the counts of one function (``fn``) in its class (``cls``, or None)."""

    fn: ast.FunctionDef | ast.AsyncFunctionDef | None
    cls: ast.ClassDef | None
    origin: Callable[[str], str]

    def encoders(self, node: ast.expr) -> list[ast.Call]:
        """The tiktoken calls an encoder expression is (``tiktoken.get_encoding("o200k_base")``) or is
        bound to: a local of the function, or an attribute of ``self`` any method of the class sets."""
        if is_tiktoken_call(node, self.origin):
            assert isinstance(node, ast.Call)
            return [node]
        key = _key(node)
        if not key:
            return []
        scope: ast.AST | None = self.cls if key.startswith("self.") and self.cls is not None else self.fn
        return [
            v
            for k, v in _assignments(scope)
            if k == key and isinstance(v, ast.Call) and is_tiktoken_call(v, self.origin)
        ]

    def counted_by(self, node: ast.expr) -> list[ast.Call]:
        """The tiktoken calls whose encoding counts ``node``: ``len(enc.encode(text))``, or a local
        bound (only) to such a count (``token_count = len(enc.encode(text))``)."""
        if isinstance(node, ast.Call) and callee_name(node) == "int" and len(node.args) == 1:
            return self.counted_by(node.args[0])
        if isinstance(node, ast.Call) and callee_name(node) == "len" and len(node.args) == 1:
            inner = node.args[0]
            if (
                isinstance(inner, ast.Call)
                and isinstance(inner.func, ast.Attribute)
                and inner.func.attr in {"encode", "encode_ordinary"}
            ):
                return self.encoders(inner.func.value)
            return []
        if isinstance(node, ast.Name) and self.fn is not None:
            values = [v for k, v in _assignments(self.fn) if k == node.id]
            if len(values) == 1 and not isinstance(values[0], ast.Name):
                return self.counted_by(values[0])
        return []

    def correction(self, node: ast.AST) -> tuple[ast.Constant, list[ast.Call]] | None:
        """``token_count * 1.1``: a tiktoken count times a rate near 1 (not 1, not a whole number): the
        rate's literal and the tiktoken calls behind the count, else None."""
        if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
            return None
        for literal, other in ((node.right, node.left), (node.left, node.right)):
            rate = number(literal)
            if (
                isinstance(literal, ast.Constant)
                and isinstance(rate, float)
                and not rate.is_integer()
                and LOWEST_RATE <= rate <= HIGHEST_RATE
            ):
                calls = self.counted_by(other)
                return (literal, calls) if calls else None
        return None

    def corrections(self) -> Iterator[tuple[ast.Constant, list[ast.Call]]]:
        """Every corrected count in the function, or, when it is a method (whose encoder may be kept on
        ``self``), in every method of its class."""
        if self.cls is None:
            yield from self._in_function()
            return
        for n in walk(self.cls):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield from CountReader(n, self.cls, self.origin)._in_function()

    def _in_function(self) -> Iterator[tuple[ast.Constant, list[ast.Call]]]:
        for n in walk(self.fn) if self.fn is not None else ():
            found = self.correction(n)
            if found is not None:
                yield found


def corrected(call: ast.Call, reader: CountReader) -> float | None:
    """The rate a count of ``call``'s encoding is scaled by somewhere in its function or class
    (``enc = tiktoken.get_encoding("o200k_base")`` ... ``int(len(enc.encode(text)) * 1.1)``), else None."""
    for literal, calls in reader.corrections():
        if any(c is call for c in calls):
            value = number(literal)
            return float(value) if value is not None else None
    return None
