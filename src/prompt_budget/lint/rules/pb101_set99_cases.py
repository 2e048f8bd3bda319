"""PB101's cases from what sets 99 and 100 left (issue 19, tuner U): the small output cap of a request whose
whole prompt is a short literal string only probes a route (``responses.create(input="ping",
max_output_tokens=16)``, ``probe_requests``); a real prompt, a longer literal or a larger cap is a budget.
Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET99_VALID = (
    # a route's probe at the API's minimum (set 99: arbor-agent)
    Valid(
        'def probe(client, model):\n    return client.responses.create(model=model, input="ping", max_output_tokens=16)\n'
    ),
    Valid(
        "def alive(client, model):\n    return client.chat.completions.create(\n"
        '        model=model, messages=[{"role": "user", "content": "Say OK"}], max_tokens=20\n    )\n'
    ),
)

SET99_INVALID = (
    # the prompt is the caller's text: the cap is the request's budget
    Invalid(
        "def ask(client, model, text):\n    return client.responses.create(model=model, input=text, max_output_tokens=16)\n"
    ),
    # a probe's prompt with a cap no probe needs
    Invalid(
        'def probe(client, model):\n    return client.responses.create(model=model, input="ping", max_output_tokens=256)\n'
    ),
    # a test's small task, not a probe of a route
    Invalid(
        "async def test_stream(client):\n    return await client.chat.completions.create(\n"
        '        model="m", messages=[{"role": "system", "content": "count to 3"}], stream=True, max_tokens=20\n'
        "    )\n"
    ),
    # a literal instruction of a real task, not a probe
    Invalid(
        "def title(client, model):\n    return client.responses.create(\n"
        '        model=model, input="Write a short title for this conversation about the weather.", max_output_tokens=24\n'
        "    )\n"
    ),
)
