"""Helpers for testing an agent's history reducer.

- ``count_history``: a conversation counted as the provider will see it on the next call (tool calls
  and results included, ephemeral messages excluded), through the one counting path
  (``prompt_budget.messages.count_request``).
- ``should_reduce``: whether a reduction should trigger for a threshold: a percent of the context
  window, a token budget, or a message count.
- ``tool_links`` / ``tool_groups``: which messages hold a tool call and which its result, in the OpenAI
  (``tool_calls`` + ``role="tool"``), OpenAI Responses (``function_call`` + ``function_call_output``
  items, with ``reasoning`` items kept with what follows them) and Anthropic (``tool_use`` +
  ``tool_result`` blocks) shapes, parallel calls included.
- ``remove_oldest``: simulate the remove-oldest-until-it-fits strategy, never splitting a tool call
  from its result and never removing system or pinned messages.
- ``assert_reduced``: the assertion for a reducer's tests. It fails when the reduced history is still
  over budget, when a tool call lost its result (or a result its call), when the system prompt or a
  pinned message was dropped, or when more was removed than needed.

Modules: ``conversation`` (``count_history``, ``should_reduce``), ``tools`` (``tool_links``,
``tool_groups``) and ``reduce`` (``remove_oldest``, ``assert_reduced``).
"""

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
