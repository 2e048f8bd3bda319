"""PB102's cases from what sets 95 and 96 left (issue 19, tuner W): a field described in its
``Annotated`` type (pydantic's ``n: Annotated[int, Field(description=...)] = N``) as a maximum of tokens,
the default after the ``=`` (``field_docstrings.annotated_call``), and a description that opens with a
maximum of tokens and then says what the limit is for (``"... to manage context size or cost"``).
Spliced into ``pb102_set87_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_HEAD = (
    "from typing import Annotated\n\nfrom pydantic import BaseModel, Field\n\n\nclass Settings(BaseModel):\n"
)

SET95_VALID = (
    # the Annotated description gives another unit, or a price per token, or an access token's life
    Valid(
        _HEAD
        + '    history_size: Annotated[int, Field(description="Maximum characters kept in the history.")] = 4000\n'
    ),
    Valid(
        _HEAD
        + '    max_lines: Annotated[int, Field(description="Maximum lines of the log kept in memory.")] = 5000\n'
    ),
    Valid(
        _HEAD
        + '    budget: Annotated[float, Field(description="Maximum cost in USD per 1000 tokens.")] = 20\n'
    ),
    Valid(
        _HEAD
        + '    ttl: Annotated[int, Field(description="Lifetime of the access token in seconds.")] = 3600\n'
    ),
    # a plain (non-Annotated) subscript annotation holds no description
    Valid(_HEAD + "    sizes: dict[str, int] = {}\n"),
    # a price word not after an opening maximum of tokens still says the number is no budget
    Valid(
        _HEAD
        + '    level: int = Field(default=100000, description="Token count where the price limit of a tier changes.")\n'
    ),
)

SET95_INVALID = (
    # set 95: swiss-ai-hub-agent's conversation fields give the input cap in an Annotated Field
    Invalid(
        _HEAD + "    number_of_input_tokens: Annotated[\n"
        '        int, Field(description="Maximum tokens allowed in input to manage context size or cost.")\n'
        "    ] = 128000\n",
        line=9,
    ),
    Invalid(
        _HEAD + '    reply_cap: Annotated[int, Field(description="Max number of output tokens.")] = 2048\n',
        line=7,
    ),
    Invalid(
        _HEAD
        + '    history: int = Field(default=32000, description="Maximum tokens of history, to limit spend.")\n',
        line=7,
    ),
)
