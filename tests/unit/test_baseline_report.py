"""Rendering comparisons: text tables, the Markdown PR summary, step summary, GitHub annotations."""

from __future__ import annotations

from pathlib import Path

from prompt_budget.baseline import Baseline, BaselineEntry, Comparison, GrowthPolicy, compare
from prompt_budget.model import GrowthGate
from prompt_budget.report.baseline import (
    append_step_summary,
    github_annotations,
    markdown_summary,
    summary_lines,
    text_report,
)


def e(tokens: int, tokenizer: str = "o200k_base", kind: str = "check") -> BaselineEntry:
    return BaselineEntry(tokens, tokenizer, kind)


def sample() -> Comparison:
    stored = Baseline(
        {
            "tests/test_a.py::test_sys[main]": e(1204),
            "skills/a/SKILL.md": e(500, kind="file"),
            "skills/b/SKILL.md": e(400, kind="file"),
            "gone.md": e(10, kind="file"),
            "t::mismatch": e(10, "cl100k_base"),
        }
    )
    measured = {
        "tests/test_a.py::test_sys[main]": e(1391),
        "skills/a/SKILL.md": e(520, kind="file"),
        "skills/b/SKILL.md": e(380, kind="file"),
        "skills/c/SKILL.md": e(77, kind="file"),
        "t::mismatch": e(12),
    }
    policy = GrowthPolicy(
        default=GrowthGate(5, 100), default_source="pyproject.toml [tool.prompt_budget.baseline] max_growth"
    )
    return compare(stored, measured, policy, path=".prompt-budget/baseline.json")


def test_text_report_tables_and_summary() -> None:
    text = text_report(sample())
    lines = text.splitlines()
    assert lines[0] == "prompt-budget: growth over the baseline"
    assert lines[1].split() == ["check", "baseline", "now", "delta", "%", "status"]
    # failures first, then the biggest growth, then the rest
    assert lines[3].split() == ["tests/test_a.py::test_sys[main]", "1,204", "1,391", "+187", "+15.5%", "FAIL"]
    assert lines[4].split() == ["skills/a/SKILL.md", "500", "520", "+20", "+4.0%", "ok"]
    assert lines[5].split() == ["skills/b/SKILL.md", "400", "380", "-20", "-5.0%", "ok"]
    assert lines[7].split() == ["total", "(3)", "2,104", "2,291", "+187", "+8.9%", "1", "failed"]
    assert "new (not in the baseline)" in lines
    assert "in the baseline, not measured this run" in lines
    assert "tokenizer changed (not compared)" in lines
    assert (
        "FAILED tests/test_a.py::test_sys[main]: tokens 1,204 -> 1,391 (+187, +15.5%), allowed +5% or +100 "
        "(gate: pyproject.toml [tool.prompt_budget.baseline] max_growth)"
    ) in lines


def test_summary_for_a_missing_baseline() -> None:
    result = compare(None, {"a": e(1), "b": e(2)}, path=".prompt-budget/baseline.json")
    assert summary_lines(result) == [
        "no baseline at .prompt-budget/baseline.json: 2 checks measured would be written; create it with "
        "`pytest --prompt-budget-update` or `prompt-budget baseline update`"
    ]


def test_markdown_summary_failures_first() -> None:
    md = markdown_summary(sample())
    assert md.startswith("## Prompt budget: growth over the baseline\n\n❌ **1 over their growth gate**. ")
    assert "Total **2,104 -> 2,291** tokens (+187, +8.9%) over 3 checks" in md
    sections = [line for line in md.splitlines() if line.startswith("### ")]
    assert sections == [
        "### Failures",
        "### Grew",
        "### Tokenizer changed (not compared)",
        "### New (1)",
        "### In the baseline, not measured (1)",
    ]
    assert (
        "| `tests/test_a.py::test_sys[main]` | 1,204 | 1,391 | +187 | +15.5% | **FAIL** | +5% or +100 "
        "(pyproject.toml [tool.prompt_budget.baseline] max_growth) |"
    ) in md
    assert "| `skills/c/SKILL.md` | 77 | o200k_base |" in md
    assert "<details><summary>All 3 compared checks</summary>" in md


def test_markdown_top_growers_is_limited() -> None:
    stored = Baseline({f"t{i:02}": e(100) for i in range(15)})
    measured = {f"t{i:02}": e(100 + i) for i in range(15)}
    md = markdown_summary(compare(stored, measured), top=3)
    assert "### Top growers (3 of 14)" in md
    growers = md.split("### Top growers (3 of 14)")[1].split("<details>")[0]
    assert [line.split("|")[1].strip() for line in growers.splitlines() if line.startswith("| `")] == [
        "`t14`",
        "`t13`",
        "`t12`",
    ]


def test_markdown_escapes_pipes() -> None:
    md = markdown_summary(compare(Baseline({"a|b": e(1)}), {"a|b": e(2)}))
    assert "`a\\|b`" in md


def test_append_step_summary(tmp_path: Path) -> None:
    target = tmp_path / "summary.md"
    target.write_text("earlier step\n", encoding="utf-8")
    assert append_step_summary("## hello", {"GITHUB_STEP_SUMMARY": str(target)}) == target
    assert target.read_text(encoding="utf-8") == "earlier step\n## hello\n"
    assert append_step_summary("## hello", {}) is None


def test_github_annotations() -> None:
    assert github_annotations(sample()) == [
        "::error file=tests/test_a.py,line=1,title=prompt-budget growth::tests/test_a.py::test_sys[main]: "
        "tokens 1,204 -> 1,391 (+187, +15.5%25), allowed +5%25 or +100 (gate: pyproject.toml "
        "[tool.prompt_budget.baseline] max_growth)",
        "::warning file=t,line=1,title=prompt-budget::t::mismatch: counted by cl100k_base in the baseline and by "
        "o200k_base now: not compared; re-create the baseline with `pytest --prompt-budget-update` or "
        "`prompt-budget baseline update`",
    ]


def test_github_annotation_escapes() -> None:
    result = compare(
        Baseline({"a,b:c.md": e(100)}), {"a,b:c.md": e(200)}, GrowthPolicy(default=GrowthGate(percent=50))
    )
    (line,) = github_annotations(result, lambda item: (item.id, 7))
    assert line.startswith(
        "::error file=a%2Cb%3Ac.md,line=7,title=prompt-budget growth::a,b:c.md: tokens 100 -> 200 (+100, +100.0%25)"
    )


def test_markdown_tables_are_limited_but_failures_are_not() -> None:
    stored = Baseline({f"t{i:03}": e(100) for i in range(50)})
    measured = {f"t{i:03}": e(200 if i < 20 else 100) for i in range(50)} | {f"n{i}": e(1) for i in range(9)}
    md = markdown_summary(compare(stored, measured, GrowthPolicy(default=GrowthGate(percent=10))), limit=5)
    failures = md.split("### Failures")[1].split("###")[0]
    assert sum(line.startswith("| `t") for line in failures.splitlines()) == 20
    assert "<details><summary>All 50 compared checks, the first 5 shown</summary>" in md
    new = md.split("### New (9)")[1].split("###")[0].split("<details>")[0]
    assert sum(line.startswith("| `n") for line in new.splitlines()) == 5
