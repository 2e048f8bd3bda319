"""PB101's cases from sets 137 and 138 (issue 19): a literal given last by position, after what is looked up, to
a function named as a budget: the budget it falls back to (2b-agent's ``"max_tokens": catalog.max_tokens(model,
4096)``: ``argument_rows.fallback_argument``). The bounds of a parameter named as a budget written as ``Annotated[int, Field(ge=256, le=32_768)]`` (set 139:
gragdb's MCP tools: ``inline_forms._annotated_parameter``). Spliced into ``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_ANNOTATED = (
    "from typing import Annotated\nfrom pydantic import Field\n\n"
    "def search(query: str, {name}: Annotated[int, Field(ge={low}, le={high})] = 5) -> str:\n    return query\n"
)

SET137_VALID = (
    Valid(_ANNOTATED.format(name="top_k", low=1, high=100)),
    Valid("def page(q: str, limit: int = Query(10, ge=1, le=500)):\n    return q\n"),
    # a function named otherwise; every argument a literal; one argument only (a conversion)
    Valid("def send(model):\n    return {'model': model, 'n': catalog.price(model, 4096)}\n"),
    Valid("def send():\n    return catalog.max_tokens('gpt-4o', 4096)\n"),
    Valid("def send(model):\n    return max_tokens(4096)\n"),
    # a predicate's or an action's argument: crfm-helm's ``fits_within_context_window(text, 974)``
    Valid("def check(svc, text):\n    return svc.fits_within_context_window(text, 974)\n"),
    Valid("def trim(req, messages):\n    return req.strip_out_messages_over_max_tokens(messages, 50)\n"),
)

SET137_INVALID = (
    Invalid(_ANNOTATED.format(name="token_budget", low=256, high="32_768"), count=2),
    # set 141 (searchat): FastAPI's ``Query(None, ge=, le=)`` as a parameter's default
    Invalid(
        "def expertise(q: str, max_tokens: int | None = Query(None, ge=100, le=100000)):\n    return q\n",
        count=2,
    ),
    Invalid(
        _ANNOTATED.format(name="token_budget", low=256, high="32_768").replace("] = 5", "] | None = None"),
        count=2,
    ),
    Invalid(
        "def send(model):\n    return {'model': model, 'max_tokens': catalog.max_tokens(model, 4096)}\n",
        line=2,
    ),
    Invalid("def window(model):\n    return get_context_window(model, 8192)\n", line=2),
)
