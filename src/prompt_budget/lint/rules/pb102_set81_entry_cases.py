"""PB102's cases from what sets 81 and 82 left (issue 19): a list bound only to a mapping's entries
(``sorted(doc_freq.items(), ...)``) is a vocabulary, one entry per distinct word, whatever its name; a
size cutting it is no token budget (``entry_lists``). Spliced into ``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_FIT = (
    "class Embedder:\n    def __init__(self, max_features=512):\n        self._max_features = max_features\n\n"
    "    def fit(self, texts):\n        freq = {}\n        for t in texts:\n            for w in t.split():\n"
    "                freq[w] = freq.get(w, 0) + 1\n"
)

SET81_ENTRY_VALID = (
    # set 81: memboot's TF-IDF embedder, the vocabulary's top entries by document frequency
    Valid(
        _FIT + "        sorted_tokens = sorted(freq.items(), key=lambda x: x[1], reverse=True)\n"
        "        self.vocab = dict(sorted_tokens[: self._max_features])\n"
    ),
    Valid(
        _FIT + "        top_tokens = Counter(freq).most_common()\n"
        "        self.vocab = dict(top_tokens[: self._max_features])\n"
    ),
    Valid(
        _FIT
        + "        all_tokens = list(freq.keys())\n        self.vocab = all_tokens[: self._max_features]\n"
    ),
)

SET81_ENTRY_INVALID = (
    # a text's tokens, cut by the same size, are a budget of tokens
    Invalid(
        "class Clip:\n    def __init__(self, max_features=512):\n        self._max_features = max_features\n\n"
        "    def cut(self, text):\n        sorted_tokens = self.tokenizer.encode(text)\n"
        "        return sorted_tokens[: self._max_features]\n",
        line=2,
    ),
)
