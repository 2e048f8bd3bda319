"""PB109's tiktoken calls whose result is thrown away (set 57: huixiangdou's ``encode_string``, whose
``tiktoken.get_encoding("cl100k_base")`` stands alone on its line before the line binding the encoder
it counts with): an encoding nobody keeps counts nothing, so no tokenizer is mismatched.
"""

from __future__ import annotations

import ast


def discarded(parent: ast.AST | None, callee: str | None, arg: str | None) -> bool:
    """The call is an expression statement (``parent``), its encoding dropped. Not ``encoding_for_model
    (model)`` with a model not written as a literal (``arg`` None): it still raises ``KeyError`` for a model
    tiktoken does not know, which PB109 reports."""
    return isinstance(parent, ast.Expr) and not (callee == "encoding_for_model" and arg is None)
