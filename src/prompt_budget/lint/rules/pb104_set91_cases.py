"""PB104's cases from what sets 91 and 92 left (issue 19): an estimate added into a running sum ordered
against a token budget (``forms.compared_with_tokens``), an estimate summed over items and returned to
callers that use it as tokens (``estimator_callers``), a rate on the length of a wide script's matches
(``pb104_terms.rate_among_rates``), and the length of a parameter annotated as a list, which counts items
(``collected_lists.typed_list``). Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET91_VALID = (
    # a share of a list's items (a parameter annotated as a list) cuts a history: no rate per character
    Valid(
        "KEEP_RATIO = 0.4\n\n\ndef cut_index(history: list, keep_tokens: int) -> int:\n"
        '    """Index to cut at, keeping about keep_tokens tokens."""\n'
        "    return max(4, int(len(history) * KEEP_RATIO))\n"
    ),
    Valid(
        "from typing import List, Optional\n\n\ndef count_tokens(history: Optional[List[dict]]) -> int:\n"
        "    return int(len(history) * 0.25)\n"
    ),
    Valid("def count_tokens(convo: list[str] | None) -> int:\n    return len(convo) // 4\n"),
    # a running sum ordered against characters, lines, bytes, seconds, a cost: no tokens
    Valid(
        "def cut(parts, max_chars, max_tokens):\n    total = 0\n    for i, p in enumerate(parts):\n"
        "        total += len(p) // 4\n        if total >= max_chars:\n            return i\n    return 0\n"
    ),
    Valid(
        "def cut(lines, max_lines, max_tokens):\n    total = 0\n    for i, line in enumerate(lines):\n"
        "        total += len(line) // 4\n        if total > max_lines:\n            return i\n    return 0\n"
    ),
    Valid(
        "def pace(chunks, max_seconds, max_tokens):\n    spent = 0.0\n    for c in chunks:\n"
        "        spent += len(c) / 4\n        if spent > max_seconds:\n            break\n    return spent\n"
    ),
    # a running product is no sum
    Valid(
        "def shrink(text, max_tokens):\n    size = 1\n    size *= len(text) // 4\n"
        "    if size > max_tokens:\n        return text[:10]\n    return text\n"
    ),
    # an estimate summed over items and given to callers as lines, bytes, a cost: no tokens
    Valid(
        "TOKENIZER = None\n\n\nclass Packer:\n    def _size(self, items):\n"
        "        return sum(len(render(i)) // 4 for i in items)\n\n"
        "    def pack(self, items):\n        return Report(lines_used=self._size(items))\n"
    ),
    Valid(
        "TOKENIZER = None\n\n\nclass Packer:\n    def _size(self, items):\n"
        "        return sum(len(render(i)) // 4 for i in items)\n\n"
        "    def pack(self, items):\n        return Report(cost=self._size(items) * PRICE)\n"
    ),
    # a wide script's characters weighed for a display width or a price, not tokens
    Valid(
        "import re\n\nTOKENIZER = None\n\n\ndef display_width(text):\n"
        "    chinese = re.findall(r'[\\u4e00-\\u9fff]', text)\n    return int(len(chinese) * 1.5) + len(text)\n"
    ),
    Valid(
        "import re\n\nTOKENIZER = None\n\n\ndef price(text):\n"
        "    han = re.findall(r'[\\u4e00-\\u9fff]', text)\n    return len(han) * 1.5 + len(text) * 0.5\n"
    ),
    # a rate above 0.5 bound to a local summed only with plain counts, or weighing columns of a display
    Valid(
        "import re\n\n\ndef estimate_tokens(text):\n    marks = re.findall(r'[^\\w\\s]', text)\n"
        "    mark_tokens = len(marks) * 1.5\n    return int(mark_tokens + len(text.split()))\n"
    ),
    Valid(
        "import re\n\nTOKENIZER = None\n\n\ndef display_width(text):\n    wide = re.findall(r'[\\u3040-\\u30ff]', text)\n"
        "    marks = re.findall(r'[^\\w\\s]', text)\n    wide_cols = len(wide) * 1.5\n"
        "    mark_cols = len(marks) * 0.5\n    return int(wide_cols + mark_cols)\n"
    ),
)

SET91_INVALID = (
    # set 91: bharatcode, an inline estimate added up message by message until a token budget is kept
    Invalid(
        "import json\n\n\ndef find_cut(history, keep_tokens):\n    total = 0\n"
        "    for i in range(len(history) - 1, -1, -1):\n        total += len(json.dumps(history[i])) // 4\n"
        "        if total >= keep_tokens:\n            return i\n    return 0\n",
        line=7,
        key="chars_per_token",
    ),
    # set 92: hx-cli, an estimate summed over messages in a method whose callers bind it as tokens
    Invalid(
        "class Packer:\n    def _size(self, items):\n        return sum(len(render(i)) // 4 + extra(i) for i in items)\n\n"
        "    def pack(self, items):\n        return Report(tokens_used=self._size(items))\n",
        line=3,
        key="chars_per_token",
    ),
    # set 92: cokodo-agent, tokens per character of a wide script's matches beside a count of words
    Invalid(
        "import re\n\n\ndef estimate_tokens(text):\n    kanji = re.findall(r'[\\u4e00-\\u9fff]', text)\n"
        "    return int(len(kanji) * 1.5) + len(text.split())\n",
        line=6,
        key="tokens_per_char",
    ),
    # the same rates kept apart in locals and summed: a rate above 1 beside one below it, one estimate
    Invalid(
        "import re\n\n\ndef estimate_tokens(text):\n    wide = re.findall(r'[\\u3040-\\u30ff]', text)\n"
        "    marks = re.findall(r'[^\\w\\s]', text)\n    wide_tokens = len(wide) * 1.5\n"
        "    mark_tokens = len(marks) * 0.5\n    return int(wide_tokens + mark_tokens + len(text.split()))\n",
        count=2,
    ),
)
