"""PB102's cases from sets 175 and 176 (issue 19): ``code`` right before ``tokens`` says whose tokens a budget
counts, source code's cut for a model (set 175: contextweave-mcp's ``DEFAULT_MAX_CODE_TOKENS = 6144`` given as
``max_code_tokens`` to ``truncate_to_tokens``: ``names.excluded``), no status or error code; a name with a code
elsewhere in it stays excluded. Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CODE = "{name} = 6144\n\n\ndef annotate(chunk, counter, cap: int = {name}):\n    return truncate_to_tokens(chunk.code, counter, cap)\n"

SET175_VALID = (
    Valid(_CODE.format(name="DEFAULT_MAX_STATUS_CODE")),
    Valid(_CODE.format(name="MAX_CODE_TOKEN_ID")),
)

SET175_INVALID = (Invalid(_CODE.format(name="DEFAULT_MAX_CODE_TOKENS"), line=1),)
