"""PB102's cases from what sets 101 and 102 left (issue 19, tuner P): a module constant an environment
getter falls back to and returns, its calls compared with a count of tokens or its value clamped with a
model's output cap (``getter_callers``: set 101, aemeathcode's ``DEFAULT_KEEP_BUDGET`` and
``DEFAULT_OUTPUT_BUDGET``); a config field named as the point an action is done at (``mask_at``), compared in
another class with what a method returning tokens gives (``compared_fields``, ``returned_tokens``: set 101,
wren-agent). Spliced into ``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_GETTER = (
    "import os\n\nDEFAULT_KEEP = 12000\n\ndef keep_size() -> int:\n"
    '    env = os.environ.get("APP_KEEP")\n    return int(env) if env else DEFAULT_KEEP\n\n'
    "def trim(messages, measure):\n    size = keep_size()\n    {kept} = 0\n    for m in reversed(messages):\n"
    "        if {kept} >= size:\n            break\n        {kept} += measure(m)\n"
)
_CLAMP = (
    "import os\n\nDEFAULT_OUT = 16000\n\ndef out_size(info) -> int:\n"
    '    desired = int(os.getenv("APP_OUT", DEFAULT_OUT))\n    return min(desired, info.{cap})\n'
)
_FIELD = (
    "from dataclasses import dataclass\n\n@dataclass\nclass ModelConfig:\n    {field}: int = 30_000\n\n"
    "class Loop:\n    def __init__(self, model: ModelConfig, lines: list[str]):\n        self.model = model\n"
    "        self.lines = lines\n        self.context_tokens = 0\n\n    def estimated(self) -> int:\n"
    "        return {size}\n\n    def manage(self, extra: int = 0) -> None:\n"
    "        if self.estimated() + extra > self.model.{field}:\n            self.shrink()\n"
)

SET101_VALID = (
    # a getter's fallback doubled before a function clamps it: the clamp no longer holds the number
    Valid(
        "import os\n\nDEFAULT_KEEP_BUDGET = 10000\n\n\ndef keep_budget():\n"
        '    env = os.environ.get("KEEP")\n    return int(env) if env else DEFAULT_KEEP_BUDGET\n\n\n'
        "def _cap(limit, info):\n    return min(limit, info.max_output_tokens)\n\n\n"
        "def run(info):\n    return _cap(keep_budget() * 2, info)\n"
    ),
    # the getter's calls compared with an amount in another unit: lines, messages, chars, bytes, seconds,
    # memory, cost, price
    *(
        Valid(_GETTER.format(kept=kept))
        for kept in (
            "kept_lines",
            "kept_messages",
            "kept_chars",
            "kept_bytes",
            "elapsed_seconds",
            "memory_mb",
            "total_cost",
            "price",
        )
    ),
    # a getter called nowhere in its module says nothing
    Valid(
        'import os\n\nDEFAULT_KEEP = 12000\n\ndef keep_size() -> int:\n    env = os.environ.get("APP_KEEP")\n'
        "    return int(env) if env else DEFAULT_KEEP\n"
    ),
    # clamped with a cap in another unit
    Valid(_CLAMP.format(cap="max_lines")),
    Valid(_CLAMP.format(cap="max_chars")),
    # a field compared with what a method counting lines or characters returns
    Valid(_FIELD.format(field="mask_at", size="len(self.lines)")),
    Valid(_FIELD.format(field="mask_at", size="sum(len(x) for x in self.lines)")),
    # a constant given to a generic helper that returns it: the helper's other calls are not its value
    Valid(
        "DEFAULT_DEPTH = 1000\n\ndef _get_int(env, key, default):\n    raw = env.get(key)\n"
        "    return int(raw) if raw else default\n\ndef settings(env, send, out_default):\n"
        '    depth = _get_int(env, "DEPTH", DEFAULT_DEPTH)\n'
        '    send(max_tokens=_get_int(env, "OUT", out_default))\n    return depth\n'
    ),
    # a step a count is rounded up to, then clamped: no longer the number itself
    Valid(
        "_STRIDE = 512\n\nclass Runner:\n    def __init__(self, max_capture_tokens: int, stride: int = _STRIDE):\n"
        "        self.max_capture_tokens = max_capture_tokens\n        self.stride = stride\n\n"
        "    def bucket(self, raw_tokens: int) -> int:\n"
        "        rounded = ((raw_tokens + self.stride - 1) // self.stride) * self.stride\n"
        "        return min(rounded, self.max_capture_tokens)\n"
    ),
    # a special token's name, or a time, compared with nothing of tokens
    Valid(
        "from dataclasses import dataclass\n\n@dataclass\nclass Vocab:\n    mask_id: int = 30_000\n\n"
        "def masked(ids, vocab: Vocab):\n    return [i for i in ids if i > vocab.mask_id]\n"
    ),
)

SET101_INVALID = (
    # the fallback of an environment read a getter returns, its call compared with tokens kept (set 101:
    # aemeathcode's compaction)
    Invalid(_GETTER.format(kept="kept_tokens"), line=3),
    # the same through ``os.getenv``'s fallback, clamped with the model's output cap (set 101: aemeathcode)
    Invalid(_CLAMP.format(cap="max_output_tokens"), line=3),
    # a method's return followed to its calls on ``self``
    Invalid(
        "import os\n\nDEFAULT_RESERVE = 6000\n\nclass Packer:\n    def reserve(self) -> int:\n"
        '        return int(os.environ.get("APP_RESERVE", DEFAULT_RESERVE))\n\n'
        "    def fits(self, prompt_tokens: int) -> bool:\n        room = self.reserve()\n"
        "        return prompt_tokens < room\n",
        line=3,
    ),
    # a field named as the point masking is done at, compared with a method's estimate of tokens (set 101:
    # wren-agent's ``mask_at``)
    Invalid(_FIELD.format(field="mask_at", size="self.context_tokens + 10"), line=5),
    Invalid(_FIELD.format(field="compact_at", size="self.context_tokens + 10"), line=5),
)
