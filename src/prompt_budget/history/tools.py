"""Which messages hold a tool call and which its result (``tool_links``), and the groups of messages
that must be kept or removed together (``tool_groups``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from prompt_budget.history.conversation import Message, as_messages
from prompt_budget.messages import CALL_BLOCKS, responses_item_kind


@dataclass(frozen=True)
class ToolLink:
    """One tool call and where its result is: message indices, ``None`` when missing."""

    id: str
    name: str
    call: int | None
    result: int | None


def tool_links(messages: Sequence[Message]) -> list[ToolLink]:
    """Every tool call in ``messages`` (OpenAI ``tool_calls`` and ``function_call``, Responses API
    ``*_call`` items, Anthropic ``tool_use`` blocks) with the index of the message holding the call and
    the one holding its result.

    A result answers the most recent call with its id that came before it and is not yet answered,
    so ids reused from turn to turn (``call_0`` each time, as some servers write them) pair each call
    with its own result. A result with no unanswered call of its id before it (its call was removed,
    or it is a second result for one call) is listed with ``call=None``."""
    msgs = as_messages(messages)
    links: list[list[Any]] = []  # [id, name, call index, result index]
    unanswered: dict[str, list[int]] = {}  # id -> positions in links of calls not yet answered
    orphans: list[tuple[str, int]] = []
    pending_function: list[int] = []

    def add_call(cid: str, i: int, name: str) -> int:
        links.append([cid, name, i, None])
        unanswered.setdefault(cid, []).append(len(links) - 1)
        return len(links) - 1

    def add_result(rid: str, i: int) -> None:
        waiting = unanswered.get(rid)
        if waiting:
            links[waiting.pop()][3] = i
        else:
            orphans.append((rid, i))

    for i, m in enumerate(msgs):
        role = m.get("role")
        for call in m.get("tool_calls") or ():
            if isinstance(call, Mapping):
                cid = str(call.get("id", f"#{i}:{len(links)}"))
                fn = call.get("function")
                name = str(fn.get("name", "")) if isinstance(fn, Mapping) else str(call.get("name", ""))
                add_call(cid, i, name)
        fc = m.get("function_call")
        if isinstance(fc, Mapping):
            pending_function.append(add_call(f"function_call@{i}", i, str(fc.get("name", ""))))
        if role == "tool" and "tool_call_id" in m:
            add_result(str(m["tool_call_id"]), i)
        kind = m.get("type")
        if "call_id" in m and role is None:  # a Responses API item
            item = responses_item_kind(kind)
            if item == "input":
                add_result(str(m["call_id"]), i)
            elif item == "call":
                add_call(str(m["call_id"]), i, str(m.get("name", "")))
        if role == "function" and pending_function:
            add_result(links[pending_function.pop(0)][0], i)
        content = m.get("content")
        if isinstance(content, Sequence) and not isinstance(content, str):
            for block in content:
                if not isinstance(block, Mapping):
                    continue
                kind = block.get("type")
                if kind in CALL_BLOCKS and "id" in block:
                    add_call(str(block["id"]), i, str(block.get("name", "")))
                elif "tool_use_id" in block:
                    add_result(str(block["tool_use_id"]), i)
    out = [ToolLink(cid, name, call, result) for cid, name, call, result in links]
    out.extend(ToolLink(rid, "", None, idx) for rid, idx in orphans)
    return out


def _is_output_item(m: Message) -> bool:
    """Whether ``m`` is something the model output: an assistant message, or a Responses API
    reasoning item or call (``function_call``, ``web_search_call``, ...)."""
    return m.get("role") == "assistant" or responses_item_kind(m.get("type")) in ("call", "output")


def reasoning_runs(msgs: Sequence[Message]) -> list[list[int]]:
    """Each Responses API ``reasoning`` item with the items the model output right after it in the
    same response (its calls, its answer): the API rejects one sent back without the others."""
    runs = []
    for i, m in enumerate(msgs):
        if m.get("type") == "reasoning":
            j = i + 1
            while j < len(msgs) and _is_output_item(msgs[j]):
                j += 1
            if j > i + 1:
                runs.append(list(range(i, j)))
    return runs


def tool_groups(messages: Sequence[Message]) -> list[list[int]]:
    """The messages that must be kept or removed together: each message alone, except that a message
    holding tool calls is joined with every message holding their results (parallel calls give one
    group of the call message and all its results), and a Responses API ``reasoning`` item with the
    items the model output after it in the same response (the API refuses a call sent back without
    the reasoning item before it). Groups are in order of their first message."""
    msgs = as_messages(messages)
    parent = list(range(len(msgs)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def join(x: int, y: int) -> None:
        a, b = find(x), find(y)
        if a != b:
            parent[max(a, b)] = min(a, b)

    for link in tool_links(msgs):
        if link.call is not None and link.result is not None:
            join(link.call, link.result)
    for run in reasoning_runs(msgs):
        for j in run[1:]:
            join(run[0], j)
    groups: dict[int, list[int]] = {}
    for i in range(len(msgs)):
        groups.setdefault(find(i), []).append(i)
    return sorted(groups.values(), key=lambda g: g[0])
