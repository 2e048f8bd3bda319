"""Shares of a token budget written as a percent, for PB105 (budget-ratio): ``warn_at_pct = 80`` ...
``if used_tokens >= max_tokens * warn_at_pct / 100`` (set 77: zil-ai's session alert), ``_WARN_PCT = 15.0``
... ``pct_used = total_tokens / context_window * 100`` ... ``if pct_used >= _WARN_PCT`` (zil-ai's context
audit), ``self.warn_at_percent / 100.0 if self.max_tokens else None`` (devagent's token budget). The
percent is the same setting ``0.8 * context_window`` is, written on another scale.

A name whose words say a percent (``pct``, ``percent``, ``percentage``) bound to a number above 1 and at
most 100 (as a value, a field's default or a config read's fallback) is decided by data flow, at the end of
the module, from the module's reads of the name:

- a read turned into a fraction (``/ 100`` in the same product) whose product also holds a budget or a
  count of tokens, is ordered against a count of tokens, or is taken only when a budget is set (the body
  of ``... if self.max_tokens else None``);
- a read ordered against a percent of a token share (``tokens / window * 100``), written there or bound
  to a local of the function the comparison is in (every binding of the local such a percent).

A percent of anything else (memory, a disk, a cost: ``spent_usd / budget_usd * 100``, or a product
holding no budget) is not read: its reads never meet a token amount. A field bound in one module and read
so in another module of the project (``trigger_at_pct: int = Field(default=80)`` in a schema, ``budget *
config.compaction.trigger_at_pct / 100`` in the manager: set 79, hiveloom; a config's ``warn_at_percent``
handed on to a token budget class whose own reads decide it: set 77, devagent) is joined by its name
(``project_percents``, PB105's project-wide pass). Kept apart from the rule: it walks the module once,
only when such a name was bound or the module's text names a percent.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.compared_shares import of_tokens
from prompt_budget.lint.fallbacks import fallback_literals, local_bindings
from prompt_budget.lint.flow import against_flow, default_of, finding_where_bound, is_test_module, tagged
from prompt_budget.lint.item_shares import name_of
from prompt_budget.lint.names import config_key, words
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.rule import attr_name, callee_name, defaults, number, string_value
from prompt_budget.lint.walks import parents, source_of, walk

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.options import LintOptions
    from prompt_budget.lint.rule import LintRule

#: The project-wide pass's facts: a percent bound and left undecided here, a percent name a read decided.
_BOUND_FACT = "\x00pb105 percent-bound "
_READ_FACT = "\x00pb105 percent-read "

_PERCENT_WORDS = frozenset({"pct", "percent", "percentage"})
#: A hundred multiplied or divided by (``pct / 100``, ``used / window * 100``, ``100 * used / cap``): every read
#: the module's end decides holds one.
_HUNDRED_OPERAND = re.compile(r"[*/]\s*100(?:\.0*)?\b|\b100(?:\.0*)?\s*\*")
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
#: A product or a quotient, also a whole one (``window * pct // 100``, set 89: frappe-flow).
_SCALES = (ast.Mult, ast.Div, ast.FloorDiv)


def _percent(node: ast.AST | None) -> float | None:
    """A number above 1 and under 100, else None (a hundred percent is the whole budget, no share of it:
    ``window * (effective_pct or 100) // 100``)."""
    value = number(node)
    if value is None or isinstance(value, bool) or not 1 < value < 100:
        return None
    return float(value)


def _hundred(node: ast.AST) -> bool:
    return number(node) in (100, 100.0) and not isinstance(number(node), bool)


def _operands(node: ast.AST, out: list[tuple[ast.AST, bool]], divisor: bool = False) -> None:
    """The operands of a product or quotient, each with whether it divides."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, _SCALES):
        _operands(node.left, out, divisor)
        _operands(node.right, out, divisor or isinstance(node.op, (ast.Div, ast.FloorDiv)))
    else:
        out.append((node, divisor))


def _percent_of_tokens(rule: LintRule, node: ast.AST, up: dict[ast.AST, ast.AST]) -> bool:
    """``total_tokens / context_window * 100``, ``100 * used / max_tokens``: a share of tokens times 100;
    also the hundred first, divided whole (``used * 100 // window``, set 114: miniouto's context monitor,
    whose ``used`` and ``window`` are locals bound to ``_tokens_used(...)`` and ``get_context_window(...)``:
    read through ``_through_local``)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.FloorDiv)):
        scaled = node.left
        if isinstance(scaled, ast.BinOp) and isinstance(scaled.op, ast.Mult):
            for hundred, amount in ((scaled.right, scaled.left), (scaled.left, scaled.right)):
                if _hundred(hundred):
                    quotient = ast.BinOp(
                        _through_local(amount, up), ast.Div(), _through_local(node.right, up)
                    )
                    return bool(of_tokens(rule, quotient))
        return False
    if not isinstance(node, ast.BinOp) or not isinstance(node.op, ast.Mult):
        return False
    for hundred, share in ((node.right, node.left), (node.left, node.right)):
        if _hundred(hundred) and isinstance(share, ast.BinOp) and isinstance(share.op, ast.Div):
            return bool(of_tokens(rule, share))
    if isinstance(node.left, ast.BinOp) and isinstance(node.left.op, ast.Mult) and _hundred(node.left.left):
        return bool(of_tokens(rule, ast.BinOp(node.left.right, ast.Div(), node.right)))  # ``100 * a / b``
    return False


class PercentShares:
    """The percent-named bindings of a module (``bound``), decided at its end (``decided``)."""

    def __init__(self) -> None:
        #: name -> (literal, value) of each binding
        self._bound: dict[str, list[tuple[ast.expr, float]]] = {}
        #: the names bound as a dict's entries (a record's data as often as a setting: ``"context_pct": 41``)
        self._entries: set[str] = set()

    def bound(self, rule: LintRule, name: str, value: ast.expr | None) -> bool:
        """Whether ``name = value`` binds a percent (kept for the end of the module)."""
        if not _PERCENT_WORDS & set(words(name)) or against_flow(name, share=True):
            return False
        literal = default_of(value)
        if _percent(literal) is None:
            literal = next(iter(fallback_literals(value)), None)
        found = _percent(literal)
        if literal is None or found is None or is_test_module(rule.ctx.path):
            return False
        self._bound.setdefault(name, []).append((literal, found))
        return True

    def bound_entries(self, rule: LintRule, node: ast.Dict) -> None:
        """A dict's entries keyed by a percent's name (``{"run_hard_pct_of_capacity": 40}``), each a binding of
        its key, decided by its reads here or in another module by name (set 583: metaensemble's defaults)."""
        for key, value in zip(node.keys, node.values, strict=False):
            name = (string_value(key) if key is not None and type(value) is ast.Constant else None) or ""
            lowered = name.lower()
            if (
                ("pct" in lowered or "percent" in lowered)
                and self.bound(rule, name, value)
                # beside a budget of the same dict (``"context_window": ...``) it is read as any binding is
                and not any(k is not key and rule.names.is_budget(string_value(k) or "") for k in node.keys)
            ):
                self._entries.add(name)

    def decided(self, rule: LintRule, tree: ast.AST | None) -> Iterator[tuple[ast.expr, float, str, str]]:
        """(literal, value, name, why) of each binding of a name some read shows is a percent of tokens."""
        if tree is None or not (self._bound or _names_percent(rule)) or is_test_module(rule.ctx.path):
            return
        up = parents(tree)
        why: dict[str, str] = {}
        deciding: dict[str, list[tuple[ast.AST, str]]] = {}  # every read that decided a name, with why
        for node in walk(tree):
            name = attr_name(
                node
            )  # ``_DEFAULTS["run_hard_pct_of_capacity"]`` too: an entry read through its dict
            if (
                name is not None
                and isinstance(getattr(node, "ctx", None), ast.Load)
                and (name in self._bound or _PERCENT_WORDS & set(words(name)))
            ):
                reason = self._read(rule, node, up)
                if reason is not None:
                    deciding.setdefault(name, []).append((node, reason))
                    if name not in why:
                        why[name] = reason
                        rule.fact(node, f"{_READ_FACT}{name} {reason}", 0)
        for name in self._bound:
            if name not in why and (handed := _handed_on(tree, name, deciding, up)) is not None:
                why[name] = handed
            elif (
                name not in why
                and set(words(name)) & (_ACTS if name in self._entries else _CONTEXT_ACTS)
                and not _scales_here(tree, name, up)
            ):
                # ``compact_at_percent: int = 75`` handed on: named for the window's share it compacts at (set 353:
                # pengy); one the module scales or compares is decided by what it meets
                why[name] = "named as a percent of the context it acts at"
        for name, bound in self._bound.items():
            for literal, value in bound:
                if name in why:
                    yield literal, value, name, why[name]
                else:
                    rule.fact(literal, f"{_BOUND_FACT}{name}", value)

    def _read(self, rule: LintRule, node: ast.AST, up: dict[ast.AST, ast.AST]) -> str | None:
        """Why the read ``node`` shows its name is a percent of tokens, else None."""
        top = node
        while isinstance(above := up.get(top), ast.BinOp) and isinstance(above.op, _SCALES):
            top = above
        parent = up.get(top)
        other: ast.expr | None = None
        if isinstance(parent, ast.Compare) and len(parent.ops) == 1 and isinstance(parent.ops[0], _ORDER):
            other = parent.comparators[0] if parent.left is top else parent.left
        if top is not node:
            return self._product(rule, node, top, parent, other, up)
        if other is None or parent is None:
            return None
        values = self._values(other, parent, up)
        if values and all(_percent_of_tokens(rule, v, up) for v in values):
            return f"compared at line {getattr(parent, 'lineno', 0)} with a percent of a share of tokens"
        return None

    @staticmethod
    def _product(
        rule: LintRule,
        node: ast.AST,
        top: ast.AST,
        parent: ast.AST | None,
        other: ast.expr | None,
        up: dict[ast.AST, ast.AST],
    ) -> str | None:
        """``budget * pct / 100``: the read made a fraction of a budget or of a count of tokens (or of a
        local bound in the function only to budget reads: ``budget = self.max_input_tokens``)."""
        operands: list[tuple[ast.AST, bool]] = []
        _operands(top, operands)
        if (
            isinstance(other, ast.BinOp)
            and isinstance(other.op, ast.Mult)
            and not any(d for _, d in operands)
        ):
            # cross-multiplied: ``self.tokens * 100 >= window * COMPACT_PERCENT`` (set 119: chiliarch)
            for hundred, amount in ((other.right, other.left), (other.left, other.right)):
                if _hundred(hundred) and rule.token_amount(amount):
                    return f"`{ast.unparse(top)}` compared with `{ast.unparse(other)}`, a count of tokens times 100"
        if not any(_hundred(o) and divides for o, divides in operands):
            return None
        shown = ast.unparse(top)
        for operand, divides in operands:
            if operand is node or divides:
                continue
            if (
                rule.budget_expr(operand) is not None
                or rule.token_amount(operand)
                or _local_budget(rule, operand, up)
            ):
                return f"`{shown}`, a percent of `{ast.unparse(operand)}`"
        if other is not None and rule.token_amount(other):
            return f"`{shown}` compared with the count of tokens `{ast.unparse(other)}`"
        if isinstance(parent, ast.IfExp) and parent.body is top and rule.budget_expr(parent.test) is not None:
            return f"`{shown}`, taken when the budget `{ast.unparse(parent.test)}` is set"
        return None

    @staticmethod
    def _values(other: ast.expr, compare: ast.AST, up: dict[ast.AST, ast.AST]) -> list[ast.expr]:
        """``other`` itself, or every binding of the local it names in the function ``compare`` is in."""
        if not isinstance(other, ast.Name):
            return [other]
        fn = _scope_of(compare, up)
        values = [stmt.value for stmt in local_bindings(fn, other.id)] if isinstance(fn, _FUNCTIONS) else []
        return values


def _through_local(operand: ast.expr, up: dict[ast.AST, ast.AST]) -> ast.expr:
    """The call a local name is bound to once, in the nearest function that binds it in any way (``window =
    get_context_window(model)`` read in a hook defined below it); else ``operand`` (a parameter, a loop's or an
    unpacking's target, an annotated or a second binding: what it holds is not that one call)."""
    if not isinstance(operand, ast.Name):
        return operand
    fn: ast.AST | None = up.get(operand)
    while fn is not None:
        if isinstance(fn, _FUNCTIONS) and (stores := _stores(fn, operand.id)):
            bindings = local_bindings(fn, operand.id)
            value = bindings[0].value if len(bindings) == 1 else None
            return value if stores == 1 and isinstance(value, ast.Call) else operand
        fn = up.get(fn)
    return operand


def _stores(fn: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, name: str) -> int:
    """How many times ``fn`` binds ``name`` (its parameters and every target; nested scopes left out)."""
    count = sum(a.arg == name for a in ast.walk(fn.args) if isinstance(a, ast.arg))
    todo: list[ast.AST] = list(fn.body) if isinstance(fn.body, list) else [fn.body]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        count += isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
        todo.extend(ast.iter_child_nodes(node))
    return count


def _handed_on(
    tree: ast.AST, name: str, deciding: dict[str, list[tuple[ast.AST, str]]], up: dict[ast.AST, ast.AST]
) -> str | None:
    """Why a percent is decided by the name it is handed on to, where a read of that name in the receiving
    scope decided it: the default of a parameter, read so in its function (``threshold_percent: float =
    DEFAULT_THRESHOLD_PERCENT``, set 111: roboz's compaction), a keyword argument of a call to a function of
    the module, read so in that function (``compact(threshold_percent=DEFAULT_THRESHOLD_PERCENT)``), or a name
    bound to it, read so in the same function."""
    functions = {f.name: f for f in walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for node in walk(tree):
        if not (isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)):
            continue
        parent = up.get(node)
        receiver: str | None = None
        scope: ast.AST | None = None
        if isinstance(parent, ast.arguments):
            receiver, scope = next((a.arg for a, d in defaults(parent) if d is node), None), up.get(parent)
        elif isinstance(parent, ast.keyword) and isinstance(call := up.get(parent), ast.Call):
            receiver, scope = parent.arg, functions.get(callee_name(call) or "")
        elif isinstance(parent, (ast.Assign, ast.AnnAssign)) and parent.value is node:
            targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
            receiver, scope = name_of(targets[0]) if len(targets) == 1 else None, _scope_of(parent, up)
        decided = deciding.get(receiver or "", []) if scope is not None else []
        here = [reason for read, reason in decided if _scope_of(read, up) is scope]
        if here or (decided and _only_handed_on(tree, receiver or "", scope, up)):
            return f"handed on as `{receiver}` at line {node.lineno}, {(here or [decided[0][1]])[0]}"
    return None


def _only_handed_on(tree: ast.AST, name: str, scope: ast.AST | None, up: dict[ast.AST, ast.AST]) -> bool:
    """Every read of ``name`` in ``scope`` hands it on (a keyword, an argument, a value bound) or checks it is a
    percent (``<= 0``): the scope does nothing else with it (roboz's tool factory passing ``threshold_percent``
    to the context another function of the module reads), so a read elsewhere in the module decides it."""
    reads = [
        n
        for n in walk(tree)
        if isinstance(n, ast.Name)
        and n.id == name
        and isinstance(n.ctx, ast.Load)
        and _scope_of(n, up) is scope
    ]
    return all(
        isinstance(up.get(n), (ast.keyword, ast.Call, ast.Assign, ast.AnnAssign)) or _checked(n, up)
        for n in reads
    )


def _checked(node: ast.AST, up: dict[ast.AST, ast.AST]) -> bool:
    """``threshold_percent <= 0``, ``pct > 100``: the read only checks the percent is one."""
    compare = up.get(node)
    if not (isinstance(compare, ast.Compare) and len(compare.ops) == 1):
        return False
    other = compare.comparators[0] if compare.left is node else compare.left
    return number(other) in (0, 1, 100)


def _scope_of(node: ast.AST, up: dict[ast.AST, ast.AST]) -> ast.AST | None:
    """The function ``node`` is in (the nearest), else the module (None for a node outside the tree)."""
    scope = up.get(node)
    while scope is not None and not isinstance(scope, (*_FUNCTIONS, ast.Module)):
        scope = up.get(scope)
    return scope


def _local_budget(rule: LintRule, operand: ast.AST, up: dict[ast.AST, ast.AST]) -> bool:
    """``budget`` bound in its function only to budget reads (``budget = self._config.max_input_tokens``)."""
    if not isinstance(operand, ast.Name):
        return False
    fn = _scope_of(operand, up)
    values = [stmt.value for stmt in local_bindings(fn, operand.id)] if isinstance(fn, _FUNCTIONS) else []
    return bool(values) and all(rule.budget_expr(v) is not None for v in values)


def _names_percent(rule: LintRule) -> bool:
    """The module's text names a percent (where a percent bound elsewhere may be read)."""
    lowered = source_of(rule.ctx.lines)[1] if rule.ctx.lines else ""
    return "100" in lowered and ("pct" in lowered or "percent" in lowered) and _hundred_operand(lowered)


def _hundred_operand(text: str) -> bool:
    """``_HUNDRED_OPERAND.search(text)``, tried only around each ``100`` of the text: every match is one,
    preceded by ``*`` or ``/`` and blanks or followed by blanks and ``*`` (``re`` found no word to skip
    to, and tried both alternatives at every character of the module: most of PB105's module end)."""
    match, find = _HUNDRED_OPERAND.match, text.find
    at = find("100")
    while at >= 0:
        before = at
        while before > 0 and text[before - 1].isspace():
            before -= 1
        if (before > 0 and match(text, before - 1)) or match(text, at):
            return True
        at = find("100", at + 1)
    return False


def _project_percents(rule: type[LintRule], facts: Sequence[Fact], options: LintOptions) -> list[Finding]:
    """A percent bound in one module whose name a read in another module of the project decided."""
    root: Path = options.root
    reads: dict[tuple[Path, str], str] = {}
    for fact, (name, reason) in tagged(facts, _READ_FACT, 2):
        reads.setdefault((fact_project(fact, root), name), f"{reason} (read in {fact.path})")
    findings = []
    for fact, (name,) in tagged(facts, _BOUND_FACT, 1) if reads else ():
        found = reads.get((fact_project(fact, root), name))
        if found is not None:
            message = (
                f"hard-coded budget ratio {name} = {fact.value:g}, a percent of a token budget: {found}; move "
                "it to config so the threshold can be tuned per model"
            )
            findings.append(finding_where_bound(rule, fact, message, name, config_key(name)))
    return findings


#: PB105's ``check_project``.
project_percents = classmethod(_project_percents)


#: The acts a percent is named for: what a dict's entry must name to be so read (a demo's stats ``"context_pct": 41``
#: is a record's usage; ``"compact_at_percent": 75`` of a config's defaults acts at it, the session's corpus check).
_ACTS = frozenset({"compact", "compaction", "summary", "summarize", "summarization"})
#: Words naming the context a percent acts at (``compact_at_percent``), not a budget of money or a machine's memory.
_CONTEXT_ACTS = _ACTS | {"context", "ctx", "window"}


def _scales_here(tree: ast.AST, name: str, up: dict[ast.AST, ast.AST]) -> bool:
    """A read of ``name`` in ``tree`` scales something or is compared (``max_lines * COMPACT_PERCENT // 100``, ``pct
    < TRIGGER_PCT``): what it meets decides, not its name."""
    for node in walk(tree):
        if name_of(node) != name or not isinstance(getattr(node, "ctx", None), ast.Load):
            continue
        parent = up.get(node)
        if isinstance(parent, ast.BinOp) or (
            isinstance(parent, ast.Compare)  # not ``1 <= pct <= 100``: its range checked
            and not all(type(s) is ast.Constant for s in (parent.left, *parent.comparators) if s is not node)
        ):
            return True
    return False
