"""check / check_sections / assert_within_budget: statuses, caps and their sources, and the failure
messages verbatim (they are product surface)."""

from __future__ import annotations

from pathlib import Path

import pytest

from prompt_budget import (
    BudgetExceeded,
    ConfigError,
    assert_within_budget,
    check,
    check_sections,
    load_config,
)

TEXT_21 = "hello world " * 10  # 21 tokens in o200k_base, 120 characters (30 by chars4)


def _config(tmp_path: Path, body: str) -> object:
    (tmp_path / "pyproject.toml").write_text(body, encoding="utf-8")
    return load_config(tmp_path / "pyproject.toml")


def test_pass_fail_warn_statuses() -> None:
    assert check(TEXT_21, 100).status == "pass"
    assert check(TEXT_21, 20).status == "fail"
    assert check(TEXT_21, 25, threshold=0.8).status == "warn"
    assert check(TEXT_21, 25).status == "pass"  # no threshold, no warning
    assert check(TEXT_21, 21).status == "pass"  # at the cap is within it


def test_fail_message_verbatim() -> None:
    verdict = check(TEXT_21, 20, label="greeting")
    assert verdict.message == (
        "prompt 'greeting' is 21 tokens by o200k_base, which exceeds its cap of 20 tokens by 1 (5.0%); "
        "cap set by the call argument max_tokens=20"
    )


def test_estimate_says_so() -> None:
    verdict = check(TEXT_21, 20, tokenizer="chars4")
    assert verdict.message == (
        "prompt is an estimated 30 tokens by chars4, which exceeds its cap of 20 tokens by 10 (50.0%); "
        "cap set by the call argument max_tokens=20"
    )


def test_warn_message_verbatim() -> None:
    verdict = check(TEXT_21, 25, threshold=0.8, label="greeting")
    assert verdict.message == (
        "prompt 'greeting' is 21 tokens by o200k_base, 84.0% of its cap of 25 tokens, past the 80% warning "
        "threshold; cap set by the call argument max_tokens=25"
    )


def test_messages_and_requests_name_their_kind() -> None:
    messages = [{"role": "user", "content": TEXT_21}]
    verdict = check(messages, 10)
    assert verdict.message.startswith(
        "messages is 28 tokens by o200k_base, which exceeds its cap of 10 tokens by 18"
    )
    assert verdict.details["parts"] == {"messages": 21, "overhead": 7}
    assert check({"messages": messages}, 10, label="turn").message.startswith("request 'turn' is 28 tokens")


def test_cap_from_config_total_and_usable_budget(tmp_path: Path) -> None:
    config = _config(tmp_path, "[tool.prompt_budget]\ntotal = 20\n")
    verdict = check(TEXT_21, config=config)  # type: ignore[arg-type]
    assert verdict.message.endswith("; cap set in pyproject.toml [tool.prompt_budget] total")
    config = _config(
        tmp_path, "[tool.prompt_budget]\ncontext_window = 100\nusable_fraction = 0.5\nreserved_output = 30\n"
    )
    verdict = check(TEXT_21, config=config)  # type: ignore[arg-type]
    assert verdict.max_tokens == 20
    assert verdict.message == (
        "prompt is 21 tokens by o200k_base, which exceeds its cap of 20 tokens by 1 (5.0%); cap set by the "
        "usable budget from pyproject.toml [tool.prompt_budget] context_window"
    )


def test_config_threshold_and_safety_multiplier(tmp_path: Path) -> None:
    config = _config(tmp_path, '[tool.prompt_budget]\nthreshold = "50%"\nsafety_multiplier = 1.5\n')
    assert check(TEXT_21, 40, config=config).status == "warn"  # type: ignore[arg-type]
    verdict = check(TEXT_21, 40, tokenizer="chars4", config=config)  # type: ignore[arg-type]
    assert verdict.tokens == 45  # 30 * 1.5
    assert verdict.message == (
        "prompt is an estimated 45 tokens by chars4 (x1.5 safety multiplier), which exceeds its cap of 40 "
        "tokens by 5 (12.5%); cap set by the call argument max_tokens=40"
    )


def test_no_cap_anywhere_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match=r"^max_tokens: no cap for this check: pass max_tokens="):
        check(TEXT_21)


@pytest.mark.parametrize(
    ("cap", "message"),
    [
        (0, "max_tokens: a token amount must be positive, got 0"),
        (-3, "max_tokens: a token amount must be positive, got -3"),
        ("lots", "max_tokens: expected a token amount such as 8000, 8_000 or \"8k\", got 'lots'"),
        (True, "max_tokens: expected a token amount"),
    ],
)
def test_a_bad_cap_is_a_config_error_naming_the_argument(cap: object, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        check(TEXT_21, cap)  # type: ignore[arg-type]
    assert str(info.value).startswith(message)


def test_a_cap_may_be_written_as_in_the_config() -> None:
    assert check(TEXT_21, "1k").max_tokens == 1000
    failed = check(TEXT_21, "20")
    assert failed.status == "fail"
    assert failed.message.endswith("cap set by the call argument max_tokens=20")
    sections = check_sections({"a": TEXT_21}, {"a": "0.02k"}, total="1k")
    assert sections.status == "fail"
    assert sections.max_tokens == 1000


def test_caps_for_sections_not_in_the_mapping_are_a_typo_not_a_pass() -> None:
    with pytest.raises(ConfigError, match=r"^caps: caps for section\(s\) not in the mapping: 'sytem'; "):
        check_sections({"system": TEXT_21}, {"sytem": 5})
    with pytest.raises(ConfigError, match=r"^caps\['a'\]: a token amount must be positive, got 0"):
        check_sections({"a": TEXT_21}, {"a": 0})


def test_assert_within_budget() -> None:
    assert assert_within_budget(TEXT_21, 21).tokens == 21
    with pytest.raises(BudgetExceeded) as info:
        assert_within_budget(TEXT_21, 10, tokenizer="cl100k_base")
    assert isinstance(info.value, AssertionError)
    assert str(info.value) == (
        "prompt is 21 tokens by cl100k_base, which exceeds its cap of 10 tokens by 11 (110.0%); "
        "cap set by the call argument max_tokens=10"
    )
    assert info.value.verdict.status == "fail"  # type: ignore[attr-defined]


SECTIONS = {"system_prompt": "hi " * 30, "history": "x", "tools": "y y y y y y y y y"}  # 31, 1, 9 tokens


def test_sections_table_verbatim_offenders_first(tmp_path: Path) -> None:
    config = _config(
        tmp_path,
        "[tool.prompt_budget]\ntotal = 35\n[tool.prompt_budget.sections]\nsystem_prompt = 20\ntools = 10\n",
    )
    verdict = check_sections(SECTIONS, config=config)  # type: ignore[arg-type]
    assert verdict.status == "fail"
    assert verdict.message == (
        "sections over budget (counted by o200k_base):\n"
        "  section 'system_prompt' is 31 tokens, which exceeds its cap of 20 tokens by 11 (55.0%); cap set in "
        "pyproject.toml [tool.prompt_budget.sections] system_prompt\n"
        "  the total of all sections is 41 tokens, which exceeds its cap of 35 tokens by 6 (17.1%); cap set in "
        "pyproject.toml [tool.prompt_budget] total\n"
        "\n"
        "section        tokens  cap    used  status\n"
        "-------------  ------  ---  ------  ------\n"
        "system_prompt      31   20  155.0%  FAIL\n"
        "tools               9   10   90.0%  warn\n"
        "history             1    -       -  ok\n"
        "-------------  ------  ---  ------  ------\n"
        "total              41   35  117.1%  FAIL"
    )
    assert [s.name for s in verdict.usage.sections] == ["system_prompt", "history", "tools"]
    assert (
        verdict.usage.sections[0].cap_source == "pyproject.toml [tool.prompt_budget.sections] system_prompt"
    )


def test_sections_warn_only() -> None:
    verdict = check_sections(SECTIONS, {"system_prompt": 35}, 100, threshold=0.8)
    assert verdict.status == "warn"
    assert verdict.message.splitlines()[:2] == [
        "sections near their caps (counted by o200k_base):",
        "  section 'system_prompt' is 31 tokens, 88.6% of its cap of 35 tokens, past the 80% warning "
        "threshold; cap set by the call argument caps['system_prompt']=35",
    ]


def test_sections_pass_and_estimates() -> None:
    verdict = check_sections(SECTIONS, {"system_prompt": 100}, tokenizer="chars4")
    assert verdict.status == "pass"
    assert verdict.message == ""
    assert verdict.usage.exact is False
    failing = check_sections(SECTIONS, {"system_prompt": 5}, tokenizer="chars4")
    assert failing.message.splitlines()[0] == "sections over budget (estimated by chars4):"
    assert "section 'system_prompt' is an estimated 23 tokens" in failing.message


def test_sections_accept_message_lists() -> None:
    verdict = check_sections({"history": [{"role": "user", "content": "Hi!"}]}, {"history": 100})
    assert verdict.usage.sections[0].tokens == 3 + 1 + 2 + 3


def test_sections_need_a_mapping() -> None:
    with pytest.raises(TypeError, match="check_sections expects a mapping of section name -> text, got list"):
        check_sections(["a"], {})  # type: ignore[arg-type]


def test_a_section_that_cannot_be_counted_is_named_in_the_error() -> None:
    # A section builder that returned None (or a message with an unknown part) in a mapping of many.
    with pytest.raises(TypeError, match=r"^section 'retrieved_docs': cannot count a NoneType"):
        check_sections({"system_prompt": "You are terse.", "retrieved_docs": None}, tokenizer="o200k_base")
    bad = [{"role": "user", "content": [{"type": "video", "url": "x"}]}]
    with pytest.raises(ValueError, match=r"^section 'history': messages\[0\]\.content\[0\]: unknown content"):
        check_sections({"history": bad}, tokenizer="o200k_base")


# --- where the tokens are: a failing message list or request names its parts and largest items -------


def test_a_failing_chat_names_its_parts_and_largest_messages() -> None:
    # chars4 (ceil(chars / 4)) and OpenAI's 3 tokens a message and 3 of reply priming, by hand:
    # system: 3 + "system" 2 + "hi" 1 = 6; user: 3 + "user" 1 + 40 chars 10 = 14;
    # tool: 3 + "tool" 1 + 400 chars 100 = 104; total 6 + 14 + 104 + 3 = 127.
    messages = [
        {"role": "system", "content": "hi"},
        {"role": "user", "content": "y" * 40},
        {"role": "tool", "tool_call_id": "call_1", "content": "x" * 400},
    ]
    verdict = check(messages, 100, tokenizer="chars4", label="turn 3")
    assert verdict.message == (
        "messages 'turn 3' is an estimated 127 tokens by chars4, which exceeds its cap of 100 tokens by 27 "
        "(27.0%); cap set by the call argument max_tokens=100\n"
        "by part: tool_results 100, overhead 16, messages 10, system 1\n"
        "largest items: messages[2] (tool) 104 tokens, messages[1] (user) 14 tokens, "
        "messages[0] (system) 6 tokens"
    )
    assert verdict.details["largest"] == [
        {"item": "messages[2] (tool)", "tokens": 104},
        {"item": "messages[1] (user)", "tokens": 14},
        {"item": "messages[0] (system)", "tokens": 6},
    ]


def test_a_passing_chat_keeps_its_message_empty_and_its_largest_items() -> None:
    verdict = check([{"role": "user", "content": "y" * 40}], 100, tokenizer="chars4")
    assert verdict.status == "pass"
    assert verdict.message == ""
    assert verdict.details["largest"] == [{"item": "messages[0] (user)", "tokens": 14}]


def test_a_failing_anthropic_request_names_its_system_and_tools() -> None:
    request = {
        "system": "s" * 40,
        "tools": [{"name": "lookup", "description": "d" * 2_000, "input_schema": {"type": "object"}}],
        "messages": [{"role": "user", "content": "hello"}],
    }
    verdict = check(request, 100, tokenizer="chars4")
    largest = [item["item"] for item in verdict.details["largest"]]
    assert largest == ["tools", "system", "messages[0] (user)"]
    assert "\nlargest items: tools " in verdict.message
    assert "\nby part: tools " in verdict.message


def test_a_responses_request_attributes_instructions_and_items_by_type() -> None:
    request = {
        "instructions": "i" * 400,
        "input": [
            {"role": "user", "content": "hello"},
            {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "c1", "output": "o" * 40},
        ],
    }
    verdict = check(request, 10, tokenizer="chars4")
    largest = [item["item"] for item in verdict.details["largest"]]
    assert largest[0] == "instructions"
    assert "input[2] (function_call_output)" in largest


def test_a_failing_string_has_no_parts_lines() -> None:
    verdict = check("x" * 400, 10, tokenizer="chars4")
    assert "\n" not in verdict.message
    assert "largest" not in verdict.details


def test_largest_items_say_what_a_message_holds_besides_text() -> None:
    request = {
        "messages": [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "let me look"},
                    {"type": "tool_use", "id": "t1", "name": "lookup", "input": {"q": 1}},
                ],
            },
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "x" * 800}]},
        ]
    }
    verdict = check(request, 10, tokenizer="chars4")
    assert [item["item"] for item in verdict.details["largest"]] == [
        "messages[2] (user: tool_result)",
        "messages[1] (assistant: tool_use)",
        "messages[0] (user)",
    ]
    calls = [{"role": "assistant", "content": None, "tool_calls": [{"id": "c", "function": {"name": "f"}}]}]
    assert (
        check(calls, 1, tokenizer="chars4").details["largest"][0]["item"]
        == "messages[0] (assistant: tool_calls)"
    )


def test_a_failing_markdown_prompt_names_its_largest_sections() -> None:
    # chars4 on each slice, by hand: "# A\n" + 40 x + "\n" is 45 chars (12 tokens); "# B\n" + 400 y +
    # "\n" is 405 chars (102 tokens); the whole prompt 450 chars (113 tokens).
    prompt = "# A\n" + "x" * 40 + "\n# B\n" + "y" * 400 + "\n"
    verdict = check(prompt, 100, tokenizer="chars4", label="system")
    assert verdict.message == (
        "prompt 'system' is an estimated 113 tokens by chars4, which exceeds its cap of 100 tokens by 13 "
        "(13.0%); cap set by the call argument max_tokens=100\n"
        'largest sections: "# B" (lines 3-4) 102 tokens, "# A" (lines 1-2) 12 tokens'
    )


def test_largest_sections_carry_the_safety_multiplier(tmp_path: Path) -> None:
    config = _config(tmp_path, '[tool.prompt_budget]\ntokenizer = "chars4"\nsafety_multiplier = 2\n')
    prompt = "# A\n" + "x" * 40 + "\n# B\n" + "y" * 400 + "\n"
    verdict = check(prompt, 100, config=config)  # type: ignore[arg-type]
    assert verdict.message.endswith(
        '\nlargest sections: "# B" (lines 3-4) 204 tokens, "# A" (lines 1-2) 24 tokens'
    )


def test_a_failing_prompt_of_one_section_or_none_has_no_sections_line() -> None:
    assert "\n" not in check("# Only\n" + "x" * 400, 10, tokenizer="chars4").message
    # "#hashtag" is no heading (a space must follow the #s), nor is "#" inside a line
    hashtags = "#hashtag and more\nsee issue #12\n" * 40
    assert "\n" not in check(hashtags, 10, tokenizer="chars4").message


def test_parts_and_largest_items_carry_the_safety_multiplier(tmp_path: Path) -> None:
    # The headline says "an estimated 254 tokens (x2 safety multiplier)" and the largest sections of a
    # prompt are multiplied too: the parts and items under it are in the same tokens, not half of them.
    config = _config(tmp_path, '[tool.prompt_budget]\ntokenizer = "chars4"\nsafety_multiplier = 2\n')
    messages = [
        {"role": "system", "content": "hi"},
        {"role": "user", "content": "y" * 40},
        {"role": "tool", "tool_call_id": "call_1", "content": "x" * 400},
    ]
    verdict = check(messages, 100, config=config)  # type: ignore[arg-type]
    assert "is an estimated 254 tokens by chars4 (x2 safety multiplier)" in verdict.message
    assert verdict.message.endswith(
        "\nby part: tool_results 200, overhead 32, messages 20, system 2\n"
        "largest items: messages[2] (tool) 208 tokens, messages[1] (user) 28 tokens, "
        "messages[0] (system) 12 tokens"
    )
    # the details keep the counts, as details["parts"] always has
    assert verdict.details["largest"][0] == {"item": "messages[2] (tool)", "tokens": 104}


def test_legacy_functions_are_named_as_the_request_names_them() -> None:
    request = {
        "messages": [{"role": "user", "content": "hi"}],
        "functions": [{"name": "f", "description": "d" * 400, "parameters": {"type": "object"}}],
    }
    verdict = check(request, 10, tokenizer="chars4")
    assert verdict.details["largest"][0]["item"] == "functions"
    assert "\nlargest items: functions " in verdict.message


def test_a_failing_markdown_prompt_with_crlf_setext_headings_names_its_largest_sections() -> None:
    # "Intro\r\n=====\r\n": a setext heading whatever the line endings (Windows files, HTTP bodies)
    prompt = "Intro\r\n=====\r\n" + "x" * 40 + "\r\n\r\nMore\r\n----\r\n" + "y" * 400 + "\r\n"
    message = check(prompt, 10, tokenizer="chars4").message
    assert message.endswith(
        '\nlargest sections: "## More" (lines 5-7) 104 tokens, "# Intro" (lines 1-4) 15 tokens'
    )
