"""Model names in strings: whether a literal names a model (``"gpt-4o"``, ``"anthropic/claude-opus-4"``), whether
that model is one tiktoken's OpenAI encodings were not trained for, and where a module's text opens a string with a
model's name (PB107's tables, PB109's tokenizer choices); and keys of a model table written as regular expressions of
model ids (PB107; set 63: euroeval's ``MODEL_MAX_LENGTH_MAPPING = {r"(openai/)?gpt-4o(-mini)?": 128_000, ...}``, each
key matched against a model id by ``re.fullmatch``): a key opening with an optional provider group (``(openai/)?``,
``(?:anthropic/)?``) is a pattern of model ids when the id it matches with the provider written
(``openai/gpt-4o(-mini)?``) opens with a model's name. Such keys are read so only in a table whose name says a window
or a budget (PB107's ``_window_name``): a table of vocabulary sizes keyed the same way is none.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_MODEL_FAMILIES = (
    r"(?:gpt-|gpt4|chatgpt|o1|o3|o4|text-davinci|davinci|babbage|claude|anthropic\.|gemini|"
    r"palm|chat-bison|text-bison|llama|meta-llama|codellama|mistral|mixtral|codestral|ministral|"
    r"command|cohere|qwen|deepseek|phi-|gemma|grok|yi-|glm|j2-|jamba|nova|titan|sonar|kimi|moonshot|"
    r"granite|falcon|vicuna|starcoder|solar|dbrx|ernie|hunyuan|doubao|minimax|abab|sensechat|baichuan|"
    r"internlm)"
)
#: Embedding models, whose tables more often hold dimensions than windows: read as models only in a table
#: named for tokens (set 285: neatmem's ``_EMBEDDING_MODEL_MAX_TOKENS_TABLE = [("bge-m3", 8192), ...]``).
_EMBEDDING_MODELS = re.compile(
    r"^(?:[\w.-]+/)*(?:text-embedding|bge-|bce-embedding|gte-|multilingual-e5|nomic-embed|jina-embeddings|"
    r"mxbai-embed|all-minilm|voyage-|embed-english|embed-multilingual|qwen3-embedding)",
    re.IGNORECASE,
)
_MODEL_PREFIXES = re.compile(r"^(?:[\w.-]+/)*" + _MODEL_FAMILIES, re.IGNORECASE)
#: A string literal opening with a model's name (``looks_like_model_name``), in lower-cased source text.
_MODEL_LITERAL = re.compile(r"[\"'](?:[\w.-]+/)*" + _MODEL_FAMILIES)
#: Words of model names tiktoken's OpenAI encodings were not trained for (``is_non_openai_model``).
_NON_OPENAI_WORDS = (
    *("claude", "anthropic", "gemini", "palm", "bison", "llama", "mistral", "mixtral", "codestral"),
    *("command", "cohere", "qwen", "deepseek", "gemma", "grok", "phi-", "jamba", "titan", "nova", "sonar"),
    *("kimi", "glm"),
)
_NON_OPENAI = re.compile("|".join(map(re.escape, _NON_OPENAI_WORDS)), re.IGNORECASE)


def looks_like_model_name(text: str) -> bool:
    """``"gpt-4o"``, ``"claude-3-5-sonnet-latest"``, ``"anthropic/claude-opus-4"``..."""
    return bool(_MODEL_PREFIXES.match(text)) and len(text) <= 120 and " " not in text


def looks_like_embedding_model(text: str) -> bool:
    """``"bge-m3"``, ``"text-embedding-3-small"``, ``"BAAI/bge-large-en"``: an embedding model's name."""
    return bool(_EMBEDDING_MODELS.match(text)) and len(text) <= 120 and " " not in text


def is_non_openai_model(text: str) -> bool:
    """A model string tiktoken's OpenAI encodings were not trained for."""
    return bool(_NON_OPENAI.search(text))


def has_non_openai_word(lowered: str) -> bool:
    """Whether a lower-cased ASCII text (a whole module's) holds a word ``is_non_openai_model`` looks for,
    found with ``in``: many times faster than the case-blind pattern over a long text (a text that is
    not ASCII may spell one with a character the pattern folds)."""
    return any(word in lowered for word in _NON_OPENAI_WORDS)


def model_literals(lowered: str) -> Iterator[re.Match[str]]:
    """Where a lower-cased text opens a string literal with a model's name (``"claude-3``, ``'openai/gpt-``)."""
    return _MODEL_LITERAL.finditer(lowered)


_OPTIONAL_PROVIDER = re.compile(r"^\((?:\?:)?([\w.-]+/)\)\?")


def model_pattern(key: str) -> bool:
    """``(openai/)?gpt-4-32k(-[0-9]{4})?``: a regular expression of a model's ids, its provider optional."""
    found = _OPTIONAL_PROVIDER.match(key)
    return found is not None and looks_like_model_name(found.group(1) + key[found.end() :])
