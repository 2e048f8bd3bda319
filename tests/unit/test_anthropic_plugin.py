"""The pytest plugin wires the count-tokens backend: the committed counts live beside the config, and
``--prompt-budget-offline`` never touches the network."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from anthropic_server import count_server

KEY = "sk-ant-test-plugin-0123456789"

TEST_FILE = """
def test_prompt(prompt_budget):
    prompt_budget.check({text!r}, 10_000, label="system")
"""


def test_counts_are_cached_beside_the_config_and_offline_makes_no_request(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makepyprojecttoml('[tool.prompt_budget]\ntokenizer = "anthropic:claude-sonnet-4-5"\n')
    sub = pytester.mkdir("tests")
    with count_server() as srv:
        monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
        monkeypatch.setenv("ANTHROPIC_BASE_URL", srv.url)
        monkeypatch.delenv("PROMPT_BUDGET_OFFLINE", raising=False)
        monkeypatch.delenv("PROMPT_BUDGET_COUNTS_FILE", raising=False)
        (sub / "test_prompt.py").write_text(TEST_FILE.format(text="You are a careful agent."))
        # Run from a subfolder: the cache still goes beside pyproject.toml.
        monkeypatch.chdir(sub)
        first = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--rootdir", str(pytester.path))
        first.assert_outcomes(passed=1)
        assert len(srv.requests) == 1
        counts = pytester.path / ".prompt-budget" / "counts.json"
        assert counts.is_file()
        assert KEY not in counts.read_text()
        assert not (sub / ".prompt-budget").exists()

        second = pytester.runpytest_subprocess(
            "-p", "no:cacheprovider", "--rootdir", str(pytester.path), "--prompt-budget-offline"
        )
        second.assert_outcomes(passed=1)
        assert len(srv.requests) == 1  # served from the committed counts

        (sub / "test_prompt.py").write_text(TEST_FILE.format(text="A prompt the cache has never seen."))
        third = pytester.runpytest_subprocess(
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(pytester.path),
            "--prompt-budget-offline",
            "-W",
            "always",
        )
        third.assert_outcomes(passed=1, warnings=1)
        third.stdout.fnmatch_lines(["*offline*"])
        assert len(srv.requests) == 1  # offline: the new prompt was estimated, not sent
        assert KEY not in third.stdout.str() + third.stderr.str()
        assert json.loads(counts.read_text())  # still valid JSON


def test_an_offline_estimate_is_not_remembered_as_an_exact_count(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A new prompt checked offline is estimated; the next run with the network must ask the API and
    # report its exact count, not the estimate kept from the offline run.
    pytester.makepyprojecttoml('[tool.prompt_budget]\ntokenizer = "anthropic:claude-sonnet-4-5"\n')
    pytester.makepyfile(
        test_prompt="""
        def test_prompt(prompt_budget):
            verdict = prompt_budget.check("You are a careful agent. " * 40, 10_000, label="system")
            print("COUNTED", verdict.usage.tokens, "exact" if verdict.usage.exact else "estimated")
        """
    )
    with count_server() as srv:
        monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
        monkeypatch.setenv("ANTHROPIC_BASE_URL", srv.url)
        monkeypatch.delenv("PROMPT_BUDGET_OFFLINE", raising=False)
        monkeypatch.delenv("PROMPT_BUDGET_COUNTS_FILE", raising=False)
        offline = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-s", "--prompt-budget-offline")
        offline.assert_outcomes(passed=1, warnings=1)
        offline.stdout.fnmatch_lines(["*COUNTED * estimated"])
        online = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-s")
        online.assert_outcomes(passed=1)
        assert len(srv.requests) == 1
        exact = srv.expected({"messages": [{"role": "user", "content": "You are a careful agent. " * 40}]})
        online.stdout.fnmatch_lines([f"*COUNTED {exact} exact"])


@pytest.mark.parametrize("command", ["count", "check"])
def test_a_file_estimated_offline_is_counted_by_the_api_next_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    # The file count cache (count and check) must not keep an offline estimate under the exact
    # tokenizer's name either.
    from cli_run import run_cli

    text = "You are a careful agent. " * 40
    (tmp_path / "pyproject.toml").write_text(
        '[tool.prompt_budget]\ntokenizer = "anthropic:claude-sonnet-4-5"\n'
        '[[tool.prompt_budget.files]]\npath = "a.md"\nmax_tokens = 10000\n',
        encoding="utf-8",
    )
    (tmp_path / "a.md").write_text(text, encoding="utf-8")
    monkeypatch.delenv("PROMPT_BUDGET_COUNTS_FILE", raising=False)
    with count_server() as srv:
        env = {"ANTHROPIC_API_KEY": KEY, "ANTHROPIC_BASE_URL": srv.url}

        def tokens(offline: str) -> tuple[int, bool]:
            args = ["count", "--json", "a.md"] if command == "count" else ["check", "--json"]
            done = run_cli(*args, cwd=tmp_path, env={**env, "PROMPT_BUDGET_OFFLINE": offline})
            assert done.returncode == 0, done.stderr
            data = json.loads(done.stdout)
            if command == "count":
                return data["total"], data["exact"]
            (a,) = (v for v in data["verdicts"] if v["id"] == "a.md")
            return a["usage"]["tokens"], a["usage"]["exact"]

        estimate, exact = tokens("1")
        assert not exact
        assert srv.requests == []
        counted, exact = tokens("")
        assert exact
        assert counted == srv.expected({"messages": [{"role": "user", "content": text}]}) != estimate
        assert len(srv.requests) == 1
