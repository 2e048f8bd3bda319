"""A fallback a getter returns when its docstring says it returns a maximum of tokens (PB102; set 64:
orchestral-ai's ``get_output_limit``)::

    def get_output_limit(model_name: str) -> int:
        \"\"\"Get the maximum output tokens for a model.\"\"\"
        details = MODEL_DETAILS.get(model_name, {})
        return details.get('output_limit', 8192)  # Conservative default

The key (``output_limit``) names no unit, but the function documents what it returns as a maximum
number of tokens: the fallback it returns for a model the mapping does not know is that maximum, a
budget written in code. Only the docstring's first sentence is read, and only a maximum (``max``,
``maximum``, ``limit``) of tokens counts, not a count of tokens used.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.names import CHAR_WORDS, excluded, words
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.window_lengths import setting_fallback

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: A first sentence saying a maximum of tokens: "Get the maximum output tokens for a model".
_MAXIMUM_TOKENS = re.compile(r"\b(?:max|maximum|limit)\b[^.\n]{0,40}?\btokens?\b", re.IGNORECASE)
#: Conversions a returned fallback may sit in: ``int(cfg.get("limit", 4096))``.
_KEEPING = frozenset({"int"})


def documented_getter_fallback(rule: LintRule, call: ast.Call) -> None:
    """``return details.get("output_limit", 8192)`` in a function documented as returning a maximum
    of tokens: report the fallback."""
    found = setting_fallback(call)
    if found is None or isinstance(call.func, ast.Name):
        return  # ``getattr(obj, "limit", 4096)``: an attribute's default, read by other rules
    if rule.names.is_budget(found[0]) or excluded(words(found[0])) or set(words(found[0])) & CHAR_WORDS:
        return  # a budget's key is read by its name (PB101); a key saying another unit is none
    value = rule.budget_literal(found[1])
    if value is None or any(r.target is found[1] for r in rule.ctx.reports):
        return
    node: ast.AST = call
    for ancestor in reversed(rule.ctx.ancestors[:-1]):
        if isinstance(ancestor, ast.Call) and (callee_name(ancestor) or "") in _KEEPING:
            node = ancestor
            continue
        if not (isinstance(ancestor, ast.Return) and ancestor.value is node):
            return
        break
    fn = rule.ctx.function()
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return
    doc = ast.get_docstring(fn) or ""
    first = doc.split(".", 1)[0].split("\n\n", 1)[0]
    if _MAXIMUM_TOKENS.search(first):
        message = (
            f"token budget {found[0]}={value} as a fallback default, returned by `{fn.name}`, documented as "
            "a maximum of tokens; move it to config so it can be tuned and tested"
        )
        rule.report_literal(found[1], message, value, found[0])
