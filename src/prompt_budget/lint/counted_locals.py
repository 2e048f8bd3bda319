"""A local that only ever holds a number of tokens, whatever it is named: a running total of token
counts (``total = 0`` ... ``estimate = cls.estimate_tokens(text)`` ... ``total += estimate``; set 71:
hotaru-code's pruning of old tool outputs), what is left of a budget (``remaining = max_tokens -
total_tokens``; set 72: nanoindex; ``MAX_TASK_CONTEXT_TOKENS - used``, a budget less a
local, set 154: ouro-agents), or a count read with a fallback of none (``budget =
thinking.get("budget_tokens") or 0``; set 115: agentlys), or a call counting tokens by its name
(``before = estimate_tokens(messages)``; set 134: fr-cli), also awaited (``current = await
self._current_context_tokens()``; set 227: soul-protocol). A number it is compared with is a threshold on
tokens."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import clamp_args, running_values, zero
from prompt_budget.lint.character_reads import bound_values, encoded_length, string_length
from prompt_budget.lint.counter_calls import counter_call
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, number, string_value
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


#: Words of a callee that counts or estimates (``estimate_tokens``, ``count_tokens``, ``num_tokens_from``).
_COUNTING = frozenset(
    {"count", "counts", "estimate", "estimated", "num", "tokenize", "tokenized", "len", "current"}
)


def _counts(rule: LintRule, values: list[ast.expr]) -> bool:
    """``before = estimate_tokens(messages)``: every binding a call that counts tokens by its name (a
    callee saying it counts or estimates, and tokens), whatever the local is named (set 134: fr-cli's
    ``if threshold <= 0 or before <= threshold``)."""
    values = [v.value if isinstance(v, ast.Await) else v for v in values]  # ``await self._current_tokens()``
    return all(
        isinstance(v, ast.Call)
        and (
            (bool(_COUNTING.intersection(words(callee_name(v) or ""))) and rule.token_amount(v))
            or summed_counts(rule, v)
            or read_setting(rule, v)
        )
        for v in values
    )


def read_setting(rule: LintRule, call: ast.Call) -> bool:
    """``getattr(client, "num_predict", None)``: a read of an attribute named for an amount of tokens, as
    ``client.num_predict`` is (set 565: scene-memory's ``budget = getattr(client, "num_predict", None)`` ... ``if
    budget < MIN_ARBITER_BUDGET``)."""
    return (
        callee_name(call) == "getattr"
        and len(call.args) >= 2
        and rule.names.is_token_amount(string_value(call.args[1]) or "")
    )


def summed_counts(rule: LintRule, call: ast.Call) -> bool:
    """``sum(pt.total_tokens for pt in phases)``: a sum of token counts, one per item (set 285: pact-agents'
    phase balance check)."""
    return (
        callee_name(call) == "sum"
        and len(call.args) == 1
        and isinstance(gen := call.args[0], (ast.GeneratorExp, ast.ListComp))
        and type(gen.elt) in (ast.Attribute, ast.Call)  # ``sum(est_tokens(d) for d in descs)`` (set 297)
        and rule.token_amount(gen.elt)
    )


def _budget(rule: LintRule, node: ast.expr) -> bool:
    """``MAX_TASK_CONTEXT_TOKENS``, ``self.max_tokens``: a name saying it is a budget of tokens."""
    name = attr_name(node) if isinstance(node, ast.Name | ast.Attribute) else None
    return name is not None and rule.names.is_budget(name)


def _spent(fn: ast.AST, node: ast.expr) -> bool:
    """``used``: a local running total, started at zero and only added to (``used = 0`` ... ``used +=
    tokens``), what has been spent of a budget; not an index or an offset (``max_tokens - start``)."""
    found = running_values(fn, node.id) if type(node) is ast.Name else None
    return found is not None and bool(found[1]) and all(zero(v) for v in found[0])


def _indexed(node: ast.expr) -> bool:
    """``-1``, ``0``: an index written as a whole number."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return type(node) is ast.Constant and type(node.value) is int


def _counted(rule: LintRule, fn: ast.AST, value: ast.expr, depth: int = 0) -> bool:
    """``count_tokens(block)``, ``max_tokens - total_tokens`` (both sides tokens), or a local bound
    (every time) to one of those."""
    if isinstance(value, ast.Await):
        value = value.value
    if isinstance(value, ast.Call):
        return rule.token_amount(value) or summed_counts(rule, value) or read_setting(rule, value)
    if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or) and len(value.values) == 2:
        # a count read with a fallback of none (``thinking.get("budget_tokens") or 0``, set 115: agentlys),
        # or a window read with a number for its fallback (``details.context_length or 8192``, set 196)
        first, fallback = value.values
        if zero(fallback):
            return isinstance(first, ast.Call) and rule.token_amount(first)
        return number(fallback) is not None and type(first) is ast.Attribute and rule.token_amount(first)
    if type(value) is ast.Attribute:
        # ``window = details.context_length`` ... ``min(window, 32768)``: a budget read into a local (set 196)
        return rule.token_amount(value)
    if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)):
        if isinstance(value.op, ast.Sub) and _budget(rule, value.left) and _spent(fn, value.right):
            return True  # ``MAX_TASK_CONTEXT_TOKENS - used``: what is left of a budget (set 154: ouro-agents)
        if (
            isinstance(value.op, ast.Sub)
            and type(value.right) is ast.Name
            and value.right.id.lstrip("_").isupper()
        ):
            # ``context_size - prompt_tokens - _SAFETY_MARGIN``: a count less a constant reserve (set 521)
            return rule.token_amount(value.left)
        return rule.token_amount(value.left) and rule.token_amount(value.right)
    if isinstance(value, ast.Subscript) and _indexed(value.slice) and (name := attr_name(value.value)):
        # ``recent_output_tokens[-1]``: one of a list of counts of tokens (set 183: reasonblocks)
        ws = words(name)
        return "tokens" in ws and len(ws) > 1 and not {"id", "ids"} & set(ws)
    if type(value) is ast.Name and depth == 0:
        values = bound_values(fn, value.id)
        return bool(values) and all(_counted(rule, fn, v, depth + 1) for v in values)
    return False


def token_local(rule: LintRule, amount: ast.expr) -> bool:
    """``amount`` is a local of the enclosing function every binding of which is a token count (a
    running total may start at ``0`` and only grow by token counts, ``total += estimate``). A local
    bound to a call alone is left to the readings that already follow it."""
    return local_of_counts(rule, rule.ctx.function(), amount)


def local_of_counts(rule: LintRule, fn: ast.AST | None, amount: ast.expr) -> bool:
    """``token_local`` of a local of ``fn``, whatever function the rule is visiting."""
    if fn is not None and isinstance(amount, ast.Call) and type(amount.func) is ast.Name:
        # ``count(context)``, ``count, _ = tokenizer()``; ``len(ids)`` of ``ids = tokenizer.encode(doc)``
        return counter_call(rule, amount) or encoded_length(fn, amount, rule)
    if fn is None or type(amount) is not ast.Name:
        return False
    if _tokens_taken_off(rule, fn, amount.id):
        return True  # ``remaining -= tokens``: what is left of a budget of tokens (set 343: ctxeng)
    found = running_values(fn, amount.id)
    if found is None:
        return False
    values, added = found
    # ``target_total = max(target_total, 2000)``: a floor of the local's own count is judged by the rest (set 521)
    values = [v for v in values if not _self_clamp(v, amount.id)] if len(values) > 1 else values
    if not values or (
        not added and any(isinstance(v, (ast.Call, ast.Await)) for v in values) and not _counts(rule, values)
    ):
        return False
    started = [v for v in values if not (added and zero(v))]
    return all(_counted(rule, fn, v) for v in (*started, *added))


def _self_clamp(value: ast.expr, name: str) -> bool:
    """``max(target_total, 2000)`` rebinding ``target_total``: a clamp of the local itself by numbers."""
    args = clamp_args(value)
    own = [a for a in args or () if type(a) is ast.Name and a.id == name]
    return len(own) == 1 and all(a in own or number(a) is not None for a in args or ())


def _tokens_taken_off(rule: LintRule, fn: ast.AST, name: str) -> bool:
    """The function takes a count of tokens off the local ``name`` (``remaining -= tokens``)."""
    return any(
        type(n) is ast.AugAssign
        and isinstance(n.op, ast.Sub)
        and type(n.target) is ast.Name
        and n.target.id == name
        and rule.token_amount(n.value)
        for n in walk(fn)
    )


def len_of_encoded(rule: LintRule, amount: ast.expr) -> bool:
    """``ids = tokenizer.encode(text)`` ... ``len(ids)``: the length of a local bound in the function to a
    token list (set 22: lmdeploy's calibration loader), whatever the local is named."""
    fn = rule.ctx.function()
    if not (
        fn is not None
        and isinstance(amount, ast.Call)
        and callee_name(amount) == "len"
        and len(amount.args) == 1
        and type(amount.args[0]) is ast.Name
    ):
        return False
    name = amount.args[0].id
    return any(
        isinstance(n, ast.Assign)
        and any(type(t) is ast.Name and t.id == name for t in n.targets)
        and isinstance(n.value, ast.Call)
        and rule.token_sequence(n.value)
        for n in walk(fn)
    )


def bound_to_count(rule: LintRule, amount: ast.expr) -> bool:
    """``old_len = estimate_tokens(old_text)`` ... ``if old_len < 200``: a local bound (every time) in the function
    to a count of tokens, whatever the local is named (set 25: memoryos; PB103's)."""
    fn = rule.ctx.function()
    if fn is None or type(amount) is not ast.Name:
        return False
    values = bound_values(fn, amount.id)
    return bool(values) and all(isinstance(v, ast.Call) and rule.token_amount(v) for v in values)


def counted_term(rule: LintRule, node: ast.expr) -> bool:
    """``node``, or a term of the sum ``node`` (``receipt.budget_spent + prompt_cost`` where ``prompt_cost =
    count_tokens(chunk)``, set 521: theoremql), is a local only ever holding tokens (``token_local``)."""
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        if token_local(rule, node.right):
            return True
        node = node.left
    return token_local(rule, node)


def bound_to_length(rule: LintRule, amount: ast.expr) -> bool:
    """``context_size = len(str(self.current_context))`` ... ``if context_size > 50``: a local bound (every time)
    in the function to the length of something that is no list of tokens, a number of characters or items
    whatever it is named (set 523: agenthelm-sdk's log line)."""
    fn = rule.ctx.function()
    if fn is None or type(amount) is not ast.Name:
        return False
    values = bound_values(fn, amount.id)
    # not ``n = len(encoded)`` of ``encoded = tokenizer.encode(text)``: a count of tokens (``len_of_encoded``)
    return bool(values) and all(string_length(v, rule) and not len_of_encoded(rule, v) for v in values)
