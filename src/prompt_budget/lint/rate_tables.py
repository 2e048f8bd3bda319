"""PB104's reading of a table of rates: a dict named as a per-token conversion whose values are all
rates (``_FAMILY_CHARS_PER_TOKEN = {"anthropic": 3.5, "openai": 4.0, "default": 4.0}``, set 69:
duh-cli), calibrated values kept in code like ``CHARS_PER_TOKEN = 4``, reported once as a table (as
PB107 reports one table of windows). Kept apart from the rule: it judges no finding itself.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.forms import per_token_key
from prompt_budget.lint.rule import number
from prompt_budget.lint.stated_rates import comment_above
from prompt_budget.lint.walks import innermost_statement

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The widest rate a table of text conversions holds (characters per token of a dense script to a
#: verbose one); a larger value is no rate (a limit, a count).
_HIGHEST = 12


#: A comment naming the conversion a table holds: "Characters-per-token by content kind", "chars/token".
_CHARS_PER_TOKEN = re.compile(r"\b(?:char(?:acter)?s?[- ]?(?:per|/)[- ]?token)\b", re.IGNORECASE)


_FACTOR = re.compile(r"\b(?:factor|factors|safety|margin|multiplier)\b", re.IGNORECASE)


def rate_table(name: str, table: ast.Dict, rule: LintRule | None = None) -> tuple[str, list[float]] | None:
    """(the key, the rates) of a dict of two or more rates, every value a number in a rate's range,
    under a name of a per-token conversion, or (with ``rule``, a module's table) under a comment right
    above it naming characters per token (set 247: contextviz's ``DIVISORS = {"prose": 4.0, "code": 3.0,
    ...}`` under "# Characters-per-token by content kind"); None otherwise."""
    if len(table.values) < 2 or any(k is None for k in table.keys):
        return None
    rates = [number(v) for v in table.values]
    found = [r for r in rates if r is not None and 0 < r <= _HIGHEST]
    if len(found) != len(rates):
        return None
    keys = {per_token_key(name, r) for r in found}
    key = keys.pop() if len(keys) == 1 else None
    if key is None and rule is not None and rule.ctx.function() is None:
        statement = innermost_statement(rule.ctx.ancestors)
        said = comment_above(rule.ctx.lines, statement) if isinstance(statement, ast.Assign) else ""
        # a factor applied to such a rate (carrel's "chars-per-token safety factor ... per format") is none
        key = "chars_per_token" if _CHARS_PER_TOKEN.search(said) and not _FACTOR.search(said) else None
    return (key, found) if key is not None else None


def report_rate_table(rule: LintRule, name: str, literal: ast.Dict) -> bool:
    """Report ``literal`` bound to ``name`` when it is a table of rates (``rate_table``); whether it was."""
    table = rate_table(name, literal, rule)
    if table is None:
        return False
    what, rates = table[0].replace("_", " ").replace("char", "character"), table[1]
    rule.report(
        literal,
        f"hard-coded table of {len(rates)} ratios of {what} ({min(rates):g} to {max(rates):g}) in a "
        "token estimate; keep the calibrated values in config (or count with a real tokenizer)",
        key_parts=(table[0], rule.scope_key(), rule.ctx.module_name),
        advice="move the table into [tool.prompt_budget.values] by hand",
    )
    return True
