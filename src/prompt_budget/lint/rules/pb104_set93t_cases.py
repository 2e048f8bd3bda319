"""PB104's cases from what sets 93 and 94 left (issue 19, tuner T): rates of tokens per character given
as parameter defaults and applied to the entries of a dict of character counts that a function of the
same module returns by kind of character (``counted_entries``). Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_KINDS = (
    "def tally(s: str) -> dict:\n"
    "    cjk = sum('\\u3040' <= ch <= '\\u9fff' for ch in s)\n"
    "    latin = sum(ch.isalpha() and ch.isascii() for ch in s)\n"
    "    return {'cjk': cjk, 'latin': latin, 'rest': len(s) - cjk - latin}\n\n"
)

SET93T_VALID = (
    # the same weights of each kind of character, outside a token estimate: seconds, a price, memory
    Valid(
        _KINDS + "def reading_seconds(s, cjk_rate=0.6, latin_rate=0.25):\n    k = tally(s)\n"
        "    return k['cjk'] * cjk_rate + k['latin'] * latin_rate\n"
    ),
    Valid(
        _KINDS + "def price(s, latin_cost=0.25, rest_cost=0.33):\n    k = tally(s)\n"
        "    return k['latin'] * latin_cost + k['rest'] * rest_cost\n"
    ),
    Valid(
        _KINDS
        + "def memory_kb(s, latin_weight=0.25):\n    k = tally(s)\n    return k['latin'] * latin_weight\n"
    ),
    # a dict of counts of lines and messages, not characters, weighed in a token estimate
    Valid(
        "def tally(messages, lines):\n    return {'messages': len(messages), 'lines': len(lines)}\n\n"
        "def estimate_tokens(messages, lines, per_line=0.25):\n    k = tally(messages, lines)\n"
        "    return int(k['lines'] * per_line)\n"
    ),
    # a dict a function returns from elsewhere (not counts of characters): bytes of each part
    Valid(
        "def sizes(parts):\n    return {'head': len(parts[0].encode()), 'body': len(parts[1].encode())}\n\n"
        "def estimate_tokens(parts, head_rate=0.6):\n    k = sizes(parts)\n    return int(k['head'] * head_rate)\n"
    ),
)

SET93T_INVALID = (
    # set 94: inquirycraft's fallback estimate, one rate per kind of character as a parameter default
    Invalid(
        _KINDS + "def estimate_tokens(s, cjk_rate=0.6, latin_rate=0.25, rest_rate=0.33):\n"
        "    k = tally(s)\n"
        "    return int(k['cjk'] * cjk_rate + k['latin'] * latin_rate + k['rest'] * rest_rate)\n",
        line=6,
        count=3,
    ),
    # one rate, a quarter token per character of the text's remaining kind
    Invalid(
        _KINDS
        + "def count_tokens(s, rest_rate=0.3):\n    k = tally(s)\n    return round(k['rest'] * rest_rate)\n",
        line=6,
    ),
)
