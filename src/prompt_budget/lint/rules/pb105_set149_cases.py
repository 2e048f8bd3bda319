"""PB105's cases from sets 149 and 150 (issue 19): a module constant a parameter defaults to, the parameter
compared with a score (set 149: brainmarks-agent's ``DEFAULT_THRESHOLD = 0.8`` ... ``threshold: float =
DEFAULT_THRESHOLD`` ... ``if jaccard(a, b) >= threshold``: ``score_defaults.score_cutoffs``), is a cut-off on
the score, whatever budget the module names. Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Valid

SET149_VALID = (
    Valid(
        "DEFAULT_THRESHOLD = 0.8\nMAX_CONTEXT_TOKENS = 8000\n\n"
        "def detect(items, threshold: float = DEFAULT_THRESHOLD):\n"
        "    return [a for a, b in items if jaccard(a, b) >= threshold]\n\n"
        "def fits(tokens):\n    return tokens < MAX_CONTEXT_TOKENS\n"
    ),
)

SET149_INVALID = ()
