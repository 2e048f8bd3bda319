"""A chunk size read from a settings mapping with a fallback, in a chunker whose chunks are tokens
(set 49: chainforge's ``chunk_size = max(1, int(kwargs.get("chunk_size", 200)))`` then
``end = min(start + chunk_size, len(tokens))`` over ``tokens = enc.encode(text)``; and
``chunk_size = int(kwargs.get("chunk_size", 512))`` given to chonkie's ``TokenChunker`` /
``RecursiveChunker`` / ``SemanticChunker`` / ``LateChunker``, which count chunks in tokens).

``chunk_units`` knows a chunk size by a tokenizer named beside it, or by a chunker function's
parameters; the overlap read the same way is a window's (``window_lengths``). A size bound to a
local of the function doing the chunking was not followed: the local's reads decide. Evidence (in the
same function): a read of the local is an operand of a call or sum that also reads a tokenizer's ids
(``enc.encode(text)``, a local bound only to one), or the local is given to a call that names a class
imported from ``chonkie`` (the call itself, or a class handed to a helper building its arguments).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.chunk_units import holds_token_ids, is_chunk_key
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import callee_name, sizes_token_chunks, string_value
from prompt_budget.lint.walks import parents, statements, walk
from prompt_budget.lint.window_lengths import setting_fallback

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef
#: Wrappers a fallback read may sit in before it is bound (``max(1, int(kwargs.get(...)))``).
_WRAPPERS = frozenset({"int", "max", "min", "abs", "round"})
#: The packages whose chunkers count their ``chunk_size`` in tokens.
_TOKEN_CHUNKER_PACKAGES = ("chonkie",)


def _bound_local(rule: LintRule, call: ast.Call) -> str | None:
    """The local a (possibly wrapped) fallback read is bound to: ``chunk_size = int(kw.get(...))``."""
    node: ast.AST = call
    for ancestor in reversed(rule.ctx.ancestors[:-1]):
        if isinstance(ancestor, ast.Call) and (callee_name(ancestor) or "") in _WRAPPERS:
            node = ancestor
            continue
        if isinstance(ancestor, ast.Assign) and ancestor.value is node and len(ancestor.targets) == 1:
            target = ancestor.targets[0]
            return target.id if isinstance(target, ast.Name) else None
        return None
    return None


def _origin(rule: LintRule, fn: Function, name: str) -> str:
    """Where ``name`` is imported from: the module's imports, else the function's own
    (``from chonkie import TokenChunker`` in the chunking function)."""
    origin = rule.ctx.origin(name)
    if origin != name:
        return origin
    for stmt in statements(fn):
        if isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level:
            for alias in stmt.names:
                if (alias.asname or alias.name) == name:
                    return f"{stmt.module}.{alias.name}"
    return name


def _token_chunker(rule: LintRule, fn: Function, call: ast.Call) -> str | None:
    """The chonkie class ``call`` builds or hands to a helper (``TokenChunker(**kw(TokenChunker, ...))``)."""
    for node in (call.func, *call.args):
        if isinstance(node, ast.Name):
            origin = _origin(rule, fn, node.id)
            if origin.split(".", 1)[0] in _TOKEN_CHUNKER_PACKAGES and words(node.id)[-1:] == ("chunker",):
                return node.id
    return None


#: Tokenizer settings under which chonkie counts characters or words, not a model's tokens.
_NOT_TOKENIZERS = frozenset({"character", "characters", "char", "word", "words"})


def _counts_characters(call: ast.Call) -> bool:
    """``tokenizer="character"`` (or ``tokenizer_or_token_counter="word"``) given beside the size."""
    return any(
        "tokenizer" in words(k.arg or "") and string_value(k.value) in _NOT_TOKENIZERS for k in call.keywords
    )


def _why(rule: LintRule, fn: Function, local: str) -> str | None:
    up = parents(fn)
    for node in walk(fn):
        if type(node) is not ast.Name or node.id != local or not isinstance(node.ctx, ast.Load):
            continue
        parent = up.get(node)
        if isinstance(parent, ast.keyword):
            call = up.get(parent)
            if (
                isinstance(call, ast.Call)
                and not _counts_characters(call)
                and (chunker := _token_chunker(rule, fn, call))
            ):
                return f"given to chonkie's `{chunker}`, which counts a chunk's tokens"
            continue
        if isinstance(parent, ast.BinOp):
            parent = up.get(parent)
        if isinstance(parent, ast.Call) and (callee_name(parent) or "") in {"min", "max"}:
            others = [a for a in parent.args if node not in walk(a)]
            if any(holds_token_ids(rule, fn, a) for a in others):
                return f"it bounds a window over a tokenizer's ids (line {node.lineno})"
    return None


def _splitter_keyword(rule: LintRule, call: ast.Call) -> str | None:
    """The keyword of a splitter counting tokens a (possibly wrapped) fallback read is given to
    (``TokenTextSplitter(chunk_size=parameters.get("chunk_size", 500))``, set 64: gwenflow), its callee
    named; else None."""
    node: ast.AST = call
    for ancestor in reversed(rule.ctx.ancestors[:-1]):
        if isinstance(ancestor, ast.Call) and (callee_name(ancestor) or "") in _WRAPPERS:
            node = ancestor
            continue
        if not (isinstance(ancestor, ast.keyword) and ancestor.value is node and is_chunk_key(ancestor.arg)):
            return None
        splitter = rule.ctx.parent(ancestor)
        if isinstance(splitter, ast.Call) and sizes_token_chunks(
            rule.names, ancestor.arg or "", splitter, rule.ctx
        ):
            return f"given as `{ancestor.arg}` to `{callee_name(splitter)}`, whose chunks are tokens"
        return None
    return None


def chunk_fallback(rule: LintRule, call: ast.Call) -> None:
    """``chunk_size = int(kwargs.get("chunk_size", 512))`` in a function whose reads of the local
    show it counts tokens, or a chunk size or overlap read so straight into a splitter counting tokens:
    report the fallback (PB102)."""
    found = setting_fallback(call)
    if found is None or not is_chunk_key(found[0]):
        return
    value = rule.budget_literal(found[1])
    fn = rule.ctx.function()
    if value is None or fn is None or any(r.target is found[1] for r in rule.ctx.reports):
        return
    if given := _splitter_keyword(rule, call):
        message = f"token budget {found[0]}={value} as a fallback default, {given}; move it to config"
        rule.report_literal(found[1], message + " so it can be tuned and tested", value, found[0])
        return
    if "size" not in words(found[0]):
        return
    local = _bound_local(rule, call)
    if local is None or not is_chunk_key(local):
        return
    why = _why(rule, fn, local)
    if why is not None:
        message = (
            f"token budget {found[0]}={value} as a fallback default, a chunk size: {why}; move it to "
            "config so it can be tuned and tested"
        )
        rule.report_literal(found[1], message, value, found[0])
