"""A class field's attribute ordered against a count of tokens, read by ``field_reach`` through
``field_read_forms.extra_reads`` (set 93: tack-agent's ``Config.compact_threshold`` and
``Config.compact_aggressive``)::

    # tack/config.py
    @dataclass
    class Config:
        compact_threshold: int = 40_000
        compact_aggressive: int = 80_000

    # tack/agent/loop.py
    if config.compact_snip_enabled and last_input_tokens > config.compact_aggressive: ...

The count (``last_input_tokens``, ``usage.prompt_tokens``, ``len(enc.encode(text))``:
``LintRule.token_amount``) is compared with the attribute: the field is a threshold of tokens. A generic
name (``scope.limit``, ``cache_config.block_size``) read this way may be another class's field than the
project's one of that name, so only a field named as a trigger of what is done at a size of the context
(``compact``, ``summarize``, ``trim``, ``prune``, ``evict``, ``threshold``: ``_TRIGGER_WORDS``) is read
so, the read's attribute written on an object (or the fallback a local of the function is bound to:
``threshold = threshold if threshold is not None else config.compact_threshold`` ... ``if input_tokens <
threshold``) (``config.x``, ``self.config.x``: not a bare ``self.x``,
which ``field_reach`` reads only where the module copies it). ``field_reach``'s own guards (one class of
the project declaring the name, a literal of 16 or more, no unit or credential) still hold.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING, Final

from prompt_budget.lint.names import words
from prompt_budget.lint.returned_tokens import returns_tokens
from prompt_budget.lint.text_starts import match_starts
from prompt_budget.lint.walks import lines_at, walk_spanning

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Lines comparing something named as tokens (lower-cased text): ``tokens > cfg.x``, ``cfg.x < n_tokens``.
_GATE: Final = (
    re.compile(r"tok\w*\)?\s*[<>]"),
    re.compile(r"[<>]=?\s*\(?[\w.]*tok"),
    re.compile(r"usage\.\w+\)?\s*[<>]"),  # ``call.usage.output > cfg.x`` (``token_properties.usage_part``)
    # ``estimated_context() + extra > self.model.mask_at``: a field named as the point something is done at
    re.compile(r"[<>]=?\s*[\w.]*\.\w+_at\b"),
)
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
#: Words of a field that triggers what an agent does when its context grows.
_TRIGGER_WORDS = frozenset(
    {
        *("compact", "compaction", "compress", "compression", "summarize", "summarization", "summary"),
        *("trim", "prune", "evict", "truncate", "threshold", "aggressive", "flush", "rollover", "ceiling"),
    }
)
_SELF = frozenset({"self", "cls"})


def compared_reads(rule: LintRule, module: ast.Module, text: str) -> list[tuple[ast.Attribute, str, str]]:
    """(the attribute read, the token count it meets, how) of each field attribute ordered against a
    count of tokens."""
    lines = lines_at(text, (at for gate in _GATE for at in match_starts(text, gate)))
    if not lines:
        return []
    found: list[tuple[ast.Attribute, str, str]] = []
    spanned = walk_spanning(module, lines)
    fallbacks = _fallbacks(spanned)
    for node in spanned:
        if type(node) is not ast.Compare or not all(isinstance(op, _ORDER) for op in node.ops):
            continue
        sides = [node.left, *node.comparators]
        for i, side in enumerate(sides):
            read = side if isinstance(side, ast.Attribute) else _fallback_at(fallbacks, side)
            if read is None or not _trigger(read):
                continue
            others = [s for j, s in enumerate(sides) if abs(i - j) == 1]
            count = next((o for o in others if rule.token_amount(o) or returns_tokens(rule, module, o)), None)
            if count is not None:
                said = ast.unparse(count)
                found.append((read, said, f"a threshold the token count `{said}` is compared with"))
    return found


_Fallbacks = list[tuple[int, int, dict[str, ast.Attribute]]]


def _fallbacks(spanned: list[ast.AST]) -> _Fallbacks:
    """Per function spanning the lines (its first and last line), the locals its own top statements
    bind to a field's attribute as a fallback: ``threshold = threshold if threshold is not None else
    config.compact_threshold``, ``threshold = threshold or config.compact_threshold``."""
    out: _Fallbacks = []
    for fn in spanned:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        bound: dict[str, ast.Attribute] = {}
        for stmt in fn.body:
            if type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name:
                value = stmt.value
                last = (
                    value.orelse
                    if type(value) is ast.IfExp
                    else value.values[-1]
                    if type(value) is ast.BoolOp and isinstance(value.op, ast.Or)
                    else None
                )
                if isinstance(last, ast.Attribute):
                    bound[stmt.targets[0].id] = last
        if bound:
            out.append((fn.lineno, fn.end_lineno or fn.lineno, bound))
    return out


def _fallback_at(fallbacks: _Fallbacks, side: ast.expr) -> ast.Attribute | None:
    """The attribute the local ``side`` falls back to in the innermost function holding it."""
    if type(side) is not ast.Name or not fallbacks:
        return None
    at = side.lineno
    holding = [(first, last, bound) for first, last, bound in fallbacks if first <= at <= last]
    if not holding:
        return None
    bound = max(holding, key=lambda f: f[0])[2]
    return bound.get(side.id)


#: Words excluding a name as a special token's (``mask_token_id``) that name an action in ``<action>_at``.
_SPECIAL_ACTIONS = frozenset({"mask", "pad", "padding"})


def action_point(name: str) -> bool:
    """``mask_at``: the size at which an action is done, named by the action (a special token's word
    there names no token: ``mask_token_id`` says ``token``, ``id``); a field named so is kept for its
    reads (``field_reach``), which alone decide (``_trigger``)."""
    ws = words(name)
    return len(ws) == 2 and ws[-1] == "at" and ws[0] in _SPECIAL_ACTIONS


def _trigger(read: ast.Attribute) -> bool:
    owner = read.value
    if isinstance(owner, ast.Name) and owner.id in _SELF:
        return False
    ws = words(read.attr)
    # ``mask_at``, ``compact_at``: the size at which something is done (set 101: wren-agent)
    return bool(set(ws) & _TRIGGER_WORDS) or (len(ws) > 1 and ws[-1] == "at")
