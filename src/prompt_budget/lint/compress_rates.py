"""LLMLingua's compression rate: ``PromptCompressor.compress_prompt(prompt, rate=0.33)`` keeps that
share of the prompt's tokens (LLMLingua turns it into a target number of tokens), a share of a token
budget written as a literal (PB105; its ``target_token=`` is a budget by its name, PB101/PB102).

Only the known library's keyword counts: ``rate=`` of ``compress_prompt`` (or
``compress_prompt_llmlingua2``, ``structured_compress_prompt``) in a module importing ``llmlingua``
(set 36: fastrag's ``LLMLinguaPromptCompressor(rate=0.33)``); a ``rate=`` given elsewhere (a learning
rate, a sampling rate, a compressor of another library) is not.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.walks import walk

#: ``llmlingua.PromptCompressor``'s methods whose ``rate=`` is the share of the prompt's tokens kept.
_COMPRESS_METHODS = frozenset({"compress_prompt", "compress_prompt_llmlingua2", "structured_compress_prompt"})


def imports_llmlingua(tree: ast.AST | None) -> bool:
    """The module imports LLMLingua (``from llmlingua import PromptCompressor``, anywhere in it: an
    optional import sits under a ``try`` or a ``with``)."""
    for node in walk(tree) if tree is not None else ():
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "llmlingua":
            return True
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "llmlingua" for a in node.names):
            return True
    return False


def compression_rate(keyword: str | None, call: ast.AST | None, tree: ast.AST | None) -> str | None:
    """``compressor.compress_prompt(prompt, rate=...)`` in a module importing LLMLingua: the method's
    name when ``keyword`` is its compression rate, else None."""
    if (
        keyword != "rate"
        or not isinstance(call, ast.Call)
        or not isinstance(call.func, ast.Attribute)
        or call.func.attr not in _COMPRESS_METHODS
    ):
        return None
    return call.func.attr if imports_llmlingua(tree) else None
