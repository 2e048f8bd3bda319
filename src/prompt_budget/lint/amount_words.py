"""The words that say what role an amount of tokens plays, for :mod:`prompt_budget.lint.names`: a count
(``num_tokens``), a count read from a response (``prompt_tokens``, ``cached_tokens``), a ratio of a
budget (``summary_trigger_ratio``), a setting that manages tokens (``protect_last_n_tokens``), or a
decoding parameter (``num_draft_tokens``, ``max_rollback_tokens``).
Pure data: the predicates that read them are ``names.NameJudge``'s.
"""

from __future__ import annotations

import re

# Words of a number *of* tokens (a count), used for comparisons and ratios.
COUNT_WORDS = frozenset({"num", "n", "count", "counts", "total", "used", "usage", "len", "length", "size"})
RATIO_WORDS = frozenset(
    {
        "ratio",
        "fraction",
        "threshold",
        "pct",
        "percent",
        "percentage",
        "factor",
        "utilization",
        "trigger",
        "share",
        "portion",
        "proportion",
    }
)
# Words that tie a ratio name to a context budget ("summary_trigger_ratio", "compact_threshold").
RATIO_CONTEXT_WORDS = frozenset(
    {
        "token",
        "tokens",
        "context",
        "ctx",
        "window",
        "budget",
        "summary",
        "summarize",
        "summarization",
        "compact",
        "compaction",
        "truncate",
        "truncation",
        "trim",
        "memory",
        "history",
        "overflow",
        "chunk",
    }
)
# Words that make "<something>_tokens" a count from a response, not a setting.
USAGE_WORDS = frozenset(
    {
        "prompt",
        "completion",
        "total",
        "input",
        "output",
        "cached",
        "cache",
        "reasoning",
        "used",
        "usage",
        "num",
        "n",
        "count",
        "counts",
        "audio",
        "image",
        "text",
        "estimated",
        "estimate",
        "actual",
        "current",
        "per",
        "generated",
        "accepted",
        "rejected",
        "candidates",
        "thoughts",
        "tool",
        "read",
        "write",
        "creation",
        "remaining",
        "available",
        "new",
        "old",
        "before",
        "after",
        "saved",
        "billed",
        "spent",
        "left",
        "all",
        "special",
        "added",
        "extra",
        "bad",
        "good",
        "valid",
        "split",
        "raw",
        "decoded",
        "encoded",
        "my",
        "base",
        "tile",
        "tiles",
        "patch",
        "patches",
        "file",
        "files",
        "one",
        "million",
        "thousand",
        "request",
        "response",
        # an average size (``level0_avg_tokens``): what one item costs, measured, not a limit (set 80)
        "avg",
        "average",
        "mean",
    }
)
#: First words of a setting that manages a number of tokens (``protect_last_n_tokens``).
MANAGING_VERBS = frozenset({"protect", "prune", "keep", "retain", "preserve", "trim", "compact", "reserve"})

#: Words of speculative decoding: how many tokens a draft model proposes per step
#: (``num_draft_tokens``, ``draft_model_num_pred_tokens``) is a decoding parameter, not a budget; a
#: draft's own cap (``draft_max_tokens``, a limit word) still is one (set 24: llama-cpp-python).
SPECULATIVE_WORDS = frozenset({"draft", "speculative"})
#: Words of how far back decoding may go: a grammar matcher's rollback depth (``max_rollback_tokens``),
#: a look-back window (``lookback_tokens``): decoding state, not a budget, even with a limit word
#: (set 27: xgrammar). Read by ``names.excluded``.
ROLLBACK_WORDS = frozenset({"rollback", "rollbacks", "lookback", "backtrack", "backtracking", "undo"})
#: An attention band's width in positions before and after each query (Ascend's ``npu_fusion_attention(
#: pre_tokens=65535, next_tokens=65535)``, set 152: yunchang): a kernel's mask, not a budget.
BAND_NAMES = frozenset({("pre", "tokens"), ("next", "tokens")})


def decoding_state(ws: tuple[str, ...]) -> bool:
    """A rollback or look-back depth, or an attention band: decoding state, not a budget."""
    return not ROLLBACK_WORDS.isdisjoint(ws) or ws in BAND_NAMES


#: Words of a local name that may hold a budget read earlier in its function (``max_window``, ``headroom``: set 313).
LOCAL_LIMIT_WORDS = frozenset(
    {"max", "window", "limit", "budget", "cap", "context", "ctx", "available", "room", "headroom"}
)
#: Abbreviations of a window or a cap a local may be named by.
LOCAL_LIMIT_NAMES = frozenset({"cw", "ctx_w", "win", "mt", "mx"})

#: Words that turn "tokens" into a limit ("max_tokens", "token_budget", "reserve_tokens"; "protected_tail_input_tokens",
#: the tokens a compaction keeps: set 316).
LIMIT_WORDS = frozenset(
    {
        "max",
        "maximum",
        "min",
        "minimum",
        "limit",
        "limits",
        "budget",
        "budgets",
        "window",
        "cap",
        "ceiling",
        "reserve",
        "reserved",
        "reservation",
        "buffer",
        "threshold",
        "allowance",
        "margin",
        "protect",
        "protected",
        "headroom",
        "target",
        "chunk",
        "context",
        "ctx",
        "trigger",
        "sample",
    }
)

#: Words of a field's description that make its number of tokens a limit: a chunk's overlap is a part of
#: the chunk, counted as it is (``Field(default=128, description="Token overlap between chunks")``, set 195).
SAID_LIMITS = LIMIT_WORDS | {"overlap"}
#: A length or size a description gives in tokens ("Summary length (tokens)", set 349: spt-neo-rag-client's
#: RAPTOR; "Token size for text chunks", set 373: pdf2tex's chunking settings; not "The token size of a
#: document", a measure).
SIZED_IN_TOKENS = re.compile(
    r"\b(?:length|size)\b.*(?:\((?:in\s+)?tokens\)|\bin\s+tokens\b)|\btokens?\s+(?:size|length)\s+(?:for|per)\b",
    re.IGNORECASE,
)

#: Words after a setting's name that say which value it is, not what it counts (``SUMMARY_TOKENS_DEFAULT``).
TRAILING_DEFAULTS = frozenset({"default", "fallback", "dflt"})
