"""PB107's cases from sets 79 and 80 (issue 19): a model -> limit table built by a comprehension over the
module's models (``pb107_comprehensions``). Spliced into the rule's cases through ``pb107_set63_cases``
(the rule's module is at its length limit)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_MODELS = '_MODELS = {"claude-opus-5": (5.0, 25.0), "claude-sonnet-5": (2.0, 10.0), "claude-haiku-4-5": (1.0, 5.0)}\n'
_READ = "\ndef info(mid):\n    return ModelInfo(id=mid, max_output_tokens={table}.get(mid))\n"

SET79_VALID = (
    # one number per model, named as nothing and read as nothing in tokens
    Valid(_MODELS + "_RANK = {mid: 1000 for mid in _MODELS}\n"),
    Valid(_MODELS + "_CAPS = {mid: 128_000 for mid in _MODELS}\n\ndef info(mid):\n    return _CAPS[mid]\n"),
    # prices, requests, characters, seconds, memory per model
    Valid(_MODELS + "_PRICE_CENTS = {mid: 1500 for mid in _MODELS}\n"),
    Valid(_MODELS + "_WINDOW_MESSAGES = {mid: 5000 for mid in _MODELS}\n"),
    Valid(_MODELS + "_MAX_CHARS = {mid: 20_000 for mid in _MODELS}\n"),
    Valid(_MODELS + "_TIMEOUT_SECONDS = {mid: 6000 for mid in _MODELS}\n"),
    # keys that are no models, a small number, a loop over something else than the module's table
    Valid('_TASKS = ["qa", "summary", "chat"]\n_CONTEXT_WINDOW = {t: 8192 for t in _TASKS}\n'),
    Valid(_MODELS + "_CONTEXT_WINDOW = {mid: 512 for mid in _MODELS}\n"),
    Valid(_MODELS + "_CONTEXT_WINDOW = {mid: 8192 for mid in load_models()}\n"),
    # a comprehension in a function: a local, not a table written in code
    Valid(_MODELS + "def windows():\n    return {mid: 128_000 for mid in _MODELS}\n"),
)

SET79_INVALID = (
    # one output cap for every model of a table, read as ``max_output_tokens`` (set 79: hiveloom)
    Invalid(
        _MODELS
        + '_MAX_OUTPUT: dict[str, int] = {\n    mid: 128_000 for mid in _MODELS if mid != "claude-haiku-4-5"\n}\n'
        + _READ.format(table="_MAX_OUTPUT"),
        line=3,
        key="max_output",
        fixed="import prompt_budget\n\n"
        + _MODELS
        + '_MAX_OUTPUT: dict[str, int] = {\n    mid: prompt_budget.value(\n        "max_output", 128_000\n'
        + '    ) for mid in _MODELS if mid != "claude-haiku-4-5"\n}\n'
        + _READ.format(table="_MAX_OUTPUT"),
    ),
    # named as a window or a budget, over a list, a frozenset or a dict's keys of model ids
    Invalid('MODELS = ["gpt-4o", "gpt-4o-mini"]\nCONTEXT_WINDOWS = {m: 128_000 for m in MODELS}\n', line=2),
    Invalid(
        'MODELS = {"gpt-4o": "openai", "o3": "openai"}\nCONTEXT_WINDOWS = {m: 128_000 for m in MODELS.keys()}\n',
        line=2,
    ),
    Invalid(
        'MODELS = frozenset({"gemini-2.5-pro", "gemini-2.5-flash"})\n'
        "MODEL_TOKEN_BUDGETS = {m: 1_000_000 for m in MODELS}\n",
        line=2,
    ),
)
