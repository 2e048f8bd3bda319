"""PB101's cases from set 103 (issue 19, tuner Y): a request that is a statement of its own (awaited or
not), so nothing reads what the model writes, and whose whole prompt is written in the code (a literal
string, or a literal list of messages, dicts or message objects built only from literal strings) only
tests that a key, a model or a route answers: its small output cap is a probe's (``discarded_probes``). A
prompt carrying data, an answer kept, or a cap no probe needs is a budget. Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET103Y_VALID = (
    # set 103: flowai-cli's key check, a literal message object, the answer thrown away
    Valid(
        "async def check(provider):\n    try:\n"
        '        await provider.generate([Message(role="user", content="Reply with: ok")], max_tokens=16)\n'
        "    except ProviderError as exc:\n        return exc\n    return None\n"
    ),
    # a literal dict message under the prompt keyword, not awaited
    Valid(
        "def warm(client, model):\n    client.chat.completions.create(\n"
        '        model=model, messages=[{"role": "user", "content": "Say the word ready."}], max_tokens=8\n'
        "    )\n"
    ),
)

SET103Y_INVALID = (
    # the prompt carries data: a real request whose answer is streamed elsewhere
    Invalid(
        "async def send(provider, text):\n"
        '    await provider.generate([Message(role="user", content=text)], max_tokens=16)\n'
    ),
    # the answer is kept: a short literal task, not a probe
    Invalid(
        "async def title(provider):\n"
        '    reply = await provider.generate([Message(role="user", content="Name a color.")], max_tokens=16)\n'
        "    return reply\n"
    ),
    # thrown away, but a cap no probe needs
    Invalid(
        "async def check(provider):\n"
        '    await provider.generate([Message(role="user", content="Reply with: ok")], max_tokens=512)\n'
    ),
    # a prompt given positionally beside a second argument holding data
    Invalid(
        "async def log_call(provider, history):\n"
        '    await provider.generate("Summarize the lines in seconds.", history, max_tokens=24)\n'
    ),
)
