"""Walking folders: VCS and virtual-env folders are skipped, ``.gitignore`` rules are honoured."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from prompt_budget.text.globs import GitIgnore
from prompt_budget.walk import iter_files


def tree(root: Path, *files: str) -> None:
    for rel in files:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(rel, encoding="utf-8")


def walked(root: Path, **kwargs: object) -> list[str]:
    return [p.relative_to(root.resolve()).as_posix() for p in iter_files(root, **kwargs)]  # type: ignore[arg-type]


def test_files_come_sorted_and_recursive(tmp_path: Path) -> None:
    tree(tmp_path, "b.md", "a.md", "sub/z.txt", "sub/deeper/y.txt", "c/x.py")
    assert walked(tmp_path) == ["a.md", "b.md", "c/x.py", "sub/deeper/y.txt", "sub/z.txt"]


def test_vcs_and_virtual_env_folders_are_skipped(tmp_path: Path) -> None:
    tree(
        tmp_path,
        "keep.md",
        ".git/config",
        ".hg/store",
        ".venv/pyvenv.cfg",
        ".venv/lib/x.py",
        "venv/pyvenv.cfg",
        "venv/lib/x.py",
        "node_modules/pkg/index.js",
        "__pycache__/m.pyc",
        ".tox/py/x",
        ".mypy_cache/x",
        ".prompt-budget/cache/counts-v1.json",
        "src/pkg/__pycache__/m.pyc",
        "myenv/pyvenv.cfg",  # a virtual env under any name is recognised by its pyvenv.cfg
        "myenv/lib/site.py",
        "src/pkg/mod.py",
    )
    assert walked(tmp_path) == ["keep.md", "src/pkg/mod.py"]


def test_suffix_filter(tmp_path: Path) -> None:
    tree(tmp_path, "a.md", "b.MD", "c.txt", "d/e.md")
    assert walked(tmp_path, suffixes=frozenset({".md"})) == ["a.md", "b.MD", "d/e.md"]


def test_gitignore_can_be_turned_off(tmp_path: Path) -> None:
    tree(tmp_path, "a.log", "b.md")
    (tmp_path / ".gitignore").write_text("*.log\n", encoding="utf-8")
    assert walked(tmp_path) == [".gitignore", "b.md"]
    assert walked(tmp_path, gitignore=False) == [".gitignore", "a.log", "b.md"]


@pytest.mark.parametrize(
    ("rules", "files", "kept"),
    [
        # an unanchored pattern matches at any depth
        ("*.log\n", ["a.log", "x/b.log", "x/y/c.log", "d.md"], ["d.md"]),
        # negation re-includes a file
        ("*.log\n!keep.log\n", ["a.log", "keep.log", "x/keep.log"], ["keep.log", "x/keep.log"]),
        # a later rule wins over an earlier one
        ("!keep.log\n*.log\n", ["keep.log", "a.md"], ["a.md"]),
        # a leading slash anchors to the .gitignore's folder
        ("/build\n", ["build/out.txt", "src/build/keep.txt"], ["src/build/keep.txt"]),
        # a slash in the middle anchors too
        ("docs/*.md\n", ["docs/a.md", "x/docs/b.md", "docs/sub/c.md"], ["docs/sub/c.md", "x/docs/b.md"]),
        # ** matches any number of folders
        ("**/tmp\n", ["tmp/a", "x/tmp/b", "x/y/tmp/c", "tmpx/d"], ["tmpx/d"]),
        ("docs/**/draft.md\n", ["docs/draft.md", "docs/a/b/draft.md", "draft.md"], ["draft.md"]),
        ("logs/**\n", ["logs/a", "logs/b/c", "logsx/d"], ["logsx/d"]),
        # "logs/**" ignores what is inside logs/, not logs/ itself: a file in it can be re-included
        ("logs/**\n!logs/keep.md\n", ["logs/a", "logs/keep.md", "logs/b/c"], ["logs/keep.md"]),
        # a trailing slash matches folders only
        ("out/\n", ["out/a.txt", "x/out/b.txt", "y/out"], ["y/out"]),
        # ? and character classes
        ("file?.txt\n", ["file1.txt", "file12.txt"], ["file12.txt"]),
        ("[ab].txt\n", ["a.txt", "b.txt", "c.txt"], ["c.txt"]),
        ("[!ab].txt\n", ["a.txt", "c.txt"], ["a.txt"]),
        # comments, blank lines and an escaped leading #
        ("# a comment\n\n\\#notes.md\n", ["#notes.md", "a.md"], ["a.md"]),
        # a file inside an ignored folder cannot be re-included
        ("secret/\n!secret/ok.md\n", ["secret/ok.md", "a.md"], ["a.md"]),
    ],
)
def test_gitignore_rules(tmp_path: Path, rules: str, files: list[str], kept: list[str]) -> None:
    tree(tmp_path, *files)
    (tmp_path / ".gitignore").write_text(rules, encoding="utf-8")
    assert walked(tmp_path) == sorted([".gitignore", *kept])


def test_nested_gitignore_applies_below_its_folder(tmp_path: Path) -> None:
    tree(tmp_path, "a.tmp", "a.md", "sub/b.tmp", "sub/b.md", "sub/deep/c.md", "other/c.md")
    (tmp_path / ".gitignore").write_text("*.tmp\n", encoding="utf-8")
    # Anchored to sub/: ignores sub/deep but not other/; re-includes sub/b.tmp.
    (tmp_path / "sub" / ".gitignore").write_text("/deep\n!b.tmp\n", encoding="utf-8")
    assert walked(tmp_path) == [".gitignore", "a.md", "other/c.md", "sub/.gitignore", "sub/b.md", "sub/b.tmp"]


def test_gitignore_above_the_walked_folder_applies_up_to_the_repository_top(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    tree(repo, "docs/a.md", "docs/gen/b.md", "docs/c.log")
    (repo / ".git").mkdir()
    (repo / ".gitignore").write_text("*.log\ndocs/gen/\n", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("*.md\n", encoding="utf-8")  # outside the repo: not applied
    assert walked(repo / "docs") == ["a.md"]


def test_a_folder_walked_on_purpose_is_walked_though_a_gitignore_above_it_ignores_it(tmp_path: Path) -> None:
    # `prompt-budget count build/` counts build/ (as ripgrep searches a folder it is given); the
    # rules still apply inside it
    repo = tmp_path / "repo"
    tree(repo, "build/a.md", "build/b.log", "build/sub/c.md")
    (repo / ".git").mkdir()
    (repo / ".gitignore").write_text("build/\n*.log\n", encoding="utf-8")
    assert walked(repo) == [".gitignore"]
    assert walked(repo / "build") == ["a.md", "sub/c.md"]


def test_gitignore_match_api() -> None:
    rules = GitIgnore(["*.log", "!keep.log", "build/"])
    assert rules.match("a.log", False) is True
    assert rules.match("keep.log", False) is False
    assert rules.match("a.md", False) is None
    assert rules.match("build", True) is True
    assert rules.match("build", False) is None
    # a rule matches a path itself, not the files inside a folder it matches (the walk skips the folder)
    assert rules.match("build/x.o", False) is None
    assert rules.match("x.log/y", False) is None
    # comments and blank lines are no rules
    assert GitIgnore(["# a.md", "", "   "]).rules == []


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_the_walk_agrees_with_git(tmp_path: Path) -> None:
    """git itself is the reference: the files walked are the files git would add."""
    files = [
        "README.md",
        "a.log",
        "keep.log",
        "build/x.o",
        "src/build/y.c",
        "src/app.py",
        "src/app.pyc",
        "docs/guide.md",
        "docs/draft/wip.md",
        "docs/api/draft/wip.md",
        "docs/api/ref.md",
        "out/file",
        "nested/.gitignore",
        "nested/data.csv",
        "nested/keep.csv",
        "nested/deep/data.csv",
        "nested/deep/notes.txt",
        "tmp/cache.bin",
        "a/tmp/x",
        "name with spaces.txt",
        "weird[1].txt",
        "cache/x.tmp",
        "cache/keep.md",
        "cache/deep/y.tmp",
    ]
    tree(tmp_path, *files)
    (tmp_path / ".gitignore").write_text(
        "*.log\n!keep.log\n/build\n*.pyc\ndocs/**/draft/\nout/\n**/tmp\ncache/**\n!cache/keep.md\n",
        encoding="utf-8",
    )
    (tmp_path / "nested" / ".gitignore").write_text("*.csv\n!keep.csv\n/deep/notes.txt\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    listed = subprocess.run(
        ["git", "ls-files", "--others", "--exclude-standard", "-z"],
        cwd=tmp_path,
        capture_output=True,
        check=True,
    ).stdout.decode()
    expected = sorted(p for p in listed.split("\0") if p)
    assert walked(tmp_path) == expected


def test_prune_skips_a_folder_and_everything_in_it(tmp_path: Path) -> None:
    tree(tmp_path, "a.py", "build/b.py", "src/build/c.py", "src/d.py", "buildx/e.py")
    seen: list[str] = []

    def prune(folder: str) -> bool:
        seen.append(Path(folder).relative_to(tmp_path.resolve()).as_posix())
        return Path(folder).name == "build"

    assert walked(tmp_path, prune=prune) == ["a.py", "buildx/e.py", "src/d.py"]
    # asked once per folder met, never about the folders inside a pruned one or about the root
    assert sorted(seen) == ["build", "buildx", "src", "src/build"]
