"""PB102's cases from sets 77-80 (issue 19): a local given a number on several branches
(``branch_values``) whose reads may also be the value written under a budget's key of a dict
(``options.update({"num_predict": n})``, set 77: gimle-hugin's Ollama options), as strong a use as the
budget's keyword; a credential's random characters (``secrets.token_urlsafe(n)[:n]``, ``names``); a
comment's Hugging Face or GitHub token (``rule.token_comment``); a constant whose read bounds a field
named as characters (``Field(le=CAP)`` of ``prompt_budget_chars``, ``character_reads.bounds_characters``).
Spliced into ``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_OPTIONS = (
    "def options(model, tools):\n    opts = {}\n    if tools:\n        predict = 256\n"
    "        if 'qwen3' in model:\n            predict = 512\n"
)

_FIELD = "from pydantic import BaseModel, Field\n\nPROMPT_BUDGET_CAP = 40_000\n\nclass Memory(BaseModel):\n"

SET77_FLOW_VALID = (
    # set 78: devagent's PKCE verifier, a credential's characters; set 77: lmagent-plus's wizard step
    Valid(
        "import secrets\n\ndef code_verifier(length: int = 64) -> str:\n    return secrets.token_urlsafe(length)[:length]\n"
    ),
    Valid("import secrets\n\ndef nonce(size: int = 32) -> str:\n    return secrets.token_hex(size)[:size]\n"),
    Valid(
        "class Wizard:\n    def next(self, text):\n        if text:\n            self._step = 45  # HF token step\n"
        "            self._page = 46  # github token page\n"
    ),
    # set 80: hiveloom's cap on a field in characters, whatever the cap is named
    Valid(_FIELD + "    prompt_budget_chars: int = Field(default=6_000, ge=1, le=PROMPT_BUDGET_CAP)\n"),
    # written under a key of no token budget: retries, characters, lines, seconds, memory, money
    Valid(_OPTIONS + "        opts.update({'num_retries': predict, 'temperature': 0.0})\n    return opts\n"),
    Valid(_OPTIONS + "        opts.update({'max_chars': predict})\n    return opts\n"),
    Valid(
        _OPTIONS
        + "        opts.update({'max_lines': predict, 'timeout_seconds': predict})\n    return opts\n"
    ),
    Valid(_OPTIONS + "        opts.update({'memory_mb': predict, 'max_cost': predict})\n    return opts\n"),
    # read also another way (a string's slice): its unit is not known
    Valid(
        _OPTIONS + "        opts.update({'num_predict': predict})\n        opts['stop'] = model[:predict]\n"
        "    return opts\n"
    ),
)

SET77_FLOW_INVALID = (
    # the same cap on a field in tokens; a cut of a tokenizer's list; a comment in tokens
    Invalid(_FIELD + "    prompt_budget_tokens: int = Field(default=6_000, le=PROMPT_BUDGET_CAP)\n", count=2),
    Invalid("def head(text, n: int = 64):\n    return tokenize(text)[:n]\n"),
    Invalid(
        "class Wizard:\n    def next(self, text):\n        if text:\n            self._cap = 4096  # max output tokens\n"
    ),
    # set 77: gimle-hugin's output cap for tool calls, one number per model, written into the options
    Invalid(
        _OPTIONS + "        opts.update({'num_predict': predict, 'temperature': 0.0})\n    return opts\n",
        count=2,
    ),
    Invalid(
        "def body(model, prompt):\n    cap = 1024\n    if model.startswith('o'):\n        cap = 4096\n"
        "    return {'model': model, 'max_tokens': cap, 'prompt': prompt}\n",
        count=2,
    ),
)
