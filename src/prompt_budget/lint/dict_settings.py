"""Numbers PB101 reads as budgets in a dict literal by what the dict is given to or configures, where the
key alone says no budget (set 29: docetl, lotus).

- a token-measured splitter's settings: ``{"method": "token_count", "method_kwargs": {"num_tokens":
  1000}}`` (also ``{"splitter": "token", "num_tokens": 500}``): a number of tokens written as a setting
  of an operation whose method or type says it measures tokens, or splits into chunks, is the chunk's
  size, not a usage count;
- generation settings splatted into a model's ``generate``: ``self.gen_kwargs = gen_kwargs or
  {"max_length": 16, "num_beams": 4}`` ... ``self.model.generate(pixels, **self.gen_kwargs)``: Hugging
  Face's ``max_length`` counts tokens (the dict's use decides, not its name);
- a retriever's known token option: ColBERT's ``doc_maxlen`` (a document is truncated to that many
  tokens when it is encoded).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.held_limits import limits_container, token_key
from prompt_budget.lint.inline_forms import lookup_pair, typed_amounts, typed_slot
from prompt_budget.lint.names import words
from prompt_budget.lint.request_entries import key_read_as_budget, request_entries
from prompt_budget.lint.request_entries import output_beside_window as output_beside_window  # noqa: PLC0414
from prompt_budget.lint.request_entries import passed_how as passed_how  # noqa: PLC0414
from prompt_budget.lint.rule import dotted, string_value
from prompt_budget.lint.shown_examples import shown_only
from prompt_budget.lint.token_cuts import cuts_tokens
from prompt_budget.lint.token_quotas import token_quota_name
from prompt_budget.lint.walks import kept_per_file, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: (the literal, the key, its value, how) of a number found.
Found = tuple[ast.expr, str, int | float, str]

#: Options of retrievers and encoders whose library counts them in tokens.
_ENCODER_OPTIONS = frozenset({"doc_maxlen", "query_maxlen"})
#: Words of a setting's value that say the operation counts tokens or cuts chunks.
_SPLIT_WORDS = frozenset({"token", "tokens", "split", "splitter", "chunk", "chunks", "chunker", "chunking"})
#: Words of a key that says how an operation works (``"method"``, ``"type"``, ``"splitter"``).
_METHOD_KEYS = frozenset({"method", "type", "kind", "mode", "strategy", "splitter", "chunker", "unit", "by"})
#: Words of a usage count, never a setting (``prompt_tokens``, ``total_tokens``).
_USAGE = frozenset({"prompt", "completion", "total", "input", "output", "used", "cached", "reasoning"})


def dict_budgets(rule: LintRule, node: ast.Dict) -> Iterator[Found]:
    """Every budget PB101 finds in the dict literal ``node``: an amount typed as tokens, an entry of a
    request (``request_entries``), then the forms above; none in a dict only shown (``shown_examples``)."""
    found = list(_dict_budgets(rule, node))
    if found and shown_only(rule, node):
        return
    yield from found


def _dict_budgets(rule: LintRule, node: ast.Dict) -> Iterator[Found]:
    typed = typed_amounts(rule, node)
    for unit, amount in typed:
        # ``{"type": "input_tokens", "value": 150000}``: an amount typed as tokens (set 20: inspect-ai)
        value = rule.budget_literal(amount)
        if value is not None:
            yield amount, typed_slot(rule, node, unit), value, f'given beside the unit `"{unit}"`'
    skip = {id(amount) for _, amount in typed}
    for found in request_entries(rule, node, skip):
        skip.add(id(found[0]))
        yield found
    parent = rule.ctx.parent(node)
    yield from (f for f in dict_settings(rule, node, parent) if id(f[0]) not in skip)


#: Keys that name a model's window when the number is a window's size (a bare ``context`` is otherwise a text, a
#: count of lines); read by PB107 for a model's row too (``pb107_nested_rows``).
WINDOW_KEYS = frozenset({"context", "ctx"})


def window_sized(value: float) -> bool:
    """A context window's size: a power of two from 2048 (``8192``, ``131072``) or a round number of thousands
    from 8000 (``128000``, ``200_000``); not the few lines of a diff's context."""
    n = int(value)
    return n == value and ((n >= 2048 and n & (n - 1) == 0) or (n >= 8000 and n % 1000 == 0))


def _published(node: ast.Dict, parent: ast.AST | None) -> bool:
    """``node`` is a model's published limits (``{"limit": {"context": 131072}}``, a catalog's row): the
    limits' own readings (``limit_entries``) judge it."""
    return isinstance(parent, ast.Dict) and any(
        v is node and string_value(k) in {"limit", "limits"}
        for k, v in zip(parent.keys, parent.values, strict=False)
    )


def _beside_request_quota(node: ast.Dict, ws: tuple[str, ...]) -> bool:
    """``{"tokens_per_minute": 200000, "requests_per_minute": 3500}``: tokens per minute beside a quota of
    requests per minute in one dict, a rate limiter's quotas (set 175: nkit-agents' provider presets), not a
    throughput measured."""
    if ws not in {("tokens", "per", "minute"), ("tokens", "per", "min")}:
        return False
    return any(
        words(string_value(k) or "")[:1] == ("requests",) and "per" in words(string_value(k) or "")
        for k in node.keys
        if k
    )


#: The sides of a model's limits written beside its window (models.dev's ``limit``: context, input, output).
_LIMIT_SIDES = frozenset({"input", "output"})


def _own_default(entry: ast.expr, name: str | None) -> ast.expr:
    """``limit.get("context", 180_000)`` under the key ``"context"``: the default the entry falls back to;
    any other entry itself."""
    pair = lookup_pair(entry) if isinstance(entry, ast.Call) else None
    return pair[1] if pair is not None and name is not None and string_value(pair[0]) == name else entry


def _model_limits(rule: LintRule, node: ast.Dict) -> bool:
    """``node`` holds a window under ``"context"`` beside ``"input"`` or ``"output"``: a model's limits."""
    keys = {string_value(k): v for k, v in zip(node.keys, node.values, strict=False) if k is not None}
    window = keys.get("context")
    value = rule.budget_literal(_own_default(window, "context")) if window is not None else None
    return value is not None and window_sized(value) and bool(_LIMIT_SIDES & set(keys))


def dict_settings(rule: LintRule, node: ast.Dict, parent: ast.AST | None) -> Iterator[Found]:
    """The budgets of ``node`` (whose parent node is ``parent``) found by the forms above."""
    splitter = _measures_tokens(node) or (isinstance(parent, ast.Dict) and _measures_tokens(parent))
    generated: bool | None = None
    limits = _model_limits(rule, node) and not _published(node, parent)
    for key, entry in zip(node.keys, node.values, strict=False):
        name = string_value(key)
        item = _own_default(entry, name)  # ``"context": limit.get("context", 180_000)`` (set 271: taui)
        value = rule.budget_literal(item)
        if not name or value is None:
            continue
        ws = words(name)
        if name in _LIMIT_SIDES and limits:
            # ``{"context": 180_000, "input": 128_000, "output": 32_000}``: a model's limits, models.dev's
            yield item, name, value, f"written as a model's {name} limit beside its context window"
            continue
        if name in _ENCODER_OPTIONS:
            yield item, name, value, "written as a retriever's option counted in tokens"
        elif len(ws) > 1 and (token_quota_name(name) or _beside_request_quota(node, ws)):
            # ``"limits": {"max_tokens_per_minute": 200_000}`` (set 148); a bare ``"TPM"`` key is a row of a
            # provider's published limits by tier, written many times
            yield item, name, value, "written as a rate limiter's quota of tokens per minute"
        elif name in WINDOW_KEYS and window_sized(value) and not _published(node, parent):
            # ``{"backend": "llama.cpp", "context": 8192}``, ``config.update({"context": 131072})`` (set 235)
            yield item, name, value, "written as a context window's size"
        elif splitter and token_setting(rule, name):
            yield item, name, value, "written as the chunk size of a split that counts tokens"
        elif token_key(rule, name) and (container := limits_container(rule, node)) is not None:
            # ``{"budgets": {"default": {"input_tokens": 12000}}}`` (set 158: ``held_limits``)
            yield item, name, value, f"written under `{container}` as an amount of tokens"
        elif (
            _plain_budget(ws)
            and not rule.names.is_excluded(name)
            and (used := _used_tokens(node)) is not None
        ):
            # ``{"budget_limit": 200000, "tokens_used": 0}``: the budget of the count beside it (set 487: adlc)
            yield item, name, value, f'written beside `"{used}"`, the count of tokens it limits'
        elif rule.names.is_weak_budget(name) and {"max", "length"} <= set(ws):
            if generated is None:
                generated = _splatted_into_generate(rule, node)
            if generated:
                yield item, name, value, "splatted into a model's `generate` (counted in tokens)"
            elif (line := _cut_under(rule, name)) is not None:
                yield (
                    item,
                    name,
                    value,
                    f"read as `[{name!r}]` for a tokenizer's truncation length at line {line}",
                )
            elif (read := key_read_as_budget(rule, name)) is not None:
                yield item, name, value, read  # ``{"max_length": 512}`` ... ``max_length=cfg["max_length"]``


#: Words of a count of tokens already used (``tokens_used``, ``used_tokens``, ``tokens_spent``).
_USED = frozenset({"used", "spent", "consumed"})


#: Words of a budget's key naming no unit (``budget_limit``, ``total_budget``; not a bare ``limit`` or ``cap``).
_PLAIN = frozenset({"budget", "limit", "cap", "max", "maximum", "total", "hard", "soft"})


def _plain_budget(ws: tuple[str, ...]) -> bool:
    return bool(ws) and set(ws) <= _PLAIN and "budget" in ws  # not a faucet's ``cap`` beside ``tokens_spent``


def _used_tokens(node: ast.Dict) -> str | None:
    """The key of ``node`` counting the tokens used so far (``"tokens_used"``), else None."""
    for key in node.keys:
        ws = set(words(string_value(key) or ""))
        if ws & {"tokens", "token"} and ws & _USED and len(ws) == 2:
            return string_value(key)
    return None


#: The module last asked about, and the keys it reads by subscript: key -> the lines where the read is
#: a truncating call's length, or None when some read is anything else.
_SUBSCRIPTS: list[tuple[ast.AST, dict[str, int | None]]] = kept_per_file([])


def _cut_under(rule: LintRule, key: str) -> int | None:
    """``cfg["max_length"]`` read in the module only as the length a tokenizer truncates to
    (``self.tokenizer(texts, max_length=self.cfg.model_config["max_length"], truncation=True)``): the line
    of the first such read, else None (never read so, or read also otherwise). A per-model settings table
    written under that key (``{"max_length": 4096, "batch_size": 24}``) sets that length (set 40:
    instructlab-sdg's arctic encoder). The module's subscripts are gathered once, from its shared walk."""
    tree = rule.ctx.tree
    if tree is None:
        return None
    if not _SUBSCRIPTS or _SUBSCRIPTS[0][0] is not tree:
        _SUBSCRIPTS[:] = [(tree, _subscript_reads(rule, tree))]
    return _SUBSCRIPTS[0][1].get(key)


def _subscript_reads(rule: LintRule, tree: ast.AST) -> dict[str, int | None]:
    cut: dict[int, int] = {}  # id of a subscript given as a truncating call's length -> its line
    # ``max_length = self.model_config["max_length"]`` ... ``tokenizer(batch, max_length=max_length, truncation=True)``
    # (set 235: tempoeval): a subscript bound to a local given so
    bound: dict[str, list[ast.Subscript]] = {}
    for node in walk(tree):
        if type(node) is ast.Assign and type(node.value) is ast.Subscript and len(node.targets) == 1:
            if type(target := node.targets[0]) is ast.Name:
                bound.setdefault(target.id, []).append(node.value)
        elif type(node) is ast.Call and cuts_tokens(node):
            for kw in node.keywords:
                if not (kw.arg and rule.names.is_weak_budget(kw.arg)):
                    continue
                if type(kw.value) is ast.Subscript:
                    cut[id(kw.value)] = kw.value.lineno
                elif type(kw.value) is ast.Name:
                    cut.update((id(sub), sub.lineno) for sub in bound.get(kw.value.id, ()))
    reads: dict[str, int | None] = {}
    for node in walk(tree):
        if type(node) is not ast.Subscript or not isinstance(node.ctx, ast.Load):
            continue
        key = string_value(node.slice)
        if key is None:
            continue
        line = cut.get(id(node))
        if line is None:
            reads[key] = None
        else:
            reads.setdefault(key, line)
    return reads


def token_setting(rule: LintRule, name: str) -> bool:
    """A name under which a number of tokens is set, not counted: a budget (``max_tokens``) or a
    ``<what>_tokens`` that is no usage count (``num_tokens``, not ``prompt_tokens``)."""
    ws = words(name)
    return bool(name) and (
        rule.names.is_budget(name) or (ws[-1:] == ("tokens",) and not _USAGE.intersection(ws))
    )


def _measures_tokens(node: ast.Dict) -> bool:
    """An entry of ``node`` says how the operation measures or splits (``"method": "token_count"``,
    ``"splitter": "chunk"``): a key of a method or kind, whose word value names tokens or chunks (an
    ``"id": "full-with-tokens"`` row says nothing)."""
    for key, value in zip(node.keys, node.values, strict=False):
        text = string_value(value)
        if text is None or " " in text or not _METHOD_KEYS.intersection(words(string_value(key) or "")):
            continue
        if _SPLIT_WORDS.intersection(words(text)):
            return True
    return False


def _splatted_into_generate(rule: LintRule, node: ast.Dict) -> bool:
    """``target = kwargs or {...}`` (or ``= {...}``) and the module calls ``x.generate(..., **target)``."""
    stmt = next((a for a in reversed(rule.ctx.ancestors) if isinstance(a, (ast.Assign, ast.AnnAssign))), None)
    if stmt is None or rule.ctx.tree is None:
        return False
    value = stmt.value
    if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or):
        value = value.values[-1]
    if value is not node:
        return False
    target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
    target = stmt.target if isinstance(stmt, ast.AnnAssign) else target
    if not isinstance(target, (ast.Name, ast.Attribute)):
        return False
    wanted = dotted(target)
    return any(
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr in {"generate", "agenerate"}
        and any(kw.arg is None and dotted(kw.value) == wanted for kw in call.keywords)
        for call in walk(rule.ctx.tree)
    )
