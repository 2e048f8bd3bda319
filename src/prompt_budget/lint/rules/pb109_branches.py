"""PB109's evidence that a fixed GPT encoding counts tokens for another provider's model in the same
function: the encoding is chosen before an ``if`` that dispatches on the model's name, and a branch of
that ``if`` sends the request to another provider's client (``if model_name.startswith("gpt"):
call_chat(...) else: call_anthropic(...)``), so the count made with the GPT encoding (a context budget
filled with ``cl100k`` tokens) serves that provider's model too (set 25: swebench's live runner, which
picks its tokenizer with ``TOKENIZER_FUNCS["cl100k"]`` for every model). Kept apart from the rule: it
reads the enclosing function's statements, not the call's context; it also judges a GPT encoding's
name written as a literal outside a tiktoken call (a key selecting a tokenizer from a table).
"""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.model_names import is_non_openai_model
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import dotted, string_value
from prompt_budget.lint.rules.pb109_provider_names import BRANCH_PROVIDERS, names_openai_models
from prompt_budget.lint.walks import walk

#: A GPT encoding's name as a literal (``"cl100k_base"``, ``"o200k_base"``, the short ``"cl100k"`` a
#: table of tokenizers may be keyed by).
GPT_ENCODING_NAME = re.compile(r"^(?:cl100k|o200k|p50k|r50k)(?:_base|_harmony|_edit)?$")


def _names_model(test: ast.expr) -> bool:
    """An ``if`` test that tells models apart by name: it names OpenAI's models (``model.startswith(
    "gpt")``) or another provider's (``"claude" in model``)."""
    if names_openai_models(test):
        return True
    return any((text := string_value(n)) is not None and is_non_openai_model(text) for n in walk(test))


def _provider_called(stmts: list[ast.stmt]) -> str:
    """A provider of other models than OpenAI's whose client the statements call or import
    (``call_anthropic(...)``, ``Anthropic(api_key=...)``, ``from anthropic import Anthropic``)."""
    for node in (n for s in stmts for n in walk(s)):
        if isinstance(node, ast.Call):
            text = dotted(node.func)
        elif isinstance(node, ast.ImportFrom):
            text = node.module or ""
        elif isinstance(node, ast.Import):
            text = " ".join(a.name for a in node.names)
        else:
            continue
        hits = set(words(text)) & BRANCH_PROVIDERS
        if hits:
            return sorted(hits)[0]
    return ""


def _inside(node: ast.AST, outer: ast.AST) -> bool:
    return any(n is node for n in walk(outer))


def other_provider_branch(fn: ast.FunctionDef | ast.AsyncFunctionDef | None, node: ast.AST) -> str:
    """The provider whose client a branch of an ``if`` on the model's name calls, in ``fn`` after the
    fixed GPT encoding ``node`` and not around it, else "". An encoding made inside a branch counts
    for that branch only (judged by the rule's branch tests)."""
    if fn is None:
        return ""
    line = getattr(node, "lineno", 0)
    for stmt in walk(fn):
        if not isinstance(stmt, ast.If) or stmt.lineno <= line or _inside(node, stmt):
            continue
        if not _names_model(stmt.test):
            continue
        for branch in (stmt.body, stmt.orelse):
            provider = _provider_called(branch)
            if provider:
                return provider
    return ""
