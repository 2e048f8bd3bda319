"""PB107's cases from set 181 (issue 19: openprover's ``MODEL_CONTEXT_LENGTHS = {"MiniMaxAI/MiniMax-M2.5":
196608}``). A table of one row so far is a table when its name says windows in the plural and its row is a
model's id and a window (``pb107_reads.one_window_row``); one row named in the singular, keyed by no model, or
holding a number too small for a window is not. Spliced into ``pb107_set63_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET181_VALID = (
    Valid('CONTEXT_WINDOW = {"gpt-4o": 128000}\n'),
    Valid('CONTEXT_WINDOWS = {"default": 8192}\n'),
    Valid('RETRY_LIMITS = {"gpt-4o": 3}\n'),
    Valid('MODEL_CONTEXT_LENGTHS = {"gpt-4o": 512}\n'),
)

SET181_INVALID = (
    Invalid('MODEL_CONTEXT_LENGTHS = {\n    "MiniMaxAI/MiniMax-M2.5": 196608,\n}\n', line=1),
    Invalid('CONTEXT_WINDOWS = {"gpt-4o": 128000}\n', line=1),
)
