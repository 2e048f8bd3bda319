"""PB102's cases from sets 153 and 154 (issue 19): a name ending in a unit of time (set 153: aaw-core's
``TOKEN_MARGIN_S = 60``, seconds before a login token expires: ``names.excluded``) is no budget. A budget
parameter's default given to a LangChain splitter measuring tokens (set 154: autochunks' ``base_token_size: int =
512`` ... ``CharacterTextSplitter(chunk_size=self.base_token_size, length_function=count_tokens)``); a ``<what>_token_size``
is a size in tokens (``child_token_size = 128``), not a tally. Spliced into
``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_BRIDGE = (
    "class Bridge:\n    def __init__(self, size: int = 512, overlap: int = 64):\n        self.size = size\n"
    "        self.overlap = overlap\n\n    def chunk(self, text):\n"
    "        s = CharacterTextSplitter(chunk_size=self.size, chunk_overlap=self.overlap, length_function={length})\n"
    "        return s.split_text(text)\n"
)

SET153_VALID = (
    Valid(
        "TOKEN_MARGIN_S = 60\n\ndef fresh(self):\n"
        "    return time.time() < self._expires_at - TOKEN_MARGIN_S\n"
    ),
    Valid("MAX_TOKENS_WAIT_MS = 500\n"),
    Valid(_BRIDGE.format(length="len")),
    # a token's size alone, or a tally of sizes, is no budget
    Valid("TOKEN_SIZE = 32\n"),
    Valid("class Usage:\n    sum_input_token_size: int = 100\n"),
)

SET153_INVALID = (
    Invalid(_BRIDGE.format(length="count_tokens"), line=2, count=2),
    # a budget's own name is not a unit of time
    Invalid("MAX_TOKENS = 4096\n", line=1),
    # a chunk's size in tokens by its name (set 154: autochunks' config)
    Invalid(
        "class ChunkConfig:\n    child_token_size: int = 128\n    parent_token_size: int = 1024\n", count=2
    ),
)
