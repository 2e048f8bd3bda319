"""Keys of a model table written as regular expressions of model ids (PB107; set 63: euroeval's
``MODEL_MAX_LENGTH_MAPPING = {r"(openai/)?gpt-4o(-mini)?": 128_000, ...}``, each key matched against a
model id by ``re.fullmatch``).

A key opening with an optional provider group (``(openai/)?``, ``(?:anthropic/)?``) is a pattern of model
ids when the id it matches with the provider written (``openai/gpt-4o(-mini)?``) opens with a model's
name (``looks_like_model_name``). Such keys are read so only in a table whose name says a window or a
budget (``_window_name``): a table of vocabulary sizes keyed the same way is none.
"""

from __future__ import annotations

import re

from prompt_budget.lint.names import looks_like_model_name

_OPTIONAL_PROVIDER = re.compile(r"^\((?:\?:)?([\w.-]+/)\)\?")


def model_pattern(key: str) -> bool:
    """``(openai/)?gpt-4-32k(-[0-9]{4})?``: a regular expression of a model's ids, its provider optional."""
    found = _OPTIONAL_PROVIDER.match(key)
    return found is not None and looks_like_model_name(found.group(1) + key[found.end() :])
