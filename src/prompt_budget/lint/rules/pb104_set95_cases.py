"""PB104's cases from what sets 95 and 96 left (issue 19, tuner W): the characters of a text counted by
a range of code points (``sum(1 for c in text if "\\u4e00" <= c <= "\\u9fff")``, a wide script's share,
divided by its own rate), and a share of a length clamped by a literal floor (``target = max(len(text)
// int(ratio), 200)``) turned into a token cap (``num_predict: target // 4``). Spliced into
``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET95_VALID = (
    # a count of newline characters (an equality, not a range of code points): lines, halved into pages
    Valid(
        "def page_count(text):\n    newlines = sum(1 for c in text if c == '\\n')\n    return newlines // 2 + 1\n"
    ),
    # a code-point count halved outside any token context: columns of a terminal
    Valid(
        "def display_width(text):\n    wide = sum(1 for c in text if '\\u4e00' <= c <= '\\u9fff')\n"
        "    return len(text) + wide // 2\n"
    ),
    # a share of a length clamped by a floor, given to a width in characters
    Valid(
        "def wrap(text, ratio=3.0):\n    width = max(len(text) // int(ratio), 200)\n"
        "    return textwrap.fill(text, width=width // 4)\n"
    ),
    # a clamp of two lengths is no single length
    Valid(
        "def reply(text, other):\n    size = max(len(text), len(other))\n"
        "    return ollama.chat(model='m', messages=[], options={'temperature': 0.1, 'seconds': size // 4})\n"
    ),
)

SET95_INVALID = (
    # an average length over the values kept above zero (``max(n - empty, 1)`` is a count of items, no
    # length): the average stays characters (set 81: merlina)
    Invalid(
        "def stats(values):\n    total_chars = sum(len(v) for v in values)\n    n = len(values)\n"
        "    empty = values.count('')\n    avg_len = total_chars / max(n - empty, 1)\n"
        "    # Rough token estimate\n    avg_tokens = avg_len / 4.0\n    return avg_tokens\n",
        line=7,
    ),
    # set 95: nami-ai estimates tokens at two characters per CJK character, counted by a code-point range
    Invalid(
        "def estimate_tokens(text):\n"
        "    wide = sum(1 for ch in text if '\\u4e00' <= ch <= '\\u9fff' or '\\u3000' <= ch <= '\\u303f')\n"
        "    return (len(text) - wide) // 4 + wide // 2 + 1\n",
        line=3,
        count=2,
    ),
    # set 95: memory-v2-hx caps a summary's output at a quarter of its target length in characters
    Invalid(
        'import ollama\n\n\ndef summarize(text, max_ratio=3.0):\n    """Shrink the text; the model stops after its output tokens."""\n'
        "    target_len = max(len(text) // int(max_ratio), 200)\n"
        "    return ollama.chat(model='m', messages=[], options={'num_predict': target_len // 4})\n",
        line=7,
    ),
)
