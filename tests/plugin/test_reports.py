"""Report files and JUnit properties through pytest: Markdown, JUnit XML, bad report paths."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

SUITE = """
import pytest

def test_small(prompt_budget):
    prompt_budget.check("hello world " * 10, 100, label="greeting")

def test_big(prompt_budget):
    prompt_budget.check("hello world " * 10, 20, label="long")

@pytest.mark.prompt_budget(tokenizer="chars4")
def test_estimate(prompt_budget):
    prompt_budget.check("hello world " * 10, 60, label="rough")
"""


def test_markdown_report_and_junit_properties(pytester: pytest.Pytester, xdist_args: list[str]) -> None:
    pytester.makepyfile(test_r=SUITE)
    result = pytester.runpytest_subprocess(*xdist_args, "--prompt-budget-report=r.md", "--junitxml=j.xml")
    result.assert_outcomes(passed=2, failed=1)
    md = (pytester.path / "r.md").read_text(encoding="utf-8").splitlines()
    assert md[:7] == [
        "## Prompt budget",
        "",
        "3 checks: 2 passed, 0 warned, 1 failed.",
        "",
        "| Status | Test | Label | Tokenizer | Tokens | Cap | Used |",
        "|---|---|---|---|---:|---:|---:|",
        "| ❌ fail | `test_r.py::test_big` | long | o200k_base | 21 | 20 | 105.0% |",
    ]
    assert md[7:9] == [
        "| ✅ pass | `test_r.py::test_estimate` | rough | chars4 (estimate) | ~30 | 60 | 50.0% |",
        "| ✅ pass | `test_r.py::test_small` | greeting | o200k_base | 21 | 100 | 21.0% |",
    ]

    root = ET.parse(pytester.path / "j.xml").getroot()
    props = {
        case.get("name"): {p.get("name"): p.get("value") for p in case.iter("property")}
        for case in root.iter("testcase")
    }
    assert props["test_big"] == {
        "prompt_budget[long].tokens": "21",
        "prompt_budget[long].max_tokens": "20",
        "prompt_budget[long].status": "fail",
        "prompt_budget[long].tokenizer": "o200k_base",
    }
    assert props["test_estimate"]["prompt_budget[rough].estimated"] == "true"
    assert props["test_small"]["prompt_budget[greeting].status"] == "pass"


def test_markdown_report_with_a_baseline_uses_one_kind_of_emoji(pytester: pytest.Pytester) -> None:
    # literal emoji, as the check rows' badges: GitHub's shortcodes (:x:) show as text on GitLab
    pytester.makefile(
        ".toml",
        pyproject='[tool.prompt_budget]\ntokenizer = "chars4"\n[tool.prompt_budget.baseline]\nmax_growth = "5%"\n',
    )
    pytester.makepyfile(
        test_g="def test_g(prompt_budget):\n    prompt_budget.check('abcd' * 100, 1000, label='g')\n"
    )
    pytester.runpytest_subprocess("-p", "no:cacheprovider", "--prompt-budget-update")
    pytester.makepyfile(
        test_g="def test_g(prompt_budget):\n    prompt_budget.check('abcd' * 150, 1000, label='g')\n"
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--prompt-budget-report=r.md")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    md = (pytester.path / "r.md").read_text(encoding="utf-8").splitlines()
    assert "| ✅ pass | `test_g.py::test_g` | g | chars4 (estimate) | ~150 | 1,000 | 15.0% |" in md
    growth = md[md.index("## Prompt budget: growth over the baseline") + 2]
    assert growth.startswith("❌ **1 over their growth gate**. Total **100 -> 150** tokens")


def test_report_with_unknown_suffix_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_r=SUITE)
    result = pytester.runpytest("--prompt-budget-report=out.txt")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*--prompt-budget-report: expected a path ending in .json, .md or .html, got 'out.txt'*"]
    )


def test_report_prints_the_summary_without_verbose(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_r=SUITE)
    result = pytester.runpytest("--prompt-budget-report=sub/dir/r.json")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["*- prompt budget -*", "*prompt-budget report written to *r.json"])
    assert (pytester.path / "sub" / "dir" / "r.json").is_file()


def test_no_checks_no_summary(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain="def test_x():\n    assert True\n")
    result = pytester.runpytest("-v")
    result.assert_outcomes(passed=1)
    assert "- prompt budget -" not in result.stdout.str()


@pytest.mark.parametrize("suite", [SUITE, "def test_no_checks():\n    pass\n"], ids=["checks", "no-checks"])
def test_markdown_report_goes_to_the_github_step_summary_once(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, xdist_args: list[str], suite: str
) -> None:
    pytester.makepyfile(test_r=suite)
    step_summary = pytester.path / "step-summary.md"
    step_summary.write_text("## Earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(step_summary))
    pytester.runpytest_subprocess(*xdist_args, "--prompt-budget-report=r.md")
    md = (pytester.path / "r.md").read_text(encoding="utf-8")
    assert md.startswith("## Prompt budget\n")
    assert step_summary.read_text(encoding="utf-8") == "## Earlier step\n" + md


def test_turn_budgets_are_junit_properties_too(pytester: pytest.Pytester, xdist_args: list[str]) -> None:
    pytester.makepyfile(
        test_t="""
        def test_agent(turn_budget):
            tb = turn_budget(max_calls=3, max_turns=2)
            tb.record_call("search")
            tb.record_turn()
        """
    )
    result = pytester.runpytest_subprocess(*xdist_args, "--junitxml=j.xml")
    result.assert_outcomes(passed=1)
    case = next(ET.parse(pytester.path / "j.xml").getroot().iter("testcase"))
    props = {p.get("name"): p.get("value") for p in case.iter("property")}
    assert props["prompt_budget[turn_budget calls].tokens"] == "1"
    assert props["prompt_budget[turn_budget calls].max_tokens"] == "3"
    assert props["prompt_budget[turn_budget calls].status"] == "pass"
    assert props["prompt_budget[turn_budget turns].tokens"] == "1"
    assert props["prompt_budget[turn_budget turns].max_tokens"] == "2"


def test_a_label_checked_twice_gets_numbered_junit_properties(
    pytester: pytest.Pytester, xdist_args: list[str]
) -> None:
    pytester.makepyfile(
        test_t="""
        def test_agent(prompt_budget):
            prompt_budget.check("abcd" * 3, max_tokens=10)
            prompt_budget.check("abcd" * 5, max_tokens=10)
            prompt_budget.check("abcd" * 7, max_tokens=10, label="tools")
        """
    )
    result = pytester.runpytest_subprocess(
        *xdist_args, "--junitxml=j.xml", "--prompt-budget-tokenizer=chars4"
    )
    result.assert_outcomes(passed=1)
    case = next(ET.parse(pytester.path / "j.xml").getroot().iter("testcase"))
    names = [p.get("name") for p in case.iter("property")]
    assert len(names) == len(set(names)), names
    props = {p.get("name"): p.get("value") for p in case.iter("property")}
    assert props["prompt_budget[prompt].tokens"] == "3"
    assert props["prompt_budget[prompt#2].tokens"] == "5"
    assert props["prompt_budget[tools].tokens"] == "7"


def test_budget_file_items_are_junit_properties_too(pytester: pytest.Pytester, xdist_args: list[str]) -> None:
    pytester.makepyprojecttoml(
        '[tool.prompt_budget]\ntokenizer = "chars4"\n'
        '[[tool.prompt_budget.files]]\npath = "docs/*.md"\nmax_tokens = 50\n'
    )
    (pytester.path / "docs").mkdir()
    (pytester.path / "docs" / "guide.md").write_text("abcd" * 60, encoding="utf-8")
    result = pytester.runpytest_subprocess(*xdist_args, "--junitxml=j.xml", "docs/guide.md")
    result.assert_outcomes(failed=1)
    case = next(ET.parse(pytester.path / "j.xml").getroot().iter("testcase"))
    props = {p.get("name"): p.get("value") for p in case.iter("property")}
    assert props["prompt_budget[docs/guide.md].tokens"] == "60"
    assert props["prompt_budget[docs/guide.md].max_tokens"] == "50"
    assert props["prompt_budget[docs/guide.md].status"] == "fail"
    assert props["prompt_budget[docs/guide.md].estimated"] == "true"


def test_wide_characters_are_never_cut_from_the_summary(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    label = "日本語のラベル" * 6  # 42 characters, 84 terminal cells
    pytester.makepyfile(
        test_w=f"""
        import pytest

        @pytest.mark.prompt_budget(tokenizer="chars4")
        def test_cjk(prompt_budget):
            prompt_budget.check("abcd", 100, label="{label}")
        """
    )
    monkeypatch.setenv("COLUMNS", "60")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-v")
    result.assert_outcomes(passed=1)
    rows = [line for line in result.stdout.lines if line.startswith(" test_w.py::test_cjk")]
    assert [row.split() for row in rows] == [
        ["test_w.py::test_cjk", label, "chars4", "~1", "100", "1.0%", "pass"]
    ]
    assert "…" not in result.stdout.str()


def test_markdown_report_shows_labels_with_markup_as_they_are(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_m="""
        def test_tags(prompt_budget):
            prompt_budget.check("hi", 100, label="<system> *draft* [v2] a|b")
        """
    )
    pytester.runpytest_subprocess("-p", "no:cacheprovider", "--prompt-budget-report=r.md")
    md = (pytester.path / "r.md").read_text(encoding="utf-8")
    assert "| ✅ pass | `test_m.py::test_tags` | \\<system\\> \\*draft\\* \\[v2\\] a\\|b | o200k_base |" in md


def test_report_that_cannot_be_written_is_not_said_to_be_written(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_r=SUITE)
    (pytester.path / "taken").write_text("a file, not a folder", encoding="utf-8")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--prompt-budget-report=taken/r.json")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["prompt-budget: cannot write the prompt-budget report */taken/r.json: *"])
    result.stdout.no_fnmatch_line("prompt-budget report written to *")
    # The warnings summary names the report, not the line of prompt-budget that noticed.
    result.stdout.fnmatch_lines(
        ["*/taken/r.json:0: PromptBudgetWarning: cannot write the prompt-budget report*"]
    )
    result.stdout.no_fnmatch_line("*session.py*")


def test_a_step_summary_that_cannot_be_appended_to_is_a_warning_at_that_path(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makepyfile(test_r=SUITE)
    (pytester.path / "summary-dir").mkdir()
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(pytester.path / "summary-dir"))
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--prompt-budget-report=r.md")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*/summary-dir:0: PromptBudgetWarning: cannot append the prompt-budget report to $GITHUB_STEP_SUMMARY*"
        ]
    )
    result.stdout.no_fnmatch_line("*session.py*")
