"""pytest --prompt-budget-lint: one lint item per Python file, failing with the file's findings."""

from __future__ import annotations

import pytest


def test_lint_items(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml('[tool.prompt_budget.lint]\nper-file-ignores = { "test_*.py" = ["PB"] }\n')
    pytester.makepyfile(
        agent="def ask(client):\n    return client.create(max_tokens=8000)\n",
        clean="def ask(client, n):\n    return client.create(max_tokens=n)\n",
        test_it="def test_one():\n    assert f(max_tokens=8000) if False else True\n",
    )
    result = pytester.runpytest("--prompt-budget-lint", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*agent.py:2:37: PB101 token budget max_tokens=8000 passed inline*",
            "*FAILED agent.py::prompt-budget-lint*",
        ]
    )
    only = pytester.runpytest("--prompt-budget-lint", "-m", "prompt_budget_lint", "-p", "no:cacheprovider")
    only.assert_outcomes(passed=2, failed=1)


def test_without_the_option_nothing_is_linted(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(agent="X_MAX_TOKENS = 8000\n", test_it="def test_one():\n    pass\n")
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_a_file_removed_after_collection_fails_no_lint_item(pytester: pytest.Pytester) -> None:
    """A test that deletes a generated module before the lint items run (as with pytest-randomly or
    pytest-order): the other files are still linted, and nothing fails with a traceback."""
    pytester.makeconftest(
        "def pytest_collection_modifyitems(items):\n    items.sort(key=lambda i: 'lint' in i.name)\n"
    )
    pytester.makepyfile(
        agent="def ask(client):\n    return client.create(max_tokens=8000)\n",
        test_cleanup=(
            "import pathlib\n"
            "def test_cleanup():\n"
            "    pathlib.Path(__file__).with_name('test_zz_generated.py').unlink()\n"
        ),
        test_zz_generated="def test_z():\n    pass\n",
    )
    result = pytester.runpytest("--prompt-budget-lint", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["*agent.py*PB101*"])
    result.stdout.no_fnmatch_line("*no such file*")
    outcomes = result.parseoutcomes()
    assert outcomes.get("failed") == 1  # agent.py's finding, and nothing else
