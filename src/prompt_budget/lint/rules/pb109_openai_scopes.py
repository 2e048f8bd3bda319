"""PB109's evidence that code counting with a fixed GPT encoding serves OpenAI's models alone, beyond
a scope's own name (set 30, from set 29's project pass):

- a package folder named for OpenAI (``guardrails/utils/openai_utils/``), as a module's name is;
- a function whose chain of tests of the model's name ends by raising for any model it does not name
  (``elif "gpt-4" in model: ... else: raise NotImplementedError``): no other model is ever counted;
- a module sending its text to an OpenAI embedder (``OpenAIEmbeddingFunction(model_name=
  "text-embedding-ada-002")``, ``OpenAIEmbeddings()``) whose encoding the fixed one is (cl100k), and
  naming no other provider: the count sizes the embedder's input, not another model's.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import callee_name, string_value
from prompt_budget.lint.rules.pb109_provider_names import names_openai_models
from prompt_budget.lint.walks import walk

#: The encoding of OpenAI's embedders and of the GPT-3.5/GPT-4 models (not GPT-4o's o200k).
_CL100K = re.compile(r"^(?:cl100k_base|gpt-4(?!o)|gpt-3\.5|text-embedding-(?:ada-002|3-))", re.IGNORECASE)
#: An OpenAI embedding model named in a string.
_EMBEDDING_MODEL = re.compile(r"^text-embedding-(?:ada-002|3-)")


@lru_cache(maxsize=4096)
def _folders(directory: str) -> tuple[str, ...]:
    here, found = Path(directory), []
    while (here / "__init__.py").is_file():
        found.append(here.name)
        here = here.parent
    return tuple(found)


def package_folders(path: str) -> tuple[str, ...]:
    """The names of the package folders holding the module at ``path`` (innermost first): the folders
    up to the first one that is no package."""
    return _folders(str(Path(path).parent))


def _chain_raises(node: ast.If) -> bool:
    """``if``/``elif`` tests naming OpenAI's models whose last ``else`` only raises."""
    tests_openai = False
    while True:
        tests_openai = tests_openai or names_openai_models(node.test)
        if len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
            node = node.orelse[0]
            continue
        return tests_openai and len(node.orelse) == 1 and isinstance(node.orelse[0], ast.Raise)


def raises_for_others(fn: ast.AST | None) -> bool:
    """The function raises for every model its tests of OpenAI's model names do not pick (OpenAI's
    cookbook ``num_tokens_from_messages``): it never counts another provider's model."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    return any(isinstance(n, ast.If) and _chain_raises(n) for n in walk(fn))


def _embeds_with_openai(node: ast.AST) -> bool:
    if isinstance(node, ast.Call):
        ws = set(words(callee_name(node) or ""))
        return "openai" in ws and bool(ws & {"embedding", "embeddings"})
    text = string_value(node) if isinstance(node, ast.Constant) else None
    return text is not None and bool(_EMBEDDING_MODEL.match(text))


def openai_embedder(tree: ast.AST | None, fixed: str) -> bool:
    """The fixed encoding is cl100k's and the module hands its text to an OpenAI embedder (see the
    module's docstring); the caller checks that the module names no other provider."""
    return tree is not None and bool(_CL100K.match(fixed)) and any(_embeds_with_openai(n) for n in walk(tree))
