"""What a ratio's own text says it is a share of, for PB105 (budget-ratio): ``maximum_window_ratio:
float = 0.75`` whose field description or docstring entry reads "Maximum window size as ratio of total
requests" (set 49: guidellm's saturation constraint keeps a statistics window of requests) divides a
count of requests, not a token budget, whatever ``window`` in its name suggests. The text must name the
whole the ratio is taken of (``ratio of``/``fraction of``/``share of``/``percent of`` followed by a unit
that is not tokens, the context or a budget); a text that names tokens anywhere keeps the ratio. A budget
the text calls one of money is not of tokens either ("Fraction of the parent's REMAINING max_cost_usd
budget": set 79, hiveloom's share of a delegating run's dollar cap a child may spend).
Kept apart from the rule: it reads text, and judges no finding itself.
"""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.amount_words import LIMIT_WORDS
from prompt_budget.lint.field_docstrings import field_description
from prompt_budget.lint.flow import default_of
from prompt_budget.lint.fraction_shares import literal_fraction
from prompt_budget.lint.money_budgets import money_share
from prompt_budget.lint.names import CHAR_WORDS, words
from prompt_budget.lint.ratio_names import TOKEN_UNIT_WORDS, fields, parameter_doc
from prompt_budget.lint.rule import LintRule, attr_name, number, string_value
from prompt_budget.lint.scaled_units import MONEY_WORDS, OTHER_UNITS
from prompt_budget.lint.stated_rates import comment_above
from prompt_budget.lint.walks import innermost_statement, source_of

#: ``as ratio of total requests``, ``a fraction of the samples``, ``percentage of all rows``.
_SHARE_OF = re.compile(
    r"\b(?:ratio|fraction|share|proportion|percent(?:age)?)\s+of\s+(?:the\s+|all\s+)?(?:total\s+|"
    r"(?:the\s+)?number\s+of\s+)?(?P<unit>[a-z]+)",
    re.IGNORECASE,
)
_TOKENS = re.compile(r"\b(?:tokens?|budgets?|context)\b", re.IGNORECASE)
#: ``fraction of the parent's remaining max_cost_usd budget``: the words naming the budget a share is of.
_BUDGET_SHARE = re.compile(
    r"\b(?:ratio|fraction|share|proportion|percent(?:age)?)\s+of\s+(?P<whole>(?:\S+\s+){0,4}?)"
    r"(?:budget|cap|limit)\b",
    re.IGNORECASE,
)
#: ``ratio of context_max_chars``: a share of a setting the text names by its identifier.
_SHARE_OF_NAME = re.compile(
    r"\b(?:ratio|fraction|share|proportion|percent(?:age)?)\s+of\s+(?:the\s+)?`*"
    r"(?:self\.)?(?P<name>[A-Za-z]+(?:_[A-Za-z0-9]+)+)\b",
    re.IGNORECASE,
)
_TOKEN_TEXT = re.compile(r"tokens?\b|\bcontext\b", re.IGNORECASE)
#: Units a context is also measured in: a share of them may still size a prompt.
_CONTEXT_UNITS = frozenset(
    {"message", "messages", "msgs", "turns", "chars", "words", "bytes", "line", "lines"}
)


def _character_budget(name: str) -> bool:
    """``context_max_chars``, ``max_prompt_bytes``: the identifier of a limit counted in characters (a
    share of it is one of a character budget, set 81: agent47's compaction ratios of
    ``context_max_chars``, compared with ``context_chars / max_chars``)."""
    ws = words(name)
    return bool(ws) and ws[-1] in CHAR_WORDS | {"byte", "bytes"} and bool(set(ws) & LIMIT_WORDS)


def share_of_other_units(text: str) -> bool:
    """``text`` says the ratio is a share of a count of something that is not tokens, or of a budget of
    money."""
    if not text:
        return False
    if not _TOKEN_TEXT.search(text) and any(
        MONEY_WORDS & set(re.split(r"[^a-z]+", m.group("whole").lower()))
        for m in _BUDGET_SHARE.finditer(text)
    ):
        return True
    if _TOKENS.search(text):
        return False
    if any(_character_budget(m.group("name")) for m in _SHARE_OF_NAME.finditer(text)):
        return True
    return any(
        (unit := m.group("unit").lower()) in OTHER_UNITS and unit not in _CONTEXT_UNITS
        for m in _SHARE_OF.finditer(text)
    )


def other_units_share(rule: LintRule, name: str, value: ast.AST | None, param: bool) -> bool:
    """The ratio ``name`` bound to ``value`` (a field's ``Field(..., description=...)``, the docstring
    written under its binding in a module or class body) or, as a parameter of the function being
    visited, documented in its docstring entry, as a share of a count of something else, or named for a budget in a
    module whose budget is money (``shaping_budget_pct`` beside ``budget_total: float = 100.0``, ``money_budgets``)."""
    if money_share(rule.ctx.tree, name):
        return True
    text = field_description(value) if isinstance(value, ast.expr) else None
    fn = rule.ctx.function()
    if not text and param and fn is not None:
        text = parameter_doc(fn, name)
    if not text and not param and value is not None:
        text = _docstring_under(rule, value)
        if not _SHARE_OF.search(text or "") and (before := _binding_before(rule, value)) is not None:
            # ``CONTEXT_BUDGET_TIGHT_TARGET_RATIO = 0.70`` "Target ratio after forced compaction." under
            # ``CONTEXT_BUDGET_FORCE_COMPACT_RATIO = 0.85`` "Ratio of context_max_chars ...": a ratio of
            # the same family (its name's first two words), not said a share of what, is one of the same whole
            prior, prior_value = before
            if words(prior)[:2] == words(name)[:2] and len(words(name)) > 2:
                text = _docstring_under(rule, prior_value)
    return share_of_other_units(text or "")


def _body(rule: LintRule) -> list[ast.stmt]:
    """The statements of the module or class being visited, else none."""
    owner = rule.ctx.scopes[-1] if rule.ctx.scopes else rule.ctx.tree
    return owner.body if isinstance(owner, ast.Module | ast.ClassDef) else []


def _binding_before(rule: LintRule, value: ast.AST) -> tuple[str, ast.expr] | None:
    """The name and value of the binding written just before the one of ``value`` (past docstrings)."""
    body = [s for s in _body(rule) if not isinstance(s, ast.Expr)]
    for at, stmt in enumerate(body[1:], 1):
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is value:
            prior = body[at - 1]
            target = prior.targets[0] if isinstance(prior, ast.Assign) else getattr(prior, "target", None)
            if isinstance(target, ast.Name | ast.Attribute) and isinstance(prior, ast.Assign | ast.AnnAssign):
                return (name, prior.value) if (name := attr_name(target)) and prior.value else None
    return None


def _docstring_under(rule: LintRule, value: ast.AST) -> str | None:
    """The string written under the module's or class's statement binding ``value`` (``RATIO: float =
    0.8`` then ``\"\"\"Ratio of context_max_chars ...\"\"\"``), else None."""
    body = _body(rule)
    for at, stmt in enumerate(body[:-1]):
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is value:
            after = body[at + 1]
            return string_value(after.value) if isinstance(after, ast.Expr) else None
    return None


def class_sizes(rule: LintRule, name: str) -> list[str]:
    """The integer fields of the class whose body binds the ratio ``name`` (named by what it does:
    summary, compaction, chunk..., not by a unit of tokens), when none of them is a budget or says
    tokens: the sizes whose comparison with a string's length would say the class counts characters
    (set 17: fast-graphrag). Empty when the ratio is no such class's field, or when a field of any
    default (``None`` too) is a budget or says tokens."""
    owner = rule.ctx.scopes[-1] if rule.ctx.scopes else None
    if not isinstance(owner, ast.ClassDef) or set(words(name)) & TOKEN_UNIT_WORDS:
        return []
    named = [
        (field, value)
        for stmt in owner.body
        for target, value in fields(stmt)
        if (field := attr_name(target)) and field != name
    ]
    # a field named as tokens, whatever its default (``keep_tokens: int | None = None`` beside
    # ``keep_ratio``, set 64: gwenflow's compaction strategies): the class counts tokens
    if any(rule.names.is_budget_setting(f) or rule.names.says_tokens(f) for f, _ in named):
        return []
    return [f for f, value in named if isinstance(number(default_of(value)), int)]


def overlap_of_characters(rule: LintRule, name: str) -> bool:
    """``CHUNK_OVERLAP_RATIO = 0.1`` beside ``CHUNK_MAX_CHARS = 300``: an overlap's share of a chunk its module
    sizes in characters, among its constants and none named for tokens (set 529: groundrails' lexical chunks)."""
    tree = rule.ctx.tree
    if "overlap" not in words(name) or rule.ctx.scopes or not isinstance(tree, ast.Module):
        return False
    sizes = [words(t.id) for stmt in tree.body for t in getattr(stmt, "targets", ()) if type(t) is ast.Name]
    chunked = [ws for ws in sizes if "chunk" in ws]
    return any(CHAR_WORDS.intersection(ws) for ws in chunked) and not any(
        TOKEN_UNIT_WORDS.intersection(ws) for ws in chunked
    )


#: A trailing comment saying what part of tokens a share is: "Thinking budget as a fraction of content
#: tokens", "share of the context window", "percent of the token budget".
_TOKEN_SHARE_COMMENT = re.compile(
    r"(?:\b(?:fraction|share|ratio|percent(?:age)?|portion|proportion)|\b\d+(?:\.\d+)?\s*%)\s+of\s+(?:the\s+|a\s+)?"
    r"(?:[a-z_]+\s+){0,2}?(?:tokens?|(?:token\s+)?budget|context(?:\s+window)?)\b",
    re.IGNORECASE,
)


def _comment_above(rule: LintRule) -> str:
    """The one comment line written just above a module's or class's one-line binding (``# Default ratio of
    context window to use before triggering compaction`` over ``DEFAULT_THRESHOLD_RATIO = 0.80``, set 192:
    the-agent-sdk), when the line above it is no comment (a longer block often describes its neighbours)."""
    stmt = innermost_statement(rule.ctx.ancestors)
    if rule.ctx.function() is not None or not isinstance(stmt, (ast.Assign, ast.AnnAssign)):
        return ""
    lines = rule.ctx.lines
    if stmt.end_lineno != stmt.lineno:
        return ""
    two_above = lines[stmt.lineno - 3].strip() if stmt.lineno > 2 else ""
    return "" if two_above.startswith("#") else comment_above(lines, stmt)


def commented_token_share(
    rule: LintRule, name: str, literal: ast.expr | None
) -> tuple[ast.expr, float] | None:
    """``DEFAULT_THINKING_RATIO = 1/3  # Thinking budget as a fraction of content tokens`` (set 49:
    extract-thinker): a ratio name bound to a share (a float below one or a fraction of two integer
    literals) whose own trailing comment says it is a share of tokens, a budget or the context window:
    the literal and the share, else None. A comment naming a score keeps it out."""
    value = literal_fraction(literal)
    if literal is None or value is None or not rule.names.is_ratio(name) or rule.names.is_score(name):
        return None
    comment = rule.ctx.comment() or _comment_above(rule)
    found = _TOKEN_SHARE_COMMENT.search(comment)
    if not found or re.search(r"\b(?:score|similarity)\b", comment, re.I):
        return None
    if "token" not in found.group(0).lower() and "token" not in source_of(rule.ctx.lines)[1]:
        # "share of the budget" in a module that never says tokens: a budget of characters or items
        # (set 181: qontext-memory's ``CORD_SHARE = 0.5`` of a budget in characters)
        return None
    return literal, value
