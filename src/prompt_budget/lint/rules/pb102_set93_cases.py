"""PB102's cases from what sets 93 and 94 left (issue 19): a window constant whose every read is compared
with a string's length, bare as well as through ``self`` (``deferred``'s ``measured``; set 94:
tianshu-agent's ``MAX_INPUT_LENGTH``); a literal passed to a method of an instance a factory annotated to
return its class made (``factory_receivers``; set 94: nexus-agent-memory's ``client.summarize(content,
max_length=200)``, the cross-module half in tests/lint/test_set93_s_project.py). Spliced into
``pb102_set73_cases``. A config field named as the trigger of a compaction ordered against a count of
tokens, read directly or as the fallback of a local (``compared_fields``; set 93: tack-agent's
``Config.compact_threshold``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SUMMARIZER = (
    "class Client:\n    def summarize(self, content: str, max_length: int = 300):\n"
    '        """Summarize.\n\n        Args:\n            max_length: Maximum summary length in tokens\n'
    '        """\n        return self.post({"options": {"num_predict": max_length}})\n\n'
)

_CONFIG = (
    "@dataclass\nclass Config:\n    compact_threshold: int = 40_000\n    compact_aggressive: int = 80_000\n\n"
)

SET93_VALID = (
    # a trigger compared with a count of messages, lines or characters
    Valid(
        _CONFIG
        + "def step(config, messages):\n    if len(messages) > config.compact_threshold:\n        return 1\n"
    ),
    Valid(
        _CONFIG
        + "def step(config, n_lines):\n    if n_lines > config.compact_aggressive:\n        return 1\n"
    ),
    Valid(
        _CONFIG + "def step(config, text):\n    if len(text) > config.compact_threshold:\n        return 1\n"
    ),
    # a request's text compared with a length limit in a module naming tokens (auth tokens): characters
    Valid(
        'SERVER_TOKEN = "x"\nMAX_INPUT_LENGTH = 2000\n\n'
        "def run(req):\n    if len(req.input) > MAX_INPUT_LENGTH:\n"
        '        raise ValueError(f"Input too long (max {MAX_INPUT_LENGTH})")\n    return req\n'
    ),
    Valid(
        "_login_tokens = set()\nMAX_CONTEXT_LENGTH = 6000\n\n"
        "def keep(messages):\n    while len(messages) > MAX_CONTEXT_LENGTH:\n        messages.pop(0)\n"
    ),
    # a factory's method whose parameter counts lines, and one whose default is no budget: no override
    Valid(
        "class Client:\n    def summarize(self, content: str, max_lines: int = 300):\n"
        '        return "\\n".join(content.splitlines()[:max_lines])\n\n'
        'def get_client() -> "Client | None":\n    return Client()\n\n'
        "def save(content):\n    client = get_client()\n    return client.summarize(content, max_lines=200)\n"
    ),
    Valid(
        "class Client:\n    def fetch(self, query, limit: int = 500):\n        return self.db.run(query)[:limit]\n\n"
        "def get_client() -> Client:\n    return Client()\n\n"
        "def read(q):\n    client = get_client()\n    return client.fetch(q, limit=60)\n"
    ),
)
SET93_INVALID = (
    # a batch compared with the length of a bare local holding ids, not text (llama-cpp-python's example)
    Invalid(
        "n_batch = 24\nembd = []\n\nwhile True:\n    embd.append(llama_cpp.llama_sample_token(ctx))\n"
        "    if len(embd) >= n_batch:\n        llama_cpp.llama_eval(ctx=ctx, tokens=embd, n_tokens=len(embd))\n"
        "        embd = []\n",
        line=1,
    ),
    # a compaction's trigger ordered against the tokens of the last request (set 93: tack-agent), and the
    # milder trigger declared beside it at half its value (set 251: ``threshold_siblings``)
    Invalid(
        _CONFIG
        + "def step(config, last_input_tokens):\n    if last_input_tokens > config.compact_aggressive:\n"
        "        return 1\n",
        line=4,
        count=2,
    ),
    Invalid(
        _CONFIG + "def compact(config, input_tokens, threshold=None):\n"
        "    threshold = threshold if threshold is not None else config.compact_threshold\n"
        "    if input_tokens < threshold:\n        return None\n",
        line=3,
    ),
    # the same constant also sent as a budget, or compared with a count of tokens: still reported
    Invalid(
        'SERVER_TOKEN = "x"\nMAX_INPUT_LENGTH = 2000\n\n'
        "def run(req):\n    if len(req.input) > MAX_INPUT_LENGTH:\n        raise ValueError('too long')\n"
        "    return client.create(req.input, max_tokens=MAX_INPUT_LENGTH)\n",
        line=2,
    ),
    Invalid(
        'SERVER_TOKEN = "x"\nMAX_INPUT_LENGTH = 2000\n\n'
        "def run(req):\n    if len(tokenizer.encode(req.input)) > MAX_INPUT_LENGTH:\n"
        "        raise ValueError('too long')\n    return req\n",
        line=2,
    ),
    # a literal passed for a budget parameter of the class a factory returns (set 94: nexus-agent-memory)
    Invalid(
        _SUMMARIZER + 'def get_client() -> "Client | None":\n    return Client()\n\n'
        "def save(content):\n    client = get_client()\n    return client.summarize(content, max_length=200)\n",
        count=2,
    ),
    Invalid(
        _SUMMARIZER + "def make_client() -> Optional[Client]:\n    return Client()\n\n"
        "def save(content):\n    client = make_client()\n    return client.summarize(content, 200)\n",
        count=2,
    ),
)
