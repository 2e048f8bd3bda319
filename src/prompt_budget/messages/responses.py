"""OpenAI Responses: ``{"instructions": ..., "input": "..." | [items], "tools": [...]}``, or a list of
input items (a list where any item has a top-level ``type``). Each item counts as the chat-completions
message it stands for (``instructions`` a system message, a ``function_call`` an assistant message
with one tool call, ...). What OpenAI stores (``previous_response_id``, ``item_reference``...) cannot
be counted locally and is an error."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

from prompt_budget.messages.openai_chat import ChatCounter

#: Responses API input items counted, besides messages (``type`` "message" or none, with a ``role``).
RESPONSES_ITEMS: Final = frozenset(
    {"function_call", "function_call_output", "custom_tool_call", "custom_tool_call_output", "reasoning"}
)
#: Request keys naming context OpenAI stores: what they add cannot be counted locally.
_STORED: Final = ("previous_response_id", "conversation", "prompt")
_EXPECTED: Final = "expected a message with 'role' and 'content', or an item of type " + ", ".join(
    sorted(RESPONSES_ITEMS)
)
#: Responses API item types, besides calls (``*_call``) and call outputs (``*_call_output``), that the
#: model outputs, and that carry input. ``count`` understands only some (``RESPONSES_ITEMS``);
#: ``history`` and ``turn_budget`` classify every one with :func:`responses_item_kind`.
_OUTPUT_TYPES: Final = frozenset({"reasoning", "compaction", "mcp_list_tools", "mcp_approval_request"})
_INPUT_TYPES: Final = frozenset({"item_reference", "input_text", "message", "mcp_approval_response"})


def responses_item_kind(kind: object) -> Literal["call", "output", "input"] | None:
    """What an OpenAI Responses API item type is: a call the model made (``function_call``,
    ``web_search_call``, ...), other model output (``reasoning``), an input (``*_call_output``, a
    message), or None for a type of no such item. ``tool_call`` is None: it is ``turn_budget``'s own
    event, not an item."""
    if not isinstance(kind, str) or kind == "tool_call":
        return None
    if kind.endswith("_call_output") or kind in _INPUT_TYPES:
        return "input"
    if kind.endswith("_call"):
        return "call"
    if kind in _OUTPUT_TYPES:
        return "output"
    return None


def has_responses_items(messages: Sequence[Any]) -> bool:
    """Whether ``messages`` holds an item only the OpenAI Responses API has (``function_call``,
    ``function_call_output``, ``custom_tool_call``, ``custom_tool_call_output``, ``reasoning``): such
    a list is Responses API input, whatever else it holds."""
    return any(isinstance(m, Mapping) and m.get("type") in RESPONSES_ITEMS for m in messages)


class ResponsesCounter(ChatCounter):
    def request(self, request: Mapping[str, Any], items: Sequence[Any]) -> None:
        """A Responses API request (or a bare list of its input items, ``request`` empty): each item
        counted as the chat-completions message it stands for, then the reply priming and the tools."""
        for key in _STORED:
            if request.get(key):
                raise ValueError(
                    f"{key}: the context it names is stored by OpenAI and cannot be counted locally; "
                    "count the whole input list instead (or leave the key out to count only this input)"
                )
        instructions = request.get("instructions")
        if isinstance(instructions, str):
            if instructions:
                self.enter("instructions")
                self.message({"role": "system", "content": instructions}, "instructions")
        elif isinstance(instructions, Sequence):
            for at, item in self.each(instructions, "instructions"):
                self.input_item(item, at)
        elif instructions is not None:
            raise TypeError(
                f"instructions: expected a string or a list of input items, got {type(instructions).__name__}"
            )
        for at, item in self.each(items, "input"):
            self.input_item(item, at)
        self.reply_priming()
        self.enter("tools")
        self.tools(request.get("tools"), "tools")
        text = request.get("text")
        if text is not None:
            if not isinstance(text, Mapping):
                raise TypeError(f"text: expected {{'format': {{'type': ...}}}}, got {type(text).__name__}")
            self.enter("text.format")
            self.response_format(text.get("format"), "text.format", nested=False)
        self.enter(None)

    def input_item(self, item: Any, at: str) -> None:
        if not isinstance(item, Mapping):
            raise TypeError(f"{at}: {_EXPECTED}; got {type(item).__name__}")
        if self.skip_ephemeral(item):
            return
        kind = item.get("type")
        if kind is None or kind == "message":
            role = item.get("role")
            if not isinstance(role, str):
                raise ValueError(f"{at}: a message item has no 'role'; {_EXPECTED}")
            # Only role and content reach the model: type, id, status and phase are bookkeeping.
            self.message({"role": role, "content": item.get("content")}, at)
        elif kind in ("function_call", "custom_tool_call"):
            args_key = "arguments" if kind == "function_call" else "input"
            name, args = item.get("name"), item.get(args_key)
            if not isinstance(name, str) or args is None:
                raise ValueError(f"{at}: expected a {kind} item with 'name' and '{args_key}'")
            self.message_overhead("assistant")  # as a chat assistant message with one tool call
            self.tool_calls([{"function": {"name": name, "arguments": args}}], at)
        elif kind in ("function_call_output", "custom_tool_call_output"):
            if item.get("output") is None:
                raise ValueError(f"{at}: expected a {kind} item with 'output' (a string or a list of parts)")
            self.message_overhead("tool")  # as a chat "tool" message whose content is the output
            self.content(item["output"], "tool_results", f"{at}.output")
        elif kind == "reasoning":
            # As an assistant message holding the readable reasoning; encrypted_content is opaque.
            self.message_overhead("assistant")
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
            raise ValueError(f"{at}: input item type {kind!r} is not counted; {_EXPECTED}")
