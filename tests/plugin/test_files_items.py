"""Configured files collected as pytest items, through pytester in a subprocess.

Counts use ``chars4`` (ceil(chars / 4)): a file of ``"abcd" * N`` is N tokens."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest_plugins = ["pytester"]


def tokens(n: int) -> str:
    return "abcd" * n


CONFIG = """\
[tool.pytest.ini_options]
testpaths = ["tests"]

[tool.prompt_budget]
tokenizer = "chars4"
context_window = 1000
threshold = 0.8

[[tool.prompt_budget.files]]
name = "core"
path = "CLAUDE.md"
max_tokens = 300
load = "must"

[[tool.prompt_budget.files]]
name = "skills"
path = ".claude/skills/*/SKILL.md"
max_tokens = 100
frontmatter_max_tokens = 20

[[tool.prompt_budget.files]]
name = "all markdown"
path = "**/*.md"
max_tokens = 1000

[[tool.prompt_budget.files]]
name = "docs"
path = "docs/*.md"
max_tokens = 50
priority = 1

[[tool.prompt_budget.stages]]
name = "one"
files = ["docs"]

[[tool.prompt_budget.stages]]
name = "two"
files = [".claude/skills/*/SKILL.md"]
"""


def make_tree(
    pytester: pytest.Pytester, *, skill_body: int = 10, doc: int = 10, extra: str = "", window: int = 1000
) -> None:
    config = CONFIG.replace("context_window = 1000", f"context_window = {window}")
    pytester.makefile(".toml", pyproject=config + extra)
    root = pytester.path
    layout = {
        "CLAUDE.md": tokens(100),
        ".claude/skills/deploy/SKILL.md": "---\nname: deploy\ndescription: d\n---\n" + tokens(skill_body),
        "docs/guide.md": tokens(doc),
        "docs/faq.md": tokens(5),
        "tests/test_app.py": "def test_app():\n    assert True\n",
    }
    for rel, text in layout.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


FILE_ITEMS = [
    ".claude/skills/deploy/SKILL.md::prompt-budget",
    "CLAUDE.md::prompt-budget",
    "docs/faq.md::prompt-budget",
    "docs/guide.md::prompt-budget",
]


def test_files_outside_testpaths_collected_once_with_plan_item(pytester: pytest.Pytester) -> None:
    make_tree(pytester)
    result = pytester.runpytest_subprocess("--collect-only", "-q")
    nodeids = sorted(line for line in result.outlines if "::" in line)
    # every file once, although CLAUDE.md, the skill and the docs each match two entries
    assert nodeids == sorted(
        [*FILE_ITEMS, "pyproject.toml::prompt-budget-plan", "tests/test_app.py::test_app"]
    )


def test_all_pass(pytester: pytest.Pytester) -> None:
    make_tree(pytester)
    result = pytester.runpytest_subprocess()
    result.assert_outcomes(passed=6)
    assert result.ret == pytest.ExitCode.OK


def test_file_over_cap_fails_cleanly(pytester: pytest.Pytester, xdist_args: list[str]) -> None:
    make_tree(pytester, doc=60)
    result = pytester.runpytest_subprocess("-rf", *xdist_args)
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*docs/guide.md is an estimated 60 tokens, over its cap of 50 by 10 (20.0%); cap set in pyproject.toml "
            "[[]tool.prompt_budget.files] #4*",
            "FAILED docs/guide.md::prompt-budget*",
        ]
    )
    out = result.stdout.str()
    assert "Traceback" not in out
    assert "def runtest" not in out
    assert "BudgetExceeded" not in out
    # reportinfo names the file in the failure header
    result.stdout.fnmatch_lines(["*_ prompt-budget: docs/guide.md _*"])


def test_a_markdown_file_over_its_cap_names_its_largest_sections(pytester: pytest.Pytester) -> None:
    make_tree(pytester)
    # chars4 of each slice: "# Guide\n" + 10 tokens + "\n" is 49 chars (13 tokens), "## Long\n" +
    # 40 tokens + "\n" 169 (43); the second "##" section is "## Short\n" + "abcd\n", 14 chars (4)
    guide = "# Guide\n" + tokens(10) + "\n## Long\n" + tokens(40) + "\n## Short\nabcd\n"
    (pytester.path / "docs" / "guide.md").write_text(guide, encoding="utf-8")
    result = pytester.runpytest_subprocess("-rf")
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines(
        [
            "docs/guide.md is an estimated 58 tokens, over its cap of 50 by 8 (16.0%)*",
            'largest sections: "## Long" (lines 3-4) 43 tokens, "# Guide" (lines 1-2) 13 tokens, '
            '"## Short" (lines 5-6) 4 tokens',
        ]
    )


def test_skill_description_over_its_cap_fails_the_skill_item(pytester: pytest.Pytester) -> None:
    make_tree(pytester)
    skill = pytester.path / ".claude/skills/deploy/SKILL.md"
    skill.write_text("---\nname: deploy\ndescription: " + "x" * 100 + "\n---\nbody", encoding="utf-8")
    result = pytester.runpytest_subprocess("-rf")
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*.claude/skills/deploy/SKILL.md frontmatter (name and description, always loaded) is an estimated 32 tokens, "
            "over its cap of 20 by 12*",
        ]
    )


def test_plan_item_fails_for_missing_must_file_and_plan_that_cannot_fit(pytester: pytest.Pytester) -> None:
    extra = '\n[[tool.prompt_budget.files]]\npath = "rules/oncall.md"\nload = "must"\n'
    make_tree(pytester, extra=extra)
    (pytester.path / "CLAUDE.md").write_text(tokens(1200))
    result = pytester.runpytest_subprocess("-rf")
    result.assert_outcomes(passed=4, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*rules/oncall.md: must-load file is missing*",
            "*must-load total is an estimated 1,207 tokens*over the usable budget of 1,000 by 207*",
            "*stage 'one' cannot fit*",
            "FAILED CLAUDE.md::prompt-budget*",
            "FAILED pyproject.toml::prompt-budget-plan*",
        ]
    )
    assert "Traceback" not in result.stdout.str()


def test_threshold_warning_is_a_pytest_warning(pytester: pytest.Pytester) -> None:
    # usable 360, threshold 288: must-load 290 + 7 (the skill's frontmatter) = 297 warns; each stage
    # sheds what it loads to sit at 297: a stage that sheds its own files fails (issue 18); CLAUDE.md,
    # 290 of its 300 cap (97%), warns as a file past the threshold
    make_tree(pytester, window=360)
    (pytester.path / "CLAUDE.md").write_text(tokens(290))
    result = pytester.runpytest_subprocess()
    result.assert_outcomes(passed=5, failed=1, warnings=2)
    result.stdout.fnmatch_lines(
        [
            "*stage 'one' sheds docs/faq.md (5 tokens), docs/guide.md (10 tokens), which the stage itself loads*",
            "*FileBudgetWarning: CLAUDE.md is an estimated 290 tokens, 97% of its cap of 300*",
            "*FileBudgetWarning: must-load total is an estimated 297 tokens, over the threshold of 288*",
        ]
    )
    # located at the file the warning is about, not in prompt-budget's own code
    result.stdout.fnmatch_lines(["*pyproject.toml:1: FileBudgetWarning: must-load total*"])
    assert "items.py" not in result.stdout.str()


def test_no_prompt_budget_files_turns_it_off(pytester: pytest.Pytester) -> None:
    make_tree(pytester, doc=60)
    result = pytester.runpytest_subprocess("--no-prompt-budget-files")
    result.assert_outcomes(passed=1)


def test_keyword_selection(pytester: pytest.Pytester) -> None:
    make_tree(pytester)
    result = pytester.runpytest_subprocess("-k", "SKILL", "-v")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*.claude/skills/deploy/SKILL.md::prompt-budget PASSED*"])


def test_collected_count_includes_the_added_items(pytester: pytest.Pytester) -> None:
    # testpaths = ["tests"]: pytest's walk finds test_app.py; the four files and the plan item are added
    make_tree(pytester)
    result = pytester.runpytest_subprocess("-p", "no:xdist")
    result.stdout.fnmatch_lines(["collected 6 items"])
    result = pytester.runpytest_subprocess("-p", "no:xdist", "-k", "SKILL", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["1/6 tests collected (5 deselected)*"])
    result = pytester.runpytest_subprocess("-p", "no:xdist", "-k", "SKILL")
    result.stdout.fnmatch_lines(["collected 6 items / 5 deselected / 1 selected"])


def test_a_folder_reached_again_through_a_symlink_collects_each_file_once(pytester: pytest.Pytester) -> None:
    make_tree(pytester, doc=60)
    try:
        (pytester.path / "mirror").symlink_to(pytester.path / "docs", target_is_directory=True)
    except OSError:
        pytest.skip("symbolic links are not available here")
    result = pytester.runpytest_subprocess(".", "--collect-only", "-q")
    nodeids = sorted(line for line in result.outlines if "::" in line)
    assert nodeids == sorted(
        [*FILE_ITEMS, "pyproject.toml::prompt-budget-plan", "tests/test_app.py::test_app"]
    )
    result = pytester.runpytest_subprocess(".")
    result.assert_outcomes(passed=5, failed=1)


def test_a_skill_linked_in_from_outside_the_project_is_an_item(pytester: pytest.Pytester) -> None:
    make_tree(pytester)
    shared = pytester.path.parent / f"{pytester.path.name}-shared" / "review"
    shared.mkdir(parents=True)
    (shared / "SKILL.md").write_text(
        "---\nname: review\ndescription: r\n---\n" + tokens(150), encoding="utf-8"
    )
    try:
        (pytester.path / ".claude" / "skills" / "review").symlink_to(shared, target_is_directory=True)
    except OSError:
        pytest.skip("symbolic links are not available here")
    result = pytester.runpytest_subprocess("-v")
    result.stdout.fnmatch_lines(["*.claude/skills/review/SKILL.md::prompt-budget FAILED*"])
    result.stdout.fnmatch_lines(
        ["*.claude/skills/review/SKILL.md body is an estimated 150 tokens, over its cap of 100 by 50*"]
    )


def test_naming_one_test_file_adds_no_budget_items(pytester: pytest.Pytester) -> None:
    make_tree(pytester, doc=60)
    result = pytester.runpytest_subprocess("tests/test_app.py")
    result.assert_outcomes(passed=1)


def test_naming_a_budget_file_collects_it(pytester: pytest.Pytester) -> None:
    make_tree(pytester, doc=60)
    result = pytester.runpytest_subprocess("docs/guide.md")
    result.assert_outcomes(failed=1)


RECORDER = """
import json
from prompt_budget.pytest_plugin.session import get_session

def pytest_sessionfinish(session):
    if hasattr(session.config, "workerinput"):
        return
    budget = get_session(session.config)
    with open("records.json", "w") as fh:
        json.dump(budget.records, fh)
"""


def test_pytest_items_and_cli_give_the_same_verdicts(pytester: pytest.Pytester) -> None:
    extra = '\n[[tool.prompt_budget.files]]\npath = "rules/oncall.md"\nload = "must"\n'
    make_tree(pytester, doc=60, skill_body=120, extra=extra)
    (pytester.path / "CLAUDE.md").write_text(tokens(700))
    pytester.makeconftest(RECORDER)
    result = pytester.runpytest_subprocess("-p", "no:xdist")
    result.assert_outcomes(passed=2, failed=4)
    records = json.loads((pytester.path / "records.json").read_text())
    from_pytest = {r["id"]: (r["status"], r["tokens"], r["max_tokens"], r["kind"]) for r in records}

    cli = subprocess.run(
        [sys.executable, "-m", "prompt_budget", "check", "--json", "--no-cache"],
        cwd=pytester.path,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert cli.returncode == 1, cli.stderr
    data = json.loads(cli.stdout)
    from_cli = {
        v["id"]: (v["status"], v["usage"]["tokens"], v["max_tokens"], v["details"]["kind"])
        for v in data["verdicts"]
    }
    assert from_pytest == from_cli
    # and the numbers are the ones worked out by hand
    assert from_cli["docs/guide.md"] == ("fail", 60, 50, "file")
    assert from_cli[".claude/skills/deploy/SKILL.md"] == ("fail", 120, 100, "file")
    assert from_cli["rules/oncall.md"][0] == "fail"
    assert from_cli["must-load"] == ("pass", 707, 1000, "must-load")
    # stage two: 707 + 65 (docs) + 120 (skill body) = 892 > 800: the skill body (priority 0) is shed
    # before the docs (priority 1), back to 772; the skill is stage two's own file, so the stage fails
    # (issue 18: a stage that sheds what it loads cannot run)
    assert from_cli["plan:two"] == ("fail", 772, 1000, "plan")
    assert [s["id"] for s in data["plan"]["stages"][1]["shed"]] == [".claude/skills/deploy/SKILL.md"]


def test_safety_multiplier_applies_to_file_items(pytester: pytest.Pytester) -> None:
    # docs/guide.md is 40 by chars4 (under its cap of 50); x1.5 = 60, over it by 10
    make_tree(pytester, doc=40, extra="")
    cfg = pytester.path / "pyproject.toml"
    cfg.write_text(cfg.read_text().replace("threshold = 0.8\n", "threshold = 0.8\nsafety_multiplier = 1.5\n"))
    result = pytester.runpytest_subprocess("-rf")
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*docs/guide.md is an estimated 60 tokens (x1.5 safety multiplier), over its cap of 50 by 10 (20.0%)*",
            "FAILED docs/guide.md::prompt-budget*",
        ]
    )
