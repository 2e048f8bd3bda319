"""A weakly named output cap given beside a window's keyword (``request_entries.output_beside_window``, set 97:
edgar-harness's providers): the finding says why it is taken for tokens, not only that it is passed inline."""

from __future__ import annotations

from lint_helpers import lint_snippet

from prompt_budget.lint.rules.pb101_inline_budget import InlineBudget

CAPS = "caps = Capabilities(tools=True, max_context=200_000, max_output=32_000)  # tokens\n"


def test_the_output_cap_beside_a_window_says_it_is_the_model_s_output_cap() -> None:
    found = {f.message.split(";")[0] for f in lint_snippet(CAPS, [InlineBudget])}
    assert found == {
        "token budget max_context=200000 passed inline",
        "token budget max_output=32000 passed beside `max_context=`, a budget by its name, so the model's "
        "output cap",
    }


def test_the_same_cap_with_no_window_beside_it_is_not_reported() -> None:
    assert lint_snippet(CAPS.replace("max_context=200_000", "max_lines=5000"), [InlineBudget]) == []
