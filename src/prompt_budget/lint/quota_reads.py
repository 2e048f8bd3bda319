"""The quota of tokens per minute an amount reads, for PB105's shares of a quota (``token_quotas`` judges the name)."""

from __future__ import annotations

import ast

from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.token_quotas import token_quota_name


def quota_read(node: ast.expr) -> tuple[str | None, str | None]:
    """(the name judged as a quota, the name shown) of the amount ``node`` reads: a field named for tokens per minute
    read through an object named for a quota joins that name (``quota.tokens_per_minute`` is judged as
    ``quota_tokens_per_minute``; set 598: toxp's ``int((quota.tokens_per_minute * 0.6) / tokens_per_request)``)."""
    name = attr_name(node)
    if not name or type(node) is not ast.Attribute or token_quota_name(name):
        return name, name
    held = attr_name(node.value) or "_"
    return (f"{held}_{name}", f"{held}.{name}") if "_" not in held else (name, name)
