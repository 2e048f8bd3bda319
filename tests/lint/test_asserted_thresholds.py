"""PB103 on a token count a test asserts (``lint/compared_counts.py``; set 83: agentos-framework's
``assert conv.token_count > 50`` in ``tests/test_conversation.py``): the value the test expects, no
threshold; the same assertion in the package's own code, and a test's own guard outside ``assert``,
stay reported."""

from __future__ import annotations

from lint_helpers import lint_snippet

from prompt_budget.lint.rules.pb103_token_threshold import TokenThreshold

ASSERTED = (
    "def test_tracking(conv):\n    conv.add('user', 'A' * 300)\n    assert conv.token_count > 50\n"
    "    assert conv.ready and count_tokens(conv.text) < 4096\n"
)
GUARDED = "def test_send(conv):\n    if count_tokens(conv.text) > 4096:\n        conv.trim()\n"


def _lines(code: str, path: str) -> list[int]:
    return [f.line for f in lint_snippet(code, [TokenThreshold], path=path) if f.code == "PB103"]


def test_an_assertion_in_a_test_module_is_an_expected_value() -> None:
    assert _lines(ASSERTED, "tests/test_conversation.py") == []
    assert _lines(ASSERTED, "pkg/conversation_test.py") == []


def test_the_same_assertion_in_the_package_and_a_test_guard_stay_reported() -> None:
    assert _lines(ASSERTED, "pkg/conversation.py") == [3, 4]
    assert _lines(GUARDED, "tests/test_send.py") == [2]
