"""PB105's shares bound to their name by a key rather than by a field or a keyword (set 105: ankaloop).

* A dict entry ``{"tool_budget_ratio": 0.45}`` and the fallback of a keyed read
  (``raw.get("tool_budget_ratio", 0.45)``, ``getattr(cfg, "tool_budget_ratio", 0.45)``) bind the share to
  the name as ``tool_budget_ratio: float = 0.45`` does: PB105 judges the name with the field's own test
  (``BudgetRatio._named_ratio``), so a name in another unit (characters, a device's memory) stays quiet
  there as it does as a field. A helper's fallback given beside the read, the same value
  (``self._positive(getattr(cfg, "tool_budget_ratio", 0.45), 0.45)``), is the same share. A key whose
  only word tying it to a budget is ``memory`` is left out: a field's description or docstring says whether
  its memory is the conversation's share of the window or a retrieval memory's setting
  (``"memory_threshold": float(memory.get("memory_threshold", 0.3))``, a recall's similarity cut-off in
  atendentepro, a tuned package), a key says neither. A row of a table of shares (``{"low": {"max_tokens_pct": 0.33},
  "medium": {"max_tokens_pct": 0.66}}``) is judged as the table, once (``keyed_shares``).
* A local bound to a read through a helper of the package's (``ratio = self._clamp(getattr(cfg,
  "response_ratio", 0.30), default=0.30)``) falls back on the read's share as an unwrapped read does
  (``fallbacks.fallback_literals``): followed to its uses by data flow (``int(self.model_window *
  ratio)``), and the key such a read takes is read as the factor of a budget (``read_fractions``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.amount_words import RATIO_CONTEXT_WORDS
from prompt_budget.lint.fallbacks import fallback_literals
from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.inline_forms import lookup_pair
from prompt_budget.lint.names import UNIT_WORDS, words
from prompt_budget.lint.overlap_siblings import overlap_fraction
from prompt_budget.lint.ratio_names import budget_scale_name, fraction, scale
from prompt_budget.lint.read_fractions import fallback_fact, read_fact
from prompt_budget.lint.rule import attr_name, callee_name, is_env_read, number, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _named(rule: LintRule, key: str) -> bool:
    """``key`` names a budget ratio by a word other than ``memory`` alone."""
    return rule.names.is_budget_ratio(key) and bool(set(words(key)) & RATIO_CONTEXT_WORDS - {"memory"})


def _table_row(rule: LintRule, node: ast.Dict, key: str) -> bool:
    """``node`` is a value of a dict another value of which is a dict holding ``key`` too: a table's row."""
    table = rule.ctx.parent(node)
    return isinstance(table, ast.Dict) and any(
        isinstance(row, ast.Dict) and row is not node and any(string_value(k) == key for k in row.keys if k)
        for row in table.values
    )


def named_shares(rule: LintRule, node: ast.Dict | ast.Call) -> Iterator[tuple[str, ast.expr]]:
    """(name, share) of the shares bound to a key naming a budget ratio: a dict's entries, a read's
    fallback (``_named_fallbacks``)."""
    if isinstance(node, ast.Call):
        yield from _named_fallbacks(rule, node)
        return
    for key, value in zip(node.keys, node.values, strict=False):
        name = string_value(key) if key is not None else None
        name = name if name and _share_or_scale(name, value) is not None else None
        named = name and (_named(rule, name) or overlap_fraction(rule, name))
        if named and name and not _table_row(rule, node, name) and not _metric_tolerances(node, name):
            yield name, value


#: Words of metrics a tolerance may be kept for beside one of tokens (``"cost_pct": 0.25, "latency_pct": 0.30``).
_METRICS = frozenset({"cost", "latency", "time", "duration", "price", "error", "errors", "memory", "cpu"})


def _metric_tolerances(node: ast.Dict, name: str) -> bool:
    """``{"cost_pct": 0.25, "latency_pct": 0.30, "token_pct": 0.30}``: ``name`` is one of several entries ending
    alike, the others shares of metrics that are no budget (cost, latency): tolerances on a change of each (set 535:
    proveai-agentpulse's drift thresholds), not shares of a token budget."""
    last = words(name)[-1:]
    others = [words(k) for key in node.keys if key is not None and (k := string_value(key)) and k != name]
    alike = [ws for ws in others if ws[-1:] == last]
    return len(alike) >= 2 and sum(bool(_METRICS.intersection(ws)) for ws in alike) >= 2


def _named_fallbacks(rule: LintRule, node: ast.Call) -> Iterator[tuple[str, ast.expr]]:
    """``getattr(cfg, "tool_budget_ratio", 0.45)``, ``raw.get("tool_budget_ratio", 0.45)``: (key, share)
    of the read's fallback when the key names a budget ratio, and of the same value given beside the read
    to the helper taking it (``self._positive(getattr(...), 0.45)``). A share another key falls back on is
    kept as a fact, joined with the reads of that key as the factor of a budget (``read_fractions``)."""
    pair = lookup_pair(node)
    if pair is None:
        yield from _helper_fallbacks(rule, node)
        return
    key = string_value(pair[0])
    value = _share_or_scale(key, pair[1]) if key else None
    if key is None or value is None:
        return
    if not _named(rule, key):
        if not rule.names.is_budget(key) and not is_test_module(rule.ctx.path):
            fallback_fact(rule, pair[1], key, value)  # ``raw.get("response_ratio", 0.30)``
        return
    yield key, pair[1]
    helper = rule.ctx.parent(node)
    if isinstance(helper, ast.Call) and any(a is node for a in helper.args):
        for given in (*helper.args, *(k.value for k in helper.keywords)):
            if given is not node and number(given) == value:
                yield key, given


def _helper_fallbacks(rule: LintRule, node: ast.Call) -> Iterator[tuple[str, ast.expr]]:
    """``_normalize_ratio(config.context_warn_threshold_ratio, fallback=0.8)``: a helper given a budget
    ratio's read first and, as ``fallback=`` or ``default=``, the share it falls back on (set 239: memnixa)."""
    first = node.args[0] if node.args else None
    name = attr_name(first) if isinstance(first, (ast.Name, ast.Attribute)) else None
    if name and _named(rule, name):
        yield from ((name, kw.value) for kw in node.keywords if kw.arg in _FALLBACKS and fraction(kw.value))


#: Keywords of a helper's fallback.
_FALLBACKS = frozenset({"fallback", "default"})


def lookup_key(value: ast.expr | None) -> str | None:
    """The key of the keyed read a local is bound to, wrapped or not (``getattr(cfg, "key", 0.3)``,
    ``self._clamp(cfg.get("key", 0.3))``), else None."""
    while isinstance(value, ast.Call) and lookup_pair(value) is None and value.args:
        value = value.args[0]
    pair = lookup_pair(value) if isinstance(value, ast.Call) else None
    return string_value(pair[0]) if pair is not None else None


def _share_or_scale(name: str, value: ast.expr) -> float | None:
    """A share (``fraction``), or a scale above 1 under a name of one (``"tokenGrowthThreshold": 1.20``)."""
    found = fraction(value)
    ws = set(words(name))  # a multiplier of a budget or a growth, not ``token_ratio``: tokens per word
    if found is not None or not budget_scale_name(name) or UNIT_WORDS & ws or not ws & {"budget", "growth"}:
        return found  # not ``"adaptive_line_budget_max_factor": 2.0``, a scale of a budget of lines (redcon)
    return scale(value)


def fallback_shares(value: ast.expr | None) -> list[ast.expr]:
    """The shares ``value`` falls back on (``fallbacks.fallback_literals``), also through a helper taking
    the read first (``self._clamp(getattr(cfg, "response_ratio", 0.30), default=0.30)``), and the text of
    a share an environment variable defaults to, made a number (``float(os.getenv("X_WARN", "0.8"))``,
    the share in force wherever the variable is unset; set 561: acm-context-management)."""
    found = [f for f in fallback_literals(value) if fraction(f)]
    if not found and (text := environment_share(value)) is not None:
        return [text]
    if found or not (isinstance(value, ast.Call) and value.args and isinstance(value.args[0], ast.Call)):
        return found
    inner = value.args[0]
    pair = lookup_pair(inner)
    if pair is None or string_value(pair[0]) is None:
        return []
    return [f for f in fallback_literals(inner) if fraction(f)]


def lookup_fact(rule: LintRule, literal: ast.expr, key: str | None, name: str, why: str | None) -> None:
    """The local ``name`` bound to a read of ``key`` falling back on ``literal`` is a share of a budget
    by data flow (``why``): the key is read as the factor of a budget (``read_fractions``)."""
    if key and why:
        read_fact(rule, literal, key, f"`{name}`, which {why}")


def environment_share(value: ast.expr | None) -> ast.Constant | None:
    """The text of a share (``"0.8"``) a read of the environment made a float defaults to."""
    if not (isinstance(value, ast.Call) and callee_name(value) == "float" and len(value.args) == 1):
        return None
    read = value.args[0]
    if not (isinstance(read, ast.Call) and is_env_read(read) and len(read.args) == 2):
        return None
    text = read.args[1]
    return text if isinstance(text, ast.Constant) and share_text(text.value) is not None else None


def share_of(literal: ast.expr) -> float:
    """The share a literal of ``fallback_shares`` is (``0.8``, the text ``"0.8"``)."""
    return fraction(literal) or share_text(getattr(literal, "value", None)) or 0.0


def share_text(value: object) -> float | None:
    """The share a text spells (``"0.8"``, ``".75"``), else None."""
    if not isinstance(value, str) or not re.fullmatch(r"\s*0?\.\d+\s*", value):
        return None
    share = float(value)
    return share if 0 < share < 1 else None
