"""PB102's cases from sets 161 and 162 (issue 19): a cryptocurrency's tokens are no model's (set 162: clawmes's
``_MIN_BURN_TOKENS = 1_000_000`` and ``_MAX_BURN_TOKENS = 10_000_000``, the least and most coins a user may
burn: ``names.EXCLUDED_WORDS``). A bound on a model's tokens beside them is still one. A field whose docstring
says, in Chinese, a budget or a maximum of tokens, the word "token" glued to the Chinese (set 161: isage-refiner's
``budget: int = 2048`` under the docstring "token预算，控制压缩后的最大长度": ``field_docstrings.says_token_limit``), is a
token budget; one saying a count of tokens, or no tokens, is not. Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_BURN = (
    "_MIN_{what}_TOKENS = 1_000_000\n"
    "_MAX_{what}_TOKENS = 10_000_000\n\n\n"
    "def check(amount: int) -> str | None:\n"
    "    if amount < _MIN_{what}_TOKENS:\n"
    '        return "below the minimum"\n'
    "    if amount > _MAX_{what}_TOKENS:\n"
    '        return "above the maximum"\n'
    "    return None\n"
)

_FIELD = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\n"
    "class RefinerConfig:\n"
    "    budget: int = 2048\n"
    '    """{doc}"""\n'
)

SET161_VALID = (
    Valid(_BURN.format(what="BURN")),
    Valid(_BURN.format(what="WEI")),
    Valid(_FIELD.format(doc="token计数，压缩后的长度")),
    Valid(_FIELD.format(doc="缓存的最大条目数")),
)

SET161_INVALID = (
    Invalid(_BURN.format(what="PROMPT").replace("1_000_000", "1_000"), count=2),
    Invalid(_FIELD.format(doc="token预算，控制压缩后的最大长度"), line=6),
)
