"""PB101 on a length bound once to a number, then given bare where the call makes it a budget, in a test
module (``lint/bound_lengths.py``; set 57: huixiangdou's ``tests/test_yi.py``)."""

from __future__ import annotations

from lint_helpers import lint_snippet

from prompt_budget.lint.rules.pb101_inline_budget import InlineBudget
from prompt_budget.lint.rules.pb102_budget_constant import BudgetConstant

BOUND = (
    "inputs = tokenizer('', return_tensors='pt')\nmax_length = 512\n"
    "outputs = model.generate(\n    inputs.input_ids.cuda(),\n    max_length=max_length,\n)\n"
    "again = model.generate(ids, max_length=max_length)\n"
)


def test_bound_length_in_a_test_module() -> None:
    found = [f for f in lint_snippet(BOUND, [InlineBudget], path="tests/test_yi.py") if f.code == "PB101"]
    assert [(f.line, f.value) for f in found] == [(2, 512)]


def test_outside_tests_pb102_reports_it_alone() -> None:
    found = lint_snippet(BOUND, [InlineBudget, BudgetConstant], path="pkg/run.py")
    assert [(f.code, f.line) for f in found] == [("PB102", 2)]


def test_bound_twice_a_parameter_or_no_budget() -> None:
    code = (
        "def a(model, ids, short):\n    max_length = 512\n    if short:\n        max_length = 64\n"
        "    return model.generate(ids, max_length=max_length)\n"
        "def b(model, ids, max_length=None):\n    max_length = 512\n    return model.generate(ids, max_length=max_length)\n"
        "def c(field, tokenizer):\n    max_length = 512\n    return Column(String, max_length=max_length)\n"
        "max_len = 512\ndef d(model, ids):\n    return model.generate(ids, max_length=max_len)\n"
    )
    assert not [f for f in lint_snippet(code, [InlineBudget], path="tests/test_gen.py") if f.code == "PB101"]
