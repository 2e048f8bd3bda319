"""PB104's cases from set 181 (issue 19). A window read through a local (``ctx = getattr(llm,
"context_length", 200_000)``, ``window = llm.context_length``) is tokens, so ``ctx * 4`` turns it into
characters when the product is named or used as characters, and when a share of it is then taken (``int(ctx
* 4 * 0.15)``, openprover's history budget: ``token_differences.shared_conversion``). A count of regular
expression matches (``len(NUMBER.findall(text))``, web-scout-ai's numbers) is items, not characters, so twice
another count of them is no rate; ``findall`` of one character class, written in the call or compiled in a
module constant (corecoder's ``_CJK_RE``), still counts characters. Spliced
into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: openprover's planner history: 15 % of the window in characters at 4 characters per token (PB104 reads the
#: rate, PB105 the share: ``pb105_set181_cases``).
HISTORY_BUDGET = (
    "class Prover:\n"
    '    """Planner history sized from the model\'s window of tokens."""\n\n'
    "    def __init__(self, llm):\n"
    "        ctx = getattr(llm, 'context_length', 200_000)\n"
    "        self.history_budget = int(ctx * 4 * 0.15)\n"
)
#: The same product of a count of items: no window, so neither a rate nor a share.
HISTORY_OF_ITEMS = "def history(messages):\n    ctx = len(messages)\n    return int(ctx * 4 * 0.15)\n"

SET181_VALID = (
    Valid(
        "import re\n\n"
        'NUMBER = re.compile(r"\\d+(?:[.,]\\d+)*")\n\n\n'
        "def _count_numeric_tokens(text):\n"
        "    return len(NUMBER.findall(text))\n\n\n"
        "def richer(rendered, content):\n"
        "    rendered_numbers = _count_numeric_tokens(rendered)\n"
        "    return rendered_numbers >= 2 * _count_numeric_tokens(content)\n"
    ),
    Valid(HISTORY_OF_ITEMS),
    Valid("def pages(llm):\n    ctx = getattr(llm, 'context_length', 200_000)\n    return ctx * 4\n"),
)

SET181_INVALID = (
    Invalid(HISTORY_BUDGET, line=6),
    Invalid(
        "def history_chars(llm):\n    window = llm.context_length  # tokens\n    max_chars = window * 4\n    return max_chars\n",
        line=3,
    ),
    Invalid(
        "import math\nimport re\n\n"
        '_CJK_RE = re.compile(r"[\\u4e00-\\u9fff]")\n\n\n'
        "def estimate_tokens(text):\n"
        "    cjk = len(_CJK_RE.findall(text))\n"
        "    return math.ceil(cjk / 1.5) + (len(text) - cjk) // 4\n",
        line=9,
        count=2,
    ),
)
