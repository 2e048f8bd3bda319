"""PB102's reading of the docstring that documents a parameter or a field: the function's own, and for
a constructor's parameter or a class field the class's (set 26: datatrove's ``DocumentTokenizerContext
Shuffler``, "moves around windows of `window_size` tokens", whose ``window_size: int = 2048 + 1``
says no unit in its name).

A docstring gives the unit of ``name`` as tokens when it writes the name followed by the word tokens
("windows of `window_size` tokens", "up to max_len tokens"), or when the name's entry of an ``Args:``
list gives it "in tokens" ("window_size: size of the window, in tokens", "(tokens)") or states its
default in tokens ("chunk_size: size of the chunks. Defaults to 256 tokens."); not when the sentence speaks of sampling ("the top_k tokens with the highest probability"), or when that
entry speaks of characters or bytes ("token_size: size of each token, in bytes"), nor "the number of
tokens for an image", which describes a count (an image's cost an estimating function returns).
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.comments import CREDENTIAL_NAMED, CREDENTIAL_TOKENS
from prompt_budget.lint.field_docstrings import NOT_LLM
from prompt_budget.lint.names import CHAR_WORDS, words
from prompt_budget.lint.token_conversions import without_conversions

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: An entry of an ``Args:`` list saying its unit is tokens: "in tokens", "(tokens)", or its default
#: stated with the unit (set 30: canopy's "chunk_size: size of the chunks. Defaults to 256 tokens.").
_IN_TOKENS = re.compile(
    r"\bin\s+(?:(?!(?:which|that|what|where|whose|how|the|a|an|all|each|any|its|their|these|those)\b)[a-z]+\s+){0,2}tokens\b|\(tokens\)"
    r"|\bdefaults?\s*(?:to|is|:|=)?\s*[`'\"]*\d[\d_,]*(?:\.\d+)?\s*[kK]?[`'\"]*\s+tokens\b",
    re.IGNORECASE,
)
#: Words of an entry measuring something else than tokens.
_OTHER_UNITS = CHAR_WORDS | {"byte", "bytes", "auth", "oauth", "access", "api", "jwt"}
#: The end of a sentence: a full stop or a blank line.
_STOP = re.compile(r"\.\s|\n\s*\n")
#: The first line of the next entry of an ``Args:`` list, or a blank line.
_NEXT_ENTRY = re.compile(r"^\s*(?:\*{0,2}\w+\s*(?:\([^)]*\))?\s*:|:\w+|$)")


def _docstrings(rule: LintRule) -> list[str]:
    """The docstrings documenting the parameters or fields being visited: the function's, and the
    class's for a constructor or a class body."""
    fn = rule.ctx.function()
    cls = rule.ctx.enclosing_class()
    found: list[ast.AST] = []
    if fn is not None:
        found.append(fn)
    if cls is not None and (fn is None or fn.name == "__init__"):
        found.append(cls)
    texts = [
        ast.get_docstring(n)
        for n in found
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    ]
    return [t for t in texts if t]


def documents(rule: LintRule) -> list[str]:
    """The docstrings documenting the parameters or fields being visited (``_docstrings``)."""
    return _docstrings(rule)


def arg_entry(text: str, name: str) -> str:
    """The text of ``name``'s entry in an ``Args:`` list (``name (int): ...`` and its continuation)."""
    lines = text.splitlines()
    # ``name (int): ...`` (Google style) or ``:param name: ...`` (Sphinx, set 50: granite-io)
    head = re.compile(rf"^\s*(?::param\s+(?:\w+\s+)?)?{re.escape(name)}\s*(?:\([^)]*\))?\s*:(.*)$")
    for at, line in enumerate(lines):
        match = head.match(line)
        if match is None:
            continue
        out = [match.group(1)]
        for more in lines[at + 1 :]:
            if _NEXT_ENTRY.match(more):
                break
            out.append(more)
        return " ".join(out)
    return ""


def _sentence(text: str, start: int, end: int) -> str:
    """The sentence of ``text`` around ``text[start:end]`` (to the stops or blank lines either side)."""
    stops = [m.end() for m in _STOP.finditer(text, 0, start)]
    after = _STOP.search(text, end)
    return text[stops[-1] if stops else 0 : after.start() if after else len(text)]


def documented_in_tokens(rule: LintRule, name: str) -> bool:
    """A docstring says ``name`` (a parameter or a field being visited) counts tokens."""
    if len(name) < 2:
        return False
    lowered = name.lower()
    # most docstrings never write the name: only those that do are searched (a pattern is compiled per
    # name, and compiling one for every assignment of a large module cost more than the rest of PB102)
    texts = [t for t in _docstrings(rule) if lowered in t.lower()]
    if not texts:
        return False
    after_name = re.compile(rf"(?<![\w.])[`'\"*]*{re.escape(name)}[`'\"*]*[ \t]+tokens\b", re.IGNORECASE)
    for text in texts:
        for found in after_name.finditer(text):
            # "the top_k tokens with the highest probability": a sampling setting, not a budget
            if not set(words(_sentence(text, found.start(), found.end()))) & (NOT_LLM | _OTHER_UNITS):
                return True
        # "`context` is the model's context window in tokens." (set 607: repo-bug-hunter's ``context: int = 32_768``)
        for found in _stated_in_tokens(name).finditer(text):
            if not set(words(found.group(0))) & (NOT_LLM | _OTHER_UNITS):
                return True
        # "in approximate tokens (1 token ≈ 4 characters)": the characters convert the tokens (set 73)
        entry = without_conversions(arg_entry(text, name))
        if not entry.strip() or set(words(entry)) & _OTHER_UNITS:
            continue
        if _IN_TOKENS.search(entry) or _CAP_ON_TOKENS.search(entry):
            return True
    return False


def _stated_in_tokens(name: str) -> re.Pattern[str]:
    """A sentence opening on the quoted name, then "is", and stating its unit as tokens in the same sentence."""
    return re.compile(rf"[`'\"]{re.escape(name)}[`'\"]\s+is\s+[^.]{{0,80}}?\bin\s+tokens\b", re.IGNORECASE)


#: An entry naming a cap on tokens ("Hard cap on total tokens across all items", set 443: meowcat's
#: ``total_budget``; "Limit of prompt tokens").
_CAP_ON_TOKENS = re.compile(
    r"\b(?:cap|limit|ceiling)\s+(?:on|of|for)\s+(?:[a-z]+\s+){0,2}tokens\b", re.IGNORECASE
)


#: An entry giving its name as a limit of tokens ("The maximum number of tokens used in ranking"), or
#: opening on the tokens it sets aside ("Tokens to reserve per allocate call", set 399: weaver-kernel).
_TOKEN_LIMIT = re.compile(
    r"\bmax(?:imum)?\s+(?:number|count)\s+of\s+tokens\b|^\s*tokens\s+to\s+(?:reserve|allocate|keep|set\s+aside)\b",
    re.IGNORECASE,
)


def attribute_documented_in_tokens(rule: LintRule, name: str) -> bool:
    """An attribute set in a constructor (``self.context_size = 300``) that the constructor's or the
    class's docstring gives in tokens (``documented_in_tokens``), or whose entry of an ``Args:`` /
    ``Attributes:`` list calls it a maximum number of tokens (``entry_is_token_limit``)."""
    return documented_in_tokens(rule, name) or entry_is_token_limit(rule, name)


def entry_is_token_limit(rule: LintRule, name: str) -> bool:
    """The entry of ``name`` in an ``Args:`` / ``Attributes:`` list calls it a maximum number of tokens
    ("context_size (int): The maximum number of tokens used in ranking"; set 53: rankify's LiT5
    rerankers; "chunk_size: Maximum number of tokens per chunk (default: 256)", set 82: nepali-rag's MCP
    tool), not in another unit."""
    return entry_says(rule, name, _TOKEN_LIMIT)


def entry_says(rule: LintRule, name: str, phrase: re.Pattern[str]) -> bool:
    """The entry for ``name`` in a docstring of the class or function being visited holds ``phrase``
    and speaks of no other unit than tokens."""
    lowered = name.lower()
    if CREDENTIAL_NAMED.search(rule.ctx.function_name() or ""):
        return (
            False  # ``def get_invite_tokens(skip=0, limit=20)``: "limit: Maximum tokens to return" (set 602)
        )
    for text in _docstrings(rule):
        if lowered not in text.lower():
            continue
        entry = arg_entry(text, name)
        if entry and phrase.search(entry) and not set(words(entry)) & (NOT_LLM | _OTHER_UNITS):
            return True
    return False


#: An entry giving its number as a limit of another unit: "Max words per chunk", "Maximum number of words",
#: "Number of characters to overlap", "lines per page", "字符预算" (a budget of characters).
_OTHER_LIMIT = re.compile(
    r"\b(?:max(?:imum)?|number\s+of|count\s+of|how\s+many)\s+(?:number\s+of\s+)?"
    r"(?:words?|characters?|chars?|lines?|sentences?|bytes?|paragraphs?)\b"
    r"|\b(?:words?|characters?|chars?|lines?|sentences?)\s+(?:per|to\s+overlap)\b"
    # Chinese and Japanese for characters and a count of them (no word boundary inside such text): "图摘要字符
    # 预算" (set 144: mcs-core's summary budget, a budget of characters)
    r"|字符|字数|文字数",
    re.IGNORECASE,
)


def documented_otherwise(rule: LintRule, name: str) -> bool:
    """The entry of ``name`` in an ``Args:`` list or a ``:param name:`` line gives its number as a limit of
    words, characters, lines or sentences and never says tokens ("chunk_size: Max words per chunk.";
    "max_tokens: Maximum words per chunk", set 140: vectordbpipe's whitespace chunkers): another unit,
    whatever the name says."""
    if len(name) < 2:
        return False
    lowered = name.lower()
    for text in (t for t in _docstrings(rule) if lowered in t.lower()):
        entry = arg_entry(text, name)
        # "(4 characters per token)": the rate of an estimate, not the entry's unit (set 325)
        plain = without_conversions(entry) if entry else ""
        if plain and _OTHER_LIMIT.search(plain) and not _TOKENS_SAID.search(plain):
            return True
        if plain and CREDENTIAL_TOKENS.search(plain):
            return True  # "Maximum number of idempotency tokens to track" (set 549: twilio-agent-connect)
    return False


#: The word tokens itself, written in an entry.
_TOKENS_SAID = re.compile(r"\btokens?\b", re.IGNORECASE)
