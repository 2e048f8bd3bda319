"""``prompt-budget lint`` end to end, in a subprocess: exit codes, formats, --fix/--diff, suppression."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from cli_run import run_cli

AGENT = """\
def ask(client):
    return client.create(max_tokens=8000)


def estimate_tokens(text):
    return len(text) // 4  # noqa: PB104 -- matches the vendor's own estimate
"""


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_cli("lint", "--no-cache", "-j", "1", *args, cwd=cwd)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n', encoding="utf-8")
    (tmp_path / "agent.py").write_text(AGENT, encoding="utf-8")
    return tmp_path


def test_findings_exit_1_with_suggestion(project: Path) -> None:
    proc = run(".", cwd=project)
    assert proc.returncode == 1, proc.stderr
    assert "agent.py:2:37: PB101 token budget max_tokens=8000 passed inline" in proc.stdout
    assert "suggestion: [tool.prompt_budget.values] ask_max_tokens = 8000" in proc.stdout
    assert "1 suppressed" in proc.stdout
    assert "PB104" not in proc.stdout.split("Found")[0]


def test_show_suppressed_shows_the_reason(project: Path) -> None:
    proc = run(".", "--show-suppressed", cwd=project)
    assert "[suppressed: noqa: matches the vendor's own estimate]" in proc.stdout


def test_clean_tree_exit_0(project: Path) -> None:
    (project / "agent.py").write_text(
        "def ask(client, settings):\n    return client.create(max_tokens=settings.max_tokens)\n"
    )
    proc = run(".", cwd=project)
    assert proc.returncode == 0, proc.stdout
    assert "No findings" in proc.stdout


def test_json_has_the_documented_fields(project: Path) -> None:
    proc = run(".", "--format", "json", cwd=project)
    data = json.loads(proc.stdout)
    assert proc.returncode == 1
    [finding] = data
    for field in ("path", "line", "column", "end_line", "end_column", "code", "message", "suggestion"):
        assert field in finding
    assert (
        finding["path"],
        finding["line"],
        finding["column"],
        finding["end_line"],
        finding["end_column"],
    ) == (
        "agent.py",
        2,
        37,
        2,
        41,
    )
    assert finding["code"] == "PB101"
    assert finding["key"] == "ask_max_tokens"
    assert finding["value"] == 8000


def test_github_annotations(project: Path) -> None:
    proc = run(".", "--format", "github", cwd=project)
    assert proc.stdout.startswith(
        "::warning file=agent.py,line=2,col=37,endLine=2,endColumn=41,title=PB101 inline-budget::"
    )
    assert "%0Asuggestion" in proc.stdout


def test_select_and_ignore(project: Path) -> None:
    assert run(".", "--ignore", "PB101", cwd=project).returncode == 0
    assert run(".", "--select", "PB104", cwd=project).returncode == 0  # only the suppressed one
    assert run(".", "--select", "PB1", cwd=project).returncode == 1


def test_unknown_code_is_a_usage_error(project: Path) -> None:
    proc = run(".", "--select", "PB199", cwd=project)
    assert proc.returncode == 2
    assert "unknown rule 'PB199'" in proc.stderr


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--select", "XYZ", "--select: expected rule codes like 'PB101' or prefixes like 'PB1', got 'XYZ'"),
        ("--ignore", "PB199", "--ignore: unknown rule 'PB199'"),
        ("--extend-select", "PB1O1", "--extend-select: expected rule codes"),
    ],
)
def test_a_bad_code_on_the_command_line_names_its_option(
    project: Path, option: str, value: str, message: str
) -> None:
    proc = run(".", option, value, cwd=project)
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"prompt-budget: error: {message}"), proc.stderr


def test_a_missing_path_is_a_usage_error_not_a_clean_run(project: Path) -> None:
    proc = run("agent.py", "nowhere", cwd=project)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "prompt-budget: error: nowhere: no such file or folder"
    assert "No findings" not in proc.stdout


def test_bad_config_exits_2_naming_file_and_key(project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.prompt_budget.lint]\nmin-value = "lots"\n', encoding="utf-8"
    )
    proc = run(".", cwd=project)
    assert proc.returncode == 2
    assert "pyproject.toml" in proc.stderr
    assert "tool.prompt_budget.lint.min-value" in proc.stderr


def test_config_options_apply(project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.prompt_budget.lint]\nper-file-ignores = { "agent.py" = ["PB101"] }\n', encoding="utf-8"
    )
    proc = run(".", "--show-suppressed", cwd=project)
    assert proc.returncode == 0
    assert "per-file-ignores: agent.py" in proc.stdout


def test_test_modules_are_suppressed_unless_report_tests(project: Path) -> None:
    (project / "tests").mkdir()
    (project / "tests" / "test_agent.py").write_text(
        "def test_ask(client):\n    assert client.create(max_tokens=8000)\n", encoding="utf-8"
    )
    (project / "conftest.py").write_text("SETTINGS = dict(MAX_CONTEXT_TOKENS=32000)\n", encoding="utf-8")
    (project / "tests" / "broken_test.py").write_text("def f(:\n    max_tokens = 4096\n", encoding="utf-8")
    proc = run(".", "--format", "json", "--show-suppressed", cwd=project)
    found = {(f["path"], f["code"]): f["suppressed"] for f in json.loads(proc.stdout)}
    reason = "test module (report-tests = false)"
    assert found[("tests/test_agent.py", "PB101")] == reason
    assert found[("conftest.py", "PB101")] == reason
    assert found[("tests/broken_test.py", "PB000")] is None  # a file that does not parse is always told
    assert found[("agent.py", "PB101")] is None

    (project / "pyproject.toml").write_text(
        "[tool.prompt_budget.lint]\nreport-tests = true\n", encoding="utf-8"
    )
    proc = run(".", "--format", "json", cwd=project)
    counted = {(f["path"], f["code"]) for f in json.loads(proc.stdout)}
    assert {("tests/test_agent.py", "PB101"), ("conftest.py", "PB101")} <= counted


def test_a_package_testing_module_is_a_test_module(project: Path) -> None:
    """``pkg/testing.py`` and the fakes of ``pkg/testing/``, what a package ships for its users' tests (set 573:
    needlepath's fake service answering ``{"budget_tokens": 4000}``), hold scenarios: suppressed like ``tests/``."""
    (project / "pkg").mkdir()
    (project / "pkg" / "testing.py").write_text(
        'def fake_response():\n    return {"budget_tokens": 4000, "max_tokens": 8000}\n', encoding="utf-8"
    )
    # a testing tool's own code in a ``testing/`` folder is code; the fakes there are not (the corpus check: voicey)
    (project / "pkg" / "testing").mkdir()
    for name in ("runner.py", "fake_llm.py"):
        (project / "pkg" / "testing" / name).write_text(
            "def call(client):\n    return client.create(model='m', max_tokens=2048)\n", encoding="utf-8"
        )
    proc = run(".", "--format", "json", "--show-suppressed", cwd=project)
    found = {(f["path"], f["code"]): f["suppressed"] for f in json.loads(proc.stdout)}
    assert found[("pkg/testing.py", "PB101")] == "test module (report-tests = false)"
    assert found[("pkg/testing/fake_llm.py", "PB101")] == "test module (report-tests = false)"
    assert found[("pkg/testing/runner.py", "PB101")] is None
    assert found[("agent.py", "PB101")] is None


def test_a_module_named_like_a_test_that_holds_none_is_code(project: Path) -> None:
    """``web/connection_test.py`` sending a product's probe request is code; ``agent_test.py`` with a test,
    or importing pytest, is a test module (set 247: shidoshi's connection check)."""
    probe = "def probe(sdk):\n    return sdk.messages.create(model='m', max_tokens=256)\n"
    (project / "web").mkdir()
    (project / "web" / "connection_test.py").write_text(probe, encoding="utf-8")
    (project / "web" / "agent_test.py").write_text(
        probe + "\n\ndef test_probe():\n    probe(None)\n", "utf-8"
    )
    (project / "web" / "probe_test.py").write_text("import pytest\n\n" + probe, encoding="utf-8")
    proc = run(".", "--format", "json", "--show-suppressed", cwd=project)
    found = {(f["path"], f["code"]): f["suppressed"] for f in json.loads(proc.stdout)}
    assert found[("web/connection_test.py", "PB101")] is None
    assert found[("web/agent_test.py", "PB101")] == "test module (report-tests = false)"
    assert found[("web/probe_test.py", "PB101")] == "test module (report-tests = false)"


def test_budget_in_a_module_that_speaks_of_token_budgets(project: Path) -> None:
    """``budget`` alone is a token budget only where the module's prose says so; ``ignore-names`` turns it off."""
    body = (
        "def maplet(lat: float, budget: int = 1024) -> dict:\n    return {{'lat': lat, 'budget': budget}}\n"
    )
    (project / "maps.py").write_text(
        '"""GeoJSON in, token-budgeted YAML out."""\n\n\n' + body.format(), "utf-8"
    )
    (project / "shop.py").write_text('"""Spend the monthly budget."""\n\n\n' + body.format(), "utf-8")
    found = {
        (f["path"], f["line"], f["code"])
        for f in json.loads(run(".", "--format", "json", cwd=project).stdout)
    }
    assert ("maps.py", 4, "PB102") in found
    assert not any(path == "shop.py" for path, _, _ in found)

    (project / "pyproject.toml").write_text('[tool.prompt_budget.lint]\nignore-names = ["budget"]\n', "utf-8")
    found = {(f["path"], f["code"]) for f in json.loads(run(".", "--format", "json", cwd=project).stdout)}
    assert ("maps.py", "PB102") not in found


def test_parse_error_is_pb000_and_the_run_goes_on(project: Path) -> None:
    (project / "broken.py").write_text("def f(:\n    max_tokens = 4096\n", encoding="utf-8")
    proc = run(".", "--format", "json", cwd=project)
    codes = sorted(f["code"] for f in json.loads(proc.stdout))
    assert codes == ["PB000", "PB101"]
    assert proc.returncode == 1


def test_diff_writes_nothing_and_fix_is_idempotent(project: Path) -> None:
    before = (project / "agent.py").read_text()
    proc = run(".", "--diff", cwd=project)
    assert proc.returncode == 1
    assert '+    return client.create(max_tokens=prompt_budget.value("ask_max_tokens", 8000))' in proc.stdout
    assert "+ask_max_tokens = 8000" in proc.stdout
    assert (project / "agent.py").read_text() == before

    proc = run(".", "--fix", cwd=project)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "fixed 1 finding(s)" in proc.stderr
    fixed = (project / "agent.py").read_text()
    config = (project / "pyproject.toml").read_text()
    assert "ask_max_tokens = 8000" in config

    proc = run(".", "--fix", cwd=project)
    assert proc.returncode == 0
    assert (project / "agent.py").read_text() == fixed
    assert (project / "pyproject.toml").read_text() == config
    assert run(".", "--diff", cwd=project).stdout == ""


def test_sarif_is_valid_json_with_relative_paths(project: Path) -> None:
    proc = run(".", "--format", "sarif", cwd=project)
    sarif = json.loads(proc.stdout)
    [result] = [r for r in sarif["runs"][0]["results"] if "suppressions" not in r]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "agent.py"


def test_a_parse_error_is_reported_whatever_is_selected(project: Path) -> None:
    (project / "broken.py").write_text(
        "def estimate_tokens(text:\n    return len(text) // 4\n", encoding="utf-8"
    )
    proc = run(".", "--select", "PB104", "--format", "json", cwd=project)
    assert [(f["path"], f["code"]) for f in json.loads(proc.stdout)] == [("broken.py", "PB000")]
    assert proc.returncode == 1
    (project / "pyproject.toml").write_text('[tool.prompt_budget.lint]\nselect = ["PB1"]\n', encoding="utf-8")
    assert run(".", cwd=project).returncode == 1
    # ignoring it is still the way to hide it
    assert run(".", "--select", "PB104", "--ignore", "PB000", cwd=project).returncode == 0


def test_the_cache_gives_the_same_keys_as_a_cold_run_for_identical_files(tmp_path: Path) -> None:
    # beta.py and gamma.py hold the same text; their keys are qualified by their own module names
    (tmp_path / "alpha.py").write_text(
        "def ask(c):\n    return c.create(max_tokens=4000)\n", encoding="utf-8"
    )
    for name in ("beta.py", "gamma.py"):
        (tmp_path / name).write_text("def ask(c):\n    return c.create(max_tokens=8000)\n", encoding="utf-8")

    def keys() -> list[tuple[str, str]]:
        proc = run_cli("lint", "-j", "1", "--format", "json", cwd=tmp_path)
        return [(f["path"], f["key"]) for f in json.loads(proc.stdout)]

    expected = [
        ("alpha.py", "ask_max_tokens"),
        ("beta.py", "beta_ask_max_tokens"),
        ("gamma.py", "gamma_ask_max_tokens"),
    ]
    assert keys() == expected  # cold: fills the cache
    assert keys() == expected  # warm: every file from the cache


def test_a_file_named_twice_is_linted_once(project: Path) -> None:
    proc = run("agent.py", str(project / "agent.py"), "../" + project.name, "--format", "json", cwd=project)
    assert [(f["path"], f["code"]) for f in json.loads(proc.stdout)] == [("agent.py", "PB101")]


def test_diff_says_why_it_exits_1_when_the_rest_cannot_be_fixed(project: Path) -> None:
    (project / "count.py").write_text(
        'import tiktoken\nenc = tiktoken.encoding_for_model("claude-3-5-sonnet")\n', encoding="utf-8"
    )
    proc = run("count.py", "--diff", cwd=project)
    assert (proc.returncode, proc.stdout) == (1, "")
    assert proc.stderr == (
        "prompt-budget: 1 finding(s) that --fix does not change (PB109 x1); run without --diff to list them\n"
    )
    # with something to fix as well, the diff comes first and the note still says what is left
    proc = run(".", "--diff", cwd=project)
    assert proc.returncode == 1
    assert "+ask_max_tokens = 8000" in proc.stdout
    assert "1 finding(s) that --fix does not change (PB109 x1)" in proc.stderr


def test_fix_leaves_stub_files_alone(tmp_path: Path) -> None:
    stub = "MAX_TOKENS: int = 4096\ndef create(prompt: str, max_tokens: int = 1024) -> str: ...\n"
    (tmp_path / "agent.pyi").write_text(stub, encoding="utf-8")
    (tmp_path / "agent.py").write_text("MAX_TOKENS: int = 4096\n", encoding="utf-8")
    listed = run(".", "--format", "json", cwd=tmp_path)
    assert [(f["path"], f["line"], f["fixable"]) for f in json.loads(listed.stdout)] == [
        ("agent.py", 1, True),
        ("agent.pyi", 1, False),
        ("agent.pyi", 2, False),
    ]
    proc = run(".", "--fix", cwd=tmp_path)
    assert proc.returncode == 1  # the stub's findings remain
    assert (tmp_path / "agent.pyi").read_text(encoding="utf-8") == stub
    assert (tmp_path / "prompt_budget.toml").read_text(encoding="utf-8") == "[values]\nmax_tokens = 4096\n"


def test_github_annotation_of_a_file_whose_name_needs_escaping(tmp_path: Path) -> None:
    (tmp_path / "a,b:50%.py").write_text("def call(client):\n    return client.create(max_tokens=8000)\n")
    proc = run(".", "--format", "github", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout == (
        "::warning file=a%2Cb%3A50%25.py,line=2,col=37,endLine=2,endColumn=41,title=PB101 inline-budget::"
        "token budget max_tokens=8000 passed inline; move it to config so it can be tuned and tested"
        "%0Asuggestion: [tool.prompt_budget.values] call_max_tokens = 8000\n"
    )
