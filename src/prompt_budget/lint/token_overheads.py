"""Overheads added to a count of tokens, for PB106 (reserve-arithmetic; the misses of sets 159-175:
quiet-memo, m1-m2-agent, pig-agent-core, nkit-agents, daryl-dsm, keelgate)::

    def count_message_tokens(messages):
        total = 3  # conversation start
        for message in messages:
            total += 4  # role and framing
            total += count_tokens(message["content"])
        return total

    def _item_tokens(item):
        return _approx_tokens(item["content"]) + 20

A fixed number of tokens a token estimate adds per message, per tool call, per item or once (the
framing a chat format wraps around each message, a fence, a separator) is a calibration of that
estimate: it is wrong by as much as the format differs between models, and a team tunes it the way it
tunes a chars-per-token ratio. It is read where the estimate is made:

- added (``+=``) to a tally, a local of the function that other ``+=`` fill with counts of tokens
  (``total += count_tokens(...)``), or per item (``total += len(messages) * 4``);
- the first value of such a tally the function returns (``tokens = 4`` ... ``return tokens``) or orders
  against something (``token_count = 5  # Header`` ... ``if token_count + cost > max_tokens``);
- a term of a sum that holds a count of tokens (a tokenizer's count, a call counting tokens, a
  chars-per-token quotient, a tally) and that the function returns or binds to a tally or to a name of
  a count of tokens (``base_tokens = count(system) + count(text) + 16``), through ``max``/``int``;
- through a name: a local bound only to a number (``meta_overhead = 20``), a module constant, or a
  local choosing between 0 and one of those (``extra = 0 if trusted else FENCE_TOKENS``), reported
  where the number is written.

The least overhead is ``LEAST`` (2; ``+ 1`` is how a count is rounded up or made non-zero), while the
rule's ``min-value`` is not configured. Budgets are not counts: a number added to ``max_tokens`` is
headroom (``added_headroom``), and a sum ordered against a budget is room kept beside it
(``reserve_totals``). Tests are left out. Judges no finding itself.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_budget.lint.count_sentinels import unpacked
from prompt_budget.lint.counter_calls import counter_call
from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.item_token_costs import item_token_costs
from prompt_budget.lint.names import CHAR_WORDS, TOKEN_WORDS, words
from prompt_budget.lint.reserve_sums import sum_terms
from prompt_budget.lint.rule import attr_name, callee_name, number
from prompt_budget.lint.walks import parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The least overhead read while the rule's ``min-value`` is not configured.
LEAST = 2
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
#: Calls a count goes through and stays a count (``max(1, len(text) // 4 + 5)``).
_WRAPPERS = frozenset({"max", "min", "int", "round", "ceil", "floor"})
#: Words of a callee's receiver that make ``.count(text)`` a count of tokens (``self._counter.count``).
#: (``self._estimator.estimate(...)``: a token estimator's estimate, set 275: ordin's compression)
_COUNTERS = frozenset({"counter", "tokenizer", "encoder", "encoding", "enc", "tok", "estimator"})

Overhead = tuple[ast.Constant, int, str]


def token_overheads(rule: LintRule, tree: ast.Module) -> list[tuple[ast.Constant, int, str, str]]:
    """Each overhead of the module's token estimates, then each guessed size of an item in tokens
    (``item_token_costs``): (its literal, its value, the finding's message, the name of its config key)."""
    if is_test_module(rule.ctx.path):
        return []
    estimates = _estimates(rule, tree)
    constants = _constants(tree.body) if estimates else {}
    found: list[tuple[ast.Constant, int, str, str]] = []
    seen: set[int] = set()
    for fn, owner in estimates:
        for literal, value, how in _Estimate(rule, fn, constants, owner).overheads():
            if id(literal) not in seen:
                seen.add(id(literal))
                message = (
                    f"hard-coded overhead of {value} tokens {how} in {fn.name}(); keep it in config, "
                    "calibrated against the model's tokenizer, so every estimate adds the same framing"
                )
                found.append((literal, value, message, f"{fn.name} overhead_tokens"))
    return found + item_token_costs(rule, tree)  # ``len(items) * TOKENS_PER_ENTRY``: an item's guessed size


def _estimates(
    rule: LintRule, tree: ast.Module
) -> list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.ClassDef | None]]:
    """The module's functions and its classes' methods whose text says tokens and adds (``+``), and the
    functions nested in them (the only ones read), each with its class."""
    found: list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.ClassDef | None]] = []
    lines = rule.ctx.lines
    for stmt in _top_level(tree.body):
        owner = stmt if isinstance(stmt, ast.ClassDef) else None
        for fn in owner.body if owner is not None else (stmt,):
            if isinstance(fn, _FUNCTIONS) and fn.end_lineno is not None:
                text = "\n".join(lines[fn.lineno - 1 : fn.end_lineno])
                if "+" in text and "token" in text.lower():
                    # it and those nested
                    found.extend((n, owner) for n in walk(fn) if isinstance(n, _FUNCTIONS))
    return found


#: Words of a class's name saying its methods estimate or count (``HeuristicMessageTokenEstimator``).
_ESTIMATORS = frozenset({"estimator", "estimate", "estimates", "counter", "count", "counting"})


def _top_level(body: list[ast.stmt]) -> list[ast.stmt]:
    """The module's statements, those under a top-level ``if`` or ``try`` (an optional import's
    fallback) included."""
    found: list[ast.stmt] = []
    for stmt in body:
        if isinstance(stmt, ast.If):
            found += _top_level([*stmt.body, *stmt.orelse])
        elif isinstance(stmt, ast.Try):
            handlers = [s for h in stmt.handlers for s in h.body]
            found += _top_level([*stmt.body, *handlers, *stmt.orelse, *stmt.finalbody])
        else:
            found.append(stmt)
    return found


def _sides(node: ast.BinOp) -> list[tuple[ast.expr, ast.expr]]:
    """A product's two orders: (left, right) and (right, left)."""
    return [(node.left, node.right), (node.right, node.left)]


def _constants(body: list[ast.stmt]) -> dict[str, ast.Constant]:
    """The names a module's or a class's body binds once, to a whole number (``FENCE_TOKENS: Final = 12``, a
    token estimator's ``message_overhead_tokens = 4``)."""
    bound: dict[str, list[ast.expr | None]] = {}
    for stmt in body:
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                if type(target) is ast.Name:
                    bound.setdefault(target.id, []).append(stmt.value)
        elif isinstance(stmt, ast.AnnAssign) and type(stmt.target) is ast.Name:
            bound.setdefault(stmt.target.id, []).append(stmt.value)
    return {
        name: values[0]
        for name, values in bound.items()
        if len(values) == 1 and type(values[0]) is ast.Constant and type(values[0].value) is int
    }


class _Estimate:
    """One function read as a token estimate: its tallies and the overheads it adds."""

    def __init__(
        self,
        rule: LintRule,
        fn: ast.FunctionDef | ast.AsyncFunctionDef,
        constants: dict[str, ast.Constant],
        owner: ast.ClassDef | None = None,
    ):
        self.rule, self.fn, self.constants = rule, fn, constants
        self._returned = False  # judging a returned sum's terms (``_summed_count``)
        self.nodes = [n for n in walk(fn) if type(n) in (ast.AugAssign, ast.Assign, ast.Return, ast.BinOp)]
        # a method of a class named for estimating tokens (set 251: simagentplg's ``estimate_message`` of
        # ``HeuristicMessageTokenEstimator``, returning ``self.message_overhead_tokens + ...``)
        estimator = owner is not None and rule.names.mentions_tokens(owner.name)
        estimator = estimator and bool(_ESTIMATORS.intersection(words(owner.name if owner else "")))
        self.counts_tokens = rule.names.mentions_tokens(fn.name) or estimator
        self.estimator = estimator
        self.attributes = _constants(owner.body) if owner is not None and estimator else {}
        self._ordered: set[str] | None = None
        self._ordered_in_sums: set[str] | None = None
        #: locals holding a count of tokens; those of them filled by ``+=`` (the tallies)
        self.counts: set[str] = set()
        self.tallies: set[str] = set()
        for _ in range(2):  # ``total += count(x)``; ``tokens = total + count(y)``
            for n in self.nodes:
                if not isinstance(n, (ast.Assign, ast.AugAssign)) or type(n.value) is ast.Constant:
                    continue
                target = _target(n)
                if target is None:
                    continue
                if isinstance(n, ast.Assign) and self.counted(n.value):
                    self.counts.add(target)
                elif isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) and self.counted(n.value):
                    self.counts.add(target)
                    self.tallies.add(target)

    def counted(self, node: ast.expr) -> bool:
        """``node`` holds a count of tokens (not a budget)."""
        rule = self.rule
        if type(node) is ast.Name and node.id in self.counts:
            return True
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.Add):
                return self.counted(node.left) or self.counted(node.right)
            if isinstance(node.op, (ast.Div, ast.FloorDiv)):
                return self._quotient(node)
            if isinstance(
                node.op, ast.Mult
            ):  # ``len(m.content) * _TOKENS_PER_CHAR`` (set 295: autoreport-gui)
                # the rate named for tokens, not ``len(self._messages) * 4`` (items times a per-item cost);
                # ``words * 1.33`` in a function counting tokens: words made tokens (set 527: ai-rule-learning-mcp)
                if self.counts_tokens and any(_tokens_per_word(side, other) for side, other in _sides(node)):
                    return True
                return any(
                    self._scaled(side, other)
                    and bool(TOKEN_WORDS.intersection(words(attr_name(other) or "")))
                    for side, other in _sides(node)
                )
            return False
        if isinstance(node, ast.Call):
            callee = callee_name(node) or ""
            if callee == "len" and self.counts_tokens and _split_words(node):
                return True  # ``return len(text.split()) + 5`` in ``get_token_count`` (set 393: open-swarm)
            if callee in _WRAPPERS:
                return any(self.counted(a) for a in node.args)
            if callee == "sum" and len(node.args) == 1 and isinstance(node.args[0], ast.GeneratorExp):
                return self.counted(node.args[0].elt)  # ``sum(tool.token_count for tool in self.tools)``
            if callee in {"count", "estimate"} and isinstance(node.func, ast.Attribute):
                receiver = attr_name(node.func.value) or ""
                if receiver == "self" and self.estimator:
                    return (
                        True  # ``TokenCounter.count_messages`` calling its own ``self.count(...)`` (set 272)
                    )
                return bool(_COUNTERS.intersection(words(receiver))) or rule.names.mentions_tokens(receiver)
        if isinstance(node, ast.Call) and counter_call(rule, node, self.fn):
            return True  # ``counter = count_tokens or _default_count_tokens`` ... ``counter(m.content)`` (set 567)
        # ``estimate_context_tokens(items)``: an estimate, whatever budget its name also says (set 255)
        estimated = isinstance(node, ast.Call) and words(callee_name(node) or "")[:1] in {
            ("estimate",),
            ("count",),
        }
        return rule.token_amount(node) and (rule.budget_expr(node) is None or estimated)

    def _quotient(self, node: ast.BinOp) -> bool:
        """``len(text) // 4``, ``len(text) / chars_per_token``: characters turned into tokens, in a function
        named for tokens or by a divisor named for them."""
        return self._scaled(node.left, node.right)

    def _scaled(self, left: ast.expr, rate: ast.expr) -> bool:
        """A length of characters (``left``) divided or multiplied by ``rate`` into tokens."""
        if isinstance(left, ast.BinOp) and isinstance(
            left.op, ast.Add
        ):  # ``(len(body) + extra) // 4`` (set 431)
            return self._scaled(left.left, rate) or self._scaled(left.right, rate)
        # or a length named as characters (``total_chars = sum(len(m.content) for m in messages)``)
        chars = isinstance(left, (ast.Name, ast.Attribute)) and bool(
            CHAR_WORDS & set(words(attr_name(left) or ""))
        )
        if (  # ``sum(len(m["content"]) for m in messages) // 3 + 4 * len(messages)`` (set 585: moth-companion)
            isinstance(left, ast.Call)
            and callee_name(left) == "sum"
            and len(left.args) == 1
            and isinstance(left.args[0], (ast.GeneratorExp, ast.ListComp))
        ):
            left = left.args[0].elt
        if not (isinstance(left, ast.Call) and callee_name(left) == "len") and not chars:
            return False
        divisor, factor = attr_name(rate) or "", number(rate)
        # ``estimated_input_tokens = (total_chars // 4) + 500``: a rate of characters per token (set 499: emdx)
        return (
            self.counts_tokens
            or self.rule.names.mentions_tokens(divisor)
            or ((chars or not self._returned) and factor is not None and 2.5 <= factor <= 6)
        )

    def overheads(self) -> list[Overhead]:
        if not self.counts and not self.counts_tokens and not any(type(n) is ast.Return for n in self.nodes):
            return []  # (a returned sum of counts alone is read: ``return estimate(a) + estimate(b) + 1024``)
        found: list[Overhead] = []
        returned = {n.value.id for n in self.nodes if isinstance(n, ast.Return) and type(n.value) is ast.Name}
        # a count named for tokens grown by a number (set 251: oclawma's ``estimated_tokens = sum(tool.token_count
        # for tool in self.tools)`` ... ``estimated_tokens += 50  # Base overhead``)
        grown = self.tallies | {c for c in self.counts if self.rule.names.is_token_amount(c)}
        for n in self.nodes:
            if isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) and _target(n) in grown:
                value = n.value
                if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult):  # ``len(messages) * 4``
                    per = value.right if type(value.right) is ast.Constant else value.left
                    self._add(found, per, "added per item to the token count")
                else:
                    self._add(found, value, "added to the token count")
            elif (
                isinstance(n, ast.Assign)
                and (target := _target(n)) in self.tallies
                # ``token_count = 5  # Header`` ... ``if token_count + fe.token_estimate > max_tokens`` (set 303)
                and (target in returned or target in self.ordered_in_sums)
            ):
                self._add(found, n.value, "that the token count starts from")
            elif isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add) and self._summed_count(n):
                terms = sum_terms(n)
                if any(type(t) is not ast.Constant and self.counted(t) for t in terms):
                    for term in terms:
                        each = _per_item(term, self._constant)  # ``4 * len(messages)``: its number, read once
                        how = "added per item to the token count" if each else "added to the token count"
                        self._add(found, each or term, how)
        return found

    def _summed_count(self, node: ast.BinOp) -> bool:
        """``node`` is a whole sum (no sum's left term) whose value the function returns (through a
        wrapper) or binds to a tally or a name of a count of tokens."""
        up = parents(self.fn).get(node)
        if isinstance(up, ast.BinOp) and isinstance(up.op, ast.Add):
            return False
        # ``sum(count(m) + per_message for m in messages)``: added once per item, no room kept beside a count
        per_item = isinstance(up, ast.GeneratorExp) and up.elt is node
        if per_item and up is not None:
            summed = parents(self.fn).get(up)
            up = (
                parents(self.fn).get(summed)
                if isinstance(summed, ast.Call) and callee_name(summed) == "sum"
                else None
            )
        while isinstance(up, ast.Call) and callee_name(up) in _WRAPPERS and isinstance(up.func, ast.Name):
            up = parents(self.fn).get(up)
        if isinstance(up, ast.Return):  # or a sum of nothing but counts (set 255: investorch's estimates)
            self._returned = (
                True  # (a bare rate makes no count of a returned length: ``len(keys) // 4 + 16``)
            )
            try:
                return self.counts_tokens or all(
                    self.counted(t)
                    for t in sum_terms(node)
                    if type(t) is not ast.Constant and not self._constant(t)
                )
            finally:
                self._returned = False
        if isinstance(up, ast.AugAssign):
            return isinstance(up.op, ast.Add) and _target(up) in self.tallies
        if isinstance(up, ast.Assign) and (target := _target(up)) is not None:
            names = self.rule.names
            if target in self.ordered and not per_item:
                return False  # ``total = count(t) + 200`` ... ``total >= limit``: room (``reserve_totals``)
            if target.strip("_") == "overhead":  # ``overhead = count_tokens(schemas) + 1024``
                return all(self.counted(t) for t in sum_terms(node) if type(t) is not ast.Constant)
            return target in self.tallies or (names.is_token_amount(target) and not names.is_budget(target))
        return False

    @property
    def ordered_in_sums(self) -> set[str]:
        """The locals the function orders against something, alone or as a term of a sum (``if total + cost >
        max_tokens``)."""
        if self._ordered_in_sums is None:
            self._ordered_in_sums = {
                term.id
                for n in walk(self.fn)
                if isinstance(n, ast.Compare) and isinstance(n.ops[0], (ast.Lt, ast.LtE, ast.Gt, ast.GtE))
                for side in (n.left, *n.comparators)
                for term in sum_terms(side)
                if type(term) is ast.Name
            }
        return self._ordered_in_sums

    @property
    def ordered(self) -> set[str]:
        """The locals the function orders against something (``total >= limit``)."""
        if self._ordered is None:
            self._ordered = {
                side.id
                for n in walk(self.fn)
                if isinstance(n, ast.Compare) and isinstance(n.ops[0], (ast.Lt, ast.LtE, ast.Gt, ast.GtE))
                for side in (n.left, *n.comparators)
                if type(side) is ast.Name
            }
        return self._ordered

    def _add(self, found: list[Overhead], node: ast.expr, how: str) -> None:
        """The overhead ``node`` is, directly or through a name, added to ``found``."""
        for literal in self._literals(node):
            value = literal.value
            options = self.rule.options
            least = LEAST if options.min_value == type(self.rule).DEFAULT_MIN_VALUE else options.min_value
            if type(value) is int and value >= least and value not in options.allowed_values:
                found.append((literal, value, how))

    def _literals(self, node: ast.expr) -> list[ast.Constant]:
        """The numbers ``node`` is: itself, a local bound only to numbers (or to a choice between them and
        module constants), a module constant."""
        if type(node) is ast.Constant:
            return [node]
        if (per := _per_item(node, self._constant)) is not None:
            # ``token_count = 4 * len(messages)``: per message (set 317: pygent-ai's framing)
            return [per]
        if type(node) is ast.IfExp:
            return self._literals(node.body) + self._literals(node.orelse)
        if type(node) is ast.Attribute and type(node.value) is ast.Name and node.value.id == "self":
            constant = self.attributes.get(node.attr)  # the estimator's own ``message_overhead_tokens = 4``
            return [] if constant is None or self.rule.names.is_budget(node.attr) else [constant]
        if type(node) is not ast.Name:
            return []
        values = [n.value for n in self.nodes if isinstance(n, ast.Assign) and _target(n) == node.id]
        if values and unpacked(self.fn, node.id):
            return []  # ``msg, tokens = counted[i]`` ... ``except: tokens = 9999``: a sentinel (set 393)
        if len(values) == 1 and (per := _per_item(values[0], self._constant)) is not None:
            return [per]  # ``overhead = len(self._messages) * 4`` (set 251: oclawma)
        if values:
            if any(
                type(v) not in (ast.Constant, ast.IfExp, ast.Name)
                or (type(v) is ast.Name and v.id == node.id)
                for v in values
            ):
                return []
            return [lit for v in values for lit in self._literals(v)]
        constant = self._constant(node)
        return [] if constant is None else [constant]

    def _constant(self, node: ast.expr) -> ast.Constant | None:
        """The number a module constant not named as a budget is bound to, else None."""
        if type(node) is not ast.Name or self.rule.names.is_budget(node.id):
            return None
        return self.constants.get(node.id)


#: Words of a name counting what an overhead is paid per (``num_turns``, ``n_calls``, ``message_count``).
_COUNT_WORDS = frozenset({"num", "n", "count", "number"})


def _per_item(node: ast.expr, constant: Callable[[ast.expr], ast.Constant | None]) -> ast.Constant | None:
    """``len(items) * 4``, ``num_turns * _OVERHEAD_PER_TURN`` (set 305: tokkit-ai's context estimate), ``8 *
    (len(messages) + 1)``: the number a count of items is multiplied by, written there or a module's constant,
    else None."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
        return None
    for side, factor in ((node.left, node.right), (node.right, node.left)):
        per = side if type(side) is ast.Constant else constant(side)
        # ``8 * (len(messages) + 1)``: per message, the reply's own included
        added = (
            isinstance(factor, ast.BinOp)
            and isinstance(factor.op, ast.Add)
            and type(factor.right) is ast.Constant
        )
        other = factor.left if added and isinstance(factor, ast.BinOp) else factor
        counted = isinstance(other, ast.Call) and callee_name(other) == "len"
        if per is not None and (counted or (type(other) is ast.Name and _COUNT_WORDS & set(words(other.id)))):
            return per
    return None


def _tokens_per_word(count: ast.expr, rate: ast.expr) -> bool:
    """``words * 1.33``, ``len(text.split()) * 1.3``: a count of words times a rate of tokens per word."""
    factor = number(rate)
    said = type(count) is ast.Name and bool({"word", "words"} & set(words(count.id)))
    counted = said or (isinstance(count, ast.Call) and callee_name(count) == "len" and _split_words(count))
    return counted and factor is not None and 1 < factor <= 2


def _split_words(node: ast.Call) -> bool:
    """``len(text.split())``: a count of words, the estimate of a function counting tokens."""
    arg = node.args[0] if len(node.args) == 1 else None
    return isinstance(arg, ast.Call) and callee_name(arg) == "split" and isinstance(arg.func, ast.Attribute)


def _target(node: ast.AST) -> str | None:
    """The plain local an assignment binds (``total += ...``, ``tokens = ...``), else None."""
    if isinstance(node, ast.AugAssign):
        return node.target.id if type(node.target) is ast.Name else None
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and type(node.targets[0]) is ast.Name:
        return node.targets[0].id
    return None
