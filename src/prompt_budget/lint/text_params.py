"""What a parameter's annotation says it holds: a container of items (``history: list``, ``Optional[List[dict]]``,
read by ``collected_lists.typed_list``) or text or bytes, which is no list of tokens whatever its name (set 189:
superbrain-fabric-sdk's ``def _lookup_or_create(self, tokens: bytes, ...)`` ... ``max(len(tokens), 4096)``, a
memory allocation in bytes; asked by ``LintRule.token_sequence``). Imports nothing of the rules (``rule.py``
uses it). Judges no finding itself.
"""

from __future__ import annotations

import ast
from collections.abc import Collection

#: Annotations of a parameter holding text or raw bytes.
_TEXT_TYPES = frozenset({"bytes", "str", "bytearray", "memoryview"})


def annotated_as(annotation: ast.expr, kinds: Collection[str]) -> bool:
    """``annotation`` names one of ``kinds`` (``list``, ``typing.List[str]``), also as ``Optional[...]`` or
    ``... | None``."""
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):  # ``list[str] | None``
        sides = (annotation.left, annotation.right)
        return any(annotated_as(s, kinds) for s in sides) and all(
            annotated_as(s, kinds) or (isinstance(s, ast.Constant) and s.value is None) for s in sides
        )
    if isinstance(annotation, ast.Subscript):
        outer = annotation.value
        name = outer.attr if isinstance(outer, ast.Attribute) else getattr(outer, "id", "")
        if name == "Optional":
            return annotated_as(annotation.slice, kinds)
        annotation = outer
    name = annotation.attr if isinstance(annotation, ast.Attribute) else getattr(annotation, "id", "")
    return name in kinds


def parameter_typed(fn: ast.AST | None, node: ast.AST, kinds: Collection[str]) -> bool:
    """``node`` is a name of a parameter of ``fn`` annotated as one of ``kinds``."""
    if type(node) is not ast.Name or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    args = fn.args
    annotation = next(
        (a.annotation for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg == node.id), None
    )
    return annotation is not None and annotated_as(annotation, kinds)


def typed_as_text(fn: ast.AST | None, node: ast.AST) -> bool:
    """``node`` is a name of a parameter of ``fn`` annotated as text or bytes."""
    return parameter_typed(fn, node, _TEXT_TYPES)
