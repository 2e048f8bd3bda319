"""PB104's cases from what sets 97 and 98 left (issue 19, tuner R): the fallback of a read of a named
per-token rate, as the other branch of a conditional or after ``or`` (``char_ratio =
bc.char_to_token_ratio if bc else 3.5``, set 98: ashlar-ao; ``pb104_table_fallbacks.read_fallback``).
Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET97_VALID = (
    # the fallback of a rate of another unit: characters per line, a glyph's width, a price per token
    Valid("def f(cfg, text):\n    r = cfg.chars_per_line or 80.0\n    return len(text) / r\n"),
    Valid("def f(cfg, text):\n    w = cfg.char_width if cfg else 3.5\n    return len(text) / w\n"),
    Valid("def f(cfg, text):\n    p = cfg.price_per_token if cfg else 0.5\n    return len(text) * p\n"),
    Valid("def f(cfg, text):\n    p = cfg.cost_per_token or 0.002\n    return len(text) * p\n"),
    Valid("def f(cfg, n):\n    b = cfg.bytes_per_pixel if cfg else 4\n    return n * b\n"),
    Valid("def f(cfg, n):\n    s = cfg.seconds_per_message or 2.5\n    return n * s\n"),
)

SET97_INVALID = (
    Invalid(
        "def pct(self, agent):\n    bc = self.configs.get(agent.kind)\n"
        "    char_ratio = bc.char_to_token_ratio if bc else 3.5\n"
        "    return len(agent.output) / char_ratio\n",
        line=3,
        key="chars_per_token",
    ),
    Invalid("def estimate(cfg, text):\n    return len(text) / (cfg.chars_per_token or 4)\n"),
    Invalid(
        "def estimate(cfg, text):\n    r = 0.25 if cfg is None else cfg.tokens_per_char\n    return len(text) * r\n"
    ),
    # bound to a rate's own name: reported once, as a named rate
    Invalid(
        "def estimate(cfg, text):\n    chars_per_token = cfg.chars_per_token if cfg else 4\n    return len(text) // chars_per_token\n"
    ),
)
