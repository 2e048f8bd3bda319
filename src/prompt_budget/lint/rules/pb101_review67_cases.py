"""Cases from the session's review of sets 605-621's readings (session 67): each a snippet the reviewer ran, wrong
on 87bb619 and right on the session's start or after the mend. Joined to ``pb101_set597_cases``' ``SINCE597_*`` lists.

PB102: not Python's own lexer's tokens counted by a function named ``count_tokens`` (``lexer_tokens``), not a class whose
docstring only mentions a token budget beside another unit's, nor a lambda's default inside a budget class's
constructor (``budget_classes``), nor a method's ladder whose name another class's method, bound as ``max_tokens``,
shares (``estimator_callers.result_budget``); a context budget beside a word tokenizer (no scanner: ``lexer_tokens``)
still is. PB103: not a clamp given as a keyword of seconds (``request_timeout=min(max_tokens * 2, 600)``,
``word_floors``). PB107: not a table of money per model (``daily_cents``, ``pb107_nested_rows.sized_record``). PB101:
``ids[:512,]`` is no crash (``literal_cuts``).

Set 623's (measured with the session's final rules, 3922203, then tuned on): PB102, not a number written in hex (a bit
pattern: cubesquare's ``EPHEMERAL_PREFIX = 0xE0  # High byte marks ephemeral tokens``, ``comments.bit_pattern``), nor
one its own comment gives in bytes (``CST_TOKEN_SIZE = 25   # 25-byte tokens``, ``budget_bindings``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

REVIEW67_PB101_VALID = (
    Valid('"""Keep the first tokens of each prompt."""\n\n\ndef head(ids):\n    return ids[:512,]\n'),
)
REVIEW67_PB102_VALID = (
    Valid(
        '"""Size metrics of Python source files: lines and tokens (Python\'s own tokenize)."""\nimport tokenize\n\nMAX_TOKENS = 5000\n\n\ndef count_tokens(path):\n    with open(path) as f:\n        return sum(1 for _ in tokenize.generate_tokens(f.readline))\n\n\ndef too_long(path):\n    return count_tokens(path) > MAX_TOKENS\n'
    ),
    Valid(
        '"""Spending controls for the agent."""\nfrom dataclasses import dataclass\n\n\n@dataclass\nclass CostBudget:\n    """Dollar budget per month, tracked beside the token budget."""\n\n    total: int = 5000\n    used: int = 0\n\n    def remaining(self) -> int:\n        return self.total - self.used\n'
    ),
    Valid(
        '"""Agent state."""\n\n\nclass BudgetManager:\n    """Manages token budget and planning."""\n\n    def __init__(self, total_budget: int):\n        self.total_budget = total_budget\n        self.pick = lambda limit=9000: limit  # rows of a report, not tokens\n'
    ),
    Valid(
        '"""Spending controls for the agent."""\n\n\nclass CostBudgetManager:\n    """Dollar budget per month, kept beside the token budget."""\n\n    def __init__(self, total_budget: int = 5000):\n        self.total_budget = total_budget\n        self.spent = 0\n\n    def remaining(self) -> int:\n        return self.total_budget - self.spent\n'
    ),
    Valid(
        '"""Pages of search results, and the model\'s reply tokens."""\n\n\nclass Pager:\n    def limit(self, big):\n        n = 2000\n        if big:\n            n = 5000\n        return min(n, 10000)\n\n    def page(self, rows, big):\n        return rows[: self.limit(big)]\n\n\nclass Replier:\n    def limit(self, big):\n        return self.cfg.reply_tokens\n\n    def reply(self, client, prompt, big):\n        max_tokens = self.limit(big)\n        return client.create(prompt=prompt, max_tokens=max_tokens)\n'
    ),
)
REVIEW67_PB102_INVALID = (
    Invalid(
        '"""Pick the chunks sent to the model, within its token limit."""\n\nMAX_CONTEXT_TOKENS = 8000\n\n\ndef tokenize(text):\n    tokens = []\n    for word in text.lower().split():\n        tokens.append(word.strip(".,;:"))\n    return tokens\n\n\ndef pack(chunks, count):\n    out, used = [], 0\n    for chunk in chunks:\n        n = count(chunk)\n        if used + n > MAX_CONTEXT_TOKENS:\n            break\n        out.append(chunk)\n        used += n\n    return out\n',
        line=3,
    ),
)
REVIEW67_PB103_VALID = (
    Valid(
        '"""Pages of search results, and the model\'s reply tokens."""\n\n\nclass Pager:\n    def limit(self, big):\n        n = 2000\n        if big:\n            n = 5000\n        return min(n, 10000)\n\n    def page(self, rows, big):\n        return rows[: self.limit(big)]\n\n\nclass Replier:\n    def limit(self, big):\n        return self.cfg.reply_tokens\n\n    def reply(self, client, prompt, big):\n        max_tokens = self.limit(big)\n        return client.create(prompt=prompt, max_tokens=max_tokens)\n'
    ),
    Valid(
        '"""Generate text with the model (tokens)."""\n\n\ndef run(client, prompt, max_tokens):\n    return client.generate(prompt, max_tokens=max_tokens, request_timeout=min(max_tokens * 2, 600))\n'
    ),
)
REVIEW67_PB107_VALID = (
    Valid(
        '"""Spending budgets per model, in US cents (not tokens)."""\n\nMODEL_BUDGETS = {\n    "gpt-4o": {"daily_cents": 8_000, "monthly_cents": 160_000},\n    "claude-3-5-sonnet": {"daily_cents": 16_000, "monthly_cents": 320_000},\n}\n\n\ndef allowed(model, spent_cents):\n    return spent_cents < MODEL_BUDGETS[model]["daily_cents"]\n'
    ),
)
SET623_PB102_VALID = (
    Valid("# Ephemeral token prefix\nEPHEMERAL_PREFIX = 0xE0  # High byte marks ephemeral tokens\n"),
    Valid("CST_TOKEN_SIZE = 25   # 25-byte tokens with Fernandez unit\n"),
)
SET623_PB102_INVALID = (
    Invalid("# Ephemeral token prefix\nEPHEMERAL_PREFIX = 224  # tokens kept\n", line=2),
    Invalid("MAX_TOKENS = 4096  # 4096 tokens, about 16384 bytes\n", line=1),
)
