"""PB106's cases from sets 143 and 144 (issue 19): a reserve taken off an entry of a table named as context
windows, looked up by a key not written (set 144: mcs-core's ``window = _LLM_CONTEXT_WINDOWS.get(write_llm,
_DEFAULT_CONTEXT_WINDOW)`` ... ``min(8000, (window - 2000) // 2)``: ``table_entries.table_name``). Spliced into
``pb106_total_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_LOOKUP = "def auto_budget(llm):\n    window = {table}{lookup}\n    return min(8000, (window - 2000) // 2)\n"

SET143_VALID = (
    # a table of something else; an entry named by a written key that says no budget
    Valid(_LOOKUP.format(table="_RETRY_DELAYS", lookup=".get(llm, 30)")),
    Valid(_LOOKUP.format(table="_PAGE_SIZES", lookup="[llm]")),
    Valid(_LOOKUP.format(table="_LLM_CONTEXT_WINDOWS", lookup='.get("label", 30)')),
    # a slice of a table named as windows is a part of a sequence, no entry
    Valid("def last(windows):\n    kept = windows[1:]\n    return len(kept) - 2000\n"),
)

SET143_INVALID = (
    Invalid(_LOOKUP.format(table="_LLM_CONTEXT_WINDOWS", lookup=".get(llm, 16_000)"), line=3),
    Invalid(_LOOKUP.format(table="MAX_TOKENS_BY_MODEL", lookup="[llm]"), line=3),
    Invalid(_LOOKUP.format(table="self.context_windows", lookup=".get(llm)"), line=3),
)
