"""PB104's cases from sets 161 and 162 (issue 19): a token cap times a rate of characters per token, the
characters then cut to a share of them (set 162: mem-deep-research's ``max_tool_result_chars = max(10_000,
(max_context_length * 4) // 20)``, "~5% of context budget per tool result (chars ≈ tokens * 4)":
``pb104_lengths.share_of_conversion``). The division by twenty is no rate of its own, so the product is judged by
itself, as without it. A product of an amount that is no token cap, or one not turned into characters, is not.
Set 161: a wide script's count rounded up and divided by its rate beside the rate of other characters
(mindkeep's ``(other + 3) // 4 + (cjk + 1) // 2``: ``pb104_terms.rate_among_rates``), both rates reported. Set
164: the length of one message, a string, divided by a rate and given as an estimate of tokens (persona-runtime's
``RoutingContext(estimated_input_tokens=len(user_message) // 4)``: ``names.ITEM_WORDS``); ``len(messages)``, a
count of messages, is not. Spliced into ``pb104_set123_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_LIMIT = (
    "def build(cfg):\n"
    '    {cap} = cfg.llm.get("{cap}", -1)\n'
    "    if {cap} > 0:\n"
    "        # ~5% of the budget per tool result (chars = tokens * 4)\n"
    "        {target} = max(10_000, ({cap} * 4) // 20)\n"
    "    else:\n"
    "        {target} = 30_000\n"
    "    return {target}\n"
)

_WIDE = (
    "def estimate(text: str) -> int:\n"
    '    """Return an approximate token count for *text*."""\n'
    "    {wide} = 0\n"
    "    other = 0\n"
    "    for ch in text:\n"
    "        if _is_cjk(ch):\n"
    "            {wide} += 1\n"
    "        else:\n"
    "            other += 1\n"
    "    return (other + 3) // 4 + ({wide} + 1) // 2\n"
)

_ROUTING = (
    "def build(user_message: str, messages: list):\n"
    "    return RoutingContext(estimated_input_tokens=len({text}) // 4)\n"
)

SET161_VALID = (
    Valid(_ROUTING.format(text="messages")),
    Valid(_LIMIT.format(cap="max_lines", target="max_tool_result_chars")),
    Valid(_LIMIT.format(cap="max_context_length", target="max_tool_results")),
)

SET161_INVALID = (
    Invalid(_LIMIT.format(cap="max_context_length", target="max_tool_result_chars"), line=5),
    Invalid(_LIMIT.format(cap="max_context_tokens", target="result_char_limit"), line=5),
    Invalid(_WIDE.format(wide="cjk"), count=2),
    Invalid(_ROUTING.format(text="user_message"), line=2),
    # a count not named for a wide script: the rate of other characters only
    Invalid(_WIDE.format(wide="pairs"), count=1),
)
