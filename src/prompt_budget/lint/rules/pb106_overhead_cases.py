"""PB106's cases for overheads added to a count of tokens (issue 19; the misses of sets 159-175: quiet-memo's
and pig-agent-core's ``total += 4`` per message, m1-m2-agent's ``tokens = 4`` a count starts from,
nkit-agents' ``total += len(messages) * 4``, daryl-dsm's ``meta_overhead = 20``, keelgate's
``FENCE_TOKENS``: ``token_overheads``). A number added to characters, to items or to a budget, or a
``+ 1`` rounding a count up, is not one. Spliced into ``pb106_total_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_FRAMED = (
    "def count_message_tokens(messages):\n"
    "    total = 0\n"
    "    for message in messages:\n"
    "        total += 4  # role and framing\n"
    "        total += {count}(message['content'])\n"
    "    return total\n"
)
_STARTED = (
    "def estimate_message_tokens(self, message):\n"
    "    tokens = {start}  # overhead per message\n"
    "    tokens += self.estimate_tokens(message['content'])\n"
    "    return tokens\n"
)
_PER_ITEM = (
    "def count_messages(messages):\n"
    "    total = 0\n"
    "    total += len(messages) * 4\n"
    "    for message in messages:\n"
    "        total += {count}(message['content'])\n"
    "    return total\n"
)
_LOCAL = (
    "def _approx_tokens(text):\n"
    "    return max(1, len(text) // 4)\n"
    "\n"
    "\n"
    "def _item_tokens(item):\n"
    "    meta_overhead = 20\n"
    "    return {count}(item['content']) + meta_overhead\n"
)
_FENCE = (
    "FENCE_TOKENS = 12\n"
    "\n"
    "\n"
    "class Builder:\n"
    "    def _item_tokens(self, item):\n"
    "        extra = 0 if item.is_trusted else FENCE_TOKENS\n"
    "        return self._counter.count(item.content) + extra\n"
)
_ROUNDED = (
    "def count_tokens(text, chars_per_token=3.5):\n"
    "    return max(1, int(len(text) / chars_per_token) + {extra})\n"
)

OVERHEAD_VALID = (
    # characters and items are no tokens
    Valid(_FRAMED.format(count="len")),
    Valid(_PER_ITEM.format(count="len")),
    Valid(_LOCAL.format(count="len")),
    # a count rounded up
    Valid(_ROUNDED.format(extra=1)),
    Valid(_STARTED.format(start=1)),
    # headroom added to a budget is no overhead of a count
    Valid("def room(max_tokens):\n    return max_tokens + 4\n"),
)

OVERHEAD_INVALID = (
    Invalid(_FRAMED.format(count="count_tokens"), line=4, key="count_message_tokens_overhead_tokens"),
    Invalid(_STARTED.format(start=4), line=2),
    Invalid(_PER_ITEM.format(count="count_tokens"), line=3),
    Invalid(_LOCAL.format(count="_approx_tokens"), line=6),
    Invalid(_FENCE, line=1),
    Invalid(_ROUNDED.format(extra=5), line=2),
)
