"""PB102's cases from sets 123 and 124 (issue 19): llama_index's ``HierarchicalNodeParser.from_defaults(
chunk_sizes=...)`` measures its chunks in tokens, a list of sizes bound to a local is decided by its reads
(``chunk_sizes = [2048, 512, 256]``, in each method binding it), and a constant copied into a local given to a token splitter reaches it
(``chunk_overlap = DEFAULT_CHUNK_OVERLAP`` ... ``chunk_overlap=chunk_overlap``, ``token_reach``): tensor-truth's
indexer. A number of tokens turned into characters by a rate its comments state (``prompt_overhead = 2000 * 4``
under ``# ~2000 tokens ... 1 token ≈ 4 chars``: tensor-truth). A threshold compared with a count of tokens made a
number first (``int(t["input_token_count"]) >= long_context_threshold``: corpulse). Spliced into
``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

_PARSER = (
    "from llama_index.core.node_parser import HierarchicalNodeParser\n\n"
    "DEFAULT_CHUNK_OVERLAP = 64\n\n\n"
    "def build(docs, chunk_sizes=None, chunk_overlap=None):\n"
    "    if chunk_sizes is None:\n        chunk_sizes = [2048, 512, 256]\n"
    "    if chunk_overlap is None:\n        chunk_overlap = DEFAULT_CHUNK_OVERLAP\n"
    "    return {parser}.from_defaults(chunk_sizes=chunk_sizes, chunk_overlap=chunk_overlap)\n"
)

_RESERVE = (
    "class Agent:\n    def __init__(self, context_window):\n"
    "        # Reserve space for: prompt template (~2000 tokens), output (~2000 tokens)\n"
    "        # {rate}\n"
    "        prompt_overhead = 2000 * 4\n"
)

_REPORT = (
    "def report(traces, long_context_threshold: int = 8000):\n"
    '    return [t for t in traces if int(t["{key}"]) >= long_context_threshold]\n'
)

_TWICE = (
    "from llama_index.core.node_parser import HierarchicalNodeParser\n\n\nclass Index:\n"
    "    def from_pdfs(self, docs, chunk_sizes=None):\n        if chunk_sizes is None:\n"
    "            chunk_sizes = [2048, 512, 256]\n        self._build(docs, chunk_sizes)\n\n"
    "    def from_markdown(self, docs, chunk_sizes=None):\n        if chunk_sizes is None:\n"
    "            chunk_sizes = [2048, 512, 256]\n        self._build(docs, chunk_sizes)\n\n"
    "    def _build(self, docs, chunk_sizes):\n"
    "        return HierarchicalNodeParser.from_defaults(chunk_sizes=chunk_sizes)\n"
)

SET123_VALID = (
    # a parser that is none of llama_index's token parsers
    Valid(READ_BY_PRECHECK + _PARSER.format(parser="MarkdownParser")),
    # no rate stated
    Valid(_RESERVE.format(rate="Rough estimate only")),
    # a count of something else made a number
    Valid(READ_BY_PRECHECK + _REPORT.format(key="input_char_count")),
)

SET123_INVALID = (
    # the list of sizes and the overlap
    Invalid(_PARSER.format(parser="HierarchicalNodeParser"), count=2),
    # the same list bound in two methods handing it to the one building the parser: each reported
    Invalid(_TWICE, count=2),
    Invalid(
        _RESERVE.format(rate="Rough estimate: 1 token ≈ 4 chars"), line=5, key="agent_prompt_overhead_tokens"
    ),
    Invalid(_REPORT.format(key="input_token_count"), line=1),
)
