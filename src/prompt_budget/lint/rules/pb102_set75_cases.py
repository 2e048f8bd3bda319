"""PB102's cases from sets 75 and 76 (issue 19), kept apart from the rule to keep it short. Spliced into
the rule's cases through ``pb102_set73_cases`` (the rule's module is at its length limit)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET75_VALID = (
    # a retry's count, delay or cost, whatever it is passed as; ``retry`` with another unit word
    Valid("MAX_RETRIES = 3000\n\ndef ask(llm, p):\n    return llm(p, max_tokens=MAX_RETRIES)\n"),
    Valid(
        "RETRY_DELAY_TOKENS = 3000\n\ndef ask(llm, p):\n    return llm(p, max_tokens=RETRY_DELAY_TOKENS)\n"
    ),
    # a retry's tokens never read as a budget: a token bucket's capacity (seconds, requests)
    Valid(
        "INITIAL_RETRY_TOKENS = 500\n\nclass Quota:\n"
        "    def __init__(self, capacity=INITIAL_RETRY_TOKENS):\n        self.available = capacity\n"
    ),
    # a local given a number on each branch and read as something else too (lines, items, a slice)
    Valid(
        "def show(rows, short):\n    if short:\n        n = 2000\n    else:\n        n = 8000\n"
        "    return render(rows, max_tokens=n, lines=n)\n"
    ),
    Valid(
        "def clip(llm, text, short):\n    n = 2000 if short else 8000\n"
        "    return llm(text[:n], max_tokens=n)\n"
    ),
    Valid(
        "def wait(client, slow):\n    limit = 600 if slow else 60\n"
        "    return client.poll(timeout=limit, max_tokens=limit * 4)\n"
    ),
    # a name given a number on one branch and none on the other, read only as a difference with a window
    # that may count characters (metagpt's sliding windows over a text)
    Valid(
        "def split(text, max_token_count):\n    padding = 20 if max_token_count > 20 else 0\n"
        "    return windows(text, size=max_token_count - padding)\n"
    ),
    # a name bound to several numbers whose reads are characters, messages or seconds
    Valid(
        "def fetch(history, long):\n    if long:\n        count = 5000\n    else:\n        count = 100\n"
        "    return history.messages(limit=count, max_tokens=4000)\n"
    ),
    # the fallback of a lookup in a table of no windows: prices, seconds, bytes, memory
    Valid(
        '"""Settings beside the context_window (tokens)."""\n'
        'PRICES = {"gpt-4o": 5000, "claude-3-opus": 15000}\nDEFAULT_PRICE = 1000\n\n'
        "def price(model):\n    return PRICES.get(model, DEFAULT_PRICE)\n"
    ),
    Valid(
        '"""Settings beside the context_window (tokens)."""\n'
        'TIMEOUTS = {"anthropic": 600, "openai": 600}\nDEFAULT_TIMEOUT = 900\n\n'
        "def timeout(provider):\n    return TIMEOUTS.get(provider, DEFAULT_TIMEOUT)\n"
    ),
    Valid(
        '"""Settings beside the context_window (tokens)."""\n'
        'UPLOAD_LIMITS = {"anthropic": 5_000_000, "openai": 20_000_000}\nDEFAULT_UPLOAD = 1_000_000\n\n'
        "def upload(provider):\n    return UPLOAD_LIMITS.get(provider, DEFAULT_UPLOAD)\n"
    ),
    Valid(
        '"""Settings beside the context_window (tokens)."""\n'
        'MEMORY_MB = {"gpt-4o": 4096, "claude-3-opus": 8192}\nFALLBACK = 2048\n\n'
        "def memory(model):\n    return MEMORY_MB.get(model, FALLBACK)\n"
    ),
)

SET75_INVALID = (
    # a ``<what>_tokens`` name whose only word against it is ``retry``, read as ``max_tokens=`` (set 75:
    # miiflow-agent's output budget of a summary retried when it came back empty)
    Invalid(
        "SUMMARY_RETRY_TOKENS = 24_000\n\nasync def summarize(client, msgs):\n"
        "    reply = await client.chat(msgs, max_tokens=4000)\n    if not reply.text:\n"
        "        reply = await client.chat(msgs, max_tokens=SUMMARY_RETRY_TOKENS)\n    return reply\n",
        line=1,
    ),
    # a local given one number per branch, every read a budget keyword (set 76: mojentic's registry)
    Invalid(
        "def register(models, table):\n    for model in models:\n        small = 'mini' in model\n"
        "        if model.startswith('gpt-5'):\n            output_tokens = 50000 if not small else 32768\n"
        "        else:\n            output_tokens = 16384\n"
        "        table[model] = Capabilities(max_output_tokens=output_tokens)\n",
        count=3,
    ),
    # the name also bound in another function: each function's numbers judged by its own reads
    Invalid(
        "def a(llm):\n    size = 3000\n    return llm(max_tokens=size)\n\n"
        "def b(rows):\n    size = 12\n    return rows[:size]\n",
        line=2,
    ),
    # a constant given as the fallback of a lookup in a table of providers' windows (set 75:
    # miiflow-agent's ``_GLOBAL_FALLBACK_WINDOW``); the table is PB107's
    Invalid(
        'FALLBACK_WINDOWS = {"anthropic": 200_000, "openai": 128_000, "ollama": 32_000}\n'
        "GLOBAL_FALLBACK = 128_000\n\nclass Budget:\n    def __init__(self, window):\n"
        "        self.window = window\n\n    @classmethod\n    def resolve(cls, provider):\n"
        "        return cls(FALLBACK_WINDOWS.get(provider, GLOBAL_FALLBACK))\n",
        line=2,
    ),
    # and of a table of models' windows
    Invalid(
        'WINDOWS = {"gpt-4o": 128_000, "claude-3-5-sonnet": 200_000}\nUNKNOWN = 8192\n\n'
        "def context_window(model):\n    return WINDOWS.get(model, UNKNOWN)\n",
        line=2,
    ),
)
