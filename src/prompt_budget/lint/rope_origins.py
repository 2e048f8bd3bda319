"""A rotary embedding's original window named beside the rope settings it scales (set 50: gpt-oss's
``initial_context_length: int = 4096`` beside ``rope_theta``, ``rope_scaling_factor``; set 48:
llmcompressor's DeepSeek config ``original_seq_len: int = 4096`` beside ``rope_theta``,
``rope_factor``).

YaRN / NTK scaling divides the window a checkpoint was pretrained with (the ``original`` /
``initial`` length) by a scaling factor: the number is fixed by the checkpoint and read only by the
rotary maths. It limits and reserves no tokens, whatever class holds it (a model's config dataclass,
a function's parameters). ``not_limits.scaling_origin`` reads the scope's name (``class ScaledRoPE``);
this reads the neighbours: a length named ``original_*`` / ``orig_*`` / ``initial_*`` of a context,
sequence or positions, in a class body or a parameter list that also names a rope / rotary / YaRN
setting.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import TOKEN_WORDS, words

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: A name's first word saying the length is the pretrained one, before rescaling.
_ORIGIN_FIRST = frozenset({"original", "orig", "initial", "init", "pretrained", "pretraining", "old"})
#: Words saying what the length is of: a context, a sequence, positions.
_LENGTH_OF = frozenset({"context", "ctx", "seq", "sequence", "seqlen", "position", "positions", "pos"})
#: Words of a rotary-embedding scaling setting.
_ROPE_WORDS = frozenset({"rope", "rotary", "yarn", "ntk"})


def _rope_named(name: str) -> bool:
    return bool(set(words(name)) & _ROPE_WORDS)


def _class_names(cls: ast.ClassDef) -> list[str]:
    """The names a class body binds (fields, attributes, methods)."""
    found: list[str] = []
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            found.append(stmt.target.id)
        elif isinstance(stmt, ast.Assign):
            found.extend(t.id for t in stmt.targets if isinstance(t, ast.Name))
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.append(stmt.name)
    return found


def _parameter_names(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    a = fn.args
    return [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)]


def rope_origin(rule: LintRule, name: str) -> bool:
    """``initial_context_length`` / ``original_seq_len`` / ``original_max_position_embeddings`` in a
    class body or a parameter list that also names a rope setting (``rope_theta``): the window a
    rotary scaling was pretrained with, a coefficient, not a budget."""
    ws = words(name)
    if not ws or ws[0] not in _ORIGIN_FIRST or set(ws) & TOKEN_WORDS or not set(ws) & _LENGTH_OF:
        return False
    fn = rule.ctx.function()
    if fn is not None and any(_rope_named(p) for p in _parameter_names(fn)):
        return True
    cls = rule.ctx.enclosing_class()
    if cls is None:
        return False
    if fn is not None and fn not in cls.body:
        return False  # a nested function's parameter: its own parameters decide
    return any(_rope_named(n) for n in _class_names(cls)) or _rope_named(cls.name)
