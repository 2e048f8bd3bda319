"""PB103's cases from sets 75 and 76 (issue 19): a count made by a local function a tokenizer factory
returned (``counted_locals``). Spliced into the rule's cases through ``pb103_set73_cases`` (the rule's
module is at its length limit)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET75_VALID = (
    # a local counter of something else: lines, characters, messages, bytes, seconds, items
    Valid("def f(rows, tokens):\n    count = len\n    if count(rows) > 2048:\n        return tokens\n"),
    Valid(
        "def f(text, tokens):\n    count = make_line_counter()\n    if count(text) > 2048:\n"
        "        return tokens\n"
    ),
    Valid(
        "def f(msgs, tokens):\n    count, _ = message_counter()\n    if count(msgs) > 2048:\n"
        "        return tokens\n"
    ),
    Valid(
        "def f(blob, tokens):\n    size, _ = byte_counter()\n    if size(blob) > 4096:\n        return tokens\n"
    ),
    # the factory's second result, or a local also given by the caller
    Valid("def f(text):\n    _, count = tokenizer()\n    if count(text) > 2048:\n        return None\n"),
    Valid(
        "def f(text, count=None):\n    if count is None:\n        count, _ = tokenizer()\n"
        "    if count(text) > 2048:\n        return None\n"
    ),
)

SET75_INVALID = (
    # ``count, _ = tokenizer()`` then ``count(context) > 2048`` (set 76: easy-agent-mem's session hook)
    Invalid(
        "def hook(prefix, body):\n    count, _ = tokenizer()\n    context = prefix + body\n"
        "    if count(context) > 2048:\n        return None\n    return context\n",
        line=4,
    ),
    Invalid(
        "def fits(text, model):\n    count = make_token_counter(model)\n    return count(text) <= 8000\n",
        line=3,
    ),
)
