"""Anthropic Messages: ``{"system": ..., "messages": [...], "tools": [...]}``, its content blocks,
server tools and structured outputs (the table of what is counted is in docs/counting-messages.md).
Server tools count what the model reads that is visible here; encrypted content the model reads on the
server is an unmeasured input."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from prompt_budget.messages.common import compact_json, const, is_ephemeral, is_list, type_name
from prompt_budget.messages.counter import Counter
from prompt_budget.messages.media import dimensions
from prompt_budget.messages.responses import RESPONSES_ITEMS

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
#: Anthropic content blocks that are a tool call.
CALL_BLOCKS: Final = frozenset({"tool_use", "server_tool_use", "mcp_tool_use"})
#: Anthropic-only content block types (they tell the provider apart).
ANTHROPIC_BLOCKS: Final = CALL_BLOCKS | frozenset(
    {"tool_result", "document", "thinking", "redacted_thinking", "search_result", "container_upload"}
    | {"mcp_tool_result", "tool_reference", *_SERVER_RESULTS}
)
#: Every Anthropic content block type counted.
_BLOCK_TYPES: Final = ANTHROPIC_BLOCKS | {"text", "image"}
_WEB_SEARCH_RESULT: Final = (
    "{'type': 'web_search_result', 'url': ..., 'title': ..., 'encrypted_content': ...}"
)


def _string(block: Mapping[str, Any], key: str, at: str, shape: str) -> str:
    """``block[key]``, which must be a string; else a one-line error naming the block's shape."""
    value = block.get(key)
    if not isinstance(value, str):
        got = "missing" if value is None else f"not a string ({type(value).__name__})"
        raise ValueError(f"{at}: expected {shape}; '{key}' is {got}")
    return value


class AnthropicCounter(Counter):
    provider = "anthropic"

    def request(self, request: Mapping[str, Any], messages: Sequence[Any]) -> None:
        system = request.get("system")
        if system:
            self.enter("system")
            self.blocks(system, "system", "system")
        for at, message in self.each(messages, "messages"):
            if not isinstance(message, Mapping):
                raise TypeError(f"{at}: expected a message mapping with 'role', got {type(message).__name__}")
            if self.skip_ephemeral(message):
                continue
            if message.get("type") in RESPONSES_ITEMS:
                raise ValueError(
                    f"{at}: a {message['type']} item is OpenAI's Responses API shape, not an Anthropic "
                    "message ('role' and 'content'); count Responses items as a Responses request "
                    "({'instructions': ..., 'input': [...]})"
                )
            role = message.get("role")
            # A system message is tolerated: some clients put the system prompt in the list.
            self.message_overhead("" if role == "system" else str(role or ""))
            self.blocks(message.get("content"), "system" if role == "system" else "messages", f"{at}.content")
        self.add("overhead", const("anthropic", "messages", "default", "reply_priming"))
        tools = request.get("tools")
        if tools:
            self.enter("tools")
            self.tools(tools, request.get("tool_choice"))
        config = request.get("output_config")
        if config is not None:
            if not isinstance(config, Mapping):
                raise TypeError(
                    f"output_config: expected a mapping such as {{'format': {{...}}}}, got {type(config).__name__}"
                )
            self.enter("output_config.format")
            self.output_format(config.get("format"), "output_config.format")
        self.enter("output_format")
        self.output_format(request.get("output_format"), "output_format")
        self.enter(None)

    def output_format(self, fmt: Any, at: str) -> None:
        """Anthropic structured outputs (``output_config.format``, or the beta's ``output_format``):
        ``{"type": "json_schema", "schema": {...}}``. The schema counts as compact JSON in ``tools``;
        how Anthropic renders it is not published, so this is an estimate."""
        if fmt is None:
            return
        expected = "{'type': 'json_schema', 'schema': {...}}"
        if not isinstance(fmt, Mapping):
            raise TypeError(f"{at}: expected {expected}; got {type_name(fmt)}")
        if fmt.get("type") != "json_schema":
            raise ValueError(f"{at}: expected {expected}; got type {fmt.get('type')!r}")
        schema = fmt.get("schema")
        if not isinstance(schema, Mapping):
            raise ValueError(f"{at}.schema: expected a JSON schema mapping, got {type(schema).__name__}")
        self.text("tools", compact_json(schema))

    def blocks(self, content: Any, part: str, at: str) -> None:
        for where, block in self.content_items(content, part, at, "block", single=True):
            if is_ephemeral(block, self.ephemeral_keys):
                continue
            kind = block.get("type")
            if kind == "text":
                self.text(part, str(block.get("text", "")))
            elif kind in CALL_BLOCKS:
                self.text("tool_calls", str(block.get("name", "")))
                self.text("tool_calls", compact_json(block.get("input", {})))
            elif kind in _SERVER_RESULTS:
                self.server_result(block, str(kind), where)
            elif kind == "tool_result" or (isinstance(kind, str) and kind.endswith("_tool_result")):
                # tool_result, mcp_tool_result: a string or nested blocks
                self.blocks(block.get("content"), "tool_results", f"{where}.content")
            elif kind == "image":
                source = block.get("source")
                source = source if isinstance(source, Mapping) else {}
                data = source.get("data") if source.get("type") == "base64" else None
                self.image(*dimensions(block, source, "", data if isinstance(data, str) else None))
            elif kind == "document":
                self.document(block, part, where)
            elif kind == "thinking":
                # The signature only verifies the block: it is not text the model reads.
                self.text(part, str(block.get("thinking", "")))
            elif kind == "redacted_thinking":
                # Thinking encrypted by Anthropic: read as thinking on the server, opaque here.
                self.opaque(block, "data", where, "{'type': 'redacted_thinking', 'data': ...}")
            elif kind == "search_result":
                self.strings(part, block, "title", "source")
                self.blocks(block.get("content"), part, f"{where}.content")
            elif kind == "tool_reference":
                shape = "{'type': 'tool_reference', 'tool_name': ...}"
                self.text(part, _string(block, "tool_name", where, shape))
            elif kind != "container_upload":  # a file in the code-execution container, not in the context
                raise ValueError(
                    f"{where}: unknown content block type {kind!r}; expected one of "
                    f"{', '.join(sorted(_BLOCK_TYPES))}"
                )

    def opaque(self, block: Mapping[str, Any], key: str, at: str, shape: str) -> None:
        """Encrypted content the model reads on the server (``block[key]``, a string) that cannot be
        measured here: an unmeasured input when it is not empty, never counted as text."""
        if _string(block, key, at, shape):
            self.unmeasured_input()

    def server_result(self, block: Mapping[str, Any], kind: str, at: str) -> None:
        """The result of an Anthropic server tool (web search or fetch, code execution, tool search):
        the text the model reads (titles, URLs, stdout, stderr, file text, error codes) in
        ``tool_results``; encrypted content as unmeasured inputs; output files not at all."""
        allowed = _SERVER_RESULTS[kind]
        content = block.get("content")
        where = f"{at}.content"
        if kind == "web_search_tool_result" and is_list(content):
            for j, result in enumerate(content):
                if not isinstance(result, Mapping) or result.get("type") != "web_search_result":
                    got = repr(result.get("type")) if isinstance(result, Mapping) else type(result).__name__
                    raise ValueError(f"{where}[{j}]: expected {_WEB_SEARCH_RESULT}; got {got}")
                for key in ("url", "title"):
                    self.text("tool_results", _string(result, key, f"{where}[{j}]", _WEB_SEARCH_RESULT))
                self.strings("tool_results", result, "page_age")
                self.opaque(result, "encrypted_content", f"{where}[{j}]", _WEB_SEARCH_RESULT)
            return
        if not isinstance(content, Mapping) or content.get("type") not in allowed:
            if kind == "web_search_tool_result":
                allowed = ("a list of web_search_result blocks", *allowed)
            found = repr(content.get("type")) if isinstance(content, Mapping) else type(content).__name__
            raise ValueError(f"{where}: expected {' or '.join(allowed)} in a {kind} block; got {found}")
        got = str(content["type"])
        shape = f"{{'type': '{got}', ...}}"
        if got.endswith("_error"):
            self.strings("tool_results", content, "error_code", "error_message")
        elif got in (
            "code_execution_result",
            "bash_code_execution_result",
            "encrypted_code_execution_result",
        ):
            # stdout, stderr and the exit code; output files (content: file IDs) stay in the container.
            if got == "encrypted_code_execution_result":
                self.opaque(content, "encrypted_stdout", where, shape)
            else:
                self.text("tool_results", _string(content, "stdout", where, shape))
            self.text("tool_results", _string(content, "stderr", where, shape))
            code = content.get("return_code")
            if isinstance(code, int) and not isinstance(code, bool):
                self.text("tool_results", str(code))
        elif got == "web_fetch_result":
            self.text("tool_results", _string(content, "url", where, shape))
            self.strings("tool_results", content, "retrieved_at")
            document = content.get("content")
            if not isinstance(document, Mapping) or document.get("type") != "document":
                raise ValueError(
                    f"{where}.content: expected a document block {{'type': 'document', 'source': ...}}"
                )
            self.document(document, "tool_results", f"{where}.content")
        elif got == "text_editor_code_execution_view_result":
            text = _string(content, "content", where, shape)
            if content.get("file_type", "text") == "text":
                self.text("tool_results", text)
            else:  # an image or a PDF the model sees, not text
                self.unmeasured_input()
        elif got == "text_editor_code_execution_str_replace_result":
            lines = content.get("lines")
            if is_list(lines):
                self.text("tool_results", "\n".join(str(line) for line in lines))
        elif got == "tool_search_tool_search_result":
            refs = content.get("tool_references")
            if not is_list(refs):
                raise ValueError(f"{where}: expected {{'type': '{got}', 'tool_references': [...]}}")
            self.blocks(refs, "tool_results", f"{where}.tool_references")
        # text_editor_code_execution_create_result: only whether the file existed; nothing to count

    def document(self, block: Mapping[str, Any], part: str, at: str) -> None:
        source = block.get("source")
        source = source if isinstance(source, Mapping) else {}
        self.strings(part, block, "title", "context")
        if source.get("type") == "text":
            self.text(part, str(source.get("data", "")))
        elif source.get("type") == "content":
            self.blocks(source.get("content"), part, f"{at}.source.content")
        else:  # a base64, URL or file-ID PDF: its pages cannot be counted locally
            self.out.images += 1
            self.unmeasured_input()

    def tools(self, tools: Any, tool_choice: Any) -> None:
        if not is_list(tools):
            raise TypeError("tools: expected a list of tool definitions")
        choice = tool_choice.get("type") if isinstance(tool_choice, Mapping) else tool_choice
        key = "tool_system_prompt_any" if choice in ("any", "tool") else "tool_system_prompt_auto"
        self.add("overhead", const("anthropic", "tools", key))
        for j, tool in enumerate(tools):
            if not isinstance(tool, Mapping) or "name" not in tool:
                raise ValueError(f"tools[{j}]: expected a tool definition with 'name'")
            self.add("overhead", const("anthropic", "tools", "per_tool"))
            shown = {k: tool[k] for k in ("name", "description", "input_schema") if k in tool}
            self.text("tools", compact_json(shown))
