"""PB102's cases from set 181 (issue 19: openprover's misses). A command-line option declared a number of
tokens by its ``metavar`` (``metavar="TOKENS"``) or by a help text opening on tokens ("Tokens reserved for the
answer"), whatever its name (``budget_defaults._in_tokens``); an option in characters, counting messages or
named for a credential is not. A local given a number as the fallback of ``or`` (``phase2_max = reserve or
16_000``) decided by its reads as a local bound to the number is (``budget_bindings.judge_assignment``,
``branch_values``): a budget when handed on as ``max_tokens=``, not when it cuts a string. A small default
of a parameter named as a request's output cap that the function hands on under that keyword (peekr's
``def call_judge(prompt, *, max_tokens: int = 10)``: ``small_caps.forwarded_cap``), not in a probe nor when
handed on under another name. A number handed on as a share of a window (``effective_context_window_percent=``,
xoder-ai) is no budget. Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_OPTION = "import argparse\n\np = argparse.ArgumentParser()\np.add_argument({args})\n"

SET181_VALID = (
    Valid(_OPTION.format(args='"--history-budget", type=int, default=8000, metavar="CHARS"')),
    Valid(_OPTION.format(args='"--keep", type=int, default=20, help="Number of messages kept"')),
    Valid(_OPTION.format(args='"--refresh-token-ttl", type=int, default=3600, metavar="TOKENS"')),
    Valid(
        _OPTION.format(args='"--history-chars", type=int, default=6000, help="Tokens of history, as chars"')
    ),
    Valid("def clip(text, limit):\n    n = limit or 16_000\n    return text[:n]\n"),
    Valid("def ping(client, max_tokens=5):\n    return client.create(prompt='hi', max_tokens=max_tokens)\n"),
    Valid("def rows(db, max_tokens=5):\n    return db.fetch(limit=max_tokens)\n"),
    Valid(
        "def limits(item, window):\n"
        '    effective_percent = item.get("percent") or 100\n'
        "    return Limits(context_window=window, effective_context_window_percent=effective_percent)\n"
    ),
)

SET181_INVALID = (
    Invalid(
        _OPTION.format(args='"--answer-reserve", type=int, default=4096, metavar="TOKENS", help="Reserved"'),
        line=4,
        key="answer_reserve",
    ),
    Invalid(
        _OPTION.format(args='"--reserve", type=int, default=4096, help="Tokens reserved for the answer"'),
        line=4,
    ),
    Invalid(
        "def finish(llm, prompt):\n"
        '    phase2_max = getattr(llm, "answer_reserve", None) or 16_000\n'
        "    return llm.chat(prompt, max_tokens=phase2_max)\n",
        line=2,
    ),
    Invalid(
        "def plan(llm, prompt, reserve):\n"
        "    phase2_max = reserve or 16_000\n"
        "    return llm.chat(prompt, max_tokens=phase2_max)\n\n\n"
        "def verify(llm, prompt, reserve):\n"
        "    phase2_max = reserve or 4_000\n"
        "    return llm.chat(prompt, max_tokens=phase2_max)\n",
        line=2,
        count=2,
    ),
    Invalid(
        "import openai\n\n\n"
        "def call_judge(prompt, *, max_tokens: int = 10):\n"
        "    response = openai.chat.completions.create(\n"
        '        model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}], max_tokens=max_tokens\n'
        "    )\n"
        "    return response.choices[0].message.content\n",
        line=4,
        key="call_judge_max_tokens",
    ),
)
