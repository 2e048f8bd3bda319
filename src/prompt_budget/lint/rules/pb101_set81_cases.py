"""PB101's cases from what sets 81 and 82 left (issue 19): a config lookup made through a helper of the
package's own, ``def _get(key, default): return config.get(key, Wrapped(default)).value``, called with a
budget's key and a number (``wrapped_lookups``): the number is the key's fallback, as in
``config.get("max_tokens", 4096)``. Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_HELPER = (
    "def load(config):\n    def _get(key, default):\n"
    "        return config.get(key, Setting(default, 'defaults')).value\n\n"
)

SET81_VALID = (
    # keys of characters, seconds, retries or a temperature: no budget
    Valid(_HELPER + "    limit = _get('max_chars', 4096)\n    wait = _get('timeout_seconds', 600)\n"),
    Valid(_HELPER + "    temperature = _get('temperature', 0.7)\n    tries = _get('max_retries', 3)\n"),
    # a helper that does not forward its default to the lookup: the number is not the key's fallback
    Valid(
        "def load(config):\n    def _get(key, n):\n        return config.get(key, 0) * n\n\n"
        "    window = _get('max_tokens', 4096)\n"
    ),
    # a helper doing more than the lookup, or a function not defined here
    Valid(
        "def _get(key, default):\n    log(key)\n    return CONFIG.get(key, default)\n\n"
        "max_tokens = _get('max_tokens', 4096)\n"
    ),
    Valid("from settings import read\n\nmax_tokens = read('max_tokens', 4096)\n"),
)

SET81_INVALID = (
    # set 81: mvge's environment, the model's output budget read through a helper of its own
    Invalid(_HELPER + "    raw_max_tokens = _get('max_tokens', 4096)\n", line=5),
    Invalid(
        "def _setting(name, fallback):\n    return os.environ.get(name, fallback)\n\n"
        "window = int(_setting('CONTEXT_WINDOW', 128000))\n",
        line=4,
    ),
)
