"""PB101's cases from what sets 97 and 98 left (issue 19, tuner R): a number as the other branch of a
conditional that reads a budget, bound to a name PB102 does not judge (``inline_branches.
assigned_fallback``: ``ctx_window = bc.context_window if bc else 200_000``, set 98: ashlar-ao), the
fallback of that budget as ``ctx_window = bc.context_window or 200_000`` is; a number returned as a
branch of a conditional by a function named as no budget whose result the module uses as one
(``caller_budgets``: ``return p.max_out(m) if p else 8_000`` ... ``cap = max_tokens if max_tokens else
self._max_out()``, set 97: falamus); an allowance per item added to a count of tokens (``item_allowances``:
``estimate_input_tokens(context) + 2048 * len(images)``, set 97: xdog-agent). Spliced into
``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CLIENT = (
    "class Client:\n    def _max_out(self):\n        p = PROVIDERS.get(self.kind)\n"
    "        return p.max_out(self.model) if p else {fallback}\n\n"
    "    def body(self, messages, max_tokens=None):\n"
    "        cap = {use}\n        return {{'messages': messages, {key}: cap}}\n"
)

SET97_VALID = (
    # per item added to characters, bytes, lines, seconds, messages, a cost; a few tokens of framing
    Valid("def size(text, images):\n    return len(text) + 1000 * len(images)\n"),
    Valid("def size(total_bytes, files):\n    return total_bytes + 2048 * len(files)\n"),
    Valid("def size(max_lines, files):\n    return max_lines + 100 * len(files)\n"),
    Valid("def wait(elapsed_seconds, retries):\n    return elapsed_seconds + 30 * len(retries)\n"),
    Valid("def n(num_messages, batch):\n    return num_messages + 20 * len(batch)\n"),
    Valid("def cost(total_cost, images):\n    return total_cost + 0.5 * len(images)\n"),
    Valid("def size(text, messages):\n    return count_tokens(text) + 4 * len(messages)\n"),
    # a result used as a page size, a timeout, a count of lines; a getter named as a budget (PB102's);
    # a conditional not returned whole; a function the module never calls
    Valid(_CLIENT.format(fallback="50", use="page_size or self._max_out()", key="'page_size'")),
    Valid(_CLIENT.format(fallback="50", use="self._max_out()", key="'max_lines'")),
    Valid(
        "class Pager:\n    def _size(self):\n        return self.cfg.size if self.cfg else 50\n\n"
        "    def fetch(self, limit=None):\n        return self.api.list(limit=limit or self._size(), timeout=self._size())\n"
    ),
    Valid(
        _CLIENT.replace("_max_out", "max_output_tokens").format(
            fallback="8_000", use="self.max_output_tokens()", key="'max_tokens'"
        )
    ),
    Valid(
        "def _window():\n    return (lookup(MODEL) if MODEL else 32_000) + 1\n\n\n"
        "def run(client):\n    return client.create(max_tokens=_window())\n"
    ),
    Valid("def _window():\n    return lookup(MODEL) if MODEL else 32_000\n"),
    # bound to a name of another unit: lines, messages, characters, bytes, seconds, cost, price
    Valid("def f(cfg):\n    max_lines = cfg.max_tokens if cfg else 200\n    return max_lines\n"),
    Valid("def f(cfg):\n    msg_limit = cfg.context_window if cfg else 50\n    return msg_limit\n"),
    Valid("def f(cfg):\n    max_chars = cfg.max_tokens * 4 if cfg else 8000\n    return max_chars\n"),
    Valid("def f(cfg):\n    size_bytes = cfg.max_tokens if cfg else 4096\n    return size_bytes\n"),
    Valid("def f(cfg):\n    wait_seconds = cfg.context_window if cfg else 300\n    return wait_seconds\n"),
    Valid("def f(cfg):\n    cost_cap = cfg.max_tokens if cfg else 1000\n    return cost_cap\n"),
    # the other branch no budget's read: memory, a count of items, a plain setting
    Valid("def f(cfg):\n    mem = cfg.memory_limit if cfg else 4096\n    return mem\n"),
    Valid("def f(cfg):\n    n = cfg.max_items if cfg else 200\n    return n\n"),
    Valid("def f(big):\n    limit = 300 if big else 350\n    return limit\n"),
    # bound to a budget's own name: PB102's (``as a default``)
    Valid(
        "def f(cfg):\n    context_window = cfg.context_window if cfg else 200_000\n    return context_window\n"
    ),
)

SET97_INVALID = (
    Invalid(
        "def admit(context, images, limit):\n    size = estimate_input_tokens(context) + 2048 * len(images)\n"
        "    if size > limit:\n        raise ValueError('too large')\n",
        line=2,
        key="admit_images_tokens",
    ),
    Invalid("def size(text, tools):\n    return num_tokens(text) + len(tools) * 300\n"),
    Invalid(
        _CLIENT.format(
            fallback="8_000", use="max_tokens if max_tokens else self._max_out()", key="'max_tokens'"
        ),
        line=4,
    ),
    Invalid(
        "def _default_window():\n    return lookup(MODEL) if MODEL else 32_000\n\n\n"
        "def run(client, max_tokens=None):\n    return client.create(max_tokens=max_tokens or _default_window())\n",
        line=2,
    ),
    Invalid(
        "def remaining(self, backends):\n"
        "    ctx_window = backends[self.kind].context_window if self.kind in backends else 200_000\n"
        "    return max(0, ctx_window - self.used_tokens)\n",
        line=2,
        key="remaining_context_window",
    ),
    Invalid("def f(cfg):\n    cap = cfg.max_tokens if cfg is not None else 4096\n    return cap\n"),
    Invalid("def f(cfg):\n    w: int = 128_000 if cfg is None else cfg.context_window\n    return w\n"),
    # read by PB102's data flow too (``max_tokens=cap``): reported once, here
    Invalid(
        "def ask(cfg, client):\n    cap = cfg.max_tokens if cfg else 350\n    return client.create(max_tokens=cap)\n"
    ),
)
