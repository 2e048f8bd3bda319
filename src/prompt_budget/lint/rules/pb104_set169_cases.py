"""PB104's cases from sets 169 and 170 (issue 19): a quotient of characters bound to a local that is then
written as an amount of tokens, the value of a key or keyword naming one (set 170: proxyagent's mock
provider, ``ptok = max(1, len(prompt) // 4)`` ... ``"usage": {"input_tokens": ptok, ...}``:
``token_debits.debited_tokens``). A local written under a key of another unit is not one. Set 169: a quotient
given as it is to a call recording a model's usage (antcrew's ``self._record_usage(len(prompt) // 4,
len(result) // 4)``: ``pb104_context._records_usage``), not to one recording something else. Spliced into
``pb104_set123_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_USAGE = (
    "def _mock_payload(body: dict):\n"
    '    prompt = body["prompt"][:200]\n'
    "    n = max(1, len(prompt) // 4)\n"
    '    return {{"usage": {{"{key}": n, "other": 2}}}}\n'
)

_KEYWORD = "def _mock_usage(text: str):\n    n = max(1, len(text) // 4)\n    return Usage({key}=n)\n"

_RECORDED = (
    "class SequencedLLM:\n"
    "    def complete(self, messages, *, max_tokens: int) -> str:\n"
    "        result = next(self._responses)\n"
    '        prompt = "".join(m.content for m in messages)\n'
    "        self.{call}(len(prompt) // 4, len(result) // 4)\n"
    "        return result\n"
)

SET169_VALID = (
    Valid(_RECORDED.format(call="_record_pages")),
    Valid(_RECORDED.format(call="usage_url")),
    Valid(_USAGE.format(key="pages")),
    Valid(_KEYWORD.format(key="lines")),
)

SET169_INVALID = (
    Invalid(_RECORDED.format(call="_record_usage"), line=5, count=2),
    Invalid(_USAGE.format(key="input_tokens"), line=3),
    Invalid(_KEYWORD.format(key="completion_tokens"), line=2),
)
