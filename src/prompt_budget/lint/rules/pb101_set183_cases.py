"""PB101's cases from set 183 (issue 19): a number literal bounding a slice of a token list
(``enc.decode(enc.encode(text)[:8192])``, ``ids[:512]`` through a local bound to a tokenizer's
``input_ids``, ``ids[-2000:]`` of ``tokenizer.encode(text)``: ``literal_cuts``). A slice of a text, of a list
only named as tokens (a command line's, an access token), a window between two offsets, a step, or the first
token alone is not one. Set 185's setting fallback named ``budget`` in a module that speaks of token budgets
(``pb102_set185_cases``) rides along. Spliced into the rule's cases.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb102_set185_cases import FALLBACK_INVALID, FALLBACK_VALID

SET183_VALID = (
    Valid("def head(text):\n    return text[:8192]\n"),
    Valid("def window(enc, text):\n    return enc.encode(text)[100:612]\n"),
    Valid("def first(enc, text):\n    return enc.encode(text)[:1]\n"),
    Valid("def every(enc, text):\n    return enc.encode(text)[::512]\n"),
    # a list only named as tokens: a command line's, a word list, an access token shown in part
    Valid(
        "import shlex\n\n\ndef detail(cmd):\n    tokens = shlex.split(cmd)\n    return ', '.join(tokens[:24])\n"
    ),
    Valid("def shown(get_token):\n    token = get_token()\n    return token[:16] + '...'\n"),
    *FALLBACK_VALID,
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
    Invalid("def tail(tokenizer, text):\n    ids = tokenizer.encode(text)\n    return ids[-2000:]\n", line=3),
    *FALLBACK_INVALID,
)
