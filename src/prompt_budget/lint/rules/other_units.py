"""The units the rules' cases check a budget's number is never taken in: the false alarms of issue 19 (lines of
diff context, message counts, characters, bytes, seconds, a machine's memory, costs and prices), shared by the
case modules that write one case per unit."""

from __future__ import annotations

from typing import Final

#: Words of a unit that is not tokens, as a name's last word (``context_lines``, ``max_messages``).
OTHER_UNITS: Final = ("lines", "messages", "chars", "bytes", "seconds", "memory", "cost", "price")
#: Names of a cap in one of those units, as code writes them.
OTHER_UNIT_CAPS: Final = (
    "max_lines",
    "max_messages",
    "max_chars",
    "max_bytes",
    "timeout_seconds",
    "memory_limit",
    "max_cost",
    "max_price",
)

#: A module docstring naming tokens, put before a VALID case whose code names none: the rules' pre-check
#: reads only a module that names tokens, and a VALID case must stay quiet by the rule's reading, not by
#: being skipped.
READ_BY_PRECHECK: Final = '"""Counts the prompt\'s tokens with the model\'s tokenizer."""\n'
