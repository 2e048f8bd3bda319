"""PB101's cases of a request's own output cap below the least value (``small_caps``; sets 147-152:
policyrail-ai's classifiers, fr-cli's intent call, an evaluation's answer): a small number under the
request's output-cap keyword or payload key is still a budget; ``max_tokens=1``, a probe (by its function's
name, its literal prompt or its discarded answer), a test and a configured ``min-value`` keep it out
(the last two in ``tests/lint/test_options.py``). Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SMALL_CAP_VALID = (
    # the cap of a request made to read back the prompt's count, or of a probe: one token
    Valid(
        "def count(client, messages):\n    return client.messages.create(messages=messages, max_tokens=1)\n"
    ),
    # a health check by its function's name, though its prompt carries data
    Valid(
        "def health_check(client, model, text):\n    return client.create(model=model, prompt=text, max_tokens=5)\n"
    ),
    Valid("def validate_key(llm, prompt):\n    return bool(llm.generate(prompt, max_tokens=8))\n"),
    # a ping: the whole prompt a short literal
    Valid('def reach(client):\n    return client.create(input="ping", max_output_tokens=4)\n'),
    # a test request's payload: its prompt written whole (set 133: cellsistant's settings check)
    Valid(
        "async def try_profile(session, url, model):\n"
        '    payload = {"model": model, "messages": [{"role": "user", "content": "Say ok"}], "max_tokens": 5}\n'
        "    return await session.post(url, json=payload)\n"
    ),
    # small numbers under other names stay below the least value
    Valid("def ask(client, messages):\n    return client.create(messages=messages, n=10, top_logprobs=5)\n"),
)

SMALL_CAP_INVALID = (
    # set 151: policyrail-ai's classifier, a label's cap
    Invalid(
        "def classify(client, model, text):\n    reply = client.chat.completions.create(\n"
        '        model=model, messages=[{"role": "user", "content": text}], max_tokens=10\n    )\n'
        "    return reply.choices[0].message.content\n",
        line=3,
        key="classify_max_tokens",
    ),
    # a score's cap under Gemini's keyword, and a Hugging Face generation's
    Invalid("def score(model, prompt):\n    return model.generate(prompt, max_output_tokens=8)\n", line=2),
    Invalid("def answer(model, ids):\n    return model.generate(ids, max_new_tokens=10)\n", line=2),
    # a payload's key (set 129: orthosec's guard model)
    Invalid(
        'def guard(post, url, text):\n    return post(url, json={"messages": [text], "max_tokens": 8})\n',
        line=2,
    ),
)
