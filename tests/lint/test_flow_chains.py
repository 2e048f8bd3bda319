"""``flow``: a number bound to a name and taken off a budget in a chain of subtractions is judged by the
chain's leftmost term (``max_tokens - prompt_tokens - response_buffer``), whatever the name (set 29:
docetl's ``response_buffer = 2000``). Kept here as PB102's cases live in modules of their own."""

from __future__ import annotations

from lint_helpers import lint_snippet

from prompt_budget.lint.rules.pb102_budget_constant import BudgetConstant


def test_reserve_taken_off_a_budget_in_a_chain() -> None:
    code = (
        "def room(self, config):\n    max_tokens = self.get_max_context_tokens()\n"
        "    config_tokens = count_tokens(config)\n    response_buffer = 2000\n"
        "    return max_tokens - config_tokens - response_buffer\n"
    )
    findings = [f for f in lint_snippet(code, [BudgetConstant]) if f.code == "PB102"]
    assert [f.line for f in findings] == [4]


def test_a_number_taken_off_a_count_in_a_chain_is_no_budget() -> None:
    code = (
        "def rest(total_items, done_items):\n    batch_gap = 2000\n"
        "    return total_items - done_items - batch_gap\n"
    )
    assert [f for f in lint_snippet(code, [BudgetConstant]) if f.code == "PB102"] == []
