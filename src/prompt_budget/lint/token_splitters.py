"""Splitters that measure their chunks in tokens: those whose sizes are tokens though their names do not say so
(``TOKEN_SPLITTERS``), and a LangChain splitter told to by the length function it is given (set 154: autochunks'
bridges)::

    RecursiveCharacterTextSplitter(chunk_size=512, chunk_overlap=64, length_function=count_tokens)

LangChain's splitters measure with ``len`` (characters) unless given another function; one counting tokens
(``count_tokens``, ``tiktoken_len``, ``self._token_len``, ``lambda t: len(enc.encode(t))``) makes their sizes
tokens. Read by ``rule.sizes_token_chunks``.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words

if TYPE_CHECKING:
    from prompt_budget.lint.names import NameJudge

#: Splitters whose sizes are tokens though their names do not say so: llama_index's (``HierarchicalNodeParser``
#: of ``SentenceSplitter``s, set 124), LangChain's built ``from_tiktoken_encoder`` / ``from_huggingface_tokenizer``.
TOKEN_SPLITTERS = frozenset(
    {"SentenceSplitter", "HierarchicalNodeParser", "from_tiktoken_encoder", "from_huggingface_tokenizer"}
)
#: Words of a length function's name that count tokens though ``mentions_tokens`` does not say so.
_TOKENIZER_WORDS = frozenset({"tiktoken", "tokenizer", "tokenize", "encode"})


def _called(node: ast.AST) -> str:
    """The last name of what ``node`` reads or calls: ``count_tokens``, ``self._token_len`` -> _token_len."""
    if isinstance(node, ast.Call):
        node = node.func
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def token_length_function(judge: NameJudge, call: ast.Call) -> bool:
    """``call`` is given ``length_function=`` a function counting tokens, by its name or, for a lambda, by the
    calls in its body."""
    given = next((k.value for k in call.keywords if k.arg == "length_function"), None)
    if given is None:
        return False
    if isinstance(given, ast.Lambda):
        names = [_called(n) for n in ast.walk(given.body) if isinstance(n, ast.Call)]
    else:
        names = [_called(given)]
    return any(judge.mentions_tokens(n) or _TOKENIZER_WORDS.intersection(words(n)) for n in names)
