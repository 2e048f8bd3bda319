"""PB109's evidence that a class serves other providers' models besides OpenAI's: its code tests a model
against a non-OpenAI model's name (``"deepseek-chat"``, ``"claude-3-5-sonnet"``) or names a non-OpenAI
provider's API host (``"api.deepseek.com"``), so a fixed GPT encoding it counts tokens with
(``get_encoding("cl100k_base")``) also counts theirs (set 18: curator's OpenAI-compatible processor, which
also sends DeepSeek's models to ``api.deepseek.com``). Kept apart from the rule: it reads the whole
class, not the call's context.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from prompt_budget.lint.model_names import (
    _MODEL_LITERAL,
    has_non_openai_word,
    is_non_openai_model,
    looks_like_model_name,
)
from prompt_budget.lint.rule import string_value
from prompt_budget.lint.text_starts import match_starts
from prompt_budget.lint.walks import lines_at, merge_lines, non_ascii_lines, walk, walk_spanning

#: A GPT encoding's name, or an OpenAI model's, given to tiktoken as a literal: a fixed encoding.
_GPT_ENCODING = re.compile(r"^(?:cl100k_base|o200k_base|o200k_harmony|p50k_base|p50k_edit|r50k_base|gpt2)$")
_OPENAI_MODEL = re.compile(r"^(?:gpt-|chatgpt|o\d|text-embedding|text-davinci)", re.IGNORECASE)
#: The API host of a provider whose models are not OpenAI's, in a URL the class sends requests to.
_OTHER_HOST = re.compile(
    r"\b(?:api\.(?:deepseek|anthropic|mistral|groq|together|fireworks|cohere|moonshot|x|perplexity|"
    r"cerebras|novita|siliconflow|minimax|hyperbolic|deepinfra|sambanova|lambdalabs)\.(?:com|ai|xyz|cn|io)"
    r"|generativelanguage\.googleapis\.com|openrouter\.ai|dashscope\.aliyuncs\.com|open\.bigmodel\.cn)",
    re.IGNORECASE,
)
#: ``_OTHER_HOST`` for lower-cased text (the case-blind pattern is several times slower over a module).
#: Without the leading ``\b``, which keeps ``re`` from skipping to the letters an alternative starts with:
#: it finds a few more places (``xapi.groq.com``), and the lines are only where evidence may be.
_OTHER_HOST_LOWER = re.compile(_OTHER_HOST.pattern.replace(r"\b", "", 1))
#: ``_OTHER_HOST_LOWER`` without its outer group: the same matches, each alternative starting with a word
#: (``api.``, ``openrouter.ai``...), so ``match_starts`` tries it only where ``str.find`` finds one.
_OTHER_HOST_STARTS = re.compile(_OTHER_HOST_LOWER.pattern.removeprefix("(?:").removesuffix(")"))
#: Methods that test a string against others (``model.startswith("claude")``).
_TESTS = frozenset({"startswith", "endswith"})
#: A model's name has a version, a size or a variant after its family (``deepseek-chat``, ``llama3``),
#: or is a family of chat models alone (``model.startswith("claude")``); not a word other strings share
#: (``rank_method == "cohere"``: a reranking service; ``"command"``, ``"nova"``).
_VERSIONED = re.compile(r"[-_.:/]|\d")
_FAMILIES = frozenset(
    {"claude", "gemini", "llama", "mistral", "mixtral", "deepseek", "qwen", "gemma", "grok", "kimi", "glm"}
)


#: An environment variable's or a constant's name (``"LLAMA_INDEX_CACHE_DIR" in os.environ``), no model.
_CONSTANT_NAME = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")


def openai_model(text: str) -> bool:
    """``"gpt-4o"``, ``"o3-mini"``, ``"text-embedding-3-small"``: an OpenAI model's name."""
    return bool(_OPENAI_MODEL.match(text))


def fixed_gpt_encoding(call: ast.Call, callee: str) -> str:
    """The GPT encoding or OpenAI model a tiktoken call names as a literal (``get_encoding("cl100k_base")``,
    ``encoding_for_model("gpt-4o")``), else ""."""
    arg = string_value(call.args[0]) if call.args else None
    if arg is None:
        return ""
    if callee == "get_encoding" and _GPT_ENCODING.match(arg):
        return arg
    if callee == "encoding_for_model" and (_OPENAI_MODEL.match(arg) or arg == "gpt2"):
        return arg  # ``encoding_for_model("gpt2")``: tiktoken's GPT-2 model (set 37: dify-plugin)
    return ""


def _strings(cls: ast.AST, lines: Sequence[int] | None = None) -> tuple[list[str], list[str]]:
    """In one pass over the class's (or module's) nodes: the strings its code tests a value against
    (``model in ["deepseek-chat", ...]``, ``"api.deepseek.com" in self.url``, ``model.startswith("claude")``,
    ``model == "llama3"``), and every other string it writes but its docstrings, each in ``ast.walk``'s
    order; with ``lines``, only in the statements spanning one of them."""
    tested: list[str] = []
    written: list[str] = []
    docs: set[int] = set()  # an expression statement comes before its string in the walk
    for n in walk(cls) if lines is None else walk_spanning(cls, lines):
        if type(n) is ast.Constant:
            if type(n.value) is str and id(n) not in docs:
                written.append(n.value)
            continue
        if type(n) is ast.Expr:
            if type(n.value) is ast.Constant:
                docs.add(id(n.value))
            continue
        if type(n) is ast.Compare:
            parts = [n.left, *n.comparators]
        elif type(n) is ast.Call and type(n.func) is ast.Attribute and n.func.attr in _TESTS:
            parts = n.args
        else:
            continue
        for part in parts:
            items = part.elts if isinstance(part, (ast.Tuple, ast.List, ast.Set)) else [part]
            tested.extend(t for t in (string_value(i) for i in items) if t)
    return tested, written


def other_provider_named(cls: ast.AST, lines: Sequence[int] | None = None) -> str:
    """A non-OpenAI model the class's (or the module's) code tests a model against, or a non-OpenAI provider's API host it
    names (in any string but a docstring), else "". A model name merely written in the class (a default
    ``model_name="NousResearch/Llama-2-7b-hf"`` of a local model loaded with its own tokenizer, set 18:
    llmlingua) says nothing of what the GPT encoding counts. ``lines`` (``provider_lines``), when given,
    are the only lines that may hold one."""
    tested, written = _strings(cls, lines)
    for text in tested:
        if (
            len(text) <= 120
            and not _CONSTANT_NAME.match(text)
            and looks_like_model_name(text)
            and is_non_openai_model(text)
            and (_VERSIONED.search(text) or text.lower() in _FAMILIES)
        ):
            return text
    for value in written:
        host = _OTHER_HOST.search(value) if value and len(value) <= 200 else None
        if host:
            return host.group(0)
    return ""


def provider_lines(lowered: str) -> list[int]:
    """The lines of a module's text that may hold what ``other_provider_named`` looks for (a string
    literal opening with a non-OpenAI model's name, a non-OpenAI provider's API host), in order: the
    cheap test before its walk, which then reads the statements spanning them alone. A line with a
    character that is not ASCII may spell a word with one the case-blind patterns fold: it may hold one.
    ``lowered``: the module's text lower-cased (which keeps every line end)."""
    # every match of the hosts' pattern starts with a word ``match_starts`` looks for (``api.``...): with
    # none of them in the text it finds nothing
    hits = match_starts(lowered, _OTHER_HOST_STARTS)
    ascii_only = lowered.isascii()
    # the model literals (``model_literals``, found by quote) count only in a text holding a non-OpenAI
    # model's word: the words (many scans of the text) are looked for only when a literal is found
    literals = match_starts(lowered, _MODEL_LITERAL)
    if literals and (not ascii_only or has_non_openai_word(lowered)):
        hits.extend(literals)
    lines = lines_at(lowered, hits)
    return lines if ascii_only else merge_lines(lines, non_ascii_lines(lowered))


#: The nodes ``_strings_of`` reads.
_COLLECTIONS = (ast.Call, ast.List, ast.Tuple, ast.Set, ast.Dict)


def _strings_of(node: ast.AST) -> list[str]:
    """The string literals a call is given (positionally or by keyword) or a collection holds."""
    if isinstance(node, ast.Call):
        parts = [*node.args, *(k.value for k in node.keywords)]
    elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        parts = list(node.elts)
    elif isinstance(node, ast.Dict):
        parts = [*(k for k in node.keys if k is not None), *node.values]
    else:
        return []
    return [t for t in (string_value(p) for p in parts) if t]


def paired_models(tree: ast.AST, lines: Sequence[int] | None = None) -> str:
    """A non-OpenAI model named beside an OpenAI model in one call or collection
    (``ModelPair(strong="gpt-4-1106-preview", weak="mistralai/Mixtral-8x7B-Instruct-v0.1")``, ``["gpt-4o",
    "claude-3-5-sonnet"]``): the code routes or compares prompts between both providers' models (set 31:
    routellm's evaluation pair), else "". A lone non-OpenAI default (a local model loaded with its own
    tokenizer, set 18: llmlingua) names no OpenAI model beside it. ``lines``, when given, are the only
    lines an OpenAI model's name opens a literal on (only the statements spanning them are read)."""
    for node in walk(tree) if lines is None else walk_spanning(tree, lines):
        if type(node) not in _COLLECTIONS:
            continue
        texts = [t for t in _strings_of(node) if len(t) <= 120 and looks_like_model_name(t)]
        if len(texts) < 2 or not any(openai_model(t) for t in texts):
            continue
        other = next((t for t in texts if is_non_openai_model(t) and _VERSIONED.search(t)), "")
        if other:
            return other
    return ""
