"""PB102's cases from sets 161 and 162 (issue 19): a cryptocurrency's tokens are no model's (set 162: clawmes's
``_MIN_BURN_TOKENS = 1_000_000`` and ``_MAX_BURN_TOKENS = 10_000_000``, the least and most coins a user may
burn: ``names.EXCLUDED_WORDS``). A bound on a model's tokens beside them is still one. A field whose docstring
says, in Chinese, a budget or a maximum of tokens, the word "token" glued to the Chinese (set 161: isage-refiner's
``budget: int = 2048`` under the docstring "token预算，控制压缩后的最大长度": ``field_docstrings.says_token_limit``), is a
token budget; one saying a count of tokens, or no tokens, is not. Set 161 too: parameters named as a reserve or a
margin taken off a local bound only to a model config's window or its fallback (REFORM's ``max_len = config.
max_position_embeddings if hasattr(...) else 8192`` ... ``max_len - question_reserve - margin``:
``token_minuends``), not off a local bound to a count of items; and a length compared with ``len()`` of a local
bound only to a tokenizer's output (``tokenized = self.tokenizer(doc).input_ids[0]`` ... ``if len(tokenized) >
max_length``: ``character_reads.encoded_length``), not to a split into words. Set 162: a number bound under a
test that a local is unset, where the function also binds the local to a window read (regcode's ``if total <= 0:
total = self._context_window`` ... ``if total <= 0: total = 128000``: ``except_fallbacks``); not where the other
binding reads no budget, nor under a test of something else. Set 163: a default named as a prompt's length, stored
on ``self`` and read only as the bound of a string's slice, counts characters (blackboard-core's dataset logger,
``to_context_string()[:self.max_prompt_length]``: ``character_reads``); one cutting a tokenizer's output is a
token budget. A method's default of the name and value of a reported default of another method of its class is
that budget again (set 163: brainpalace-cli's ``estimate(..., chunk_size: int = 512, chunk_overlap: int = 50)``
mirroring ``index``'s: ``budget_copies``); another value, or another class's, is not. Spliced into
``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

_BURN = (
    "_MIN_{what}_TOKENS = 1_000_000\n"
    "_MAX_{what}_TOKENS = 10_000_000\n\n\n"
    "def check(amount: int) -> str | None:\n"
    "    if amount < _MIN_{what}_TOKENS:\n"
    '        return "below the minimum"\n'
    "    if amount > _MAX_{what}_TOKENS:\n"
    '        return "above the maximum"\n'
    "    return None\n"
)

_FIELD = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\n"
    "class RefinerConfig:\n"
    "    budget: int = 2048\n"
    '    """{doc}"""\n'
)

_RESERVE = (
    "class Compressor:\n"
    "    def __init__(self, extractor, {budget}question_reserve: int = 200, margin: int = 56):\n"
    "        max_len = {window}\n"
    "        self.chunk_size = max_len - question_reserve - margin\n"
)
_WINDOW = (
    "(\n"
    "            extractor.config.max_position_embeddings\n"
    "            if hasattr(extractor.config, 'max_position_embeddings')\n"
    "            else 8192\n"
    "        )"
)
_TRUNCATE = (
    "class Refiner:\n"
    "    def _truncate_doc_content(self, doc_content: str, max_length: int = 25000) -> str:\n"
    "        tokenized_content = {split}\n"
    "        half = max_length // 2\n"
    "        if len(tokenized_content) > max_length:\n"
    "            doc_content = ' '.join(tokenized_content[:half])\n"
    "        return doc_content\n"
)

_PROGRESS = (
    "class App:\n"
    "    def _update_progress(self, current: int, total: int) -> int:\n"
    '        """Show the share of the context window in use, in tokens."""\n'
    "        if total <= 0:\n"
    "            total = self.{read}\n"
    "        if {test}:\n"
    "            total = 128000\n"
    "        return min(100, int(current / max(total, 1) * 100))\n"
)

_LOGGER = (
    "class DatasetLogger:\n"
    '    """Writes each step\'s prompt and completion tokens to a JSONL file."""\n\n'
    "    def __init__(self, path: str, max_prompt_length: int = 4000):\n"
    "        self.path = path\n"
    "        self.max_prompt_length = max_prompt_length\n\n"
    "    async def after_step(self, ctx) -> dict:\n"
    '        return {{"prompt": {text}[: self.max_prompt_length]}}\n'
)

_CLIENT = (
    "class Client:\n"
    "    def index(self, folder: str, chunk_size: int = 512, chunk_overlap: int = 50) -> dict:\n"
    '        """Index a folder.\n\n'
    "        Args:\n"
    "            chunk_size: Target chunk size in tokens.\n"
    '            chunk_overlap: Overlap between chunks in tokens.\n        """\n'
    '        return {{"chunk_size": chunk_size, "chunk_overlap": chunk_overlap}}\n\n'
    "{owner}"
    "    def estimate(self, folder: str, chunk_size: int = {size}, chunk_overlap: int = 50) -> dict:\n"
    '        return {{"chunk_size": chunk_size, "chunk_overlap": chunk_overlap}}\n'
)

SET161_VALID = (
    Valid(_LOGGER.format(text="ctx.state.to_context_string()")),
    Valid(_PROGRESS.format(read="page_count", test="total <= 0")),
    Valid(_PROGRESS.format(read="_context_window", test="current > 100")),
    Valid(READ_BY_PRECHECK + _RESERVE.format(budget="", window="len(extractor.layers)")),
    Valid(_TRUNCATE.format(split="doc_content.split()")),
    Valid(_BURN.format(what="BURN")),
    Valid(_BURN.format(what="WEI")),
    Valid(_FIELD.format(doc="token计数，压缩后的长度")),
    Valid(_FIELD.format(doc="缓存的最大条目数")),
)

SET161_INVALID = (
    Invalid(_BURN.format(what="PROMPT").replace("1_000_000", "1_000"), count=2),
    Invalid(_FIELD.format(doc="token预算，控制压缩后的最大长度"), line=6),
    # the window's fallback, the budget and both reserves
    Invalid(_RESERVE.format(budget="max_tokens: int = 2048, ", window=_WINDOW), count=4),
    Invalid(_TRUNCATE.format(split='self.tokenizer(doc_content, return_tensors="pt").input_ids[0]'), line=2),
    Invalid(_PROGRESS.format(read="_context_window", test="total <= 0"), line=7),
    Invalid(_PROGRESS.format(read="_context_window", test="not total"), line=7),
    Invalid(_LOGGER.format(text="self.tokenizer.encode(ctx.prompt)"), line=4),
    # a default named for tokens, stored and compared with a count of words, stays one (sponge-ai's condenser)
    Invalid(
        "class SubAgentCondenser:\n"
        "    def __init__(self, provider, min_raw_tokens: int = 2000) -> None:\n"
        "        self._min_raw_tokens = min_raw_tokens\n\n"
        "    def should_condense(self, raw_output: str) -> bool:\n"
        "        return len(raw_output.split()) > self._min_raw_tokens // 4\n",
        line=2,
    ),
    # the two reported and their two twins
    Invalid(_CLIENT.format(owner="", size="512"), count=4),
    # another value: the overlap's twin only
    Invalid(_CLIENT.format(owner="", size="1024"), count=3),
    # another class: the two reported only
    Invalid(_CLIENT.format(owner="\nclass Estimator:\n", size="512"), count=2),
)
