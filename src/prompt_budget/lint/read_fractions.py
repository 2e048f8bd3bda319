"""PB105's shares written as the fallback of a setting read by key, and the shares a settings dict holds
under a key another module reads as the factor of a budget (set 88: txcode-sdk, set 87: ajna-cli).

* ``window * float(cfg.get("percentage", 0.95))``: the fraction a config read falls back on multiplies a
  budget, as ``window * 0.95`` would (``fraction_operand``); PB101 reports ``.get("max_tokens", 2048)``.
* ``DEFAULTS = {"max_tokens": 8192, "compact_at": 0.75}`` in one module and ``self.cfg.context_tokens *
  self.cfg.compact_at`` (or ``window * cfg.get("percentage", ...)``) in another: the key's reads make
  its value a share of a budget, whatever the key is named. A dict literal holding a budget entry
  (``rule.names.is_budget`` of a key) records each fraction it holds under a key (``BOUND_FACT``); a
  module records each key it reads (an attribute of an object other than ``self``, a ``.get`` or a
  subscript by a string) in a product with a budget (``READ_FACT``), found at the module's end on the
  lines holding a ``*`` beside a read of a key (``_PRODUCT_LINE``), not in a walk of every statement;
  the project-wide pass (``project_shares``) joins the two by key within a project.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.budget_overrides import project_overrides
from prompt_budget.lint.fallbacks import local_bindings
from prompt_budget.lint.flow import default_of, finding_where_bound, is_test_module, tagged
from prompt_budget.lint.fraction_shares import literal_fraction
from prompt_budget.lint.imported_ratios import imported_ratios
from prompt_budget.lint.local_windows import left_budgets, operands
from prompt_budget.lint.names import config_key, words
from prompt_budget.lint.percent_shares import project_percents
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.rule import BUDGET_WORDS, callee_name, dotted, number, string_value
from prompt_budget.lint.score_defaults import scored_elsewhere
from prompt_budget.lint.walks import parents, source_of, walk_spanning
from prompt_budget.lint.window_getters import project_window_getters

if TYPE_CHECKING:
    from pathlib import Path

    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.options import LintOptions
    from prompt_budget.lint.rule import LintRule

_BOUND_FACT = "\x00pb105 keyed-fraction "
_READ_FACT = "\x00pb105 keyed-read "
#: A local named as the window a line multiplies (``context_cap * config.low_watermark_ratio``, set 96).
_WINDOW_LINE = re.compile(r"context_?cap|window")
#: A fraction a config class holding a budget field keeps as a field's default: ``field class``.
_FIELD_FACT = "\x00pb105 field-fraction "
#: A fraction a keyed read falls back on (``raw.get("response_ratio", 0.30)``, set 105): ``key``.
_FALLBACK_FACT = "\x00pb105 fallback-fraction "
#: A line multiplying by a key read: ``* self.cfg.compact_at``, ``* float(cfg.get("percentage"``,
#: ``cfg["share"] *`` (either order), or by its complement (``* (1.0 - cfg.rate)``).
_PRODUCT_LINE = re.compile(
    r"\*\s*(?:float\(\s*)?[\w.]+(?:\.get\(\s*[\"']|\[\s*[\"']|\.\w+\b)|(?:\.get\([^)]*\)|\]|\.\w+)\s*\*"
    r"|\*\s*\(\s*1(?:\.0*)?\s*-\s*[\w.]+\.\w+"  # ``* (1.0 - cfg.checkpoint_reduction_rate)`` (set 565)
)


def _unwrapped(node: ast.AST) -> ast.AST:
    """``float(x)`` -> ``x``."""
    if (
        isinstance(node, ast.Call)
        and callee_name(node) == "float"
        and len(node.args) == 1
        and not node.keywords
    ):
        return node.args[0]
    return node


def _setting_read(node: ast.AST) -> ast.Call | None:
    """``cfg.get("percentage", 0.95)`` (a string key and a fallback), else None."""
    node = _unwrapped(node)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and len(node.args) == 2
        and string_value(node.args[0]) is not None
    ):
        return node
    return None


def fraction_operand(node: ast.expr) -> tuple[ast.expr, float | None]:
    """The literal fraction an operand of a product is (``0.75``, ``3 / 4``) or falls back on (the
    ``0.95`` of ``float(cfg.get("percentage", 0.95))``), with its value; else (``node``, None)."""
    value = literal_fraction(node)
    if value is not None:
        return node, value
    read = _setting_read(node)
    if read is not None and (value := literal_fraction(read.args[1])) is not None:
        return read.args[1], value
    return node, None


def _read_key(node: ast.AST) -> str | None:
    """The key a product's operand reads: ``cfg.get("k", ...)``, ``cfg["k"]``, ``self.cfg.k`` (an
    attribute of anything but ``self`` / ``cls`` themselves), else None."""
    node = _unwrapped(node)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return string_value(node.args[0]) if node.args else None
    if isinstance(node, ast.Subscript):
        return string_value(node.slice)
    if isinstance(node, ast.Attribute) and dotted(node.value) not in {"self", "cls"}:
        return node.attr
    return None


def keyed_read(rule: LintRule, node: ast.BinOp, operand: ast.expr, budget: str) -> None:
    """A fact for the key ``operand`` reads when it multiplies the budget ``budget`` in ``node``
    (``window * float(cfg.get("percentage", 0.95))``, seen in the walk: its locals are known there)."""
    key = _read_key(operand)
    if key and not rule.names.is_budget(key) and not is_test_module(rule.ctx.path):
        rule.fact(node, f"{_READ_FACT}{key} `{ast.unparse(node)}`, a share of `{budget}`", 0)


def read_fact(rule: LintRule, node: ast.AST, key: str, why: str) -> None:
    """A fact for the key a local's keyed read takes (``getattr(cfg, "response_ratio", 0.30)``) when data
    flow finds the local a share of a budget (``why``: ``int(self.model_window * ratio)``, set 105)."""
    if not rule.names.is_budget(key) and not is_test_module(rule.ctx.path):
        rule.fact(node, f"{_READ_FACT}{key} {why.rsplit(' at line ', 1)[0]}", 0)


def fallback_fact(rule: LintRule, literal: ast.expr, key: str, value: float) -> None:
    """A fact for the fraction ``literal`` a read of ``key`` falls back on, joined with the key's reads."""
    rule.fact(literal, f"{_FALLBACK_FACT}{key}", value)


def keyed_facts(rule: LintRule, tree: ast.Module, tables: Sequence[ast.Dict]) -> None:
    """At the module's end: a fact for each fraction a dict holding a budget entry keeps under a key
    (``tables``: the dicts holding a share), and for each key read in a product with a budget named so
    (``self.cfg.context_tokens * self.cfg.compact_at``), read on the lines multiplying by a key read
    beside a budget word (the walk skipped them when they hold no number)."""
    if is_test_module(rule.ctx.path):
        return
    for table in tables:
        _bound(rule, table)
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    if any(rule.names.is_budget(name) for c in classes for name, _ in _annotated(c)):
        for cls in classes:
            _fields(rule, cls)  # ``low_watermark_ratio: float = 0.6`` beside ``context_window_cap`` (set 96)
    at, weak = _product_lines(rule.ctx.lines)
    left: set[str] = set()  # ``usable = caps.max_context - reserve`` ... ``cfg.compact_at * usable`` (set 97)
    if weak:
        left = left_budgets(rule, tree, rule.ctx.lines, set().union(*weak.values()))
        at = sorted(at + [n for n, names in weak.items() if names & left])
    seen: set[str] = set()
    # ``tokens_before < usage.budget * cfg.checkpoint_at``: a product ordered against a count of tokens (set 565)
    spanned = list(walk_spanning(tree, at)) if at else []  # walked once for the comparisons and the products
    ordered = {id(side) for n in spanned if isinstance(n, ast.Compare) for side in _against_tokens(rule, n)}
    for node in spanned:
        if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
            continue
        for keyed, other in ((node.left, node.right), (node.right, node.left)):
            key = _read_key(_kept_share(keyed))
            if (
                key
                and key not in seen
                and not rule.names.is_budget(key)
                and (
                    budget := rule.budget_expr(other)
                    or _local_budget(rule, tree, other, left)
                    or (ast.unparse(other) if _counted(rule, node, other, ordered) else None)
                )
            ):
                seen.add(key)
                rule.fact(node, f"{_READ_FACT}{key} `{ast.unparse(node)}`, a share of `{budget}`", 0)


def _counted(rule: LintRule, node: ast.BinOp, other: ast.expr, ordered: set[int]) -> bool:
    """``history_tokens * (1.0 - cfg.rate)``, ``usage.budget * cfg.share`` ordered against a count of tokens: a count of
    tokens the keyed read scales, not a price of them (``prompt_tokens * cost_per_token["prompt"]``, ``tokens *
    self.price.input``: the corpus check of set 565's reading)."""
    if not (rule.token_amount(other) or id(node) in ordered):
        return False
    return not set(words(ast.unparse(node).lower())) & _PRICED


#: Words of a price of tokens (a product of a count and a price is money, not a share of the count).
_PRICED = frozenset(
    {"cost", "costs", "price", "prices", "pricing", "usd", "dollar", "dollars", "cents", "per"}
)


def _kept_share(node: ast.expr) -> ast.expr:
    """``1.0 - cfg.checkpoint_reduction_rate`` -> ``cfg.checkpoint_reduction_rate``: the share a complement keeps."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and number(node.left) == 1:
        return node.right
    return node


def _against_tokens(rule: LintRule, node: ast.Compare) -> list[ast.expr]:
    """The products ``node`` orders against a count of tokens (``tokens_before < usage.budget * cfg.share``)."""
    sides = [node.left, *node.comparators]
    if len(sides) != 2 or not any(rule.token_amount(side) for side in sides):
        return []
    return [s for s in sides if isinstance(s, ast.BinOp) and isinstance(s.op, ast.Mult)]


def _local_budget(rule: LintRule, tree: ast.Module, node: ast.AST, left: set[str]) -> str | None:
    """The budget a local named as a window (or one of ``left``, ``local_windows``) is bound to, once, in its
    function, also less a reserve (``context_cap = config.context_window_cap`` ... ``context_cap *
    config.low_watermark_ratio``), else None."""
    if not (isinstance(node, ast.Name) and (_WINDOW_LINE.search(node.id.lower()) or node.id.lower() in left)):
        return None
    up = parents(tree)
    fn = up.get(node)
    while fn is not None and not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        fn = up.get(fn)
    bound = local_bindings(fn, node.id) if fn is not None else []
    value = bound[0].value if len(bound) == 1 else None
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Sub):
        value = value.left  # what a reserve leaves of the budget (set 97)
    return rule.budget_expr(value) if value is not None else None


def _product_lines(lines: Sequence[str]) -> tuple[list[int], dict[int, set[str]]]:
    """The numbers of the lines holding a ``*`` beside a read of a key (``_PRODUCT_LINE``) and a budget
    word: only the lines holding a ``*`` are searched (``str.find`` skips the others at C speed; a search
    of the whole text tries the pattern at every ``.`` and ``]``)."""
    lowered = source_of(lines)[1] if lines else ""
    at: list[int] = []
    weak: dict[int, set[str]] = {}  # lines multiplying a key read by a bare name, no budget word
    star, number, counted = lowered.find("*"), 1, 0
    while star != -1:
        start = lowered.rfind("\n", 0, star) + 1
        end = lowered.find("\n", star)
        end = len(lowered) if end == -1 else end
        number += lowered.count("\n", counted, start)
        counted = start
        line = lowered[start:end]
        if not _PRODUCT_LINE.search(line):
            pass
        elif BUDGET_WORDS.search(line) or _WINDOW_LINE.search(line):
            at.append(number)
        elif names := operands(line):
            weak[number] = names
        star = lowered.find("*", end)
    return at, weak


def _bound(rule: LintRule, node: ast.Dict) -> None:
    """A fact for each fraction a dict literal holding a budget entry keeps under a string key."""
    keys = [string_value(k) if k is not None else None for k in node.keys]
    for value in node.values:
        if isinstance(value, ast.Dict):
            _bound(rule, value)  # ``{"context": {"min_prompt_budget": 2500, "response_ratio": 0.30}}``
    if not any(k and rule.names.is_budget(k) for k in keys):
        return
    for key, value in zip(keys, node.values, strict=False):
        share = literal_fraction(value)
        if key and share is not None and not rule.names.is_budget(key):
            rule.fact(value, f"{_BOUND_FACT}{key}", share)


def _annotated(cls: ast.ClassDef) -> list[tuple[str, ast.expr | None]]:
    return [
        (s.target.id, s.value)
        for s in cls.body
        if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
    ]


def _fields(rule: LintRule, cls: ast.ClassDef) -> None:
    """A fact for each fraction a class keeps as a field's default, in a module of config classes one of
    which holds a field named as a budget (``low_watermark_ratio: float = 0.6`` beside
    ``context_window_cap: int = 128_000``; set 97: edgar-harness's ``ContextSection.compact_at``)."""
    fields = _annotated(cls)
    for name, declared in fields:
        value = default_of(declared)  # ``compression_threshold: float = Field(default=0.8, le=1)`` (set 157)
        share = literal_fraction(value) if value is not None else None
        if value is not None and share is not None and not rule.names.is_budget(name):
            rule.fact(value, f"{_FIELD_FACT}{name} {cls.name}", share)


def _project_keyed_fractions(
    rule: type[LintRule], facts: Sequence[Fact], options: LintOptions
) -> list[Finding]:
    """A fraction a settings dict holds under a key that a module of the same project reads as the
    factor of a budget."""
    root: Path = options.root
    reads: dict[tuple[Path, str], str] = {}
    for fact, (key, why) in tagged(facts, _READ_FACT, 2):
        reads.setdefault((fact_project(fact, root), key), f"{why} at {fact.path}:{fact.line}")
    findings = []
    for fact, (key,) in tagged(facts, _BOUND_FACT, 1) if reads else ():
        found = reads.get((fact_project(fact, root), key))
        if found is not None:
            message = (
                f"hard-coded budget ratio {key} = {fact.value:g} in a settings dict, read as {found}; move "
                "it to config so the threshold can be tuned per model"
            )
            findings.append(finding_where_bound(rule, fact, message, key, config_key(key, "ratio")))
    for fact, (key,) in tagged(facts, _FALLBACK_FACT, 1) if reads else ():
        if (found := reads.get((fact_project(fact, root), key))) is not None:
            said = f"{key} = {fact.value:g}, the fallback of a read of `{key}`, read as {found}"
            message = (
                f"hard-coded budget ratio {said}; move it to config so the threshold can be tuned per model"
            )
            findings.append(finding_where_bound(rule, fact, message, key, config_key(key, "ratio")))
    for fact, (key, owner) in tagged(facts, _FIELD_FACT, 2) if reads else ():
        if (found := reads.get((fact_project(fact, root), key))) is not None:
            said = f"{key} = {fact.value:g}, a field of the config `{owner}` read as {found}"
            message = (
                f"hard-coded budget ratio {said}; move it to config so the threshold can be tuned per model"
            )
            findings.append(finding_where_bound(rule, fact, message, key, config_key(key, "ratio")))
    return findings


def _project_shares(rule: type[LintRule], facts: Sequence[Fact], options: LintOptions) -> list[Finding]:
    """PB105's project-wide pass: percents (``percent_shares``), keyed fractions read elsewhere, fractions
    passed for a reported parameter; ratios another module compares with a score, withdrawn."""
    found = project_percents.__func__(rule, facts, options) + _project_keyed_fractions(rule, facts, options)
    # a fraction passed for a parameter whose default another module reports (``budget_overrides``)
    found += project_overrides(rule, facts, options.root, ratio=True)
    found += scored_elsewhere(rule, facts, options.root)  # a ratio another module compares with a score
    found += imported_ratios(rule, facts)  # ``COMPACT_RATIO`` imported and multiplying a budget (set 611)
    return found + project_window_getters(rule, facts, options)  # ``window_getters``


#: PB105's ``check_project``.
project_shares = classmethod(_project_shares)
