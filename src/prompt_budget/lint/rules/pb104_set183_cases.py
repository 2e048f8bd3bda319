"""PB104's cases from set 183 (issue 19: reasonblocks' ``_text_len``, "Rough token estimate (chars/4)"). A
docstring or comment giving the rate as a division of characters (``chars/4``, ``characters // 3.5``)
states it (``stated_rates``), so every quotient of the function at that rate is a token estimate, also one
added up in a loop; a docstring stating another rate, or none, leaves a quotient in a generic local alone.
Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_LEN = (
    "def _text_len(blocks):\n"
    '    """{doc}"""\n'
    "    n = 0\n"
    "    for b in blocks:\n"
    "        t = b.text\n"
    "        n += len(t) // 4\n"
    "    return n\n"
)

SET183_VALID = (
    Valid(_LEN.format(doc="Rough size of the text content, in pages.")),
    Valid(_LEN.format(doc="Rough token estimate (chars/3) of the text.")),
)

SET183_INVALID = (
    Invalid(_LEN.format(doc="Rough token estimate (chars/4) of one message's text content."), line=6),
    Invalid(_LEN.format(doc="Tokens, estimated as characters / 4."), line=6),
)
