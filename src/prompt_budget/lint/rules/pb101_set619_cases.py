"""Set 619's cases (measured with the session's final rules, 3e8dca4, then tuned on), joined to the others in
``pb101_set597_cases``' ``SINCE597_*`` lists: PB104, a rate a constructor binds under a name of a rate of tokens, a read
of the environment on another branch (contextly's ``self.token_multiplier = 3.5`` ... ``len(text) /
self.token_multiplier``, ``pb104_rates.estimator_start``), and a count of characters given a fallback of zero
(bounty-agent's ``int(char_count or 0) // 4``)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_PACKER = (
    "import os\n"
    "\n"
    "\n"
    "class PackerEngine:\n"
    "    def __init__(self, fast):\n"
    "        if fast:\n"
    '            self.{name} = float(os.environ.get("CONTEXTLY_TOKEN_MULTIPLIER", "3.5"))\n'
    "        else:\n"
    "            self.{name} = 3.5\n"
    "\n"
    "    def _estimate_tokens(self, text: str) -> float:\n"
    "        return len(text) / self.{name}\n"
)
_EMBEDDED = (
    "def add_embedding_chars(self, {count}, model='text-embedding-3-small'):\n"
    "    tokens = max(int({count} or 0) // 4, 0)\n"
    "    self.add(model, tokens, 0)\n"
)
SET619_PB104_VALID = (Valid(_PACKER.format(name="zoom_level")), Valid(_EMBEDDED.format(count="item_count")))
SET619_PB104_INVALID = (
    Invalid(_PACKER.format(name="token_multiplier"), line=9),
    Invalid(_EMBEDDED.format(count="char_count"), line=2),
)
