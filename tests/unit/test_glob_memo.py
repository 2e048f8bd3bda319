"""A warm ``check`` or ``count`` compiles its globs and ``.gitignore`` rules from the regexes pathspec
gave last time (kept beside the count cache), without importing pathspec; a memo that does not fit the
installed pathspec, or is damaged, is not trusted."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

MEMO = Path(".prompt-budget/cache/globs-v1.json")

#: runs the CLI and says afterwards whether pathspec was imported
RUN = (
    "import sys; from prompt_budget.cli import main; code = main(sys.argv[1:]); "
    "sys.stderr.write('PATHSPEC=%s\\n' % ('pathspec' in sys.modules)); sys.exit(code)"
)


def _project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.prompt_budget]\ntokenizer = "chars4"\n\n'
        '[[tool.prompt_budget.files]]\npath = "docs/**/*.md"\nmax_tokens = 100\n\n'
        '[[tool.prompt_budget.files]]\npath = "skills/*/SKILL.md"\nmax_tokens = 5\n',
        encoding="utf-8",
    )
    (tmp_path / ".gitignore").write_text("docs/drafts/\n", encoding="utf-8")
    for rel, text in {
        "docs/a.md": "short\n",
        "docs/deep/b.md": "also short\n",
        "docs/drafts/c.md": "ignored " * 200,
        "skills/x/SKILL.md": "far more than five tokens of text here\n",
        "skills/x/y/SKILL.md": "not matched: one folder too deep " * 10,
    }.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    return tmp_path


def _cli(root: Path, *argv: str) -> tuple[int, str, bool]:
    done = subprocess.run(
        [sys.executable, "-c", RUN, *argv], check=False, cwd=root, capture_output=True, text=True, timeout=120
    )
    imported = done.stderr.strip().splitlines()[-1] == "PATHSPEC=True"
    return done.returncode, done.stdout, imported


@pytest.mark.parametrize("command", ["check", "count"])
def test_a_warm_run_does_not_import_pathspec_and_matches_the_same_files(tmp_path: Path, command: str) -> None:
    root = _project(tmp_path)
    argv = [command, "--format", "json"] if command == "check" else [command, "--json"]
    code, first, imported = _cli(root, *argv)
    assert imported, "a first run compiles with pathspec"
    assert (root / MEMO).is_file()
    code2, second, imported2 = _cli(root, *argv)
    assert not imported2, "a warm run reads the memo instead"
    assert code2 == code
    assert json.loads(second) == json.loads(first)
    if command == "check":
        assert code == 1  # skills/x/SKILL.md is over its cap of 5
        checked = {v["id"] for v in json.loads(first)["verdicts"]}
        assert {"docs/a.md", "docs/deep/b.md", "skills/x/SKILL.md"} <= checked
        assert not any("drafts" in c or "skills/x/y" in c for c in checked)


def test_a_memo_of_another_pathspec_or_damaged_is_not_trusted(tmp_path: Path) -> None:
    root = _project(tmp_path)
    _cli(root, "check")
    memo = root / MEMO
    data = json.loads(memo.read_text(encoding="utf-8"))
    # another pathspec: compiled again, and the memo rewritten for this one
    memo.write_text(json.dumps({**data, "pathspec": ["elsewhere", 1, 2]}), encoding="utf-8")
    code, out, imported = _cli(root, "check", "--format", "json")
    assert imported
    assert code == 1
    assert json.loads(memo.read_text(encoding="utf-8"))["pathspec"] == data["pathspec"]
    # a regex that does not compile: that pattern is compiled again by pathspec
    patterns = data["patterns"]
    key = "/skills/*/SKILL.md"
    assert key in patterns
    patterns[key] = ["(", 0, True]
    memo.write_text(json.dumps(data), encoding="utf-8")
    code2, out2, imported2 = _cli(root, "check", "--format", "json")
    assert imported2
    assert code2 == 1
    assert json.loads(out2)["verdicts"] == json.loads(out)["verdicts"]
    # not JSON at all
    memo.write_text("{not json", encoding="utf-8")
    code3, out3, _ = _cli(root, "check", "--format", "json")
    assert code3 == 1
    assert json.loads(out3)["verdicts"] == json.loads(out)["verdicts"]


def test_no_cache_writes_no_memo(tmp_path: Path) -> None:
    root = _project(tmp_path)
    code, _, imported = _cli(root, "check", "--no-cache")
    assert code == 1
    assert imported
    assert not (root / MEMO).exists()
