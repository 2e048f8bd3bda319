"""The prompt_budget fixture and marker through pytest itself: pass, fail, warn, marker defaults,
each message format, ephemeral messages, images, sections; run serially, under ``-n 2`` and with
``-p no:xdist``."""

from __future__ import annotations

import json

import pytest

PYPROJECT = """
[tool.prompt_budget]
tokenizer = "o200k_base"

[tool.prompt_budget.sections]
system_prompt = 20
"""

SUITE = """
import base64, struct
import pytest

WEATHER = {
    "messages": [
        {"role": "system", "content": "You are a helpful assistant that can answer to questions about the weather."},
        {"role": "user", "content": "What's the weather like in San Francisco?"},
    ],
    "tools": [{"type": "function", "function": {
        "name": "get_current_weather",
        "description": "Get the current weather in a given location",
        "parameters": {"type": "object", "properties": {
            "location": {"type": "string", "description": "The city and state, e.g. San Francisco, CA"},
            "unit": {"type": "string", "description": "The unit of temperature to return",
                     "enum": ["celsius", "fahrenheit"]},
        }, "required": ["location"]},
    }}],
}


def test_pass(prompt_budget):
    verdict = prompt_budget.check("hello world " * 10, 100, label="greeting")
    assert verdict.tokens == 21


@pytest.mark.prompt_budget(max_tokens=20)
def test_marker_fail(prompt_budget):
    prompt_budget.check("hello world " * 10, label="long")


def test_warn(prompt_budget):
    prompt_budget.check("hello world " * 10, 25, label="near")


def test_openai_request(prompt_budget):
    assert prompt_budget.check(WEATHER, 200, label="weather").tokens == 101


def test_openai_tool_calls(prompt_budget):
    messages = [
        {"role": "user", "content": "Hi!"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "lookup", "arguments": '{"q":"pytest"}'}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "pytest is a testing framework."},
    ]
    assert prompt_budget.count(messages) == 29


def test_anthropic_request(prompt_budget):
    request = {"system": "You are terse.", "messages": [
        {"role": "user", "content": "Find pytest."},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "lookup", "input": {"q": "pytest"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1",
                                       "content": "pytest is a testing framework."}]},
    ]}
    # system 4 + user 3 + tool call 1 + 5 + tool result 6 + 3 messages * (3 + role 1) + priming 3
    assert prompt_budget.check(request, 100, label="claude").tokens == 4 + 3 + 6 + 6 + 12 + 3


def test_ephemeral_excluded(prompt_budget):
    base = [{"role": "user", "content": "Keep me"}]
    scratch = {"role": "assistant", "content": "scratch " * 500, "ephemeral": True}
    assert prompt_budget.check([*base, scratch], 100, label="history").tokens == prompt_budget.count(base)


def test_image_by_size(prompt_budget):
    png = b"\\x89PNG\\r\\n\\x1a\\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", 1024, 1024) + b"\\x08\\x02\\x00\\x00\\x00"
    url = "data:image/png;base64," + base64.b64encode(png + b"\\x00" * 300_000).decode()
    messages = [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": url}}]}]
    assert prompt_budget.check(messages, 1000, label="screenshot").tokens == 3 + 1 + 765 + 3


@pytest.mark.prompt_budget(sections={"history": 5})
def test_sections(prompt_budget):
    prompt_budget.check_sections({"system_prompt": "hi " * 30, "history": "x", "tools": "y y y"})
"""

FAIL_LONG = (
    "BudgetExceeded: prompt 'long' is 21 tokens by o200k_base, which exceeds its cap of 20 tokens by 1 (5.0%); "
    "cap set by the marker @pytest.mark.prompt_budget(max_tokens=20)"
)
WARN_NEAR = (
    "PromptBudgetWarning: prompt 'near' is 21 tokens by o200k_base, 84.0% of its cap of 25 tokens, past the "
    "80% warning threshold; cap set by the call argument max_tokens=25"
)
SECTIONS_MESSAGE = [
    "E       prompt_budget.errors.BudgetExceeded: sections over budget (counted by o200k_base):",
    "E         section 'system_prompt' is 31 tokens, which exceeds its cap of 20 tokens by 11 (55.0%); cap set in "
    "pyproject.toml [tool.prompt_budget.sections] system_prompt",
    "E       ",
    "E       section        tokens  cap    used  status",
    "E       -------------  ------  ---  ------  ------",
    "E       system_prompt      31   20  155.0%  FAIL",
    "E       history             1    5   20.0%  ok",
    "E       tools               3    -       -  ok",
    "E       -------------  ------  ---  ------  ------",
    "E       total              35    -       -  ok",
]


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makefile(".toml", pyproject=PYPROJECT)
    pytester.makepyfile(test_suite=SUITE)
    return pytester


def test_suite_outcomes_messages_and_report(suite: pytest.Pytester, xdist_args: list[str]) -> None:
    result = suite.runpytest_subprocess(*xdist_args, "--prompt-budget-report=out/report.json", "-rfE")
    result.assert_outcomes(passed=7, failed=2, warnings=1)
    out = result.stdout.str()
    assert FAIL_LONG in out
    assert WARN_NEAR in out
    lines = result.stdout.lines
    start = lines.index(SECTIONS_MESSAGE[0])
    assert lines[start : start + len(SECTIONS_MESSAGE)] == SECTIONS_MESSAGE

    report = json.loads((suite.path / "out" / "report.json").read_text(encoding="utf-8"))
    assert report["summary"] == {"checks": 8, "pass": 5, "warn": 1, "fail": 2}
    by_label = {c["label"]: c for c in report["checks"]}
    assert by_label["weather"]["parts"] == {"system": 14, "messages": 8, "tools": 37, "overhead": 42}
    assert by_label["history"]["parts"]["ephemeral_messages_excluded"] == 1
    assert by_label["long"]["cap_source"] == "marker @pytest.mark.prompt_budget(max_tokens=20)"
    assert by_label["near"]["status"] == "warn"
    sections = {s["name"]: s for s in by_label["sections"]["sections"]}
    assert sections["system_prompt"] == {
        "name": "system_prompt",
        "tokens": 31,
        "max_tokens": 20,
        "cap_source": "pyproject.toml [tool.prompt_budget.sections] system_prompt",
        "status": "fail",
    }
    assert sections["history"]["cap_source"] == "marker @pytest.mark.prompt_budget(sections={'history': 5})"


def test_xdist_report_equals_serial_report(suite: pytest.Pytester) -> None:
    serial = suite.runpytest_subprocess("-p", "no:xdist", "--prompt-budget-report=serial.json")
    serial.assert_outcomes(passed=7, failed=2, warnings=1)
    parallel = suite.runpytest_subprocess("-n", "2", "--prompt-budget-report=parallel.json")
    parallel.assert_outcomes(passed=7, failed=2, warnings=1)
    a = (suite.path / "serial.json").read_bytes()
    b = (suite.path / "parallel.json").read_bytes()
    assert json.loads(a)["summary"]["checks"] == 8
    assert a == b


def test_summary_table_with_verbose_only(pytester: pytest.Pytester, xdist_args: list[str]) -> None:
    pytester.makepyfile(
        test_t="""
        def test_one(prompt_budget):
            prompt_budget.check("hello world " * 10, 40, label="greeting")
        def test_two(prompt_budget):
            prompt_budget.check("hello", 10, label="tiny")
        """
    )
    if not xdist_args:
        quiet = pytester.runpytest()
        quiet.assert_outcomes(passed=2)
        assert "- prompt budget -" not in quiet.stdout.str()
    verbose = pytester.runpytest_subprocess(*xdist_args, "-v")
    verbose.assert_outcomes(passed=2)
    lines = verbose.stdout.lines
    i = next(n for n, line in enumerate(lines) if "- prompt budget -" in line)
    assert lines[i + 1].split() == ["test", "label", "tokenizer", "tokens", "cap", "used", "status"]
    # sorted by percent used: 21/40 before 1/10
    assert lines[i + 3].split() == [
        "test_t.py::test_one",
        "greeting",
        "o200k_base",
        "21",
        "40",
        "52.5%",
        "pass",
    ]
    assert lines[i + 4].split() == ["test_t.py::test_two", "tiny", "o200k_base", "1", "10", "10.0%", "pass"]


def test_marker_is_registered_and_documented(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--markers")
    result.stdout.fnmatch_lines(
        ["@pytest.mark.prompt_budget(max_tokens=None, tokenizer=None, sections=None): *"]
    )


def test_marker_tokenizer_and_string_caps(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_m="""
        import pytest

        @pytest.mark.prompt_budget(max_tokens="20", tokenizer="chars4")
        def test_estimate(prompt_budget):
            prompt_budget.check("hello world " * 10)
        """
    )
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    assert (
        "BudgetExceeded: prompt is an estimated 30 tokens by chars4, which exceeds its cap of 20 tokens by 10 "
        "(50.0%); cap set by the marker @pytest.mark.prompt_budget(max_tokens='20')"
    ) in result.stdout.str()


def test_bad_marker_argument_is_a_clear_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_bad="""
        import pytest

        @pytest.mark.prompt_budget(max_token=100)
        def test_typo(prompt_budget):
            prompt_budget.check("hi")
        """
    )
    result = pytester.runpytest()
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        [
            "*UsageError: @pytest.mark.prompt_budget: unknown argument 'max_token'; expected max_tokens, "
            "tokenizer or sections"
        ]
    )


def test_check_without_any_cap_is_a_clear_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_nocap="""
        def test_nocap(prompt_budget):
            prompt_budget.check("hi")
        """
    )
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*ConfigError: max_tokens: no cap for this check: pass max_tokens=*"])


def test_config_sections_cover_more_than_one_call(pytester: pytest.Pytester) -> None:
    """The config caps every section an agent assembles; a test checks the few it builds."""
    pytester.makepyprojecttoml(
        "[tool.prompt_budget]\ntotal = 1000\n[tool.prompt_budget.sections]\n"
        "system = 5\ntools = 100\nhistory = 100\n"
    )
    pytester.makepyfile(
        test_s="""
        def test_system_only(prompt_budget):
            prompt_budget.check_sections({"tools": "a tool"})

        def test_system_over(prompt_budget):
            prompt_budget.check_sections({"system": "hello world " * 10})
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*section 'system' is 21 tokens*exceeds its cap of 5 tokens*"])


def test_a_misspelt_marker_section_is_a_warning_not_a_silent_pass(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_m="""
        import pytest

        @pytest.mark.prompt_budget(sections={"sytem": 5, "tools": 100})
        def test_typo(prompt_budget):
            prompt_budget.check_sections({"system": "hello world " * 10, "tools": "a tool"})

        @pytest.mark.prompt_budget(sections={"system": 50, "tools": 100})
        def test_two_calls(prompt_budget):
            prompt_budget.check_sections({"system": "hello"})
            prompt_budget.check_sections({"tools": "a tool"})

        @pytest.mark.prompt_budget(sections={"system": 50})
        def test_no_sections_call(prompt_budget):
            prompt_budget.check("hello", max_tokens=10)
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, warnings=1)
    result.stdout.fnmatch_lines(
        [
            "*test_typo*",
            "*PromptBudgetWarning: @pytest.mark.prompt_budget(sections=...) caps 'sytem', which no "
            "check_sections call in this test had (its sections: 'system', 'tools')*",
        ]
    )


def test_an_unknown_tokenizer_option_stops_the_run_once(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_a="def test_a(prompt_budget):\n    prompt_budget.check('hi', max_tokens=5)\n")
    result = pytester.runpytest_subprocess("--prompt-budget-tokenizer=o200k", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*--prompt-budget-tokenizer: unknown tokenizer 'o200k'. Did you mean 'o200k_base'?*"]
    )
    result.stdout.no_fnmatch_line("*test_a*")


def test_usable_budget_is_the_default_cap(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".toml",
        pyproject='[tool.prompt_budget]\ncontext_window = 100\nusable_fraction = "50%"\nreserved_output = 30\n',
    )
    pytester.makepyfile(
        test_usable="""
        def test_over(prompt_budget):
            prompt_budget.check("hello world " * 10)
        """
    )
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    assert (
        "prompt is 21 tokens by o200k_base, which exceeds its cap of 20 tokens by 1 (5.0%); cap set by the "
        "usable budget from pyproject.toml [tool.prompt_budget] context_window"
    ) in result.stdout.str()


def test_warning_can_be_made_an_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_w="""
        def test_near(prompt_budget):
            prompt_budget.check("hello world " * 10, 25)
        """
    )
    result = pytester.runpytest("-W", "error::prompt_budget.pytest_plugin.PromptBudgetWarning")
    result.assert_outcomes(failed=1)


def test_markers_of_module_class_and_function_combine(pytester: pytest.Pytester) -> None:
    # The module picks the tokenizer, the class the sections, each test its own cap: every test gets
    # all three, the closest marker winning an argument that two of them give.
    pytester.makepyfile(
        test_levels="""
        import pytest

        QUESTION = "What's the weather like in San Francisco?"  # o200k_base 8 tokens, cl100k_base 9

        pytestmark = pytest.mark.prompt_budget(tokenizer="cl100k_base", max_tokens=100)


        def test_module_only(prompt_budget):
            verdict = prompt_budget.check(QUESTION)
            assert (verdict.usage.tokenizer, verdict.max_tokens) == ("cl100k_base", 100)


        @pytest.mark.prompt_budget(max_tokens=8)
        def test_own_cap(prompt_budget):
            prompt_budget.check(QUESTION)


        @pytest.mark.prompt_budget(sections={"history": 5, "question": 50})
        class TestSections:
            @pytest.mark.prompt_budget(sections={"question": 8})
            def test_sections(self, prompt_budget):
                prompt_budget.check_sections({"question": QUESTION, "history": "user: hi"})
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider", "-rf")
    result.assert_outcomes(passed=1, failed=2)
    out = result.stdout.str()
    assert (
        "prompt is 9 tokens by cl100k_base, which exceeds its cap of 8 tokens by 1 (12.5%); cap set by the "
        "marker @pytest.mark.prompt_budget(max_tokens=8)"
    ) in out
    assert "sections over budget (counted by cl100k_base):" in out
    assert (
        "section 'question' is 9 tokens, which exceeds its cap of 8 tokens by 1 (12.5%); cap set by the "
        "marker @pytest.mark.prompt_budget(sections={'question': 8})"
    ) in out
    result.stdout.fnmatch_lines(["*history*3*5*60.0%*ok*"])
    result.stdout.fnmatch_lines(["*total*12*100*12.0%*ok*"])


def test_a_failing_chat_says_where_its_tokens_are(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        def test_turn(prompt_budget):
            prompt_budget.check(
                [
                    {"role": "system", "content": "hi"},
                    {"role": "user", "content": "y" * 40},
                    {"role": "tool", "tool_call_id": "call_1", "content": "x" * 400},
                ],
                100,
                label="turn 3",
            )
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider", "--prompt-budget-tokenizer=chars4")
    result.assert_outcomes(failed=1)
    # chars4 by hand: 3 a message + the role + ceil(content / 4), and 3 of reply priming.
    result.stdout.fnmatch_lines(
        [
            "E * messages 'turn 3' is an estimated 127 tokens by chars4, which exceeds its cap of 100 tokens*",
            "E *by part: tool_results 100, overhead 16, messages 10, system 1",
            # [[] is a literal [ in fnmatch
            "E *largest items: messages[[]2] (tool) 104 tokens, messages[[]1] (user) 14 tokens, "
            "messages[[]0] (system) 6 tokens",
        ]
    )


def test_a_failing_test_shows_the_fixture_by_its_settings_not_its_address(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.prompt_budget(max_tokens=5, tokenizer="chars4")
        def test_long(prompt_budget):
            prompt_budget.check("x" * 400)
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["prompt_budget = <PromptBudget tokenizer='chars4' max_tokens=5 checks=1>"])
    result.stdout.no_fnmatch_line("*PromptBudget object at 0x*")
