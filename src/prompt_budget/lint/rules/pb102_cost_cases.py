"""PB102's cases for a limit of a cost counted in tokens (issue 19; the misses of sets 163-164: brainpalace-cli's
``COST_PROMPT_TOKEN_THRESHOLD = 50_000`` compared with an estimate of embedding tokens, persona-runtime's
``DEFAULT_COST_CEILING_TOKENS: Final = 12_000`` above which a context is pruned: ``names._cost_in_tokens``). A
price per token, a bare cost in tokens, or a cost named before its tokens is money or a cost, not a limit. Spliced
into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

COST_VALID = (
    Valid("COST_PER_1K_TOKENS = 30\n"),
    Valid("TOKEN_COST_LIMIT = 500\n"),
    Valid("MAX_COST_USD_TOKENS = 100\n"),
    Valid("MISS_COST_TOKENS = 1600\n"),
)

COST_INVALID = (
    Invalid("COST_PROMPT_TOKEN_THRESHOLD = 50_000\n", line=1),
    Invalid("DEFAULT_COST_CEILING_TOKENS = 12_000\n", line=1),
)
