"""PB102's cases from what sets 49 and 50 left (issue 19): a class's constant read through ``self``
into a budget-named local (``class_constants``). Kept apart from the rule module to keep it short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET49_VALID = (
    # a class's constant stored in a local that names no budget, or a lower-case attribute (state)
    Valid(
        "class LLM:\n    RETRIES = 3000\n\n    def call(self):\n        attempts = self.RETRIES\n"
        "        return run(attempts)\n"
    ),
    Valid(
        "class LLM:\n    def __init__(self):\n        self.size = 32000\n\n    def call(self):\n"
        "        n = self.size\n        return run(n)\n"
    ),
    # a chunk size read from the settings that cuts a string's characters, or chonkie told to count
    # characters
    Valid(
        "def split(text, **kwargs):\n    chunk_size = int(kwargs.get('chunk_size', 200))\n"
        "    end = min(chunk_size, len(text))\n    return text[:end]\n"
    ),
    Valid(
        "def split(text, **kwargs):\n    from chonkie import TokenChunker\n"
        "    chunk_size = int(kwargs.get('chunk_size', 512))\n"
        "    return TokenChunker(tokenizer='character', chunk_size=chunk_size).chunk(text)\n"
    ),
    # a Sphinx entry that places the number among the tokens rather than counting them
    Valid(
        'def mark(ids, start: int = 512):\n    """Mark a span.\n\n    :param start: position in the tokens of the prompt.\n    """\n'
        "    return ids[start]\n"
    ),
    # a budget floor bounding what a getter returns whose name says no tokens, or a constant whose
    # name says no budget in a token budget getter
    Valid(
        "PAGE_BUDGET_FLOOR = 1200\n\n\ndef page_budget(pages):\n    return max(PAGE_BUDGET_FLOOR, pages * 3)\n"
    ),
    Valid("RETRIES = 1200\n\n\ndef reply_token_budget(n):\n    return max(RETRIES, n * 3)\n"),
    # a per-unit constant scaled into a keyword that names no token budget
    Valid(
        "SECONDS_PER_PAGE = 3000\n\n\ndef for_pages(cls, pages):\n    return cls(max_seconds=SECONDS_PER_PAGE * pages)\n"
    ),
    # a ``--context`` option counting lines of a diff, or a small one
    Valid(
        'p.add_argument("-c", "--context", type=int, default=3, help="Lines of context around a change")\n'
        "args = p.parse_args()\nprint(diff(a, b, context_length=args.context))\n"
    ),
    Valid(
        'p.add_argument("--context", type=int, default=5, help="Max context length")\n'
        "args = p.parse_args()\ngenerator = Generator(args.checkpoint, context_length=args.context)\n"
    ),
)

SET49_INVALID = (
    # a class's constant stored in a local named as a budget, then sent in a request's dict (set 49:
    # extract-thinker's ``max_tokens = self.DEFAULT_OUTPUT_TOKENS``)
    Invalid(
        "class LLM:\n    DEFAULT_OUTPUT_TOKENS = 32000\n\n    def request(self, limit=None):\n"
        "        max_tokens = self.DEFAULT_OUTPUT_TOKENS\n        if limit:\n            max_tokens = limit\n"
        '        return client.create(**{"model": "x", "max_completion_tokens": max_tokens})\n',
        line=2,
    ),
    # a chunk size read from the settings with a fallback, bounding windows over a tokenizer's ids or
    # given to a chonkie chunker (set 49: chainforge's chunkers)
    Invalid(
        "def split(text, **kwargs):\n    enc = tiktoken.get_encoding('cl100k_base')\n"
        "    chunk_size = max(1, int(kwargs.get('chunk_size', 200)))\n    tokens = enc.encode(text)\n"
        "    start, out = 0, []\n    while start < len(tokens):\n"
        "        end = min(start + chunk_size, len(tokens))\n        out.append(enc.decode(tokens[start:end]))\n"
        "        start = end\n    return out\n",
        line=3,
    ),
    Invalid(
        "def split(text, **kwargs):\n    from chonkie import TokenChunker\n"
        "    chunk_size = int(kwargs.get('chunk_size', 512))\n"
        "    chunker = TokenChunker(**build(TokenChunker, tokenizer='gpt2', chunk_size=chunk_size))\n"
        "    return chunker.chunk(text)\n",
        line=3,
    ),
    # a Sphinx ``:param name:`` entry giving the unit as tokens of a model (set 50: granite-io)
    Invalid(
        'def compute_embeddings(corpus, model_name: str, chunk_size: int = 512):\n    """Embed windows.\n\n'
        "    :param model_name: Hugging Face model name.\n    :param chunk_size: Maximum size of chunks, in embedding\n"
        '        model tokens; at most the model\'s maximum sequence length.\n    """\n    return split(corpus, chunk_size)\n',
        line=1,
    ),
    # a budget floor clamping what a token budget getter returns (set 49: bbook-maker's plan)
    Invalid(
        "SUBSTRICT_BUDGET_FLOOR = 800\n\n\ndef substrict_token_budget(overhead=None):\n"
        "    return max(SUBSTRICT_BUDGET_FLOOR, session_budget(overhead) // 2)\n",
        line=1,
    ),
    # a per-page constant scaled into a token budget keyword (set 49: bbook-maker's decision pass)
    Invalid(
        "PROMPT_TOKENS_PER_PAGE = 40_000\n\n\ndef for_pages(cls, pages):\n"
        "    return cls(max_prompt_tokens=PROMPT_TOKENS_PER_PAGE * pages)\n",
        line=1,
    ),
    Invalid(
        "PER_PAGE = 40_000\n\n\ndef for_pages(cls, pages):\n    return cls(max_prompt_tokens=PER_PAGE * pages)\n",
        line=1,
    ),
    # a ``--context`` option whose help text names a context length (set 50: gpt-oss's chat)
    Invalid(
        'p.add_argument("-c", "--context", metavar="CONTEXT", type=int, default=8192, help="Max context length")\n'
        "args = p.parse_args()\ngenerator = Generator(args.checkpoint, context_length=args.context)\n",
        line=1,
    ),
)
