"""PB104's cases from sets 147 and 148 (issue 19): a length divided into tokens and collected (``append``,
``add``...) in a function whose docstring says it gives tokens (set 148: suspense's ``_tool_result_sizes``,
"{tool name: [approx tokens of each result]}", ``sizes.setdefault(name, []).append(len(str(content)) // 4)``:
``pb104_context.token_context``). Spliced into ``pb104_set123_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SIZES = (
    "def tool_sizes(messages):\n"
    '    """{doc}"""\n'
    "    sizes = {{}}\n"
    "    for m in messages:\n"
    "        sizes.setdefault(m['name'], []).append(len(str(m['content'])) // 4)\n"
    "    return sizes\n"
)

SET147_VALID = (
    Valid(_SIZES.format(doc="{tool name: [quarter of each result's length]}")),
    Valid(_SIZES.format(doc="Group results by tool.")),
)

SET147_INVALID = (
    Invalid(_SIZES.format(doc="{tool name: [approx tokens of each result]} from a conversation."), line=5),
)
