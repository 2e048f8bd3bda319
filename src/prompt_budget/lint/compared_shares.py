"""What a ratio is ordered against, for PB105 (budget-ratio): a ratio compared with a share of a budget
computed in the function (``ratio = token_estimate / self._context_limit`` ... ``if ratio >=
self.BLOCK_THRESHOLD``: set 69, duh-cli) is a threshold on the share of the window used, and one compared
only with a share of an amount of money (``fraction = total_cost_usd / budget_usd`` ... ``if fraction >=
BUDGET_WARN_THRESHOLD``: set 69, cohrint-agent) is a threshold on a dollar budget, no token share.

Decided by data flow: each read of the name (``name`` or ``<obj>.name``) ordered against (``<``, ``<=``,
``>``, ``>=``) a division, written there or bound to a local of the function the comparison is in (every
binding of that local a division). A division is of tokens when its numerator is a token amount or its
divisor a budget (``LintRule.token_amount``, ``LintRule.budget_expr``: the rule's own test for ``used /
window > 0.75``); of money when a name in it says money (cost, usd, price, spend, dollars) and none says
tokens. Kept apart from the rule: it reads the module's tree once, for the names asked about together.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import running_values
from prompt_budget.lint.fallbacks import local_bindings
from prompt_budget.lint.fill_reads import converted, mean_of_fills, says_fill
from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.item_shares import name_of
from prompt_budget.lint.names import words
from prompt_budget.lint.returned_pairs import functions, method_call, resolved_division
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.scaled_units import MONEY_WORDS
from prompt_budget.lint.style_thresholds import picks_labels_only
from prompt_budget.lint.walks import enclosing_function, parents, walk
from prompt_budget.lint.window_getters import COMPARED_FACT, GETTER_FACT
from prompt_budget.lint.zero_guards import guarded_division

if TYPE_CHECKING:
    from prompt_budget.lint.flow import Bindings, Uses
    from prompt_budget.lint.rule import LintRule

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


class ComparedShares:
    """The reads of ``wanted`` names in a module and the divisions each is ordered against: one walk of
    the module's tree (``walks.walk``, kept per file), made when a rule first asks."""

    def __init__(self, rule: LintRule, tree: ast.AST, wanted: Collection[str]) -> None:
        self._rule = rule
        self._tree = tree
        self._wanted = set(wanted)
        self._made = False
        #: name -> how many times the module reads it
        self.reads: dict[str, int] = {}
        #: name -> (the other side, the comparison) of each ordering it is read in
        self.compared: dict[str, list[tuple[ast.expr, ast.Compare]]] = {}
        #: the module's functions by name, gathered at the first read of one (``getters``)
        self._getters: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] | None = None
        #: the module's functions by name, gathered at the first call of a method with arguments
        self._functions: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] | None = None
        #: name -> ``token_share``'s answer, asked by the rule and by the getters' record alike
        self._token_shares: dict[str, str | None] = {}

    def _make(self) -> None:
        """Walk the module once, at the first question."""
        self._made = True
        wanted = self._wanted
        if not wanted:
            return
        for node in walk(self._tree):
            if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Load):
                name = name_of(node)
                if name in wanted:
                    self.reads[name] = self.reads.get(name, 0) + 1
            elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], _ORDER):
                sides = (converted(node.left), converted(node.comparators[0]))
                for side, other in (sides, sides[::-1]):
                    name = name_of(side)
                    if name in wanted and isinstance(side, (ast.Name, ast.Attribute)):
                        self.compared.setdefault(name, []).append((other, node))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                node.args.defaults or node.args.kw_defaults
            ):
                for param, name in defaulted_params(node, wanted):
                    for other, compare in param_comparisons(node, param):
                        self.compared.setdefault(name, []).append((other, compare))

    def _divisions(self, other: ast.expr, compare: ast.Compare) -> list[ast.BinOp]:
        """The divisions ``other`` is: itself, or every binding of the local it names in the function
        the comparison is in (none if a binding is no division), or the divisions a property or method
        of the module read there returns (``util = quota.utilisation``, ``returned_shares``)."""
        if isinstance(other, ast.BinOp) and isinstance(other.op, ast.Div):
            return [other]
        if self._getters is None and read_of_getter(other) is not None:
            self._getters = getters(self._tree)
        if (read := read_of_getter(other)) is not None:
            return returned_shares(self._getters or {}, read)
        if (method := method_call(other)) is not None:  # ``self.usage_pct(messages)`` (set 97: vaal-code)
            self._functions = self._functions or functions(self._tree)
            return returned_shares(self._functions, method)
        if not isinstance(other, ast.Name):
            return []
        fn = enclosing_function(parents(self._tree), compare)
        if fn is None:
            return []
        values = [stmt.value for stmt in local_bindings(fn, other.id)]
        reads = [read_of_getter(v) for v in values]
        if values and all(r is not None for r in reads):
            if self._getters is None:
                self._getters = getters(self._tree)
            found = [returned_shares(self._getters, r) for r in reads if r is not None]
            return [d for divs in found for d in divs] if all(found) else []
        return divisions(fn, other)

    def _of_tokens(self, div: ast.BinOp) -> bool:
        return of_tokens(self._rule, div)

    def _unpacked_of_tokens(self, div: ast.BinOp) -> bool:
        """``used / mx`` with ``used, mx = self.usage(m)``, a method returning ``(used, self.max_tokens)``."""
        found = resolved_division(self._functions, div) if self._functions else None
        return found is not None and self._of_tokens(found)

    def _counted_local(self, div: ast.BinOp) -> bool:
        """``spent / self._soft_limit`` where ``spent = self._tracker.total_tokens()`` is the local's only value
        (set 307: axor-core's ``BudgetThresholds``): a share of the tokens spent."""
        left = converted(div.left)
        fn = self._function_of(div) if type(left) is ast.Name else None
        found = running_values(fn, left.id) if fn is not None and type(left) is ast.Name else None
        if found is None or found[1] or not found[0] or _says_money(div):
            return False
        return all(type(v) is not ast.Name and self._rule.token_amount(v) for v in found[0])

    def token_share(self, name: str) -> str | None:
        """Why ``name`` is a share of a token budget: a read ordered against a share of one (the line), else
        None; never when every read picks a label (a gauge's colour, ``style_thresholds``)."""
        if name not in self._token_shares:
            self._token_shares[name] = self._token_share(name)
        return self._token_shares[name]

    def _token_share(self, name: str) -> str | None:
        if not self._made:
            self._make()
        pairs = self.compared.get(name, [])
        if pairs and self.labels_only(name):
            # a label picked inside an alert the same share raised is the alert's next level (set 247:
            # contextviz's ``if fill >= LIMIT_WARN:`` ... ``"danger" if fill >= LIMIT_DANGER else "warn"``)
            pairs = [(o, c) for o, c in pairs if self._escalates(o, c)]
        for other, compare in pairs:
            for div in self._divisions(other, compare):
                if self._of_tokens(div) or self._unpacked_of_tokens(div) or self._counted_local(div):
                    return f"compared at line {compare.lineno} with the share `{ast.unparse(div)}`"
                if (key := mean_of_fills(self._rule, div)) is not None:
                    # ``avg_util = sum(m.get("avg_context_utilisation", 0.0) * ...) / total`` (set 188)
                    return f"compared at line {compare.lineno} with a mean of `{key}`"
            if (fill := self._filled(other, compare)) is not None:
                return f"compared at line {compare.lineno} with `{fill}`, the share of the context used"
        return None

    def _escalates(self, other: ast.expr, compare: ast.Compare) -> bool:
        """``compare`` is in the body of an ``if`` whose test orders the same local ``other`` (a level
        above the alert that test raised), not in that test itself."""
        if not isinstance(other, ast.Name):
            return False
        up = parents(self._tree)
        child: ast.AST = compare
        node = up.get(compare)
        while node is not None and not isinstance(node, _FUNCTIONS):
            test = node.test if isinstance(node, ast.If) and node.test is not child else None
            if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], _ORDER):
                sides = (test.left, *test.comparators)
                if any(type(side) is ast.Name and side.id == other.id for side in sides):
                    return True
            child, node = node, up.get(node)
        return False

    def _filled(self, other: ast.expr, compare: ast.Compare) -> str | None:
        """The parameter named as the filled share of the context (``fill_reads.says_fill``) that ``other``
        reads: itself (``token_usage_ratio >= self.config.rotation_threshold``), or a local every binding
        of which hands it on through a clamp or a call given nothing else (``normalized =
        self._normalize_ratio(token_usage_ratio)``, set 201: impliforge's session rotation); else None.
        Only a parameter: a read of another object's field (``ctx.token_ratio``) compared with a setting
        of the same name in two classes is left to ``class_shares``."""
        fn = self._function_of(compare)
        if not isinstance(other, ast.Name) or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None
        args = fn.args
        params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
        reads = [other] if other.id in params else [_kept(s.value) for s in local_bindings(fn, other.id)]
        # or a getter of the module's, called with nothing (``token_ratio = self._compute_token_ratio_locked()``,
        # set 241: castorice-agent's degradation levels)
        names = {
            r.id
            if isinstance(r, ast.Name) and r.id in params
            else callee_name(r)
            if isinstance(r, ast.Call) and not r.args and not r.keywords
            else None
            for r in reads
        }
        name = names.pop() if len(names) == 1 else None
        return name if name is not None and says_fill(self._rule, name) else None

    def foreign_getters(self, name: str) -> list[tuple[str, int]]:
        """(the property or method, the line) of each read of ``name`` ordered against a read of a getter
        the module does not define (``ratio = usage.usage_ratio`` ... ``ratio >= self.FORCE_RATIO``, with
        ``usage_ratio`` a property of another module): left to the project-wide pass (``window_getters``)."""
        if not self._made:
            self._make()
        found: list[tuple[str, int]] = []
        for other, compare in self.compared.get(name, ()):
            reads = [read_of_getter(other)]
            if isinstance(other, ast.Name) and (fn := self._function_of(compare)) is not None:
                reads = [read_of_getter(stmt.value) for stmt in local_bindings(fn, other.id)]
            if self._getters is None and any(reads):
                self._getters = getters(self._tree)
            for read in reads if len(reads) == 1 else ():
                if read is not None and read not in (self._getters or {}):
                    found.append((read, compare.lineno))
        return found

    def _function_of(self, node: ast.AST) -> ast.AST | None:
        return enclosing_function(parents(self._tree), node)

    def no_token_share(self, name: str) -> bool:
        """Every read of ``name`` orders it against a share of money or a mean of scores, or picks a label."""
        return (
            self.money_only(name) or self.labels_only(name) or self.means_only(name) or self.memory_only(name)
        )

    def means_only(self, name: str) -> bool:
        """Every read of ``name`` is ordered against a local bound only to numbers and to means of what it adds
        up (``ctx = sum(_axis_sim(a) for a in axes) / len(axes)`` ... ``if ctx >= CTX_FULL_THRESHOLD``: a mean
        similarity, not a share of a window; set 263: kaos-harness). A mean of fills is a share still."""
        found = self._every_read_compared(name)
        if not found:
            return False
        for other, compare in found:
            fn = self._function_of(compare) if type(other) is ast.Name else None
            values = (
                [stmt.value for stmt in local_bindings(fn, other.id)]
                if fn and type(other) is ast.Name
                else []
            )
            means = [
                v
                for v in values
                if isinstance(v, ast.BinOp) and _mean(v) and mean_of_fills(self._rule, v) is None
            ]
            if not means or not all(v in means or type(v) is ast.Constant for v in values):
                return False
        return True

    def _every_read_compared(self, name: str) -> list[tuple[ast.expr, ast.Compare]]:
        """(the other side, the comparison) of each read of ``name`` when every read is ordered, else []."""
        if not self._made:
            self._make()
        found = self.compared.get(name, [])
        return found if found and len(found) == self.reads.get(name, 0) else []

    def labels_only(self, name: str) -> bool:
        """Every read of ``name`` picks a string label, a gauge's colour (``style_thresholds``)."""
        if not self._made:
            self._make()
        return picks_labels_only(self._tree, name, self.reads.get(name, 0))

    def memory_only(self, name: str) -> bool:
        """Every read of ``name`` is ordered against a share of memory: ``share = needed / budget`` where
        ``budget = hw.budget_gb`` (set 527: tala-ai's ``WARN_FRACTION = 0.6`` of the usable RAM)."""
        found = self._every_read_compared(name)
        for other, compare in found:
            fn = enclosing_function(parents(self._tree), compare)
            divs = self._divisions(other, compare)
            if fn is None or not divs or not all(_in_memory(fn, d) for d in divs):
                return False
        return bool(found)

    def money_only(self, name: str) -> bool:
        """Every read of ``name`` is ordered against a share of an amount of money (and there is one)."""
        found = self._every_read_compared(name)
        if not found:
            return False
        for other, compare in found:
            divs = self._divisions(other, compare)
            if not divs or not all(_says_money(d) and not self._of_tokens(d) for d in divs):
                return False
        return True


def compared_shares(
    rule: LintRule,
    tree: ast.AST,
    ready: Iterable[tuple[str, object, bool]],
    named: Iterable[tuple[str, object]],
    bindings: Bindings,
    uses: Uses,
) -> ComparedShares:
    """The comparisons of the ratio names PB105 has yet to decide: generic ones waiting for a budget
    (``ready``), ones named as budget ratios (``named``), and the followed bindings no use has decided."""
    wanted = {name for name, *_ in ready} | {name for name, _ in named}
    wanted.update(name for name in bindings.by_name if uses.reason(name) is None)
    shares = ComparedShares(rule, tree, wanted)
    if not is_test_module(rule.ctx.path):  # facts for the project-wide pass (``window_getters``)
        record_window_shares(rule, tree, shares, bindings, uses)
    return shares


def record_window_shares(
    rule: LintRule, tree: ast.AST, shares: ComparedShares, bindings: Bindings, uses: Uses
) -> None:
    """Facts for ``window_getters``: each getter of a class of the module returning a share of tokens
    (``return self.used_tokens / self.max_tokens``; only the class bodies' own methods whose last
    statement returns a division are looked at), and each followed ratio no use decided whose read is
    ordered against a read of a getter of another module."""
    for cls in (s for s in getattr(tree, "body", ()) if isinstance(s, ast.ClassDef)):
        for fn in cls.body:
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and _returns_division(fn):
                divs = returned_shares({fn.name: [fn]}, fn.name)
                if divs and all(of_tokens(rule, d) for d in divs):
                    rule.fact(fn, f"{GETTER_FACT}{fn.name} {ast.unparse(divs[0])}", 0)
    for name in [n for n in bindings.by_name if uses.reason(n) is None]:
        for getter, line in shares.foreign_getters(name) if shares.token_share(name) is None else ():
            for b in bindings.all_of(name):
                rule.fact(b.literal, f"{COMPARED_FACT}{getter} {line} {name}", b.value)


def _returns_division(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """``fn`` takes only ``self`` and its last statement returns a division (cheap: no walk)."""
    last = fn.body[-1]
    args = fn.args
    if len(args.args) != 1 or args.posonlyargs or args.kwonlyargs or args.vararg or args.kwarg:
        return False
    if not isinstance(last, ast.Return) or last.value is None:
        return False
    value = _unclamped(guarded_division(last.value))
    return isinstance(value, ast.BinOp) and isinstance(value.op, ast.Div)


def _mean(value: ast.expr) -> bool:
    """``sum(...) / len(...)``: a mean."""
    return (
        isinstance(value, ast.BinOp)
        and isinstance(value.op, ast.Div)
        and isinstance(value.left, ast.Call)
        and callee_name(value.left) == "sum"
        and isinstance(value.right, ast.Call)
        and callee_name(value.right) == "len"
    )


def divisions(fn: ast.AST, other: ast.expr) -> list[ast.BinOp]:
    """The divisions ``other`` is in ``fn``: itself, or every binding of the local it names there (none
    if a binding is no division)."""
    if isinstance(other, ast.BinOp) and isinstance(other.op, ast.Div):
        return [other]
    if not isinstance(other, ast.Name):
        return []
    # ``used / window if window > 0 else 0.0``: the division (``zero_guards``)
    values = [guarded_division(stmt.value) for stmt in local_bindings(fn, other.id)]
    # ``utilization = None`` first, or ``float(snapshot.values["context_util"])`` when a reading was kept
    # (set 159, ultrastable): a sentinel or a read of the same share stored elsewhere, beside its division
    found = [v for v in values if isinstance(v, ast.BinOp) and isinstance(v.op, ast.Div)]
    if not found or not all(v in found or _sentinel_or_read(v) for v in values):
        return []
    return found


def _sentinel_or_read(value: ast.expr) -> bool:
    """``None``, or a read (``snap["util"]``, ``state.util``), alone or through ``float()``/``int()``."""
    if isinstance(value, ast.Constant):
        return value.value is None
    return isinstance(converted(value), (ast.Subscript, ast.Attribute))


def defaulted_params(
    fn: ast.FunctionDef | ast.AsyncFunctionDef, wanted: Collection[str]
) -> list[tuple[str, str]]:
    """(parameter, name) of each parameter of ``fn`` defaulting to a read of a ``wanted`` name
    (``trigger_ratio: float = SEMANTIC_TRIGGER_RATIO``)."""
    args = fn.args
    positional = [*args.posonlyargs, *args.args]
    pairs = [*zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True)]
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None]
    found: list[tuple[str, str]] = []
    for arg, default in pairs:
        name = name_of(default) if isinstance(default, (ast.Name, ast.Attribute)) else None
        if name is not None and name in wanted:
            found.append((arg.arg, name))
    return found


def param_comparisons(
    fn: ast.FunctionDef | ast.AsyncFunctionDef, param: str
) -> list[tuple[ast.expr, ast.Compare]]:
    """(the other side, the comparison) of each ordering of the parameter ``param`` in ``fn``'s own body
    (``ratio >= float(trigger_ratio)``), none if the body binds it anew."""
    found: list[tuple[ast.expr, ast.Compare]] = []
    todo: list[ast.AST] = list(fn.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (*_FUNCTIONS, ast.ClassDef)):
            continue
        if isinstance(node, ast.Name) and node.id == param and not isinstance(node.ctx, ast.Load):
            return []
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], _ORDER):
            sides = (converted(node.left), converted(node.comparators[0]))
            for side, other in (sides, sides[::-1]):
                if isinstance(side, ast.Name) and side.id == param:
                    found.append((other, node))
        todo.extend(ast.iter_child_nodes(node))
    return found


def read_of_getter(node: ast.expr) -> str | None:
    """``quota.utilisation`` or ``self.usage_share()`` (no argument): the name of the property or
    method it reads; else None."""
    if isinstance(node, ast.Call) and not node.args and not node.keywords:
        node = node.func
    return node.attr if isinstance(node, ast.Attribute) else None


def getters(tree: ast.AST) -> dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]]:
    """The module's methods taking nothing but ``self`` (properties among them), by name."""
    found: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
    for node in walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and len(node.args.args) == 1:
            found.setdefault(node.name, []).append(node)
    return found


def returned_shares(
    found: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]], name: str
) -> list[ast.BinOp]:
    """The divisions every method ``name`` of the module returns (``return min(1.0, self.tokens_used /
    self.tokens_limit)``, a constant returned for an empty limit left out; set 83: forge-agent's quota
    utilisation); none if a method returns anything else or no division."""
    shares: list[ast.BinOp] = []
    for fn in found.get(name, ()):
        todo: list[ast.AST] = list(fn.body)
        while todo:
            node = todo.pop()
            if isinstance(node, (*_FUNCTIONS, ast.ClassDef)):
                continue
            if isinstance(node, ast.Return):
                value = _unclamped(guarded_division(node.value) if node.value else None)
                if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Div):
                    shares.append(value)
                elif not (
                    isinstance(value, ast.Constant) and isinstance(value.value, (int, float, type(None)))
                ):
                    return []  # ``return None`` for an unknown window (set 103: somnia's usage_ratio) left out
            todo.extend(ast.iter_child_nodes(node))
    return shares


def pair_call(node: ast.expr | None, names: tuple[str, ...]) -> tuple[ast.expr, ast.expr] | None:
    """The two arguments of ``min(a, b)`` / ``max(a, b)`` (a builtin of ``names`` called by its bare name
    with two positional arguments), else None."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in names
        and len(node.args) == 2
        and not node.keywords
    ):
        return node.args[0], node.args[1]
    return None


def _unclamped(value: ast.expr | None) -> ast.expr | None:
    """``x`` of ``min(1.0, x)`` or ``max(0.0, x)``; else ``value``."""
    if (args := pair_call(value, ("min", "max"))) is not None:
        first, second = args
        if isinstance(first, ast.Constant):
            return second
        if isinstance(second, ast.Constant):
            return first
    return value


def _kept(value: ast.expr) -> ast.expr:
    """What a call given one read and constants besides (``min(1.0, max(0.0, x))``,
    ``self._normalize(x)``) hands on: ``x``, through nested calls; else ``value``."""
    while isinstance(value, ast.Call) and not value.keywords:
        reads = [a for a in value.args if not isinstance(a, ast.Constant)]
        if len(reads) != 1 or isinstance(reads[0], ast.Starred):
            break
        value = reads[0]
    return value


def of_tokens(rule: LintRule, div: ast.BinOp) -> bool:
    """A share of tokens: the numerator a token amount, or an amount read as it is over a budget
    (``token_estimate / self._context_limit``), and no name in it saying money."""
    # ``float(tokens_total) / float(self.max_tokens)`` (set 159: ultrastable): converted as they are read
    left, right = converted(div.left), converted(unguarded(div.right))
    # the amount used, read as it is (``used / self.context_window``): a computed error (``abs(n - max_tokens)
    # / max_tokens``, set 1: aider's tolerance of its search for a map's size) is no share used
    used = isinstance(left, (ast.Name, ast.Attribute, ast.Subscript))
    budget = used and isinstance(right, (ast.Name, ast.Attribute)) and rule.budget_expr(right) is not None
    return (rule.token_amount(left) or budget) and not _says_money(div)


def unguarded(divisor: ast.expr) -> ast.expr:
    """``window`` of ``max(1, window)``, a divisor kept off zero; else ``divisor``."""
    if (args := pair_call(divisor, ("max",))) is not None:
        first, second = args
        for guard, kept in ((first, second), (second, first)):
            if isinstance(guard, ast.Constant) and guard.value in (1, 1.0):
                return kept
    return divisor


#: Words of a name counting memory.
_MEMORY_WORDS = frozenset({"gb", "gib", "mb", "mib", "memory", "vram", "ram"})


def _in_memory(fn: ast.AST, div: ast.BinOp) -> bool:
    """A name in the division, or in what a local of it is bound to in ``fn``, says memory; none says tokens."""
    names = [n for sub in walk(div) if (n := name_of(sub))]
    for sub in (s for s in walk(div) if type(s) is ast.Name):
        names += [n for stmt in local_bindings(fn, sub.id) for v in walk(stmt.value) if (n := name_of(v))]
    found = [set(words(n)) for n in names]
    return any(ws & _MEMORY_WORDS for ws in found) and not any(ws & {"token", "tokens"} for ws in found)


def _says_money(div: ast.BinOp) -> bool:
    """A name in the division says money and none says tokens."""
    money = False
    for sub in walk(div):
        name = name_of(sub)
        if name is None:
            continue
        ws = set(words(name))
        if ws & {"token", "tokens", "tok", "toks"}:
            return False
        money = money or bool(ws & MONEY_WORDS)
    return money


def unpacked(target: ast.expr, value: ast.expr) -> list[tuple[ast.expr, ast.expr]]:
    """(target, value) of an assignment, each name of a tuple unpacked from a tuple written beside it
    (``alloc_code, alloc_summaries = 0.80, 0.20``) on its own."""
    if (
        isinstance(target, (ast.Tuple, ast.List))
        and isinstance(value, (ast.Tuple, ast.List))
        and len(target.elts) == len(value.elts)
        and not any(isinstance(e, ast.Starred) for e in (*target.elts, *value.elts))
    ):
        return list(zip(target.elts, value.elts, strict=True))
    return [(target, value)]
