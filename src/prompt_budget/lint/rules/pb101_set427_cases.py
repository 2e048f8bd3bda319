"""Cases from sets 427 onward (issue 19), read by the rules they name.

Set 427's: PB105, not a share named for a budget and nothing else in a module that never says tokens, a prompt or
an LLM (intentops' charters of scheduled loops, ``"budget_share": 0.1`` beside a cadence and a kill switch,
``item_shares.budget_without_tokens``).

Set 429's: PB105, not RapidFuzz's similarity of two texts' word tokens (skillvariants' ``sim.token_set_ratio >=
0.45`` and ``WEIGHTS = {"token_set_ratio": 0.50, ...}``, ``names._FUZZY_SCORERS``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_LOOP_SHARE = (
    "_GOOD_ENTRY = {{\n"
    '    "id": "loop-example",\n'
    '    "cadence": {{"kind": "interval", "every": "30m"}},\n'
    '    "kill_switch": ".intentops/loops/example.disabled",\n'
    '    "budget_share": 0.1,\n'
    '    "unit": "{unit}",\n'
    "}}\n"
)
LOOP_SHARE_VALID = (Valid(_LOOP_SHARE.format(unit="runs")),)
LOOP_SHARE_INVALID = (Invalid(_LOOP_SHARE.format(unit="tokens"), line=5),)

_FUZZY = (
    "WEIGHTS = {{\n"
    '    "{name}": 0.50,\n'
    '    "char_ratio": 0.20,\n'
    "}}\n"
    "\n"
    "\n"
    "def label(sim, ratio):\n"
    "    if ratio >= 1.3 and sim.{name} >= 0.45:\n"
    '        return "expanded"\n'
    "    return None\n"
)
FUZZY_VALID = (Valid(_FUZZY.format(name="token_set_ratio")), Valid(_FUZZY.format(name="token_sort_ratio")))
FUZZY_INVALID = (Invalid(_FUZZY.format(name="token_share_ratio"), count=2),)
