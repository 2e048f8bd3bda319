"""PB107's cases from sets 161 and 162 (issue 19): a table named for nothing but caps, whose row a getter
returns by a key it is given, the getter's result compared with a count of tokens (set 161: mindkeep's
``_DEFAULT_CAPS = {"fact": 100, "adr": 1500}``, ``return _DEFAULT_CAPS[kind]`` from ``_resolve_cap(kind)``, then
``if post_tokens > cap``: ``preset_reach.keyed_reach``). The same table whose rows are compared with a count of
messages, or never leave the getter, is not; nor a table of a unit's multipliers whose row scales the number a
parser read (set 164: pr-review-agent's ``_MULTIPLIER = {"k": 1_000, "m": 1_000_000}`` ... ``Decimal(number) *
_MULTIPLIER[suffix]``, the parsed count then given as ``max_run_tokens=``). Spliced into ``pb107_set63_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CAPS = (
    "import os\n\n"
    '_DEFAULT_CAPS: dict[str, int] = {{"fact": 100, "adr": 1500}}\n'
    '_CAP_ENV = {{"fact": "FACTS_CAP", "adr": "ADRS_CAP"}}\n\n\n'
    "def _resolve_cap(kind: str) -> int:\n"
    "    raw = os.environ.get(_CAP_ENV[kind])\n"
    "    if raw:\n"
    "        return int(raw)\n"
    "    return _DEFAULT_CAPS[kind]\n\n\n"
    "def guard(kind, post):\n"
    "    cap = _resolve_cap(kind)\n"
    "    {count} = {measure}(post)\n"
    "    if {count} > cap:\n"
    "        raise ValueError(cap)\n"
)

_SUFFIXED = (
    "from decimal import Decimal\n\n"
    '_MULTIPLIER = {"k": 1_000, "m": 1_000_000}\n\n\n'
    "def _tokens(number: str, suffix: str) -> int:\n"
    "    scaled = Decimal(number) * _MULTIPLIER[suffix.lower()]\n"
    "    return int(scaled)\n\n\n"
    "def budget(data):\n"
    "    return Budget(max_run_tokens=_tokens(data['n'], data['unit']))\n"
)

SET161_VALID = (
    Valid(_SUFFIXED),
    Valid(_CAPS.format(count="n_messages", measure="len")),
    Valid(
        _CAPS.format(count="post_tokens", measure="estimate_tokens").replace(
            "cap = _resolve_cap", "cap = int"
        )
    ),
)

SET161_INVALID = (Invalid(_CAPS.format(count="post_tokens", measure="estimate_tokens"), line=3),)
