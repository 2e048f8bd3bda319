"""The filled share of a window read by name, for PB105 (budget-ratio): ``context_pct``,
``token_usage_ratio``, ``self.window_fill``, a key read from a record (``s.get("avg_context_utilisation",
0.0)``, set 188: anjor's summaries), and a mean of such shares (``sum(m.get("avg_context_utilisation", 0.0) *
m.get("call_count", 0) for m in models) / total_calls``): a share of the context used, whose division is
written elsewhere. A literal share ordered against one is a threshold on how full the window is.
Kept apart from the rule: judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.keyed_shares import read_key
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of what fills (the context, a window, a budget of tokens).
_FILLED = frozenset({"context", "ctx", "window", "token", "tokens", "budget"})
#: Words of a filled share.
_FILL_WORDS = frozenset(
    {
        "pct",
        "percent",
        "percentage",
        "usage",
        "used",
        "fill",
        "full",
        "ratio",
        "fraction",
        "utilisation",
        "utilization",
        "util",
    }
)
#: Words of a setting (a threshold, a target) rather than a measured share: ``context_usage_threshold``,
#: ``compaction_context_ratio`` checked against its bounds (the review of set 188's reading).
_SETTING_WORDS = frozenset(
    {"threshold", "thresholds", "trigger", "target", "limit", "compaction", "compact", "default"}
)
#: Words of a share of something else than a budget (tokens two texts share, a compression).
_NOT_FILLED = frozenset(
    {"overlap", "compression", "compressed", "match", "dedup", "duplicate", "cache", "hit"}
)


def converted(side: ast.expr) -> ast.expr:
    """``x`` of ``float(x)`` or ``int(x)`` (one argument), else ``side``."""
    if (
        isinstance(side, ast.Call)
        and type(side.func) is ast.Name
        and side.func.id in ("float", "int")
        and len(side.args) == 1
        and not side.keywords
    ):
        return side.args[0]
    return side


def says_fill(rule: LintRule, name: str) -> bool:
    """``name`` says it is the filled share of a window or a budget (and nothing else)."""
    ws = set(words(name))
    return (
        bool(ws & _FILLED and ws & _FILL_WORDS)
        and not ws & (_NOT_FILLED | _SETTING_WORDS)
        and not rule.names.is_score(name)
        and not rule.names.is_excluded(name)
        and not rule.names.is_chars(name)
    )


def named_fill(rule: LintRule, node: ast.expr) -> str | None:
    """The name of a filled share ``node`` reads whose division is written elsewhere: a name or attribute
    the module does not bind itself (what it is bound to decides, ``stored_shares``), or a key read from a
    record; else None."""
    node = converted(node)
    if (key := read_key(node)) is not None:
        return key if says_fill(rule, key) else None
    name = attr_name(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
    if name is None or not says_fill(rule, name) or _bound_here(rule, name):
        return None
    return name


def mean_of_fills(rule: LintRule, div: ast.BinOp) -> str | None:
    """A division whose numerator adds up keyed reads of a filled share (a weighted mean of the share
    over records): the key, else None."""
    for node in walk(div.left):
        if isinstance(node, ast.expr) and (key := read_key(node)) is not None and says_fill(rule, key):
            return key
    return None


def _bound_here(rule: LintRule, name: str) -> bool:
    """The module binds ``name`` itself (``agent.context_pct = used_lines / max_lines``); not a key it writes
    the share under (``data["token_utilization"] = round(self.token_utilization, 4)``, set 272: contextlens-ai)."""
    tree = rule.ctx.tree
    return tree is not None and any(
        isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign))
        and any(
            isinstance(t, (ast.Name, ast.Attribute)) and attr_name(t) == name
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
        )
        for n in walk(tree)
    )
