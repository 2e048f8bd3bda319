"""Counting chat messages and whole provider requests as the provider does.

``count_request(obj, tokenizer)`` counts a chat message list or a request mapping in the provider's own
shape; ``breakdown(...)`` does the same and keeps the parts (system, messages, tool calls, tool
results, images, tool definitions, structural overhead) for reports.

Three shapes are understood:

- **OpenAI chat completions**: ``[{"role": ..., "content": ...}, ...]`` or ``{"messages": [...],
  "tools": [...]}``. Content is a string or a list of parts (``text``, ``image_url``, ``input_text``,
  ``input_image``, ``refusal``, ``file``, ``input_file``, ``input_audio``); assistant ``tool_calls``
  (and the legacy ``function_call``) count their function name and arguments; ``tool``/``function``
  role messages are tool results. The per-message, name and reply-priming overheads and the
  tool-definition accounting follow OpenAI's published cookbook (``data/overheads.json`` holds every
  constant with its source). A ``json_schema`` ``response_format`` counts as OpenAI renders it into
  the developer message (its name, description and schema as compact JSON).
- **OpenAI Responses**: ``{"instructions": ..., "input": "..." | [items], "tools": [...]}``, or a list
  of input items (a list where any item has a top-level ``type``). Each item counts as the
  chat-completions message it stands for: ``instructions`` a system message, a string ``input`` a user
  message, a ``function_call`` (or ``custom_tool_call``) an assistant message with one tool call, a
  ``function_call_output`` (or ``custom_tool_call_output``) a ``tool`` message, a ``reasoning`` item an
  assistant message holding its summary and reasoning text. Tools are flat ``{"type": "function",
  "name", "description", "parameters"}``; ``text.format`` counts as ``response_format`` does. What OpenAI stores (``previous_response_id``,
  ``conversation``, ``prompt``, ``item_reference``) cannot be counted locally and is an error.
- **Anthropic Messages**: ``{"system": ..., "messages": [...], "tools": [...]}``. Content blocks
  ``text``, ``tool_use``, ``tool_result`` (string or nested blocks), ``image``, ``document``,
  ``thinking``, ``search_result``; tool definitions count as compact JSON plus the published tool-use
  system prompt. ``container_upload`` puts a file in the code-execution container, not in the
  context: 0 tokens. Server tools (``server_tool_use``, ``mcp_tool_use``, ``mcp_tool_result`` and the
  web search, web fetch, code execution, text editor and tool search results) count what the model
  reads that is visible here (titles, URLs, tool names and inputs, stdout, stderr, file text, error
  codes); encrypted content the model reads on the server (a search result's ``encrypted_content``,
  ``encrypted_stdout``, a ``redacted_thinking`` block) is an unmeasured input; a thinking
  ``signature`` and output file IDs are not counted.

Messages marked ephemeral (a truthy top-level key, or a key inside ``metadata``, named in
``ephemeral_keys``; default ``ephemeral``) are not counted. Anthropic's ``cache_control`` is not an
exclusion: cached tokens still occupy the context window. Images are counted by the provider's size
formula when their dimensions are known (``width``/``height`` keys, or read from the header of a
base64 PNG, JPEG, GIF or WebP), else by the flat ``image_tokens`` cost; base64 is never counted as
text. A file part whose data is text (a ``text/*``, JSON, XML or YAML data URL, or base64 that decodes
to UTF-8 text) counts as that text; binary inputs whose tokens cannot be measured locally (PDFs, audio,
files given by ID or URL) cost the flat ``image_tokens`` each and are counted in ``unmeasured``.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import struct
import urllib.parse
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final, Literal

from prompt_budget.tokenizers import CachedTokenizer, RequestCounter, Tokenizer, get_tokenizer

__all__ = [
    "PARTS",
    "Breakdown",
    "breakdown",
    "count_request",
    "detect_provider",
    "has_responses_items",
    "image_size",
    "image_tokens_for",
    "overheads",
    "plain",
]

Provider = Literal["openai", "anthropic"]

DEFAULT_EPHEMERAL_KEYS: Final = ("ephemeral",)
DEFAULT_IMAGE_TOKENS: Final = 1600

#: The parts a request is split into, in report order.
PARTS: Final = ("system", "messages", "tool_calls", "tool_results", "images", "tools", "overhead")

#: Anthropic server-tool result blocks and the content each holds (a mapping of one of these types;
#: a web search's results come as a list of ``web_search_result`` blocks instead).
_SERVER_RESULTS: Final[Mapping[str, tuple[str, ...]]] = {
    "web_search_tool_result": ("web_search_tool_result_error",),
    "web_fetch_tool_result": ("web_fetch_result", "web_fetch_tool_result_error"),
    "code_execution_tool_result": (
        "code_execution_result",
        "encrypted_code_execution_result",
        "code_execution_tool_result_error",
    ),
    "bash_code_execution_tool_result": (
        "bash_code_execution_result",
        "bash_code_execution_tool_result_error",
    ),
    "text_editor_code_execution_tool_result": (
        "text_editor_code_execution_view_result",
        "text_editor_code_execution_create_result",
        "text_editor_code_execution_str_replace_result",
        "text_editor_code_execution_tool_result_error",
    ),
    "tool_search_tool_result": ("tool_search_tool_search_result", "tool_search_tool_result_error"),
}
#: Anthropic-only content block types (they tell the provider apart).
_ANTHROPIC_BLOCKS: Final = frozenset(
    {
        "tool_use",
        "tool_result",
        "document",
        "thinking",
        "redacted_thinking",
        "server_tool_use",
        "search_result",
        "container_upload",
        "mcp_tool_use",
        "mcp_tool_result",
        "tool_reference",
        *_SERVER_RESULTS,
    }
)
#: Every Anthropic content block type counted.
_ANTHROPIC_BLOCK_TYPES: Final = _ANTHROPIC_BLOCKS | {"text", "image"}
_OPENAI_TEXT_PARTS: Final = frozenset({"text", "input_text", "output_text", "refusal"})
_OPENAI_IMAGE_PARTS: Final = frozenset({"image_url", "input_image"})
_OPENAI_FILE_PARTS: Final = frozenset({"file", "input_file"})
_OPENAI_PARTS: Final = _OPENAI_TEXT_PARTS | _OPENAI_IMAGE_PARTS | _OPENAI_FILE_PARTS | {"input_audio"}
#: Responses API input items counted, besides messages (``type`` "message" or none, with a ``role``).
_RESPONSES_ITEMS: Final = frozenset(
    {"function_call", "function_call_output", "custom_tool_call", "custom_tool_call_output", "reasoning"}
)
#: Request keys naming context OpenAI stores: what they add cannot be counted locally.
_RESPONSES_STORED: Final = ("previous_response_id", "conversation", "prompt")
#: File media types whose data is text the model reads (besides ``text/*``, ``+json`` and ``+xml``).
_TEXT_MEDIA: Final = frozenset(
    {"application/json", "application/xml", "application/yaml", "application/x-yaml", "application/x-ndjson"}
)
#: How OpenAI renders a structured-output format at the end of the developer message, as published
#: for its harmony format ("Structured output", https://cookbook.openai.com/articles/openai-harmony);
#: the schema is compact JSON.
_RESPONSE_FORMAT: Final = "# Response Formats\n\n## {name}\n\n{description}{schema}"
_SKIP_KEYS: Final = frozenset({"metadata", "id", "tool_call_id", "cache_control"})
_SNIFF_CHARS: Final = 1 << 18  # base64 characters decoded to find an image's size


@lru_cache(maxsize=1)
def overheads() -> dict[str, Any]:
    """The overhead table (``data/overheads.json``), read once."""
    from importlib.resources import files

    text = files("prompt_budget").joinpath("data/overheads.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _const(provider: str, *path: str) -> int:
    node: Any = overheads()[provider]
    for key in path:
        node = node[key]
    return int(node["value"])


def _tools_table(tok_name: str) -> Mapping[str, Any]:
    table: Mapping[str, Any] = overheads()["openai"]["tools"]
    key = tok_name.rsplit(":", 1)[-1]
    found = table.get(key)
    if not isinstance(found, Mapping):
        found = table[str(table["default"])]
    return found


@dataclass
class Breakdown:
    """A request counted by parts. ``parts`` maps each name in ``PARTS`` to tokens; ``excluded`` is
    the number of ephemeral messages left out; ``images`` the number of images counted;
    ``unmeasured`` the number of binary inputs (PDFs, audio, files by ID or URL) whose tokens cannot be
    measured locally, each counted at the flat ``image_tokens`` cost in ``images``. ``items`` maps
    each top-level item of the request (``messages[3] (tool)``, ``system``, ``tools``) to the tokens
    counted for it, its share of the overhead included; the reply priming belongs to no item.
    ``whole``: the count-tokens API counted the request as one number, kept under ``messages``; then
    there are no items."""

    provider: Provider
    parts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PARTS, 0))
    excluded: int = 0
    images: int = 0
    unmeasured: int = 0
    items: dict[str, int] = field(default_factory=dict)
    whole: bool = False

    def largest(self, n: int = 3) -> list[tuple[str, int]]:
        """The ``n`` items with the most tokens, most first (ties in request order)."""
        ranked = sorted(self.items.items(), key=lambda kv: -kv[1])
        return [(label, tokens) for label, tokens in ranked[:n] if tokens > 0]

    @property
    def total(self) -> int:
        return sum(self.parts.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "provider": self.provider,
            "total": self.total,
            "parts": dict(self.parts),
            "excluded_messages": self.excluded,
            "images": self.images,
            "unmeasured_inputs": self.unmeasured,
        }


#: Content block types that are plain text (not named in an item's label).
_TEXT_BLOCKS = ("text", "input_text", "output_text")


class _Counter:
    def __init__(
        self, tok: CachedTokenizer, provider: Provider, ephemeral_keys: Sequence[str], image_tokens: int
    ) -> None:
        self.tok = tok
        self.provider = provider
        self.ephemeral_keys = tuple(ephemeral_keys)
        self.image_flat = image_tokens
        self.out = Breakdown(provider)
        #: The top-level item being counted (``messages[3] (tool)``), to which tokens are attributed.
        self.item: str | None = None

    def add(self, part: str, tokens: int) -> None:
        self.out.parts[part] += tokens
        if self.item is not None and tokens:
            self.out.items[self.item] = self.out.items.get(self.item, 0) + tokens

    def text(self, part: str, text: str) -> None:
        if text:
            self.add(part, self.tok.count(text))

    def enter(self, label: str | None, message: object = None) -> None:
        """Attribute what is counted next to ``label``, with the message's role or item type, and
        what it holds besides text: ``messages[4] (user: tool_result)``, ``messages[3] (assistant:
        tool_calls)``."""
        if label is not None and isinstance(message, Mapping):
            kind = message.get("role") or message.get("type")
            if isinstance(kind, str) and kind:
                held: list[str] = []
                content = message.get("content")
                if isinstance(content, Sequence) and not isinstance(content, str):
                    for block in content:
                        what = block.get("type") if isinstance(block, Mapping) else None
                        if isinstance(what, str) and what not in (*_TEXT_BLOCKS, *held):
                            held.append(what)
                if message.get("tool_calls"):
                    held.append("tool_calls")
                label = f"{label} ({kind}: {', '.join(held)})" if held else f"{label} ({kind})"
        self.item = label

    # -- shared ---------------------------------------------------------------------------------

    def is_ephemeral(self, message: Mapping[str, Any]) -> bool:
        meta = message.get("metadata")
        for key in self.ephemeral_keys:
            if message.get(key):
                return True
            if isinstance(meta, Mapping) and meta.get(key):
                return True
        return False

    def image(self, width: int | None, height: int | None, detail: str = "auto") -> None:
        self.out.images += 1
        if self.provider == "openai" and detail == "low":
            self.add("images", _const("openai", "images", "low_detail"))
        elif width and height:
            self.add("images", image_tokens_for(width, height, self.provider, detail))
        else:
            self.add("images", self.image_flat)

    def unmeasured_input(self) -> None:
        """A binary input (a PDF, audio, a file by ID or URL) whose tokens cannot be measured here:
        the flat image cost, as for an image of unknown size."""
        self.out.unmeasured += 1
        self.add("images", self.image_flat)

    # -- OpenAI ---------------------------------------------------------------------------------

    def openai_messages(self, messages: Sequence[Any], where: str) -> None:
        for i, message in enumerate(messages):
            self.enter(f"{where}[{i}]", message)
            self.openai_message(message, f"{where}[{i}]")
        self.enter(None)
        self.add("overhead", _const("openai", "messages", "default", "reply_priming"))

    def openai_message(self, message: Any, at: str) -> None:
        per_name = _const("openai", "messages", "default", "tokens_per_name")
        if not isinstance(message, Mapping):
            raise TypeError(f"{at}: expected a message mapping with 'role', got {type(message).__name__}")
        if self.is_ephemeral(message):
            self.out.excluded += 1
            return
        role = message.get("role")
        part = (
            "system"
            if role in ("system", "developer")
            else "tool_results"
            if role in ("tool", "function")
            else "messages"
        )
        self.add("overhead", _const("openai", "messages", "default", "tokens_per_message"))
        for key, value in message.items():
            if key in _SKIP_KEYS or key in self.ephemeral_keys or value is None:
                # None: an SDK message's .model_dump() holds "tool_calls": None,
                # "function_call": None, "name": None, ...: nothing the model sees.
                continue
            if key == "role":
                self.text("overhead", str(value))
            elif key == "name":
                self.text(part, str(value))
                self.add("overhead", per_name)
            elif key == "content":
                self.openai_content(value, part, f"{at}.content")
            elif key == "tool_calls":
                self.openai_tool_calls(value, f"{at}.tool_calls")
            elif key == "function_call":
                self.openai_tool_calls([{"function": value}], f"{at}.function_call")
            elif isinstance(value, str):
                # The cookbook counts every string value of a message.
                self.text(part, value)

    # -- OpenAI Responses -----------------------------------------------------------------------

    def responses_request(self, request: Mapping[str, Any], items: Sequence[Any], where: str) -> None:
        """A Responses API request (or a bare list of its input items, ``request`` empty): each item
        counted as the chat-completions message it stands for, then the reply priming and the tools."""
        for key in _RESPONSES_STORED:
            if request.get(key):
                raise ValueError(
                    f"{key}: the context it names is stored by OpenAI and cannot be counted locally; "
                    "count the whole input list instead (or leave the key out to count only this input)"
                )
        instructions = request.get("instructions")
        if isinstance(instructions, str):
            if instructions:
                self.enter("instructions")
                self.openai_message({"role": "system", "content": instructions}, "instructions")
        elif isinstance(instructions, Sequence):
            for i, item in enumerate(instructions):
                self.enter(f"instructions[{i}]", item)
                self.responses_item(item, f"instructions[{i}]")
        elif instructions is not None:
            raise TypeError(
                f"instructions: expected a string or a list of input items, got {type(instructions).__name__}"
            )
        for i, item in enumerate(items):
            self.enter(f"{where}[{i}]", item)
            self.responses_item(item, f"{where}[{i}]")
        self.enter(None)
        self.add("overhead", _const("openai", "messages", "default", "reply_priming"))
        self.enter("tools")
        self.openai_tools(request.get("tools"), "tools")
        text = request.get("text")
        if text is not None:
            if not isinstance(text, Mapping):
                raise TypeError(f"text: expected {{'format': {{'type': ...}}}}, got {type(text).__name__}")
            self.enter("text.format")
            self.response_format(text.get("format"), "text.format", nested=False)
        self.enter(None)

    def responses_item(self, item: Any, at: str) -> None:
        expected = (
            "expected a message with 'role' and 'content', or an item of type "
            f"{', '.join(sorted(_RESPONSES_ITEMS))}"
        )
        if not isinstance(item, Mapping):
            raise TypeError(f"{at}: {expected}; got {type(item).__name__}")
        if self.is_ephemeral(item):
            self.out.excluded += 1
            return
        kind = item.get("type")
        per_message = _const("openai", "messages", "default", "tokens_per_message")
        if kind is None or kind == "message":
            role = item.get("role")
            if not isinstance(role, str):
                raise ValueError(f"{at}: a message item has no 'role'; {expected}")
            # Only role and content reach the model: type, id, status and phase are bookkeeping.
            self.openai_message({"role": role, "content": item.get("content")}, at)
        elif kind in ("function_call", "custom_tool_call"):
            args_key = "arguments" if kind == "function_call" else "input"
            name, args = item.get("name"), item.get(args_key)
            if not isinstance(name, str) or args is None:
                raise ValueError(f"{at}: expected a {kind} item with 'name' and '{args_key}'")
            # As a chat assistant message with one tool call.
            self.add("overhead", per_message)
            self.text("overhead", "assistant")
            self.openai_tool_calls([{"function": {"name": name, "arguments": args}}], at)
        elif kind in ("function_call_output", "custom_tool_call_output"):
            if item.get("output") is None:
                raise ValueError(f"{at}: expected a {kind} item with 'output' (a string or a list of parts)")
            # As a chat "tool" message whose content is the output.
            self.add("overhead", per_message)
            self.text("overhead", "tool")
            self.openai_content(item["output"], "tool_results", f"{at}.output")
        elif kind == "reasoning":
            # As an assistant message holding the readable reasoning; encrypted_content is opaque.
            self.add("overhead", per_message)
            self.text("overhead", "assistant")
            for key in ("summary", "content"):
                for where, entry in self.content_items(item.get(key), "messages", f"{at}.{key}", "part"):
                    text = entry.get("text")
                    if not isinstance(text, str):
                        raise ValueError(
                            f"{where}: expected {{'type': 'summary_text' or 'reasoning_text', 'text': ...}}"
                        )
                    self.text("messages", text)
        elif kind == "item_reference":
            raise ValueError(
                f"{at}: an item_reference names an item stored by OpenAI, which cannot be counted "
                "locally; put the item itself in the input"
            )
        else:
            raise ValueError(f"{at}: input item type {kind!r} is not counted; {expected}")

    def content_items(
        self, content: Any, part: str, at: str, noun: str, *, single: bool = False
    ) -> Iterator[tuple[str, Mapping[str, Any]]]:
        """The mapping items of a message's content (``noun``: ``part`` for OpenAI, ``block`` for
        Anthropic), with where each is; a plain string, whole or as an item, is counted as text.
        ``single``: a lone mapping stands for a list of one."""
        if content is None:
            return
        if isinstance(content, str):
            self.text(part, content)
            return
        if single and isinstance(content, Mapping):
            content = [content]
        if not isinstance(content, Sequence):
            raise TypeError(
                f"{at}: expected a string or a list of content {noun}s, got {type(content).__name__}"
            )
        for j, item in enumerate(content):
            where = f"{at}[{j}]"
            if isinstance(item, str):
                self.text(part, item)
            elif isinstance(item, Mapping):
                yield where, item
            else:
                raise TypeError(f"{where}: expected a content {noun} mapping, got {type(item).__name__}")

    def openai_content(self, content: Any, part: str, at: str) -> None:
        for where, item in self.content_items(content, part, at, "part"):
            kind = item.get("type")
            if kind in _OPENAI_TEXT_PARTS:
                self.text(part, str(item.get("text", item.get("refusal", "")) or ""))
            elif kind in _OPENAI_IMAGE_PARTS:
                url = item.get("image_url")
                spec: Mapping[str, Any] = url if isinstance(url, Mapping) else item
                link = spec.get("url", url if isinstance(url, str) else "")
                width, height = _dimensions(spec, item, link if isinstance(link, str) else "")
                self.image(width, height, str(spec.get("detail", item.get("detail", "auto"))))
            elif kind in _OPENAI_FILE_PARTS:
                file = item.get("file") if kind == "file" else item
                if not isinstance(file, Mapping):
                    raise ValueError(
                        f"{where}: expected {{'type': 'file', 'file': {{'file_data' or 'file_id': ..., "
                        "'filename': ...}}"
                    )
                self.openai_file(file, part, where)
            elif kind == "input_audio":
                if not isinstance(item.get("input_audio"), Mapping):
                    raise ValueError(
                        f"{where}: expected {{'type': 'input_audio', 'input_audio': {{'data': ..., "
                        "'format': ...}}"
                    )
                self.unmeasured_input()
            else:
                raise ValueError(
                    f"{where}: unknown content part type {kind!r}; expected one of "
                    f"{', '.join(sorted(_OPENAI_PARTS))}"
                )

    def openai_file(self, file: Mapping[str, Any], part: str, at: str) -> None:
        """A file part: its name as text, and its data as text when it is text; a binary file, or one
        given by ID or URL, is an unmeasured input."""
        name = file.get("filename")
        if isinstance(name, str):
            self.text(part, name)
        data = file.get("file_data")
        if isinstance(data, str) and data:
            text = _file_text(data, f"{at}.file_data")
            if text is not None:
                self.text(part, text)
                return
        elif not any(isinstance(file.get(k), str) and file.get(k) for k in ("file_id", "file_url")):
            raise ValueError(f"{at}: expected a file with 'file_data', 'file_id' or 'file_url'")
        self.unmeasured_input()

    def openai_tool_calls(self, calls: Any, at: str) -> None:
        if not isinstance(calls, Sequence) or isinstance(calls, str):
            raise TypeError(f"{at}: expected a list of tool calls")
        per_call = _const("openai", "tool_calls", "per_call")
        for j, call in enumerate(calls):
            fn = call.get("function") if isinstance(call, Mapping) else None
            if not isinstance(fn, Mapping):
                raise TypeError(f"{at}[{j}]: expected {{'function': {{'name': ..., 'arguments': ...}}}}")
            args = fn.get("arguments", "")
            if not isinstance(args, str):
                args = json.dumps(args, ensure_ascii=False, separators=(",", ":"))
            self.add("overhead", per_call)
            self.text("tool_calls", str(fn.get("name", "")))
            self.text("tool_calls", args)

    def openai_tools(self, tools: Any, at: str) -> None:
        if not tools:
            return
        if not isinstance(tools, Sequence) or isinstance(tools, str):
            raise TypeError(f"{at}: expected a list of tool definitions")
        table = _tools_table(self.tok.name)

        def c(name: str) -> int:
            return int(table[name]["value"])

        for j, tool in enumerate(tools):
            if not isinstance(tool, Mapping):
                raise TypeError(f"{at}[{j}]: expected a tool definition mapping")
            fn = tool.get("function", tool)
            if not isinstance(fn, Mapping) or "name" not in fn:
                kind = tool.get("type")
                if isinstance(kind, str) and kind not in ("function", "custom"):
                    raise ValueError(
                        f"{at}[{j}]: a built-in {kind!r} tool adds text OpenAI does not publish and "
                        "cannot be counted locally; only function and custom tools are counted"
                    )
                raise ValueError(
                    f"{at}[{j}]: expected {{'type': 'function', 'function': {{'name': ...}}}} (chat "
                    "completions) or {'type': 'function', 'name': ...} (Responses)"
                )
            self.add("overhead", c("func_init"))
            desc = str(fn.get("description") or "")
            desc = desc.removesuffix(".")
            self.text("tools", f"{fn['name']}:{desc}")
            params = fn.get("parameters") or {}
            props = params.get("properties") if isinstance(params, Mapping) else None
            if isinstance(props, Mapping) and props:
                self.add("overhead", c("prop_init"))
                for key, prop in props.items():
                    self.add("overhead", c("prop_key"))
                    prop = prop if isinstance(prop, Mapping) else {}  # noqa: PLW2901
                    ptype = prop.get("type", "")
                    if isinstance(ptype, list):
                        ptype = "|".join(str(t) for t in ptype)
                    if "enum" in prop and isinstance(prop["enum"], Sequence):
                        self.add("overhead", c("enum_init"))
                        for item in prop["enum"]:
                            self.add("overhead", c("enum_item"))
                            self.text("tools", str(item))
                    pdesc = str(prop.get("description") or "").removesuffix(".")
                    self.text("tools", f"{key}:{ptype}:{pdesc}")
        self.add("overhead", c("func_end"))

    def response_format(self, fmt: Any, at: str, *, nested: bool) -> None:
        """A structured-output format: chat completions' ``response_format`` (``nested``: the schema
        under ``json_schema``) or the Responses API's ``text.format``. A ``json_schema`` format is
        counted as OpenAI renders it into the developer message (``_RESPONSE_FORMAT``), in ``tools``;
        ``text`` and ``json_object`` add nothing."""
        if fmt is None:
            return
        inner = "{'name': ..., 'schema': {...}}"
        expected = (
            f"{{'type': 'json_schema', 'json_schema': {inner}}}"
            if nested
            else "{'type': 'json_schema', 'name': ..., 'schema': {...}}"
        ) + " or {'type': 'text' | 'json_object'}"
        if not isinstance(fmt, Mapping):
            got = f"the class {fmt.__name__}" if isinstance(fmt, type) else type(fmt).__name__
            raise TypeError(f"{at}: expected {expected}; got {got}")
        kind = fmt.get("type")
        if kind in ("text", "json_object"):
            return
        if kind != "json_schema":
            raise ValueError(f"{at}: expected {expected}; got type {kind!r}")
        spec = fmt.get("json_schema") if nested else fmt
        where = f"{at}.json_schema" if nested else at
        if not isinstance(spec, Mapping):
            raise ValueError(f"{where}: expected {inner}; got {type(spec).__name__}")
        name, description, schema = spec.get("name"), spec.get("description"), spec.get("schema")
        if not isinstance(name, str) or not name:
            raise ValueError(f"{where}: expected {inner} with a 'name' string")
        if schema is not None and not isinstance(schema, Mapping):
            raise ValueError(f"{where}.schema: expected a JSON schema mapping, got {type(schema).__name__}")
        if description is not None and not isinstance(description, str):
            raise ValueError(f"{where}.description: expected a string, got {type(description).__name__}")
        self.text(
            "tools",
            _RESPONSE_FORMAT.format(
                name=name,
                description=f"// {description}\n" if description else "",
                schema=json.dumps(schema or {}, ensure_ascii=False, separators=(",", ":")),
            ),
        )

    # -- Anthropic ------------------------------------------------------------------------------

    def anthropic_request(self, request: Mapping[str, Any], messages: Sequence[Any]) -> None:
        system = request.get("system")
        if system:
            self.enter("system")
            self.anthropic_blocks(system, "system", "system")
        per_message = _const("anthropic", "messages", "default", "tokens_per_message")
        for i, message in enumerate(messages):
            at = f"messages[{i}]"
            self.enter(at, message)
            if not isinstance(message, Mapping):
                raise TypeError(f"{at}: expected a message mapping with 'role', got {type(message).__name__}")
            if self.is_ephemeral(message):
                self.out.excluded += 1
                continue
            if message.get("type") in _RESPONSES_ITEMS:
                raise ValueError(
                    f"{at}: a {message['type']} item is OpenAI's Responses API shape, not an Anthropic "
                    "message ('role' and 'content'); count Responses items as a Responses request "
                    "({'instructions': ..., 'input': [...]})"
                )
            role = message.get("role")
            if role == "system":  # tolerated: some clients put the system prompt in the list
                self.add("overhead", per_message)
                self.anthropic_blocks(message.get("content"), "system", f"{at}.content")
                continue
            self.add("overhead", per_message)
            self.text("overhead", str(role or ""))
            self.anthropic_blocks(message.get("content"), "messages", f"{at}.content")
        self.enter(None)
        self.add("overhead", _const("anthropic", "messages", "default", "reply_priming"))
        tools = request.get("tools")
        if tools:
            self.enter("tools")
            self.anthropic_tools(tools, request.get("tool_choice"))
        config = request.get("output_config")
        if config is not None:
            if not isinstance(config, Mapping):
                raise TypeError(
                    f"output_config: expected a mapping such as {{'format': {{...}}}}, got {type(config).__name__}"
                )
            self.enter("output_config.format")
            self.anthropic_output_format(config.get("format"), "output_config.format")
        self.enter("output_format")
        self.anthropic_output_format(request.get("output_format"), "output_format")
        self.enter(None)

    def anthropic_output_format(self, fmt: Any, at: str) -> None:
        """Anthropic structured outputs (``output_config.format``, or the beta's ``output_format``):
        ``{"type": "json_schema", "schema": {...}}``. The schema counts as compact JSON in ``tools``;
        how Anthropic renders it is not published, so this is an estimate."""
        if fmt is None:
            return
        expected = "{'type': 'json_schema', 'schema': {...}}"
        if not isinstance(fmt, Mapping):
            got = f"the class {fmt.__name__}" if isinstance(fmt, type) else type(fmt).__name__
            raise TypeError(f"{at}: expected {expected}; got {got}")
        if fmt.get("type") != "json_schema":
            raise ValueError(f"{at}: expected {expected}; got type {fmt.get('type')!r}")
        schema = fmt.get("schema")
        if not isinstance(schema, Mapping):
            raise ValueError(f"{at}.schema: expected a JSON schema mapping, got {type(schema).__name__}")
        self.text("tools", json.dumps(schema, ensure_ascii=False, separators=(",", ":")))

    def anthropic_blocks(self, content: Any, part: str, at: str) -> None:
        for where, block in self.content_items(content, part, at, "block", single=True):
            if self.is_ephemeral(block):
                continue
            kind = block.get("type")
            if kind == "text":
                self.text(part, str(block.get("text", "")))
            elif kind in ("tool_use", "server_tool_use", "mcp_tool_use"):
                self.text("tool_calls", str(block.get("name", "")))
                self.text(
                    "tool_calls",
                    json.dumps(block.get("input", {}), ensure_ascii=False, separators=(",", ":")),
                )
            elif kind in _SERVER_RESULTS:
                self.anthropic_server_result(block, str(kind), where)
            elif kind == "tool_result" or (isinstance(kind, str) and kind.endswith("_tool_result")):
                # tool_result, mcp_tool_result: a string or nested blocks
                self.anthropic_blocks(block.get("content"), "tool_results", f"{where}.content")
            elif kind == "image":
                source = block.get("source")
                source = source if isinstance(source, Mapping) else {}
                data = source.get("data") if source.get("type") == "base64" else None
                width, height = _dimensions(block, source, "", data if isinstance(data, str) else None)
                self.image(width, height)
            elif kind == "document":
                self.anthropic_document(block, part, where)
            elif kind == "thinking":
                # The signature only verifies the block: it is not text the model reads.
                self.text(part, str(block.get("thinking", "")))
            elif kind == "redacted_thinking":
                # Thinking encrypted by Anthropic: read as thinking on the server, opaque here.
                self.opaque(block, "data", where, "{'type': 'redacted_thinking', 'data': ...}")
            elif kind == "search_result":
                for key in ("title", "source"):
                    if isinstance(block.get(key), str):
                        self.text(part, block[key])
                self.anthropic_blocks(block.get("content"), part, f"{where}.content")
            elif kind == "tool_reference":
                self.text(
                    part,
                    self.string(block, "tool_name", where, "{'type': 'tool_reference', 'tool_name': ...}"),
                )
            elif kind == "container_upload":
                pass  # a file put in the code-execution container, not in the context
            else:
                raise ValueError(
                    f"{where}: unknown content block type {kind!r}; expected one of "
                    f"{', '.join(sorted(_ANTHROPIC_BLOCK_TYPES))}"
                )

    def string(self, block: Mapping[str, Any], key: str, at: str, shape: str) -> str:
        """``block[key]``, which must be a string; else a one-line error naming the block's shape."""
        value = block.get(key)
        if not isinstance(value, str):
            got = "missing" if value is None else f"not a string ({type(value).__name__})"
            raise ValueError(f"{at}: expected {shape}; '{key}' is {got}")
        return value

    def opaque(self, block: Mapping[str, Any], key: str, at: str, shape: str) -> None:
        """Encrypted content the model reads on the server (``block[key]``, a string) that cannot be
        measured here: an unmeasured input when it is not empty, never counted as text."""
        if self.string(block, key, at, shape):
            self.unmeasured_input()

    def anthropic_server_result(self, block: Mapping[str, Any], kind: str, at: str) -> None:
        """The result of an Anthropic server tool (web search or fetch, code execution, tool search):
        the text the model reads (titles, URLs, stdout, stderr, file text, error codes) in
        ``tool_results``; encrypted content as unmeasured inputs; output files not at all."""
        allowed = _SERVER_RESULTS[kind]
        content = block.get("content")
        where = f"{at}.content"
        if (
            kind == "web_search_tool_result"
            and isinstance(content, Sequence)
            and not isinstance(content, str)
        ):
            shape = "{'type': 'web_search_result', 'url': ..., 'title': ..., 'encrypted_content': ...}"
            for j, result in enumerate(content):
                if not isinstance(result, Mapping) or result.get("type") != "web_search_result":
                    got = repr(result.get("type")) if isinstance(result, Mapping) else type(result).__name__
                    raise ValueError(f"{where}[{j}]: expected {shape}; got {got}")
                for key in ("url", "title"):
                    self.text("tool_results", self.string(result, key, f"{where}[{j}]", shape))
                if isinstance(result.get("page_age"), str):
                    self.text("tool_results", result["page_age"])
                self.opaque(result, "encrypted_content", f"{where}[{j}]", shape)
            return
        if not isinstance(content, Mapping) or content.get("type") not in allowed:
            listed = (
                ("a list of web_search_result blocks", *allowed)
                if kind == "web_search_tool_result"
                else allowed
            )
            found = repr(content.get("type")) if isinstance(content, Mapping) else type(content).__name__
            raise ValueError(f"{where}: expected {' or '.join(listed)} in a {kind} block; got {found}")
        got = str(content["type"])
        shape = f"{{'type': '{got}', ...}}"
        if got.endswith("_error"):
            for key in ("error_code", "error_message"):
                if isinstance(content.get(key), str):
                    self.text("tool_results", content[key])
        elif got in (
            "code_execution_result",
            "bash_code_execution_result",
            "encrypted_code_execution_result",
        ):
            # stdout, stderr and the exit code; output files (content: file IDs) stay in the container.
            if got == "encrypted_code_execution_result":
                self.opaque(content, "encrypted_stdout", where, shape)
            else:
                self.text("tool_results", self.string(content, "stdout", where, shape))
            self.text("tool_results", self.string(content, "stderr", where, shape))
            code = content.get("return_code")
            if isinstance(code, int) and not isinstance(code, bool):
                self.text("tool_results", str(code))
        elif got == "web_fetch_result":
            self.text("tool_results", self.string(content, "url", where, shape))
            if isinstance(content.get("retrieved_at"), str):
                self.text("tool_results", content["retrieved_at"])
            document = content.get("content")
            if not isinstance(document, Mapping) or document.get("type") != "document":
                raise ValueError(
                    f"{where}.content: expected a document block {{'type': 'document', 'source': ...}}"
                )
            self.anthropic_document(document, "tool_results", f"{where}.content")
        elif got == "text_editor_code_execution_view_result":
            text = self.string(content, "content", where, shape)
            if content.get("file_type", "text") == "text":
                self.text("tool_results", text)
            else:  # an image or a PDF the model sees, not text
                self.unmeasured_input()
        elif got == "text_editor_code_execution_str_replace_result":
            lines = content.get("lines")
            if isinstance(lines, Sequence) and not isinstance(lines, str):
                self.text("tool_results", "\n".join(str(line) for line in lines))
        elif got == "tool_search_tool_search_result":
            refs = content.get("tool_references")
            if not isinstance(refs, Sequence) or isinstance(refs, str):
                raise ValueError(f"{where}: expected {{'type': '{got}', 'tool_references': [...]}}")
            self.anthropic_blocks(refs, "tool_results", f"{where}.tool_references")
        # text_editor_code_execution_create_result: only whether the file existed; nothing to count

    def anthropic_document(self, block: Mapping[str, Any], part: str, at: str) -> None:
        source = block.get("source")
        source = source if isinstance(source, Mapping) else {}
        for key in ("title", "context"):
            if isinstance(block.get(key), str):
                self.text(part, block[key])
        if source.get("type") == "text":
            self.text(part, str(source.get("data", "")))
        elif source.get("type") == "content":
            self.anthropic_blocks(source.get("content"), part, f"{at}.source.content")
        else:  # a base64, URL or file-ID PDF: its pages cannot be counted locally
            self.out.images += 1
            self.out.unmeasured += 1
            self.add("images", self.image_flat)

    def anthropic_tools(self, tools: Any, tool_choice: Any) -> None:
        if not isinstance(tools, Sequence) or isinstance(tools, str):
            raise TypeError("tools: expected a list of tool definitions")
        choice = tool_choice.get("type") if isinstance(tool_choice, Mapping) else tool_choice
        key = "tool_system_prompt_any" if choice in ("any", "tool") else "tool_system_prompt_auto"
        self.add("overhead", _const("anthropic", "tools", key))
        per_tool = _const("anthropic", "tools", "per_tool")
        for j, tool in enumerate(tools):
            if not isinstance(tool, Mapping) or "name" not in tool:
                raise ValueError(f"tools[{j}]: expected a tool definition with 'name'")
            self.add("overhead", per_tool)
            shown = {k: tool[k] for k in ("name", "description", "input_schema") if k in tool}
            self.text("tools", json.dumps(shown, ensure_ascii=False, separators=(",", ":")))


# --- files -------------------------------------------------------------------------------------


def _file_text(data: str, at: str) -> str | None:
    """The text of a file part's ``file_data`` (a ``data:`` URL or bare base64) when the file is text,
    else None (a PDF or another binary file)."""
    media = ""
    if data.startswith("data:"):
        head, sep, body = data.partition(",")
        if not sep:
            raise ValueError(f"{at}: expected a data: URL ('data:<media type>;base64,<data>') or base64 data")
        media = head[5:].split(";", 1)[0].strip().lower()
        encoded = ";base64" in head.lower()
        raw = _b64(body, at) if encoded else urllib.parse.unquote_to_bytes(body)
    else:
        raw = _b64(data, at)
    if raw.startswith(b"%PDF") or b"\x00" in raw[:8192]:
        return None
    if media and not (media.startswith("text/") or media in _TEXT_MEDIA or media.endswith(("+json", "+xml"))):
        return None
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        return None


def _b64(data: str, at: str) -> bytes:
    try:
        return base64.b64decode("".join(data.split()), validate=True)
    except (binascii.Error, ValueError):
        raise ValueError(
            f"{at}: expected base64 data or a data: URL ('data:<media type>;base64,<data>')"
        ) from None


# --- images ------------------------------------------------------------------------------------


def image_tokens_for(width: int, height: int, provider: str = "openai", detail: str = "auto") -> int:
    """Tokens of one image of ``width`` x ``height`` pixels by the provider's published formula."""
    if provider == "anthropic":
        per = _const("anthropic", "images", "pixels_per_token")
        edge = _const("anthropic", "images", "max_long_edge")
        cap = _const("anthropic", "images", "max_tokens")
        w, h = float(width), float(height)
        if max(w, h) > edge:
            scale = edge / max(w, h)
            w, h = w * scale, h * scale
        return min(cap, math.ceil(w * h / per))
    if detail == "low":
        return _const("openai", "images", "low_detail")
    max_side = _const("openai", "images", "max_side")
    short = _const("openai", "images", "short_side")
    tile = _const("openai", "images", "tile")
    w, h = float(width), float(height)
    if max(w, h) > max_side:
        scale = max_side / max(w, h)
        w, h = w * scale, h * scale
    if min(w, h) > short:
        scale = short / min(w, h)
        w, h = w * scale, h * scale
    tiles = math.ceil(w / tile) * math.ceil(h / tile)
    return _const("openai", "images", "base") + _const("openai", "images", "per_tile") * tiles


def _dimensions(
    primary: Mapping[str, Any], secondary: Mapping[str, Any], url: str, data: str | None = None
) -> tuple[int | None, int | None]:
    for holder in (primary, secondary):
        w, h = holder.get("width"), holder.get("height")
        if isinstance(w, int) and isinstance(h, int) and w > 0 and h > 0:
            return w, h
    if data is None and url.startswith("data:") and ";base64," in url:
        data = url.split(";base64,", 1)[1]
    if data:
        try:
            head = base64.b64decode(data[:_SNIFF_CHARS] + "=" * (-min(len(data), _SNIFF_CHARS) % 4))
        except (binascii.Error, ValueError):
            return None, None
        size = image_size(head)
        if size is not None:
            return size
    return None, None


def image_size(head: bytes) -> tuple[int, int] | None:
    """(width, height) read from the first bytes of a PNG, GIF, JPEG or WebP file, else None."""
    if head[:8] == b"\x89PNG\r\n\x1a\n" and len(head) >= 24:
        w, h = struct.unpack(">II", head[16:24])
        return int(w), int(h)
    if head[:6] in (b"GIF87a", b"GIF89a") and len(head) >= 10:
        w, h = struct.unpack("<HH", head[6:10])
        return int(w), int(h)
    if head[:2] == b"\xff\xd8":
        return _jpeg_size(head)
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP" and len(head) >= 30:
        chunk = head[12:16]
        if chunk == b"VP8X":
            w = int.from_bytes(head[24:27], "little") + 1
            h = int.from_bytes(head[27:30], "little") + 1
            return w, h
        if chunk == b"VP8L" and head[20] == 0x2F:
            bits = int.from_bytes(head[21:25], "little")
            return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
        if chunk == b"VP8 ":
            w, h = struct.unpack("<HH", head[26:30])
            return int(w) & 0x3FFF, int(h) & 0x3FFF
    return None


def _jpeg_size(head: bytes) -> tuple[int, int] | None:
    i = 2
    n = len(head)
    while i + 9 < n:
        if head[i] != 0xFF:
            i += 1
            continue
        marker = head[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7 or marker == 0xFF:
            i += 1 if marker == 0xFF else 2
            continue
        (length,) = struct.unpack(">H", head[i + 2 : i + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", head[i + 5 : i + 9])
            return int(w), int(h)
        i += 2 + length
    return None


# --- entry points ------------------------------------------------------------------------------


def detect_provider(obj: object) -> Provider:
    """``anthropic`` when the object has Anthropic-only features (a top-level ``system``, structured
    outputs as ``output_config`` or ``output_format``, tools with ``input_schema``,
    ``tool_use``/``tool_result``/``document`` blocks, images with a ``source``), else ``openai``."""
    obj = plain(obj)
    messages: Any = obj
    if isinstance(obj, Mapping):
        if "system" in obj or "output_config" in obj or "output_format" in obj:
            return "anthropic"
        if "input" in obj and "messages" not in obj:
            return "openai"  # the Responses API
        tools = obj.get("tools")
        if isinstance(tools, Sequence) and any(isinstance(t, Mapping) and "input_schema" in t for t in tools):
            return "anthropic"
        messages = obj.get("messages", [obj])
    if isinstance(messages, Sequence) and not isinstance(messages, str):
        if has_responses_items(messages):
            return "openai"  # Responses API items
        for message in messages:
            content = message.get("content") if isinstance(message, Mapping) else None
            if isinstance(content, Sequence) and not isinstance(content, str):
                for block in content:
                    if isinstance(block, Mapping):
                        kind = block.get("type")
                        if kind in _ANTHROPIC_BLOCKS or (kind == "image" and "source" in block):
                            return "anthropic"
    return "openai"


#: Responses API item types, besides calls (``*_call``) and call outputs (``*_call_output``), that the
#: model outputs, and that carry input. ``count`` understands only some (``_RESPONSES_ITEMS``);
#: ``history`` and ``turn_budget`` classify every one with :func:`responses_item_kind`.
_RESPONSES_OUTPUT_TYPES: Final = frozenset(
    {"reasoning", "compaction", "mcp_list_tools", "mcp_approval_request"}
)
_RESPONSES_INPUT_TYPES: Final = frozenset(
    {"item_reference", "input_text", "message", "mcp_approval_response"}
)


def responses_item_kind(kind: object) -> Literal["call", "output", "input"] | None:
    """What an OpenAI Responses API item type is: a call the model made (``function_call``,
    ``web_search_call``, ...), other model output (``reasoning``), an input (``*_call_output``, a
    message), or None for a type of no such item. ``tool_call`` is None: it is ``turn_budget``'s own
    event, not an item."""
    if not isinstance(kind, str) or kind == "tool_call":
        return None
    if kind.endswith("_call_output") or kind in _RESPONSES_INPUT_TYPES:
        return "input"
    if kind.endswith("_call"):
        return "call"
    if kind in _RESPONSES_OUTPUT_TYPES:
        return "output"
    return None


def has_responses_items(messages: Sequence[Any]) -> bool:
    """Whether ``messages`` holds an item only the OpenAI Responses API has (``function_call``,
    ``function_call_output``, ``custom_tool_call``, ``custom_tool_call_output``, ``reasoning``): such
    a list is Responses API input, whatever else it holds."""
    return any(isinstance(m, Mapping) and m.get("type") in _RESPONSES_ITEMS for m in messages)


def plain(obj: object) -> Any:
    """``obj`` with every SDK object in it (a pydantic model, as the ``openai`` and ``anthropic``
    packages return: ``response.choices[0].message``, ``response.content``) turned into the plain
    dicts the provider would be sent, ``None`` fields left out. Containers without such objects come
    back as they are (no copy)."""
    if isinstance(obj, (str, bytes, bytearray, int, float)) or obj is None:
        return obj
    dump = getattr(obj, "model_dump", None)
    if callable(dump) and not isinstance(obj, Mapping) and not isinstance(obj, type):
        dumped = dump(exclude_none=True)
        if isinstance(dumped, Mapping):
            return dumped
    if isinstance(obj, Mapping):
        items = {key: plain(value) for key, value in obj.items()}
        return items if any(items[k] is not v for k, v in obj.items()) else obj
    if isinstance(obj, Sequence):
        values = [plain(value) for value in obj]
        return values if any(a is not b for a, b in zip(values, obj, strict=True)) else obj
    return obj


Shape = Literal["chat", "responses"]


def _split(obj: object) -> tuple[Shape, Mapping[str, Any], Sequence[Any]]:
    """The request's shape (chat messages or Responses API input), the request mapping (empty for a
    bare list) and its messages or input items. A list is Responses input when any item has a
    top-level ``type`` (chat messages have none)."""
    if isinstance(obj, Mapping):
        if "messages" in obj:
            messages = obj["messages"]
            if not isinstance(messages, Sequence) or isinstance(messages, str):
                raise TypeError("messages: expected a list of chat messages")
            return "chat", obj, messages
        if "input" in obj:
            items = obj["input"]
            if isinstance(items, str):
                return "responses", obj, [{"role": "user", "content": items}]
            if not isinstance(items, Sequence) or isinstance(items, (bytes, bytearray)):
                raise TypeError(
                    f"input: expected a string or a list of input items, got {type(items).__name__}"
                )
            return "responses", obj, items
        if "type" in obj:
            return "responses", {}, [obj]
        if "role" in obj:
            return "chat", {}, [obj]
        raise ValueError(
            "expected a request mapping with 'messages' (and optional 'tools' / 'system') or 'input' "
            "(the Responses API), or one chat message with 'role'; "
            f"got keys {sorted(map(str, obj))}"
        )
    if isinstance(obj, Sequence) and not isinstance(obj, (str, bytes, bytearray)):
        typed = any(isinstance(m, Mapping) and "type" in m for m in obj)
        return ("responses" if typed else "chat"), {}, obj
    raise TypeError(f"cannot count a {type(obj).__name__} as chat messages")


def breakdown(
    obj: object,
    tokenizer: str | Tokenizer | None = None,
    *,
    ephemeral_keys: Sequence[str] = DEFAULT_EPHEMERAL_KEYS,
    image_tokens: int = DEFAULT_IMAGE_TOKENS,
    provider: Provider | None = None,
) -> Breakdown:
    """Count a chat message list or a request mapping, keeping the parts."""
    tok = get_tokenizer(tokenizer)
    obj = plain(obj)
    shape, request, messages = _split(obj)
    prov: Provider = provider or detect_provider(obj)
    counter = _Counter(tok, prov, ephemeral_keys, image_tokens)
    if prov == "anthropic" and "input" in request:
        raise ValueError(
            "input: a request with 'input' is OpenAI's Responses API shape; an Anthropic request has "
            "'messages' (and 'system')"
        )
    if prov == "anthropic":
        inner = tok.inner
        if isinstance(inner, RequestCounter) and hasattr(inner, "count_request"):
            cleaned = _without_ephemeral(request, messages, counter)
            total = inner.count_request(cleaned)
            if total is not None:
                counter.out.parts["messages"] = total
                counter.out.whole = True
                return counter.out
            counter.out.excluded = 0
            stand_in = getattr(inner, "stand_in", None)
            if stand_in is not None:  # the API gave no count: its stand-in estimates the parts
                counter.tok = get_tokenizer(stand_in)
        counter.anthropic_request(request, messages)
    elif shape == "responses":
        counter.responses_request(request, messages, "input")
    else:
        counter.openai_messages(messages, "messages")
        tools = "tools" if request.get("tools") or not request.get("functions") else "functions"  # legacy
        counter.enter(tools)
        counter.openai_tools(request.get(tools), "tools")
        counter.enter("response_format")
        counter.response_format(request.get("response_format"), "response_format", nested=True)
        counter.enter(None)
    return counter.out


def _without_ephemeral(
    request: Mapping[str, Any], messages: Sequence[Any], counter: _Counter
) -> dict[str, Any]:
    kept = []
    for message in messages:
        if isinstance(message, Mapping) and counter.is_ephemeral(message):
            counter.out.excluded += 1
            continue
        if isinstance(message, Mapping):
            drop = (*counter.ephemeral_keys, "metadata")
            kept.append({k: v for k, v in message.items() if k not in drop})
            continue
        kept.append(message)
    return {**request, "messages": kept}


def count_request(
    obj: object,
    tokenizer: str | Tokenizer | None = None,
    *,
    ephemeral_keys: Sequence[str] = DEFAULT_EPHEMERAL_KEYS,
    image_tokens: int = DEFAULT_IMAGE_TOKENS,
    provider: Provider | None = None,
) -> int:
    """Tokens of a chat message list or a request mapping, as the provider counts them."""
    return breakdown(
        obj, tokenizer, ephemeral_keys=ephemeral_keys, image_tokens=image_tokens, provider=provider
    ).total
