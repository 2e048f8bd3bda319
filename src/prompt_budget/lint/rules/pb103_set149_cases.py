"""PB103's cases from sets 149 and 150 (issue 19): a limit of tokens turned into characters where it is written
and ordered against a count of characters (set 149: jev-rankkit's ``if state_chars + longest_question_chars >
32_000 * 3 or whole_chars > 64_000 * 3``: ``literal_limits.char_limit``). Spliced into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_GATE = (
    "import json\n\ndef payload(state):\n    {count} = len({made})\n"
    "    if {count} > {product}:\n        raise ValueError('too long')\n    return state\n\n"
    "def estimate_tokens(text):\n    return len(text)\n"
)

SET149_VALID = (
    # a count of items; a factor out of the rates' range; a limit too small to be one
    Valid(_GATE.format(count="n_items", made="state", product="32_000 * 3")),
    Valid(_GATE.format(count="state_chars", made="json.dumps(state)", product="32_000 * 10")),
    Valid(_GATE.format(count="state_chars", made="json.dumps(state)", product="100 * 3")),
)

SET149_INVALID = (
    Invalid(_GATE.format(count="state_chars", made="json.dumps(state)", product="32_000 * 3"), line=5),
    Invalid(
        "def gate(state):\n    if len(str(state)) > 3 * 64_000:\n        raise ValueError('too long')\n\n"
        "def estimate_tokens(text):\n    return len(text)\n",
        line=2,
    ),
)
