"""Cases from sets 195 and 196 (issue 19: ironcore-cli's context composer).

PB104: a parameter's default handed, by position to a function of the module or a method of the class, or by
keyword to any callee, to a parameter named as a per-token conversion (``def _select_history(history, budget,
cpt: float = 4.0)`` ... ``estimate_tokens(message.content, cpt)`` with ``def estimate_tokens(text,
chars_per_token)``: ``pb104_handed_rates``). Spliced into ``pb104_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_ESTIMATOR = "def estimate_tokens(text: str, chars_per_token: float) -> int:\n    return int(len(text) / chars_per_token)\n\n\n"

SET195_VALID = (
    # handed to a parameter that is no rate (a cut of characters)
    Valid(
        "def fit(text, limit):\n    return text[:limit]\n\n\ndef shorten(text, n: float = 4.0):\n    return fit(text, n)\n"
    ),
    # by position to a callee the module does not define: its parameters are not known
    Valid(
        "from lib import estimate\n\n\ndef fits(text, budget, cpt: float = 4.0):\n    return estimate(text, cpt) <= budget\n"
    ),
    # a default outside a rate's range
    Valid(
        _ESTIMATOR
        + "def fits(text, budget, cpt: float = 40.0):\n    return estimate_tokens(text, cpt) <= budget\n"
    ),
    # a fallback of a parameter that is no rate, or out of a rate's range
    Valid(
        "def _safe_scale(scale: float) -> float:\n    if scale <= 0:\n        return 4.0\n    return scale\n"
    ),
    Valid(
        "def _safe(chars_per_token: float) -> float:\n    if chars_per_token <= 0:\n        return 40.0\n"
        "    return chars_per_token\n"
    ),
    # a parameter that is never handed on bare (a scaled copy is another value)
    Valid(
        _ESTIMATOR
        + "def fits(text, budget, cpt: float = 4.0):\n    return estimate_tokens(text, cpt * 2) <= budget\n"
    ),
)
SET195_INVALID = (
    # set 196: ironcore-cli's composer, by position to the module's estimator
    Invalid(
        _ESTIMATOR
        + "def select(history, budget, cpt: float = 4.0):\n"
        + "    used = 0\n    for m in history:\n        used += estimate_tokens(m, cpt)\n    return used <= budget\n",
        line=5,
        key="chars_per_token",
    ),
    # by position to the class's own method
    Invalid(
        "class Fitter:\n    def _estimate(self, text, chars_per_token):\n        return len(text) / chars_per_token\n\n"
        "    def fits(self, text, budget, ratio: float = 3.5):\n        return self._estimate(text, ratio) <= budget\n",
        line=5,
    ),
    # set 196: ironcore-cli's guard of a profile's rate, the rate written as its fallback
    Invalid(
        "def _safe_ratio(chars_per_token: float) -> float:\n    if chars_per_token <= 0:\n        return 4.0\n"
        "    return chars_per_token\n",
        line=3,
        key="chars_per_token",
    ),
    # by keyword to an imported counter
    Invalid(
        "from lib import count\n\n\ndef fits(text, budget, r=4):\n    return count(text, chars_per_token=r) <= budget\n",
        line=4,
    ),
)

#: A chunking settings class whose fields say their unit in their descriptions.
_CHUNKING = (
    "from pydantic import BaseModel, Field\n\n\nclass ChunkingConfig(BaseModel):\n"
    "    size: int = Field(default=1024, gt=0, description={size!r})\n"
    "    overlap: int = Field(default={overlap}, ge=0, description={description!r})\n"
)

OVERLAP_VALID = (
    # an overlap in characters, or one of an access token's validity, is no token budget
    Valid(
        _CHUNKING.format(
            size="Characters per chunk", overlap=128, description="Overlap between chunks, in characters"
        )
    ),
    Valid(
        _CHUNKING.format(
            size="Characters per chunk", overlap=30, description="Access token overlap before refresh"
        )
    ),
)
OVERLAP_INVALID = (
    # set 195: vstash's chunking settings, the overlap described in tokens (the size is reported too)
    Invalid(
        _CHUNKING.format(size="Tokens per chunk", overlap=128, description="Token overlap between chunks"),
        count=2,
    ),
)
