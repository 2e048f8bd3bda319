"""A share held in a name and given to a callable that compacts a conversation: ``head_ratio: float = 0.3``
in a config class whose ``HeadTailCompaction(token_budget=self.token_budget, head_ratio=self.head_ratio)``
hands it on (set 65: picoagents' eval config).

PB105 reports a share written inline under a ratio keyword of a compacting callable
(``HeadTailCompaction(head_ratio=0.2)``: ``ratio_names.compacting_callee``). The same keyword given a name
that the module binds to a share (a field's default, a constant, a local) hands that share on: the data flow
reports the share where it is bound, when the call is given a token budget too (a compaction of something
else, LanceDB's ``CompactionOptions``, is given none) and no read of the share says more. A config's
fallback read under the same key and given under that keyword (``cls(head_ratio=data.get("head_ratio",
0.3))``) is the same share again.
"""

from __future__ import annotations

import ast
from collections.abc import Collection

from prompt_budget.lint.fallbacks import fallback_literals, read_key
from prompt_budget.lint.ratio_names import compacting_callee, fraction
from prompt_budget.lint.rule import LintRule, attr_name, callee_name


def compacted_reads(rule: LintRule, node: ast.Call, watch: Collection[str]) -> list[tuple[str, str]]:
    """(name, why) of each watched name read as the value of a ratio keyword of a compacting callable
    given a token budget too (``HeadTailCompaction(token_budget=self.token_budget,
    head_ratio=self.head_ratio)``): a share of that budget. A compaction given no budget may compact
    something else (LanceDB's ``CompactionOptions(materialize_deletions_threshold=...)``: rows)."""
    found: list[tuple[str, str]] = []
    if not any(kw.arg and rule.names.is_budget(kw.arg) for kw in node.keywords):
        return found
    callee = callee_name(node) or ""
    for kw in node.keywords:
        name = attr_name(kw.value) if type(kw.value) in (ast.Name, ast.Attribute) else None
        if (
            name in watch
            and kw.arg
            and rule.names.is_ratio(kw.arg)
            and not rule.names.is_score(kw.arg)
            and compacting_callee(callee)
        ):
            why = f"given as `{kw.arg}=` to `{callee}` at line {node.lineno}, a share of the window"
            found.append((name or "", why))
    return found


def keyed_arguments(node: ast.Call) -> list[tuple[str, ast.expr, float]]:
    """(key, literal, value) of each keyword given a config's fallback read under its own name
    (``head_ratio=data.get("head_ratio", 0.3)``) where the fallback is a share."""
    found: list[tuple[str, ast.expr, float]] = []
    for kw in node.keywords:
        shares = [f for f in fallback_literals(kw.value) if fraction(f)] if kw.arg else []
        if shares and read_key(kw.value) == kw.arg:
            found.append((kw.arg or "", shares[0], fraction(shares[0]) or 0.0))
    return found


def keyed_reports(
    keyed: list[tuple[str, ast.expr, float]], name: str, why: str | None
) -> list[tuple[ast.expr, float, str]]:
    """(literal, value, what) of each keyed argument's fallback under ``name``, a share the data flow
    reports for ``why`` (none when it does not report it)."""
    if why is None:
        return []
    return [
        (literal, value, f'"{key}" = {value}, the fallback of `{name}`: {why}')
        for key, literal, value in keyed
        if key == name
    ]
