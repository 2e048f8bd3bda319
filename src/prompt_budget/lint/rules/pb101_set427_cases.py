"""Cases from sets 427 onward (issue 19), read by the rules they name.

Set 427's: PB105, not a share named for a budget and nothing else in a module that never says tokens, a prompt or
an LLM (intentops' charters of scheduled loops, ``"budget_share": 0.1`` beside a cadence and a kill switch,
``item_shares.budget_without_tokens``).

Set 429's: PB105, not RapidFuzz's similarity of two texts' word tokens (skillvariants' ``sim.token_set_ratio >=
0.45`` and ``WEIGHTS = {"token_set_ratio": 0.50, ...}``, ``names._FUZZY_SCORERS``); PB102, not a limit checked with others for a sign (codegraph-viz's ``if
min(snapshot_limit, context_limit, ...) < 0: raise``, a check that no row count is negative, read as a clamp of a
context's token count: ``getter_callers.sign_checked``); PB102, a generic option's default whose parsed value is
given to a budget keyword (codegraph-viz's ``add_argument("--budget", type=int, default=5000)`` and
``build_context(..., budget_tokens=args.budget)``, ``option_reads``).

Set 427's: PB106, the tokens one item is guessed to cost, a constant multiplied by a count of items (atif-sql's
``_AVG_OUT_TOKENS = 150`` ... ``out_tokens = len(capped) * _AVG_OUT_TOKENS``; earlier misses: pylogtracer's
``TOKENS_PER_ENTRY = 60``, seren-corpus-callosum's ``_TOKENS_PER_CANDIDATE = 16``), not a quota per unit of time
(``TOKENS_PER_MINUTE``), ``item_token_costs``.

Set 431's: PB102, a cap per session, no session token (agentrix-core's ``token_cap_per_session: int = 2_000_000``,
``names._PER_DEVICE``); PB106, the overhead a chars-per-token estimate adds when it divides a sum of lengths
(agentrix-core's ``return (len(body) + extra) // 4 + 4``, ``token_overheads``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_LOOP_SHARE = (
    "_GOOD_ENTRY = {{\n"
    '    "id": "loop-example",\n'
    '    "cadence": {{"kind": "interval", "every": "30m"}},\n'
    '    "kill_switch": ".intentops/loops/example.disabled",\n'
    '    "budget_share": 0.1,\n'
    '    "unit": "{unit}",\n'
    "}}\n"
)
LOOP_SHARE_VALID = (Valid(_LOOP_SHARE.format(unit="runs")),)
LOOP_SHARE_INVALID = (Invalid(_LOOP_SHARE.format(unit="tokens"), line=5),)

_FUZZY = (
    "WEIGHTS = {{\n"
    '    "{name}": 0.50,\n'
    '    "char_ratio": 0.20,\n'
    "}}\n"
    "\n"
    "\n"
    "def label(sim, ratio):\n"
    "    if ratio >= 1.3 and sim.{name} >= 0.45:\n"
    '        return "expanded"\n'
    "    return None\n"
)
FUZZY_VALID = (Valid(_FUZZY.format(name="token_set_ratio")), Valid(_FUZZY.format(name="token_sort_ratio")))
FUZZY_INVALID = (Invalid(_FUZZY.format(name="token_share_ratio"), count=2),)

_SIGN = (
    "def compact(db, used_tokens, *, snapshot_limit: int = 25):\n"
    "    if min(snapshot_limit, used_tokens) {cmp}:\n"
    '        raise ValueError("limits cannot be negative")\n'
    "    return db.prune(snapshot_limit)\n"
)
SIGN_CHECK_VALID = (Valid(_SIGN.format(cmp="< 0")),)
SIGN_CHECK_INVALID = (Invalid(_SIGN.format(cmp="< 10"), line=1),)

_OPTION_READ = (
    "import argparse\n"
    "\n"
    "\n"
    "def main(argv=None):\n"
    "    parser = argparse.ArgumentParser()\n"
    '    parser.add_argument("--budget", type=int, default=5000)\n'
    "    args = parser.parse_args(argv)\n"
    "    return build_context(args.query, {keyword}=args.budget)\n"
)
OPTION_READ_VALID = (
    Valid(_OPTION_READ.format(keyword="budget_chars")),
    Valid(_OPTION_READ.format(keyword="budget")),
)
OPTION_READ_INVALID = (Invalid(_OPTION_READ.format(keyword="budget_tokens"), line=6),)

_ITEM_COST = (
    "{name} = 150\n"
    "\n"
    "\n"
    "def plan(capped, price):\n"
    "    out_tokens = len(capped) * {name}\n"
    "    return out_tokens * price\n"
)
ITEM_COST_VALID = (
    Valid(_ITEM_COST.format(name="TOKENS_PER_MINUTE")),
    Valid(_ITEM_COST.format(name="TOKENS_PER_WORD")),
    Valid(_ITEM_COST.format(name="ITEMS_PER_PAGE")),
    Valid(_ITEM_COST.format(name="_TOKENS_PER_MILLION")),  # a price's scale (xoder-ai, glyph-agents)
    Valid(_ITEM_COST.format(name="TOKENS_PER_PRICE_UNIT")),
)
ITEM_COST_INVALID = (
    Invalid(_ITEM_COST.format(name="_AVG_OUT_TOKENS"), line=1),
    Invalid(_ITEM_COST.format(name="TOKENS_PER_ENTRY"), line=1),
)

_PER_SESSION = "class Settings(BaseSettings):\n    {name}: int = 2_000_000\n"
PER_SESSION_VALID = (Valid(_PER_SESSION.format(name="session_token_ttl")),)
PER_SESSION_INVALID = (Invalid(_PER_SESSION.format(name="token_cap_per_session"), line=2),)

_SUMMED_LENGTHS = (
    "def _approx_tokens(msg):\n"
    '    body = msg.get("content") or ""\n'
    "    extra = 0\n"
    '    for tc in msg.get("tool_calls", []):\n'
    '        extra += len(tc["arguments"])\n'
    "    return ({numerator}) // 4 + 4\n"
)
SUMMED_LENGTHS_VALID = (Valid(_SUMMED_LENGTHS.format(numerator="msg.size + extra")),)
SUMMED_LENGTHS_INVALID = (Invalid(_SUMMED_LENGTHS.format(numerator="len(body) + extra"), line=6),)

_STRING_LATER = (
    'def add(d):\n    ctx_str = d.get("context_window", "128000")\n    return {convert}(ctx_str)\n'
)
STRING_LATER_VALID = (Valid(_STRING_LATER.format(convert="str")),)
STRING_LATER_INVALID = (Invalid(_STRING_LATER.format(convert="int"), line=2),)

_CHARS_HALF = (
    "def query(self):\n"
    "    total_chars = self._get_total_chars()\n"
    "    {target} = total_chars // 2\n"
    "    return {target}\n"
)
CHARS_HALF_VALID = (Valid(_CHARS_HALF.format(target="half_chars")),)
CHARS_HALF_INVALID = (Invalid(_CHARS_HALF.format(target="estimated_tokens"), line=3),)

_CHUNKER_OVERLAP = (
    "def {fn}(text, *, max_tokens: int = 512, {overlap}: int = 64):\n"
    "    return split(text, max_tokens, {overlap})\n"
)
#: ``max_tokens=512`` is reported in each: the count says whether the overlap is too.
CHUNKER_OVERLAP_VALID: tuple[Valid, ...] = ()
CHUNKER_OVERLAP_INVALID = (
    Invalid(_CHUNKER_OVERLAP.format(fn="chunk_text", overlap="overlap"), count=2),
    Invalid(_CHUNKER_OVERLAP.format(fn="render", overlap="overlap"), count=1),
    Invalid(_CHUNKER_OVERLAP.format(fn="chunk_text", overlap="overlap_chars"), count=1),
)

_LAMBDA_CUT = (
    "def build_prompt(tok, text, opt_max_tokens: int = 32):\n"
    "    enc = lambda s: {body}\n"
    "    return enc(text)[:opt_max_tokens]\n"
)
LAMBDA_CUT_VALID = (Valid(_LAMBDA_CUT.format(body="s.strip()")),)
LAMBDA_CUT_INVALID = (
    Invalid(_LAMBDA_CUT.format(body='tok(s, add_special_tokens=False)["input_ids"]'), line=1),
)

_ENCODING_ROW = (
    "import tiktoken\n"
    "\n"
    "_MODEL_ENCODING = {{\n"
    '    "gpt-4o": "o200k_base",\n'
    '    "{family}": "cl100k_base",\n'
    "}}\n"
    "\n"
    "\n"
    "def count(model, text):\n"
    "    for prefix, name in _MODEL_ENCODING.items():\n"
    "        if prefix in model:\n"
    "            return len(tiktoken.get_encoding(name).encode(text))\n"
    "    return 0\n"
)
ENCODING_ROW_VALID = (Valid(_ENCODING_ROW.format(family="gpt-4")),)
ENCODING_ROW_INVALID = (Invalid(_ENCODING_ROW.format(family="claude"), line=5),)

_SPEC_DESCRIBED = (
    "def params():\n"
    "    return [\n"
    '        ToolParameter(name="chunk_size", type="integer", description="{text}", default=512),\n'
    "    ]\n"
)
SPEC_DESCRIBED_VALID = (
    Valid(_SPEC_DESCRIBED.format(text="Target characters per chunk.")),
    Valid(_SPEC_DESCRIBED.format(text="Target lines per chunk, not tokens.")),
)
SPEC_DESCRIBED_INVALID = (Invalid(_SPEC_DESCRIBED.format(text="Target tokens per chunk."), line=3),)

_ROW_STORE = (
    "class Registry:\n"
    "    def refresh(self, name):\n"
    "        if name not in self.{table}:\n"
    "            self.{table}[name] = 4096\n"
)
ROW_STORE_VALID = (Valid(_ROW_STORE.format(table="_token_counts")), Valid(_ROW_STORE.format(table="_sizes")))
ROW_STORE_INVALID = (Invalid(_ROW_STORE.format(table="_context_windows"), line=4),)

_DOCUMENTED_SIZE = (
    "from pydantic import BaseModel, Field\n"
    "\n"
    "WAKE_BUDGET = 2000\n"
    '"""The {unit} that `piloop wake` prints by default."""\n'
    "\n"
    "\n"
    "class Lessons(BaseModel):\n"
    "    budget: int = Field(default=400, ge=1)\n"
    '    """The size of the section in {unit}, at about 4 characters each."""\n'
)
DOCUMENTED_SIZE_VALID = (
    Valid(_DOCUMENTED_SIZE.format(unit="lines")),
    # a module constant's docstring is read only for a size: not pydantic-ai-slim's count of polls
    Valid(
        "MAX_BACKGROUND_POLLS = 1000\n"
        '"""Backstop for polling. The real bounds are the run\'s usage limits; a pending poll adds no tokens."""\n'
    ),
)
DOCUMENTED_SIZE_INVALID = (Invalid(_DOCUMENTED_SIZE.format(unit="tokens"), count=2),)

_OWN_PARAM = (
    "def _profile(model_id, inp, ctx):\n"
    "    return ModelProfile(model_id=model_id, input_price=inp, {keyword}=ctx)\n"
    "\n"
    "\n"
    "BUILTIN = [\n"
    '    _profile("claude-haiku-4-5", inp=0.80, ctx=200_000),\n'
    '    _profile("gpt-4o", 2.5, 128_000),\n'
    "]\n"
)
OWN_PARAM_VALID = (Valid(_OWN_PARAM.format(keyword="latency_ms")),)
OWN_PARAM_INVALID = (Invalid(_OWN_PARAM.format(keyword="context_window"), count=2),)

_NESTED_READER = (
    "import os\n"
    "\n"
    "\n"
    "def from_env():\n"
    "    def _int(var, default):\n"
    "        try:\n"
    "            return int({read})\n"
    "        except (KeyError, ValueError):\n"
    "            return default\n"
    "\n"
    '    return Config(context_budget_tokens=_int("OMEM_CONTEXT_BUDGET", 6000))\n'
)
NESTED_READER_VALID = (Valid(_NESTED_READER.format(read="CACHE[var]")),)
NESTED_READER_INVALID = (Invalid(_NESTED_READER.format(read="os.environ[var]"), line=11),)

_CHAR_COUNTERS = (
    "def _estimate_tokens(text):\n"
    "    cjk = 0\n"
    "    other = 0\n"
    "    for ch in text:\n"
    "        {test}\n"
    "            cjk += 1\n"
    "        else:\n"
    "            other += 1\n"
    "    return cjk * 1.5 + other / 4\n"
)
CHAR_COUNTERS_VALID = (Valid(_CHAR_COUNTERS.format(test="if ch in SPECIAL:")),)
CHAR_COUNTERS_INVALID = (Invalid(_CHAR_COUNTERS.format(test="if 0x4E00 <= ord(ch) <= 0x9FFF:"), count=2),)

_CAP_DOC = (
    "from dataclasses import dataclass\n"
    "\n"
    "\n"
    "@dataclass\n"
    "class BudgetConfig:\n"
    '    """Budget configuration.\n'
    "\n"
    "    Attributes:\n"
    "        total_budget: Hard cap on total {unit} across all items.\n"
    '    """\n'
    "\n"
    "    total_budget: int = 8000\n"
)
CAP_DOC_VALID = (Valid(_CAP_DOC.format(unit="bytes")),)
CAP_DOC_INVALID = (Invalid(_CAP_DOC.format(unit="tokens"), line=12),)

_CONTEXT_PCT = (
    "def messages_for({name}, messages):\n"
    "    if {name} >= 80:\n"
    '        messages.append("Context tokens are high: call session_checkpoint now.")\n'
    "    return messages\n"
)
CONTEXT_PCT_VALID = (
    Valid(_CONTEXT_PCT.format(name="battery_pct")),
    Valid(_CONTEXT_PCT.format(name="disk_pct")),
)
CONTEXT_PCT_INVALID = (Invalid(_CONTEXT_PCT.format(name="context_pct"), line=2),)

_NOT_TOKENS_HELP = (
    "import argparse\n"
    "\n"
    "\n"
    "def main(argv=None):\n"
    "    parser = argparse.ArgumentParser()\n"
    '    parser.add_argument("--max-size", type=int, default=128000, help="{text}")\n'
    "    return parser.parse_args(argv)\n"
)
NOT_TOKENS_HELP_VALID = (Valid(_NOT_TOKENS_HELP.format(text="Per-file export limit, not tokens")),)
NOT_TOKENS_HELP_INVALID = (Invalid(_NOT_TOKENS_HELP.format(text="Per-file export limit in tokens"), line=6),)

_HELPER_LIMITS = (
    "def _clip_int(value, default, lo, hi):\n"
    "    n = int(value) if value is not None else default\n"
    "    return max(lo, min(hi, n))\n"
    "\n"
    "\n"
    "def search(query, limit=None):\n"
    '    payload = {{"query": query}}\n'
    '    payload["{key}"] = _clip_int(limit, 5000, 1, 1_000_000)\n'
    "    return payload\n"
)
HELPER_LIMITS_VALID = (Valid(_HELPER_LIMITS.format(key="max_results")),)
HELPER_LIMITS_INVALID = (Invalid(_HELPER_LIMITS.format(key="max_tokens"), count=2),)

_BUDGET_PART = (
    "def lexical_hits(planner, max_tokens, plan, task, db):\n"
    "    {holder} = planner.allocate_budget(max_tokens, plan)\n"
    "    k_lex = max(1, {holder}.lexical // 50)\n"
    "    return search(task, k_lex, db)\n"
)
BUDGET_PART_VALID = (Valid(_BUDGET_PART.format(holder="layers")),)
BUDGET_PART_INVALID = (Invalid(_BUDGET_PART.format(holder="quotas"), line=3),)
