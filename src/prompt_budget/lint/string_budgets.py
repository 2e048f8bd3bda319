"""A budget written as a string of digits, for PB102: a settings class or a module whose values the environment
may replace keeps its defaults as the strings the environment would give (``phantom_max_context_ceiling =
"131072"  # hard limit on context tokens``, ``phantom_max_request_estimated_tokens = "220000"``; set 155:
phantom-agent's ``Config``, read through ``int(Config.get(...))``). A name that is a budget on its own bound to
such a string, as a class's attribute or a module's constant, is a budget like the number it spells. Reported to
move by hand: the code reads a string there, which ``prompt_budget.value`` would not give back. Only whole
numbers written with digits alone or with a suffix of thousands or millions (``AUTOCOMPACT_WINDOW: str = "200k"``,
handed to ``claude --autocompact``; set 194: cloudagent-daemon), and large enough to be reported as numbers. Judges
nothing else.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING, Final

from prompt_budget.lint.names import UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_DIGITS: Final = re.compile(r"(?P<digits>[1-9][0-9]{1,8}|[1-9][0-9]{0,3}(?=[kKM]))(?P<suffix>[kKM]?)")
#: What a suffix multiplies by (``"200k"``, ``"1M"``; a lower-case ``m`` is left: ``"5m"`` is minutes).
_SUFFIXES: Final = {"": 1, "k": 1_000, "K": 1_000, "M": 1_000_000}
#: The last word of a window's name.
_WINDOW_WORDS: Final = frozenset({"window", "context", "ctx"})


def string_budget(rule: LintRule, node: ast.Assign | ast.AnnAssign) -> None:
    """Report ``node`` when it binds a name that is a budget to a string of digits at a class's or a
    module's top level."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    value = node.value
    if len(targets) != 1 or not isinstance(value, ast.Constant) or type(value.value) is not str:
        return
    spelled = _DIGITS.fullmatch(value.value)
    if spelled is None or not isinstance(rule.ctx.parent(node), (ast.ClassDef, ast.Module)):
        return
    name = attr_name(targets[0]) if isinstance(targets[0], ast.Name) else None
    amount = int(spelled["digits"]) * _SUFFIXES[spelled["suffix"]]
    number = ast.Constant(value=amount)
    if not name or rule.budget_literal(number) is None:
        return
    if not rule.names.is_budget(name) and not (spelled["suffix"] and _spoken_window(rule, name)):
        return
    rule.report(
        value,
        f'token budget {name} = "{value.value}", a budget written as a string ('
        + (f"{amount} tokens" if spelled["suffix"] else "a setting's default, read as a number")
        + "); move it to config so it can be tuned and tested",
        key_parts=(f"{rule.scope_key()} {name}", rule.ctx.module_name),
        advice=f"move it into [tool.prompt_budget.values] by hand ({name} = {amount}) and read it from there",
    )


def _spoken_window(rule: LintRule, name: str) -> bool:
    """``AUTOCOMPACT_WINDOW``: a name ending with a window's word and no other unit's, whose value is spoken
    as thousands or millions (``"200k"``): a window is so spoken in tokens."""
    ws = words(name)
    return (
        bool(ws) and ws[-1] in _WINDOW_WORDS and not set(ws) & UNIT_WORDS and not rule.names.is_excluded(name)
    )
