"""The engine: suppression, discovery, the cache, workers, the project-wide rule, positions."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from lint_helpers import lint_snippet

from prompt_budget.lint.cache import LintCache, rules_fingerprint
from prompt_budget.lint.engine import Linter, all_rules, discover, lint_source, noqa_map, precheck
from prompt_budget.lint.file_errors import RAISE_INTERNAL_ERRORS
from prompt_budget.lint.options import LintOptions


def test_noqa_forms() -> None:
    code = (
        "A_MAX_TOKENS = 4096  # noqa\n"
        "B_MAX_TOKENS = 4096  # noqa: PB102\n"
        "C_MAX_TOKENS = 4096  # noqa: E501\n"
        "D_MAX_TOKENS = 4096  # noqa: PB101, PB102 -- vendor default\n"
    )
    got = {f.line: f.suppressed for f in lint_snippet(code) if f.code == "PB102"}
    assert got == {1: "noqa", 2: "noqa", 3: None, 4: "noqa: vendor default"}
    assert noqa_map("x = 1  # NOQA:pb101\n") == {1: (frozenset({"PB101"}), "")}


def test_unicode_columns_are_characters() -> None:
    [f] = lint_snippet('label = "héllo"; x = f(max_tokens=8000)\n')
    assert f.column == len('label = "héllo"; x = f(max_tokens=') + 1


def test_precheck_skips_files_without_budget_words() -> None:
    assert not precheck("def f(x):\n    return x * 4\n", all_rules())
    assert precheck("MAX_TOKENS = 4096\n", all_rules())
    result = lint_source("import os\nPORT = 8080\n", "a.py", LintOptions(), all_rules())
    assert result.parsed is False
    assert result.findings == ()


def test_docstrings_and_comments_are_not_code() -> None:
    code = '''
    def f():
        """Call it like client.create(max_tokens=8000) or CONTEXT_WINDOW = 128000."""
        # max_tokens = 4096
        return None
    '''
    assert lint_snippet(code) == []


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_discovery_skips_venvs_gitignored_and_excluded(tmp_path: Path) -> None:
    _tree(
        tmp_path,
        {
            "pkg/a.py": "",
            "pkg/b.pyi": "",
            "pkg/notes.md": "",
            ".venv/pyvenv.cfg": "",
            ".venv/lib/x.py": "",
            "build/y.py": "",
            "env2/pyvenv.cfg": "",
            "env2/z.py": "",
            "gen/out.py": "",
            ".gitignore": "gen/\n",
            "vendor/v.py": "",
        },
    )
    opts = LintOptions(root=tmp_path, exclude=("vendor/**",))
    found = sorted(p.relative_to(tmp_path).as_posix() for p in discover([tmp_path], opts))
    assert found == ["pkg/a.py", "pkg/b.pyi"]
    # a file named explicitly is linted even when excluded
    assert discover([tmp_path / "vendor/v.py"], opts) == [tmp_path / "vendor/v.py"]


def test_cache_reuses_results_and_notices_changes(tmp_path: Path) -> None:
    _tree(tmp_path, {"a.py": "MAX_TOKENS = 4096\n", "b.py": "CONTEXT_WINDOW = 8192\n"})
    opts = LintOptions(root=tmp_path)
    cache_dir = tmp_path / ".prompt-budget" / "cache"

    def lint() -> tuple[int, int, list[str]]:
        linter = Linter(opts, jobs=1)
        linter.cache = LintCache(cache_dir, rules_fingerprint(list(linter.rules), opts.fingerprint()))
        report = linter.lint_paths([tmp_path])
        return report.cached, report.parsed, [f"{f.path}:{f.code}:{f.value}" for f in report.findings]

    cached, _, first = lint()
    assert cached == 0
    assert first == ["a.py:PB102:4096", "b.py:PB102:8192"]
    cached, _, again = lint()
    assert cached == 2
    assert again == first
    (tmp_path / "a.py").write_text("MAX_TOKENS = 2048\n", encoding="utf-8")
    cached, _, changed = lint()
    assert cached == 1
    assert changed == ["a.py:PB102:2048", "b.py:PB102:8192"]
    # a different rule set or option set starts a fresh cache
    other = LintCache(cache_dir, "another-fingerprint")
    assert other.get(tmp_path / "b.py", "b.py") is None
    assert json.loads((cache_dir / "lint-v1.json").read_text())["fingerprint"] != "another-fingerprint"


def test_worker_processes_give_the_same_findings(tmp_path: Path) -> None:
    files = {f"pkg/m{i}.py": f"M{i}_MAX_TOKENS = {1000 + i}\n" for i in range(30)}
    _tree(tmp_path, {**files, "pkg/__init__.py": ""})
    opts = LintOptions(root=tmp_path)
    serial = Linter(opts, jobs=1).lint_paths([tmp_path]).findings
    parallel = Linter(opts, jobs=2).lint_paths([tmp_path]).findings
    assert len(serial) == 30
    assert serial == parallel


def test_inconsistent_budget_across_modules(tmp_path: Path) -> None:
    _tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "DEFAULT_CONTEXT_WINDOW = 3900\n",
            "pkg/sub/__init__.py": "",
            "pkg/sub/b.py": "DEFAULT_CONTEXT_WINDOW = 4096  # noqa: PB108\n",
            "pkg/c.py": "DEFAULT_CONTEXT_WINDOW = 3900\n",
            "other/__init__.py": "",
            "other/d.py": "DEFAULT_CONTEXT_WINDOW = 8192\n",
        },
    )
    report = Linter(LintOptions(root=tmp_path, select=("PB108",)), jobs=1).lint_paths([tmp_path])
    got = {(f.path, f.suppressed) for f in report.findings}
    assert got == {("pkg/a.py", None), ("pkg/c.py", None), ("pkg/sub/b.py", "noqa")}
    [a] = [f for f in report.findings if f.path == "pkg/a.py"]
    assert "4096 in pkg/sub/b.py:1" in a.message


def test_a_project_wide_finding_is_silenced_by_its_own_code(tmp_path: Path) -> None:
    """PB109's fixed encoding, reported through the project-wide pass (the provider is named in another
    module), honours ``# noqa: PB109`` on its line, as a per-file finding does."""
    count = (
        "import tiktoken\n\n\n"
        "def count(text: str, limit: int) -> list[int]:\n"
        '    enc = tiktoken.encoding_for_model("gpt-4o"){}\n'
        "    return enc.encode(text)[:limit]\n"
    )
    _tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/route.py": "import litellm\n\n\ndef ask(m: str, limit: int) -> object:\n"
            "    return litellm.completion(model=m, messages=[], max_tokens=limit)\n",
            "pkg/a.py": count.format(""),
            "pkg/b.py": count.format("  # noqa: PB109"),
        },
    )
    report = Linter(LintOptions(root=tmp_path), jobs=1).lint_paths([tmp_path])
    got = {(f.path, f.line, f.suppressed) for f in report.findings if f.code == "PB109"}
    assert got == {("pkg/a.py", 5, None), ("pkg/b.py", 5, "noqa")}


def test_same_values_in_one_project_are_consistent(tmp_path: Path) -> None:
    _tree(
        tmp_path, {"pkg/__init__.py": "", "pkg/a.py": "MAX_TOKENS = 512\n", "pkg/b.py": "MAX_TOKENS = 512\n"}
    )
    report = Linter(LintOptions(root=tmp_path, select=("PB108",)), jobs=1).lint_paths([tmp_path])
    assert report.findings == []


@pytest.mark.parametrize("source", ["def f(:\n", "x = (\n", "\x00\n"])
def test_parse_errors_are_findings(source: str) -> None:
    result = lint_source("MAX_TOKENS = 1\n" + source, "bad.py", LintOptions(), all_rules())
    [f] = result.findings
    assert f.code == "PB000"
    assert f.message.startswith("cannot parse")


def test_ignoring_pb000_hides_parse_errors() -> None:
    result = lint_source("def f(:\n  token\n", "bad.py", LintOptions(ignore=("PB000",)), all_rules())
    assert result.findings == ()


def test_cache_fingerprint_covers_every_module_the_rules_share(monkeypatch: pytest.MonkeyPatch) -> None:
    """An edit to any module of the lint package (the numeric forms, the imports a rule follows, a
    rule's helper module) must empty the cache, not only an edit to a rule's own module."""
    import prompt_budget.lint.cache as lint_cache

    rules = list(all_rules())
    before = rules_fingerprint(rules, "x")
    here = Path(lint_cache.__file__).parent
    shared = [here / "forms.py", here / "imports.py"]
    assert all(p.is_file() for p in shared)
    real = Path.read_bytes
    for edited in shared:

        def read_bytes(self: Path, edited: Path = edited) -> bytes:
            data = real(self)
            return data + b"\n# edited\n" if self == edited else data

        monkeypatch.setattr(Path, "read_bytes", read_bytes)
        assert rules_fingerprint(rules, "x") != before, edited.name
        monkeypatch.setattr(Path, "read_bytes", real)
    assert rules_fingerprint(rules, "x") == before


def test_one_finding_per_rule_and_literal() -> None:
    # two of PB102's analyses reach this default (by its name, and as a command-line option's default): the
    # literal is reported once, with the message that says more (readmeai's `--context-window`)
    code = (
        "import click\n\ncontext_window = click.option(\n"
        '    "-cw",\n    "--context-window",\n    default=3900,\n    type=int,\n'
        '    help="Maximum number of tokens to use for the model\'s context window.",\n)\n'
    )
    found = [f for f in lint_snippet(code) if f.code == "PB102"]
    assert [(f.line, f.message.split(";")[0]) for f in found] == [
        (6, "token budget context_window=3900 as a command-line option's default")
    ]


def _break_pb105_on(monkeypatch: pytest.MonkeyPatch, broken_file: str) -> None:
    """PB105's walk raises on ``broken_file`` (a bug of a rule met on one file), and works on the others."""
    from prompt_budget.lint.rules.pb105_budget_ratio import BudgetRatio

    original = BudgetRatio.visit_BinOp

    def visit(self: BudgetRatio, node: ast.BinOp) -> None:
        if broken_file in self.ctx.path:
            raise TypeError("'NoneType' object is not iterable")
        original(self, node)

    monkeypatch.setattr(BudgetRatio, "visit_BinOp", visit)


def _two_files(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text("def f(max_tokens):\n    return max_tokens * 0.8\n", encoding="utf-8")
    (tmp_path / "good.py").write_text("client.create(max_tokens=4096)\n", encoding="utf-8")


@pytest.mark.parametrize("ignore_pb000", [False, True])
def test_a_rule_failing_on_one_file_is_a_finding_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ignore_pb000: bool
) -> None:
    """A bug of a rule on one file is a PB000 ``internal-error`` finding naming the error and where it was raised,
    even where parse errors are ignored (the file went unread); the other files keep their findings."""
    monkeypatch.delenv(RAISE_INTERNAL_ERRORS, raising=False)
    _break_pb105_on(monkeypatch, "bad.py")
    _two_files(tmp_path)
    options = LintOptions(root=tmp_path, ignore=("PB000",) if ignore_pb000 else ())
    report = Linter(options, jobs=1).lint_paths([tmp_path])
    assert ("good.py", "PB101") in {(Path(f.path).name, f.code) for f in report.findings}
    [error] = [f for f in report.findings if f.code == "PB000"]
    assert (Path(error.path).name, error.rule) == ("bad.py", "internal-error")
    assert error.message.startswith("cannot analyse: the lint failed on this file (TypeError at ")
    assert "'NoneType' object is not iterable" in error.message
    assert "please report it" in error.suggestion


def test_a_rule_failing_raises_where_the_suite_asks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``PROMPT_BUDGET_LINT_RAISE`` set (as this suite sets it), a rule's error propagates, so no test
    reads a crash as a quiet PB000."""
    monkeypatch.setenv(RAISE_INTERNAL_ERRORS, "1")
    _break_pb105_on(monkeypatch, "bad.py")
    _two_files(tmp_path)
    with pytest.raises(TypeError, match="not iterable"):
        Linter(LintOptions(root=tmp_path), jobs=1).lint_paths([tmp_path])
