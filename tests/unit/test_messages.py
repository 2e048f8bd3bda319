"""Counting chat messages and provider requests (prompt_budget.messages).

The OpenAI totals are the prompt_tokens OpenAI's API reported for the cookbook's own examples
("How to count tokens with tiktoken", sections 6 and 7), and the worked examples in
docs/counting-messages.md, where the arithmetic is written out piece by piece.
"""

from __future__ import annotations

import base64
import json
import struct
from pathlib import Path

import pytest

from prompt_budget import count
from prompt_budget.messages import (
    breakdown,
    count_request,
    detect_provider,
    image_size,
    image_tokens_for,
    overheads,
)

COOKBOOK_MESSAGES = [
    {
        "role": "system",
        "content": "You are a helpful, pattern-following assistant that translates corporate jargon into plain English.",
    },
    {"role": "system", "name": "example_user", "content": "New synergies will help drive top-line growth."},
    {
        "role": "system",
        "name": "example_assistant",
        "content": "Things working well together will increase revenue.",
    },
    {
        "role": "system",
        "name": "example_user",
        "content": "Let's circle back when we have more bandwidth to touch base on opportunities for increased leverage.",
    },
    {
        "role": "system",
        "name": "example_assistant",
        "content": "Let's talk later when we're less busy about how to do better.",
    },
    {
        "role": "user",
        "content": "This late pivot means we don't have time to boil the ocean for the client deliverable.",
    },
]

WEATHER_TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_current_weather",
            "description": "Get the current weather in a given location",
            "parameters": {
                "type": "object",
                "properties": {
                    "location": {
                        "type": "string",
                        "description": "The city and state, e.g. San Francisco, CA",
                    },
                    "unit": {
                        "type": "string",
                        "description": "The unit of temperature to return",
                        "enum": ["celsius", "fahrenheit"],
                    },
                },
                "required": ["location"],
            },
        },
    }
]
WEATHER_MESSAGES = [
    {
        "role": "system",
        "content": "You are a helpful assistant that can answer to questions about the weather.",
    },
    {"role": "user", "content": "What's the weather like in San Francisco?"},
]


# --- OpenAI: agreement with the published accounting ---------------------------------------------


@pytest.mark.parametrize(("encoding", "api_count"), [("cl100k_base", 129), ("o200k_base", 124)])
def test_cookbook_messages_match_the_api_counts(encoding: str, api_count: int) -> None:
    # 129: gpt-3.5-turbo / gpt-4-0613; 124: gpt-4o / gpt-4o-mini (cookbook section 6 output).
    assert count(COOKBOOK_MESSAGES, encoding) == api_count


@pytest.mark.parametrize(("encoding", "api_count"), [("cl100k_base", 105), ("o200k_base", 101)])
def test_cookbook_tools_request_matches_the_api_counts(encoding: str, api_count: int) -> None:
    # 105: gpt-3.5-turbo / gpt-4; 101: gpt-4o / gpt-4o-mini (cookbook section 7 output).
    request = {"messages": WEATHER_MESSAGES, "tools": WEATHER_TOOLS}
    assert count(request, encoding) == api_count


def test_request_without_tools_is_its_messages() -> None:
    # docs/counting-messages.md, example 3: "Without the tools key the same request is 33 tokens".
    assert count({"messages": WEATHER_MESSAGES}, "o200k_base") == 33


def test_tools_request_parts_follow_the_documented_arithmetic() -> None:
    found = breakdown({"messages": WEATHER_MESSAGES, "tools": WEATHER_TOOLS}, "o200k_base")
    # docs/counting-messages.md, example 3: system 14, user 8, tool text 11 + 14 + 8 + 2 + 2,
    # overhead 3+1 + 3+1 + 3 (messages) + 7 + 3 + 3 + 3 - 3 + 3 + 3 + 12 (tools).
    assert found.parts == {
        "system": 14,
        "messages": 8,
        "tool_calls": 0,
        "tool_results": 0,
        "images": 0,
        "tools": 37,
        "overhead": 42,
    }
    assert found.total == 101


def test_worked_example_name_and_priming() -> None:
    messages = [
        {"role": "system", "content": "You are a terse assistant."},
        {"role": "user", "name": "example_user", "content": "Hi!"},
    ]
    # (3 + 1 + 6) + (3 + 1 + 2 + 1 + 2) + 3 = 22 (docs example 1)
    assert count(messages, "o200k_base") == 22


def test_worked_example_tool_call_and_tool_result() -> None:
    messages = [
        {"role": "user", "content": "Hi!"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "lookup", "arguments": '{"q":"pytest"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "pytest is a testing framework."},
    ]
    found = breakdown(messages, "o200k_base")
    # (3 + 1 + 2) + (3 + 1 + 1 + 5) + (3 + 1 + 6) + 3 = 29 (docs example 2)
    assert found.total == 29
    assert found.parts["tool_calls"] == 6
    assert found.parts["tool_results"] == 6


def test_content_part_list_counts_like_the_same_string() -> None:
    as_string = [{"role": "user", "content": "Hello there"}]
    as_parts = [{"role": "user", "content": [{"type": "text", "text": "Hello there"}]}]
    assert count(as_parts, "o200k_base") == count(as_string, "o200k_base") == 3 + 1 + 2 + 3


def test_request_without_tools_equals_its_message_list() -> None:
    assert count({"messages": COOKBOOK_MESSAGES}, "cl100k_base") == 129


def test_legacy_functions_key_is_counted_like_tools() -> None:
    functions = [t["function"] for t in WEATHER_TOOLS]
    assert count({"messages": WEATHER_MESSAGES, "functions": functions}, "o200k_base") == 101


def test_overhead_constants_each_have_a_source() -> None:
    data = overheads()

    def walk(node: object, path: str) -> None:
        if isinstance(node, dict):
            if "value" in node:
                assert node.get("source"), f"{path} has no source"
                return
            for key, value in node.items():
                walk(value, f"{path}.{key}")

    walk(data["openai"], "openai")
    walk(data["anthropic"], "anthropic")
    assert data["openai"]["messages"]["default"]["tokens_per_message"]["value"] == 3
    assert data["openai"]["messages"]["default"]["tokens_per_name"]["value"] == 1
    assert data["openai"]["messages"]["default"]["reply_priming"]["value"] == 3


# --- ephemeral messages ----------------------------------------------------------------------------


def test_ephemeral_messages_are_excluded() -> None:
    base = [{"role": "user", "content": "Keep me"}]
    scratch = {"role": "assistant", "content": "scratch " * 50, "ephemeral": True}
    found = breakdown([*base, scratch], "o200k_base")
    assert found.total == count(base, "o200k_base")
    assert found.excluded == 1


def test_ephemeral_key_inside_metadata_and_custom_keys() -> None:
    base = [{"role": "user", "content": "Keep me"}]
    in_meta = {"role": "user", "content": "drop " * 20, "metadata": {"ephemeral": True}}
    custom = {"role": "user", "content": "drop " * 20, "transient": True}
    assert count_request([*base, in_meta], "o200k_base") == count(base, "o200k_base")
    # a key that is not configured is not an exclusion (and a non-string value is not text)
    assert count_request([*base, custom], "o200k_base") > count(base, "o200k_base")
    assert count_request([*base, custom], "o200k_base", ephemeral_keys=("transient",)) == count(
        base, "o200k_base"
    )


def test_anthropic_cache_control_ephemeral_is_not_an_exclusion() -> None:
    block = {"type": "text", "text": "cached context " * 20, "cache_control": {"type": "ephemeral"}}
    request = {"system": "s", "messages": [{"role": "user", "content": [block]}]}
    plain = {
        "system": "s",
        "messages": [{"role": "user", "content": [{"type": "text", "text": block["text"]}]}],
    }
    assert count(request, "o200k_base") == count(plain, "o200k_base")


# --- images -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "detail", "expected"),
    [
        ((1024, 1024), "high", 765),  # OpenAI's published example: 4 tiles, 85 + 4 * 170
        ((2048, 4096), "high", 1105),  # OpenAI's published example: 6 tiles, 85 + 6 * 170
        ((4096, 8192), "low", 85),  # detail low: flat 85
        ((300, 200), "auto", 255),  # one tile
    ],
)
def test_openai_image_formula(size: tuple[int, int], detail: str, expected: int) -> None:
    assert image_tokens_for(*size, provider="openai", detail=detail) == expected


@pytest.mark.parametrize(
    ("size", "expected"),
    [((200, 200), 54), ((1000, 1000), 1334), ((1092, 1092), 1590), ((3000, 3000), 1600)],
)
def test_anthropic_image_formula(size: tuple[int, int], expected: int) -> None:
    # Anthropic's vision docs: (width * height) / 750; 200x200 ~54, 1000x1000 ~1334, 1092x1092 ~1590;
    # large images are scaled down (at most about 1,600 tokens).
    assert image_tokens_for(*size, provider="anthropic") == expected


def _png(width: int, height: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + b"\x00" * 4 + b"\x00" * 5000


def _jpeg(width: int, height: int) -> bytes:
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00" + b"\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + sof + b"\x00" * 100


def _gif(width: int, height: int) -> bytes:
    return b"GIF89a" + struct.pack("<HH", width, height) + b"\x00" * 20


@pytest.mark.parametrize("make", [_png, _jpeg, _gif])
def test_image_size_from_headers(make: object) -> None:
    assert callable(make)
    assert image_size(make(640, 480)) == (640, 480)


def test_base64_image_counted_by_its_size_never_as_text() -> None:
    data = base64.b64encode(_png(1024, 1024)).decode()
    part = {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{data}"}}
    found = breakdown([{"role": "user", "content": [part]}], "o200k_base")
    assert found.parts["images"] == 765
    assert found.images == 1
    assert found.total == 3 + 1 + 765 + 3


def test_image_without_known_size_uses_the_flat_cost() -> None:
    part = {"type": "image_url", "image_url": {"url": "https://example.com/cat.png"}}
    messages = [{"role": "user", "content": [part]}]
    assert breakdown(messages, "o200k_base", image_tokens=999).parts["images"] == 999
    sized = {
        "type": "image_url",
        "image_url": {"url": "https://example.com/cat.png"},
        "width": 300,
        "height": 200,
    }
    assert breakdown([{"role": "user", "content": [sized]}], "o200k_base").parts["images"] == 255


# --- Anthropic ---------------------------------------------------------------------------------------


def test_anthropic_request_parts() -> None:
    data = base64.b64encode(_png(200, 200)).decode()
    request = {
        "system": [{"type": "text", "text": "You are terse."}],
        "messages": [
            {"role": "user", "content": "Find pytest."},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t1", "name": "lookup", "input": {"q": "pytest"}}],
            },
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "t1",
                        "content": [
                            {"type": "text", "text": "pytest is a testing framework."},
                            {
                                "type": "image",
                                "source": {"type": "base64", "media_type": "image/png", "data": data},
                            },
                        ],
                    },
                    {
                        "type": "document",
                        "source": {"type": "text", "media_type": "text/plain", "data": "Hi!"},
                    },
                ],
            },
        ],
    }
    assert detect_provider(request) == "anthropic"
    found = breakdown(request, "o200k_base")
    assert found.provider == "anthropic"
    assert found.parts["system"] == 4  # "You are terse."
    assert found.parts["tool_calls"] == 1 + 5  # "lookup" + '{"q":"pytest"}'
    assert found.parts["tool_results"] == 6  # the text block inside the tool result
    assert found.parts["images"] == 54  # 200 x 200 / 750, inside the tool result
    assert found.parts["messages"] == 3 + 2  # "Find pytest." + the text document "Hi!"
    assert found.parts["overhead"] == 3 * (3 + 1) + 3  # 3 messages (+ role) + reply priming


def test_anthropic_tool_definitions_and_tool_choice() -> None:
    tool = {
        "name": "lookup",
        "description": "Look up a word.",
        "input_schema": {"type": "object", "properties": {}},
    }
    text = json.dumps(tool, separators=(",", ":"))
    base = {"system": "s", "messages": [{"role": "user", "content": "x"}]}
    without = count(base, "o200k_base")
    auto = count({**base, "tools": [tool]}, "o200k_base")
    forced = count({**base, "tools": [tool], "tool_choice": {"type": "any"}}, "o200k_base")
    assert auto - without == 346 + count(text, "o200k_base")
    assert forced - without == 313 + count(text, "o200k_base")


def test_provider_detection() -> None:
    assert detect_provider(COOKBOOK_MESSAGES) == "openai"
    assert detect_provider({"messages": WEATHER_MESSAGES, "tools": WEATHER_TOOLS}) == "openai"
    assert (
        detect_provider([{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "x"}]}])
        == "anthropic"
    )


# --- bad input ---------------------------------------------------------------------------------------


def test_unknown_content_part_is_a_clear_error() -> None:
    bad = [{"role": "user", "content": "ok"}, {"role": "user", "content": [{"type": "video", "url": "x"}]}]
    with pytest.raises(
        ValueError, match=r"^messages\[1\]\.content\[0\]: unknown content part type 'video'; expected one of "
    ):
        count(bad, "o200k_base")


def test_mapping_without_messages_is_a_clear_error() -> None:
    with pytest.raises(
        ValueError, match=r"expected a request mapping with 'messages'.*got keys \['prompt'\]"
    ):
        count({"prompt": "hi"}, "o200k_base")


def test_message_that_is_not_a_mapping() -> None:
    with pytest.raises(TypeError, match=r"^messages\[0\]: expected a message mapping with 'role', got int$"):
        count([1], "o200k_base")


def test_overheads_file_is_the_packaged_one() -> None:
    import prompt_budget

    path = Path(prompt_budget.__file__).parent / "data" / "overheads.json"
    assert json.loads(path.read_text(encoding="utf-8")) == overheads()


# --- SDK objects and SDK dumps -----------------------------------------------------------------


def test_an_openai_sdk_dump_with_none_fields_counts_as_the_documented_example() -> None:
    # ChatCompletionMessage.model_dump() keeps every field, unset ones as None; an agent loop that
    # appends it to the history must count as docs/counting-messages.md Example 2 (29 tokens).
    assistant = {
        "content": None,
        "refusal": None,
        "role": "assistant",
        "annotations": None,
        "audio": None,
        "function_call": None,
        "tool_calls": [
            {
                "id": "call_1",
                "type": "function",
                "function": {"name": "lookup", "arguments": '{"q":"pytest"}'},
            }
        ],
    }
    messages = [
        {"role": "user", "content": "Hi!", "name": None},
        assistant,
        {"role": "tool", "tool_call_id": "call_1", "content": "pytest is a testing framework."},
    ]
    assert count(messages, "o200k_base") == 29


def test_an_openai_sdk_dump_without_tool_calls_counts_its_text() -> None:
    reply = {
        "content": "Hi!",
        "role": "assistant",
        "function_call": None,
        "tool_calls": None,
        "refusal": None,
    }
    # 3 per message + "user" 1 + "Hi!" 2, then 3 + "assistant" 1 + "Hi!" 2, then the reply priming 3
    assert count([{"role": "user", "content": "Hi!"}, reply], "o200k_base") == 6 + 6 + 3


def test_anthropic_sdk_content_blocks_count_as_the_dicts_they_send() -> None:
    types = pytest.importorskip("anthropic.types")
    blocks = [
        types.TextBlock(type="text", text="Let me check the weather."),
        types.ToolUseBlock(type="tool_use", id="toolu_1", name="get_weather", input={"city": "Paris"}),
    ]
    as_sent = [
        {"type": "text", "text": "Let me check the weather."},
        {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Paris"}},
    ]

    def request(content: object) -> list[dict[str, object]]:
        # The agent loop of Anthropic's tool-use docs: the reply's content goes back as it is.
        return [
            {"role": "user", "content": "Weather in Paris?"},
            {"role": "assistant", "content": content},
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "Sunny"}],
            },
        ]

    expected = breakdown(request(as_sent), "o200k_base")
    found = breakdown(request(blocks), "o200k_base")
    assert found.provider == "anthropic"
    assert found.parts == expected.parts
    assert found.parts["tool_calls"] > 0
    message = types.Message(
        id="msg_1",
        type="message",
        role="assistant",
        model="claude-sonnet-4-5",
        content=blocks,
        stop_reason="tool_use",
        stop_sequence=None,
        usage=types.Usage(input_tokens=1, output_tokens=1),
    )
    # A whole Message object in the history counts as its role and content.
    whole = breakdown([request(as_sent)[0], message, request(as_sent)[2]], "o200k_base")
    assert whole.parts["tool_calls"] == expected.parts["tool_calls"]
    assert whole.parts["messages"] == expected.parts["messages"]
    # and the Message alone counts as the one assistant message it holds
    alone = {"role": "assistant", "content": as_sent}
    assert count(message, "o200k_base") == count([alone], "o200k_base") == count(alone, "o200k_base")


def test_a_pydantic_message_object_counts_like_its_dict() -> None:
    pydantic = pytest.importorskip("pydantic")

    class Msg(pydantic.BaseModel):  # the shape of openai's ChatCompletionMessage
        role: str
        content: str | None = None
        refusal: str | None = None
        function_call: dict[str, str] | None = None
        tool_calls: list[dict[str, object]] | None = None

    # docs/counting-messages.md Example 1 without the name: 3 + "system" 1 + 6, then the priming 3
    assert count([Msg(role="system", content="You are a terse assistant.")], "o200k_base") == 13
