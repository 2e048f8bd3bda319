"""`prompt-budget init` on generated repository layouts: what it finds, what it writes, and that a
second run changes nothing. Caps are checked against hand-computed values (chars4: ceil(chars / 4))."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from cli_run import run_cli

from prompt_budget.config import load_config
from prompt_budget.errors import ConfigError
from prompt_budget.scaffold import cap_for, merge, parse_headroom

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_cli("--color", "never", "init", *args, cwd=cwd)


def write(root: Path, rel: str, text: str) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def chars(n: int, line: str = "word ") -> str:
    """Exactly ``n`` characters of text (chars4 counts ceil(n / 4) tokens)."""
    return (line * (n // len(line) + 1))[:n]


def entries(table: dict[str, object]) -> dict[str, dict[str, object]]:
    files = table["files"]
    assert isinstance(files, list)
    return {str(e["name"]): e for e in files}


def load_quietly(path: Path) -> object:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return load_config(path)


PYPROJECT = """\
# Build settings: keep this comment.
[build-system]
requires = ["setuptools>=77"]   # trailing comment stays too
build-backend = "setuptools.build_meta"

[project]
name = "demo-agent"
version = "0.1.0"
description = '''
A multi-line string that looks like a table:
[tool.prompt_budget]
'''

# Ruff settings follow.
[tool.ruff]
line-length = 100
"""


# --- layout 1: Claude Code skills -------------------------------------------------------------------


@pytest.fixture
def claude_repo(tmp_path: Path) -> Path:
    root = tmp_path / "claude"
    write(root, "pyproject.toml", PYPROJECT)
    write(root, "CLAUDE.md", "# Rules\nRead [the guide](docs/guide.md) first.\n" + chars(400 - 47))
    write(root, "AGENTS.md", chars(80))
    skill = "---\nname: pdf\ndescription: Fill in PDF forms\n---\n" + chars(200)
    write(root, ".claude/skills/pdf/SKILL.md", skill)
    write(root, ".claude/skills/pdf/references/forms.md", chars(1000))
    write(
        root, ".claude/skills/xlsx/SKILL.md", "---\nname: xlsx\ndescription: Spreadsheets\n---\n" + chars(40)
    )
    write(
        root,
        ".claude/agents/reviewer.md",
        "---\nname: reviewer\ndescription: Reviews diffs\n---\n" + chars(120),
    )
    write(root, ".claude/commands/ship.md", chars(60))
    write(root, "docs/guide.md", chars(2000))
    write(root, "docs/unlinked.md", chars(50_000))  # a user doc nobody loads: not a prompt
    write(root, "node_modules/pkg/CLAUDE.md", chars(10_000))  # vendored: skipped
    write(root, ".gitignore", "scratch/\n")
    write(root, "scratch/prompts/draft.md", chars(9_000))  # ignored by git: skipped
    return root


def test_claude_code_layout(claude_repo: Path) -> None:
    proc = run(claude_repo, "-t", "chars4")
    assert proc.returncode == 0, proc.stderr
    text = (claude_repo / "pyproject.toml").read_text()
    # the original file is untouched, byte for byte; the config is appended after it
    assert text.startswith(PYPROJECT)
    table = tomllib.loads(text)["tool"]["prompt_budget"]
    assert table["tokenizer"] == "chars4"
    # the harnesses it found, selected; each entry caps one harness rule's files and leaves when they
    # load to the harness (CLAUDE.md and AGENTS.md at launch, skills listed and loaded on demand)
    assert table["harnesses"][:2] == ["claude-code", "codex"]
    assert "harnesses found: claude-code (5 files), codex (1 file)" in proc.stdout
    got = entries(table)
    assert set(got) == {
        "CLAUDE.md",
        "AGENTS.md",
        "claude-code skills",
        "skill references",
        "claude-code subagents",
        "claude-code commands",
        "linked references",
    }
    # CLAUDE.md: 400 chars = 100 tokens; +25% = 125, rounded up to a multiple of 10
    assert got["CLAUDE.md"] == {"name": "CLAUDE.md", "path": "CLAUDE.md", "max_tokens": 130}
    assert got["AGENTS.md"] == {"name": "AGENTS.md", "path": "AGENTS.md", "max_tokens": 30}  # 20 -> 25 -> 30
    skills = got["claude-code skills"]
    assert skills["path"] == ".claude/skills/*/SKILL.md"
    assert "load" not in skills
    # largest SKILL.md: 46 chars of frontmatter + 200 = 246 chars = 62 tokens -> 77.5 -> 80
    assert skills["max_tokens"] == 80
    # its always-loaded part "name: pdf\ndescription: Fill in PDF forms" is 40 chars = 10 tokens
    assert skills["frontmatter_max_tokens"] == 20
    assert got["skill references"]["max_tokens"] == 320  # 250 tokens -> 312.5 -> 320
    assert got["claude-code subagents"]["frontmatter_max_tokens"] == 20
    assert got["linked references"]["path"] == "docs/guide.md"
    assert got["linked references"]["max_tokens"] == 630  # 500 -> 625 -> 630
    assert "docs/unlinked.md" not in text
    assert "node_modules" not in text
    assert "scratch" not in text
    assert table["baseline"]["path"] == ".prompt-budget/baseline.json"
    config = load_quietly(claude_repo / "pyproject.toml")
    assert len(config.files) == 7  # type: ignore[attr-defined]
    # the next two commands; the check passes, with the harness's load classes
    assert "prompt-budget check" in proc.stdout
    assert "python -m pytest" in proc.stdout
    check = run_cli("check", "--json", ".", cwd=claude_repo)
    assert check.returncode == 0, check.stdout + check.stderr
    loads = {
        v["subject"]: v["details"]["load"]
        for v in json.loads(check.stdout)["verdicts"]
        if v["details"].get("kind") == "file"
    }
    assert loads["CLAUDE.md"] == "must"
    assert loads["AGENTS.md"] == "must"
    assert loads[".claude/skills/pdf/SKILL.md"] == "skippable"


def test_written_entries_match_the_files_they_were_made_for(claude_repo: Path) -> None:
    """The file-budget resolver (issue 4) picks, for every file init found, the entry init made."""
    files = pytest.importorskip("prompt_budget.files")
    assert run(claude_repo, "-t", "chars4").returncode == 0
    fileset = files.resolve(load_config(claude_repo / "pyproject.toml"))
    winners = {rel: m.winner.rule.name for rel, m in fileset.files.items()}
    assert winners == {
        "AGENTS.md": "AGENTS.md",
        "CLAUDE.md": "CLAUDE.md",
        ".claude/agents/reviewer.md": "claude-code subagents",
        ".claude/commands/ship.md": "claude-code commands",
        ".claude/skills/pdf/SKILL.md": "claude-code skills",
        ".claude/skills/xlsx/SKILL.md": "claude-code skills",
        ".claude/skills/pdf/references/forms.md": "skill references",
        "docs/guide.md": "linked references",
    }


def test_twice_changes_nothing(claude_repo: Path) -> None:
    assert run(claude_repo, "-t", "chars4").returncode == 0
    first = (claude_repo / "pyproject.toml").read_bytes()
    listing = sorted(p.relative_to(claude_repo).as_posix() for p in claude_repo.rglob("*"))
    second = run(claude_repo)  # the tokenizer now comes from the config
    assert second.returncode == 0, second.stderr
    assert "pyproject.toml: unchanged" in second.stdout
    assert (claude_repo / "pyproject.toml").read_bytes() == first
    assert sorted(p.relative_to(claude_repo).as_posix() for p in claude_repo.rglob("*")) == listing
    forced = run(claude_repo, "--force")
    assert forced.returncode == 0, forced.stderr
    assert (claude_repo / "pyproject.toml").read_bytes() == first


def test_dry_run_prints_the_proposal_and_writes_nothing(claude_repo: Path) -> None:
    before = (claude_repo / "pyproject.toml").read_bytes()
    proc = run(claude_repo, "-t", "chars4", "--dry-run")
    assert proc.returncode == 0, proc.stderr
    assert (claude_repo / "pyproject.toml").read_bytes() == before
    assert not (claude_repo / ".prompt-budget").exists()
    assert "# would write pyproject.toml:" in proc.stdout
    proposal = proc.stdout.split("# would write pyproject.toml:\n", 1)[1].split("\nnext:")[0]
    assert entries(tomllib.loads(proposal)["tool"]["prompt_budget"])["CLAUDE.md"]["max_tokens"] == 130


def test_headroom_option(claude_repo: Path) -> None:
    assert run(claude_repo, "-t", "chars4", "--headroom", "50%", "--dry-run").returncode == 0
    proc = run(claude_repo, "-t", "chars4", "--headroom", "50%")
    table = tomllib.loads((claude_repo / "pyproject.toml").read_text())["tool"]["prompt_budget"]
    assert proc.returncode == 0
    assert entries(table)["CLAUDE.md"]["max_tokens"] == 150  # 100 tokens + 50%


def test_a_different_config_is_kept_unless_forced(claude_repo: Path) -> None:
    assert run(claude_repo, "-t", "chars4").returncode == 0
    path = claude_repo / "pyproject.toml"
    edited = path.read_text().replace('tokenizer = "chars4"', 'tokenizer = "chars4"\nmodel = "gpt-4o"', 1)
    edited = edited.replace("max_tokens = 130", "max_tokens = 999", 1)
    edited += "\n# my values\n[tool.prompt_budget.values]\nsummary_ratio = 0.9  # keep me\n"
    path.write_text(edited)
    proc = run(claude_repo)
    assert proc.returncode == 1
    assert "already has a different prompt-budget configuration" in proc.stderr
    assert "--force" in proc.stderr
    assert path.read_text() == edited
    forced = run(claude_repo, "--force")
    assert forced.returncode == 0, forced.stderr
    text = path.read_text()
    table = tomllib.loads(text)["tool"]["prompt_budget"]
    assert entries(table)["CLAUDE.md"]["max_tokens"] == 130  # recomputed
    assert table["model"] == "gpt-4o"  # carried over
    assert table["values"] == {"summary_ratio": 0.9}  # kept
    assert "summary_ratio = 0.9  # keep me" in text
    assert "\n\n# my values\n[tool.prompt_budget.values]\n" in text  # the comment stays with its table
    assert text.startswith(PYPROJECT)
    assert "kept: tool.prompt_budget.values" in forced.stdout
    load_quietly(path)


def test_force_finds_the_table_after_a_string_holding_triple_quotes(claude_repo: Path) -> None:
    # `"uses \'\'\' quotes"` is a one-line string: no multi-line string opens there, so the
    # [tool.prompt_budget] header after it is a header, and --force replaces that table
    path = claude_repo / "pyproject.toml"
    path.write_text(PYPROJECT.replace('version = "0.1.0"', 'version = "0.1.0"\nnote = "uses \'\'\' quotes"'))
    assert run(claude_repo, "-t", "chars4").returncode == 0
    path.write_text(path.read_text().replace("max_tokens = 130", "max_tokens = 999", 1))
    forced = run(claude_repo, "--force", "-t", "chars4")
    assert forced.returncode == 0, forced.stderr
    text = path.read_text()
    assert text.count("[tool.prompt_budget]") == PYPROJECT.count("[tool.prompt_budget]") + 1  # not twice
    assert entries(tomllib.loads(text)["tool"]["prompt_budget"])["CLAUDE.md"]["max_tokens"] == 130


# --- layout 2: a plain Python agent with prompts/ ---------------------------------------------------


def test_python_agent_with_prompts(tmp_path: Path) -> None:
    root = tmp_path / "agent"
    pyproject = (
        "[project]\nname = 'agent'  # single quotes stay\n\n"
        "[tool.prompt_budget]\n# an old hand-written table, replaced\ntokenizer = 'chars4'\n\n"
        "# pytest settings: this comment introduces the next table and stays\n"
        "[tool.pytest.ini_options]\naddopts = ['-q']\n"
    )
    write(root, "pyproject.toml", pyproject)
    write(root, "src/agent/__init__.py", "")
    write(root, "src/agent/loop.py", "MAX_TOKENS = 8000\n")
    write(root, "src/agent/prompts/__init__.py", chars(40_000))  # code beside the prompts: not capped
    write(root, "src/agent/prompts/system.md", chars(4000))
    write(root, "src/agent/prompts/summarize.txt", chars(800))
    write(root, "src/agent/prompts/tools/search.md", chars(400))
    write(root, "evals/judge.prompt", chars(1200))
    write(root, "tests/test_loop.py", "def test(): pass\n")
    proc = run(root, "--force")
    assert proc.returncode == 0, proc.stderr
    text = (root / "pyproject.toml").read_text()
    assert text.startswith("[project]\nname = 'agent'  # single quotes stay\n\n[tool.prompt_budget]\n")
    assert "# an old hand-written table" not in text
    assert text.endswith(
        "# pytest settings: this comment introduces the next table and stays\n"
        "[tool.pytest.ini_options]\naddopts = ['-q']\n"
    )
    table = tomllib.loads(text)["tool"]["prompt_budget"]
    got = entries(table)
    assert set(got) == {"src/agent/prompts", "*.prompt files"}
    prompts = got["src/agent/prompts"]
    assert prompts["path"] == ["src/agent/prompts/**/*.md", "src/agent/prompts/**/*.txt"]
    assert prompts["max_tokens"] == 1250  # system.md: 1,000 tokens -> 1,250
    assert "load" not in prompts  # a template is not loaded by an agent runtime
    assert got["*.prompt files"] == {"name": "*.prompt files", "path": "**/*.prompt", "max_tokens": 380}
    assert table["lint"] == {"select": ["PB"], "per-file-ignores": {"tests/**": ["PB1"]}}
    load_quietly(root / "pyproject.toml")
    again = run(root)
    assert again.returncode == 0
    assert "unchanged" in again.stdout
    assert (root / "pyproject.toml").read_text() == text


def test_lint_option_lists_magic_budgets(tmp_path: Path) -> None:
    root = tmp_path / "agent"
    write(root, "pyproject.toml", "[project]\nname = 'agent'\n")
    write(root, "prompts/system.md", chars(400))
    write(root, "agent.py", "def call(client):\n    return client.create(max_tokens=8000)\n")
    write(root, "clean.py", "MODEL = 'gpt-4o'\n")
    proc = run(root, "-t", "chars4", "--lint", "--no-baseline")
    assert proc.returncode == 0, proc.stderr
    lint = proc.stdout.split("pyproject.toml: updated\n", 1)[1].split("next:\n", 1)[0].splitlines()
    assert lint == [
        "lint: 1 magic budget(s) in code:",
        "  agent.py:2: PB101 token budget max_tokens=8000 passed inline; move it to config so it can be "
        "tuned and tested",
        "move them into config with: prompt-budget lint --fix .  (preview: add --diff)",
    ]
    write(root, "agent.py", "def call(client):\n    return client.create(max_tokens=LIMIT)\n")
    assert "lint: no magic budgets found" in run(root, "--lint", "--no-baseline").stdout.splitlines()


def test_baseline_is_created_with_the_counts_of_the_files(tmp_path: Path) -> None:
    import json

    root = tmp_path / "agent"
    write(root, "pyproject.toml", "[project]\nname = 'agent'\n")
    write(root, "CLAUDE.md", chars(400))  # 100 tokens, must-load
    write(root, "prompts/system.md", chars(200))  # 50 tokens
    proc = run(root, "-t", "chars4")
    assert proc.returncode == 0, proc.stderr
    assert "baseline: created .prompt-budget/baseline.json" in proc.stdout.splitlines()
    stored = json.loads((root / ".prompt-budget" / "baseline.json").read_text(encoding="utf-8"))
    assert {k: (e["kind"], e["tokens"]) for k, e in stored["entries"].items()} == {
        "CLAUDE.md": ("file", 100),
        "prompts/system.md": ("file", 50),
        "must-load:claude-code": ("must-load", 100),  # what Claude Code loads at launch
    }
    again = run(root)
    assert "baseline .prompt-budget/baseline.json exists; left as it is" in again.stdout.splitlines()
    none = run(tmp_path / "agent", "--no-baseline")
    assert not any(ln.startswith("baseline") for ln in none.stdout.splitlines())


def test_baseline_not_created_says_why(tmp_path: Path) -> None:
    root = tmp_path / "empty"
    root.mkdir()
    proc = run(root, "-t", "chars4")
    assert proc.returncode == 0, proc.stderr
    assert "baseline: not created (no files to measure)" in proc.stdout.splitlines()
    assert not (root / ".prompt-budget").exists()


def test_an_empty_folder_is_told_to_list_its_files_first(tmp_path: Path) -> None:
    root = tmp_path / "empty"
    root.mkdir()
    proc = run(root)
    assert proc.returncode == 0, proc.stderr
    assert "no prompt-bearing files found" in proc.stderr
    assert proc.stdout.split("next:\n", 1)[1].splitlines() == [
        "  add [[files]] entries for your prompt files to prompt_budget.toml (see docs/files.md)",
        "  prompt-budget check",
        "  git add prompt_budget.toml && git commit -m 'Add token budgets'",
    ]


def test_a_skill_linked_in_from_outside_is_found_and_then_checked(tmp_path: Path) -> None:
    shared = write(
        tmp_path, "shared/review/SKILL.md", "---\nname: review\ndescription: r\n---\n" + chars(400)
    )
    root = tmp_path / "project"
    (root / ".claude" / "skills").mkdir(parents=True)
    (root / ".claude" / "skills" / "review").symlink_to(shared.parent, target_is_directory=True)
    proc = run(root, "--tokenizer", "chars4", "--no-baseline")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert any(ln.startswith(".claude/skills/review/SKILL.md  claude-code/skills") for ln in lines), (
        proc.stdout
    )
    assert any(ln.startswith("total (1 file)") for ln in lines), proc.stdout
    check = run_cli("check", "--no-cache", cwd=root)
    assert check.returncode == 0, check.stdout + check.stderr
    assert ".claude/skills/review/SKILL.md" in check.stdout


# --- layout 3: a TypeScript repository gets prompt_budget.toml --------------------------------------


def test_typescript_repo_gets_prompt_budget_toml(tmp_path: Path) -> None:
    root = tmp_path / "ts"
    write(root, "package.json", '{"name": "ts-agent", "version": "1.0.0"}\n')
    write(root, "src/index.ts", "export const maxTokens = 8000;\n")
    write(root, "AGENTS.md", chars(800))
    write(root, "prompts/system.md", chars(2000))
    write(root, ".cursor/rules/style.mdc", "---\ndescription: style\nalwaysApply: true\n---\n" + chars(200))
    write(root, ".cursor/rules/db.mdc", "---\ndescription: database\nalwaysApply: false\n---\n" + chars(100))
    proc = run(root, "-t", "chars4")
    assert proc.returncode == 0, proc.stderr
    assert not (root / "pyproject.toml").exists()
    target = root / "prompt_budget.toml"
    table = tomllib.loads(target.read_text())
    assert table["tokenizer"] == "chars4"
    assert table["harnesses"][:2] == ["codex", "cursor"]
    got = entries(table)
    assert got["AGENTS.md"] == {"name": "AGENTS.md", "path": "AGENTS.md", "max_tokens": 250}
    # one entry for Cursor's project rules: the rule type (alwaysApply) stays with each file
    rules = got["cursor project-rules"]
    assert rules["path"] == [".cursor/rules/**/*.mdc", "**/.cursor/rules/**/*.mdc"]
    assert rules["max_tokens"] == 80  # style.mdc: 47 + 200 chars = 62 tokens -> 77.5 -> 80
    assert "load" not in rules
    assert got["prompts"]["max_tokens"] == 630
    assert "lint" not in table  # the analyzer reads Python; nothing to lint here
    config = load_quietly(target)
    assert config.table == ""  # type: ignore[attr-defined]
    assert "prompt-budget check" in proc.stdout
    assert "git add prompt_budget.toml" in proc.stdout
    check = run_cli("check", "--json", ".", cwd=root)
    assert check.returncode == 0, check.stdout + check.stderr
    loads = {v["subject"]: v["details"].get("load") for v in json.loads(check.stdout)["verdicts"]}
    assert loads[".cursor/rules/style.mdc"] == "must"  # alwaysApply: true
    assert loads[".cursor/rules/db.mdc"] == "skippable"  # agent-requested by its description
    before = target.read_bytes()
    again = run(root)
    assert again.returncode == 0
    assert "prompt_budget.toml: unchanged" in again.stdout
    assert target.read_bytes() == before


# --- errors ----------------------------------------------------------------------------------------


def test_bad_headroom_is_a_one_line_error(tmp_path: Path) -> None:
    proc = run(tmp_path, "--headroom", "lots")
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "prompt-budget: error: --headroom: expected a headroom such as \"25%\" or 0.25, got 'lots'"
    ]


def test_missing_folder_is_a_one_line_error(tmp_path: Path) -> None:
    proc = run(tmp_path, str(tmp_path / "nope"))
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith("prompt-budget: error: ")
    assert "not a folder" in proc.stderr


def test_invalid_pyproject_is_not_overwritten(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", "[project\nname = 1\n")
    write(tmp_path, "CLAUDE.md", "hello")
    proc = run(tmp_path, "-t", "chars4")
    assert proc.returncode == 2
    assert "pyproject.toml" in proc.stderr
    assert "not valid TOML" in proc.stderr
    assert (tmp_path / "pyproject.toml").read_text() == "[project\nname = 1\n"


# --- the pieces, directly ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"), [("25%", 0.25), ("25", 0.25), ("0.4", 0.4), (0.1, 0.1), ("0%", 0.0)]
)
def test_parse_headroom(value: str | float, expected: float) -> None:
    assert parse_headroom(value) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("tokens", "headroom", "cap"),
    [
        (0, 0.25, 20),
        (100, 0.25, 130),
        (799, 0.25, 1000),
        (3000, 0.25, 3750),
        (10_000, 0.25, 12_500),
        (30_000, 0.25, 38_000),
    ],
)
def test_cap_for(tokens: int, headroom: float, cap: int) -> None:
    assert cap_for(tokens, headroom) == cap


BLOCK = '[tool.prompt_budget]\ntokenizer = "chars4"\n'


def test_merge_keeps_crlf_and_replaces_in_place() -> None:
    text = "[project]\r\nname = 'x'\r\n\r\n[tool.prompt_budget]\r\ntokenizer = 'words'\r\n\r\n[tool.other]\r\na = 1\r\n"
    merged, kept = merge(text, BLOCK)
    assert merged == (
        "[project]\r\nname = 'x'\r\n\r\n[tool.prompt_budget]\r\ntokenizer = \"chars4\"\r\n\r\n"
        "[tool.other]\r\na = 1\r\n"
    )
    assert kept == ()


def test_merge_refuses_dotted_key_definitions() -> None:
    text = "[tool]\nprompt_budget.tokenizer = 'words'\n"
    with pytest.raises(ConfigError, match="dotted keys"):
        merge(text, BLOCK)


def test_dry_run_names_the_tables_it_would_keep(claude_repo: Path) -> None:
    # The proposal shows only the tables init writes; --force keeps the others, and the preview says so.
    assert run(claude_repo, "-t", "chars4").returncode == 0
    path = claude_repo / "pyproject.toml"
    path.write_text(path.read_text() + "\n[tool.prompt_budget.sections]\nsystem_prompt = 2_000\n")
    preview = run(claude_repo, "-t", "chars4", "--headroom", "50%", "--dry-run")
    assert preview.returncode == 0, preview.stderr
    assert "# and keep as they are: tool.prompt_budget.sections\n" in preview.stdout
    forced = run(claude_repo, "-t", "chars4", "--headroom", "50%", "--force")
    assert forced.returncode == 0, forced.stderr
    assert "(kept: tool.prompt_budget.sections)" in forced.stdout
    assert tomllib.loads(path.read_text())["tool"]["prompt_budget"]["sections"] == {"system_prompt": 2000}


# --- Claude Code memory: @path imports, rules, and the tokenizer a model sets --------------------


def check_json(root: Path) -> dict[str, object]:
    import json

    proc = run_cli("check", "--json", "--no-cache", cwd=root)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = json.loads(proc.stdout)
    assert isinstance(data, dict)
    return data


def test_imports_and_rules_are_proposed_and_check_counts_them_as_init_did(tmp_path: Path) -> None:
    root = tmp_path / "claude"
    write(root, "pyproject.toml", "[project]\nname = 'memory'\n")
    write(root, "CLAUDE.md", "See @docs/a.md\n" + chars(385))  # 400 chars: 100 tokens
    write(root, "docs/a.md", "@./b.md\n" + chars(792))  # 800 chars: 200 tokens; imports b.md
    write(root, "docs/b.md", chars(1200))  # 300 tokens, two hops from CLAUDE.md
    write(root, "docs/c.md", chars(4000))  # imported by nobody: not a prompt
    write(root, ".claude/rules/testing.md", chars(200))  # 50 tokens, loads at launch
    paths = '---\npaths:\n  - "src/**"\n---\n'  # 28 chars: loads only when Claude reads src/
    write(root, ".claude/rules/api/style.md", paths + chars(372))  # 400 chars: 100 tokens
    write(root, "packages/api/CLAUDE.md", "@notes.md\n" + chars(30))  # 40 chars: 10 tokens
    write(root, "packages/api/notes.md", chars(400))  # 100 tokens, loads with packages/api/CLAUDE.md
    proc = run(root, "-t", "chars4", "--no-baseline")
    assert proc.returncode == 0, proc.stderr
    rows = {ln.split()[0]: ln.split()[1:] for ln in proc.stdout.splitlines() if ln[:1] in ".dpC"}
    assert rows["docs/b.md"] == ["import", "300", "380", "must"]
    assert rows["packages/api/notes.md"] == ["import", "100", "380", "skippable"]
    # the harness says when each rule loads: without paths: at launch, with paths: on a match
    assert rows[".claude/rules/testing.md"] == ["claude-code/rules", "50", "130", "always"]
    assert rows[".claude/rules/api/style.md"] == ["claude-code/rules", "100", "130", "glob"]
    assert rows["packages/api/CLAUDE.md"] == ["claude-code/nested-claude-md", "10", "130", "folder"]
    table = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["prompt_budget"]
    got = entries(table)
    # Claude Code follows the imports of its memory files: the harness rule says so, not the entry
    assert got["CLAUDE.md"] == {"name": "CLAUDE.md", "path": "CLAUDE.md", "max_tokens": 130}
    # **/CLAUDE.md matches the root one too: its cap covers it (100 tokens -> 130)
    assert got["claude-code nested-claude-md"]["max_tokens"] == 130
    # the largest import is docs/b.md: 300 tokens -> 375 -> 380; no load: it loads with its importer
    assert got["imported by CLAUDE.md"] == {
        "name": "imported by CLAUDE.md",
        "path": ["docs/a.md", "docs/b.md", "packages/api/notes.md"],
        "max_tokens": 380,
    }
    assert got["claude-code rules"] == {
        "name": "claude-code rules",
        "path": ".claude/rules/**/*.md",
        "max_tokens": 130,  # 100 tokens -> 125 -> 130
    }
    assert "docs/c.md" not in (root / "pyproject.toml").read_text()
    verdicts = {str(v["id"]): v for v in check_json(root)["verdicts"]}  # type: ignore[attr-defined]
    # launch loads CLAUDE.md 100 + docs/a.md 200 + docs/b.md 300 + the rule without paths: 50
    assert verdicts["must-load:claude-code"]["usage"]["tokens"] == 650
    # working in packages/api adds its CLAUDE.md (10) and the notes.md it imports (100)
    assert verdicts["must-load:claude-code:packages/api"]["usage"]["tokens"] == 760
    assert verdicts[".claude/rules/api/style.md"]["details"]["load"] == "skippable"
    assert verdicts["packages/api/notes.md"]["details"]["load"] == "skippable"
    assert verdicts["docs/b.md"]["max_tokens"] == 380
    assert "pyproject.toml: unchanged" in run(root, "--no-baseline").stdout


def test_a_model_in_the_config_keeps_setting_the_tokenizer(tmp_path: Path) -> None:
    root = tmp_path / "model"
    pyproject = "[project]\nname = 'm'\n\n[tool.prompt_budget]\nmodel = \"claude-sonnet-4-5\"\n"
    write(root, "pyproject.toml", pyproject)
    write(root, "CLAUDE.md", chars(400))
    proc = run(root, "--force", "--no-baseline")
    assert proc.returncode == 0, proc.stderr
    # counted with the tokenizer the model sets, and the config still lets the model set it
    assert proc.stdout.splitlines()[0].endswith("(calibrated:claude-3)")
    table = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["prompt_budget"]
    assert "tokenizer" not in table
    assert table["model"] == "claude-sonnet-4-5"
    assert check_json(root)["tokenizer"] == "calibrated:claude-3"
    assert "pyproject.toml: unchanged" in run(root, "--no-baseline").stdout


def test_model_option_counts_with_the_models_tokenizer(tmp_path: Path) -> None:
    root = tmp_path / "gpt4"
    write(root, "AGENTS.md", chars(400))
    proc = run(root, "--model", "gpt-4", "--no-baseline")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0].endswith("(cl100k_base)")
    table = tomllib.loads((root / "prompt_budget.toml").read_text())
    assert "tokenizer" not in table
    assert table["model"] == "gpt-4"
    assert check_json(root)["tokenizer"] == "cl100k_base"


def test_unknown_model_option_is_a_one_line_error_and_writes_nothing(tmp_path: Path) -> None:
    write(tmp_path, "CLAUDE.md", "hello")
    proc = run(tmp_path, "--model", "gpt-9000")
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("prompt-budget: error: --model: unknown model 'gpt-9000': use a known model (")
    assert not (tmp_path / "prompt_budget.toml").exists()


def test_a_frontmatter_that_is_not_yaml_still_loads_its_block() -> None:
    from prompt_budget.scaffold.scan import frontmatter

    text = "---\r\nname: x\r\nbad: [unclosed\r\n...\r\n# Body\r\n"
    assert frontmatter(text) == ("name: x\nbad: [unclosed", {})
    assert frontmatter("---\nbad: [unclosed\n# no closing line\n") is None


# --- layout 4: what agent harnesses load (issue 18) -------------------------------------------------


def skill_md(name: str, body: int) -> str:
    return f"---\nname: {name}\ndescription: {name} files\n---\n" + chars(body)


def verdicts_of(root: Path) -> dict[str, dict[str, object]]:
    check = run_cli("check", "--json", "--no-cache", ".", cwd=root)
    assert check.returncode == 0, check.stdout + check.stderr
    return {str(v["id"]): v for v in json.loads(check.stdout)["verdicts"]}


def test_a_skill_collection_gets_a_working_config(tmp_path: Path) -> None:
    root = tmp_path / "skills"
    write(root, "skills/pdf/SKILL.md", skill_md("pdf", 400))  # 37 + 400 chars: 110 tokens
    write(root, "skills/xlsx/SKILL.md", skill_md("xlsx", 100))
    write(root, "skills/pdf/reference.md", chars(2000))  # read on demand by the skill: not a skill
    write(root, "template/SKILL.md", skill_md("template", 9000))  # a copy to start from: loaded by none
    plugins = [{"name": "docs", "source": "./", "strict": False, "skills": ["./skills/pdf", "./skills/xlsx"]}]
    write(root, ".claude-plugin/marketplace.json", json.dumps({"name": "m", "plugins": plugins}))
    proc = run(root, "-t", "chars4")
    assert proc.returncode == 0, proc.stderr
    assert "harnesses found: claude-code (2 files)" in proc.stdout
    text = (root / "prompt_budget.toml").read_text()
    table = tomllib.loads(text)
    assert table["harnesses"] == ["claude-code"]
    skills = entries(table)["claude-code plugin-skills"]
    assert skills["path"] == "skills/*/SKILL.md"
    assert skills["max_tokens"] == 140  # 110 tokens + 25% = 137.5 -> 140
    assert "template" not in text
    # the check it suggests next passes, and measures the two skills, not the template
    verdicts = verdicts_of(root)
    assert "skills/pdf/SKILL.md" in verdicts
    assert "skills/xlsx/SKILL.md" in verdicts
    assert not any(v.startswith("template/") for v in verdicts)


def test_a_plugin_marketplace_and_no_example_skills_from_source_folders(tmp_path: Path) -> None:
    root = tmp_path / "market"
    write(
        root,
        ".claude-plugin/marketplace.json",
        '{"name": "m", "plugins": [{"name": "r", "source": "./plugins/r"}]}',
    )
    write(root, "plugins/r/.claude-plugin/plugin.json", '{"name": "r"}')
    write(root, "plugins/r/skills/diff/SKILL.md", skill_md("diff", 200))
    write(root, "plugins/r/agents/critic.md", skill_md("critic", 300))
    write(root, "plugins/r/commands/review.md", "---\ndescription: review\n---\n" + chars(80))
    write(root, "packages/cli/src/examples/skills/skills/greeter/SKILL.md", skill_md("greeter", 50))
    write(root, "packages/sdk/test-data/skills/pirate/SKILL.md", skill_md("pirate", 50))
    proc = run(root, "-t", "chars4", "--no-baseline")
    assert proc.returncode == 0, proc.stderr
    rows = {ln.split()[0]: ln.split()[1] for ln in proc.stdout.splitlines() if ln.startswith("plugins/")}
    assert rows == {
        "plugins/r/agents/critic.md": "claude-code/plugin-agents",
        "plugins/r/commands/review.md": "claude-code/plugin-commands",
        "plugins/r/skills/diff/SKILL.md": "claude-code/plugin-skills",
    }
    assert "total (3 files)" in proc.stdout
    assert "packages/" not in (root / "prompt_budget.toml").read_text()
    verdicts = verdicts_of(root)
    assert not any(v.startswith("packages/") for v in verdicts)


def test_a_symlinked_agents_md_is_one_file(tmp_path: Path) -> None:
    root = tmp_path / "linked"
    write(root, "CLAUDE.md", chars(400))  # 100 tokens
    (root / "AGENTS.md").symlink_to("CLAUDE.md")
    proc = run(root, "-t", "chars4", "--no-baseline")
    assert proc.returncode == 0, proc.stderr
    assert "CLAUDE.md (= AGENTS.md)" in proc.stdout
    assert "total (1 file)" in proc.stdout
    verdicts = verdicts_of(root)
    assert verdicts["must-load:claude-code"]["usage"]["tokens"] == 100  # type: ignore[index]
    assert verdicts["must-load:codex"]["usage"]["tokens"] == 100  # type: ignore[index]


def test_a_file_already_past_a_harness_limit_is_named_and_the_check_fails_on_it(tmp_path: Path) -> None:
    root = tmp_path / "big"
    write(root, "AGENTS.md", chars(40_000))  # 40,000 bytes: Codex reads 32 KiB of the chain
    write(root, ".windsurf/rules/style.md", "---\ntrigger: always_on\n---\n" + chars(500))
    proc = run(root, "-t", "chars4", "--no-baseline")
    assert proc.returncode == 0, proc.stderr
    said = proc.stdout.split("already past a harness's own limit", 1)[1].split("next:")[0]
    assert "40,000 bytes, over Codex's agents-chain limit of 32,768 bytes" in said
    assert "style.md" not in said  # 527 characters: within Windsurf's 6,000
    check = run_cli("check", "--no-cache", ".", cwd=root)
    assert check.returncode == 1
    fails = [ln for ln in check.stdout.splitlines() if ln.startswith("FAIL")]
    assert len(fails) == 1
    assert "agents-chain limit of 32,768 bytes" in fails[0]


def test_a_claude_code_repository_is_counted_with_the_claude_estimate_and_says_so(tmp_path: Path) -> None:
    write(tmp_path, "CLAUDE.md", "# Project\n\n" + chars(400))
    proc = run(tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (
        "tokenizer: calibrated:claude-4.7, the estimate for the newest Claude tokenizer (claude-opus-4-7 "
        "and later; it errs high), because Claude Code loads files here; choose another with --model or "
        "--tokenizer"
    ) in proc.stdout
    written = tomllib.loads((tmp_path / "prompt_budget.toml").read_text(encoding="utf-8"))
    assert written["tokenizer"] == "calibrated:claude-4.7"
    # the check init suggests next counts the same way, and passes
    assert run_cli("check", cwd=tmp_path).returncode == 0


def test_a_named_tokenizer_or_a_repository_without_claude_code_keeps_o200k(tmp_path: Path) -> None:
    write(tmp_path, "AGENTS.md", "# Project\n\n" + chars(400))
    proc = run(tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "tokenizer:" not in proc.stdout
    written = tomllib.loads((tmp_path / "prompt_budget.toml").read_text(encoding="utf-8"))
    assert written["tokenizer"] == "o200k_base"
    claude = tmp_path / "claude"
    write(claude, "CLAUDE.md", "# Project\n")
    proc = run(claude, "--tokenizer", "chars4")
    assert "tokenizer:" not in proc.stdout
    written = tomllib.loads((claude / "prompt_budget.toml").read_text(encoding="utf-8"))
    assert written["tokenizer"] == "chars4"
