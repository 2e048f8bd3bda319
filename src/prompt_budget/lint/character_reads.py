"""A budget named as tokens whose every read counts characters (``text[0:max_token - 1]``,
``len(joined) > max_token``): the reads of a name in a function, followed through locals derived from
it. Moved out of ``flow.py`` (which re-exports it) to keep that module short.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import bound_values as bound_values  # noqa: PLC0414
from prompt_budget.lint.assignments import running_values, zero
from prompt_budget.lint.character_defaults import defaults_characters
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name
from prompt_budget.lint.self_attributes import self_attribute
from prompt_budget.lint.value_statistics import each_value
from prompt_budget.lint.walks import parents as parents_in
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def counts_characters(fn: ast.AST, name: str, rule: LintRule, depth: int = 0) -> bool:
    """Every read of ``name`` in ``fn`` cuts a string (``text[0:max_token - 1]``) or is compared with
    a string's length (``len(joined) > max_token``), directly or through a local derived from it
    (``share = int(max_token / len(records))`` ... ``record[0:share - 1]``): characters named as
    tokens (set 14: modelscope-agent). False when it is never read or any read is something else (a
    call's argument, a token list's slice, ``max_token * 4``: characters *from* tokens). Walks ``fn``
    once per name asked about: asked only for a parameter whose name says budget."""
    parents, reads = reads_of(fn, name)
    # a read shown in a message (``f"Limits input to {max_input} chars"``) says nothing of the unit
    reads = [r for r in reads if not isinstance(parents.get(r), ast.FormattedValue)]
    return bool(reads) and all(_character_read(r, parents, fn, rule, depth) for r in reads)


def bound_local(node: ast.AST | None) -> str | None:
    """The name a plain ``x = ...`` binds (one target, a name), else None."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id
    return None


def string_length(node: ast.AST, rule: LintRule) -> bool:
    """``len(text)`` of something that is not a list of tokens: a number of characters (or items)."""
    return (
        isinstance(node, ast.Call)
        and callee_name(node) == "len"
        and len(node.args) == 1
        and not rule.token_sequence(node.args[0])
    )


def compared_with_length(parent: ast.AST | None, child: ast.AST, rule: LintRule) -> bool:
    """``len(prompt) > self.MAX_PROMPT_LENGTH``: ``child`` ordered against a string's length (and
    nothing else) in ``parent``: a number of characters (or items)."""
    return (
        isinstance(parent, ast.Compare)
        and all(isinstance(op, _ORDER) for op in parent.ops)
        and all(_length_total(o, rule) for o in (parent.left, *parent.comparators) if o is not child)
    )


def _summed(node: ast.expr) -> list[ast.expr]:
    """The terms of a sum (``used + len(ids)``), or the node itself."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)):
        return [node]
    return [*_summed(node.left), *_summed(node.right)]


def _length_total(node: ast.AST, rule: LintRule) -> bool:
    """``len(text)``, or a running total plus one (``used + len(content) > budget``, set 185's bharatcode:
    a budget "up to the token budget" spent in characters): a sum of names and string lengths holding at
    least one length."""
    if type(node) is ast.Name:
        return _summed_lengths(node, rule)
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)):
        return string_length(node, rule)
    terms = _summed(node)
    lengths = [t for t in terms if string_length(t, rule)]
    # a total named as tokens (``total_tokens + len(ids)``) keeps tokens
    others = [t for t in terms if t not in lengths]
    return bool(lengths) and all(type(t) is ast.Name and not rule.token_amount(t) for t in others)


def _summed_lengths(node: ast.Name, rule: LintRule) -> bool:
    """``length = 0`` ... ``length += len(text)``: a local of the function only ever a sum of string lengths
    (set 541: acp-gateway's prompt blocks checked against ``self.max_prompt_length``)."""
    fn = rule.ctx.function()
    found = running_values(fn, node.id) if fn is not None else None
    if fn is None or found is None or not found[1]:
        return False
    values, added = found  # not ``len(ids)`` of ``ids = tokenizer.encode(block)``: tokens
    return all(zero(v) for v in values) and all(
        string_length(a, rule) and not encoded_length(fn, a, rule) for a in added
    )


def cuts_string(slice_: ast.Slice, parents: dict[ast.AST, ast.AST], rule: LintRule) -> bool:
    """The slice ``slice_`` cuts something that is not a list of tokens (``text[:limit]``)."""
    sliced = parents.get(slice_)
    return (
        isinstance(sliced, ast.Subscript)
        and not rule.token_sequence(sliced.value)
        and not _encodes(rule, sliced.value)
    )


def _encodes(rule: LintRule, node: ast.expr) -> bool:
    """``enc(text)`` where the function binds ``enc = lambda s: tok(s, add_special_tokens=False)["input_ids"]``:
    a call of a local that encodes into tokens (set 433: vegaml's ``enc(...)[:opt_max_tokens]``)."""
    fn = rule.ctx.function()
    if fn is None or not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
        return False
    name = node.func.id
    return any(
        isinstance(stmt, ast.Assign)
        and isinstance(stmt.value, ast.Lambda)
        and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets)
        and rule.token_sequence(stmt.value.body)
        for stmt in walk(fn)
    )


def reads_of(fn: ast.AST, name: str) -> tuple[dict[ast.AST, ast.AST], list[ast.Name]]:
    """Each node's parent in ``fn`` (``walks.parents``, made once per scope: read it, never change it),
    and the reads of the name ``name`` there."""
    reads = [
        node
        for node in walk(fn)
        if type(node) is ast.Name and node.id == name and isinstance(node.ctx, ast.Load)
    ]
    return parents_in(fn), reads


def every_read(
    rule: LintRule, target: ast.expr, test: Callable[[ast.Name, dict[ast.AST, ast.AST]], bool]
) -> bool:
    """``target``, a name bound in a function or at a module's top, is read there, and ``test`` holds
    of every read (given each node's parent). False for a class field: its methods read it through
    ``self``."""
    if not isinstance(target, ast.Name) or rule.ctx.tree is None:
        return False
    scope: ast.AST = rule.ctx.function() or rule.ctx.tree
    if scope is rule.ctx.tree and rule.ctx.scopes:
        return False
    parents, reads = reads_of(scope, target.id)
    return bool(reads) and all(test(r, parents) for r in reads)


def _rate(node: ast.expr) -> bool:
    """``avg_tokens_per_message``, ``self.tokens_per_item``: a divisor that is an amount per something."""
    name = attr_name(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
    return name is not None and "per" in words(name)


def _keeps_unit(parent: ast.AST | None, child: ast.AST) -> bool:
    """``n - 1``, ``n + 1``, ``mid + n`` (an offset moved by ``n``), ``n / len(records)``, ``int(n)``: arithmetic
    whose result counts what ``n`` counts (not ``n * 4``, which converts)."""
    if isinstance(parent, ast.BinOp):
        if isinstance(parent.op, (ast.Add, ast.Sub)):
            other = parent.right if parent.left is child else parent.left
            return isinstance(other, ast.Constant) or (type(other) is ast.Name and parent.right is child)
        # not ``max_tokens // avg_tokens_per_message``, a number of messages (set 263's pass: bytebuddhi)
        return (
            isinstance(parent.op, (ast.Div, ast.FloorDiv))
            and parent.left is child
            and not _rate(parent.right)
        )
    if isinstance(parent, ast.UnaryOp):
        return isinstance(parent.op, ast.USub)  # ``text[-n:]``
    if not (isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name)):
        return False
    if parent.func.id in {"min", "max"}:
        # ``max(max_input, max_output)``: bounds of one kind; not ``min(step, y.size - 1)``, whose other
        # side is some array's size
        return all(type(a) in (ast.Name, ast.Constant) for a in parent.args) and not parent.keywords
    return parent.func.id in {"int", "round"}


def _character_read(
    node: ast.AST, parents: dict[ast.AST, ast.AST], fn: ast.AST, rule: LintRule, depth: int
) -> bool:
    child, parent = node, parents.get(node)
    while parent is not None and _keeps_unit(parent, child):
        child, parent = parent, parents.get(parent)
    if isinstance(parent, ast.Slice):
        return cuts_string(parent, parents, rule)
    if isinstance(parent, ast.Compare) and all(isinstance(op, _ORDER) for op in parent.ops):
        sides = (parent.left, *parent.comparators)
        if any(
            encoded_length(fn, term, rule) for side in sides if side is not child for term in _summed(side)
        ):
            return False  # ``ids = tokenizer.encode(doc)`` ... ``if len(ids) > max_length``: tokens
        return compared_with_length(parent, child, rule) or all(
            _length_tally(fn, side, rule) for side in sides if side is not child
        )
    local = bound_local(parent)
    if local is not None and depth < 2:
        return counts_characters(fn, local, rule, depth + 1)
    if isinstance(parent, ast.keyword) and parent.arg and depth < 2:
        # ``LengthLimitRule(max_input=max_input_length)``: the module's own function, whose parameter
        # is compared with ``len(text)`` (set 83: agentos-framework's guardrails)
        callee = _own_function(rule, parents.get(parent))
        return callee is not None and counts_characters(callee, parent.arg, rule, depth + 1)
    if (
        isinstance(parent, ast.Assign)
        and depth < 2
        and len(parent.targets) == 1
        and (attr := self_attribute(parent.targets[0]))
    ):
        # ``self.max_prompt_length = max_prompt_length``: stored whole, its reads in the class decide
        return _attribute_counts_characters(rule, attr, depth + 1)
    return False


def _length_tally(fn: ast.AST, side: ast.expr, rule: LintRule) -> bool:
    """``total``, a local ``fn`` binds only to a sum of texts' lengths (``total = sum(len(message_text(m))
    for m in messages)``) and changes only by lengths (``total -= len(message_text(removed))``): a running
    count of characters (set 203: omni-coder's ``_trim_history``); not one named as tokens."""
    if type(side) is not ast.Name or rule.token_amount(side):
        return False
    found = running_values(fn, side.id) or running_values(fn, side.id, ast.Sub)
    if found is None:
        return False
    values, changes = found
    return (
        bool(values)
        and all(string_length(each_value(v) or v, rule) for v in values)
        and all(string_length(c, rule) for c in changes)
    )


def passed_as_characters(rule: LintRule, node: ast.expr) -> bool:
    """``node`` is handed, by position or keyword, to a top-level function of the module whose parameter
    counts characters (``counts_characters``): ``_trim_history(messages, cfg.context_window_budget * 4)``
    with ``def _trim_history(messages, budget)`` comparing ``budget`` with a running total of lengths; or
    it is the default of a parameter in characters (``character_defaults.defaults_characters``)."""
    if isinstance(node, ast.BinOp) and defaults_characters(rule, node):
        return True  # ``chunk_size: int = EMBEDDING.chunk_size_tokens * 4,  # approx chars`` (set 377)
    parent = rule.ctx.parent(node)
    call = rule.ctx.parent(parent) if isinstance(parent, ast.keyword) else parent
    callee = _own_function(rule, call)
    if callee is None or not isinstance(call, ast.Call):
        return False
    if isinstance(parent, ast.keyword):
        name = parent.arg
    else:
        positional = [*callee.args.posonlyargs, *callee.args.args]
        index = next((i for i, a in enumerate(call.args) if a is node), None)
        has_star = any(isinstance(a, ast.Starred) for a in call.args)
        name = (
            positional[index].arg if index is not None and index < len(positional) and not has_star else None
        )
    return name is not None and counts_characters(callee, name, rule, 1)


def _attribute_counts_characters(rule: LintRule, attr: str, depth: int) -> bool:
    """Every read of ``self.<attr>`` in the enclosing class's methods cuts a string or is compared with a
    string's length (set 163: blackboard-core's dataset logger, ``max_prompt_length: int = 4000`` stored
    and read only as ``to_context_string()[:self.max_prompt_length]``): characters, whatever the name."""
    cls = rule.ctx.enclosing_class()
    if rule.names.mentions_tokens(attr):
        return False  # ``self._min_raw_tokens`` compared with ``len(raw.split())``: named for tokens, kept so
    reads: list[tuple[ast.AST, ast.Attribute]] = []
    for method in cls.body if cls is not None else ():
        if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
            reads.extend(
                (method, n)
                for n in walk(method)
                if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load) and self_attribute(n) == attr
            )
    return bool(reads) and all(_character_read(n, parents_in(m), m, rule, depth) for m, n in reads)


def encoded_length(fn: ast.AST, side: ast.expr, rule: LintRule) -> bool:
    """``len(ids)`` of a local ``fn`` binds only to a tokenizer's output (``ids = self.tokenizer(doc,
    return_tensors="pt").input_ids[0]``, ``tokenizer.encode(doc)``; set 161: isage-refiner's
    ``_truncate_doc_content(doc_content, max_length=25000)``): a count of tokens, not of characters."""
    if not (isinstance(side, ast.Call) and callee_name(side) == "len" and len(side.args) == 1):
        return False
    local = side.args[0]
    if type(local) is not ast.Name:
        return False
    values = bound_values(fn, local.id)
    return bool(values) and all(rule.token_sequence(_unindexed(v)) for v in values)


def _unindexed(value: ast.expr) -> ast.expr:
    """``tokenizer(doc).input_ids[0]`` -> ``tokenizer(doc)``: a tokenizer's output, read by field or index."""
    while isinstance(value, (ast.Subscript, ast.Attribute)) and isinstance(
        value.value, (ast.Call, ast.Subscript, ast.Attribute)
    ):
        if isinstance(value, ast.Attribute) and value.attr not in {"input_ids", "ids", "tokens"}:
            break
        value = value.value
    return value


def _own_function(rule: LintRule, call: ast.AST | None) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The module's top-level function ``call`` calls by its name, else None."""
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
        return None
    body = rule.ctx.tree.body if isinstance(rule.ctx.tree, ast.Module) else []
    named = call.func.id
    found = [s for s in body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == named]
    return found[0] if len(found) == 1 else None


#: A validated field's bounds (pydantic's ``Field(le=...)``, ``lt=``, ``ge=``, ``gt=``).
_FIELD_BOUNDS = frozenset({"le", "lt", "ge", "gt"})


def bounds_characters(rule: LintRule, ancestors: Sequence[ast.AST]) -> bool:
    """The read (``ancestors[-1]``) is a bound of a field named as characters (``prompt_budget_chars: int
    = Field(default=6_000, le=MEMORY_PROMPT_BUDGET_CAP)``, set 80: hiveloom), or a name given under a keyword
    named as characters: a number of characters."""
    if len(ancestors) > 1 and isinstance(given := ancestors[-2], ast.keyword) and given.arg:
        # ``CodingAgent(context_budget_chars=context_budget)``: given under a keyword of characters (set 475: iterate-ai)
        said = rule.names.is_chars(given.arg) and not rule.names.mentions_tokens(given.arg)
        if said and isinstance(ancestors[-1], ast.Name):
            return True
    if len(ancestors) < 4:
        return False
    bound, call, stmt = ancestors[-2], ancestors[-3], ancestors[-4]
    if not (
        isinstance(bound, ast.keyword)
        and bound.arg in _FIELD_BOUNDS
        and isinstance(call, ast.Call)
        and callee_name(call) == "Field"
    ):
        return False
    target: ast.expr | None = stmt.target if isinstance(stmt, ast.AnnAssign) else None
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = stmt.targets[0]
    return isinstance(target, ast.Name) and rule.names.is_chars(target.id)


def repeats_string(rule: LintRule, node: ast.expr) -> bool:
    """``"x" * (stub_tokens * 4)``: ``node`` (a product of tokens) is how many times a string is repeated, so a
    number of characters (set 293: aacode's stand-in text sized to a count of tokens)."""
    parent = rule.ctx.parent(node)
    if not (isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mult)):
        return False
    other = parent.right if parent.left is node else parent.left
    return isinstance(other, ast.Constant) and isinstance(other.value, str)


def file_size(node: ast.expr) -> bool:
    """``path.stat().st_size``, ``os.path.getsize(p)``: a file's size in bytes, which a token estimate may divide
    as it divides a text's length (set 283: alexandria-wiki's ``tokens_est = size // 4``)."""
    if isinstance(node, ast.Attribute):
        return node.attr == "st_size"
    return isinstance(node, ast.Call) and callee_name(node) == "getsize"
