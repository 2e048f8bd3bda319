"""PB102's evidence that a number named like a budget counts something other than tokens (set 65: maseval,
set 66: plancraft and arshai): characters or chat messages, the false alarms the issue names.

* A window name held until the module's reads decide (``DEFAULT_RESULT_TRUNCATION_LENGTH = 1000``) given
  as the default of a parameter (``result_truncation_length=DEFAULT_RESULT_TRUNCATION_LENGTH``) that, in
  its class (or its function), cuts a string or is compared with a string's length
  (``line[: self.result_truncation_length]``) and cuts no token list: characters, as a constant stored
  in such a field already is (``deferred.Deferred._characters``).
* A statement whose name states a unit other than tokens (``max_message_window``: messages) and whose
  comment names that unit again (``# max number of messages to keep ... (30 is around 8k llama3
  tokens)``): the comment's tokens are an equivalence of the count, not its unit, unless the comment
  spells the value itself in tokens (``# 30 tokens``).
* A field whose description says its length is of what is logged or shown (``Field(default=500,
  description="Maximum prompt length to log")``) and never speaks of tokens: log or display content is
  cut by characters (``prompt_content[:max_length] + "..."``).
* A field whose name does not say tokens and whose description counts another unit (``memory_length_limit
  = Field(default=200, description="Message-count ceiling for the retained history, applied regardless
  of token accounting ...")``, set 67: amrita-core, compared with ``len(messages)``) and counts no
  tokens: the tokens it speaks of are another mechanism, not its unit.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.comment_units import comment_spells_tokens
from prompt_budget.lint.field_docstrings import field_description
from prompt_budget.lint.forms import character_sizes
from prompt_budget.lint.names import BYTE_WORDS, CHAR_WORDS, TOKENS_WORD, UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.walks import statements, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def defaults_cutting_strings(rule: LintRule, module: ast.Module, names: set[str]) -> set[str]:
    """Of the module constants ``names``, those given as the default of a parameter that, in the
    parameter's class (a method's) or function, cuts a string or is compared with a string's length,
    under the parameter's own name (``self.<name>`` or ``<name>``)."""
    if not names:
        return set()
    found: set[str] = set()
    sizes: dict[ast.AST, set[str]] = {}
    for stmt in statements(module):
        scopes: list[tuple[ast.AST, ast.AST]]
        if isinstance(stmt, ast.ClassDef):
            scopes = [(fn, stmt) for fn in stmt.body if isinstance(fn, _FUNCTIONS)]
        elif isinstance(stmt, _FUNCTIONS):
            scopes = [(stmt, stmt)]
        else:
            continue
        for fn, scope in scopes:
            assert isinstance(fn, _FUNCTIONS)
            for arg, default in _defaults(fn.args):
                if not (isinstance(default, ast.Name) and default.id in names):
                    continue
                if scope not in sizes:
                    sizes[scope] = character_sizes(rule, scope)
                if arg.arg in sizes[scope]:
                    found.add(default.id)
    return found


def _defaults(node: ast.arguments) -> list[tuple[ast.arg, ast.expr]]:
    positional = [*node.posonlyargs, *node.args]
    pairs = list(zip(positional[len(positional) - len(node.defaults) :], node.defaults, strict=True))
    pairs += [(a, d) for a, d in zip(node.kwonlyargs, node.kw_defaults, strict=True) if d is not None]
    return pairs


#: Units a name may state instead of tokens (``max_message_window``, ``context_lines``), in the singular,
#: with their short forms: countable things a comment can give the number of.
_UNITS = {
    **{w: w for w in ("message", "turn", "line", "item", "row", "file", "result", "document", "entry")},
    **{w: w for w in ("word", "character", "byte", "second")},
    "msg": "message",
    "doc": "document",
    "char": "character",
    "entrie": "entry",
}


def _unit(word: str) -> str | None:
    """The unit ``word`` names (``messages`` -> ``message``), else None."""
    return _UNITS.get(word) or _UNITS.get(word[:-1] if word.endswith("s") else "")


#: A comment giving a count of something: ``number of messages``, ``max 30 messages``.
_COUNTED = re.compile(
    r"\b(?:(?:max|maximum|min|minimum)\s+)?(?:number|count|num|no|\d+)\.?\s+(?:of\s+)?([a-z]+)"
    r"|\b(?:max|maximum|min|minimum)\s+([a-z]+)",
    re.IGNORECASE,
)


def comment_names_other_unit(rule: LintRule, name: str, value: float) -> bool:
    """``name`` states a unit other than tokens (``max_message_window``) and the statement's comment
    counts that unit (``# max number of messages ... (30 is around 8k llama3 tokens)``), without
    spelling ``value`` itself in tokens (``# 30 tokens``): the tokens are an equivalence of the count."""
    comment = rule.ctx.comment()
    if comment and _equivalent_tokens(comment, value):
        return True  # ``MAX_PDF_TEXT_LENGTH = 50_000  # ~12k tokens``: characters, their tokens estimated
    units = {u for w in words(name) if (u := _unit(w))}
    if not units:
        return False
    if not comment or comment_spells_tokens(comment, value):
        return False
    return any(_unit((m.group(1) or m.group(2)).lower()) in units for m in _COUNTED.finditer(comment))


#: A number of tokens a comment spells: ``~12k tokens``, ``about 3,000 tokens``, ``8K-token``.
_SPELLED_TOKENS = re.compile(r"(?<![\w.])(\d[\d,_]*(?:\.\d+)?)\s*([kK])?\s*-?\s*tokens?\b")


def _equivalent_tokens(comment: str, value: float) -> bool:
    """The comment spells numbers of tokens and none is ``value`` (within a quarter): it gives the tokens
    ``value`` of another unit comes to (set 137: scholaragent's ``MAX_PDF_TEXT_LENGTH = 50_000  # ~12k
    tokens``, cutting a text's characters)."""
    spelled = []
    for m in _SPELLED_TOKENS.finditer(comment):
        try:
            spelled.append(float(m.group(1).replace(",", "").replace("_", "")) * (1000 if m.group(2) else 1))
        except ValueError:
            continue
    return bool(spelled) and value > 0 and all(abs(n - value) > value / 4 for n in spelled)


#: A description saying the length is of what is logged or displayed: ``"Maximum prompt length to log"``,
#: ``"... length of responses in logs"``.
_LOGGED = re.compile(
    r"\b(?:length|size|limit)\b[^.;]*?\b(?:to|in|for|when)\s+(?:the\s+)?"
    r"(?:log|logs|logging|display|displaying|preview|print|printing|traces?|spans?)\b",
    re.IGNORECASE,
)


def logged_length(stmt: ast.Assign | ast.AnnAssign) -> bool:
    """The field ``stmt``'s description says its length is of content written to a log or shown
    (``Field(default=500, description="Maximum prompt length to log (when enabled)")``) and never
    speaks of tokens: characters of logged text."""
    text = field_description(stmt.value)
    return bool(text and _LOGGED.search(text) and not TOKENS_WORD.search(text))


#: A description counting a unit: ``message-count ceiling``, ``message count``, ``number of messages``,
#: ``max messages``, ``30 messages`` (a plural after ``max`` or a number: ``max document size`` counts none).
_UNIT_COUNT = re.compile(
    r"\b([a-z]+)[-\s]count\b"
    r"|\b(?:number|count|num)\s+of\s+([a-z]+)"
    r"|\b(?:max|maximum|min|minimum|\d+)\s+([a-z]+s)\b",
    re.IGNORECASE,
)
#: A description counting tokens: ``in tokens``, ``number of tokens``, ``max tokens``, ``512 tokens``,
#: ``token limit``, ``token-count``, ``tokens to keep``.
_COUNTS_TOKENS = re.compile(
    r"\b(?:in|(?:number|count|amount|num)\s+of|max|maximum|min|minimum|\d+[kKmM]?)\s+tokens?\b"
    r"|\btokens?[-\s](?:count|counts|limit|limits|budget|budgets|window|length|cap|ceiling|to)\b",
    re.IGNORECASE,
)


def described_in_other_unit(stmt: ast.Assign | ast.AnnAssign, name: str) -> bool:
    """The field ``stmt`` (``name`` not saying tokens) is described as a count of another unit
    (``"Message-count ceiling for the retained history"``, ``"Maximum number of messages"``) and its
    description counts no tokens (``"regardless of token accounting"`` speaks of another mechanism)."""
    if any(w in ("token", "tokens", "tok", "toks") for w in words(name)):
        return False
    text = field_description(stmt.value)
    if not text or _COUNTS_TOKENS.search(text):
        return False
    return any(_unit(word.lower()) for m in _UNIT_COUNT.finditer(text) for word in m.groups() if word)


def chosen_by_other_unit(rule: LintRule, choice: ast.IfExp) -> bool:
    """``budget = max(180, int(max_chars)) if max_chars is not None else 3000`` (set 365: true-memory-fragments):
    the condition and the other branch read only names that say another unit (characters, bytes, lines,
    messages...) and no tokens, so the literal branch is a number of that unit (characters here), whatever the
    target is named."""
    names = [
        attr_name(n)
        for part in (choice.test, choice.body, choice.orelse)
        if not isinstance(part, ast.Constant)
        for n in walk(part)
        if isinstance(n, (ast.Name, ast.Attribute)) and isinstance(n.ctx, ast.Load)
    ]
    said = [n for n in names if n and n not in _SILENT]
    return bool(said) and all(
        set(words(n)) & (CHAR_WORDS | UNIT_WORDS | BYTE_WORDS) and not rule.names.mentions_tokens(n)
        for n in said
    )  # not ``2048 if speed_mode else 8192``: a mode, no unit


#: Builtins a branch calls around the unit's name and the owners of attributes, saying no unit themselves.
_SILENT = frozenset({"int", "float", "round", "max", "min", "len", "abs", "self", "cls"})
