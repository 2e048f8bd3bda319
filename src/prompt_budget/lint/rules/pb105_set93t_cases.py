"""PB105's cases from what sets 93 and 94 left (issue 19, tuner T): a share written as parts of a whole
(``target * 2 // 3``) of an amount named for nothing, bound to a local that its function orders against a
count of tokens (``ordered_shares``). Spliced into ``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET93T_VALID = (
    # the same share ordered against lines, messages, characters, bytes, seconds, memory, a cost
    Valid(
        "def keep_tail(lines, *, target):\n    tail = max(1, target * 2 // 3)\n    kept = []\n"
        "    for line in reversed(lines):\n        if len(kept) + 1 > tail:\n            break\n"
        "        kept.append(line)\n    return kept\n"
    ),
    Valid(
        "def keep_tail(messages, *, target):\n    tail = target * 2 // 3\n"
        "    return messages if len(messages) <= tail else messages[-tail:]\n"
    ),
    Valid(
        "def clip(text, *, target):\n    tail = max(1, target * 3 // 4)\n    return text if len(text) < tail else text[:tail]\n"
    ),
    Valid(
        "def spend(costs, *, target):\n    tail = target * 2 // 3\n    total_cost = 0\n    for c in costs:\n"
        "        if total_cost + c > tail:\n            break\n        total_cost += c\n    return total_cost\n"
    ),
    Valid(
        "def wait(elapsed_seconds, *, target):\n    tail = target * 2 // 3\n    return elapsed_seconds > tail\n"
    ),
    Valid("def fits(used_memory, *, target):\n    tail = target * 2 // 3\n    return used_memory < tail\n"),
    # a ratio scaling a count of tokens into words, a cost, a display, or a cut by characters or lines
    Valid(
        "import tiktoken\n\nENC = tiktoken.get_encoding('cl100k_base')\nWORDS_FACTOR = 0.75\n\n"
        "def words(text):\n    n_words = int(len(ENC.encode(text)) * WORDS_FACTOR)\n    return n_words\n"
    ),
    Valid(
        "import tiktoken\n\nENC = tiktoken.get_encoding('cl100k_base')\nDISCOUNT = 0.8\n\n"
        "def price(text):\n    cost = round(len(ENC.encode(text)) * DISCOUNT)\n    return f'{cost} cents'\n"
    ),
    Valid(
        "import tiktoken\n\nENC = tiktoken.get_encoding('cl100k_base')\nSHRINK = 0.8\n\n"
        "def shrink(text):\n    keep = int(len(ENC.encode(text)) * SHRINK)\n    return truncate_chars(text, keep)\n"
    ),
    Valid(
        "import tiktoken\n\nENC = tiktoken.get_encoding('cl100k_base')\nSHRINK = 0.8\n\n"
        "def shrink(text):\n    keep = int(len(ENC.encode(text)) * SHRINK)\n    return trim_lines(text, keep)\n"
    ),
    # a share bound to a local never ordered against anything
    Valid("def plan(*, target):\n    tail = max(1, target * 2 // 3)\n    return {'tail': tail}\n"),
)

SET93T_INVALID = (
    # set 94: inquirycraft's compaction keeps the newest messages up to two thirds of the target
    Invalid(
        "from .counting import estimate_tokens\n\n"
        "def compact(messages, *, target):\n    tokens = 0\n    tail = max(1, target * 2 // 3)\n"
        "    start = len(messages)\n    while start > 0:\n        more_tokens = estimate_tokens(messages[start - 1])\n"
        "        if tokens + more_tokens > tail:\n            break\n        tokens += more_tokens\n        start -= 1\n"
        "    return messages[start:]\n",
        line=5,
    ),
    # set 93: qmix-report-writer's retry keeps a shrinking share of a text's tokens
    Invalid(
        "import tiktoken\n\nENC = tiktoken.get_encoding('cl100k_base')\nMIN_KEEP = 64\nSHRINK = 0.8\n\n"
        "def retry(text, send):\n    keep = int(len(ENC.encode(text)) * SHRINK)\n    while keep >= MIN_KEEP:\n"
        "        try:\n            return send(truncate_to_tokens(text, keep))\n        except ValueError:\n"
        "            keep = int(keep * SHRINK)\n    return None\n",
        line=5,
    ),
    # three quarters of a capacity, ordered against a count of tokens directly
    Invalid(
        "def over(prompt, counter, capacity):\n    soft = int(capacity * 3 / 4)\n"
        "    return counter.count_tokens(prompt) >= soft\n",
        line=2,
    ),
)
