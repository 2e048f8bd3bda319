"""Cases from sets 303 onward (issue 19), read by the rules they name.

PB102: a local given one number per branch of an ``if`` chain and returned, alone or clamped, by a function named
for a budget (set 303: ai-council-orchestrator's ``def _calculate_max_tokens``: ``base_tokens = 2000`` ... ``elif
content_length > 500: base_tokens = 3000`` ... ``return min(base_tokens, 4000)``, ``branch_values``); scaling the
name in place (``base_tokens = int(base_tokens * 1.5)``) reads it as the same budget.

PB104: a rate of tokens per character above one half where the comment on the line says so (set 303:
ai-council-orchestrator's ``estimated_input_tokens = content_length * 0.75  # ~0.75 tokens per character``,
``stated_rates.rate_stated``).

Set 305's: PB105, a field's share whose trailing comment names it after what it divides, whatever the field is
named (set 306: lingtai-kernel's ``molt_pressure: float = 0.8  # context usage fraction that triggers molt
warnings``, ``described_shares``); PB106, a module's constant of overhead tokens paid per turn of a context estimate
(tokkit-ai's ``_OVERHEAD_PER_TURN = 23_350`` ... ``fixed = num_turns * _OVERHEAD_PER_TURN`` ... ``return fixed +
content_tokens``) or added once beside a count (``return _OVERHEAD + count_tokens(text)``, ``token_overheads``).

PB103: a floor of a token estimate made by dividing by a rate named as characters per token, whatever the function
is named (set 305: tokkit-ai's ``return max(total_chars // CHARS_PER_TOKEN, 500)`` in ``_baseline_architecture``,
``char_estimates``).

Set 303's twins: PB103, a budget parameter's small floor in one method whose twin in another method of the class
is a threshold the rule takes (velqua's ``if max_tokens < 50: return None`` in ``_truncate_episode`` and ``if
max_tokens < 20: return None`` in ``_truncate_fact``, ``threshold_ladders``).

Set 303's others: PB101, an environment read's default bound with an annotation (velqua's ``MEMORY_BUDGET_TOKENS:
int = int(os.getenv("VELQUA_MEMORY_BUDGET", "200"))``, ``env_defaults``); PB102, a bare ``--tokens`` option whose
help says it bounds them (``add_argument("--tokens", type=int, default=1000, help="Token budget")``,
``token_options``); PB105, shares given by keyword beside a budget to a class named for one (``ContextBudget(
max_tokens=n, episode_ratio=0.4, fact_ratio=0.4)``, ``ratio_names.share_beside_budget``); PB106, the first value of a
tally of tokens that the function orders against a budget (``token_count = 5  # Header`` ... ``if token_count +
ff.token_estimate > max_tokens``, ``token_overheads``); PB103, a clamp on one branch of a conditional whose value a
request's dict takes as its output cap (mm-ctx's ``effective_max = min(max_tokens * 8, 16384) if think else
max_tokens`` ... ``{"max_tokens": effective_max}``); PB102, a media item's rate of tokens a property named ``est_tokens``
scales (mm-ctx's ``_TOKENS_PER_IMAGE = 170``, ``token_estimates``).

Set 307's: PB104, not a count of words doubled into a total beside two equal counts (aios-runtime's
``{"prompt_tokens": words, "completion_tokens": words, "total_tokens": words * 2}`` for a stream's usage,
``pb104_context.set_as_words``); PB105, a field compared with a share whose numerator is a local bound to a count of
tokens (axor-core's ``spent = self._tracker.total_tokens()`` ... ``ratio = spent / self._soft_limit`` ... ``if ratio >=
self._thresholds.deny_child``, ``compared_shares``).

Set 307's words: PB104, a count of words divided into tokens bound to a name of an estimate by words in a function
estimating tokens (roshni's ``word_estimate = int(words / 0.75)`` in ``estimate_token_count``, ``set_as_words``).

Set 307's others: PB107, a class's own table whose row a method reads through ``self`` into a budget (axor-core's
``max_tokens = self._MAX_TOOL_OUTPUT[mode]``, ``pb107_reads``).

Set 311's: PB105, not a share named for a window in a module that never says tokens, a context, a prompt or an LLM
(set 312: gelpy's ``_SMOOTHING_WINDOW_FRACTION = 0.7`` of a gel image's lane pitch, and the fractions named like it,
``item_shares.window_without_tokens``).

Set 311's others: PB102, not a limit documented as a count of items named before tokens (brainstem-mcp's ``limit:
int = 50`` "Max chunks to consider before token packing", ``instance_lengths``).

Set 305's forwarded: PB102, the guess a helper returns where a function estimating tokens returns the helper's
result (tokkit-ai's ``_baseline_search_graph`` ... ``return 500``, returned by ``estimate_baseline_content_tokens``,
``token_estimates.forwarded_estimate``).

Set 305's others: PB103, a threshold on an estimate of the context (rulence's ``if
budget.governed_context_estimate > 12000``, ``names.is_token_amount``).

Set 301's, PB105: a command-line option's share of a budget, by its name or its help text (lumberjack-py's
``add_argument("--merge-below-ratio", type=float, default=0.125, help="... as a fraction of --max-tokens")``,
``described_shares.option_share``).

Spliced into ``pb101_set111_cases``, ``pb102_set117_cases``, ``pb103_set73_cases``, ``pb104_set111_cases``,
``pb105_set111_cases`` and ``pb106_total_cases``."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_LADDER = (
    "def {fn}(subtask):\n"
    "    {name} = 2000\n"
    "    if len(subtask.content) > 1000:\n"
    "        {name} = 4000\n"
    "    elif len(subtask.content) > 500:\n"
    "        {name} = 3000\n"
    "    if subtask.accuracy > 0.9:\n"
    "        {name} = int({name} * 1.5)\n"
    "    return {ret}\n"
)
LADDER_VALID = (
    # a function named for no budget: a number of retries, or of items
    Valid(_LADDER.format(fn="_calculate_retries", name="base", ret="base")),
    Valid(_LADDER.format(fn="_page_size", name="size", ret="min(size, 4000)").replace(" 4000)", " 9000)")),
    # the name read another way too: a slice of characters
    Valid(
        _LADDER.format(fn="_calculate_max_tokens", name="n", ret="n").replace(
            "    return n\n", "    print(subtask.content[:n])\n    return n\n"
        )
    ),
)
LADDER_INVALID = (
    Invalid(_LADDER.format(fn="_calculate_max_tokens", name="base", ret="base"), count=3),
    # the clamp is PB103's, the three branches PB102's
    Invalid(
        _LADDER.format(fn="_calculate_max_tokens", name="base_tokens", ret="min(base_tokens, 8000)"), count=3
    ),
)

_PER_CHAR = (
    "def estimate_cost(subtask, profile):\n"
    "    content_length = len(subtask.content)\n"
    "    estimated_input_tokens = content_length * 0.75  # {comment}\n"
    "    return estimated_input_tokens * profile.cost_per_input_token\n"
)
PER_CHAR_VALID = (
    Valid(_PER_CHAR.format(comment="three quarters of the text is billed")),  # no rate stated
    Valid(_PER_CHAR.format(comment="~0.5 tokens per character")),  # another rate than the number's
)
PER_CHAR_INVALID = (
    Invalid(_PER_CHAR.format(comment="~0.75 tokens per character"), line=3),
    Invalid(_PER_CHAR.format(comment="0.75 tokens/char"), line=3),
)

_USAGE_SHARE = (
    "from dataclasses import dataclass\n\n"
    "@dataclass\n"
    "class Config:\n"
    "    context_limit: int | None = None  # max context tokens\n"
    "    molt_pressure: float = 0.8  # {comment}\n"
)
USAGE_SHARE_VALID = (
    Valid(_USAGE_SHARE.format(comment="GPU memory usage fraction that triggers a warning")),
    Valid(_USAGE_SHARE.format(comment="context similarity score that triggers a merge")),  # a score
    Valid(_USAGE_SHARE.format(comment="seconds before a warning")),
)
USAGE_SHARE_INVALID = (
    Invalid(_USAGE_SHARE.format(comment="context usage fraction that triggers molt warnings"), line=6),
    Invalid(_USAGE_SHARE.format(comment="context window share kept for the summary"), line=6),
)

_PER_TURN = (
    "_OVERHEAD_PER_TURN = 23_350  # system prompt + tool defs per API turn\n\n"
    "def {fn}(content_tokens, num_turns):\n"
    '    """Estimate total context window tokens."""\n'
    "    fixed = {count} * _OVERHEAD_PER_TURN\n"
    "    return fixed + content_tokens\n"
)
_ONCE = "_OVERHEAD = {value}\n\ndef prompt_size(text):\n    return _OVERHEAD + {count}(text)\n"
PER_TURN_VALID = (
    # seconds per turn, in a function estimating no tokens
    Valid(_PER_TURN.format(fn="_estimate_duration", count="num_turns").replace("tokens", "seconds")),
    Valid(_ONCE.format(value=23_350, count="len")),  # characters
    Valid(_PER_TURN.format(fn="_estimate_context_tokens", count="2.5")),  # no count of items
)
PER_TURN_INVALID = (
    Invalid(_PER_TURN.format(fn="_estimate_context_tokens", count="num_turns"), line=1),
    Invalid(_ONCE.format(value=23_350, count="count_tokens"), line=1),
)

_RATED_FLOOR = "CHARS_PER_TOKEN = 4\n\ndef _baseline_architecture(total_chars):\n    return max(total_chars // {rate}, 500)\n"
RATED_FLOOR_VALID = (
    Valid(_RATED_FLOOR.format(rate="BYTES_PER_ROW")),  # rows
    Valid(_RATED_FLOOR.format(rate="CHARS_PER_LINE")),  # lines
)
RATED_FLOOR_INVALID = (
    Invalid(_RATED_FLOOR.format(rate="CHARS_PER_TOKEN"), line=4),
    Invalid(
        _RATED_FLOOR.format(rate="self.chars_per_token").replace("(total_chars)", "(self, total_chars)"),
        line=4,
    ),
)

_ANNOTATED_ENV = (
    "import os\n\nclass Config:\n    {name}: int = int(os.getenv('VELQUA_MEMORY_BUDGET', '200'))\n"
)
ANNOTATED_ENV_VALID = (Valid(_ANNOTATED_ENV.format(name="MEMORY_BUDGET_SECONDS")),)
ANNOTATED_ENV_INVALID = (Invalid(_ANNOTATED_ENV.format(name="MEMORY_BUDGET_TOKENS"), line=4),)

_TOKENS_OPTION = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--tokens', type=int, default=1000, help={help!r})\n"
TOKENS_OPTION_VALID = (
    Valid(_TOKENS_OPTION.format(help="Show token usage every N lines")),  # no bound
    Valid(_TOKENS_OPTION.format(help="Max API tokens kept in the session")),  # credentials
)
TOKENS_OPTION_INVALID = (
    Invalid(_TOKENS_OPTION.format(help="Token budget"), line=3),
    Invalid(_TOKENS_OPTION.format(help="Maximum tokens injected"), line=3),
)

_BUDGET_SHARES = (
    "def make(window):\n    return {cls}(max_tokens=window // 8, episode_ratio=0.5, fact_ratio=0.3)\n"
)
BUDGET_SHARES_VALID = (
    Valid(_BUDGET_SHARES.format(cls="Sampler")),  # a class named for no budget
    Valid(
        _BUDGET_SHARES.format(cls="ContextBudget").replace("max_tokens=window // 8, ", "")
    ),  # no budget beside
)
BUDGET_SHARES_INVALID = (Invalid(_BUDGET_SHARES.format(cls="ContextBudget"), count=2),)

_HEADER = (
    "def build(facts, max_tokens):\n"
    "    lines = []\n"
    "    token_count = 5  # Header\n"
    "    for ff in facts:\n"
    "        if {compared}:\n"
    "            break\n"
    "        lines.append(ff.text)\n"
    "        token_count += ff.token_estimate\n"
    "    return lines\n"
)
HEADER_VALID = (Valid(_HEADER.format(compared="ff.text is None")),)  # the tally never ordered
HEADER_INVALID = (Invalid(_HEADER.format(compared="token_count + ff.token_estimate > max_tokens"), line=3),)

_THINKING = (
    "def chat(messages, max_tokens, think):\n"
    "    effective_max = min(max_tokens * 8, 16384) if think else max_tokens\n"
    "    kwargs = {{'model': MODEL, 'messages': messages, {key!r}: effective_max}}\n"
    "    return client.create(**kwargs)\n"
)
THINKING_VALID = (Valid(_THINKING.format(key="max_retries").replace("max_tokens", "attempts")),)
THINKING_INVALID = (Invalid(_THINKING.format(key="max_tokens"), line=2),)

_IMAGE_RATE = (
    "_TOKENS_PER_IMAGE = 170\n\n"
    "class Stats:\n"
    "    @property\n"
    "    def {name}(self):\n"
    "        return self.text_tokens + self.total_encoded_images * _TOKENS_PER_IMAGE\n"
)
IMAGE_RATE_VALID = (Valid(_IMAGE_RATE.format(name="rows")),)  # no estimate of tokens
IMAGE_RATE_INVALID = (Invalid(_IMAGE_RATE.format(name="est_tokens"), line=1),)

_DOUBLED = "def stream(self, full):\n    words = len(full.split())\n    self._record_usage({{{entries}}})\n"
DOUBLED_VALID = (
    Valid(
        _DOUBLED.format(
            entries="'prompt_tokens': words, 'completion_tokens': words, 'total_tokens': words * 2"
        )
    ),
    Valid("def mock(text, resp):\n    resp.usage.total_tokens = len(text.split()) * 2\n"),
)
DOUBLED_INVALID = (
    Invalid(_DOUBLED.format(entries="'prompt_tokens': words * 2"), line=3),
    Invalid("def mock(text, resp):\n    resp.usage.prompt_tokens = len(text.split()) * 2\n", line=2),
)

_SPENT = (
    "from dataclasses import dataclass\n\n"
    "@dataclass(frozen=True)\n"
    "class BudgetThresholds:\n"
    "    deny_child: float = 0.80\n\n"
    "class Engine:\n"
    "    def check(self):\n"
    "        spent = self._tracker.{count}()\n"
    "        ratio = spent / self._soft_limit\n"
    "        if ratio >= self._thresholds.deny_child:\n"
    "            return 2\n"
)
SPENT_VALID = (Valid(_SPENT.format(count="total_cost_usd")),)  # money
SPENT_INVALID = (Invalid(_SPENT.format(count="total_tokens"), line=5),)

_OPTION_SHARE = (
    "import argparse\np = argparse.ArgumentParser()\n"
    "p.add_argument('--max-tokens', type=int, default=MAX)\n"
    "p.add_argument({flag!r}, type=float, default=0.125, help={help!r})\n"
)
OPTION_SHARE_VALID = (
    Valid(_OPTION_SHARE.format(flag="--merge-below-ratio", help="Share of sentences merged")),
    Valid(
        _OPTION_SHARE.format(flag="--dedup-threshold", help="Similarity score as a fraction of --max-tokens")
    ),
)
OPTION_SHARE_INVALID = (
    Invalid(
        _OPTION_SHARE.format(
            flag="--merge-below-ratio", help="Merge threshold as a fraction of --max-tokens"
        ),
        line=4,
    ),
    Invalid(_OPTION_SHARE.format(flag="--ideal-max-tokens-ratio", help="Preferred split budget"), line=4),
)

_CONTEXT_ESTIMATE = "def check(task):\n    budget = build_budget(task)\n    if budget.governed_context_{what} > 12000:\n        return 'warn'\n"
CONTEXT_ESTIMATE_VALID = (Valid(_CONTEXT_ESTIMATE.format(what="rows")),)
CONTEXT_ESTIMATE_INVALID = (Invalid(_CONTEXT_ESTIMATE.format(what="estimate"), line=3),)

_OWN_TABLE = (
    "class Compressor:\n"
    "    _MAX_TOOL_OUTPUT = {{'aggressive': 200, 'balanced': 500, 'light': 2000}}\n\n"
    "    def compress(self, mode, fragments):\n"
    "        {name} = self._MAX_TOOL_OUTPUT[mode]\n"
    "        return [f for f in fragments if f.size <= {name}]\n"
)
OWN_TABLE_VALID = (Valid(_OWN_TABLE.format(name="max_lines")),)
OWN_TABLE_INVALID = (Invalid(_OWN_TABLE.format(name="max_tokens"), line=2),)

_TWINS = (
    "class Manager:\n"
    "    def _truncate_episode(self, episode, {name}):\n"
    "        if {name} < {first}:\n"
    "            return None\n"
    "        return episode\n\n"
    "    def _truncate_fact(self, fact, {name}):\n"
    "        if {name} < 20:\n"
    "            return None\n"
    "        return fact\n"
)
TWINS_VALID = (
    Valid(_TWINS.format(name="max_retries", first=50)),  # retries
    Valid(_TWINS.format(name="max_tokens", first=5)),  # no twin the rule takes
)
TWINS_INVALID = (Invalid(_TWINS.format(name="max_tokens", first=50), count=2),)

_FORWARDED = (
    "def _baseline_search_graph(result_text):\n"
    "    if not result_text:\n"
    "        return 500\n"
    "    return len(result_text)\n\n"
    "def {caller}(tool, result_text):\n"
    "    if tool == 'search':\n"
    "        return _baseline_search_graph(result_text)\n"
    "    return 0\n"
)
FORWARDED_VALID = (Valid(_FORWARDED.format(caller="estimate_baseline_rows")),)  # rows
FORWARDED_INVALID = (Invalid(_FORWARDED.format(caller="estimate_baseline_content_tokens"), line=3),)

_WORD_ESTIMATE = (
    "def {fn}(text):\n"
    "    words = len(text.split())\n"
    "    word_estimate = int(words / 0.75)\n"
    "    return max(word_estimate, len(text) // 4)\n"
)
WORD_ESTIMATE_VALID = (Valid(_WORD_ESTIMATE.format(fn="estimate_reading_time").replace(" // 4", "")),)
WORD_ESTIMATE_INVALID = (Invalid(_WORD_ESTIMATE.format(fn="estimate_token_count"), count=2),)

_SMOOTHING = (
    "_SMOOTHING_WINDOW_FRACTION = 0.7\n\n"
    "def detect(profile, expected_pitch):\n"
    "    {doc}\n"
    "    window = max(1, round(_SMOOTHING_WINDOW_FRACTION * expected_pitch))\n"
    "    return smooth(profile, window)\n"
)
SMOOTHING_VALID = (Valid(_SMOOTHING.format(doc='"""Find lane centres in a gel image."""')),)
SMOOTHING_INVALID = (
    Invalid(_SMOOTHING.format(doc='"""Trim the context to a share of the model window."""'), line=1),
)

_PACKED = (
    "def recall(query, limit: int = 50):\n"
    '    """Recall chunks.\n\n'
    "    Args:\n"
    "        limit: {doc}\n"
    '    """\n'
    "    return search(query)[:limit]\n"
)
PACKED_VALID = (Valid(_PACKED.format(doc="Max chunks to consider before token packing (default 50).")),)
PACKED_INVALID = (
    Invalid(
        _PACKED.format(doc="Max tokens to pack into the answer (default 50).").replace("[:limit]", ""), line=1
    ),
)
