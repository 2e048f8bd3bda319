"""A length given to a Hugging Face text-generating ``pipeline`` object's call: ``self._summarizer(
prompt, min_length=30)`` where ``self._summarizer = pipeline("summarization", ...)`` (set 39: lm-buddy).
The pipeline hands ``min_length``/``max_length`` to its model's ``generate``, where they count tokens of
the generated text; a pipeline of another task (``"ner"``, ``"fill-mask"``) generates nothing.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.generation_lengths import length_limit_keyword
from prompt_budget.lint.rule import callee_name, string_value
from prompt_budget.lint.walks import statements

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The tasks whose pipeline generates text with a language model's ``generate``.
GENERATING_TASKS = frozenset(
    {"summarization", "text-generation", "text2text-generation", "translation", "image-to-text"}
)


def generating_pipeline(node: ast.expr | None) -> bool:
    """``pipeline("summarization", model=m)``, ``pipeline(task="text-generation")``,
    ``pipeline("translation_en_to_fr")``, also called out of a dict (``self.client["pipeline"] (...)``)."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    # ``self.client["pipeline"] ("text-generation", model=m)``: transformers' pipeline kept in a dict (set 503: asha-si)
    held = isinstance(func, ast.Subscript) and string_value(func.slice) == "pipeline"
    if callee_name(node) != "pipeline" and not held:
        return False
    task = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "task"), None)
    name = string_value(task) if task is not None else None
    return name is not None and (name in GENERATING_TASKS or name.startswith("translation_"))


def _key(node: ast.expr) -> str | None:
    """``x`` -> x, ``self.x`` -> self.x; else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return f"self.{node.attr}"
    return None


def _bound_to_pipeline(stmts: Sequence[ast.AST], receiver: str) -> bool | None:
    """``receiver`` (a name, or ``self.x``) is bound in ``stmts`` to a generating pipeline and to
    nothing else (True), to something else too (False), or not bound there (None)."""
    found = None
    for stmt in stmts:
        if isinstance(stmt, ast.Assign):
            pairs = [(t, stmt.value) for t in stmt.targets]
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            pairs = [(stmt.target, stmt.value)]
        else:
            continue
        for target, value in pairs:
            if _key(target) != receiver:
                continue
            if not generating_pipeline(value):
                return False
            found = True
    return found


def pipeline_length(rule: LintRule, keyword: str, call: ast.Call) -> bool:
    """``summarizer(text, min_length=30)``, ``pipeline("text-generation")(p, max_length=200)``: a
    generation length given to a text-generating pipeline, bound to a local, a module name or an
    attribute of ``self``."""
    if not length_limit_keyword(keyword):
        return False
    func = call.func
    if generating_pipeline(func):
        return True
    receiver = _key(func)
    if receiver is None:
        return False
    if isinstance(func, ast.Attribute):
        owner = rule.ctx.enclosing_class()
        return owner is not None and bool(_bound_to_pipeline(statements(owner), receiver))
    fn = rule.ctx.function()
    local = _bound_to_pipeline(statements(fn), receiver) if fn is not None else None
    if local is None and isinstance(rule.ctx.tree, ast.Module):
        local = _bound_to_pipeline(rule.ctx.tree.body, receiver)  # a pipeline of the module
    return bool(local)
