"""Helpers for testing an agent's history reducer: ``count_history`` and ``should_reduce`` (module
``conversation``), ``tool_links`` and ``tool_groups``, which pair each tool call with its result in the
OpenAI, OpenAI Responses and Anthropic shapes (module ``tools``), and ``remove_oldest`` and
``assert_reduced``, which never split a tool call from its result nor drop a system or pinned message
(module ``reduce``)."""

from __future__ import annotations

from prompt_budget.history.conversation import Trigger, count_history, should_reduce
from prompt_budget.history.reduce import (
    HistoryCheckFailed,
    Reduction,
    ReductionCheck,
    assert_reduced,
    remove_oldest,
)
from prompt_budget.history.tools import ToolLink, tool_groups, tool_links

__all__ = [
    "HistoryCheckFailed",
    "Reduction",
    "ReductionCheck",
    "ToolLink",
    "Trigger",
    "assert_reduced",
    "count_history",
    "remove_oldest",
    "should_reduce",
    "tool_groups",
    "tool_links",
]
