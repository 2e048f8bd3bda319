"""--fix round trips: the fixed code imports, runs and reads the same values from config; fixing twice
changes nothing; formatting and comments survive; the TOML edit keeps the file's own text."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from lint_helpers import fix_snippet, lint_snippet

from prompt_budget.errors import ConfigError
from prompt_budget.lint.fix import add_values

AGENT = '''\
"""A small agent with its budgets written into the code."""

from __future__ import annotations

CONTEXT_WINDOW = 200_000  # the model's window
SECTION_BUDGETS = {"system": 2_000, "history": 6_000}


def ask(client, prompt, max_tokens=1024):
    # keep this comment
    return client.create(prompt=prompt, max_tokens=max_tokens, context_window=8192)


def estimate_tokens(text: str) -> int:
    return len(text) // 4


def should_compact(used_tokens: int) -> bool:
    return used_tokens > 0.8 * CONTEXT_WINDOW


def window_after_reserve(context_window: int) -> int:
    return context_window - 1000
'''

PROBE = """
import json, agent

class Client:
    def create(self, **kw):
        return kw

print(json.dumps({
    "window": agent.CONTEXT_WINDOW,
    "sections": agent.SECTION_BUDGETS,
    "ask": agent.ask(Client(), "hi"),
    "estimate": agent.estimate_tokens("x" * 40),
    "compact": [agent.should_compact(150_000), agent.should_compact(170_000)],
    "reserve": agent.window_after_reserve(9000),
}, sort_keys=True))
"""


def _run_probe(folder: Path, cwd: Path) -> str:
    env_path = f"{folder}"
    proc = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {env_path!r})\n{PROBE}"],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    return proc.stdout


def test_round_trip_runs_and_reads_the_same_values(tmp_path: Path) -> None:
    (tmp_path / "agent.py").write_text(AGENT, encoding="utf-8")
    before = _run_probe(tmp_path, tmp_path)
    fixed, config = fix_snippet(AGENT, tmp_path)
    (tmp_path / "agent.py").write_text(fixed, encoding="utf-8")

    # each literal is read from config, and stays, as written, as the default the code ships with
    assert 'CONTEXT_WINDOW = prompt_budget.value("context_window", 200_000)  # the model\'s window' in fixed
    assert 'len(text) // prompt_budget.value("chars_per_token", 4)' in fixed
    assert '"window_after_reserve_context_window_reserve", 1000' in fixed
    assert "# keep this comment" in fixed
    # the import is a group of its own after __future__'s, as isort and ruff place it
    assert fixed.splitlines()[2:6] == ["from __future__ import annotations", "", "import prompt_budget", ""]
    assert config.startswith('[project]\nname = "example"\n')
    assert "context_window = 200000" in config

    # same behaviour, from the project folder and from anywhere else
    assert _run_probe(tmp_path, tmp_path) == before
    elsewhere = tmp_path.parent
    assert _run_probe(tmp_path, elsewhere) == before

    # fixing twice changes nothing
    again, config_again = fix_snippet(fixed, tmp_path)
    assert again == fixed
    assert config_again == config
    assert [f for f in lint_snippet(fixed) if f.fixable] == []


def test_existing_import_alias_is_reused(tmp_path: Path) -> None:
    code = "import prompt_budget as pb\n\nMAX_TOKENS = 4096\n"
    fixed, _ = fix_snippet(code, tmp_path)
    assert fixed == 'import prompt_budget as pb\n\nMAX_TOKENS = pb.value("max_tokens", 4096)\n'


def test_same_name_different_values_get_distinct_keys(tmp_path: Path) -> None:
    code = """
    def summarize(client):
        return client.create(max_tokens=512)

    def plan(client):
        return client.create(max_tokens=2048)
    """
    fixed, config = fix_snippet(code, tmp_path)
    assert "summarize_max_tokens = 512" in config
    assert "plan_max_tokens = 2048" in config
    assert 'value("summarize_max_tokens", 512)' in fixed
    assert 'value("plan_max_tokens", 2048)' in fixed


def test_suppressed_findings_are_not_fixed(tmp_path: Path) -> None:
    code = "MAX_TOKENS = 4096  # noqa: PB102 -- vendor default\n"
    fixed, config = fix_snippet(code, tmp_path)
    assert fixed == code
    assert "values" not in config


def test_add_values_into_an_existing_table_keeps_comments() -> None:
    text = (
        "[tool.prompt_budget]  # budgets\n"
        'tokenizer = "o200k_base"\n\n'
        "[tool.prompt_budget.values]\n"
        "# tuned by hand\n"
        "old = 1\n\n"
        "[tool.other]\n"
        "x = 2\n"
    )
    out = add_values(text, "tool.prompt_budget.values", {"new": 8000, "ratio": 0.9, "old": 1})
    assert out == (
        "[tool.prompt_budget]  # budgets\n"
        'tokenizer = "o200k_base"\n\n'
        "[tool.prompt_budget.values]\n"
        "# tuned by hand\n"
        "old = 1\n"
        "new = 8000\n"
        "ratio = 0.9\n\n"
        "[tool.other]\n"
        "x = 2\n"
    )


def test_add_values_is_not_fooled_by_a_header_inside_a_multi_line_string() -> None:
    text = 'note = """\n[tool.prompt_budget.values]\n"""\n\n[tool.prompt_budget.values]\nold = 1\n'
    out = add_values(text, "tool.prompt_budget.values", {"new": 8000})
    assert (
        out
        == 'note = """\n[tool.prompt_budget.values]\n"""\n\n[tool.prompt_budget.values]\nold = 1\nnew = 8000\n'
    )


def test_add_values_refuses_to_overwrite_a_different_value() -> None:
    with pytest.raises(ConfigError, match="already holds 1"):
        add_values("[values]\nold = 1\n", "values", {"old": 2}, file=Path("prompt_budget.toml"))


def test_add_values_writes_tables_with_quoted_keys() -> None:
    out = add_values("", "values", {"windows": {"gpt-3.5-turbo": 16385, "claude": 200000}})
    assert '"gpt-3.5-turbo" = 16385' in out
    assert "[values.windows]" in out


def test_fix_creates_prompt_budget_toml_without_a_pyproject(tmp_path: Path) -> None:
    from prompt_budget.lint.engine import Linter
    from prompt_budget.lint.fix import apply_fixes
    from prompt_budget.lint.options import LintOptions

    (tmp_path / "a.py").write_text("MAX_TOKENS = 4096\n", encoding="utf-8")
    opts = LintOptions(root=tmp_path)
    report = Linter(opts, jobs=1).lint_paths([tmp_path])
    apply_fixes(report.findings, opts)
    assert (tmp_path / "prompt_budget.toml").read_text(encoding="utf-8") == "[values]\nmax_tokens = 4096\n"
    assert (tmp_path / "a.py").read_text(encoding="utf-8") == textwrap.dedent(
        """\
        import prompt_budget

        MAX_TOKENS = prompt_budget.value("max_tokens", 4096)
        """
    )


@pytest.mark.parametrize(
    "values", ["[tool.prompt_budget]\nvalues = { other = 1 }\n", "[tool.prompt_budget]\nvalues.other = 1\n"]
)
def test_fix_into_an_inline_values_table_is_a_config_error_not_a_traceback(
    tmp_path: Path, values: str
) -> None:
    from cli_run import run_cli

    pyproject = '[project]\nname = "x"\n\n' + values
    (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    (tmp_path / "a.py").write_text("MAX_TOKENS = 4096\n", encoding="utf-8")
    proc = run_cli("lint", "--no-cache", "--fix", cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "pyproject.toml: tool.prompt_budget.values: is written as an inline table" in proc.stderr
    assert (tmp_path / "pyproject.toml").read_text(encoding="utf-8") == pyproject
    assert (tmp_path / "a.py").read_text(encoding="utf-8") == "MAX_TOKENS = 4096\n"


def test_one_literal_bound_to_two_names_writes_only_the_key_the_code_reads(tmp_path: Path) -> None:
    fixed, config = fix_snippet("MAX_OUTPUT_TOKENS = MAX_TOKENS = 4096\n", tmp_path)
    assert (
        fixed
        == 'import prompt_budget\n\nMAX_OUTPUT_TOKENS = MAX_TOKENS = prompt_budget.value("max_output_tokens", 4096)\n'
    )
    assert config == '[project]\nname = "example"\n\n[tool.prompt_budget.values]\nmax_output_tokens = 4096\n'


def test_an_int_and_a_float_ratio_do_not_share_a_key(tmp_path: Path) -> None:
    # 4 and 4.0 compare equal, but slicing with the float read back from config raises TypeError
    from cli_run import run_cli

    (tmp_path / "a.py").write_text(
        "def truncate(text, max_tokens):\n    return text[: max_tokens * 4]\n", encoding="utf-8"
    )
    (tmp_path / "b.py").write_text("CHARS_PER_TOKEN = 4.0\n", encoding="utf-8")
    proc = run_cli("lint", "--no-cache", "--fix", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (tmp_path / "prompt_budget.toml").read_text(encoding="utf-8") == (
        "[values]\nchars_per_token = 4\nb_chars_per_token = 4.0\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", "import a, b; print(a.truncate('x' * 20, 2), repr(b.CHARS_PER_TOKEN))"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.stdout == "xxxxxxxx 4.0\n", run.stderr


def test_add_values_does_not_take_a_float_for_an_int() -> None:
    with pytest.raises(ConfigError, match=r"already holds 4\.0, not 4;"):
        add_values("[values]\nchars_per_token = 4.0\n", "values", {"chars_per_token": 4})


def test_a_parameter_named_prompt_budget_does_not_shadow_the_accessor(tmp_path: Path) -> None:
    code = "def ask(client, prompt_budget=3000):\n    return client.create(max_tokens=8000, budget=prompt_budget)\n"
    fixed, _ = fix_snippet(code, tmp_path)
    assert fixed == (
        "import prompt_budget as _prompt_budget\n\n\n"
        'def ask(client, prompt_budget=_prompt_budget.value("ask_prompt_budget", 3000)):\n'
        "    return client.create(\n"
        '        max_tokens=_prompt_budget.value("ask_max_tokens", 8000), budget=prompt_budget\n'
        "    )\n"
    )
    probe = (
        "import example\nclass C:\n    def create(self, **kw):\n        return kw\n"
        "print(sorted(example.ask(C()).items()))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert run.stdout == "[('budget', 3000), ('max_tokens', 8000)]\n", run.stderr
    again, _ = fix_snippet(fixed, tmp_path)
    assert again == fixed
