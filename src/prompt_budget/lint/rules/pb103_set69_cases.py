"""PB103's cases from sets 69 and 70 (issue 19), kept apart from the rule to keep it short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET69_VALID = (
    # a count of words (a regex's matches, a split), whatever the local is named (set 69: logicore)
    Valid(
        "import re\n\ndef score(t):\n    token_count = len(re.findall(r'\\w+', t))\n"
        "    if token_count > 80:\n        return -1\n    return 0\n"
    ),
    Valid("def keep(text):\n    n_tokens = len(text.split())\n    return n_tokens <= 400\n"),
    # a token bucket's permits: a request rate limiter (set 69: cohrint-agent)
    Valid("def sane(b: RateBucket) -> bool:\n    return not (b.tokens < 0 or b.tokens > 1e6)\n"),
    Valid("class TokenBucket:\n    def full(self):\n        return self.tokens >= 10000\n"),
)

SET69_INVALID = (
    # a count with a fallback for a missing value, in a lambda (set 69: cohrint-agent's recommendations)
    Invalid("RULES = [dict(when=lambda m: (m.last_prompt_tokens or 0) > 8000)]\n", line=1),
    # a split of a tokenizer's output is still tokens
    Invalid("def keep(text):\n    n_tokens = count_tokens(text)\n    return n_tokens <= 400\n", line=3),
)
