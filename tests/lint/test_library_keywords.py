"""A constant reaching a library's keyword that counts tokens through a getter of the project's (set 401:
pupa-backend's ``DEFAULT_CLEAR_TOOL_USES_TRIGGER``, returned by an environment getter and given as
``ClearToolUsesEdit(trigger=...)``, LangChain's context-editing middleware, whose trigger is a count of
tokens). Linted with every rule, as a project is."""

from __future__ import annotations

import pytest
from lint_helpers import lint_snippet

TRIGGER = (
    "import os\n\n"
    "DEFAULT_CLEAR_TRIGGER = 40_000\n\n\n"
    "def clear_trigger() -> int:\n"
    '    raw = os.getenv("LG_CLEAR_TRIGGER")\n'
    "    if raw is None:\n"
    "        return DEFAULT_CLEAR_TRIGGER\n"
    "    return int(raw)\n\n\n"
    "def build():\n"
    "    return {callee}(trigger=clear_trigger())\n"
)


def test_a_getters_constant_given_to_a_token_keyword_of_a_library_is_a_budget() -> None:
    found = [(f.code, f.line) for f in lint_snippet(TRIGGER.format(callee="ClearToolUsesEdit"))]
    assert found == [("PB102", 3)]
    message = lint_snippet(TRIGGER.format(callee="ClearToolUsesEdit"))[0].message
    assert "`ClearToolUsesEdit`, which counts it in tokens" in message


@pytest.mark.parametrize("callee", ["Scheduler", "RetryPolicy"])
def test_the_same_keyword_of_another_callee_is_not(callee: str) -> None:
    assert lint_snippet(TRIGGER.format(callee=callee)) == []
