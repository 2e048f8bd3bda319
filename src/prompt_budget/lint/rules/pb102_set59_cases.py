"""PB102's cases from what sets 59 and 60 left (issue 19): the length an over-long training example is
cut to while its loss is masked (``nograd_lengths``). Spliced into ``pb102_option_cases`` to keep the
rule module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET59_VALID = (
    # a masked example's placeholder length, cutting its tokens (set 60: nemo-aligner's datasets)
    Valid(
        "class Dataset:\n    def __init__(self, seq_length):\n        self.seq_length = seq_length\n"
        "        self.nograd_length = 32\n\n    def get(self, tokens, labels):\n"
        "        if len(tokens) > self.seq_length:\n            tokens = tokens[: self.nograd_length]\n"
        "            labels = torch.ones_like(tokens) * (-100)\n        return tokens, labels\n"
    ),
    Valid(
        "class Batch:\n    no_grad_len: int = 32\n\n    def cut(self, tokens):\n        return tokens[: self.no_grad_len]\n"
    ),
)

SET59_INVALID = (
    # the same cut by a length that is no placeholder: a budget
    Invalid(
        "class Dataset:\n    def __init__(self, seq_length):\n        self.seq_length = seq_length\n"
        "        self.head_length = 32\n\n    def get(self, tokens, labels):\n"
        "        if len(tokens) > self.seq_length:\n            tokens = tokens[: self.head_length]\n"
        "        return tokens, labels\n",
        line=4,
    ),
)
