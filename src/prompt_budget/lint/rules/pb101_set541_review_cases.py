"""The review of session 63's readings (an independent reader's snippets, each wrong on ea04fbae; ``REVIEW63_*``).

A description naming the API or a model's host says nothing of which tokens an entry counts (only ``idempotency
tokens``, ``auth tokens``... do); a bearer header or random bytes in a module make only a bare limit of one token a
credential's; a local ``usage`` is no model call's usage (``shutil.disk_usage``); a class's divisor, its whole-number
percent and another class's field of the same name are no budget of its properties; a parameter's share is decided by
its own function's reads, never by another class's field of that name; an option's help in characters keeps its
range out; a running total of the lengths of token ids counts tokens; ``analysis`` is no plural; a token bucket's
keywords (``burst_tokens=``) take no budget. (``analysis`` read as no plural, a project of two modules:
``tests/lint/test_limit_classes.py``.)
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_DOC_API = (
    '"""Calls a model for its tokens."""\n'
    "\n"
    "\n"
    "def complete(client, prompt, max_tokens=4096):\n"
    '    """Ask the model.\n'
    "\n"
    "    Args:\n"
    "        max_tokens: Maximum tokens the API may return.\n"
    '    """\n'
    "    return client.create(prompt=prompt, max_tokens=max_tokens)\n"
)
_BEARER_BUDGETS = (
    '"""A chat client sending a budget of output tokens."""\n'
    "import os\n"
    "import secrets\n"
    "\n"
    "MAX_OUTPUT_TOKEN = 4096\n"
    "CONTEXT_TOKEN_LIMIT = 120_000\n"
    "\n"
    "\n"
    "def ask(llm, prompt, requests):\n"
    "    headers = {'Authorization': f\"Bearer {os.environ['KEY']}\", 'X-Run': secrets.token_hex(8)}\n"
    "    body = {'messages': [prompt], 'max_tokens': MAX_OUTPUT_TOKEN}\n"
    "    return requests.post('https://example.com', headers=headers, json=body), llm.chat(\n"
    "        prompt, max_tokens=CONTEXT_TOKEN_LIMIT\n"
    "    )\n"
)
_DISK = (
    '"""Checks the disk before writing the token cache."""\n'
    "import shutil\n"
    "\n"
    "MIN_DISK = 500_000\n"
    "\n"
    "\n"
    "def check(path):\n"
    "    usage = shutil.disk_usage(path)\n"
    "    if usage.total < MIN_DISK:\n"
    "        raise RuntimeError('disk too small')\n"
)
_SPLIT = (
    '"""A context window of tokens and how it is split."""\n'
    "from dataclasses import dataclass\n"
    "\n"
    "\n"
    "@dataclass(frozen=True)\n"
    "class Budget:\n"
    "    window: int = 200_000\n"
    "    reserve: int = 8_000\n"
    "    pressure_pct: int = 80\n"
    "    documents: int = 100\n"
    "\n"
    "    @property\n"
    "    def trigger(self) -> int:\n"
    "        return (self.window - self.reserve) * self.pressure_pct // 100\n"
    "\n"
    "    @property\n"
    "    def per_document(self) -> int:\n"
    "        return self.window // self.documents\n"
    "\n"
    "\n"
    "@dataclass(frozen=True)\n"
    "class RateLimit:\n"
    "    window: int = 3600\n"
    "    burst: int = 500\n"
    "\n"
    "    @property\n"
    "    def refill_every(self) -> int:\n"
    "        return self.window - self.burst\n"
    "\n"
    "\n"
    "def over(b: Budget, zones) -> bool:\n"
    "    total = sum(z.tokens for z in zones)\n"
    "    return total > b.trigger\n"
)
_SIMILAR = (
    '"""Compacts a conversation when its tokens near the window."""\n'
    "import difflib\n"
    "\n"
    "\n"
    "def similar(a: str, b: str, threshold=0.8) -> bool:\n"
    "    return difflib.SequenceMatcher(None, a, b).ratio() >= threshold\n"
    "\n"
    "\n"
    "class Compactor:\n"
    "    def __init__(self, context_window: int, threshold: float):\n"
    "        self.context_window = context_window\n"
    "        self.threshold = threshold\n"
    "\n"
    "    def due(self, used_tokens: int) -> bool:\n"
    "        return used_tokens > self.context_window * self.threshold\n"
)
_CHAR_OPTIONS = (
    '"""Command line of the prompt checker (no model tokens here)."""\n'
    "import argparse\n"
    "\n"
    "import click\n"
    "\n"
    "\n"
    "def main(_limit):\n"
    "    p = argparse.ArgumentParser()\n"
    "    p.add_argument('--max-prompt-length', type=_limit(10, 20000), help='Maximum prompt length in characters.')\n"
    "    return p.parse_args()\n"
    "\n"
    "\n"
    "@click.command()\n"
    "@click.option('--max-input-length', type=click.IntRange(1, 100_000), help='Longest input, in characters.')\n"
    "def show(max_input_length):\n"
    "    return max_input_length\n"
)
_GATE = (
    '"""Checks a prompt\'s tokens against the model\'s window."""\n'
    "\n"
    "\n"
    "class PromptGate:\n"
    "    def __init__(self, tokenizer):\n"
    "        self.tokenizer = tokenizer\n"
    "        self.max_prompt_length = 8192\n"
    "\n"
    "    def check(self, blocks):\n"
    "        length = 0\n"
    "        for block in blocks:\n"
    "            ids = self.tokenizer.encode(block)\n"
    "            length += len(ids)\n"
    "        if length > self.max_prompt_length:\n"
    "            raise ValueError('prompt too long')\n"
)
_BUCKET = (
    '"""A token-bucket rate limiter for the webhook: each request takes one token."""\n'
    "from aiolimiter import TokenBucket\n"
    "\n"
    "BURST = 600\n"
    "START = 100\n"
    "\n"
    "\n"
    "def make_limiter():\n"
    "    return TokenBucket(burst_tokens=BURST, initial_tokens=START, refill_per_second=10)\n"
)

REVIEW63_PB101_VALID = (Valid(_CHAR_OPTIONS),)
REVIEW63_PB102_VALID = (Valid(_DISK), Valid(_BUCKET))
REVIEW63_PB102_INVALID = (
    Invalid(_DOC_API, line=4),
    Invalid(_BEARER_BUDGETS, count=2),  # ``MAX_OUTPUT_TOKEN``, ``CONTEXT_TOKEN_LIMIT``
    Invalid(
        _SPLIT, count=2
    ),  # ``window``, ``reserve``; not the percent, the divisor, the rate limiter's fields
    Invalid(_GATE, line=7),
)
REVIEW63_PB105_VALID = (Valid(_SIMILAR),)
