"""PB103's cases from what sets 83 and 84 left (issue 19): a comparison a test module asserts is the value
the test expects (``assert conv.token_count > 50`` in ``tests/test_conversation.py``), no threshold; the
same ``assert`` in the package's own code guards a budget and stays reported (``compared_counts``; the
test-module side is tested in ``tests/lint/test_asserted_thresholds.py``, as cases carry no path).
Spliced into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET83_VALID = (
    # asserted on lines, messages, characters, bytes, seconds, memory or cost: no count of tokens
    Valid("def check(conv):\n    assert len(conv.lines) > 50 and conv.message_count < 400\n"),
    Valid("def check(conv):\n    assert conv.char_count > 500 and conv.byte_size < 4000\n"),
    Valid("def check(conv):\n    assert conv.seconds < 300 and conv.memory_mb < 2048 and conv.cost < 5\n"),
)

SET83_INVALID = (
    # an assertion in the package's own code guards the budget
    Invalid("def send(prompt):\n    assert count_tokens(prompt) < 4096\n    return prompt\n", line=2),
    Invalid("def send(conv):\n    assert conv.token_count > 50 and conv.ready\n    return conv\n", line=2),
)
