"""Cases from sets 579 onward (issue 19), joined to set 541's lists (``pb101_set541_cases``) in the ``SINCE541_*``
lists the rules' case modules take.

Set 579's (measured with the rules of dfc61fb6, then tuned on): PB104, a product whose rate is written before the
length, before a division (mcp-server-datahub's ``return int(1.3 * len(text) / 4)`` in ``estimate_tokens``,
``pb104_line_rates.scaled_operand``; not alone, the corpus check). PB105, not a percent named for the context in a module that never speaks of
tokens nor names a window (tne-sdk's status panel: ``ctx_pct = int(self.context * 100)`` of a game's "context
fatigue", beside ``hp_pct`` and ``pwr_pct``, ``ratio_reads``).

Set 583's (measured with the rules of 3d4aab7, then tuned on): PB101, not a length given to a function of the module
that returns a ``str`` cut at it (yumi-agent's ``_safe_filename_token(provider, max_len=24)``, a part of a file's name,
``token_strings.cuts_own_string``). PB102, not an option whose help text opens on another unit (repo2graph's
``--budget`` "characters of chunk text to retrieve", "character budget for the whole pack", beside its
``--budget-tokens``; ``budget_defaults``); a size in tokens from which a penalty applies
(``CONTAINER_PENALTY_MIN_TOKENS = 200`` compared with ``count_tokens(...)``, ``names.excluded``). PB104, a wide
script's rate among rates summed inside a rounding kept above zero (yumi-agent's ``int(non_ascii / 1.5 + ascii_chars /
4) + 1``, ``pb104_terms``); an estimate scaled by a margin and added to a budget ordered against a window
(repo2graph's ``int((len(system) + len(user)) / 4 * (1 + TOKEN_ESTIMATE_MARGIN))`` ... ``if estimate + MAX_TOKENS >
window``, ``carried_units``). PB105, a dict's entry keyed by a percent's name, decided by its reads as a binding of
its key is (metaensemble's ``{"run_hard_pct_of_capacity": 40, ...}`` read as ``config.run_hard_pct_of_capacity``
against ``(estimated_tokens / max(capacity, 1)) * 100.0`` in another module, ``percent_shares.bound_entries``; the
project's pass, tests/lint/test_set579_project.py).

Set 585's (measured with the rules of bed8f86c, then tuned on): PB102, a context's budget abbreviated (moth-companion's
``CTX_BUDGET = 3000``, ``names.BUDGET_PHRASES``); an alert's threshold in tokens named for cost (loom-harness'
``_COST_ALERT_TOKENS = 200_000``, ``names.excluded``); not a constant whose comment speaks of tokens only as a time per
token (moth-companion's ``TOPK_SAMPLE_MIN = 4096  # CPU vocabularies above this ... ~2 ms per token``,
``comment_units``); a module named ``test_*.py`` outside a test folder holding no test is the product's code
(skelpr's ``agents/test_generation_agent.py`` and its ``class TestProposal``, ``named_tests``; the project's pass,
tests/lint/test_set579_project.py). PB103, a threshold on an item its branch's message shows in tokens (loom-harness'
``if ... inputs[-1] > 4000: findings.append(f"input grew ... {inputs[-1]:,} tokens ...")``, ``stated_units``). PB104, a
quotient bound to a name of tokens of an amount its function shows in characters (pandion's ``f"... ({size:,}
characters)"`` ... ``tokens = max(1, round(size / 4))``, ``pb104_integer_rates``). PB106, the overheads added to an
estimate of a sum of lengths (moth-companion's ``sum(len(m.get("content") or "") for m in messages) // 3 + 4 *
len(messages) + 3``, ``token_overheads``).

Set 587's (measured with the rules of 83eff2ac, then tuned on): PB101, the default of a reader taking it first and
the variables' names from a constant (seed-kernel's ``int(_ea.pick_default("262144", *_ea.LLM_CONTEXT_SIZE) or
"262144")``, ``env_defaults``). PB102, not a cap in basis points (orblivion's ``MAX_SLIPPAGE_BPS = 300``,
``names.EXCLUDED_WORDS``). Not any reading in a module about a blockchain's tokens that names none of a model's
(orblivion's wallet client: ``len(toks) > 32``, ``search_tokens(limit=20)``; ``crypto_tokens``, in the pre-check).

Set 589's (measured with the rules of e7debe48, then tuned on): PB105, a share a comment gives of "the window" in a
module whose docstring speaks of a model's context (cycls' ``COMPACT_AT = 0.7  # compact past this share of the
window`` under "Context compaction ...", ``described_shares``); a threshold compared with a method of the class
returning a share of its budget, called with arguments (nemocode's ``def should_compact(self, messages, threshold=0.8):
return self.usage_fraction(messages) > threshold``, ``ratio_reads.own_share``).

Set 591's (measured with the rules of e80ed51c, then tuned on): PB101, the other whole amounts a budget's class is
given beside two token budgets named as such (pleiad's ``ContextBudget(window_tokens=128_000, output_reserve=8_192,
compact_at=96_000, recent_tokens=32_000)``, ``call_siblings``), not one naming a time.

Set 593's (measured with the rules of cfa93ae0, then tuned on): PB103, not a clamp in a module counting a lexer's
tokens and naming no model's (codeevolve's ``min(len(toks) - 2, 400)`` of ``_TOKEN_RE.findall(text)`` shingles,
``lexer_tokens.lexer_module``, as PB102 already read it).

The session's review (an independent read of dfc61fb6..83eff2ac, ``REVIEW65_*``): an option whose help opens on another
unit is left only when the help says no tokens after ("Messages ... dropped until they fit this many tokens"); a percent
named for the context counts in a module whose lines say tokens as a word or name the context window, not a
``session_token``; a dict's percent entry read through its dict (``_DEFAULTS["run_hard_pct_of_capacity"]``) is read
as its name is; a ``test_*.py`` outside a test folder stays a test module (a shared ``test_utils.py`` of fakes as
often as an agent writing tests), the class named ``Test...`` fix kept for ``*_test.py`` (tests/lint/test_set579_project.py).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb101_set541_cases import (
    SET541_PB101_INVALID,
    SET541_PB101_VALID,
    SET541_PB102_INVALID,
    SET541_PB102_VALID,
    SET541_PB103_INVALID,
    SET541_PB103_VALID,
    SET541_PB104_INVALID,
    SET541_PB104_VALID,
    SET541_PB105_INVALID,
    SET541_PB105_VALID,
    SET541_PB106_INVALID,
    SET541_PB106_VALID,
)

_RATE_FIRST = "def {name}(text):\n    return int(1.3 * len(text){rest})\n"
SET579_PB104_VALID = (
    Valid(_RATE_FIRST.format(name="padded_width", rest=" / 4")),
    # a rate written first alone is left (the corpus check: ``0.15 * len(bad)`` of a penalty, a figure's height)
    Valid(_RATE_FIRST.format(name="estimate_tokens", rest="")),
)
SET579_PB104_INVALID = (Invalid(_RATE_FIRST.format(name="estimate_tokens", rest=" / 4"), line=2),)

_GAME_GAUGE = (
    "class StatusPanel:\n"
    "    def refresh(self, bar):\n"
    "        hp_pct = int(self.integrity / self.max_int * 100)\n"
    "        ctx_pct = int(self.context * 100){comment}\n"
    "        if ctx_pct >= 80:\n"
    '            bar.add_class("critical")\n'
    "        return hp_pct\n"
)
SET579_PB105_VALID = (Valid(_GAME_GAUGE.format(comment="")),)
SET579_PB105_INVALID = (Invalid(_GAME_GAUGE.format(comment="  # tokens used, in percent"), line=5),)

_FILENAME_PART = (
    "{head}"
    "def diagnostic_name(provider, phase):\n"
    '    prov = _safe_filename_token(provider or "provider", max_len=24, fallback="provider")\n'
    '    return prov + "_" + phase\n'
)
_CUT_HERE = (
    "import re\n"
    "\n"
    "\n"
    "def _safe_filename_token(raw: str, *, max_len: int, fallback: str) -> str:\n"
    '    token = re.sub(r"[^a-zA-Z0-9._-]+", "-", raw)\n'
    "    if not token:\n"
    "        return fallback[:max_len]\n"
    "    return token[:max_len]\n"
    "\n"
    "\n"
)
SET583_PB101_VALID = (Valid(_FILENAME_PART.format(head=_CUT_HERE)),)
SET583_PB101_INVALID = (
    Invalid(_FILENAME_PART.format(head="from .names import _safe_filename_token\n\n\n"), line=5),
)

_HELP_UNIT = (
    "import argparse\n"
    "\n"
    "\n"
    "def main(argv=None):\n"
    "    q = argparse.ArgumentParser()\n"
    '    q.add_argument("--budget", type=int, default=24000, help="{unit} of chunk text to retrieve")\n'
    '    q.add_argument("--budget-tokens", type=int, default=None, help="token budget")\n'
    "    return q.parse_args(argv)\n"
)
_PENALTY_SIZE = (
    "from .tokens import count_tokens\n"
    "\n"
    "CONTAINER_{name} = 200\n"
    "\n"
    "\n"
    "def bulky(chunk):\n"
    '    return count_tokens(chunk.get("text") or "") > CONTAINER_{name}\n'
)
SET583_PB102_VALID = (
    Valid(_HELP_UNIT.format(unit="characters")),
    Valid(_HELP_UNIT.format(unit="Character budget")),
    Valid(_PENALTY_SIZE.format(name="PENALTY_WEIGHT")),
)
SET583_PB102_INVALID = (
    Invalid(_HELP_UNIT.format(unit="tokens"), line=6),
    Invalid(_PENALTY_SIZE.format(name="PENALTY_MIN_TOKENS"), line=3),
)

_WIDE_PLUS_ONE = (
    "def {name}(text: str) -> int:\n"
    "    non_ascii = sum(1 for c in text if ord(c) > 127)\n"
    "    ascii_chars = len(text) - non_ascii\n"
    "    return int(non_ascii / 1.5{rest}) + 1\n"
)
_MARGIN = (
    "TOKEN_ESTIMATE_MARGIN = 0.25\n"
    "\n"
    "\n"
    "def check_room(window: int, reserved: int, system: str, user: str) -> None:\n"
    "    estimate = int((len(system) + len(user)) / 4 * (1 + TOKEN_ESTIMATE_MARGIN))\n"
    "    if estimate + {other} > window:\n"
    '        raise SystemExit("the prompt leaves no room for the answer")\n'
)
SET583_PB104_VALID = (
    Valid(_WIDE_PLUS_ONE.format(name="padded_width", rest="")),
    Valid(_MARGIN.format(other="reserved")),
)
SET583_PB104_INVALID = (
    Invalid(_WIDE_PLUS_ONE.format(name="estimate_tokens", rest=" + ascii_chars / 4"), line=4, count=2),
    Invalid(_MARGIN.format(other="max_tokens"), line=5),
)

_PERCENT_ENTRY = (
    '_DEFAULTS = {{"run_hard_pct_of_capacity": 40, "window_capacity_tokens": 88_000}}\n'
    "\n"
    "\n"
    "def gate(used, capacity, config):\n"
    "    pct = ({used} / max(capacity, 1)) * 100.0\n"
    "    if pct > config.run_hard_pct_of_capacity:\n"
    '        return "block"\n'
    '    return "auto"\n'
)
SET583_PB105_VALID = (
    Valid(_PERCENT_ENTRY.format(used="disk_bytes")),
    # a record's usage named for the context, no act (the corpus check: collab-a2a's demo roster)
    Valid('ROSTER = [{"stats": {"model": "claude-opus-5", "tokens_in": 184000, "context_pct": 41}}]\n'),
)
SET583_PB105_INVALID_ACT = (
    Invalid('DEFAULTS = {"max_context_tokens": 128_000, "compact_at_percent": 75}\n', line=1),
    # beside a window of the same dict, a percent of the context (the session's relint: aetherion's model info)
    Invalid('INFO = {"context_window": 272_000, "effective_context_window_percent": 95}\n', line=1),
)
SET583_PB105_INVALID = (
    Invalid(_PERCENT_ENTRY.format(used="estimated_tokens"), line=1),
    *SET583_PB105_INVALID_ACT,
)


_TIME_PER_TOKEN = (
    "TOPK_SAMPLE_MIN = 4096  # {comment}\n\n\ndef draw(p):\n    return p.size(-1) > TOPK_SAMPLE_MIN\n"
)
_COST_ALERT = (
    "_COST_ALERT_{unit} = 200_000\n"
    "\n"
    "\n"
    "def tags(run):\n"
    "    if run.input_tokens + run.output_tokens > _COST_ALERT_{unit}:\n"
    '        return ["cost blowup"]\n'
    "    return []\n"
)
SET585_PB102_VALID = (
    Valid(
        _TIME_PER_TOKEN.format(comment="CPU vocabularies above this: sorting 32k probs costs ~2 ms per token")
    ),
    Valid(_COST_ALERT.format(unit="USD")),
)
SET585_PB102_INVALID = (
    Invalid(_TIME_PER_TOKEN.format(comment="tokens of the sample, about 2 ms per token"), line=1),
    Invalid("CTX_BUDGET = 3000  # trained on chats up to 4k tokens\n", line=1),
    Invalid(_COST_ALERT.format(unit="TOKENS"), line=1),
)

_GROWTH_SHOWN = (
    "def bloat(turns, findings):\n"
    '    inputs = [t["input"] for t in turns if t["input"]]\n'
    "    if len(inputs) >= 3 and inputs[-1] > 4000:\n"
    '        findings.append(f"input grew {{inputs[0]:,}} -> {{inputs[-1]:,}} {unit} over {{len(inputs)}} turns")\n'
)
SET585_PB103_VALID = (Valid(_GROWTH_SHOWN.format(unit="rows")),)
SET585_PB103_INVALID = (Invalid(_GROWTH_SHOWN.format(unit="tokens"), line=3),)

_SHOWN_SIZE = (
    "def explain(size: int, overlap: int) -> str:\n"
    "    if overlap >= size:\n"
    '        return f"Overlap must be smaller than the chunk size ({{size:,}} {unit})."\n'
    "    tokens = max(1, round(size / 4))\n"
    '    return f"about {{tokens:,}} tokens"\n'
)
SET585_PB104_VALID = (Valid(_SHOWN_SIZE.format(unit="lines")),)
SET585_PB104_INVALID = (Invalid(_SHOWN_SIZE.format(unit="characters"), line=4),)

_PER_MESSAGE = (
    "def {name}(messages: list[dict]) -> int:\n"
    '    return sum(len(m.get("content") or "") for m in messages) // 3 + 4 * len(messages) + 3\n'
)
SET585_PB106_VALID = (Valid(_PER_MESSAGE.format(name="padded_rows").replace("// 3", "")),)
SET585_PB106_INVALID = (Invalid(_PER_MESSAGE.format(name="approx_tokens"), line=2, count=2),)

_DEFAULT_FIRST = (
    "from . import env_access as _ea\n"
    "\n"
    "\n"
    "def window():\n"
    '    return int(_ea.pick_default("262144", *_ea.{names}) or "262144")\n'
)
SET587_PB101_VALID = (Valid(_DEFAULT_FIRST.format(names="LOG_BUFFER_SIZE")),)
SET587_PB101_INVALID = (Invalid(_DEFAULT_FIRST.format(names="LLM_CONTEXT_SIZE"), line=5, count=2),)

_SLIPPAGE = (
    "MAX_SLIPPAGE_{unit} = 300\n"
    "\n"
    "\n"
    "def slippage_cap(sell_tokens, token_tolerance):\n"
    "    return min(token_tolerance(sell_tokens), MAX_SLIPPAGE_{unit})\n"
)
SET587_PB102_VALID = (Valid(_SLIPPAGE.format(unit="BPS")),)
SET587_PB102_INVALID = (Invalid(_SLIPPAGE.format(unit="TOKENS"), line=1),)

_CHAIN_TOKENS = (
    '"""Wallet sessions: ERC-20 approvals, Uniswap swaps within a slippage cap.{model}"""\n'
    "\n"
    "\n"
    "def setup(toks):\n"
    "    if len(toks) > 32:\n"
    '        raise ValueError("too many tokens")\n'
)
SET587_PB103_VALID = (Valid(_CHAIN_TOKENS.format(model="")),)
SET587_PB103_INVALID = (
    Invalid(_CHAIN_TOKENS.format(model=" Each step asks a model (max_tokens=512)."), line=5),
)

_WINDOW_SHARE = (
    '"""{doc}"""\n'
    "\n"
    "COMPACT_AT = 0.7  # compact past this share of the window\n"
    "KEEP_RECENT = 0.3  # keep this share of the window verbatim\n"
)
_METHOD_SHARE = (
    "class ContextManager:\n"
    "    def __init__(self, {limit}: int):\n"
    "        self.{limit} = {limit}\n"
    "\n"
    "    def context_fraction(self, messages) -> float:\n"
    "        return self.usage(messages) / self.{limit}\n"
    "\n"
    "    def should_compact(self, messages, threshold: float = 0.8) -> bool:\n"
    "        return self.context_fraction(messages) > threshold\n"
)
SET589_PB105_VALID = (
    Valid(_WINDOW_SHARE.format(doc="Image tiling: overlapping tiles of a picture.")),
    # a rolling window of samples beside token counts, no context (the corpus check: vetch's stall detection)
    Valid(_WINDOW_SHARE.format(doc="Session statistics: rolling windows, token counts and costs.")),
    Valid(_METHOD_SHARE.format(limit="max_messages")),
)
SET589_PB105_INVALID = (
    Invalid(
        _WINDOW_SHARE.format(doc="Context compaction: stub old tool results, then summarize."),
        line=3,
        count=2,
    ),
    Invalid(_METHOD_SHARE.format(limit="context_window"), line=8),
)

_BUDGET_CALL = (
    "from .budget import ContextBudget\n"
    "\n"
    "BUDGET = ContextBudget(\n"
    "    window_{unit}=128_000,\n"
    "    output_reserve=8_192,\n"
    "    compact_at=96_000,\n"
    "    recent_{unit}=32_000,\n"
    "    timeout_ms=30_000,\n"
    ")\n"
)
SET591_PB101_VALID = (Valid(_BUDGET_CALL.format(unit="lines").replace("    output_reserve=8_192,\n", "")),)
SET591_PB101_INVALID = (Invalid(_BUDGET_CALL.format(unit="tokens"), line=4, count=4),)

_SHINGLES = (
    '"""Token fingerprints of code{side}."""\n'
    "import re\n"
    "\n"
    '_TOKEN_RE = re.compile(r"[A-Za-z_]\\w*|[(){{}}]|.")\n'
    "\n"
    "\n"
    "def fingerprint(text):\n"
    "    toks = [t.lower() for t in _TOKEN_RE.findall(text)]\n"
    '    return ["|".join(toks[i : i + 3]) for i in range(0, min(len(toks) - 2, 400))]\n'
)
SET593_PB103_VALID = (Valid(_SHINGLES.format(side="")),)
SET593_PB103_INVALID = (
    Invalid(_SHINGLES.format(side=", sent in the prompt"), line=9),
    # a pattern named for tokens beside a model's token counter (the session's relint: pandion's chunkers)
    Invalid(
        "import re\n\nfrom .tokenize import TokenCounter\n\n"
        '_TOKEN_RE = re.compile(r"\\w+")\n\n\n'
        "def size_tradeoff(tokens):\n"
        '    return "small" if tokens < 100 else "large"\n',
        line=9,
    ),
    # a module importing from a ``scanner`` of files still compares counts of tokens (the corpus check: repotrim)
    Invalid(
        "from .scanner import read_text_safely\n\n\ndef rank(file):\n"
        "    if file.estimated_tokens > 20000:\n        return -20\n    return 0\n",
        line=5,
    ),
)

#: The session's review (an independent read of dfc61fb6..83eff2ac), each snippet the reader ran.
_REVIEW_HELP_TOKENS = (
    '"""Command line: a token budget for the history."""\n'
    "import argparse\n"
    "\n"
    "\n"
    "def main(argv=None):\n"
    "    q = argparse.ArgumentParser()\n"
    '    q.add_argument("--budget", type=int, default=6000, help="Messages of the history are dropped until they fit this many tokens")\n'
    "    return q.parse_args(argv)\n"
)
_REVIEW_WINDOW_PCT = (
    '"""Checkpoint hints for the agent\'s context window."""\n'
    "\n"
    "\n"
    "def hints(state, messages):\n"
    "    context_pct = state.context_pct\n"
    "    if context_pct >= 80:\n"
    '        messages.append("compact now: the context window is nearly full")\n'
    "    return messages\n"
)
_REVIEW_SESSION_TOKEN = (
    '"""Status panel of the game client (ctx: the pilot\'s context fatigue)."""\n'
    "\n"
    "\n"
    "class StatusPanel:\n"
    "    def __init__(self, session_token):\n"
    "        self.session_token = session_token\n"
    "\n"
    "    def refresh(self, bar):\n"
    "        hp_pct = int(self.integrity / self.max_int * 100)\n"
    "        ctx_pct = int(self.context * 100)\n"
    "        if ctx_pct >= 80:\n"
    '            bar.add_class("critical")\n'
    "        return hp_pct\n"
)
_REVIEW_ENTRY_READ = (
    '"""Gate a run on the share of the token window it uses."""\n'
    "\n"
    '_DEFAULTS = {"run_hard_pct_of_capacity": 40}\n'
    "\n"
    "\n"
    "def gate(estimated_tokens, capacity):\n"
    "    pct = (estimated_tokens / max(capacity, 1)) * 100.0\n"
    '    if pct > _DEFAULTS["run_hard_pct_of_capacity"]:\n'
    '        return "block"\n'
    '    return "auto"\n'
)
REVIEW65_PB102_INVALID = (Invalid(_REVIEW_HELP_TOKENS, line=7),)
REVIEW65_PB105_VALID = (Valid(_REVIEW_SESSION_TOKEN),)
REVIEW65_PB105_INVALID = (Invalid(_REVIEW_WINDOW_PCT, line=6), Invalid(_REVIEW_ENTRY_READ, line=3))

#: Set 541's lists with the cases of sets 579 onward: the lists the rules' case modules take.
SINCE541_PB101_VALID = (*SET541_PB101_VALID, *SET583_PB101_VALID, *SET587_PB101_VALID, *SET591_PB101_VALID)
SINCE541_PB101_INVALID = (
    *SET541_PB101_INVALID,
    *SET583_PB101_INVALID,
    *SET587_PB101_INVALID,
    *SET591_PB101_INVALID,
)
SINCE541_PB102_VALID = (*SET541_PB102_VALID, *SET583_PB102_VALID, *SET585_PB102_VALID, *SET587_PB102_VALID)
SINCE541_PB102_INVALID = (
    *SET541_PB102_INVALID,
    *SET583_PB102_INVALID,
    *SET585_PB102_INVALID,
    *SET587_PB102_INVALID,
)
SINCE541_PB103_VALID = (*SET541_PB103_VALID, *SET585_PB103_VALID, *SET587_PB103_VALID, *SET593_PB103_VALID)
SINCE541_PB103_INVALID = (
    *SET541_PB103_INVALID,
    *SET585_PB103_INVALID,
    *SET587_PB103_INVALID,
    *SET593_PB103_INVALID,
)
SINCE541_PB104_VALID = (*SET541_PB104_VALID, *SET579_PB104_VALID, *SET583_PB104_VALID, *SET585_PB104_VALID)
SINCE541_PB104_INVALID = (
    *SET541_PB104_INVALID,
    *SET579_PB104_INVALID,
    *SET583_PB104_INVALID,
    *SET585_PB104_INVALID,
)
SINCE541_PB105_VALID = (
    *SET541_PB105_VALID,
    *SET579_PB105_VALID,
    *SET583_PB105_VALID,
    *SET589_PB105_VALID,
    *REVIEW65_PB105_VALID,
)
SINCE541_PB105_INVALID = (
    *SET541_PB105_INVALID,
    *SET579_PB105_INVALID,
    *SET583_PB105_INVALID,
    *SET589_PB105_INVALID,
)
SINCE541_PB106_VALID = (*SET541_PB106_VALID, *SET585_PB106_VALID)
SINCE541_PB106_INVALID = (*SET541_PB106_INVALID, *SET585_PB106_INVALID)
