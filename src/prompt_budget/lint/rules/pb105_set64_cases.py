"""PB105's cases from sets 64 to 66 (``Valid``/``Invalid``), kept apart from ``pb105_cases`` to keep it short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb105_set69_cases import SET69_INVALID, SET69_VALID

SET64_VALID = (
    # a table of divisors of a count of items
    Valid(
        "def pages(self, level, rows):\n    divs = {'high': 2, 'low': 4}\n    return len(rows) // divs[level]\n"
    ),
    # set 64: a weight of an exponential moving average, whatever its name says (gwenflow's calibration)
    Valid(
        "TOKEN_SCALE_DECAY = 0.8\n\ndef update(self, ratio):\n"
        "    self.token_scale = TOKEN_SCALE_DECAY * self.token_scale + (1 - TOKEN_SCALE_DECAY) * ratio\n"
    ),
    # set 65: a ratio named for memory in a module that sizes a GPU's memory: a share of that memory
    # (vidur's ``total_memory_gb * 1024**3 * (1 - memory_margin_fraction)``)
    Valid(
        "class CacheConfig:\n    memory_margin_fraction: float = field(default=0.1)\n\n"
        "class ReplicaConfig:\n    gpu_memory_utilization: float = field(default=0.8)\n"
    ),
    Valid("def plan(total_memory_gb, memory_fraction=0.9):\n    return total_memory_gb * memory_fraction\n"),
    # a ratio given to a callable that compacts nothing, or a fallback read under another key
    Valid(
        "class Config:\n    head_ratio: float = 0.3\n\n    def build(self):\n"
        "        return HeadTailSampler(head_ratio=self.head_ratio)\n"
    ),
    # a share given to a compaction given no token budget (cognee's LanceDB ``CompactionOptions``)
    Valid(
        "THRESHOLD = 0.2\n\ndef compact(ds, rows):\n"
        "    return CompactionOptions(target_rows=rows, materialize_deletions_threshold=THRESHOLD)\n"
    ),
    Valid(
        "class Config:\n    head_ratio: float = 0.3\n\n    @classmethod\n    def load(cls, data):\n"
        '        return cls(head_ratio=data.get("head_ratio", 0.3))\n'
    ),
    # a fraction of something else than a budget, or of tokens that are no budget (erniekit's KV cache)
    Valid(
        "class ServerArgs:\n    kv_cache_ratio: float = field(\n"
        "        default=0.75, metadata={'help': 'Ratio of tokens to process in a block.'}\n    )\n"
    ),
    Valid(
        "class Config(BaseModel):\n    slide_target_ratio: float = Field(\n        default=0.7,\n"
        '        description="Fraction of the retrieved documents kept after reranking.",\n    )\n'
    ),
    # a share whose product is clamped against a count of something else
    Valid(
        "KEEP_SHARE = 0.5\n\ndef keep(messages, max_items):\n"
        "    return messages[: min(max_items, int(len(messages) * KEEP_SHARE))]\n"
    ),
    # set 67: a share of a count of messages, every read multiplying the ``len()`` of a list of items
    # (react-agent-harness's ``summarize_ratio``), the setting stored and checkpointed under its own name
    Valid(
        "class Memory:\n    def __init__(self, max_tokens=8000, summarize_ratio=0.5):\n"
        "        self.max_tokens = max_tokens\n        self.summarize_ratio = summarize_ratio\n\n"
        "    def to_dict(self):\n        return {'summarize_ratio': self.summarize_ratio}\n\n"
        "    def evict(self):\n        eligible_idx = self._eligible()\n"
        "        cutoff = max(1, int(len(eligible_idx) * self.summarize_ratio))\n"
        "        return eligible_idx[:cutoff]\n"
    ),
    *SET69_VALID,
)


SET64_INVALID = (
    # set 68: a share whose product is clamped against a count of tokens (merlina's response share)
    Invalid(
        "AUTO_MAX_RESPONSE_SHARE = 0.5\n\ndef resolve(response_tokens, max_length):\n"
        "    reserve = min(max(int(response_tokens), 0), int(max_length * AUTO_MAX_RESPONSE_SHARE))\n"
        "    return max_length - reserve\n"
    ),
    # set 67: a ratio whose field describes it as a fraction of a budget (amrita-core's ``slide_target_ratio``)
    Invalid(
        "class LLMConfig(BaseModel):\n    slide_target_ratio: float = Field(\n        default=0.7,\n"
        '        description="Fraction of the preset\'s `max_context` that `slide` trims the history down to.",\n'
        "    )\n"
    ),
    # a share of the ``len()`` of a list of tokens is a share of tokens
    Invalid(
        "class Memory:\n    def __init__(self, max_tokens=8000, summarize_ratio=0.5):\n"
        "        self.summarize_ratio = summarize_ratio\n\n"
        "    def evict(self, text):\n        ids = self.tokenizer.encode(text)\n"
        "        return ids[: int(len(ids) * self.summarize_ratio)]\n"
    ),
    Invalid(
        "class Memory:\n    def __init__(self, max_tokens=8000, summarize_ratio=0.5):\n"
        "        self.summarize_ratio = summarize_ratio\n\n"
        "    def evict(self, msgs):\n        keep = int(len(msgs) * self.summarize_ratio)\n"
        "        return self.max_tokens * self.summarize_ratio, keep\n"
    ),
    Invalid(  # set 64: a table of divisors of the output cap giving a thinking budget (litemind)
        "def think(self, level):\n    divs = {'high': 2, 'low': 4}\n"
        "    budget_tokens = max(1024, self.max_output_tokens // divs[level])\n    return budget_tokens\n",
        line=2,
    ),
    # set 64: a class with a character size and a field named as tokens (None by default) counts tokens
    Invalid(
        "class Summarize:\n    keep_tokens: int | None = None\n    tool_result_max_chars: int = 500\n"
        "    max_summary_ratio: float = 0.15\n\n    def cut(self, text):\n"
        "        return text[: self.tool_result_max_chars]\n",
        line=4,
    ),
    # set 65: a ratio named for a conversation memory, or a memory ratio multiplying a token amount in a
    # module that sizes a GPU's memory, is a share of a token budget
    Invalid(
        "class SummarizerSettings:\n    # tokens before a warning is sent\n    memory_warning_threshold: float = 0.75\n"
    ),
    Invalid(
        "gpu_memory_utilization = 0.9\nmemory_fraction = 0.2\n\n"
        "def room(max_tokens):\n    return int(max_tokens * memory_fraction)\n",
        line=2,
    ),
    # set 65: a share given on to a compacting callable under a ratio keyword, where it is bound, and a
    # config's fallback read under the same key (picoagents' eval config)
    Invalid(
        "class Config:\n    head_ratio: float = 0.3\n\n    def build(self):\n"
        "        return HeadTailCompaction(token_budget=self.token_budget, head_ratio=self.head_ratio)\n",
        line=2,
    ),
    Invalid(
        "class Config:\n    head_ratio: float = 0.3\n\n    @classmethod\n    def load(cls, data):\n"
        '        return cls(head_ratio=data.get("head_ratio", 0.3))\n\n    def build(self):\n'
        "        return HeadTailCompaction(token_budget=self.budget, head_ratio=self.head_ratio)\n",
        count=2,
    ),
    *SET69_INVALID,
)
