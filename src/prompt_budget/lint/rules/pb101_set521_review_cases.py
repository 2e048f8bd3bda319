"""The review of sets 521-538's readings (session 62): an independent reader's snippets, each read wrongly by the rules
of 054a1fac and mended in 67f0f9f4, kept as cases (``pb101_set521_cases`` splices them into PB101-PB106's lists)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

# The review of sets 521-538's readings (an independent reader's snippets, each wrong on 054a1fac): not a credential's
# KiB, a list cut from strings, a rate of tokens per word, a halving under a docstring's rate, a token bucket's caps,
# permits or fill; still a comment spelling tokens after another word, a limit kept by a loop or a raise in a function
# named for a cost, a share commented as the window's beside money, a count of an encoding's tokens.
_R62_P2 = (
    '"""Session token storage."""\n'
    "MAX_TOKEN_BYTES = 4 * 1024  # a JWT larger than 4 KiB is rejected\n"
    "SESSION_TOKEN_CACHE_BYTES = 1024 * 4\n"
    "\n"
    "\n"
    "def check(raw: bytes) -> None:\n"
    "    if len(raw) > MAX_TOKEN_BYTES:\n"
    '        raise ValueError("token too large")\n'
)
_R62_P3 = (
    '"""Show search hits around each token of the query."""\n'
    "CONTEXT_SIZES = (1000, 2000, 4000)\n"
    "\n"
    "\n"
    "def around(text: str, at: int) -> list[str]:\n"
    "    return [text[max(0, at - n): at + n] for n in CONTEXT_SIZES]\n"
)
_R62_P1 = (
    "SUMMARIZE_AT = 6000  # messages longer than this many tokens are summarized first\n"
    "LONG_PROMPT = 32000  # requests above 32k tokens go to the large model\n"
    "PER_FILE = 800  # lines of a file cost about 800 tokens\n"
    "\n"
    "\n"
    "def route(client, prompt, n):\n"
    "    if n > LONG_PROMPT:\n"
    "        return client.big(prompt)\n"
    "    return client.small(prompt, max_tokens=SUMMARIZE_AT)\n"
)
_R62_P5 = (
    "import tiktoken\n"
    "\n"
    '_enc = tiktoken.get_encoding("cl100k_base")\n'
    "\n"
    "\n"
    "def trim_history_to_cut_cost(messages: list[str]) -> list[str]:\n"
    '    while len(_enc.encode("".join(messages))) > 6000:\n'
    "        messages = messages[1:]\n"
    "    return messages\n"
    "\n"
    "\n"
    "def estimate_cost(prompt: str) -> float:\n"
    "    n = len(_enc.encode(prompt))\n"
    "    if n > 128000:\n"
    '        raise ValueError("prompt does not fit the context window")\n'
    "    return n * 2.5e-6\n"
)
_R62_P12 = (
    "def fits(tokenizer, text: str) -> bool:\n"
    "    encoded = tokenizer.encode(text)\n"
    "    n_tokens = len(encoded)\n"
    "    if n_tokens > 4096:\n"
    "        return False\n"
    "    return True\n"
    "\n"
    "\n"
    "def fits_chat(tokenizer, messages: list) -> bool:\n"
    "    ids = tokenizer.apply_chat_template(messages)\n"
    "    prompt_tokens = len(ids)\n"
    "    return prompt_tokens <= 8192\n"
    "\n"
    "\n"
    "def fits_hf(tokenizer, text: str) -> bool:\n"
    '    out = tokenizer(text)["input_ids"]\n'
    "    token_count = len(out)\n"
    "    return token_count < 2048\n"
)
_R62_P6 = (
    "def middle(text: str) -> int:\n"
    '    """Index of the middle of the text, where a prompt is split in two.\n'
    "\n"
    "    Both halves are sent; the model sees about 4 chars per token, so each half must stay short.\n"
    '    """\n'
    "    return len(text) // 2\n"
    "\n"
    "\n"
    "def page_count(payload: bytes) -> int:\n"
    '    """Pages of 4 KiB needed to store the payload (the server charges per page, not bytes per token)."""\n'
    "    return len(payload) // 4096 + 1\n"
)
_R62_P4 = (
    '"""Estimate tokens from words."""\n'
    'SETTINGS = {"token_ratio": 1.3, "word_token_ratio": 1.35}\n'
    "\n"
    "\n"
    "def estimate(text: str, cfg: dict) -> int:\n"
    '    return int(len(text.split()) * cfg.get("token_ratio", 1.3))\n'
    "\n"
    "\n"
    "def words_to_tokens(n: int, cfg: dict) -> int:\n"
    '    return int(n * cfg.get("token_factor", 1.33))\n'
)
_R62_P16 = (
    '"""Token bucket for the HTTP client: requests take tokens, which refill each second."""\n'
    "import time\n"
    "\n"
    "\n"
    "class Bucket:\n"
    "    def __init__(self, limit: int, refill: float) -> None:\n"
    "        self.limit = limit\n"
    "        self.refill = refill\n"
    "        self.tokens = limit\n"
    "        self.at = time.monotonic()\n"
    "\n"
    "    def state(self) -> str:\n"
    "        tokens = self.tokens\n"
    "        limit = self.limit\n"
    "        fill = tokens / limit\n"
    "        if fill < 0.2:\n"
    '            return "throttled"\n'
    '        return "ok"\n'
)
_R62_P7 = (
    "from dataclasses import dataclass\n"
    "\n"
    "\n"
    "@dataclass\n"
    "class RunLimits:\n"
    "    max_cost_usd: float = 5.0\n"
    "    max_steps: int = 50\n"
    "    warning_threshold: float = 0.8  # 80% of the context window, in tokens\n"
)
_R62_P8 = (
    '"""A token-bucket rate limiter for the public API."""\n'
    "import time\n"
    "\n"
    'BUCKET_LIMITS = {"tokens": 1000, "refill_per_second": 10}\n'
    "\n"
    "\n"
    "class Bucket:\n"
    "    def __init__(self) -> None:\n"
    '        self.tokens = BUCKET_LIMITS["tokens"]\n'
    "        self.at = time.monotonic()\n"
    "\n"
    "    def take(self) -> bool:\n"
    "        if self.tokens < 1:\n"
    "            return False\n"
    "        self.tokens -= 1\n"
    "        return True\n"
)
_R62_P9 = (
    '"""Token-bucket limiter: each API request takes tokens from the bucket."""\n'
    "\n"
    "\n"
    "class Limiter:\n"
    "    def __init__(self, capacity: int) -> None:\n"
    "        self.available = capacity\n"
    "\n"
    "    def admit(self, batch: list) -> bool:\n"
    "        needed_tokens = len(batch) * 20\n"
    "        if needed_tokens > self.available:\n"
    "            return False\n"
    "        self.available -= needed_tokens\n"
    "        return True\n"
)
REVIEW62B_PB102_VALID = (
    Valid(_R62_P2),
    Valid(_R62_P3),
)
REVIEW62B_PB102_INVALID = (Invalid(_R62_P1, line=1, count=3),)
REVIEW62B_PB103_INVALID = (
    Invalid(_R62_P5, line=7, count=2),
    Invalid(_R62_P12, line=4, count=3),
)
REVIEW62B_PB104_VALID = (Valid(_R62_P6),)
REVIEW62B_PB105_VALID = (
    Valid(_R62_P4),
    Valid(_R62_P16),
)
REVIEW62B_PB105_INVALID = (Invalid(_R62_P7, line=8),)
REVIEW62B_PB101_VALID = (Valid(_R62_P8),)
REVIEW62B_PB106_VALID = (Valid(_R62_P9),)
