"""PB107's cases of tables known by how their rows are read (``Valid``/``Invalid``), kept apart from
the rule module to keep both short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

READ_VALID = (
    # embedding models' vector sizes, the name saying no window
    Valid('EMBEDDING_SIZES = {"text-embedding-3-small": 1536, "text-embedding-3-large": 3072}'),
    Valid('EMBEDDING_CONTEXT_DIMS = {"text-embedding-3-small": 1536, "text-embedding-3-large": 3072}'),
    # a table of limits whose rows bound a count of items, not of tokens
    Valid(
        'def over(rows, device):\n    n_items = len(rows)\n    limits = {"cpu": 16, "gpu": 1024}\n'
        "    return n_items > limits[device]\n"
    ),
    # what a test expects: the package's own table repeated, then compared (set 47: wdoc's test)
    Valid(
        "def test_registers_models():\n    register(fake)\n"
        '    expected = {"gpt-4o": {"max_tokens": 128_000}, "claude-3-5-sonnet": {"max_tokens": 200_000}}\n'
        "    for model, row in expected.items():\n        assert fake.models[model] == row\n"
    ),
    Valid(
        'def test_windows():\n    assert load_windows() == {"gpt-4o": 128_000, "claude-3-5-sonnet": 200_000}\n'
    ),
    # a settings dict whose entries are read by their own keys, not rows picked by a task (set 62: lotus)
    Valid(
        'class RM:\n    def __init__(self):\n        self.kwargs = {"doc_maxlen": 300, "nbits": 2}\n\n'
        "    def index(self, **kwargs):\n        kwargs = {**self.kwargs, **kwargs}\n"
        '        return ColBERTConfig(doc_maxlen=kwargs["doc_maxlen"], nbits=kwargs.get("nbits"))\n'
    ),
    # keys partly constants that are no models' ids (tasks bound elsewhere, a module string that is none)
    Valid('NER = "ner"\nRETRIES_BY_TASK = {NER: 300, LABELS: 500, "qa": 200, "summary": 400}\n'),
    Valid('SPLIT = "split"\nlimits = {SPLIT: 1000, tasks.QA: 2000, "gpt-4o": 128_000}\n'),
    # a table keyed by levels, returned by a getter not named as a budget, or named for retries
    Valid(
        "def get_effort_timeout(effort):\n    table = {1: 1000, 2: 2000, 3: 4000}\n    return table[effort]\n"
    ),
    Valid("RETRY_DELAYS = {1: 1000, 2: 2000, 3: 4000}\n"),
    # a getter named only as a length (set 65: livekit-agents' TTS chunks, in characters)
    Valid(
        '_MAX_INPUT_LEN = {"inworld": 900, "xai": 1000}\n\ndef max_input_len(p):\n    return _MAX_INPUT_LEN.get(p)\n'
    ),
)

READ_INVALID = (
    # embedding models' windows, the name saying so (set 47: pgai cuts documents in tokens by it)
    Invalid(
        'EMBEDDING_MODEL_CONTEXT_LENGTH = {"text-embedding-ada-002": 8191, "text-embedding-3-small": 8191}'
    ),
    # a table whose rows are ordered against a count of tokens, in a nested function (set 32: nomic)
    Invalid(
        "def run(device):\n    def over(batch_sizes):\n        n_tokens = sum(batch_sizes)\n"
        '        limits = {"cpu": 16, "gpu": 1024}\n        return n_tokens > limits[device]\n'
        "    return over\n",
        line=4,
    ),
    # the same table bound to ``expected`` outside a test, or bound in a test under another name
    Invalid(
        'def build():\n    expected = {"gpt-4o": {"max_tokens": 128_000}, "claude-3": {"max_tokens": 200_000}}\n'
        "    return expected\n",
        line=2,
    ),
    Invalid(
        'def test_trims():\n    windows = {"gpt-4o": 128_000, "claude-3-5-sonnet": 200_000}\n'
        "    assert trim(text, windows) == text\n",
        line=2,
    ),
    # keys partly the module's constants bound to models' ids (set 62: mobilerun's Anthropic windows)
    Invalid(
        'SONNET = "claude-sonnet-4-5"\nOPUS: str = "claude-opus-4-1"\n'
        'MODEL_CONTEXT_WINDOWS = {SONNET: 1_000_000, OPUS: 200_000, "claude-haiku-4-5": 200_000}\n',
        line=3,
    ),
    # a table keyed by effort levels whose rows a budget getter returns (set 67: loom-agent)
    Invalid(
        "def get_effort_token_limit(effort):\n    if effort is None:\n        return 4000\n"
        "    effort_map = {\n        1: 1000,\n        2: 2000,\n        3: 4000,\n    }\n"
        "    return effort_map.get(effort, 4000)\n",
        line=4,
    ),
)
