"""A failing ``prompt_budget.check(assemble(...))`` shows the assembly receipt: what was cut and why."""

from __future__ import annotations

import pytest


def test_failed_check_of_assembled_prompt_shows_receipt(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        from prompt_budget import assemble

        def test_context(prompt_budget):
            prompt = assemble(
                {"system": "You are helpful. " * 10, "memory": "fact " * 200, "docs": "doc text " * 300},
                120,
                pinned=["system"],
            )
            prompt_budget.check(prompt, 60, label="context")
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*prompt 'context' is 119 tokens by o200k_base, which exceeds its cap of 60 tokens by 59 (98.3%)*",
            "*assembled under a budget of 120 tokens (o200k_base)*",
            "*memory *2*end*201*78*123*truncated*",
            "*docs *3*end*601*0*601*dropped*no budget left after higher-priority sections*",
        ]
    )


def test_passing_check_of_assembled_prompt_records_receipt(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import json
        from prompt_budget import assemble

        def test_context(prompt_budget):
            prompt = assemble({"system": "short", "memory": "fact " * 50}, 500)
            verdict = prompt_budget.check(prompt, 500)
            sections = [s["name"] for s in verdict.details["receipt"]["sections"]]
            assert sections == ["system", "memory"]
        """
    )
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1)
