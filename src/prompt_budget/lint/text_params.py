"""A parameter typed as text or bytes is no list of tokens, whatever its name (set 189: superbrain-fabric-sdk's
``def _lookup_or_create(self, tokens: bytes, ...)`` ... ``max(len(tokens), 4096)``, a memory allocation in bytes).
Asked by ``LintRule.token_sequence`` of a name its words make a token list. Judges no finding itself.
"""

from __future__ import annotations

import ast

#: Annotations of a parameter holding text or raw bytes.
_TEXT_TYPES = frozenset({"bytes", "str", "bytearray", "memoryview"})


def _text_type(annotation: ast.expr) -> bool:
    """``bytes``, ``str``, ``bytes | None``, ``Optional[bytes]``."""
    if type(annotation) is ast.Name:
        return annotation.id in _TEXT_TYPES
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        sides = (annotation.left, annotation.right)
        kept = [s for s in sides if not (isinstance(s, ast.Constant) and s.value is None)]
        return len(kept) == 1 and _text_type(kept[0])
    if isinstance(annotation, ast.Subscript) and type(annotation.value) is ast.Name:
        return annotation.value.id == "Optional" and _text_type(annotation.slice)
    return False


def typed_as_text(fn: ast.AST | None, node: ast.AST) -> bool:
    """``node`` is a name of a parameter of ``fn`` annotated as text or bytes."""
    if type(node) is not ast.Name or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    args = fn.args
    for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
        if arg.arg == node.id:
            return arg.annotation is not None and _text_type(arg.annotation)
    return False
