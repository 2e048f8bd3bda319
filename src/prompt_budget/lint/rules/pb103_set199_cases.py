"""Cases from set 199 (issue 19: essarion-build's clamp of a repository map's characters).

A clamp's result bound to a local that is handed on as a keyword naming characters (``render_map(index,
budget_chars=budget)``), or cuts a string, is characters, whatever its function's docstring says of tokens
(``forms.used_as_characters``). PB103, ``CLAMP_VALID`` / ``CLAMP_INVALID``, spliced into
``pb103_set73_cases``. The same clamps handed on as tokens stay bounds on tokens.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_MAP = (
    "def inject_repo_map(cfg, index):\n"
    '    """Attach a token-budgeted repo map to the context."""\n'
    "    budget = max(500, min(int({amount}), 20_000))\n"
    "    return index.render_map({keyword}=budget)\n"
)
_CLAMP = (
    "def answer(cfg, client):\n"
    "    budget = max(500, min({amount}, 20_000))\n"
    "    return client.messages.create(max_tokens=budget)\n"
)

CLAMP_VALID = (
    # set 199: essarion-build, a repository map's characters read from a setting, clamped, handed on as such
    Valid(_MAP.format(amount='cfg.get("repo_map_chars", 6000)', keyword="budget_chars")),
    Valid(_MAP.format(amount='cfg.get("repo_map", 6000)', keyword="max_chars")),
    # a clamp of characters cutting a string; one of seconds handed to no budget
    Valid(
        "def cut(cfg, text):\n    budget = max(500, min(cfg.max_chars, 20_000))\n    return text[:budget]\n"
    ),
    Valid(
        "def wait(cfg, clock):\n    budget = max(5, min(cfg.timeout_seconds, 600))\n    clock.sleep(budget)\n"
    ),
)
CLAMP_INVALID = (
    # the same clamps handed on as tokens, or of amounts named for tokens or by nothing
    Invalid(_MAP.format(amount='cfg.get("repo_map", 6000)', keyword="budget_tokens"), line=3, count=2),
    Invalid(_CLAMP.format(amount='int(cfg.get("summary_tokens", 6000))'), line=2, count=2),
    Invalid(_CLAMP.format(amount="cfg.limit"), line=2, count=2, key="answer_max_tokens_min"),
)
