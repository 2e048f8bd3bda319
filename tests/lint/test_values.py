"""prompt_budget.value(): reading values moved into config."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import prompt_budget
from prompt_budget.errors import ConfigError
from prompt_budget.values import value


def _repl(call: str) -> object:
    """``call`` run as code without a file of its own (a REPL, ``python -c``): it reads the config
    found from the current folder. (Code in a file reads its own project's config.)"""
    return eval(call, {"value": value})


def _project(tmp_path: Path, text: str, name: str = "pyproject.toml") -> Path:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_reads_scalars_tables_and_dotted_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _project(
        tmp_path,
        "[tool.prompt_budget.values]\nmax_tokens = 4096\nratio = 0.8\n\n"
        '[tool.prompt_budget.values.windows]\n"gpt-4o" = 128000\n',
    )
    monkeypatch.chdir(tmp_path)
    assert _repl('value("max_tokens")') == 4096
    assert _repl('value("ratio")') == 0.8
    assert _repl('value("windows")') == {"gpt-4o": 128000}
    assert _repl('value("windows.gpt-4o")') == 128000
    assert prompt_budget.value is value


def test_standalone_file_and_explicit_config(tmp_path: Path) -> None:
    cfg = _project(tmp_path, "[values]\nmax_tokens = 100\n", "prompt_budget.toml") / "prompt_budget.toml"
    assert value("max_tokens", config=cfg) == 100


def test_missing_names_raise_naming_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _project(tmp_path, "[tool.prompt_budget.values]\nmax_tokens = 1\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=r"no value named 'nope'") as info:
        _repl('value("nope")')
    assert info.value.key == "tool.prompt_budget.values.nope"
    assert _repl('value("nope", default=7)') == 7


def test_default_when_no_config_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert value("anything", default=None) is None


def test_edits_are_seen_without_restarting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    path = _project(tmp_path, "[tool.prompt_budget.values]\nn = 1\n") / "pyproject.toml"
    monkeypatch.chdir(tmp_path)
    assert _repl('value("n")') == 1
    path.write_text("[tool.prompt_budget.values]\nn = 2\n", encoding="utf-8")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10_000_000))
    assert _repl('value("n")') == 2


def test_library_reads_its_own_project_from_any_cwd(tmp_path: Path) -> None:
    proj = tmp_path / "proj"
    proj.mkdir()
    _project(proj, "[tool.prompt_budget.values]\nwindow = 8192\n")
    (proj / "lib.py").write_text(
        'import prompt_budget\nWINDOW = prompt_budget.value("window")\n', encoding="utf-8"
    )
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import sys; sys.path.insert(0, {str(proj)!r}); import lib; print(lib.WINDOW)",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.strip() == "8192"


def test_import_prompt_budget_does_not_import_libcst() -> None:
    code = (
        "import sys, prompt_budget, prompt_budget.values; prompt_budget.value; print('libcst' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
