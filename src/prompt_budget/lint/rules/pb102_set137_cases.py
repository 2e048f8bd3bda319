"""PB102's cases from sets 137 and 138 (issue 19): a number whose comment spells, as tokens, only other numbers
gives the tokens another unit comes to (scholaragent's ``MAX_PDF_TEXT_LENGTH = 50_000  # ~12k tokens``, cutting a
text's characters: ``other_units._equivalent_tokens``). A parameter whose docstring entry gives its number in words (set 140: vectordbpipe's ``:param max_tokens:
Maximum words per chunk.``: ``param_docstrings.documented_otherwise``) is no budget, whatever its name. A constant read as a cost per item added to a count of tokens (set 139:
db-optimiser-agent's ``+ len(ctx.unused_indexes) * _TOKENS_PER_UNUSED_INDEX``: ``item_allowances.per_item_read``)
is a budget. Spliced
into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CHUNKER = (
    "def chunk_text(text, {name}: int = 400):\n"
    '    """Group sentences into chunks.\n\n    :param {name}: {doc}\n    """\n'
    "    return llm.complete(text, max_tokens={name})\n"
)

_PER_ITEM = "{name} = 220\n\ndef estimate(ctx):\n    return {first} + len(ctx.unused_indexes) * {name}\n"

_ESTIMATE = (
    "def {fn}(message) -> int:\n    tokens = 8\n    for block in message.content:\n"
    "        if isinstance(block, ImageContent):\n            tokens += 4096\n"
    "        else:\n            tokens += estimate_text(block.text)\n    return tokens\n"
)

SET137_VALID = (
    # a function named for something else than estimating
    Valid(_ESTIMATE.format(fn="render_message")),
    # added to a count of something else
    Valid(_PER_ITEM.format(name="_BYTES_PER_INDEX", first="header_bytes")),
    Valid(_CHUNKER.format(name="max_tokens", doc="Maximum words per chunk.")),
    Valid(_CHUNKER.format(name="chunk_size", doc="Max words per chunk.")),
    Valid("MAX_PDF_TEXT_LENGTH = 50_000  # ~12k tokens\n"),
    Valid("MAX_WORDS_BUDGET = 1000  # about 1,300 tokens\n"),
)

SET137_INVALID = (
    Invalid(_PER_ITEM.format(name="_TOKENS_PER_UNUSED_INDEX", first="count_tokens(ctx.prompt)"), line=1),
    # set 142 (citrus-code): a per-image allowance added into the count an estimating function returns
    Invalid(_ESTIMATE.format(fn="estimate_message"), line=5),
    Invalid(_CHUNKER.format(name="max_tokens", doc="Maximum tokens per chunk (about 1.3 per word).")),
    # the comment spells the number itself (within a quarter) as tokens
    Invalid("CONTEXT_BUDGET = 8192  # 8k tokens\n", line=1),
    Invalid("MAX_INPUT_TOKENS = 100_000  # ~100k tokens\n", line=1),
)
