"""Fixes that ship: code ``lint --fix`` rewrote reads its own project's config (never the current
folder's, never a config above an installed package) with the literal as the shipped default; the
import joins the file's import groups, long lines are wrapped to the project's line length, a min and a
max get different names, and the config and the sources are written together or not at all."""

from __future__ import annotations

import importlib.util
import tempfile
import textwrap
import warnings
from pathlib import Path
from types import ModuleType

import pytest
from cli_run import run_cli

from prompt_budget.errors import ConfigWarning, PromptBudgetError

LIB = 'import prompt_budget\n\nMAX_TOKENS = prompt_budget.value("lib_max_tokens", 1024)\n'


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _load(path: Path) -> ModuleType:
    """Import ``path`` as a module of its own (its frames carry its ``__file__``), as an import would."""
    spec = importlib.util.spec_from_file_location(f"m_{abs(hash(path))}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _foreign_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The current folder is another project, whose config has the same key with another value."""
    _write(tmp_path / "other" / "pyproject.toml", "[tool.prompt_budget.values]\nlib_max_tokens = 7\n")
    monkeypatch.chdir(tmp_path / "other")


def test_a_library_reads_its_own_project_not_the_current_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(tmp_path / "lib" / "pyproject.toml", "[tool.prompt_budget.values]\nlib_max_tokens = 1024\n")
    module = _write(tmp_path / "lib" / "src" / "lib" / "core.py", LIB)
    _write(tmp_path / "lib" / "src" / "lib" / "__init__.py", "")
    _foreign_cwd(tmp_path, monkeypatch)
    assert _load(module).MAX_TOKENS == 1024


def test_a_sub_project_reads_the_config_lint_fix_wrote_at_the_repository_top(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # lint --fix writes to the config found from where it runs (pyproject files without
    # [tool.prompt_budget] are passed over); the fixed code reads that same file
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    _write(repo / "pyproject.toml", "[tool.prompt_budget.values]\nlib_max_tokens = 1024\n")
    _write(repo / "libs" / "lib" / "pyproject.toml", '[project]\nname = "lib"\n')
    module = _write(repo / "libs" / "lib" / "src" / "lib" / "core.py", LIB)
    _foreign_cwd(tmp_path, monkeypatch)
    assert _load(module).MAX_TOKENS == 1024
    (repo / "pyproject.toml").write_text(
        "[tool.prompt_budget.values]\nlib_max_tokens = 2048\n", encoding="utf-8"
    )
    with pytest.warns(ConfigWarning, match="'lib_max_tokens' is 2048 here"):
        assert _load(module).MAX_TOKENS == 2048
    # above the repository's top is someone else's
    (repo / "pyproject.toml").unlink()
    _write(tmp_path / "pyproject.toml", "[tool.prompt_budget.values]\nlib_max_tokens = 5\n")
    assert _load(module).MAX_TOKENS == 1024


@pytest.mark.parametrize("where", ["site-packages", "dist-packages", "venv"])
def test_installed_code_ships_its_default_whatever_config_is_above_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    # an environment inside a project: that project's config (same key) must not reach the package
    project = tmp_path / "app"
    _write(project / "pyproject.toml", "[tool.prompt_budget.values]\nlib_max_tokens = 9\n")
    if where == "venv":
        _write(project / ".venv" / "pyvenv.cfg", "home = /usr/bin\n")
        folder = project / ".venv" / "lib" / "pkgs"
    else:
        folder = project / ".venv" / "lib" / where
    module = _write(folder / "lib" / "core.py", LIB)
    _foreign_cwd(tmp_path, monkeypatch)
    assert _load(module).MAX_TOKENS == 1024


def test_a_value_without_default_in_installed_code_is_a_clear_error(tmp_path: Path) -> None:
    from prompt_budget.errors import ConfigError

    module = _write(
        tmp_path / "site-packages" / "lib.py", 'import prompt_budget\nX = prompt_budget.value("x_max")\n'
    )
    with pytest.raises(
        ConfigError, match=r"no configuration file found for value 'x_max' from the project of"
    ):
        _load(module)


def test_a_config_value_other_than_the_shipped_default_wins_with_a_warning(tmp_path: Path) -> None:
    config = _write(
        tmp_path / "lib" / "pyproject.toml", "[tool.prompt_budget.values]\nlib_max_tokens = 2048\n"
    )
    module = _write(tmp_path / "lib" / "core.py", LIB)
    with pytest.warns(ConfigWarning) as caught:
        assert _load(module).MAX_TOKENS == 2048
    message = str(caught[0].message)
    assert str(config) in message
    assert "'lib_max_tokens' is 2048 here, but the code's default" in message
    assert "is 1024, which is what the installed package uses" in message
    # agreeing values say nothing
    config.write_text("[tool.prompt_budget.values]\nlib_max_tokens = 1024\n", encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _load(module).MAX_TOKENS == 1024


# --- layout ---------------------------------------------------------------------------------------


def _fix(
    tmp_path: Path, code: str, pyproject: str = '[project]\nname = "app"\n', name: str = "agent.py"
) -> str:
    _write(tmp_path / "pyproject.toml", pyproject)
    _write(tmp_path / name, code)
    proc = run_cli("lint", "--no-cache", "--fix", "-j", "1", cwd=tmp_path)
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr
    return (tmp_path / name).read_text(encoding="utf-8")


def test_the_import_joins_the_third_party_group_in_sorted_place(tmp_path: Path) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("", encoding="utf-8")
    fixed = _fix(
        tmp_path,
        '''\
        """Doc."""

        from __future__ import annotations

        import os

        import httpx
        import requests
        from rich import print

        from app import settings

        MAX_TOKENS = 4096
        ''',
    )
    assert fixed.splitlines()[:12] == [
        '"""Doc."""',
        "",
        "from __future__ import annotations",
        "",
        "import os",
        "",
        "import httpx",
        "import prompt_budget",
        "import requests",
        "from rich import print",
        "",
        "from app import settings",
    ]


def test_the_import_opens_a_third_party_group_between_stdlib_and_first_party(tmp_path: Path) -> None:
    _write(tmp_path / "helpers.py", "")
    fixed = _fix(
        tmp_path,
        """\
        import os
        import sys

        # local
        from helpers import thing
        from . import sibling

        MAX_TOKENS = 4096
        """,
    )
    assert fixed.startswith(
        "import os\nimport sys\n\nimport prompt_budget\n\n# local\nfrom helpers import thing\n"
    )


@pytest.mark.parametrize(
    ("pyproject", "limit"),
    [
        ('[project]\nname = "app"\n\n[tool.ruff]\nline-length = 60\n', 60),
        ('[project]\nname = "app"\n\n[tool.black]\nline-length = 70\n', 70),
        ('[project]\nname = "app"\n', 88),
    ],
)
def test_fixed_lines_keep_the_projects_line_length(tmp_path: Path, pyproject: str, limit: int) -> None:
    code = """\
    def summarize(client, text):
        return client.chat.completions.create(model="m", messages=text, max_tokens=1024, n=1)


    CONTEXT_WINDOW_OF_THE_SUMMARY_MODEL = 200_000
    """
    fixed = _fix(tmp_path, code, pyproject)
    assert '"summarize_max_tokens", 1024' in fixed
    assert max(len(line) for line in fixed.splitlines()) <= limit, fixed
    compile(fixed, "agent.py", "exec")


def test_long_lines_are_wrapped_as_a_formatter_wraps_them(tmp_path: Path) -> None:
    # the shapes of aider's history.py after --fix: a def's parameters one per line, a right-hand side
    # whose head does not fit wrapped in parentheses, a call with its arguments on their own line
    code = """\
    class ChatSummary:
        def __init__(self, models=None, max_tokens=1024):
            self.models = models

        def summarize(self, info):
            model_max_input_tokens = info.get("max_input_tokens_of_the_model") or 4096
            return int(model_max_input_tokens * 0.8)
    """
    fixed = _fix(tmp_path, code)
    assert fixed.split("\n\n\n", 1)[1] == textwrap.dedent(
        """\
        class ChatSummary:
            def __init__(
                self,
                models=None,
                max_tokens=prompt_budget.value("chat_summary_max_tokens", 1024),
            ):
                self.models = models

            def summarize(self, info):
                model_max_input_tokens = (
                    info.get("max_input_tokens_of_the_model") or prompt_budget.value(
                        "summarize_max_input_tokens_of_the_model", 4096
                    )
                )
                return int(
                    model_max_input_tokens * prompt_budget.value(
                        "summarize_model_max_input_tokens_ratio", 0.8
                    )
                )
        """
    )


def test_a_long_line_is_not_broken_inside_an_f_string(tmp_path: Path) -> None:
    code = 'def ask(g, log):\n    log(f"{g(max_tokens=8000)} and a long enough tail of text", level=1, extra=None)\n'
    fixed = _fix(tmp_path, code, '[project]\nname = "app"\n\n[tool.ruff]\nline-length = 70\n')
    assert fixed.splitlines()[3:8] == [
        "def ask(g, log):",
        "    log(",
        "        f\"{g(max_tokens=prompt_budget.value('ask_max_tokens', 8000))} and a long enough tail of text\",",
        "        level=1,",
        "        extra=None,",
    ]
    compile(fixed, "agent.py", "exec")


def test_a_min_and_a_max_get_names_that_say_which(tmp_path: Path) -> None:
    fixed = _fix(
        tmp_path,
        """\
        def window(max_tokens):
            floor = max(max_tokens, 256)
            cap = min(max_tokens, 256)
            return floor, cap
        """,
    )
    config = (tmp_path / "pyproject.toml").read_text(encoding="utf-8")
    assert "window_max_tokens_min = 256\n" in config
    assert "window_max_tokens_max = 256\n" in config
    assert 'max(max_tokens, prompt_budget.value("window_max_tokens_min", 256))' in fixed
    assert 'min(max_tokens, prompt_budget.value("window_max_tokens_max", 256))' in fixed


# --- all or nothing -----------------------------------------------------------------------------


def test_an_unwritable_source_leaves_the_config_and_every_file_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from prompt_budget.lint.api import lint_command

    pyproject = _write(tmp_path / "pyproject.toml", '[project]\nname = "app"\n')
    first = _write(tmp_path / "a.py", "MAX_TOKENS = 4096\n")
    locked = _write(tmp_path / "locked" / "b.py", "CONTEXT_WINDOW = 8192\n")
    real_mkstemp = tempfile.mkstemp

    def refuse_locked(*args: object, **kwargs: object) -> tuple[int, str]:
        # a folder that cannot be written (chmod does not stop root, whom the tests may run as)
        if Path(str(kwargs.get("dir"))) == locked.parent:
            raise PermissionError(13, "Permission denied")
        return real_mkstemp(*args, **kwargs)  # type: ignore[call-overload,no-any-return]

    monkeypatch.setattr(tempfile, "mkstemp", refuse_locked)
    proc = run_cli("lint", "--no-cache", "--fix", "-j", "1", cwd=tmp_path)  # in this process
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert f"{locked}: cannot write the file: Permission denied; nothing was changed" in proc.stderr
    assert "Traceback" not in proc.stderr
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PromptBudgetError, match=r"b\.py: cannot write the file: Permission denied"):
        lint_command(["."], fix=True, cache=False, jobs=1)
    assert pyproject.read_text(encoding="utf-8") == '[project]\nname = "app"\n'
    assert first.read_text(encoding="utf-8") == "MAX_TOKENS = 4096\n"
    assert locked.read_text(encoding="utf-8") == "CONTEXT_WINDOW = 8192\n"
    assert sorted(p.name for p in tmp_path.rglob("*.tmp")) == []


def test_a_read_only_source_is_refused_by_the_command(tmp_path: Path) -> None:
    import os

    _write(tmp_path / "pyproject.toml", '[project]\nname = "app"\n')
    source = _write(tmp_path / "a.py", "MAX_TOKENS = 4096\n")
    source.chmod(0o444)
    try:
        if os.access(source, os.W_OK):
            pytest.skip(
                "running as root: a read-only mode does not stop this user (the test above covers it)"
            )
        proc = run_cli("lint", "--no-cache", "--fix", cwd=tmp_path)
    finally:
        source.chmod(0o644)
    assert proc.returncode == 2
    assert (
        "a.py: cannot write the file: Permission denied (the file is read-only); nothing was changed"
        in proc.stderr
    )
    assert (tmp_path / "pyproject.toml").read_text(encoding="utf-8") == '[project]\nname = "app"\n'


def test_a_file_too_deep_for_the_rewriter_is_skipped_and_the_others_are_fixed(tmp_path: Path) -> None:
    _write(tmp_path / "pyproject.toml", '[project]\nname = "app"\n')
    deep = "MAX_TOKENS = 4096\nx = 1" + " + 1" * 900 + "\n"  # ast reads it; a recursive walk does not
    _write(tmp_path / "deep.py", deep)
    _write(tmp_path / "ok.py", "CONTEXT_WINDOW = 8192\n")
    proc = run_cli("lint", "--no-cache", "--fix", "-j", "1", cwd=tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    assert "not fixed: deep.py:1: PB102: the code is nested too deeply for --fix to rewrite" in proc.stderr
    assert (tmp_path / "deep.py").read_text(encoding="utf-8") == deep
    assert 'prompt_budget.value("context_window", 8192)' in (tmp_path / "ok.py").read_text(encoding="utf-8")
    assert "max_tokens" not in (tmp_path / "pyproject.toml").read_text(encoding="utf-8")
