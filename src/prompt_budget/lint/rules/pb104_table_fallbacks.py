"""PB104's reading of a rate table's fallback: ``chars_per = self.CHARS_PER_TOKEN.get(family, 4.0)`` (set
83: agentos-framework). A read of a table named for a per-token conversion (``CHARS_PER_TOKEN``,
``TOKENS_PER_WORD``) whose default is a literal: the default is one more rate, used for every key the
table lacks, and is reported at the literal as a named rate is (the table's own values are reported where
the table is written). A table of another unit (``COST_PER_CHARACTER``, ``TOKENS_PER_MESSAGE``) says no
text conversion and is left.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from prompt_budget.lint.forms import per_token_key
from prompt_budget.lint.rule import attr_name, number, string_value


def rate_fallback(node: ast.expr, ancestors: Sequence[ast.AST]) -> tuple[ast.expr, float, str] | None:
    """(the fallback literal, its value, the rate's key) of ``<per-token table>.get(key, <number>)``, or
    of a conditional or an ``or`` (``node``, the last of ``ancestors``: ``read_fallback``), else None."""
    if not isinstance(node, ast.Call):
        return read_fallback(node, ancestors[-2] if len(ancestors) > 1 else None)
    func = node.func
    if (
        isinstance(func, ast.Name)
        and func.id == "getattr"
        and len(node.args) == 3
        and (key_name := string_value(node.args[1])) is not None
    ):
        # ``getattr(task, "chars_per_token", 4.0)``: the rate a missing setting falls back to (set 138:
        # 2b-agent's calibrated rate)
        value = number(node.args[2])
        key = per_token_key(key_name, value) if value else None
        return None if key is None or value is None else (node.args[2], value, key)
    if not (isinstance(func, ast.Attribute) and func.attr in {"get", "getenv"} and len(node.args) == 2):
        return None
    if (key_name := string_value(node.args[0])) is not None:
        # ``cfg.get("chars_per_token", 4)``: a setting's key names the rate; ``int(os.environ.get(
        # "ARACHNA_CHARS_PER_TOKEN", "4"))`` too, its default spelled as the text the variable would hold (set 333)
        value = number(node.args[1]) or _parsed(node.args[1], ancestors)
        key = per_token_key(key_name, value) if value else None
        if key is not None and value is not None:
            return node.args[1], value, key
    value = number(node.args[1])
    name = attr_name(func.value)
    if not value or name is None:
        return None
    key = per_token_key(name, value)
    return None if key is None else (node.args[1], value, key)


def _named_slot(parent: ast.AST | None, node: ast.expr) -> str | None:
    """The name ``node`` is bound or given to (an assignment's target, a keyword), else None."""
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
        return attr_name(parent.targets[0])
    if isinstance(parent, ast.AnnAssign):
        return attr_name(parent.target)
    return parent.arg if isinstance(parent, ast.keyword) else None


def read_fallback(node: ast.expr, parent: ast.AST | None) -> tuple[ast.expr, float, str] | None:
    """(the literal, its value, the rate's key) of the fallback of a read of a per-token conversion:
    ``bc.char_to_token_ratio if bc else 3.5``, ``cfg.chars_per_token or 4`` (set 98: ashlar-ao): the
    rate used whenever the configured one is missing. A conditional bound or given to a per-token name
    itself (``chars_per_token = cfg.chars_per_token if cfg else 4``) is judged by that name instead."""
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or) and len(node.values) > 1:
        pairs = [(node.values[-1], node.values[-2])]
    elif isinstance(node, ast.IfExp):
        slot = _named_slot(parent, node)
        if slot is not None and per_token_key(slot) is not None:
            return None
        pairs = [(node.orelse, node.body), (node.body, node.orelse)]
    else:
        return None
    for literal, other in pairs:
        value = number(literal)
        name = attr_name(other) if value else None
        key = per_token_key(name, value) if name and value else None
        if key is not None:
            return literal, value or 0.0, key
    return None


def _parsed(literal: ast.expr, ancestors: Sequence[ast.AST]) -> float | None:
    """The number a string default spells where the read is parsed as one (``int(env.get(k, "4"))``)."""
    text = string_value(literal)
    parent = ancestors[-2] if len(ancestors) > 1 else None
    if text is None or not (isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name)):
        return None
    if parent.func.id not in {"int", "float"}:
        return None
    try:
        return float(text) if "." in text else int(text)
    except ValueError:
        return None
