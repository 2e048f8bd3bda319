"""Helpers for the lint tests: lint a snippet with chosen rules, without touching the file system."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from pathlib import Path

from prompt_budget.lint.engine import all_rules, allocate_keys, lint_source
from prompt_budget.lint.findings import Finding
from prompt_budget.lint.options import LintOptions
from prompt_budget.lint.rule import LintRule


def lint_snippet(
    code: str,
    rules: Sequence[type[LintRule]] | None = None,
    *,
    options: LintOptions | None = None,
    path: str = "example.py",
) -> list[Finding]:
    opts = options or LintOptions(root=Path("/nonexistent"))
    chosen = [r for r in (rules if rules is not None else all_rules()) if opts.enabled(r.CODE)]
    result = lint_source(textwrap.dedent(code), path, opts, chosen)
    return allocate_keys(list(result.findings), opts)


def fix_snippet(code: str, tmp_path: Path, rules: Sequence[type[LintRule]] | None = None) -> tuple[str, str]:
    """Lint ``code`` as ``tmp_path/example.py`` with a pyproject.toml beside it, apply --fix, and
    return (new code, new pyproject text)."""
    from prompt_budget.lint.fix import apply_fixes

    if not (tmp_path / "pyproject.toml").exists():
        (tmp_path / "pyproject.toml").write_text('[project]\nname = "example"\n', encoding="utf-8")
    source = tmp_path / "example.py"
    source.write_text(textwrap.dedent(code), encoding="utf-8")
    opts = LintOptions(root=tmp_path, config_file=tmp_path / "pyproject.toml")
    chosen = [r for r in (rules if rules is not None else all_rules()) if opts.enabled(r.CODE)]
    result = lint_source(source.read_text(encoding="utf-8"), "example.py", opts, chosen)
    apply_fixes(allocate_keys(list(result.findings), opts), opts)
    return source.read_text(encoding="utf-8"), (tmp_path / "pyproject.toml").read_text(encoding="utf-8")


def lint_package(tmp_path: Path, files: dict[str, str]) -> list[Finding]:
    """Write ``files`` (name -> source) into ``tmp_path/pkg`` and lint the tree as one project (the
    project-wide passes included), in one process."""
    from prompt_budget.lint.engine import Linter

    pkg = tmp_path / "pkg"
    pkg.mkdir()
    for name, text in files.items():
        (pkg / name).write_text(text, encoding="utf-8")
    return list(Linter(LintOptions(root=tmp_path), jobs=1).lint_paths([tmp_path]).findings)


def reported_lines(findings: Sequence[Finding], code: str) -> list[tuple[str, int]]:
    """(path, line) of each unsuppressed finding of ``code``, in order."""
    return sorted((f.path, f.line) for f in findings if f.code == code and f.suppressed is None)


def lint_tree(tmp_path: Path, files: dict[str, str], select: Sequence[str] = ()) -> list[Finding]:
    """Write ``files`` (path under ``tmp_path`` -> source, folders made as needed) and lint the tree as
    one run (the project-wide passes included), in one process, with only ``select``'s rules if given."""
    from prompt_budget.lint.engine import Linter

    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    options = LintOptions(root=tmp_path, select=tuple(select)) if select else LintOptions(root=tmp_path)
    return list(Linter(options, jobs=1).lint_paths([tmp_path]).findings)


def rows(found: Iterable[Finding]) -> list[tuple[str, int, str, object]]:
    """Findings as sorted (file name, line, code, value) rows, for comparing with a literal expectation."""
    return sorted((Path(f.path).name, f.line, f.code, f.value) for f in found)


def package_rows(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int, str, object]]:
    """``rows`` of ``lint_package(tmp_path, files)``."""
    return rows(lint_package(tmp_path, files))


def init_package_rows(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int, str, object]]:
    """``lint_package`` of ``files`` with an empty ``__init__.py`` beside them: (path, line, code, value) of
    each finding, in the report's order."""
    found = lint_package(tmp_path, {"__init__.py": "", **files})
    return [(f.path, f.line, f.code, f.value) for f in found]
