"""PB104's cases from sets 167 and 168 (issue 19): a module's estimator of tokens handed on uncalled as the
counter a spec names (set 168: percolate-core's ``def _estimate(text): return max(1, len(text) // 4)`` ...
``def token_counter(spec): if spec == "estimate": return _estimate``:
``estimator_callers.returned_to_token_callers``). A function handed on to a name saying nothing of tokens is
not one. Spliced into ``pb104_set123_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_HANDED = (
    "from typing import Callable\n"
    "\n"
    "\n"
    "def _estimate(text: str) -> int:\n"
    '    """Characters over four, floored at one."""\n'
    "    return max(1, len(text) // 4)\n"
    "\n"
    "\n"
    "def {getter}(spec: str) -> Callable[[str], int]:\n"
    '    if spec == "estimate":\n'
    "        return _estimate\n"
    "    raise ValueError(spec)\n"
)

_GIVEN = (
    "def _estimate(text):\n"
    "    return len(text) // 4\n"
    "\n"
    "\n"
    "def build(chunker):\n"
    "    return chunker({keyword}=_estimate)\n"
)

SET167_VALID = (
    Valid(_HANDED.format(getter="page_counter")),
    Valid(_GIVEN.format(keyword="length_function")),
)

SET167_INVALID = (
    Invalid(_HANDED.format(getter="token_counter"), line=6),
    Invalid(_GIVEN.format(keyword="token_counter"), line=2),
)
