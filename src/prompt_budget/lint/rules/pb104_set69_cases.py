"""PB104's cases from what sets 69 and 70 left (issue 19): an estimate given to a keyword of a call
named for tokens or stored in an entry of a table named for tokens (``token_slots``), and a cap its
function documents in tokens turned into characters (``documented_caps``). Spliced into
``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET69_VALID = (
    # a keyword of a call named for something else, an entry of a table that is no token's
    Valid("def split(text):\n    return Chunker(size=len(text) // 4)\n"),
    Valid('def f(zone):\n    widths = {}\n    widths["left"] = len(zone) // 4\n    return widths\n'),
    # a table of limits under a rate's name, a table of one entry
    Valid('CHARS_PER_TOKEN_LIMITS = {"small": 4000, "large": 16000}\nCHARS_PER_TOKEN = {"default": 4}\n'),
    # a branch that is no rate (a sentinel)
    Valid("def f(code):\n    chars_per_token = None if code else 0\n    return chars_per_token\n"),
    # a keyword or an entry named for characters, in a call or a table named for tokens
    Valid("def f(text):\n    return count_tokens(text, max_chars=len(text) // 4)\n"),
    Valid('def f(zone):\n    token_stats = {}\n    token_stats["chars"] = len(zone) // 4\n'),
    # a token bucket's capacity, a cap documented in characters
    Valid(
        "def trim(text, cap):\n"
        '    """Cut.\n\n    Args:\n        cap: Token bucket capacity.\n    """\n'
        "    max_chars = cap * 4\n    return text[:max_chars]\n"
    ),
    Valid(
        "def trim(text, budget):\n"
        '    """Cut.\n\n    Args:\n        budget: Characters to keep.\n    """\n'
        "    max_chars = budget * 4\n    return text[:max_chars]\n"
    ),
)

SET69_INVALID = (
    # set 69: logicore's telemetry, hiermem's assembler and post-processor
    Invalid(
        "def record(system_chars, tools_chars):\n"
        "    return TokenBreakdown(\n        system_instructions=system_chars // 4,\n"
        "        tool_definitions=tools_chars // 4,\n    )\n",
        count=2,
    ),
    Invalid('def assemble(zone):\n    token_counts = {}\n    token_counts["zone"] = len(zone) // 4\n'),
    Invalid('def retry(telemetry, context):\n    telemetry["retry_tokens"] = len(context) // 4 + 200\n'),
    # set 69: cohrint-agent's rate per kind of text, each branch a rate
    Invalid(
        "def estimate(text, code):\n    chars_per_token = 3 if code else 4\n    return len(text) // chars_per_token\n",
        count=2,
    ),
    # set 69: duh-cli's table of characters per token by model family, reported once
    Invalid('FAMILY_CHARS_PER_TOKEN: dict[str, float] = {"anthropic": 3.5, "openai": 4.0, "default": 4.0}\n'),
    # set 70: memctl's caps documented in tokens, turned into characters
    Invalid(
        "def inspect(text, budget=2200):\n"
        '    """Inspect.\n\n    Args:\n        budget: Token budget (approximate, chars/4).\n    """\n'
        "    max_chars = budget * 4\n    return text[:max_chars]\n",
        line=7,
    ),
    Invalid(
        "def ask(text, budget, inspect_cap):\n"
        '    """Ask.\n\n    Args:\n        budget: Total token budget.\n'
        '        inspect_cap: Tokens reserved for structure.\n    """\n'
        "    recall_budget = budget - inspect_cap\n    recall_budget_chars = recall_budget * 4\n"
        "    return text[:recall_budget_chars]\n",
        line=9,
    ),
)
