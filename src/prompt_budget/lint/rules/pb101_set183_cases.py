"""PB101's cases from set 183 (issue 19): a number literal bounding a slice of a token list
(``enc.decode(enc.encode(text)[:8192])``, ``ids[:512]`` through a local bound to a tokenizer's
``input_ids``, ``tokens[-2000:]``: ``literal_cuts``). A slice of a text, a window between two offsets, a
step, or the first token alone is not one. Spliced into the rule's cases.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET183_VALID = (
    Valid("def head(text):\n    return text[:8192]\n"),
    Valid("def window(enc, text):\n    return enc.encode(text)[100:612]\n"),
    Valid("def first(enc, text):\n    return enc.encode(text)[:1]\n"),
    Valid("def every(enc, text):\n    return enc.encode(text)[::512]\n"),
)

SET183_INVALID = (
    Invalid(
        'import tiktoken\n\nenc = tiktoken.get_encoding("o200k_base")\n\n\n'
        "def head(text):\n    return enc.decode(enc.encode(text)[:8192])\n",
        line=7,
        key="head_token_limit",
    ),
    Invalid(
        "def head(tok, text):\n"
        '    ids = tok(text, add_special_tokens=False)["input_ids"]\n'
        "    return ids[:512]\n",
        line=3,
    ),
    Invalid("def tail(tokens):\n    return tokens[-2000:]\n", line=2),
)
