"""PB102's cases from sets 149 and 150 (issue 19): a number named as tokens whose every read is ordered against a
count of words (set 149: brainmarks-agent's ``MIN_CONTENT_TOKENS = 20`` ... ``if len(normalize_text(text).split())
< MIN_CONTENT_TOKENS``: ``word_counts.compared_with_words``). Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SKIP = (
    "MIN_CONTENT_TOKENS = 20\n\ndef keep(texts):\n    out = []\n    for text in texts:\n"
    "        if {count} < MIN_CONTENT_TOKENS:\n            continue\n        out.append(text)\n    return out\n"
)

SET149_VALID = (
    Valid(_SKIP.format(count="len(normalize_text(text).split())")),
    Valid(_SKIP.format(count='len(text.split(" "))')),
)

SET149_INVALID = (
    Invalid(_SKIP.format(count="len(enc.encode(text))"), line=1),
    Invalid(_SKIP.format(count="count_tokens(text)"), line=1),
)
