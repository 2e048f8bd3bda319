"""PB101's cases from what sets 85 and 86 left (issue 19): a number written as a string under a key named
as a token budget, into the environment or a request one entry at a time (``subscript_entries``).
Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET85_VALID = (
    # keys in other units, a credential, a key that names no budget
    Valid(
        "import os\n\ndef setup(key):\n    os.environ['OPENAI_API_KEY'] = key\n"
        "    os.environ['MAX_LINES'] = str(2000)\n    os.environ['TIMEOUT_SECONDS'] = '600'\n"
        "    os.environ['MAX_MEMORY_MB'] = str(4096)\n    os.environ['MAX_CHARS'] = str(8000)\n"
        "    os.environ['MAX_MESSAGES'] = '500'\n    os.environ['MAX_COST_CENTS'] = str(3000)\n"
        "    os.environ['PORT'] = str(8080)\n"
    ),
    # a string that is no number, a number too small to be a budget ("no limit" / a flag)
    Valid("import os\n\nos.environ['MAX_TOKENS'] = 'auto'\nos.environ['LLM_MAX_TOKENS'] = str(0)\n"),
)

SET85_INVALID = (
    # the environment read's default (set 253), whatever the variable was set to before it
    Invalid(
        "import os\n\nos.environ.setdefault('MAX_TOKENS', '4096')\n"
        "limit = int(os.getenv('MAX_TOKENS', '4096'))\n",
        line=4,
    ),
    # set 85: mofa's environment for its OpenAI client, the output budget written as a string
    Invalid(
        "import os\n\ndef configure(api_key, max_tokens=None):\n"
        "    os.environ['OPENAI_API_KEY'] = api_key\n"
        "    if max_tokens:\n        os.environ['LLM_MAX_TOKENS'] = str(16384)\n",
        line=6,
        key="configure_llm_max_tokens",
    ),
    Invalid("import os\n\nos.environ['CONTEXT_WINDOW_TOKENS'] = '128000'\n", line=3),
    # a request's entry written as a string, one entry at a time
    Invalid(
        "def options(params):\n    params['max_new_tokens'] = json.dumps(2048)\n    return params\n", line=2
    ),
)
