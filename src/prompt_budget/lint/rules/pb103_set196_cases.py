"""Cases from set 196 (issue 19: ironcore-cli's seeding of a model's context from its server).

A local bound to a read of a budget (``window = details.context_length``, also with a number for its
fallback, ``details.context_length or 8192``) holds tokens whatever its name (``counted_locals``): a number
it is clamped to is a cap on tokens (PB103, ``WINDOW_VALID`` / ``WINDOW_INVALID``, spliced into
``pb103_set73_cases``), and so is a constant it is clamped to (PB102, ``WINDOW_CAP_VALID`` /
``WINDOW_CAP_INVALID``, spliced into ``pb102_set117_cases``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SEED = (
    "def seed(details, profile):\n"
    "    window = details.{read}\n"
    "    profile.{stored} = window\n"
    "    profile.limit = min(window, {cap})\n"
)

WINDOW_VALID = (
    # a read in seconds, in lines of diff context, in pixels: no tokens
    Valid(_SEED.format(read="time_window or 60", stored="timeout", cap=3600)),
    Valid(_SEED.format(read="context_lines", stored="lines", cap=5000)),
    Valid(_SEED.format(read="screen_width", stored="width", cap=4096)),
)
WINDOW_INVALID = (
    # set 196: ironcore-cli, a window read with its fallback, clamped (its fallback is PB101's)
    Invalid(_SEED.format(read="context_length or 8192", stored="context_window", cap=32768), line=4),
    Invalid(_SEED.format(read="context_length", stored="context_window", cap=32768), line=4),
    Invalid(_SEED.format(read="max_tokens", stored="reply_cap", cap=4096), line=4, key="seed_window_max"),
)

WINDOW_CAP_VALID = (
    Valid("CAP = 3600\n\n\n" + _SEED.format(read="time_window", stored="timeout", cap="CAP")),
    Valid("CAP = 5000\n\n\n" + _SEED.format(read="context_lines", stored="lines", cap="CAP")),
)
WINDOW_CAP_INVALID = (
    # set 196: ironcore-cli's _UNMEASURED_HONEST_CAP
    Invalid(
        "_UNMEASURED_HONEST_CAP = 32768\n\n\n"
        + _SEED.format(read="context_length", stored="context_window", cap="_UNMEASURED_HONEST_CAP"),
        line=1,
    ),
)
