"""PB101's cases from what sets 71 and 72 left (issue 19): the ``or`` fallback of a field's read restating
the default the module's class declares for it, named or described as tokens (``restated_defaults``).
Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_PARAMS = (
    "from pydantic import BaseModel, Field\n\n"
    "class SearchParams(BaseModel):\n"
    "    query: str\n"
    '    tokensNum: int = Field(5000, description="Token budget")\n'
    '    pageSize: int = Field(20, description="Results per page")\n\n'
)

SET71_VALID = (
    # a field described as something else, a fallback other than the field's default, no such field
    Valid(_PARAMS + 'def body(params):\n    return {"pageSize": params.pageSize or 20}\n'),
    Valid(_PARAMS + 'def body(params):\n    return {"tokensNum": params.tokensNum or 3000}\n'),
    Valid(_PARAMS + 'def body(params):\n    return {"limit": params.resultsNum or 5000}\n'),
)

SET71_INVALID = (
    # set 71: hotaru-code's Exa code search, its token budget written again in the request body
    Invalid(_PARAMS + 'def body(params):\n    return {"tokensNum": params.tokensNum or 5000}\n', line=9),
)
