"""A share of tokens a ratio's own text states, for PB105 (budget-ratio): its trailing comment
(``share_units.commented_token_share``) or its field's description saying it is a fraction of a budget
(``slide_target_ratio: float = Field(default=0.7, description="Fraction of the preset's `max_context`
that `slide` trims the history down to.")``; set 67: amrita-core) or the docstring under the field
(``compact_at: float = 0.80`` over "Fraction of the model context window that triggers auto-compaction.";
set 92: hx-cli), whatever its name says: a name saying no ratio (``compact_at``) is read by its text too.

The description must say "fraction (share, ratio, percent, portion, proportion) of" followed, within four
words, by a budget's name (``max_context``, ``context_window``, ``token_budget``) or by a token budget,
the context window or the context length (not bare "tokens": ``kv_cache_ratio`` "Ratio of tokens to
process in a block" splits a KV cache), or name the share after what it divides ("context usage fraction", in a
field's trailing comment too); a text naming a score keeps it out. An overlap's fraction beside a
chunk size in tokens is one too (``overlap_siblings.overlap_fraction``). Kept apart from the rule: it reads the
field's text, and judges no finding itself.
"""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.field_docstrings import attribute_docstring, field_description
from prompt_budget.lint.forms import argparse_default
from prompt_budget.lint.fraction_shares import literal_fraction
from prompt_budget.lint.money_budgets import money_class, money_share
from prompt_budget.lint.names import words
from prompt_budget.lint.overlap_siblings import overlap_fraction
from prompt_budget.lint.ratio_names import generic, token_share
from prompt_budget.lint.rule import LintRule
from prompt_budget.lint.share_units import commented_token_share
from prompt_budget.lint.style_thresholds import named_labels_only

_SHARE_OF = re.compile(
    r"(?:\b(?:fraction|share|ratio|percent(?:age)?|portion|proportion)|\d+(?:\.\d+)?\s*%)\s+of\s+(.{0,80})",
    re.I,
)
#: What a share of a budget may be said of, in plain words: not bare "tokens" ("Ratio of tokens to process
#: in a block" is erniekit's KV-cache split, set 1-66; a share of tokens need not be of a budget).
#: "75% of model limit" (set 505: daveagent-cli's ``DEFAULT_COMPRESSION_THRESHOLD = 0.75``): the model's window.
_TOKEN_PHRASE = re.compile(
    r"^(?:token budget|context window|context length|model limit|model context)\b", re.I
)
#: "context usage fraction", "context window share": the share named after what it divides (set 306:
#: lingtai-kernel's ``molt_pressure: float = 0.8  # context usage fraction that triggers molt warnings``).
_BUDGET_SHARE = re.compile(
    r"\b(?:context(?:\s+window)?|token\s+budget)\s+(?:usage\s+|use\s+|utili[sz]ation\s+)?(?:fraction|share|ratio)\b",
    re.I,
)
_OTHER_LIMITS = re.compile(r"\b(?:requests?|rpm|rps|calls?|concurrency)\b", re.I)
_SCORE = re.compile(r"\b(?:score|similarity|relevance|confidence|probability)\b", re.I)
_WORD = re.compile(r"[A-Za-z_][\w]*")


def _share_of_budget(rule: LintRule, text: str) -> bool:
    if _SCORE.search(text):
        return False
    if _BUDGET_SHARE.search(text):
        return True
    for found in _SHARE_OF.finditer(text):
        if _OTHER_LIMITS.search(found.group(1)):
            continue  # "80% of model limit, requests per minute": a limit of requests
        ws = _WORD.findall(found.group(1))[:4]
        for i, w in enumerate(ws):
            if rule.names.is_budget(w) or _TOKEN_PHRASE.match(" ".join(ws[i:])):
                return True
        if [w.lower() for w in ws[:2]] in (["the", "window"], ["window"]) and _about_context(rule):
            return True  # ``COMPACT_AT = 0.7  # compact past this share of the window`` (set 589: cycls)
    return False


def _about_context(rule: LintRule) -> bool:
    """The module's docstring speaks of a model's context ("Context compaction ...")."""
    doc = ast.get_docstring(rule.ctx.tree) if isinstance(rule.ctx.tree, ast.Module) else None
    return bool(doc) and bool(_CONTEXT_DOC.search(doc or ""))


_CONTEXT_DOC = re.compile(r"\b(?:context|compaction|compact)\b", re.I)


def stated_token_share(
    rule: LintRule, name: str, literal: ast.expr | None, original: ast.expr | None
) -> tuple[ast.expr, float, str] | None:
    """The literal, its share and what says so, when the ratio ``name`` bound to ``literal`` (the default
    of the field call ``original``) is commented on or described as a share of tokens or a budget."""
    if (shared := commented_token_share(rule, name, literal)) is not None:
        if named_labels_only(rule.ctx.tree, name) or money_share(rule.ctx.tree, name):
            return None
        said = set(words(rule.ctx.comment() or ""))
        if money_class(rule.ctx.enclosing_class()) and not said & {"token", "tokens", "context", "window"}:
            return None  # ``warning_threshold: float = 0.8  # 80% of budget`` beside ``max_daily_cost`` (set 527)
        return shared[0], shared[1], "commented on as a share of tokens"
    value = literal_fraction(literal)
    if literal is None or value is None or rule.names.is_score(name) or rule.names.is_excluded(name):
        return None
    if (chunked := overlap_fraction(rule, name)) is not None:
        return literal, value, chunked
    if rule.names.is_budget_ratio(name) or generic(rule.names, name) or token_share(rule.names, name, value):
        return None  # the rule's other readings decide these names (and say why in their own words)
    text = field_description(original)
    stmt = rule.ctx.ancestors[-1] if rule.ctx.ancestors else None
    if not text and isinstance(stmt, (ast.AnnAssign, ast.Assign)) and stmt.value is original:
        # ``compact_at: float = 0.80`` / ``"""Fraction of the model context window that triggers
        # auto-compaction."""``: the docstring under a field (set 92: hx-cli), whatever its name says
        text = attribute_docstring(rule, stmt) or rule.ctx.comment()
    if not text or not _share_of_budget(rule, text):
        return None
    return literal, value, "described as a share of a token budget"


def option_share(rule: LintRule, call: ast.Call) -> list[tuple[ast.expr, float, str, str]]:
    """A command-line option's share of a token budget (``add_argument("--merge-below-ratio", type=float,
    default=0.125, help="... as a fraction of --max-tokens")``, set 301: lumberjack-py's splitter): (the default,
    its share, the option's destination, what says so) when its name says which budget it divides or its help text
    calls it a share of one (``--max-tokens`` read as ``max_tokens``); none else."""
    found = argparse_default(call)
    value = literal_fraction(found[0]) if found is not None else None
    if found is None or value is None or not rule.names.is_ratio(found[1]) or rule.names.is_score(found[1]):
        return []
    literal, name, text = found
    if rule.names.is_budget_ratio(name):
        return [(literal, value, name, f"{name} = {value}, a command-line option's share of a token budget")]
    text = _OPTION.sub(lambda m: m.group(1).replace("-", "_"), text or "")
    if _share_of_budget(rule, text):
        return [(literal, value, name, f"{name} = {value}, an option described as a share of a token budget")]
    return []


#: An option named in a help text (``--max-tokens``), read as its destination (``max_tokens``).
_OPTION = re.compile(r"--([A-Za-z][\w-]*)")
