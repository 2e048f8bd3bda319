"""PB104's cases from what sets 79 and 80 left (issue 19): a running remainder of tokens (a local that
starts at a token amount and is only lessened by token amounts) times a rate that cuts a text
(``token_differences``); a lambda bound or given under a name of counting tokens returns a count of
tokens, so a rate of 2 in its body is one (``pb104_context.result_is_tokens``); a local named as encoded,
bound to a text's UTF-8 encoding (also through a function of the module returning one), is no base64
(``pb104_bytes.encoded_text``). Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_FIT = (
    "def fit(history, config):\n    kept = []\n    left = config.max_history_tokens\n"
    "    for turn in reversed(history):\n        turn_tokens = count_tokens(turn)\n"
    "        if turn_tokens > left:\n            char_cap = left * 4\n            turn = turn[:char_cap]\n"
    "            turn_tokens = left\n        kept.append(turn)\n"
)
_DUMP = "import json\nimport math\n\ndef _dump(rows):\n    return json.dumps(rows).encode('utf-8')\n\n"

SET79_VALID = (
    # a remainder lessened by characters, or grown: no running remainder of tokens
    Valid(_FIT + "        left -= len(turn)\n    return kept\n"),
    Valid(_FIT + "        left += turn_tokens\n    return kept\n"),
    # a remainder of lines, messages, bytes, seconds, memory or money
    Valid(
        "def fit(rows, config):\n    left = config.max_lines\n    for row in rows:\n"
        "        cap = left * 4\n        row = row[:cap]\n        left -= row_lines\n    return rows\n"
    ),
    Valid(
        "def fit(rows, config):\n    left = config.memory_budget_bytes\n    for row in rows:\n"
        "        cap = left * 4\n        row = row[:cap]\n        left -= used_bytes\n    return rows\n"
    ),
    # a halving lambda under a name of no token count: characters, lines, a sort key, a price
    Valid("def show(text):\n    half = lambda s: len(s) // 2\n    return half(text)\n"),
    Valid("def show(text):\n    count_chars = lambda s: len(s) // 2\n    return count_chars(text)\n"),
    Valid("rows = sorted(texts, key=lambda s: len(s) // 2)\n"),
    Valid(
        "def show(texts):\n    line_cost = lambda s: len(s) // 2\n    return [line_cost(t) for t in texts]\n"
    ),
    # base64, made in the function or by a function of the module: base64 arithmetic, no tokens
    Valid(
        "import base64\nimport math\n\ndef pack(image):\n    encoded = base64.b64encode(image)\n"
        "    return Packet(estimated_tokens=math.ceil(len(encoded) / 4))\n"
    ),
    Valid(
        "import base64\nimport math\n\ndef _b64(image):\n    return base64.b64encode(image)\n\n"
        "def pack(image):\n    encoded = _b64(image)\n    return Packet(estimated_tokens=math.ceil(len(encoded) / 4))\n"
    ),
    # an encoding given as a parameter: what it encodes is not known
    Valid(
        "import math\n\ndef pack(encoded):\n    return Packet(estimated_tokens=math.ceil(len(encoded) / 4))\n"
    ),
)

SET79_INVALID = (
    # set 79: orionagent's dialogue budget, cut per message at 4 characters per token of what is left
    Invalid(_FIT + "        left -= turn_tokens\n    return kept\n", line=7),
    # set 79: ai-agent-axon's fallback estimator, 2 characters per token, bound or given as a token counter
    Invalid(
        "def fits(text, budget_tokens):\n    estimate_tokens = lambda s: len(s) // 2\n"
        "    return estimate_tokens(text) <= budget_tokens\n",
        line=2,
    ),
    Invalid("trimmer = Trimmer(token_counter=lambda t: max(1, len(t) // 2))\n"),
    # set 80: hiveloom's packet, its UTF-8 bytes over 4 given as its estimated tokens
    Invalid(
        _DUMP + "def pack(rows):\n    encoded = _dump(rows)\n"
        "    return Packet(size=len(encoded), estimated_tokens=math.ceil(len(encoded) / 4))\n",
        line=9,
    ),
    Invalid(
        "import math\n\ndef pack(text):\n    encoded = text.encode('utf-8')\n"
        "    return Packet(estimated_tokens=math.ceil(len(encoded) / 4))\n",
        line=5,
    ),
)
