"""PB101's cases from what sets 71 and 72 left (issue 19): the ``or`` fallback of a field's read restating
the default the module's class declares for it, named or described as tokens (``restated_defaults``), and
a model's ``limit`` entry of context and output sizes (``model_limits``), and a tool argument's ``.get``
fallback under a key the module's JSON schema describes in tokens (``schema_defaults``). Spliced into
``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SCHEMA = (
    'TOOL = {"properties": {"budget": {"type": "integer", "description": "Max tokens to return"},\n'
    '    "limit": {"type": "integer", "description": "Max results (no more than 100 tokens of text each)"},\n'
    '    "width": {"type": "integer", "description": "Characters per line (tokens are not counted)"}}}\n\n'
)

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
    # a key the schema describes in characters, a key it does not describe
    Valid(
        _SCHEMA + 'def call(mem, args):\n    return mem.wrap(args["text"], width=args.get("width", 2000))\n'
    ),
    Valid(
        _SCHEMA + 'def call(mem, args):\n    return mem.recall(args["query"], top=args.get("top", 2000))\n'
    ),
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
    # set 72: memwright's MCP server, the recall budget its tool schema gives in tokens
    Invalid(
        _SCHEMA
        + 'def call(mem, args):\n    return mem.recall(args["query"], budget=args.get("budget", 2000))\n',
        line=6,
    ),
)
