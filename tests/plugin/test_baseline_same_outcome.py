"""The same tree through ``prompt-budget check`` and through pytest's collected file items gives the
same baseline outcome: the same items compared, the same failures with the same growth, the same
exit status, and the same ratchet, written to the same file (issue 17, acceptance 4).

Counts use ``chars4`` (ceil(chars / 4)): a file of ``"abcd" * N`` is N tokens, so every expected
number below is worked out by hand, not by the code under test."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from prompt_budget.cli import main

CONFIG = """\
[tool.prompt_budget]
tokenizer = "chars4"

[tool.prompt_budget.baseline]
max_growth = "10% or 5"

[[tool.prompt_budget.files]]
path = "docs/*.md"
max_tokens = 1000
ratchet = true

[[tool.prompt_budget.files]]
path = "rules/*.md"
max_tokens = 1000
max_growth = 100
"""

#: tokens now (files on disk)
NOW = {"docs/grew.md": 150, "docs/shrank.md": 80, "docs/new.md": 20, "rules/a.md": 160, "rules/b.md": 40}
#: tokens in the committed baseline; docs/gone.md is no longer on disk
BEFORE = {"docs/grew.md": 100, "docs/shrank.md": 100, "docs/gone.md": 30, "rules/a.md": 100, "rules/b.md": 50}

BASELINE = ".prompt-budget/baseline.json"
GLOBAL_GATE = "pyproject.toml [tool.prompt_budget.baseline] max_growth"
RULES_GATE = "pyproject.toml [tool.prompt_budget.files] #2 max_growth"

#: id -> (status, baseline, now, delta, ratchet, gate source)
EXPECTED = {
    # +50, +50%: over both "10%" and "5"
    "docs/grew.md": ("fail", 100, 150, 50, False, GLOBAL_GATE),
    # shrank, and its entry ratchets: lowered to 80
    "docs/shrank.md": ("pass", 100, 80, -20, True, GLOBAL_GATE),
    "docs/new.md": ("new", None, 20, None, False, None),
    "docs/gone.md": ("removed", 30, None, None, False, None),
    # +60, +60%: within its entry's own gate of 100
    "rules/a.md": ("pass", 100, 160, 60, False, RULES_GATE),
    # shrank, but its entry does not ratchet
    "rules/b.md": ("pass", 50, 40, -10, False, RULES_GATE),
}
AFTER = {"docs/grew.md": 100, "docs/shrank.md": 80, "docs/gone.md": 30, "rules/a.md": 100, "rules/b.md": 50}
RATCHET_NOTE = "ratcheted down 1 entry that shrank: docs/shrank.md"


def make_tree(root: Path) -> None:
    (root / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    for rel, tokens in NOW.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("abcd" * tokens, encoding="utf-8")
    entries = {cid: {"kind": "file", "tokenizer": "chars4", "tokens": n} for cid, n in BEFORE.items()}
    (root / ".prompt-budget").mkdir()
    (root / BASELINE).write_text(json.dumps({"version": 1, "entries": entries}), encoding="utf-8")


def outcome(items: list[dict[str, object]]) -> dict[str, tuple[object, ...]]:
    return {
        str(i["id"]): (i["status"], i["baseline"], i["now"], i["delta"], i["ratchet"], i["gate_source"])
        for i in items
    }


def stored(root: Path) -> dict[str, int]:
    doc = json.loads((root / BASELINE).read_text(encoding="utf-8"))
    return {cid: e["tokens"] for cid, e in doc["entries"].items()}


def test_cli_check_and_pytest_give_the_same_baseline_outcome(
    pytester: pytest.Pytester, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli_root = tmp_path / "cli-tree"
    cli_root.mkdir()
    make_tree(cli_root)
    make_tree(pytester.path)
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)

    # pytest: the configured files collected as items, the report holding the comparison
    result = pytester.runpytest(
        "-p", "no:cacheprovider", "-p", "no:xdist", "--prompt-budget-report=report.json"
    )
    result.assert_outcomes(passed=len(NOW) + 1)  # every file within its cap of 1,000, and the plan item
    assert result.ret == pytest.ExitCode.TESTS_FAILED  # the growth gate fails the run
    from_pytest = json.loads((pytester.path / "report.json").read_text(encoding="utf-8"))["baseline"]

    # the CLI, in-process, on an identical tree
    monkeypatch.chdir(cli_root)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--color", "never", "check", "--json"])
    assert code == 1, err.getvalue()
    from_cli = json.loads(out.getvalue())["baseline"]

    assert outcome(from_cli["items"]) == EXPECTED
    assert outcome(from_pytest["items"]) == EXPECTED
    assert from_cli["items"] == from_pytest["items"]  # messages, gates and percentages alike
    assert [i["message"] for i in from_cli["items"] if i["status"] == "fail"] == [
        "tokens 100 -> 150 (+50, +50.0%), allowed +10% or +5"
    ]
    assert from_cli["counts"] == from_pytest["counts"]

    # the ratchet: both lowered docs/shrank.md, wrote the same file, and said so
    assert stored(pytester.path) == AFTER
    assert stored(cli_root) == AFTER
    assert (cli_root / BASELINE).read_bytes() == (pytester.path / BASELINE).read_bytes()
    result.stdout.fnmatch_lines([f"{BASELINE}: {RATCHET_NOTE}"])
    assert f"{BASELINE}: {RATCHET_NOTE}" in err.getvalue()
