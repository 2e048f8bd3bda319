"""Tokens of a lexer, not of a model, for PB102 (set 145: just-bash's shell parser)::

    from .lexer import Lexer, Token, TokenType
    MAX_TOKENS = 100_000            # bounds ``len(self.tokens)``, the lexer's tokens of a script

A module that imports a lexer's names (``Lexer``, ``TokenType``, ``TokenKind``, ``Scanner``) or imports from
a module named for one (``lexer``, ``scanner``, the standard ``tokenize``), or defines a class of those
names, a regular expression named for tokens (``TOKEN_RE = re.compile(...)``), a ``tokenize`` function beside a
``Parser`` class (set 322: lokit's gettext plural forms) or one appending to its own list of tokens (set 613), counts the tokens of a language it parses; unless its text names a model's side too (``llm``,
``prompt``, ``openai``, ``anthropic``, ``tiktoken``, ``completion``, ``context window``, a token budget), a budget named
only by tokens there is a parser's limit. Decided once per module.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.walks import kept_per_file, source_of

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Names of a lexer's parts a parser imports or defines.
_LEXER_NAMES = frozenset({"Lexer", "TokenType", "TokenKind", "Scanner", "TokenStream"})
#: Last parts of a module a lexer lives in.
_LEXER_MODULES = frozenset({"lexer", "lexers", "scanner", "tokenize", "_lexer", "_scanner"})
#: Words saying the module also speaks of a model's tokens.
_MODEL_WORDS = (
    r"\b(?:llm|llms|prompt|prompts|openai|anthropic|tiktoken|completion|completions|context window)\b"
)
_MODEL_SIDE = re.compile(
    _MODEL_WORDS
    + r"|token[_ ]budget"  # ``token_budget: int = _DEFAULT_TOKEN_BUDGET`` beside ``_STATUS_TOKEN_RE`` (set 265: doc-atlas)
    # a model's tokens estimated from characters (set 611: pr-generator-agent's ``estimate_tokens`` with
    # ``_CHARS_PER_TOKEN = 3.5`` beside ``_HEADER_TOKEN_RE``, the words of a diff's header)
    + r"|estimate_tokens|chars_per_token|characters[- ]per[- ]token"
)
#: ``_MODEL_SIDE`` but a token budget's words, which a lexer written by hand may name its own limit with.
_MODEL_NAMED = re.compile(_MODEL_WORDS)
#: A module's own lexer function, beside a parser class of the module (a language it parses).
_TOKENIZERS = frozenset({"tokenize", "tokenise", "lex"})
#: The module asked about last and the answer.
_last: list[tuple[ast.AST, bool]] = kept_per_file([])


def lexer_module(rule: LintRule) -> bool:
    """The module being linted counts a lexer's tokens and names no model's (see above)."""
    tree = rule.ctx.tree
    if not isinstance(tree, ast.Module):
        return False
    if _last and _last[0][0] is tree:
        return _last[0][1]
    found = _imports_lexer(tree) and not _MODEL_SIDE.search(source_of(rule.ctx.lines)[1])
    _last[:] = [(tree, found)]
    return found


def pattern_tokens(rule: LintRule) -> bool:
    """The module cuts text with its own pattern named for tokens (``_TOKEN_RE = re.compile(...)``) and names no
    model's side: a count of those tokens is clamped as it likes (set 593: codeevolve's shingles). Narrower than
    ``lexer_module``, for PB103: a module importing from a ``scanner`` or a ``tokenize`` module of a model's
    (exllamav2's calibration rows, repotrim's file estimates: the corpus check) still compares counts of tokens."""
    tree = rule.ctx.tree
    return (
        isinstance(tree, ast.Module)
        and any(isinstance(s, ast.Assign) and _token_pattern(s) for s in tree.body)
        and lexer_module(rule)
        and not _COUNTS_MODEL.search(source_of(rule.ctx.lines)[1])
    )


#: A module counting a model's tokens too (pandion's ``TokenCounter`` beside its own pattern, the session's relint).
_COUNTS_MODEL = re.compile(r"tokencounter|count_tokens|estimate_tokens|tokenizer|tiktoken")


def parses_own_language(rule: LintRule) -> bool:
    """The module defines its own ``tokenize`` function beside a ``Parser`` class and names no model's side: a
    parameter's limit of tokens there is its lexer's (``parse(header, *, maximum_tokens=512)`` handed to ``_tokenize``,
    set 322: lokit's gettext plural forms). Narrower than ``lexer_module``: a module merely importing a lexer (pygments,
    for a repository map) still takes a budget of a model's tokens by its parameters."""
    tree = rule.ctx.tree
    if not isinstance(tree, ast.Module):
        return False
    if _defines_parser(tree):
        return lexer_module(rule)
    text = source_of(rule.ctx.lines)[1]
    return _HAND_LEXER.search(text) is not None and not _MODEL_NAMED.search(text)


#: A lexer written by hand: a list of tokens grown by tuples of a kind and its text (``tokens.append(('identifier',
#: source[at:i], at, i))``, set 413: every-app-is-open-source's JavaScript scanner).
_HAND_LEXER = re.compile(
    r"\btokens\.append\(\(\s*['\"](?:identifier|punctuation|string|number|keyword|operator|name)['\"]"
)


def _defines_hand_lexer(tree: ast.Module) -> bool:
    """A top-level ``tokenize`` / ``lex`` function scanning characters (a ``while`` loop) into its own list (``tokens = []`` ...
    ``tokens.append({...})``: set 613, obsvr-sdk's SQL statement scanner bounded by ``MAX_FACET_TOKENS``; ``out = []``
    ... ``out.append(...)``, set 621: xaidr's SQL lexer), or splitting a shell's words (``shlex.split``, set 621:
    xaidr's ``_MAX_TOKENS_PER_SEGMENT = 512``)."""
    for fn in tree.body:
        if not isinstance(fn, ast.FunctionDef) or fn.name.lstrip("_").split("_")[0] not in _TOKENIZERS:
            continue
        made: set[str] = set()
        appended: set[str] = set()
        scans = False  # a scanner walks the text's characters (``while i < n``), not a word tokenizer's ``text.split()``
        for node in ast.walk(fn):
            scans = scans or isinstance(node, ast.While)
            if (
                isinstance(node, (ast.Assign, ast.AnnAssign))
                and isinstance(node.value, ast.List)
                and not node.value.elts
            ):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                made.update(t.id for t in targets if isinstance(t, ast.Name))  # ``out: list = []`` too
            elif isinstance(node, ast.Call) and isinstance(func := node.func, ast.Attribute):
                if func.attr == "append" and isinstance(func.value, ast.Name):
                    appended.add(func.value.id)
                elif func.attr == "split" and isinstance(func.value, ast.Name) and func.value.id == "shlex":
                    return True
        if made & appended and scans:
            return True
    return False


def _defines_parser(tree: ast.Module) -> bool:
    defined = {s.name for s in tree.body if isinstance(s, (ast.ClassDef, ast.FunctionDef))}
    # ``_tokenize_spdx`` beside ``_SpdxParser`` too (set 405: wger-agent's license expressions)
    return bool({n.lstrip("_").split("_")[0] for n in defined} & _TOKENIZERS) and any(
        n.endswith("Parser") for n in defined
    )


def _imports_lexer(tree: ast.Module) -> bool:
    if _defines_parser(tree) or _defines_hand_lexer(tree):
        return True  # ``def _tokenize(expression, maximum_tokens)`` beside ``class _Parser`` (set 322: lokit's gettext)
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom):
            if (stmt.module or "").rsplit(".", 1)[-1] in _LEXER_MODULES:
                return True
            if any(alias.name in _LEXER_NAMES for alias in stmt.names):
                return True
        elif isinstance(stmt, ast.Import):
            if any(alias.name.rsplit(".", 1)[-1] in _LEXER_MODULES for alias in stmt.names):
                return True
        elif (
            isinstance(stmt, ast.ClassDef) and (stmt.name in _LEXER_NAMES or stmt.name.endswith("Lexer"))
        ) or (isinstance(stmt, ast.Assign) and _token_pattern(stmt)):
            return True
    return False


def _token_pattern(stmt: ast.Assign) -> bool:
    """``TOKEN_RE = re.compile(r"[^\\W_]+")``: the module cuts words with its own pattern (set 211: fathom-lake's
    full-text search, whose ``GROUP_TOKENS = 32`` most frequent words make a query)."""
    value = stmt.value
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "compile"
        and isinstance(value.func.value, ast.Name)
        and value.func.value.id in {"re", "regex"}
        and any(isinstance(t, ast.Name) and "TOKEN" in t.id.upper() for t in stmt.targets)
    )


#: Methods of a compiled pattern (or of ``re``) cutting text into its own tokens.
_PATTERN_CUTS = frozenset({"findall", "finditer"})
#: The module asked about last and its functions cutting text with a pattern (``regex_tokenizers``).
_cutters: list[tuple[ast.AST, frozenset[str]]] = kept_per_file([])


def regex_tokenizers(rule: LintRule) -> frozenset[str]:
    """The module's top-level functions named for tokens that make them with a regular expression (``def
    tokens_of(text, limit=MAX_VALUES)`` ... ``out += _TOKEN_RE.findall(str(text))``, set 489: xybern's taint
    tracking) and count none with a model's tokenizer: a ``limit=`` given to one bounds those words."""
    tree = rule.ctx.tree
    if not isinstance(tree, ast.Module):
        return frozenset()
    if _cutters and _cutters[0][0] is tree:
        return _cutters[0][1]
    found = set()
    for fn in tree.body:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or "token" not in fn.name.lower():
            continue
        calls = [n.func.attr for n in ast.walk(fn) if type(n) is ast.Call and type(n.func) is ast.Attribute]
        if set(calls) & _PATTERN_CUTS and not {"encode", "tokenize", "count_tokens"} & set(calls):
            found.add(fn.name)
    _cutters[:] = [(tree, frozenset(found))]
    return _cutters[0][1]
