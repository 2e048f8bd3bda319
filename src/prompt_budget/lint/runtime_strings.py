"""A runtime's budget setting written inside a string: ``"PARAMETER num_ctx 4096\\n"`` (an Ollama
Modelfile an exporter writes, set 23: llamafactory), ``"--ctx-size 8192"`` or ``"n_ctx=4096"`` in a
command line or a config a program renders.

Precise by its form alone: a setting name that only a generation runtime uses for a number of tokens
(Ollama's ``num_ctx``/``num_predict``, llama.cpp's ``n_ctx``/``--ctx-size``/``--n-predict``, vLLM's
``--max-model-len``) followed by a separator (spaces, ``=`` or ``:``) and a whole number. A docstring,
a help or description text and a comment are prose and are not read; a generic name (``max_tokens``,
``context_length``) is not read either, as prose says "max tokens: 100" of anything.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

from prompt_budget.lint.names import words

#: A runtime's own name of a number of tokens, then its value.
_SETTING = re.compile(
    r"(?<![\w-])(num_ctx|num_predict|n_ctx|n_predict|--ctx-size|--n-predict|--max-model-len)"
    r"(?:\s+|\s*[=:]\s*)(\d[\d_]*)(?![\w.])"
)
#: Words of a name holding sample code a program shows, not a setting it renders (set 154: modelscout-llm's
#: ``llama_cpp_code``, printed by its ``snippet`` command).
_SAMPLE_WORDS = frozenset({"code", "snippet", "snippets", "example", "examples", "sample", "usage"})
#: Keywords whose string is prose about a setting, not the setting.
_PROSE_KEYWORDS = frozenset({"help", "description", "doc", "title", "label", "placeholder", "info"})


def runtime_settings(
    node: ast.Constant, parent_of: Callable[[ast.AST], ast.AST | None]
) -> list[tuple[str, int]]:
    """(the setting's name, its value) of each runtime setting written in the string ``node``; ``parent_of``:
    the node holding a node (``FileContext.parent``)."""
    text = node.value
    parent = parent_of(node)
    if not isinstance(text, str) or isinstance(parent, ast.Expr):
        return []  # a docstring or a bare string: prose
    if "ctx" not in text and "predict" not in text and "model-len" not in text:
        return []  # every setting's name holds one of these: most strings are not searched
    if isinstance(parent, ast.keyword) and parent.arg in _PROSE_KEYWORDS:
        return []
    holder = parent_of(parent) if isinstance(parent, ast.JoinedStr) else parent  # an f-string's holder
    if isinstance(holder, ast.Assign) and any(
        type(t) is ast.Name and _SAMPLE_WORDS.intersection(words(t.id)) for t in holder.targets
    ):
        return []  # ``llama_cpp_code = f'''... n_ctx=4096 ...'''``: sample code shown to the user (set 154)
    return [(m.group(1).lstrip("-").replace("-", "_"), int(m.group(2))) for m in _SETTING.finditer(text)]
