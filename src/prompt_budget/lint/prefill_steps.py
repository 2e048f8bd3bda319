"""Tokens per prefill step, told by what a parameter does: the width of the slices a function feeds a
model step by step.

MLX's and llama.cpp's prefill processes a long prompt in steps of a fixed number of tokens
(``step_size``, ``n_batch``): the set-21 convention counts such a limit on tokens per step as a budget.
A generic name (``step_size``, ``chunk``) says nothing of the unit, so the code must::

    def _process_prompt(self, prompt, step_size: int = 2048):
        for i in range(0, prompt.shape[1], step_size):
            logits = self._model(prompt[:, i : i + step_size], cache=cache)

The parameter is the width of a slice ``seq[i : i + size]`` (also ``seq[:, i : i + size]``) of a token
sequence (``input_ids``, ``tokens``, ``prompt``; not the ``ids`` of documents), or of any sequence in a function that runs a model
with a KV cache (a call given ``cache=`` / ``past_key_values=``). A ``batch_size`` slicing the rows of
``input_ids`` (``input_ids[i : i + batch_size]``) stays a count of sequences; one slicing its second
axis (``input_ids[:, i : i + batch_size]``) is a token chunk. The slice's end may be a local bound to such a sum,
or to its ``min`` with the sequence's length (``end = min(start + chunk_size, seq_len)`` ... ``input_ids[:, start:end]``,
set 491: nearlossless-context's ``prefill_chunked``).
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import TOKEN_WORDS, words
from prompt_budget.lint.walks import walk

#: Words of a sequence holding token ids.
_TOKEN_SEQUENCES = frozenset({*TOKEN_WORDS, "prompt", "prompts"})
#: Words of a count of sequences: a slice of rows, not of tokens.
_BATCH_WORDS = frozenset({"batch", "batches", "bs", "rows", "samples", "examples"})
#: Keywords of a model call given a KV cache.
_CACHE_KEYWORDS = frozenset({"cache", "prompt_cache", "past_key_values", "kv_cache"})


def _plus(node: ast.AST | None, name: str) -> bool:
    """``i + name`` (or ``name + i``), also as ``min(i + name, n)``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "min" and node.args:
        return any(_plus(a, name) for a in node.args)
    return (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Add)
        and any(isinstance(side, ast.Name) and side.id == name for side in (node.left, node.right))
    )


def _width_of(node: ast.AST, name: str, ends: frozenset[str]) -> bool:
    """``node`` is a slice ``i : i + name`` (or ``i : name + i``), or ``i : end`` with ``end`` one of ``ends``."""
    if not isinstance(node, ast.Slice):
        return False
    upper = node.upper
    return (isinstance(upper, ast.BinOp) and _plus(upper, name)) or (
        isinstance(upper, ast.Name) and upper.id in ends
    )


def _sliced_by(sub: ast.Subscript, name: str, ends: frozenset[str] = frozenset()) -> bool:
    """``sub`` slices by the width ``name``: along the sequence axis (``seq[:, i : i + name]``), or
    along the only axis unless ``name`` counts a batch (``input_ids[i : i + batch_size]`` takes rows)."""
    index = sub.slice
    if isinstance(index, ast.Tuple):
        return any(_width_of(p, name, ends) for p in index.elts[1:])
    return _width_of(index, name, ends) and not set(words(name)) & _BATCH_WORDS


def _ends(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> frozenset[str]:
    """The locals of ``fn`` bound to ``i + name`` or ``min(i + name, n)``: a slice's end one width on."""
    return frozenset(
        n.targets[0].id
        for n in walk(fn)
        if isinstance(n, ast.Assign)
        and len(n.targets) == 1
        and isinstance(n.targets[0], ast.Name)
        and _plus(n.value, name)
    )


def _sequence_name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call):
        return _sequence_name(node.func) if not node.args else _sequence_name(node.args[0])
    return ""


def prefill_step(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> str | None:
    """Why the parameter ``name`` of ``fn`` is a number of tokens per step, else None."""
    ends = _ends(fn, name)
    slices = [n for n in walk(fn) if isinstance(n, ast.Subscript) and _sliced_by(n, name, ends)]
    if not slices:
        return None
    for sub in slices:
        sequence = _sequence_name(sub.value)
        ws = set(words(sequence))
        if ws & _TOKEN_SEQUENCES or {"input", "ids"} <= ws:  # not ``ids`` of documents
            return f"tokens per step: it is the width of the slices of the token sequence `{sequence}`"
    cached = any(
        isinstance(n, ast.Call) and any(k.arg in _CACHE_KEYWORDS for k in n.keywords) for n in walk(fn)
    )
    if cached:
        return "tokens per step: it is the width of the slices a model with a KV cache is fed"
    return None
