"""PB103's cases from sets 261 to 264 (issue 19): a clamp written as an ``if`` (aient's Gemini request builder, set
262: ``if value > 65536: value = 65536`` before ``generation_config["maxOutputTokens"] = value``; ``if val < 128:
budget = 128`` ... ``elif val > 32768: budget = 32768`` before ``{"thinkingBudget": budget}``, ``if_clamps``).
Spliced into ``pb103_set73_cases``."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_GEMINI = (
    "def payload(request):\n"
    "    generation_config = {}\n"
    "    for field, value in request.items():\n"
    "        if field == 'max_tokens':\n"
    "            if value > 65536:\n"
    "                value = 65536\n"
    "            generation_config[{key!r}] = value\n"
    "    return generation_config\n"
)
_THINKING = (
    "def thinking(payload, val):\n"
    "    budget = None\n"
    "    if val < 128:\n"
    "        budget = 128\n"
    "    elif val > 32768:\n"
    "        budget = 32768\n"
    "    else:\n"
    "        budget = val\n"
    "    payload['thinkingConfig'] = {{{key!r}: budget}}\n"
)

IF_CLAMP_VALID = (
    Valid(_GEMINI.replace("{key!r}", "'maxItems'")),  # a cap of items, not of tokens
    Valid(_THINKING.format(key="retries")),
    Valid(
        "def ask(retries):\n    if retries > 500:\n        retries = 500\n    return call(max_retries=retries)\n"
    ),
    Valid(
        "def shrink(img, width):\n    if width > 1024:\n        width = 1024\n    return img.resize(width=width)\n"
    ),
    # the body binds another number: not a clamp to the test's
    Valid("def cap(cfg, n):\n    if n > 4096:\n        n = 2048\n    cfg['max_tokens'] = n\n"),
    # written as a budget before the clamp only
    Valid("def cap(cfg, n):\n    cfg['max_tokens'] = n\n    if n > 4096:\n        n = 4096\n    return n\n"),
)
IF_CLAMP_INVALID = (
    Invalid(_GEMINI.replace("{key!r}", "'maxOutputTokens'"), line=5),
    Invalid(_THINKING.format(key="thinkingBudget"), count=2, line=3),
    # the clamped name says tokens; the number on the test's left
    Invalid(
        "class Agent:\n    def clamp(self):\n        if 8192 < self.max_tokens:\n            self.max_tokens = 8192\n"
    ),
    # a floor inside an ``and``, handed on as a budget keyword
    Invalid(
        "def think(client, val):\n    budget = val\n    if val > 0 and val < 512:\n        budget = 512\n"
        "    return client.generate(thinking_budget=budget)\n",
        line=3,
    ),
)
