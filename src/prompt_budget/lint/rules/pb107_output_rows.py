"""PB107's reading of a model table written as calls keyed by the model's name (set 59: symbolicai's
``{"claude-opus-4-6": AnthropicModelSpec(context_tokens=200_000, response_tokens=128_000, ...)}``): beside
the row's window (a keyword that is a budget by name, reported as such), a ``<what>_tokens`` keyword
naming the model's output (``response_tokens``, ``output_tokens``, ``completion_tokens``) is the most the
model may answer, a cap per model, not a count read from a response (a count is never a table's row,
keyed by a model's name and written as a literal). One finding per row, on that literal. Kept apart from
the rule: it reads one call and its dict, and judges nothing else.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.model_names import looks_like_model_name
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: First words of a keyword naming what the model writes back.
_OUTPUT_WORDS = frozenset({"response", "output", "completion", "generation", "reply", "answer"})


def _output_keyword(name: str) -> bool:
    """``response_tokens``, ``output_tokens``: the tokens a model writes, as a field of its spec."""
    return list(words(name))[1:] == ["tokens"] and words(name)[0] in _OUTPUT_WORDS


def _model_table(rule: LintRule, table: ast.Dict) -> bool:
    """Keyed by models' names: one of its keys looks like one (``"zai-glm-4.7"`` beside ``"gpt-oss-120b"``),
    or the name it is bound to says models (``ORCAROUTER_MODEL_SPECS = {"orcarouter/auto": ...}``)."""
    if any(looks_like_model_name(string_value(k) or "") for k in table.keys if k is not None):
        return True
    parent = rule.ctx.parent(table)
    target = parent.targets[0] if isinstance(parent, ast.Assign) and len(parent.targets) == 1 else None
    if isinstance(parent, ast.AnnAssign):
        target = parent.target
    return isinstance(target, ast.Name) and bool({"model", "models"} & set(words(target.id)))


def output_row(rule: LintRule, node: ast.Call) -> tuple[ast.expr, int | float, str, str] | None:
    """For a call that is a value of a dict literal, keyed by a model's name, with a window keyword
    that is a budget by name: its output keyword's literal, value, keyword and the model; else None."""
    parent = rule.ctx.parent(node)
    if not isinstance(parent, ast.Dict) or not node.keywords:
        return None
    index = next((i for i, v in enumerate(parent.values) if v is node), None)
    key = parent.keys[index] if index is not None else None
    model = string_value(key) if key is not None else None
    if model is None or not _model_table(rule, parent):
        return None
    if not any(kw.arg and rule.names.is_budget(kw.arg) for kw in node.keywords):
        return None  # no window beside it: not a model's spec of token limits
    for kw in node.keywords:
        if kw.arg and _output_keyword(kw.arg) and not rule.names.is_budget(kw.arg):
            value = rule.budget_literal(kw.value)
            if value is not None:
                return kw.value, value, kw.arg, model
    return None
