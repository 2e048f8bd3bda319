"""PB105's cases from sets 153 and 154 (issue 19): a local that is elsewhere a statistic of a sample of scores
(set 154: autochunks' ``threshold = np.percentile(all_combined, 85)`` ... ``else: threshold = 0.5``:
``score_defaults.statistic_fallback``) falls back to a cut-off on the scores, not to a share of the token budget
beside it. Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SPLIT = (
    "def split(scores, sents, base_token_size=512):\n    if scores:\n        threshold = {first}\n"
    "    else:\n        threshold = 0.5\n    cut = [s for s in scores if s >= threshold]\n"
    "    return cut[:base_token_size]\n"
)

SET153_VALID = (Valid(_SPLIT.format(first="np.percentile(scores, 85)")),)

SET153_INVALID = (
    # bound to another number elsewhere, the 0.5 beside the budget stays a share of it (compared with items that are no
    # scores: an item of ``scores`` is one, set 561's ``score_defaults._runs_over_scores``)
    Invalid(_SPLIT.format(first="0.8").replace("for s in scores", "for s in sents"), line=3, count=2),
)
