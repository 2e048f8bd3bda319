"""An overlap parameter beside a chunk size its docstring gives in tokens, for PB102 (budget-constant).

A chunker's signature states the unit once, for the size (set 85: agent-brain-cli's API client)::

    def index(self, folder_path, chunk_size: int = 512, chunk_overlap: int = 50):
        \"\"\"...
            chunk_size: Target chunk size in tokens.
            chunk_overlap: Overlap between chunks.
        \"\"\"

The overlap is a part of the chunk it overlaps: it counts what the size counts. An overlap whose own
entry names another unit (characters, words, sentences, lines) keeps its own. The same holds of a dict's
entries, for PB101 (set 154: autochunks' grid of candidate settings, ``{"base_token_size": 512, "overlap":
64}``): an ``overlap`` beside a chunk size the rules report as tokens. And for PB105, an overlap given as a
fraction of the chunk (set 167: percolate-core's ``class ChunkPolicy: target_tokens: int = 700`` ...
``overlap: float = 0.08``, and ``"chunking": {"target_tokens": 450, "overlap": 0.15}``): a field of the
class or an entry of the dict beside a size in tokens, where the class, the dict's key or a size's own name
says chunk.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.names import CHAR_WORDS, words
from prompt_budget.lint.param_docstrings import arg_entry, documented_in_tokens, documents
from prompt_budget.lint.rule import attr_name, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.model_limits import Found
    from prompt_budget.lint.rule import LintRule

#: Units an overlap's own entry may count instead of the chunk size's tokens.
_OWN_UNITS = CHAR_WORDS | {
    "word",
    "words",
    "sentence",
    "sentences",
    "line",
    "lines",
    "byte",
    "bytes",
    "page",
    "pages",
    "percent",
    "percentage",
    "fraction",
    "ratio",
    "messages",
    "turns",
}


def documented_overlap(rule: LintRule, node: ast.arguments, name: str) -> str | None:
    """``chunk_overlap=50`` beside ``chunk_size=512`` in one signature whose docstring gives the chunk
    size in tokens, or a chunker's ``overlap=64`` beside its ``max_tokens=512``: why the overlap counts tokens,
    else None."""
    ws = words(name)
    if ws[-1:] != ("overlap",):
        return None
    if any(set(words(arg_entry(text, name))) & _OWN_UNITS for text in documents(rule)):
        return None  # "chunk_overlap: overlap in characters"
    prefix = ws[:-1]
    for arg in (*node.posonlyargs, *node.args, *node.kwonlyargs):
        other = words(arg.arg)
        # ``chunk_size`` for ``chunk_overlap``, ``window_size`` for ``window_overlap``, any size for ``overlap``
        if (
            other[-1:] == ("size",)
            and other[:-1] == (prefix or other[:-1])
            and documented_in_tokens(rule, arg.arg)
        ):
            return f"the overlap of `{arg.arg}`, which the docstring gives in tokens"
    fn = rule.ctx.function()
    if fn is None or not set(words(fn.name)) & _CHUNK_WORDS or (prefix and not set(prefix) & _CHUNK_WORDS):
        return None
    # ``def chunk_text(text, *, max_tokens: int = 512, overlap: int = 64)``: a chunker's cut in tokens (set 433)
    return next(
        (
            f"the overlap of chunks cut at `{arg.arg}` tokens"
            for arg in (*node.posonlyargs, *node.args, *node.kwonlyargs)
            if rule.names.is_budget(arg.arg) and rule.names.says_tokens(arg.arg)
        ),
        None,
    )


def overlap_beside(rule: LintRule, node: ast.Dict, reported: list[Found]) -> list[Found]:
    """(literal, name, value, how) for an overlap entry (``"overlap": 64``, ``"chunk_overlap": 50``) of the dict
    ``node`` where ``reported`` (what PB101 found in it) holds a chunk size in tokens (``"base_token_size": 512``,
    ``"chunk_tokens": 512``) no smaller than the overlap; an overlap naming another unit keeps its own."""
    # not ``max_tokens``, unless another key says the dict sets chunking (``"chunk": True``, set 345: pdfmux's
    # profiles ``{"chunk": True, "max_tokens": 800, "overlap": 80}``)
    chunking = any(
        set(words(string_value(k) or "")) & _CHUNK_WORDS and type(v) is ast.Constant and v.value is True
        for k, v in zip(node.keys, node.values, strict=True)
    )
    sizes = [
        (name, value)
        for _, name, value, _ in reported
        if rule.names.says_tokens(name)
        and (set(words(name)) & {"size", "chunk"} or (chunking and name == "max_tokens"))
    ]
    if not sizes:
        return []
    size_name, size = sizes[0]
    done = {id(item) for item, *_ in reported}
    found: list[Found] = []
    for key, item in zip(node.keys, node.values, strict=True):
        name = string_value(key) or ""
        ws = words(name)
        if ws[-1:] != ("overlap",) or id(item) in done or set(ws) & _OWN_UNITS:
            continue
        value = rule.budget_literal(item)
        if value is not None and value < size:
            found.append((item, name, value, f'written as the overlap of "{size_name}", a size in tokens'))
    return found


#: Words saying a size is a chunk's (of a class, a dict's key or the size's own name).
_CHUNK_WORDS = frozenset({"chunk", "chunks", "chunking", "chunker", "splitter", "segment", "split"})


def _siblings(rule: LintRule, holder: ast.AST | None) -> tuple[list[str], str]:
    """The names beside an entry of the dict ``holder`` or a field of the class being visited, and what
    holds them (the dict's key or bound name, the class's name)."""
    if isinstance(holder, ast.Dict):
        up = rule.ctx.parent(holder)
        place = ""
        if isinstance(up, ast.Dict):
            place = next(
                (string_value(k) or "" for k, v in zip(up.keys, up.values, strict=True) if v is holder), ""
            )
        elif isinstance(up, ast.Assign) and len(up.targets) == 1:
            place = attr_name(up.targets[0]) or ""
        return [string_value(k) or "" for k in holder.keys if k is not None], place
    cls = rule.ctx.enclosing_class()
    if cls is None or rule.ctx.function() is not None or not isinstance(holder, (ast.Assign, ast.AnnAssign)):
        return [], ""
    fields = [
        attr_name(t) or ""
        for stmt in cls.body
        for t in (
            stmt.targets
            if isinstance(stmt, ast.Assign)
            else [stmt.target]
            if isinstance(stmt, ast.AnnAssign)
            else []
        )
    ]
    return fields, cls.name


def overlap_fraction(rule: LintRule, name: str) -> str | None:
    """Why the fraction bound to ``name`` (a field of the class being visited, an entry of the dict being
    visited) is a share of a chunk size in tokens, else None."""
    ws = words(name)
    if ws[-1:] != ("overlap",) or set(ws) & _OWN_UNITS:
        return None
    names, place = _siblings(rule, rule.ctx.ancestors[-1] if rule.ctx.ancestors else None)
    for other in names:
        if (
            other != name
            and rule.names.says_tokens(other)
            and (set(words(other)) | set(words(place))) & _CHUNK_WORDS
        ):
            return f"the overlap as a fraction of `{other}`, a chunk size in tokens"
    return None


def chunk_beside_token_overlap(names: Sequence[str], name: str) -> str | None:
    """The sibling named for an overlap in tokens (``overlap_tokens``) when ``name`` is a chunk's size
    (``target_chunk_size``, ``max_chunk_size``) among ``names`` (a signature's parameters, a class's fields): the
    overlap's unit is the chunk's (set 355: docforge-rag's ``ChunkingEngine(target_chunk_size=512,
    max_chunk_size=1024, min_chunk_size=64, overlap_tokens=64)``), else None."""
    ws = set(words(name))
    if not ({"chunk"} <= ws and ws & {"size", "length", "len"}) or ws & _OWN_UNITS:
        return None
    return next((o for o in names if o != name and {"overlap", "tokens"} <= set(words(o))), None)
