"""A setting counted in items turned into the same setting counted in tokens, for PB105 (budget-ratio; set
77: creevo-agent-library's ``max_tokens = payload.get("max_items", 50) * 2000`` and ``keep_recent_tokens =
config_data.get("keep_recent", 25) * 400``, "estimate 400 tokens per message"). The literal is a rate of
tokens per item (message, turn, document...): hard-coded, it sizes the budget from a guess at how long each
item is, which differs by model and task.

Both ends are the same setting: the product (through ``int()``/``round()``/``math.ceil()``) is bound to a
name or key that is a budget saying tokens (``max_tokens``, ``keep_recent_tokens``), the literal (a whole
number, 2 to 100,000) multiplies a read of a name or config key (``max_items``, ``cfg.get("keep_recent",
25)``) whose words, once its unit of items is left out, are those of the budget's once ``tokens`` is left
out (``max``, ``keep recent``). A read that says any other unit (characters, bytes, words, lines,
seconds: a rate of its own, PB104's for characters) or that is itself an amount of tokens (a budget grown
by a factor) is not one, nor a name multiplied into a budget of another name (``max_tokens = n_docs *
500``: no evidence the two are one setting). Read from the node's ancestors only (no walk).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.count_factors import kept_value
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, number
from prompt_budget.lint.small_caps import OUTPUT_CAPS

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_KEEPS = frozenset({"int", "round", "ceil", "floor", "float"})
#: Words of a count of items, left out of the read's name.
_ITEM_WORDS = frozenset(
    {
        "item",
        "items",
        "message",
        "messages",
        "msg",
        "msgs",
        "turn",
        "turns",
        "entry",
        "entries",
        "doc",
        "docs",
        "document",
        "documents",
        "chunk",
        "chunks",
        "page",
        "pages",
        "result",
        "results",
        "round",
        "rounds",
        "example",
        "examples",
        "step",
        "steps",
        "iteration",
        "iterations",
        "count",
        "n",
        "num",
    }
)
#: Words of a unit that is no count of items (a rate of its own).
_OTHER_UNITS = frozenset(
    {
        "char",
        "chars",
        "character",
        "characters",
        "byte",
        "bytes",
        "kb",
        "mb",
        "word",
        "words",
        "line",
        "lines",
        "second",
        "seconds",
        "secs",
        "ms",
        "minute",
        "minutes",
        "cost",
        "usd",
        "price",
        "memory",
    }
)
_TOKEN_WORDS = frozenset({"token", "tokens", "tok", "toks"})
#: Words of a table of budgets per resource (``budgets={"tokens": ..., "tool_calls": ...}``).
_TABLE_WORDS = frozenset({"budget", "budgets", "limit", "limits", "quota", "quotas"})
#: Words of a limit of items (``max_steps``) whose product is the tokens entry of such a table.
_LIMITS = frozenset({"max", "maximum", "limit"})


def _read_name(node: ast.expr) -> str | None:
    """The name or config key a count read reads: ``max_items``, ``self.max_items``, ``cfg["n"]``,
    ``cfg.get("keep_recent", 25)``, ``getattr(cfg, "max_items", 50)``."""
    if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)):
        return attr_name(node)
    if isinstance(node, ast.Call) and node.args:
        callee = callee_name(node)
        key = (
            node.args[0]
            if callee == "get"
            else node.args[1]
            if callee == "getattr" and len(node.args) > 1
            else None
        )
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            return key.value
    return None


def item_rate(rule: LintRule, node: ast.BinOp) -> tuple[ast.expr, float, str, str] | None:
    """(the rate's literal, its value, the finding's message without the advice, its key), else None."""
    if not isinstance(node.op, ast.Mult):
        return None
    child, parent = kept_value(rule, node, _KEEPS)
    if isinstance(parent, ast.Dict):
        return _entry_rate(rule, node, parent, child)
    if (asked := _output_rate(rule, node)) is not None:
        return asked
    if not (isinstance(parent, ast.Assign) and parent.value is child and len(parent.targets) == 1):
        return None
    target = parent.targets[0]
    name = attr_name(target) if isinstance(target, (ast.Name, ast.Attribute, ast.Subscript)) else None
    if not name or not rule.names.is_budget_setting(name) or not _TOKEN_WORDS & set(words(name)):
        return None
    return _rate(rule, node, name, [w for w in words(name) if w not in _TOKEN_WORDS])


#: Words of a list named as a whole (set 253: osojicode's ``len(batch) * 60``, ``len(metadata) * 200``).
_COLLECTIONS = frozenset({"batch", "metadata", "list", "group"})


def _output_rate(rule: LintRule, node: ast.BinOp) -> tuple[ast.expr, float, str, str] | None:
    """``max_tokens=min(1500, max(256, len(words) * 6))`` (set 183: reasonblocks' word classifier): a
    request's output cap sized per item of a list it sends, ``len(items)`` times a whole number, through
    clamps and ``int()``; the number is how many tokens the model may write per item."""
    _, parent = kept_value(rule, node, _KEEPS | {"min", "max"})
    if not (isinstance(parent, ast.keyword) and parent.arg in OUTPUT_CAPS):
        return None
    for literal, other in ((node.right, node.left), (node.left, node.right)):
        value = number(literal)
        if type(literal) is not ast.Constant or type(value) is not int or not 2 <= value <= 10_000:
            continue
        if not (isinstance(other, ast.Call) and callee_name(other) == "len" and len(other.args) == 1):
            continue
        listed = attr_name(other.args[0]) or ""
        plural = listed.endswith("s") and not listed.endswith("ss")
        if not plural and not set(words(listed)[-1:]) & _COLLECTIONS:
            continue  # a list named in the plural (``words``, ``messages``), not a text (``len(text)``)
        # ``len(ids) * 2``: tokens already; ``len(text_chars) * 2``: a unit of its own (a list of words is items)
        if rule.token_sequence(other.args[0]) or (_OTHER_UNITS - {"word", "words"}) & set(words(listed)):
            continue
        message = (
            f"hard-coded rate of {value} output tokens per item of `{listed}` in `{parent.arg}=` "
            f"(`{ast.unparse(node)}`)"
        )
        return literal, value, message, f"{parent.arg} per {listed}"
    return None


def _entry_rate(
    rule: LintRule, node: ast.BinOp, table: ast.Dict, value: ast.AST
) -> tuple[ast.expr, float, str, str] | None:
    """``budgets={"tokens": float(self.max_steps * 10_000), "tool_calls": float(self.max_steps)}`` (set
    81: agent47's durable run): the entry keyed by tokens alone of a table of budgets (given under a
    keyword, or bound to a name, saying budgets or limits), a limit of items times a rate."""
    at = next((i for i, v in enumerate(table.values) if v is value), None)
    key = table.keys[at] if at is not None else None
    if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
        return None
    if not (ws := set(words(key.value))) or not ws <= _TOKEN_WORDS:
        return None
    holder: ast.AST | None = rule.ctx.parent(table)
    while isinstance(holder, ast.IfExp):
        holder = rule.ctx.parent(holder)
    held = (
        holder.arg
        if isinstance(holder, ast.keyword)
        else attr_name(holder.targets[0])
        if isinstance(holder, ast.Assign) and len(holder.targets) == 1
        else None
    )
    if not held or not set(words(held)) & _TABLE_WORDS:
        return None
    return _rate(rule, node, f"{held}[{key.value!r}]", [])


def _rate(
    rule: LintRule, node: ast.BinOp, name: str, stem: list[str]
) -> tuple[ast.expr, float, str, str] | None:
    """The rate ``node`` multiplies a read of the same setting as the budget ``name`` by (its words
    ``stem`` once tokens are left out; none: a limit of items)."""
    for literal, other in ((node.right, node.left), (node.left, node.right)):
        value = number(literal)
        if type(literal) is not ast.Constant or type(value) is not int or not 2 <= value <= 100_000:
            continue
        read = _read_name(other)
        ws = words(read or "")
        if not ws or _OTHER_UNITS & set(ws) or _TOKEN_WORDS & set(ws) or rule.token_amount(other):
            continue
        rest = [w for w in ws if w not in _ITEM_WORDS]
        if (rest == stem) if stem else (rest and len(rest) < len(ws) and set(rest) <= _LIMITS):
            message = (
                f"hard-coded rate of {value} tokens per item in `{ast.unparse(node)}`, turning the count "
                f"`{read}` into the token budget `{name}`"
            )
            return literal, value, message, f"{name} per {read}"
    return None
