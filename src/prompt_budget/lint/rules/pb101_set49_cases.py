"""PB101's cases from what sets 49 and 50 left (issue 19): a test's input whose written form the test
asserts (``asserted_renderings``). Spliced into ``pb101_form_cases`` to keep the rule module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET49_VALID = (
    # a conditional value under a key that names no budget
    Valid('def opts(slow):\n    return {"timeout": 4096 if slow else 2}\n'),
    # a test feeds a number under a key and asserts its rendering (set 50: ii-researcher's Action)
    Valid(
        "def test_to_string():\n"
        '    action = Action(name="analyze", arguments={"text": "t", "max_tokens": 100})\n'
        "    result = action.to_string()\n    assert 'max_tokens=100' in result\n"
    ),
    Valid(
        "class T(TestCase):\n    def test_dump(self):\n        req = Request(params={'max_tokens': 256})\n"
        "        self.assertIn('\"max_tokens\": 256', req.json())\n"
    ),
)

SET49_INVALID = (
    # a request's budget written as a conditional value: each branch (set 50: granite-io; the short
    # answer's 2 a request's own output cap, ``small_caps``)
    Invalid(
        "class Rerank:\n    def __init__(self, verbose):\n"
        '        self._params = {"temperature": 0.0, "max_tokens": 4096 if verbose else 2}\n',
        line=3,
        count=2,
    ),
    # the number given to the call under test, whose echo is asserted: its input (set 43: langfun)
    Invalid(
        "def test_call(self):\n    lm = Model(api_key='k')\n"
        "    self.assertEqual(lm('hello', max_tokens=1024).text, 'hello with max_tokens=1024')\n",
        line=3,
    ),
    # the asserted string shows another number, or the number is sent outside a test
    Invalid(
        "def test_call(client):\n    out = client.complete(prompt, max_tokens=100)\n"
        "    assert 'max_tokens=1000' not in out.log\n",
        line=2,
    ),
    Invalid(
        'def render(action):\n    action = Action(arguments={"max_tokens": 100})\n'
        "    assert 'max_tokens=100' in action.to_string()\n    return llm(**action.arguments)\n",
        line=2,
    ),
)
