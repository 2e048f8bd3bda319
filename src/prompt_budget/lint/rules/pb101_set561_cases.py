"""Cases from sets 561 onward (issue 19), spliced into set 541's lists (``pb101_set541_cases``).

Set 561's (measured with the rules of 5e2dfd28, then tuned on): PB104, a running total of texts' lengths with flat
amounts of characters added (acm-context-management's ``total += len(content)`` ... ``total += 400`` for an image
block ... ``return max(0, total // 4)``, ``pb104_terms.local_unit``); a text's length times a rate above 0.5 tokens
per character returned as a count of tokens (by-qa's ``def estimate_tokens(text): return int(len(text) * 1.3)``); a
file's bytes read whole divided into tokens (openwish's ``"estimated_tokens": (len(path.read_bytes()) + 2) // 3``,
``pb104_bytes.of_text``); an estimate a printf-style placeholder followed by "tokens" shows (warchief-orchestrator's
``log.warning("... %d chars (~%d tokens)", ..., len(task_prompt) // 4)``, ``pb104_context.shown_as_tokens``).
PB101, the copy of a budget an environment variable defaults to that it falls back on when set empty
(weasley-assistant's ``int(env_value("MAX_TOKENS", "8192") or "8192")``, ``env_defaults``). PB102, an amount of 16 to
255 tokens named one word apart from a reported budget of its module (metis-llm's
``_DEFAULT_JUDGE_PROJECTED_OUTPUT_TOKENS = 200`` beside ``DEFAULT_JUDGE_MAX_OUTPUT_TOKENS = 256``,
``constant_echoes._twins``; a pass over the project's findings, tests/lint/test_set561_project.py); not a limit whose branch shows it followed by another unit (palimnex's ``if len(tokens) >
MAX_QUERY_TERMS: raise ValueError(f"... exceeds {MAX_QUERY_TERMS} lexical terms")``, ``stated_units.shows_other_unit``).
PB105, not a ratio ordered against a loop's item of a list of scores (acm-context-management's relevance encoder: ``for
ep, rel in zip(episodes, scores): if rel < self.drop_threshold``, ``score_defaults``; the same name reported in
another module is withdrawn there, tests/lint/test_set561_project.py); the text of a share an environment variable
defaults to, made a float and multiplied by a budget (``WARN_FRAC = float(os.getenv("ACM_CONTEXT_BUDGET_WARN",
"0.8"))`` ... ``CONTEXT_BUDGET * WARN_FRAC``, ``keyed_ratios.environment_share``), not fixable (the variable's); the
shares a getter of the module returns where a call of it scales a budget (acm's ``def _budget_warn_frac()`` returning
that read clamped into range, or ``0.8`` on a bad value ... ``budget * _budget_warn_frac()``, ``share_getters``).

Set 563's (measured with the rules of f8aeab46, then tuned on): PB104, an estimate on one branch of a conditional whose
other branch counts tokens (mcpgawk's ``len(enc.encode(text)) if enc is not None else max(1, len(text) // 4)``,
``pb104_context.token_context``), and a quotient of an amount the same f-string shows in characters (psi-agent's
``f"total={total} chars (~{total // 4} tokens)"``, ``pb104_integer_rates.rounded_up``); PB102, a constant compared
where the branch it decides shows it followed by tokens (mcpgawk's ``if cost <= LEAN_BENCH: return f"... ({LEAN_BENCH:,}
tokens) ..."``, ``stated_units.shows_in_tokens``, digit grouping allowed); PB105, a share of a local bound to a budget
made characters (psi-agent's ``budget = int(self.max_context_tokens * self.chars_per_token)`` ... ``int(budget *
SHRINK_TARGET_FRACTION)``, ``share_products.scaled_local``). Not PB103's thousand choosing a label's unit between two
texts (docagents' ``" tokens" if overhead < 1000 else ""``, ``pb103_display.switches_unit``), nor PB101's default of a
lookup under a key naming characters (psi-agent's ``router.get("max_context_chars", router.get("max_context_length",
12_000))``, ``inline_forms``).

Set 565's (measured with the rules of f99f051c, then tuned on): PB105, a count of tokens divided by 3 to 16 and capped by
``min`` against a bound of tokens, a literal or a module constant (quack-norris' ``min(_SUMMARY_ALLOWANCE,
history_tokens // 10)``, ``shares.clamped_share``); and the fields of a config class read in another module as the
factor of a count of tokens, or of a product ordered against one, or as its complement (quack-norris'
``checkpoint_at: float = 0.80`` ... ``if tokens_before < usage.budget * cfg.checkpoint_at``, ``int(history_tokens * (1.0
- cfg.checkpoint_reduction_rate))``, ``read_fractions.keyed_facts``; tests/lint/test_set561_project.py). PB102, a
constant compared with a local bound to a ``getattr`` read of a setting of tokens (scene-memory's ``budget =
getattr(client, "num_predict", None)`` ... ``if budget < MIN_ARBITER_BUDGET``, ``counted_locals.read_setting``).

Set 567's (measured with the rules of 7399fadb, then tuned on): PB104, a parameter named as a cap (``budget``,
``limit``) times a rate, bound as characters, where the function's docstring opens on tokens (axon-context-mcp's ``def
_truncate(text, budget)`` under "... budget de tokens (aprox. 4 chars/token)", ``max_chars = budget * 4``,
``token_differences.token_cap``); PB106, a flat overhead a loop adds to a running total of a counting callable
bound to a parameter's counter or the module's (polarity-keystone's ``counter = count_tokens or
_default_count_tokens`` ... ``total += counter(m.content)`` ... ``total += 4``, ``counter_calls``).

Set 569's (measured with the rules of 7266a929, then tuned on): PB105, a share held back from a cap less reserves of
tokens (anzar-agent's ``after_reserves = self.cap - self.output_reserve_tokens - self.request_overhead_tokens`` ...
``int(after_reserves * (1.0 - self.safety_margin_frac))``, ``token_minuends``); PB101, the base and the per-item
amounts of an output allowance sized by the input (obey-cli's ``max_tokens=min(12000, 1200 + (40 if types_only else
160) * len(texts))``, ``sized_allowances``).

Set 571's (measured with the rules of 7515619a, then tuned on): PB102, the bare ``limit`` a constructor of a class
named for tokens takes when the class's docstring speaks of limits (nicegui-ai's ``class TokenRing`` "... token
consumption and budget limits", ``def __init__(self, used=0, limit=128000)``, ``budget_defaults.budget_class_total``).

Set 573's (measured with the session's final rules 516b6604, then tuned on): PB102, a parameter default handed to a
budget keyword and also stored on another object under its own name (coresdk-extractor's ``max_tokens=parent_size``
... ``parent.chunk_metadata.parent_size = parent_size``: a copy, no new binding; ``budget_bindings``); not a cache's
size in entries (academy-py's ``token_cache_limit: int = 1024`` of its auth tokens, ``names.excluded``); a package's
``testing.py`` is a test module (tests/lint/test_cli.py).

Set 575's (measured with the session's final rules 8ec7ef91, then tuned on): PB104, a count of lines made characters
at so many a line, then tokens (lore-kg's ``total += (row["lines"] * 40) // 4``, ``(n * 40) // 4  # ~40 chars/riga, 4
chars/token``; ``pb104_line_rates``); PB105, not a score named for its context given beside a window (tarja's
``EntitySpec(score_with_context=0.8, context_window=...)`` of a PII match, ``flow``).

The session's review (an independent read of 5e2dfd28..f99f051c, ``REVIEW64_*``): not a file's bytes divided into
tokens in a module storing binary data (a shard of ``uint32`` token ids); a limit shown "per file" is still in tokens;
a conditional choosing between two models, modes or states at a thousand is a threshold, not a label's unit; the copy
of an environment default after ``and`` is no fallback.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_EMPTY_TOO = (
    "import os\n"
    "\n"
    "\n"
    "def env_value(name, default):\n"
    '    return os.environ.get("WEASLEY_ASSISTANT_" + name, default)\n'
    "\n"
    "\n"
    'MAX_TOKENS = int(env_value("MAX_TOKENS", "8192") or "{again}")\n'
)
SET561_PB101_VALID: tuple[Valid, ...] = ()
SET561_PB101_INVALID = (
    Invalid(_EMPTY_TOO.format(again="8192"), line=8, count=2),
    Invalid(_EMPTY_TOO.format(again="0"), line=8),  # another fallback is no copy of the budget
)

_IMAGE_BLOCKS = (
    "def _est_tokens(messages):\n"
    "    total = 0\n"
    "    for m in messages:\n"
    "        if isinstance(m.content, str):\n"
    "            total += len(m.content)\n"
    "        else:\n"
    "            total += {flat}\n"
    "    return max(0, total // 4)\n"
)
_TIMES_RATE = "def {name}(text):\n    return int(len(text) * 1.3)\n"
_FILE_BYTES = (
    "def entry(path, table):\n"
    '    table[path.name] = {{"path": path.name, "{key}": (len(path.read_bytes()) + 2) // 3}}\n'
)
_LOGGED = (
    "def spawn(log, agent_id, task_prompt):\n"
    "    if len(task_prompt) > 15_000:\n"
    '        log.warning("Large prompt for %s: %d chars (~%d {unit}).", agent_id, len(task_prompt), len(task_prompt) // 4)\n'
)
SET561_PB104_VALID = (
    Valid(_IMAGE_BLOCKS.format(flat="len(m.images)")),
    Valid(_TIMES_RATE.format(name="padded_width")),
    Valid(_FILE_BYTES.format(key="size_kb").replace("+ 2) // 3", ") // 1024")),
    Valid(_LOGGED.format(unit="lines")),
)
SET561_PB104_INVALID = (
    Invalid(_IMAGE_BLOCKS.format(flat="400"), line=8),
    Invalid(_TIMES_RATE.format(name="estimate_tokens"), line=2),
    Invalid(_FILE_BYTES.format(key="estimated_tokens"), line=2),
    Invalid(_LOGGED.format(unit="tokens"), line=3),
)

_QUERY_TERMS = (
    "from . import core\n"
    "\n"
    "MAX_QUERY_TERMS = 128\n"
    "\n"
    "\n"
    "def bounded_query_tokens(query, label):\n"
    "    tokens = core.tokenize(query)\n"
    "    if len(tokens) > MAX_QUERY_TERMS:\n"
    '        raise ValueError(f"{{label}} exceeds {{MAX_QUERY_TERMS}} {unit}")\n'
    "    return tokens\n"
)
SET561_PB102_VALID = (Valid(_QUERY_TERMS.format(unit="lexical terms")),)
SET561_PB102_INVALID = (Invalid(_QUERY_TERMS.format(unit="tokens"), line=3),)

_RELEVANCE = (
    "class Encoder:\n"
    "    def __init__(self, *, drop_threshold: float = 0.35, summarize_threshold: float = 0.6):\n"
    "        self.drop_threshold = drop_threshold\n"
    "        self.summarize_threshold = summarize_threshold\n"
    "\n"
    "    def suggest(self, episodes, {scores}):\n"
    "        out = []\n"
    "        for ep, rel in zip(episodes, {scores}):\n"
    "            if rel < self.drop_threshold:\n"
    '                out.append(("DROP", ep.tokens))\n'
    "            elif rel < self.summarize_threshold:\n"
    '                out.append(("SUMMARIZE", ep.tokens))\n'
    "        return out\n"
)
_WARN_SHARE = (
    "import os\n"
    "\n"
    'CONTEXT_BUDGET = int(os.getenv("ACM_CONTEXT_BUDGET", "128000"))\n'
    'WARN_FRAC = float(os.getenv("ACM_CONTEXT_BUDGET_WARN", "0.8"))\n'
    "\n"
    "\n"
    "def info(live_tok, timeout):\n"
    '    return {{"over": {use}}}\n'
)
_WARN_GETTER = (
    "import os\n"
    "\n"
    "\n"
    "def _budget_warn_frac():\n"
    "    try:\n"
    '        f = float(os.getenv("ACM_CONTEXT_BUDGET_WARN", "0.8"))\n'
    "    except ValueError:\n"
    "        return 0.8\n"
    "    return min(max(f, 0.0), 1.0)\n"
    "\n"
    "\n"
    "def info(live_tok, {whole}):\n"
    "    return live_tok >= {whole} * _budget_warn_frac()\n"
)
SET561_PB105_VALID = (
    Valid(_RELEVANCE.format(scores="scores")),
    Valid(_WARN_SHARE.format(use="timeout * WARN_FRAC")),
    Valid(_WARN_GETTER.format(whole="timeout")),
)
SET561_PB105_INVALID = (
    Invalid(_RELEVANCE.format(scores="budgets"), line=2, count=2),
    Invalid(_WARN_SHARE.format(use="live_tok >= CONTEXT_BUDGET * WARN_FRAC"), line=4),
    Invalid(_WARN_GETTER.format(whole="context_budget"), line=6, count=2),
)

_BRANCHED = (
    '"""Tool schemas\' tokens."""\n\n\n'
    "def {name}(enc, text):\n    return {count} if enc is not None else max(1, len(text) // 4)\n"
)
_SHOWN = (
    "def log_breakdown(logger, breakdown):\n"
    "    total = breakdown.total\n"
    '    logger.info(f"System prompt: total={{total}} {unit} (~{{total // 4}} tokens)")\n'
)
SET563_PB104_VALID = (
    Valid(_BRANCHED.format(name="_size", count="len(enc.names)")),
    Valid(_SHOWN.format(unit="rows")),
)
SET563_PB104_INVALID = (
    Invalid(_BRANCHED.format(name="_count", count="len(enc.encode(text))"), line=5),
    Invalid(_SHOWN.format(unit="chars"), line=3),
)
_BENCHES = (
    "LEAN_BENCH = 3570  # Cloudflare's hosted server\n"
    "\n"
    "\n"
    "def cost_context(cost):\n"
    "    if cost <= LEAN_BENCH:\n"
    '        return f"That is lighter than Cloudflare\'s server ({{LEAN_BENCH:,}} {unit})."\n'
    '    return "heavier"\n'
)
SET563_PB102_VALID = (Valid(_BENCHES.format(unit="servers")),)
SET563_PB102_INVALID = (Invalid(_BENCHES.format(unit="tokens"), line=1),)
SET563_PB103_VALID = (
    Valid(
        "def label(text, count_tokens):\n    tokens = count_tokens(text)\n    return ' tokens' if tokens < 1000 else ''\n"
    ),
)
_NESTED = 'def snapshot(router):\n    return {{"{key}": router.get("{key}", router.get("max_context_length", 12_000))}}\n'
SET563_PB101_VALID = (Valid(_NESTED.format(key="max_context_chars")),)
SET563_PB101_INVALID = (Invalid(_NESTED.format(key="max_context"), line=2),)
_SHRINK = (
    "SHRINK_TARGET_FRACTION = 0.5\n"
    "\n"
    "\n"
    "class Assembler:\n"
    "    def assemble(self, rows, chars):\n"
    "        budget = int(self.{whole} * self.chars_per_token)\n"
    "        if chars <= budget:\n"
    "            return rows\n"
    "        return self.elide(rows, int(budget * SHRINK_TARGET_FRACTION))\n"
)
SET563_PB105_VALID = (Valid(_SHRINK.format(whole="max_rows")),)
SET563_PB105_INVALID = (Invalid(_SHRINK.format(whole="max_context_tokens"), line=1),)

_TENTH = "_SUMMARY_ALLOWANCE = 512\n\n\ndef checkpoint(history_tokens, items):\n    return min({bound}, {count} // 10)\n"
SET565_PB105_VALID = (
    Valid(_TENTH.format(bound="_SUMMARY_ALLOWANCE", count="len(items)")),
    Valid(_TENTH.format(bound="8", count="history_tokens")),
)
SET565_PB105_INVALID = (
    Invalid(_TENTH.format(bound="_SUMMARY_ALLOWANCE", count="history_tokens"), line=5),
    Invalid(_TENTH.format(bound="512", count="history_tokens"), line=5),
)
_ARBITER = (
    '"""Turn splitting: the arbiter\'s budget."""\n'
    "MIN_ARBITER_BUDGET = 96\n"
    "\n"
    "\n"
    "def split(client, text):\n"
    '    budget = getattr(client, "{setting}", None)\n'
    "    if budget is not None and budget < MIN_ARBITER_BUDGET:\n"
    '        raise ValueError("too small")\n'
    "    return text\n"
)
SET565_PB102_VALID = (Valid(_ARBITER.format(setting="timeout")),)
SET565_PB102_INVALID = (Invalid(_ARBITER.format(setting="num_predict"), line=2),)
_TRUNCATE = (
    "def _truncate(text, budget):\n"
    '    """Trim the reply to fit the budget of {unit} (about 4 chars each)."""\n'
    "    max_chars = budget * 4\n"
    "    return text[:max_chars]\n"
)
SET567_PB104_VALID = (Valid(_TRUNCATE.format(unit="pixels")),)
SET567_PB104_INVALID = (Invalid(_TRUNCATE.format(unit="tokens"), line=3),)
_FRAMED = (
    "def _default_count_{unit}(text):\n"
    "    return len(text.split())\n"
    "\n"
    "\n"
    "def count_message_{unit}(messages, count_{unit}=None):\n"
    "    counter = count_{unit} or _default_count_{unit}\n"
    "    total = 0\n"
    "    for m in messages:\n"
    "        total += counter(m.content)\n"
    "        total += 4\n"
    "    return total\n"
)
SET567_PB106_VALID = (Valid(_FRAMED.format(unit="words")),)
SET567_PB106_INVALID = (Invalid(_FRAMED.format(unit="tokens"), line=10),)

REVIEW64_PB104_VALID = (
    Valid(
        '"""Token-id shards: each token id is stored as a little-endian uint32."""\n\n\n'
        "def count_tokens(path):\n    return len(path.read_bytes()) // 4\n"
    ),
)
REVIEW64_PB102_INVALID = (
    Invalid(
        "MAX_PER_FILE = 6000\n\n\ndef check(path, tokens):\n    if len(tokens) > MAX_PER_FILE:\n"
        '        raise ValueError(f"{path} has {len(tokens)} tokens, over {MAX_PER_FILE} per file")\n',
        line=1,
    ),
)
REVIEW64_PB103_INVALID = (
    Invalid(
        "def pick(prompt_tokens):\n    return 'gpt-4o' if prompt_tokens > 1000 else 'gpt-4o-mini'\n", line=2
    ),
    Invalid(
        "def mode(max_tokens):\n    return 'checkpoint' if max_tokens <= 1024 else 'session_end'\n", line=2
    ),
)
REVIEW64_PB101_INVALID = (
    Invalid('import os\n\nMAX_TOKENS = int(os.getenv("MAX_TOKENS", "8192") and "8192")\n', line=3),
)
_MARGIN = (
    '"""Context budget."""\n'
    "SAFETY_MARGIN_FRAC = 0.10\n"
    "\n"
    "\n"
    "class Budget:\n"
    "    def max_tokens(self):\n"
    "        after_reserves = self.cap - self.output_reserve_{unit} - self.request_overhead_{unit}\n"
    "        return int(after_reserves * (1.0 - SAFETY_MARGIN_FRAC))\n"
)
SET569_PB105_VALID = (Valid(_MARGIN.format(unit="ms")),)
SET569_PB105_INVALID = (Invalid(_MARGIN.format(unit="tokens"), line=2),)
_SIZED = "def extract(chat, texts, retries):\n    return chat(max_tokens=min(12000, 1200 + (40 if retries else 160) * {count}))\n"
SET569_PB101_VALID = (Valid(_SIZED.format(count="retries")),)
SET569_PB101_INVALID = (Invalid(_SIZED.format(count="len(texts)"), line=2, count=3),)
_RING = (
    "class {name}:\n"
    '    """Circular progress ring visualizing {what}."""\n'
    "\n"
    "    def __init__(self, used: int = 0, limit: int = 128000) -> None:\n"
    "        self.used, self.limit = used, max(limit, 1)\n"
)
SET571_PB102_VALID = (
    Valid(_RING.format(name="TokenRing", what="token consumption")),
    Valid(_RING.format(name="ProgressRing", what="progress and its limits")),
)
SET571_PB102_INVALID = (
    Invalid(_RING.format(name="TokenRing", what="token consumption and budget limits"), line=4),
)
_STORED = (
    '"""Chunker: tokens."""\n'
    "\n"
    "\n"
    "def chunk_elements(elements, max_tokens=512):\n"
    "    return elements\n"
    "\n"
    "\n"
    "def chunk_dual(elements, parent_size: int = 512):\n"
    "    for parent in chunk_elements(elements, {keyword}=parent_size):\n"
    "        parent.metadata.parent_size = parent_size\n"
    "        yield parent\n"
)
SET573_PB102_VALID = (
    Valid(
        "def connect(client_id, *, token_cache_limit: int = 1024, token_ttl_s: int = 60):\n    return client_id\n"
    ),
)
SET573_PB102_INVALID = (
    Invalid(_STORED.format(keyword="max_tokens"), line=4, count=2),
    Invalid("def connect(*, cache_tokens_limit: int = 1024):\n    return cache_tokens_limit\n", line=1),
)
_LINES = '"""Token estimates."""\n\n\ndef file_tokens(rows):\n    return sum((row["{unit}"] * 40) // 4 for row in rows)\n'
SET575_PB104_VALID = (Valid(_LINES.format(unit="pages")),)
SET575_PB104_INVALID = (Invalid(_LINES.format(unit="lines"), line=5),)
_SCORED = (
    "def register(EntitySpec, *, context_window: int = 50, {name}: float = 0.8):\n"
    "    return EntitySpec(context_window=context_window, {name}={name})\n"
)
SET575_PB105_VALID = (Valid(_SCORED.format(name="score_with_context")),)
SET575_PB105_INVALID = (Invalid(_SCORED.format(name="context_share"), line=1),)
