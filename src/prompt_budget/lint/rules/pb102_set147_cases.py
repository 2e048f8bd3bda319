"""PB102's cases from sets 147 and 148 (issue 19): models.dev's ``limit: {context, output}`` of a model written
flat (set 148: aweswitch's ``ZCODE_DEFAULT_LIMIT_CONTEXT = 1000000`` and ``..._LIMIT_OUTPUT = 128000``:
``names.BUDGET_PHRASES``); a media block's tokens beside an image's (orcakit-harness-agent's
``_MEDIA_BLOCK_TOKENS = 400``: ``token_estimates.media_tokens``). Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_ESTIMATE = (
    "{name} = 400\n\ndef estimate_content_tokens(blocks):\n    total = 0\n    for block in blocks:\n"
    "        if block['type'] in ('file', 'audio', 'video'):\n            total += {name}\n    return total\n"
)

SET147_VALID = (
    Valid("ZCODE_DEFAULT_LIMIT_LINES = 1000000\n"),
    Valid("DEFAULT_LIMIT_REQUESTS = 128000\n"),
    Valid(_ESTIMATE.format(name="_MEDIA_BLOCK_BYTES")),
)

SET147_INVALID = (
    Invalid("ZCODE_DEFAULT_LIMIT_CONTEXT = 1000000\n", line=1),
    Invalid("ZCODE_DEFAULT_LIMIT_OUTPUT = 128000\n", line=1),
    Invalid(_ESTIMATE.format(name="_MEDIA_BLOCK_TOKENS"), line=1),
)
