"""Cases from sets 223 to 228 (issue 19), the forms left from set 223's pass and those of the sets after it.

PB104: a name saying only bytes (a function ``_bytes_fallback``) is no base64 where the amount divided is a text's
encoding measured there (lore-solo's ``(len(text.encode("utf-8")) + 2) // 3``, "one token per three UTF-8 bytes",
``pb104_bytes.of_text``). PB101: a function named as a check is a probe only when what it checks is the service
itself (``validate_api_key``, ``verify_llm_connection``); a check of a task's subject is the task's request, and
its small output cap a budget (lorien-memory's ``_llm_contradiction_check`` with ``"max_tokens": 5``,
``small_caps``); a setting reader's ``lo=`` and ``hi=`` beside a budget's default are its floor and cap (rekall-mcp's
``_read_int(query, "max_tokens", 2000, lo=100, hi=20000)``, ``helper_settings``). Spliced into ``pb104_set111_cases`` and ``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

# set 223: lore-solo's fallback when tiktoken is missing, one token per three UTF-8 bytes rounded up
_FALLBACK = (
    "def count_tokens(text: str) -> int:\n"
    "    return _bytes_fallback(text)\n\n\n"
    "def _bytes_fallback(text: str) -> int:\n"
    "    return (len({measured}) + 2) // 3\n"
)
TEXT_BYTES_VALID = (
    Valid(_FALLBACK.format(measured="text")),
)  # a name saying bytes of what is no encoded text
TEXT_BYTES_INVALID = (Invalid(_FALLBACK.format(measured='text.encode("utf-8")'), line=6),)

# set 224: lorien-memory's yes/no contradiction check, a task's request capped at five tokens (a probe's is not)
_CHECKED = (
    "import json\n\n\n"
    "def {name}(model: str, prompt: str) -> bytes:\n"
    '    return json.dumps({{"model": model, "messages": [{{"role": "user", "content": prompt}}], '
    '"max_tokens": 5}}).encode()\n'
)
CHECKED_VALID = (
    Valid(_CHECKED.format(name="_check_api_key")),
    Valid(_CHECKED.format(name="verify_llm_connection")),
)
CHECKED_INVALID = (Invalid(_CHECKED.format(name="_llm_contradiction_check"), line=5),)

# set 223: rekall-mcp's query reader, its floor and cap given as ``lo=`` and ``hi=`` beside the budget's default
_READER = (
    "def _read_int(params, key: str, default: int, lo: int = 1, hi: int = 10000) -> int:\n"
    "    raw = params.get(key)\n"
    "    return default if raw is None else max(lo, min(int(raw), hi))\n\n\n"
    "def handler(query, build):\n"
    '    return build(_read_int(query, "{key}", 2000, lo=100, {cap}=20000))\n'
)
BOUNDED_VALID = (Valid(_READER.format(key="limit", cap="hi")),)  # a cap of rows
BOUNDED_INVALID = (
    Invalid(_READER.format(key="max_tokens", cap="hi"), line=7, count=3),  # the default, the floor, the cap
    # a keyword that only starts with "max" is no cap: the default alone
    Invalid(_READER.format(key="max_tokens", cap="max_retries").replace("lo=100, ", ""), line=7),
)
