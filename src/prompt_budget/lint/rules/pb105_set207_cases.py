"""Cases from sets 207 and 208 (issue 19: zzm-agent's compression levels, weightclass's argv, edify's line
budgets, btp-guard's savings bonus).

PB105: a level above one that a local bound only to tokens over a budget is ordered against (``pressure =
raw_tokens / token_budget`` ... ``if pressure <= 1.25``) is a threshold on how far the budget is overrun
(``ratio_reads.usage_thresholds``). PB102: a name of a command line's arguments counts shell tokens, no
model's (``MAX_ARGV_TOKENS_V3 = 32``, ``names.EXCLUDED_WORDS``). PB101: in a module that never says tokens, a
table named only for budgets whose rows are small (``BUDGET = {"skill": 80, "agent": 150}``, lines of a skill
file) is no table of token budgets, so its lookup's fallback is none (``budget_rows``). PB104: the length of a
list the function builds counts items, not characters (``len(consolidated_heuristics) * 0.5``,
``collected_lists.listed_items``). Spliced into ``pb105_set111_cases``, ``pb102_set117_cases``,
``pb101_set111_cases`` and ``pb104_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_PRESSURE = (
    "def select(raw_{unit}: int, {unit}_budget: int) -> str:\n"
    "    if {unit}_budget <= 0:\n"
    '        return "heavy"\n'
    "    pressure = raw_{unit} / {unit}_budget\n"
    "    if pressure <= 1.25:\n"
    '        return "light"\n'
    "    if pressure <= 2.5:\n"
    '        return "medium"\n'
    '    return "heavy"\n'
)

PRESSURE_VALID = (Valid(_PRESSURE.format(unit="rows")), Valid(_PRESSURE.format(unit="bytes")))
PRESSURE_INVALID = (Invalid(_PRESSURE.format(unit="tokens"), line=5, count=2),)

_ARGV = (
    "{name} = 32\n\n\n"
    "def check(argv) -> bool:\n"
    "    return isinstance(argv, (list, tuple)) and 1 <= len(argv) <= {name}\n"
)
ARGV_VALID = (Valid(_ARGV.format(name="MAX_ARGV_TOKENS_V3")),)
ARGV_INVALID = (Invalid(_ARGV.format(name="MAX_PROMPT_TOKENS").replace("= 32", "= 3200"), line=1),)

_SKILL = (
    "{comment}"
    'BUDGET = {{"skill": {small}, "agent": {large}}}\n\n\n'
    "class Skill:\n"
    '    kind: str = "skill"\n'
    "    body_lines: int = 0\n\n"
    "    @property\n"
    "    def budget(self) -> int:\n"
    "        return BUDGET.get(self.kind, {small})\n"
)
TABLE_VALID = (
    # set 208: edify's lines of a skill file, in a module that never says tokens
    Valid(_SKILL.format(comment="# at most 80 lines for a skill\n", small=80, large=150)),
)
TABLE_INVALID = (
    # the same table where the module speaks of tokens, or with window-sized rows
    Invalid(_SKILL.format(comment="# tokens of a skill's body\n", small=800, large=1500), line=11),
    Invalid(_SKILL.format(comment="", small=2048, large=4096), line=10),
)

_BONUS = (
    "def dream(items: list) -> float:\n"
    "    {collected} = []\n"
    "    for item in items:\n"
    "        {collected}.append({{'key': item}})\n"
    "    token_savings_pct = min(75.0, 30.0 + len({collected}) * 0.5)\n"
    "    return token_savings_pct\n"
)
_TEXT = (
    "def estimate(doc: str) -> int:\n"
    "    text = doc.strip()\n"
    "    estimated_tokens = int(len(text) * 0.25)\n"
    "    return estimated_tokens\n"
)
BONUS_VALID = (Valid(_BONUS.format(collected="consolidated_heuristics")),)
BONUS_INVALID = (Invalid(_TEXT, line=3),)
