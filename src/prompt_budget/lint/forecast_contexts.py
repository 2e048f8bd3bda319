"""Context lengths of time-series forecasters, not of language models (set 323: ts-agents' catalogue of Chronos,
TimesFM and PatchTST checkpoints, ``FoundationSpec(..., max_context=8192)``, and its
``FOUNDATION_SMOKE_CONTEXT_LENGTH = 512`` history steps).

A forecasting foundation model reads a window of past observations it calls its context (``context_length``,
``max_context``): steps of a series, not tokens. A name saying a context but no tokens, in a module whose text
speaks of forecasts and never of tokens, prompts, an LLM or a completion, is such a window. Read on the module's
lower-cased text, once per file.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from prompt_budget.lint.names import TOKEN_WORDS, words
from prompt_budget.lint.walks import kept_per_file, source_of

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a module about a language model's side.
_MODEL_SIDE = re.compile(r"(?<![a-z])tok|prompt|(?<![a-z])llm|completion|(?<![a-z])chat")
#: The module last asked about and whether it forecasts series without a language model.
_asked: list[tuple[object, bool]] = kept_per_file([])


def forecast_context(rule: LintRule, name: str) -> bool:
    """``name`` says a context and no tokens, in a module forecasting series with no language model in it."""
    ws = set(words(name))
    if "context" not in ws or ws & TOKEN_WORDS:
        return False
    lines = rule.ctx.lines
    if _asked and _asked[0][0] is lines:
        return _asked[0][1]
    lowered = source_of(lines)[1]
    found = "forecast" in lowered and _MODEL_SIDE.search(lowered) is None
    _asked[:] = [(lines, found)]
    return found
