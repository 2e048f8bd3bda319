"""PB109's reading of what a scope says it counts (set 37), kept apart from ``pb109_project``:

- a function whose docstring says its count is for providers' models (dify-plugin's
  ``_get_num_tokens_by_gpt2``: "Some provider models do not provide an interface for obtaining the number
  of tokens. Here, the gpt2 tokenizer is used"), in the SDK every provider's plugin derives from: its
  fixed GPT encoding stands in for the tokenizer of whatever model the plugin serves, whatever the
  function's name says (``by_gpt2`` names the tokenizer, not the models counted); not when the docstring
  names OpenAI. One finding per function and fixed encoding (its twin call in a thread,
  ``threadpool.spawn(lambda: ...)``, is the same count).
- the words that let the pre-check parse a module showing only that the package serves other providers
  (``"https://api.mistral.ai/v1/"``): the project-wide pass needs the fact of a module that holds no
  tiktoken call and no budget word (set 37: phospho's ``lab/language_models.py``, whose prompts
  ``phospho/utils.py`` counts with cl100k).
"""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.rule import callee_name, string_value
from prompt_budget.lint.walks import walk

#: Provider evidence (``pb109_project.module_provider``) a pre-check can see in a module's lower-cased
#: text: another provider's API host (``"https://api.mistral.ai/v1/"``). Not an import of a provider's SDK
#: nor a family's name: the SDKs' and routers' own modules import themselves (litellm's thousand), and a
#: family's word is in every module of ``llama_index``; such a module is seen when another rule's
#: pre-check parses it.
PROVIDER_EVIDENCE = re.compile(
    r"api\.(?:deepseek|anthropic|mistral|groq|together|fireworks|cohere|moonshot|perplexity|cerebras|"
    r"novita|siliconflow|minimax|hyperbolic|deepinfra|sambanova|lambdalabs)\.|generativelanguage\.googleapis"
    r"|openrouter\.ai|dashscope\.aliyuncs|open\.bigmodel"
)

#: OpenAI named in a docstring.
_OPENAI_WORD = re.compile(r"\b(?:openai|azure|chatgpt)\b", re.IGNORECASE)
#: A docstring saying the count serves providers' models: "provider models", "models of any provider".
_PROVIDER_MODELS = re.compile(
    r"\bproviders?(?:'s?)?\s+models?\b|\bmodels?\s+(?:of|from)\s+(?:\w+\s+)?providers?\b", re.IGNORECASE
)


def _fixed_calls(fn: ast.AST, fixed: str) -> list[ast.Call]:
    return [
        n
        for n in walk(fn)
        if isinstance(n, ast.Call)
        and callee_name(n) in {"get_encoding", "encoding_for_model"}
        and n.args
        and string_value(n.args[0]) == fixed
    ]


def says_providers_models(fn: ast.AST | None) -> bool:
    """``fn``'s docstring says it counts providers' models and names no OpenAI ("for the OpenAI provider
    models" is OpenAI's)."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    doc = ast.get_docstring(fn) or ""
    return bool(_PROVIDER_MODELS.search(doc)) and not _OPENAI_WORD.search(doc)


def first_fixed_call(fn: ast.AST | None, node: ast.Call, fixed: str) -> bool:
    """``node`` is the first tiktoken call of ``fn`` fixed to ``fixed`` (its twins are the same count)."""
    calls = sorted(_fixed_calls(fn, fixed), key=lambda c: (c.lineno, c.col_offset)) if fn else []
    return bool(calls) and calls[0] is node
