"""PB102's cases from sets 65 to 70 (issue 19): characters, chat messages and bytes named like budgets."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET65_VALID = (
    # a list default of an option not named as a budget
    Valid('parser.add_argument("--api_counts", type=int, nargs="+", default=[3000])\n'),
    # a constant scaled in a min() with no count of tokens
    Valid(
        "START_SIZE = 512\n\ndef search(remaining_items):\n    return min(2 * START_SIZE, remaining_items)\n"
    ),
    # a window name given as the default of a parameter whose field cuts a string (set 65: maseval)
    Valid(
        "DEFAULT_RESULT_TRUNCATION_LENGTH = 1000\n\nclass Evaluator:\n"
        "    def __init__(self, result_truncation_length=DEFAULT_RESULT_TRUNCATION_LENGTH):\n"
        "        self.result_truncation_length = result_truncation_length\n\n"
        "    def summarize(self, lines):\n"
        "        return ''.join(line[: self.result_truncation_length] for line in lines)\n"
    ),
    # a count of messages whose comment relates it to tokens (set 66: plancraft)
    Valid(
        "class Config(BaseModel):\n    max_message_window: int = 30  # max number of messages to keep"
        " in dialogue history (30 is around 8k llama3 tokens)\n"
    ),
    # the length of a prompt written to a log (set 66: arshai)
    Valid(
        "class ObservabilityConfig(BaseModel):\n"
        '    max_prompt_length: int = Field(default=500, description="Maximum prompt length to log (when enabled)")\n'
        '    max_response_length: int = Field(default=500, description="Maximum response length to log")\n'
    ),
    # a field described as a count of messages, beside token accounting (set 67: amrita-core)
    Valid(
        "class LLMConfig(BaseModel):\n    memory_length_limit: int = Field(\n        default=200,\n"
        '        description="Message-count ceiling for the retained history, applied regardless of token "\n'
        '        "accounting.",\n    )\n'
    ),
    Valid(
        "class Config(BaseModel):\n"
        '    history_limit: int = Field(default=50, description="Maximum number of messages kept")\n'
    ),
    # a window of tokens named with a rate, or smaller than any model's window
    Valid("class Limits(BaseModel):\n    rate_limit_tokens_window: int = 3600\n"),
    Valid("class Limits(BaseModel):\n    session_tokens_window: int = 60\n"),
    # a count of retries, a retry's delay, or a ceiling whose retry caps no ``max_tokens``
    Valid("MAX_TOKENS_RETRIES = 3\nMAX_TOKENS_RETRY_CAP = 3\nMAX_TOKENS_RETRY_DELAY_CAP = 16000\n"),
    Valid("MAX_RETRY_CEILING = 16000\n"),
    # a parameter compared with a string's length, its name read elsewhere as a keyword (set 67: fabri)
    Valid(
        "def _attempt(task: str, auto_token_threshold: int = 80):\n"
        "    return len(task) >= auto_token_threshold\n\n\n"
        "def run(task, auto_token_threshold):\n"
        "    kwargs = dict(auto_token_threshold=auto_token_threshold)\n"
        "    return _attempt(task, **kwargs)\n"
    ),
    # a size in bytes: a multiple of a mebibyte, a comment giving a memory unit (set 69: axis-core)
    Valid("WARN_CONTEXT_SIZE = 50 * 1024 * 1024  # 50MB\n"),
    Valid("MAX_CONTEXT_SIZE = 8 * 1024 * 1024\n"),
    Valid("MAX_CONTEXT_LENGTH = 200000  # 200 KB\n"),
    # a bare budget option whose help says nothing of tokens or of a context
    Valid(
        '@click.option("--deep-budget", type=int, default=3000, help="Deep budget (default 3000)")\ndef main(deep_budget): ...\n'
    ),
    # a function named as a limit whose docstring returns a count of tokens, not a budget
    Valid(
        'def page_limit(pages):\n    """Pages.\n\n    Returns:\n        The number of tokens in the pages.\n    """\n    return 600\n'
    ),
)

SET65_INVALID = (
    # a budget option's default written as a list of numbers (set 66: nvidia-tooltalk)
    Invalid(
        'parser.add_argument("--max_tokens", type=int, nargs="+", default=[25000], help="Maximum tokens")\n'
        "for max_tokens in args.max_tokens:\n    client.create(prompt, max_tokens=max_tokens)\n",
        line=1,
    ),
    # a constant doubled in a min() clamping a count of tokens (set 65: vidur's mnemosyne EDF scheduler)
    Invalid(
        "START_CHUNK_SIZE = 512\n\ndef search(remaining_tokens):\n"
        "    high = min(2 * START_CHUNK_SIZE, remaining_tokens)\n    return high // 2\n",
        line=1,
    ),
    # the parameter it defaults cuts a token list, not a string
    Invalid(
        "MAX_CONTEXT_LENGTH = 4096\n\nclass Model:\n"
        "    def __init__(self, context_length=MAX_CONTEXT_LENGTH):\n"
        "        self.context_length = context_length\n\n"
        "    def cut(self, text):\n"
        "        return self.tokenizer.encode(text)[: self.context_length]\n",
        line=1,
    ),
    # a comment giving the count in tokens, or counting no unit the name states
    Invalid("max_message_window = 3000  # max number of messages, about 3000 tokens\n", line=1),
    Invalid("max_chunk_size = 512  # tokens per chunk\n", line=1),
    # a length whose description says tokens, though it is logged
    Invalid(
        "class Config(BaseModel):\n"
        '    max_prompt_length: int = Field(default=500, description="Maximum prompt tokens to log")\n',
        line=2,
    ),
    # a description counting tokens too, a name saying tokens, or no plural counted after "max"
    Invalid(
        "class Config(BaseModel):\n"
        '    context_limit: int = Field(default=4000, description="Number of messages, up to 4000 tokens")\n',
        line=2,
    ),
    Invalid(
        "class Config(BaseModel):\n"
        '    context_tokens: int = Field(default=4000, description="Maximum number of messages kept")\n',
        line=2,
    ),
    Invalid(
        "class Config(BaseModel):\n"
        '    max_context_length: int = Field(default=4000, description="Max document context size")\n',
        line=2,
    ),
    # a window of tokens whose only excluded word says where it is used (set 67: amrita-core)
    Invalid(
        "class LLMConfig(BaseModel):\n    session_tokens_windows: int = Field(\n        default=65536,\n"
        '        description="Fallback attention window (default 64k) used when the preset declares none.",\n'
        "    )\n",
        line=3,
    ),
    # the ceiling of ``max_tokens`` on a retry after a truncation (set 67: fabri)
    Invalid("MAX_TOKENS_RETRY_CEILING = 16000\n", line=1),
    # a size in bytes only where the name does not say tokens
    Invalid("MAX_CONTEXT_TOKENS = 1024 * 1024\n", line=1),
    # tokens per piece of a text: the segment is what the budget is divided over (set 69: hiermem)
    Invalid("MAX_L1_TOKENS_PER_SEGMENT = 150  # Token budget per L1 segment summary\n", line=1),
    # a parameter documented as a token budget its characters are converted from (set 70: memctl)
    Invalid(
        'def inspect_mount(db_path, budget: int = 2200):\n    """Inject.\n\n    Args:\n'
        '        budget: Token budget (approximate, chars/4).\n    """\n    return db_path\n',
        line=1,
    ),
    # option defaults: a cap its help gives in tokens, a budget its help calls the context's (sets 69, 70)
    Invalid(
        'p.add_argument("--inspect-cap", type=int, default=600, help="Tokens reserved for structural context")\n',
        line=1,
    ),
    Invalid(
        '@click.option("--budget", type=int, default=4000, help="Context budget for retrieval")\ndef main(budget): ...\n',
        line=1,
    ),
    # a function named as a budget whose docstring says it returns a token budget (set 70: memctl)
    Invalid(
        'def suggest_budget(n):\n    """Suggest.\n\n    Returns:\n        Recommended token budget for injection.\n    """\n'
        "    if n < 80:\n        return 600\n    return 1500\n",
        count=2,
    ),
)
