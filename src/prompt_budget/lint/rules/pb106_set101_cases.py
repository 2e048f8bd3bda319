"""PB106's cases from sets 101 and 102 (issue 19, tuner R): a section's cap written as a number too small
for a model's window, counts of tokens taken off it and the rest bound to a budget's name (set 101:
helm-ai's ``token_budget = 400 - count_tokens(brief) - count_tokens(lessons)``; ``section_minuends``).
Spliced into ``pb106_total_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_COUNT = "def count_tokens(text):\n    return len(enc.encode(text))\n\n"


def _fill(line: str) -> str:
    """A function of the module that counts tokens, and one binding ``line`` before filling the rest."""
    return _COUNT + f"def fill(head, tail, words):\n    {line}\n    return words[:1]\n"


SET101_VALID = (
    # the rest bound to a name of another unit, or to a name saying no budget
    *(
        Valid(_fill(f"{name} = 400 - count_tokens(head) - count_tokens(tail)"))
        for name in (
            "max_chars",
            "max_bytes",
            "max_lines",
            "max_messages",
            "timeout_seconds",
            "memory_mb",
            "cost",
            "price",
            "remaining",
            "offset",
        )
    ),
    # characters or words taken off, not a count of tokens; a count of tokens taken off a count
    Valid(_fill("token_budget = 400 - len(head) - len(tail)")),
    Valid(_fill("token_budget = 400 - len(head.split())")),
    Valid(_fill("token_budget = n_tokens - count_tokens(head) - 40")),
    # the rest not bound as a whole (a term of a sum, a comparison), or below the rule's min value
    Valid(_fill("token_budget = (400 - count_tokens(head)) * 2")),
    Valid(_fill("fits = 400 - count_tokens(head) > 0")),
    Valid(_fill("token_budget = 8 - count_tokens(head)")),
)

SET101_INVALID = (
    # the cap minus two counts, bound to the budget the function fills (set 101: helm-ai)
    Invalid(_fill("token_budget = 400 - count_tokens(head) - count_tokens(tail)"), line=5),
    # one count taken off, an annotated binding, a budget's keyword, a walrus
    Invalid(_fill("max_tokens: int = 300 - count_tokens(head)"), line=5),
    Invalid(
        _COUNT + "def ask(llm, prompt):\n    return llm(prompt, max_tokens=256 - count_tokens(prompt))\n"
    ),
    Invalid(_fill("if (token_budget := 400 - len(enc.encode(head))) > 0:\n        pass")),
)
