"""PB101's cases from set 108 (issue 19): a library keyword documented in tokens though its name does not
say so (LangChain v1's ``ClearToolUsesEdit(trigger=..., clear_at_least=...)``, ``request_entries``).
Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_EDIT = "from langchain.agents.middleware import ClearToolUsesEdit\n\n"

SET107_VALID = (
    # ``keep`` counts the most recent tool results, not tokens
    Valid(_EDIT + "edit = ClearToolUsesEdit(keep=30)\n"),
    # a ``trigger`` of any other callee says nothing of its unit
    Valid("job = schedule.Cron(trigger=100_000)\n"),
)

SET107_INVALID = (
    # set 108: chcode's context editing, `ClearToolUsesEdit(trigger=100_000, keep=3, ...)`
    Invalid(_EDIT + "edit = ClearToolUsesEdit(trigger=100_000, keep=3)\n", line=3, key="trigger"),
    Invalid(_EDIT + "edit = ClearToolUsesEdit(trigger=50_000, clear_at_least=5_000)\n", count=2),
)
