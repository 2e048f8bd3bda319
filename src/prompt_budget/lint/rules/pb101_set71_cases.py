"""PB101's cases from what sets 71 and 72 left (issue 19): the ``or`` fallback of a field's read restating
the default the module's class declares for it, named or described as tokens (``restated_defaults``), and
a model's ``limit`` entry of context and output sizes (``model_limits``). Spliced into ``pb101_form_cases``.
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
    # limits of something else, one size alone, a window smaller than the output
    Valid('CONFIG = {"limit": {"requests": 60000, "output": 8192}}\n'),
    Valid('CONFIG = {"limit": {"context": 131072}}\n'),
    Valid('CONFIG = {"limit": {"context": 50, "output": 2000}}\n'),
)

SET71_INVALID = (
    # set 71: hotaru-code's Exa code search, its token budget written again in the request body
    Invalid(_PARAMS + 'def body(params):\n    return {"tokensNum": params.tokensNum or 5000}\n', line=9),
    # set 71: localcoder's generated OpenCode config
    Invalid(
        "def configure(model_id):\n"
        '    """Give OpenCode the model\'s token limits."""\n'
        '    return {"models": {model_id: {"limit": {"context": 131072, "output": 8192}}}}\n',
        count=2,
    ),
)
