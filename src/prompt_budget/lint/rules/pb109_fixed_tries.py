"""PB109's wording for a fallback whose ``try`` asks tiktoken for a fixed OpenAI model's encoding
(``try: enc = encoding_for_model("gpt-4o-mini") except Exception: enc = get_encoding("cl100k_base")``):
the fallback is not for models tiktoken does not know, it covers a tiktoken too old to know that
model; either way one GPT encoding counts every model's tokens (set 25: memoryos's reader and embedder
counters). Kept apart from the rule: it reads the ``try`` around the handler, and words the finding.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from prompt_budget.lint.rule import callee_name, string_value
from prompt_budget.lint.rules.pb109_other_providers import fixed_gpt_encoding
from prompt_budget.lint.walks import walk


def fixed_model_tried(ancestors: Sequence[ast.AST]) -> str:
    """The OpenAI model named as a literal in ``encoding_for_model`` by the ``try`` whose handler holds
    the call being visited (``ancestors[-1]``), else ""."""
    for i in range(len(ancestors) - 1, 0, -1):
        if not isinstance(ancestors[i], ast.ExceptHandler):
            continue
        parent = ancestors[i - 1]
        if not isinstance(parent, ast.Try):
            return ""
        for node in (n for s in parent.body for n in walk(s)):
            if isinstance(node, ast.Call) and callee_name(node) == "encoding_for_model":
                return fixed_gpt_encoding(node, "encoding_for_model")
        return ""
    return ""


def fixed_fallback_message(model: str, fallback: ast.Call) -> str:
    """The finding's words: one GPT encoding (``model``'s, or the fallback's when tiktoken is too old to
    know ``model``) counts the tokens of whatever model the text is for."""
    arg = string_value(fallback.args[0]) if fallback.args else None
    other = repr(arg) if arg is not None else ast.unparse(fallback)
    return (
        f"a fixed GPT encoding counts every model's tokens: encoding_for_model({model!r}), or {other} "
        "when tiktoken is too old to know that model; the models the counts are for (Claude, Gemini, "
        "Llama...) split text differently"
    )


def retried_as_encoding(call: ast.Call, ancestors: Sequence[ast.AST]) -> bool:
    """``try: enc = encoding_for_model(model) except Exception: enc = get_encoding(model)``: the handler
    (``ancestors``' nearest) tries the same string as an encoding name; for a model's name it raises, so
    the line counts with no fixed encoding (set 49: chainforge, whose real ``cl100k_base`` fallback
    follows in the next handler and is reported there)."""
    arg = call.args[0] if call.args else None
    if arg is None or string_value(arg) is not None:
        return False
    shown = ast.unparse(arg)
    for i in range(len(ancestors) - 1, 0, -1):
        handler, parent = ancestors[i], ancestors[i - 1]
        if not isinstance(handler, ast.ExceptHandler):
            continue
        if not isinstance(parent, ast.Try) or any(
            isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.NamedExpr))
            and any(ast.unparse(t) == shown for t in _targets(n))
            for s in handler.body
            for n in walk(s)
        ):
            return False  # ``model = "cl100k_base"`` in the handler: a fixed encoding (langchain-community)
        return any(
            isinstance(node, ast.Call)
            and callee_name(node) == "encoding_for_model"
            and node.args
            and ast.unparse(node.args[0]) == shown
            for node in (n for s in parent.body for n in walk(s))
        )
    return False


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return node.targets
    if isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.NamedExpr)):
        return [node.target]
    return []
