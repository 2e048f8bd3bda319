"""A class's constant read through ``self`` / ``cls`` (set 49: extract-thinker's
``max_tokens = self.DEFAULT_OUTPUT_TOKENS`` then ``"max_completion_tokens": max_tokens``): the
constant, as a bare name, for the module's flow to follow as it follows ``max_tokens = CONSTANT``.
"""

from __future__ import annotations

import ast


def class_constant_read(value: ast.expr | None) -> str | None:
    """``self.DEFAULT_OUTPUT_TOKENS``, ``cls.LIMIT``: the upper-case attribute read on ``self`` or
    ``cls`` (a constant of the class), else None."""
    if not isinstance(value, ast.Attribute) or not isinstance(value.value, ast.Name):
        return None
    if value.value.id not in {"self", "cls"} or not value.attr.isupper():
        return None
    return value.attr
