"""PB101's cases from what sets 53 and 54 left (issue 19): a number given by position to a function
another module defines with a parameter named as a token budget (``imported_positional``, joined
project-wide: a file alone shows nothing; tests/lint/test_imported_positional.py shows the join).
Spliced into ``pb101_form_cases`` to keep the rule module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET53_VALID = (
    # another module's function: which parameter takes the number is known only project-wide (set 53: wcgw)
    Valid(
        "import asyncio\nfrom wcgw.client.memory import load_memory\nfrom .tools import get_tool_output\n\n"
        "memory = load_memory(task_id, 24000, 8000)\n"
        "out = asyncio.to_thread(get_tool_output, context, args, 0.0, loop, 24000, 8000)\n"
    ),
    # a number given by position to a name the module neither defines nor imports by name
    Valid("from . import tools\n\nout = tools.get_tool_output(context, args, 24000, 8000)\n"),
)

SET53_INVALID = (
    # the module's own function, also named as a budget by position (``positional_args``)
    Invalid(
        "def load_memory(task_id, coding_max_tokens, noncoding_max_tokens):\n    return task_id\n\n"
        "memory = load_memory(task_id, 24000, 8000)\n",
        line=4,
        count=2,
    ),
)
