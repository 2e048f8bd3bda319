"""PB102's cases from sets 77 to 80 (issue 19): a budget a function writes again (``budget_copies``), an
average size of a memory in tokens. Spliced into the rule's cases through ``pb102_set73_cases`` (the
rule's module is at its length limit)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_GETTER = (
    "def get_output_limit(model_name: str) -> int:\n"
    '    """Get the maximum output tokens for a model."""\n'
    "    if not model_name:\n        return {first}\n"
    "    details = MODEL_DETAILS.get(model_name, {{}})\n"
    '    return details.get("output_limit", 8192)\n'
)
_PROMPT = (
    "def configure(existing_context_window, answer):\n"
    "    {name} = existing_context_window if existing_context_window else {first}\n"
    "    show({name})\n"
    "    if not answer:\n        context_window = 65536\n"
    "    else:\n        context_window = int(answer)\n"
    "    return context_window\n"
)

SET77_VALID = (
    # the same number twice in a function where neither is a budget: no copy of one
    Valid(
        "def configure(answer):\n    size = 65536 if answer else 0\n    buffer = 65536\n    return size, buffer\n"
    ),
    # an average size of one memory in tokens: what an item costs, not a limit (set 80: long-term-memory)
    Valid(
        "from pydantic import BaseModel\n\nclass ComposerConfig(BaseModel):\n"
        "    level0_avg_tokens: int = 60\n    average_tokens: int = 250\n    mean_tokens: int = 400\n"
    ),
)

SET77_INVALID = (
    # the fallback of a documented getter returned again where the model is missing (set 77: zil-ai's
    # ``_detect_model_context``, whose table fallback PB101 reports)
    Invalid(_GETTER.format(first=8192), count=2),
    # the window offered at a prompt, the same as the one bound when no answer comes (set 79: janito4)
    Invalid(_PROMPT.format(name="default_context", first=65536), count=2),
    Invalid(_PROMPT.format(name="offered", first=65536), count=2),
    # near misses, only the reported budget found: another number returned beside a documented getter's
    # fallback; the same number bound to a local saying another unit or naming no budget, beside no
    # budget; in a function nested in the one reporting it; as a call's argument
    Invalid(_GETTER.format(first=4096), line=6),
    Invalid(_PROMPT.format(name="context_chars", first=65536), line=5),
    Invalid(
        _PROMPT.format(name="buffer_size", first=65536).replace("existing_context_window if ", "x if "),
        line=5,
    ),
    Invalid(_PROMPT.format(name="context_lines", first=65536), line=5),
    Invalid(_PROMPT.format(name="context_seconds", first=65536), line=5),
    Invalid(
        "def configure(answer):\n    context_window = 65536\n\n"
        "    def inner():\n        return 65536\n\n    return inner, context_window\n",
        line=2,
    ),
    Invalid(
        "def configure(answer):\n    context_window = 65536\n    show(65536)\n    return context_window\n",
        line=2,
    ),
)
