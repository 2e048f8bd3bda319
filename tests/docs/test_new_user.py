"""What a new user copies from the docs works in their own project, not only in this repository.

Found by following README.md, docs/getting-started.md, docs/index.md and docs/recipes.md literally in a
fresh project: a CI snippet that installed the user's own project with this project's extra
(``pip install -e ".[fast]"``: pip warns that the project does not provide the extra, and
``prompt-budget`` is then not installed), a getting-started page whose "two commands of the README"
were not the README's, and an index whose list of commands missed one.
"""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

import pytest
import yaml
from data_strings import strings

from prompt_budget.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]

_FENCE = re.compile(r"^```(?P<info>[^\n]*)\n(?P<body>.*?)^```", re.M | re.S)


def _blocks(path: Path, lang: str) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [m.group("body") for m in _FENCE.finditer(text) if m.group("info").split()[:1] == [lang]]


def _ci_files() -> list[tuple[str, str]]:
    """Every YAML block of the docs, and the YAML files of examples/, as (where, text)."""
    found = [
        (f"{doc.relative_to(ROOT).as_posix()} block {i}", body)
        for doc in sorted((ROOT / "docs").glob("*.md"))
        for i, body in enumerate(_blocks(doc, "yaml"), 1)
    ]
    found += [
        (p.relative_to(ROOT).as_posix(), p.read_text(encoding="utf-8"))
        for p in sorted(ROOT.glob("examples/**/*.yml"))
    ]
    return found


def _runs(text: str) -> list[str]:
    """The shell commands of a CI file: every string of the YAML, line by line, comments removed."""
    data = yaml.safe_load(text)
    return [
        line.split(" #", 1)[0].strip()
        for s in strings(data)
        for line in s.splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]


def _whole_job(text: str) -> bool:
    """A whole CI configuration (a GitHub workflow's ``jobs``, a GitLab job's ``script``), not an
    excerpt of steps to paste into one."""
    data = yaml.safe_load(text)
    return isinstance(data, dict) and (
        "jobs" in data or any(isinstance(v, dict) and "script" in v for v in data.values())
    )


CI_RUNNING_US = [
    (w, t) for w, t in _ci_files() if _whole_job(t) and any(r.startswith("prompt-budget ") for r in _runs(t))
]


def test_the_docs_have_ci_files_that_run_prompt_budget() -> None:
    wheres = [w for w, _ in CI_RUNNING_US]
    assert any(w.startswith("docs/recipes.md") for w in wheres), wheres
    assert "examples/github-actions/prompt-budget.yml" in wheres, wheres


@pytest.mark.parametrize(("where", "text"), CI_RUNNING_US, ids=[w for w, _ in CI_RUNNING_US])
def test_ci_files_install_prompt_budget_by_name(where: str, text: str) -> None:
    """A CI job that calls ``prompt-budget`` installs the ``pytest-prompt-budget`` distribution: in a
    user's project, ``.`` is the user's own project, which has no ``fast`` extra."""
    installs = [shlex.split(r) for r in _runs(text) if re.search(r"\bpipx? install\b", r)]
    assert installs, f"{where}: runs prompt-budget but installs nothing"
    ours = {"fast", "tiktoken", "hf", "anthropic", "all", "dev", "docs"}
    for argv in installs:
        for arg in argv:
            m = re.fullmatch(r"\.(?:/)?\[(?P<extras>[^\]]*)\]", arg)
            if m:
                extras = {e.strip() for e in m.group("extras").split(",")}
                assert not extras & ours, (
                    f"{where}: `{' '.join(argv)}` installs the user's project with pytest-prompt-budget's "
                    f"extra {sorted(extras & ours)}; install 'pytest-prompt-budget[...]' by name"
                )
    named = [a for argv in installs for a in argv if a.split("[", 1)[0] == "pytest-prompt-budget"]
    assert named, f"{where}: no install of pytest-prompt-budget among {installs}"


def _commands(block: str) -> list[str]:
    return [line.strip() for line in block.splitlines() if line.strip() and not line.strip().startswith("#")]


def test_getting_started_repeats_the_two_readme_commands() -> None:
    readme = ROOT / "README.md"
    readme_commands = [
        c for b in _blocks(readme, "bash") for c in _commands(b) if c.startswith("python3 -m venv .venv")
    ]
    assert len(readme_commands) == 2, readme_commands
    page = (ROOT / "docs" / "getting-started.md").read_text(encoding="utf-8")
    assert "the two commands of the README" in page
    gs_commands = [
        c
        for b in _blocks(ROOT / "docs" / "getting-started.md", "bash")
        for c in _commands(b)
        if c.startswith("python3 -m venv .venv")
    ]
    assert gs_commands == readme_commands


def test_index_lists_every_command() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    m = re.search(r"`prompt-budget ((?:[a-z]+ \| )+[a-z]+)`", index)
    assert m, "docs/index.md: no `prompt-budget a | b | ...` list of commands"
    assert sorted(m.group(1).split(" | ")) == sorted(sub.choices)


def test_docs_that_run_pytest_n_say_to_install_pytest_xdist() -> None:
    """``-n`` comes from pytest-xdist, which is not a dependency: a page that shows ``pytest -n``
    outside this repository's own test-suite command says to install it."""
    pages = []
    for doc in sorted((ROOT / "docs").glob("*.md")):
        commands = [c for b in _blocks(doc, "bash") for c in _commands(b)]
        uses_n = [c for c in commands if re.search(r"\bpytest\b.* -n \S+", c) and '.[dev]"' not in c]
        if uses_n and "pip install pytest-xdist" not in commands:
            pages.append(f"{doc.relative_to(ROOT).as_posix()}: {uses_n[0]}")
    assert not pages, f"pytest -n without installing pytest-xdist: {pages}"
