"""PB101's cases from set 103 (issue 19): a number times a module constant that names a unit of a
thousand or a million (``K_TOKENS = 1024``; ``max_tokens=21 * K_TOKENS``) spells an amount, as ``21 * 1024``
does (``unit_constants``). A constant of another value, one bound twice, one bound in a function, or a
product of two names is not evaluated. Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET103_VALID = (
    # the unit itself is no budget, and a product with a name is not a number
    Valid("K_TOKENS = 1024\n\nsettings = make(max_tokens=n * K_TOKENS)\n"),
    Valid("K_TOKENS = 1024\n\nsettings = make(max_tokens=K_TOKENS)\n"),
    # a constant of another value may be anything (a step, a count of items)
    Valid("STEP = 7\n\nsettings = make(max_tokens=3 * STEP)\n"),
    # bound twice at the top level: its value at the call is not known
    Valid("KB = 1024\nKB = read_unit()\n\nsettings = make(max_tokens=8 * KB)\n"),
    # bound in a function, not at the module's top level
    Valid("def build():\n    K = 1024\n    return make(max_tokens=8 * K)\n"),
    # a unit times a number under the rule's smallest value is no budget either way
    Valid("K = 1000\nMS = 0.001 * K\n"),
    # a unit constant in characters or bytes multiplied into a size that is not tokens
    Valid("KB = 1024\n\nbuf = read(path, chunk_size=64 * KB)\n"),
)

SET103_INVALID = (
    # set 103: pai-agent-sdk's presets, output caps and thinking budgets in units of 1024 tokens
    Invalid(
        "K_TOKENS = 1024\n\nHIGH = settings(\n    thinking_budget=32 * K_TOKENS,\n    max_tokens=21 * K_TOKENS,\n)\n",
        count=2,
    ),
    Invalid("K_TOKENS = 1024\n\n\ndef low():\n    return settings(thinking_budget=4 * K_TOKENS)\n"),
    # the unit on the left, and a decimal thousand
    Invalid(
        "THOUSAND = 1000\n\nreply = client.messages.create(model=m, max_tokens=THOUSAND * 4, messages=msgs)\n"
    ),
)
