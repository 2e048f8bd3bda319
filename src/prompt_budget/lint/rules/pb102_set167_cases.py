"""PB102's cases from sets 167 and 168 (issue 19): a per-item token cost kept in a class constant, read into a
local that is then taken off a budget spent down item by item (set 168: daryl-dsm's ``_TOKENS_PER_ENTRY = 300``
... ``budget = max_tokens`` ... ``cost = self._TOKENS_PER_ENTRY`` ... ``if budget - cost < 0: break`` ...
``budget -= cost``: ``handed_names.bound_local_use``, ``token_minuends.spent_budget``). The local is followed
only up to where it is bound again, so a second constant read into the same local is judged by its own reads. A
local spent down that was bound to something other than a budget (a count of entries) says nothing, nor does a
constant read into a local used only as a count. Set 168: a constant added to a local bound only to a clamp of
budgets (fastfence's ``maximum = min(call.max_output_tokens, rule.max_output_tokens) if ... else 0`` ...
``maximum + MODEL_PROMPT_TEMPLATE_ALLOWANCE``: ``token_minuends.addition_use``), not to a local bound to
something else. Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SPENT = (
    "class Reader:\n"
    "    _TOKENS_PER_ENTRY = 300\n"
    "    _TOKENS_PER_DIGEST = 80\n"
    "\n"
    "    def read(self, entries, digests, max_tokens):\n"
    "        {left} = {start}\n"
    "        out = []\n"
    "        for e in entries:\n"
    "            cost = self._TOKENS_PER_ENTRY\n"
    "            if {left} - cost < 0:\n"
    "                break\n"
    "            out.append(e)\n"
    "            {left} -= cost\n"
    "        for d in digests:\n"
    "            if {left} <= 0:\n"
    "                break\n"
    "            cost = self._TOKENS_PER_DIGEST\n"
    "            out.append(d)\n"
    "            {second} {op}= cost\n"
    "        return out\n"
)

_ALLOWANCE = (
    "MODEL_PROMPT_TEMPLATE_ALLOWANCE = 1024\n"
    "\n"
    "\n"
    "def prepare(call, rule, input_units, max_output_bytes):\n"
    "    maximum = min({first}, {second}) if call is not None else 0\n"
    "    return input_units + (maximum + MODEL_PROMPT_TEMPLATE_ALLOWANCE if call else max_output_bytes)\n"
)

SET167_VALID = (
    Valid(_ALLOWANCE.format(first="call.max_output_bytes", second="rule.max_output_bytes")),
    Valid(_ALLOWANCE.format(first="call.max_output_tokens", second="len(input_units)")),
    # the local spent down holds a number of entries, not a budget
    Valid(_SPENT.format(left="budget", start="len(entries)", second="budget", op="-")),
    Valid(_SPENT.format(left="room", start="max_entries", second="room", op="-")),
)

SET167_INVALID = (
    Invalid(_ALLOWANCE.format(first="call.max_output_tokens", second="rule.max_output_tokens"), line=1),
    Invalid(_SPENT.format(left="budget", start="max_tokens", second="budget", op="-"), count=2),
    # the second constant only added up into another local: the first alone is charged against the budget
    Invalid(_SPENT.format(left="budget", start="max_tokens", second="spent", op="+"), line=2),
)
