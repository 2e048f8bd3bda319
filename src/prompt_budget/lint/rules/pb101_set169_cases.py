"""PB101's cases from sets 169 and 170 (issue 19): made-up data bound to a name saying so, a hand check's
dummy facts (set 169: superboard's ``if __name__ == "__main__": demo = {"ok": True, "context_tokens": 42000,
...}``: ``inline_forms.in_examples``), is shown, not sent; the same dict bound to a request is written into
one. Spliced into ``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_DEMO = (
    'if __name__ == "__main__":\n'
    '    {name} = {{"ok": True, "context_tokens": 42000, "session_id": "demo"}}\n'
    "    print(render({name}))\n"
)

SET169_VALID = (
    Valid(_DEMO.format(name="demo")),
    Valid(_DEMO.format(name="dummy_facts")),
)

SET169_INVALID = (Invalid(_DEMO.format(name="request"), line=2),)
