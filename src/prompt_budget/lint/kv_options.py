"""Command-line options of a prompt's length and of a KV cache's budget, for PB102 (set 491: nearlossless-context's
benchmark scripts)::

    p.add_argument("--ctx", type=int, default=4096)      # the prompt's length in tokens
    p.add_argument("--budget", type=int, default=512)    # the tokens a compressed KV cache keeps

An option named for the context (``ctx``, ``context``, ``max_ctx``) whose whole-number default is a window's size
(``dict_settings.window_sized``: ``4096``, ``32000``; not the three lines of a diff's context) is a length in tokens.
An option named as a budget and nothing else (``budget``, ``hold_budget``, ``stream_budget``) in a module that works
on a model's KV cache (it names ``past_key_values``, ``DynamicCache`` or a KV cache, or imports a module named for
one: ``from snapkv import compress_recent``) is the number of cached tokens a
compression keeps. Judges no finding itself.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.dict_settings import window_sized
from prompt_budget.lint.forms import argparse_default
from prompt_budget.lint.names import UNIT_WORDS, words
from prompt_budget.lint.rule import number
from prompt_budget.lint.walks import kept_per_file, source_of, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_CONTEXT = frozenset({"ctx", "context"})
#: A module's text naming a model's KV cache, or importing a module named for one (``from snapkv import ...``).
_KV_CACHE = re.compile(
    r"past_key_values|DynamicCache|\bkv[_ ]?cache\b|^\s*(?:from|import)\s+[\w.]*kv(?:_\w*)?\b",
    re.IGNORECASE | re.MULTILINE,
)
#: The module asked about last and whether it works on a KV cache.
_last: list[tuple[object, bool]] = kept_per_file([])


def _kv_module(rule: LintRule) -> bool:
    tree = rule.ctx.tree
    if _last and _last[0][0] is tree:
        return _last[0][1]
    found = _KV_CACHE.search(source_of(rule.ctx.lines)[1]) is not None
    _last[:] = [(tree, found)]
    return found


#: Words of a help text giving another unit than tokens ("GPU memory budget in MiB", "pages to fetch").
_OTHER_UNITS = frozenset(
    {"mib", "mb", "gib", "gb", "kb", "bytes", "byte", "pages", "memory", "seconds", "lines"}
)


def kv_option(rule: LintRule, name: str, value: float, help_text: str | None = None) -> str | None:
    """Why the option ``name`` with the default ``value`` is an amount of tokens, else None (never when its help
    text gives another unit)."""
    ws = words(name)
    if not ws or set(ws) & UNIT_WORDS or rule.names.is_excluded(name):
        return None
    said = set(re.findall(r"[a-z]+", (help_text or "").lower()))
    if said & (_OTHER_UNITS | UNIT_WORDS):
        return None
    if ws[-1] in _CONTEXT and len(ws) <= 2 and window_sized(value):
        return "a context's length in tokens, a window's size"
    if ws[-1] == "budget" and len(ws) <= 2 and value >= 16 and _kv_module(rule):
        return "the tokens a KV cache keeps, in a module working on a model's KV cache"
    return None


#: The module asked about last and its options ``kv_option`` takes for amounts of tokens.
_dests: list[tuple[object, frozenset[str]]] = kept_per_file([])


def kv_option_read(rule: LintRule, node: ast.AST) -> bool:
    """``args.ctx``: a read of an option of the module whose default ``kv_option`` takes for tokens (``if args.ctx >
    4096: args.ctx = 4096``, the cap a benchmark script puts on its prompt's length)."""
    if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "args"):
        return False
    tree = rule.ctx.tree
    if not (_dests and _dests[0][0] is tree):
        found = set()
        for call in walk(tree) if tree is not None else ():
            if type(call) is ast.Call and (option := argparse_default(call)) is not None:
                value = number(option[0])
                if value is not None and kv_option(rule, option[1], value, option[2]) is not None:
                    found.add(option[1])
        _dests[:] = [(tree, frozenset(found))]
    return node.attr in _dests[0][1]
