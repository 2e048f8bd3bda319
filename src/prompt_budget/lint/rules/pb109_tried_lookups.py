"""A model's encoding looked up inside a ``try`` whose handler falls back to a fixed GPT encoding (set 99:
arbor-agent's litellm provider). The lookup is right for the models tiktoken knows (OpenAI's); the
mismatch is the fallback every other model gets, reported at the fallback (``pb109_fallbacks``), so
the lookup is not reported a second time as code for the provider the module imports."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.rules.pb109_other_providers import fixed_gpt_encoding
from prompt_budget.lint.walks import walk


def tried_lookup(call: ast.Call, ancestors: Sequence[ast.AST]) -> bool:
    """``try: enc = tiktoken.encoding_for_model(model) except KeyError: enc =
    tiktoken.get_encoding("cl100k_base")``: ``call`` is the lookup of a model read from a name (not a
    literal model), in the body of the innermost ``try`` holding it, whose handler names a GPT encoding."""
    if callee_name(call) != "encoding_for_model" or not call.args or isinstance(call.args[0], ast.Constant):
        return False
    for i in range(len(ancestors) - 2, -1, -1):
        anc = ancestors[i]
        if isinstance(anc, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            return False
        if isinstance(anc, ast.Try):
            if not any(ancestors[i + 1] is s for s in anc.body):
                return False  # in a handler, an ``else`` or a ``finally``: no fallback of this lookup
            return any(
                isinstance(n, ast.Call) and fixed_gpt_encoding(n, callee_name(n) or "")
                for handler in anc.handlers
                for n in walk(handler)
            )
    return False
