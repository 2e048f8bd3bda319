"""PB102's cases for what the judges of sets 159-176 named as missed and later pairs' readings left (issue 19):

- a limit of a cost counted in tokens (sets 163-164: brainpalace-cli's ``COST_PROMPT_TOKEN_THRESHOLD = 50_000``
  compared with an estimate of embedding tokens, persona-runtime's ``DEFAULT_COST_CEILING_TOKENS: Final =
  12_000`` above which a context is pruned: ``names._cost_in_tokens``); a price per token, a bare cost in
  tokens, or a cost named before its tokens is money or a cost, not a limit;
- a dict entry whose comment gives it as tokens per step (set 161: isage-refiner's ``"iterative_size": 200,  #
  Tokens per iteration``: ``entry_comments._other``); a price per token is not one.

Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

LEFT_VALID = (
    Valid("COST_PER_1K_TOKENS = 30\n"),
    Valid("TOKEN_COST_LIMIT = 500\n"),
    Valid("MAX_COST_USD_TOKENS = 100\n"),
    Valid("MISS_COST_TOKENS = 1600\n"),
    Valid('DEFAULTS = {\n    "iterative_size": 200,  # dollars per 1k tokens\n}\n'),
    Valid('DEFAULTS = {\n    "iterative_size": 200,  # per-request tokens price\n}\n'),
)

LEFT_INVALID = (
    Invalid("COST_PROMPT_TOKEN_THRESHOLD = 50_000\n", line=1),
    Invalid("DEFAULT_COST_CEILING_TOKENS = 12_000\n", line=1),
    Invalid('DEFAULTS = {\n    "iterative_size": 200,  # Tokens per iteration\n}\n', line=2),
)
