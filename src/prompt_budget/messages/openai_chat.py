"""OpenAI chat completions: ``[{"role": ..., "content": ...}, ...]`` or ``{"messages": [...], "tools":
[...]}``. The per-message, name and reply-priming overheads and the tool-definition accounting follow
OpenAI's published cookbook (``data/overheads.json`` holds every constant with its source)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from prompt_budget.messages.common import compact_json, const, is_list, overheads, type_name
from prompt_budget.messages.counter import Counter
from prompt_budget.messages.media import dimensions, file_text

_TEXT_PARTS: Final = frozenset({"text", "input_text", "output_text", "refusal"})
_IMAGE_PARTS: Final = frozenset({"image_url", "input_image"})
_FILE_PARTS: Final = frozenset({"file", "input_file"})
_PARTS: Final = _TEXT_PARTS | _IMAGE_PARTS | _FILE_PARTS | {"input_audio"}
#: How OpenAI renders a structured-output format at the end of the developer message, as published
#: for its harmony format ("Structured output", https://cookbook.openai.com/articles/openai-harmony);
#: the schema is compact JSON.
_RESPONSE_FORMAT: Final = "# Response Formats\n\n## {name}\n\n{description}{schema}"
_SKIP_KEYS: Final = frozenset({"metadata", "id", "tool_call_id", "cache_control"})


def _tools_table(tok_name: str) -> Mapping[str, Any]:
    table: Mapping[str, Any] = overheads()["openai"]["tools"]
    found = table.get(tok_name.rsplit(":", 1)[-1])
    return found if isinstance(found, Mapping) else table[str(table["default"])]


class ChatCounter(Counter):
    provider = "openai"

    def request(self, request: Mapping[str, Any], messages: Sequence[Any]) -> None:
        """A chat completions request: its messages, the reply priming, tools and response format."""
        for at, message in self.each(messages, "messages"):
            self.message(message, at)
        self.reply_priming()
        tools = "tools" if request.get("tools") or not request.get("functions") else "functions"  # legacy
        self.enter(tools)
        self.tools(request.get(tools), "tools")
        self.enter("response_format")
        self.response_format(request.get("response_format"), "response_format", nested=True)
        self.enter(None)

    def reply_priming(self) -> None:
        self.add("overhead", const("openai", "messages", "default", "reply_priming"))

    def message(self, message: Any, at: str) -> None:
        if not isinstance(message, Mapping):
            raise TypeError(f"{at}: expected a message mapping with 'role', got {type(message).__name__}")
        if self.skip_ephemeral(message):
            return
        role = message.get("role")
        part = (
            "system"
            if role in ("system", "developer")
            else "tool_results"
            if role in ("tool", "function")
            else "messages"
        )
        self.message_overhead()
        for key, value in message.items():
            if key in _SKIP_KEYS or key in self.ephemeral_keys or value is None:
                # None: an SDK message's .model_dump() holds "tool_calls": None,
                # "function_call": None, "name": None, ...: nothing the model sees.
                continue
            if key == "role":
                self.text("overhead", str(value))
            elif key == "name":
                self.text(part, str(value))
                self.add("overhead", const("openai", "messages", "default", "tokens_per_name"))
            elif key == "content":
                self.content(value, part, f"{at}.content")
            elif key == "tool_calls":
                self.tool_calls(value, f"{at}.tool_calls")
            elif key == "function_call":
                self.tool_calls([{"function": value}], f"{at}.function_call")
            elif isinstance(value, str):
                # The cookbook counts every string value of a message.
                self.text(part, value)

    def content(self, content: Any, part: str, at: str) -> None:
        for where, item in self.content_items(content, part, at, "part"):
            kind = item.get("type")
            if kind in _TEXT_PARTS:
                self.text(part, str(item.get("text", item.get("refusal", "")) or ""))
            elif kind in _IMAGE_PARTS:
                url = item.get("image_url")
                spec: Mapping[str, Any] = url if isinstance(url, Mapping) else item
                link = spec.get("url", url if isinstance(url, str) else "")
                width, height = dimensions(spec, item, link if isinstance(link, str) else "")
                self.image(width, height, str(spec.get("detail", item.get("detail", "auto"))))
            elif kind in _FILE_PARTS:
                file = item.get("file") if kind == "file" else item
                if not isinstance(file, Mapping):
                    raise ValueError(
                        f"{where}: expected {{'type': 'file', 'file': {{'file_data' or 'file_id': ..., "
                        "'filename': ...}}"
                    )
                self.file(file, part, where)
            elif kind == "input_audio":
                if not isinstance(item.get("input_audio"), Mapping):
                    raise ValueError(
                        f"{where}: expected {{'type': 'input_audio', 'input_audio': {{'data': ..., "
                        "'format': ...}}"
                    )
                self.unmeasured_input()
            else:
                raise ValueError(
                    f"{where}: unknown content part type {kind!r}; expected one of {', '.join(sorted(_PARTS))}"
                )

    def file(self, file: Mapping[str, Any], part: str, at: str) -> None:
        """A file part: its name as text, and its data as text when it is text; a binary file, or one
        given by ID or URL, is an unmeasured input."""
        self.strings(part, file, "filename")
        data = file.get("file_data")
        if isinstance(data, str) and data:
            text = file_text(data, f"{at}.file_data")
            if text is not None:
                self.text(part, text)
                return
        elif not any(isinstance(file.get(k), str) and file.get(k) for k in ("file_id", "file_url")):
            raise ValueError(f"{at}: expected a file with 'file_data', 'file_id' or 'file_url'")
        self.unmeasured_input()

    def tool_calls(self, calls: Any, at: str) -> None:
        if not is_list(calls):
            raise TypeError(f"{at}: expected a list of tool calls")
        for j, call in enumerate(calls):
            fn = call.get("function") if isinstance(call, Mapping) else None
            if not isinstance(fn, Mapping):
                raise TypeError(f"{at}[{j}]: expected {{'function': {{'name': ..., 'arguments': ...}}}}")
            args = fn.get("arguments", "")
            self.add("overhead", const("openai", "tool_calls", "per_call"))
            self.text("tool_calls", str(fn.get("name", "")))
            self.text("tool_calls", args if isinstance(args, str) else compact_json(args))

    def tools(self, tools: Any, at: str) -> None:
        if not tools:
            return
        if not is_list(tools):
            raise TypeError(f"{at}: expected a list of tool definitions")
        table = _tools_table(self.tok.name)

        def overhead(name: str) -> None:
            self.add("overhead", int(table[name]["value"]))

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
            overhead("func_init")
            desc = str(fn.get("description") or "").removesuffix(".")
            self.text("tools", f"{fn['name']}:{desc}")
            params = fn.get("parameters") or {}
            props = params.get("properties") if isinstance(params, Mapping) else None
            if isinstance(props, Mapping) and props:
                overhead("prop_init")
                for key, prop in props.items():
                    overhead("prop_key")
                    prop = prop if isinstance(prop, Mapping) else {}  # noqa: PLW2901
                    ptype = prop.get("type", "")
                    if isinstance(ptype, list):
                        ptype = "|".join(str(t) for t in ptype)
                    if "enum" in prop and isinstance(prop["enum"], Sequence):
                        overhead("enum_init")
                        for item in prop["enum"]:
                            overhead("enum_item")
                            self.text("tools", str(item))
                    pdesc = str(prop.get("description") or "").removesuffix(".")
                    self.text("tools", f"{key}:{ptype}:{pdesc}")
        overhead("func_end")

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
            raise TypeError(f"{at}: expected {expected}; got {type_name(fmt)}")
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
        description = f"// {description}\n" if description else ""
        self.text(
            "tools",
            _RESPONSE_FORMAT.format(name=name, description=description, schema=compact_json(schema or {})),
        )
