"""PB103 token-threshold: a number of tokens compared against, or clamped to, a literal."""

from __future__ import annotations

import ast
from functools import cached_property
from itertools import pairwise

from prompt_budget.lint.char_estimates import char_estimate
from prompt_budget.lint.comment_units import comment_spells_tokens
from prompt_budget.lint.compared_counts import (
    asserted_in_test,
    bucket_tokens,
    counts_words,
    floor_literal,
    without_fallback,
)
from prompt_budget.lint.counted_locals import bound_to_count, len_of_encoded, token_local
from prompt_budget.lint.dict_slots import entry_key, value_key
from prompt_budget.lint.estimator_callers import result_budget
from prompt_budget.lint.flow import reads_of
from prompt_budget.lint.fraction_shares import nested_amount, shared_amount
from prompt_budget.lint.if_clamps import IfClamps
from prompt_budget.lint.inline_forms import lookup_pair
from prompt_budget.lint.item_costs import items_of_budget
from prompt_budget.lint.item_floors import per_item_factors
from prompt_budget.lint.kernel_launch import defines_kernels, picks_launch
from prompt_budget.lint.kv_options import kv_option_read
from prompt_budget.lint.lexer_tokens import pattern_tokens
from prompt_budget.lint.literal_limits import char_limit
from prompt_budget.lint.names import words
from prompt_budget.lint.report_buckets import counts_for_report
from prompt_budget.lint.rule import (
    Invalid,
    LintRule,
    Valid,
    attr_name,
    callee_name,
    string_value,
    token_amount_literal,
)
from prompt_budget.lint.rules.pb103_display import branch_prices_or_shows, displays_in_units, switches_unit
from prompt_budget.lint.rules.pb103_equal_budgets import equal_budgets
from prompt_budget.lint.rules.pb103_floor_cases import FLOOR_VALID
from prompt_budget.lint.rules.pb103_margins import margin_on_count, room_floor
from prompt_budget.lint.rules.pb103_set73_cases import SET73_INVALID, SET73_VALID
from prompt_budget.lint.rules.pb103_uses import (
    PRECHECK_WORDS,
    bound_sides,
    clamped_characters,
    cuts_token_sequence,
    held_as_text,
    picks_price,
    returned_literal_budget,
    stored_as_budget,
)
from prompt_budget.lint.stated_units import shows_in_tokens, states_tokens
from prompt_budget.lint.subtracted_budgets import read_as_tokens
from prompt_budget.lint.threshold_ladders import ladder_rung
from prompt_budget.lint.token_cuts import cuts_tokens, tokenizer_maxlen
from prompt_budget.lint.token_placeholders import token_ids_array, unset_placeholder_check
from prompt_budget.lint.validated_params import said_range, validated_amount
from prompt_budget.lint.walks import gives_up, innermost_statement, past_clamps, walk
from prompt_budget.lint.word_floors import floor_not_in_tokens

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _says_thousands(ws: tuple[str, ...], thousands: int) -> bool:
    """``over_200k`` (words ``over 200 k``) says 200 thousand."""
    return any(a == str(thousands) and b == "k" for a, b in pairwise(ws))


def _targets(node: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target]


class TokenThreshold(LintRule):
    """A token count compared against a literal threshold (``if tokens > 96000``,
    ``len(enc.encode(text)) >= 8000``) or clamped to one (``min(max_tokens, 4096)``), also where the
    clamp's result is the budget (``budget = max(300, 50 * len(items))`` ... ``max_tokens=budget``) or
    is clamped again by a token count (``min(max(maxlen, 32), max_tokens)``), also through a further
    clamp (``size = min(size + 50, 300)`` ... ``max_tokens=min(size, left)``). A bound under the rule's
    minimum is one when the statement's comment spells it in tokens (``max(max_tokens, 30)  # At least
    30 tokens``), and so is the least output a budget is clamped to when the prompt fills the window,
    down to the rules' minimum of 16 (``max_tokens = max(context_tokens - prompt_tokens, 16)``). A tokenizer's
    maximum length (``tokenizer.model_max_length``, ``doc_tokenizer.doc_maxlen``) is a token count. Each side of a
    conditional bound is a literal (``min(budget, 32768 if pro else 24576)``), and a clamp returned by a function
    named as a budget (``def thinking_budget(...)``) is that budget. A clamp written as an ``if`` (``if value > 65536:
    value = 65536`` before ``cfg["maxOutputTokens"] = value``) is one where the clamped name is a budget or is then
    handed on as one; it is fixed by hand, the body writing the number again.

    Only ordering comparisons count; the left or right side must be an amount of tokens (a name like
    ``num_tokens`` or ``prompt_tokens``, ``len()`` of a token list, a ``count_tokens(...)`` call).
    Counters of items, messages, retries or bytes are not tokens and are never reported, nor a floor of
    what then cuts a string (characters), nor a unit boundary of a function that only formats a count
    (``if tokens < 1000: return str(tokens)`` ... ``f"{tokens / 1000:.1f}k"``), nor a check for a
    tokenizer's unset ``model_max_length`` (``> 1_000_000``: Hugging Face's ``int(1e30)`` placeholder),
    nor a tensor of token ids compared elementwise (``mask = tokens > 100000`` where ``tokens[:, :-1]``
    is indexed), nor a local bound only to the length of a split or of a regex's matches (``token_count =
    len(re.findall(r"\\w+", t))``: words), nor the tokens of a token bucket (``b.tokens > 1e6`` where ``b:
    RateBucket``: a rate limiter's permits). A count given a fallback (``(m.last_prompt_tokens or 0) >
    8000``) is that count. A size whose branch's message says the number counts tokens (``elif chunk_size < 50:
    warn("... less than 50 tokens")``, or ``if not 0 <= n <= 4096: raise ValueError("... in tokens, 0 to
    4096")``) is a token threshold, whatever the size is named. A local bound only to a count of tokens
    is one whatever its name (``old_len = estimate_tokens(old)`` ... ``if old_len < 200``); a clamp whose
    local bounds a slice of a token sequence (``ctx = min(2048, n)`` ... ``tokens[:, :ctx]``) caps
    tokens; a conditional choosing between two numbers bound as a price (``price = [0.08 if n_tokens >
    300 else 0 ...]``) is a billing tier. A fractional safety factor on the count's side of a comparison
    with a budget (``if prompt_tokens * 1.5 > context_window``: the prompt may fill 2/3 of the window) is
    reported; a whole one (``* 2``) splits the budget in parts and is not. Not in a lexer's module."""

    CODE = "PB103"
    NAME = "token-threshold"
    SUMMARY = "Token count compared against (or clamped to) a literal threshold"
    DEFAULT_MIN_VALUE = 32
    PRECHECK = (PRECHECK_WORDS,)
    VALID = (
        *FLOOR_VALID,  # floors, multiples, factors and tiers (``pb103_floor_cases``)
        # the message speaks of tokens but not of the number compared
        Valid(
            "def check(n):\n    if not 0 <= n <= 16:\n        raise ValueError('n must be 0 to 32, in tokens')\n"
        ),
        Valid("if len(messages) > 100:\n    messages = messages[-100:]\n"),
        Valid("if retries > 50:\n    raise TimeoutError\n"),
        Valid("if num_tokens > 0:\n    pass\n"),
        Valid("if num_tokens > settings.max_tokens:\n    trim()\n"),
        Valid("if len(token) > 40:\n    raise ValueError('bad api token')\n"),
        Valid("if status_code >= 500:\n    retry()\n"),
        Valid("if tokens == 4096:\n    pass\n"),
        Valid("n = max(1, num_tokens)"),
        Valid("if tokenizer.vocab_size > 50000:\n    big()\n"),
        Valid("n = min(max(width, 300), screen.max_width)"),
        # a check for Hugging Face's unset ``model_max_length`` placeholder, not a threshold (set 21)
        Valid(
            "def window(tokenizer):\n    context_length = tokenizer.model_max_length\n    if context_length > 1_000_000:\n"
            "        raise ValueError('unset')\n    return context_length\n"
        ),
        # a message that names another unit, or another number, than the one compared
        Valid("if size < 50:\n    log.warning('chunks are under 50 characters, max 4096 tokens')\n"),
        # a bucket of a printed report: the branch only adds to counters (set 45: olmocr's print_stats)
        Valid(
            "def stats(docs):\n    long = 0\n    for d in docs:\n        if d.tokens > 32768:\n"
            "            long += 1\n    print(f'long documents: {long}')\n"
        ),
        # a tensor of token ids compared elementwise to build a mask, not a count (set 21)
        Valid(
            "def step(tokens):\n    logits = model(tokens[:, :-1])\n    mask = tokens > 100000\n    return mask\n"
        ),
        # a clamp of what is no budget: a width, a timeout passed on
        Valid("def show(rows):\n    width = max(300, len(rows))\n    return render(rows, width=width)\n"),
        Valid("def wait(n):\n    timeout = min(600, n)\n    return call(timeout=timeout, max_tokens=n)\n"),
        # a token bucket refilling connection tokens (set 12: skyvern)
        Valid(
            "class Broker:\n    def refill(self):\n        self._connection_tokens = min(32.0, self._connection_tokens + 20.0)\n"
        ),
        # a pricing tier: the branch prices tokens, it does not limit them
        Valid(
            "def cost_of(prompt_tokens, cost):\n    if prompt_tokens > 128000:\n        cost *= 2\n    return cost\n"
        ),
        Valid("price = TIER_2 if usage.prompt_tokens > 200_000 else TIER_1"),
        Valid("def is_above_128k(tokens):\n    if tokens > 128000:\n        return True\n    return False\n"),
        # usage split at a pricing tier that its keys name (set 23: langsmith)
        Valid("def usage(n):\n    return {'read': min(n, 200000), 'read_over_200k': max(0, n - 200000)}\n"),
        # a local read from elsewhere than a budget
        Valid('def f(cfg):\n    size = getattr(cfg, "batch", None)\n    return size > 4096\n'),
        # a display unit boundary of a count bound from a token getter, None when there is none
        Valid(
            "def label(self):\n    n = self.count_tokens()\n    if n is None:\n        return None\n"
            "    if n >= 1024 * 1024:\n        return f'{n / (1024 * 1024):.1f}M'\n    return f'{n / 1024:.1f}k'\n"
        ),
        # a display unit boundary: the branch formats the count
        Valid(
            "def fmt(tokens):\n    if tokens >= 1000000:\n        return f'{tokens / 1000000:.1f}M'\n    return str(tokens)\n"
        ),
        # the same, its small case first (set 11: upsonic's ``format_tokens``)
        Valid(
            "def format_tokens(tokens):\n    if tokens < 1000:\n        return str(tokens)\n"
            "    elif tokens < 1000000:\n        return f'{tokens/1000:.1f}K'\n    else:\n"
            "        return f'{tokens/1000000:.1f}M'\n"
        ),
        # the same, the scaled count bound to a local first (set 20: inspect-ai's timeline)
        Valid(
            "def fmt(tokens):\n    if tokens < 1000:\n        return str(tokens)\n    if tokens < 1_000_000:\n"
            "        value = tokens / 1000\n        return f'{value:.1f}k'\n    return f'{tokens / 1_000_000:.1f}M'\n"
        ),
        # a floor of what cuts a string: characters, whatever the name says (set 20: open-webui)
        Valid(
            "def render(parts, n):\n    context_limit = max(250, n)\n    return '\\n'.join(parts)[:context_limit]\n"
        ),
        # a token count that only chooses a GPU kernel's launch: a tile config, the grid, a block count
        Valid(
            "def pick(num_tokens):\n    if num_tokens > 64:\n        return dict(block_m=128, num_warps=4)\n"
            "    return dict(block_m=64, num_warps=4)\n"
        ),
        Valid("grid = (cdiv(hidden, BLOCK_D), min(num_tokens, 1024))"),
        Valid("if 0 < total_tokens <= 32:\n    max_blocks = 8\n"),
        # the same heuristic in a module of Triton kernels (set 22: lmdeploy)
        Valid(
            "import triton\n\n@triton.jit\ndef _kernel(x):\n    pass\n\n"
            "def use_compact(num_tokens):\n    if num_tokens < 512:\n        return False\n    return True\n"
        ),
        *SET73_VALID,
    )
    INVALID = (
        # the least output left when the prompt fills the window, at the rules' minimum of 16 (set 37)
        Invalid(
            "def fit(model_context_tokens, prompt_tokens):\n"
            "    max_tokens = max(model_context_tokens - prompt_tokens, 16)\n    return max_tokens\n",
            line=2,
        ),
        # a cap stepped and clamped on an empty reply, given as the output cap; a floor its comment spells (set 32)
        Invalid(
            "def gen(llm, left):\n    size = 150\n    while True:\n        out = llm(max_tokens=min(size, left))\n"
            "        if not out:\n            size = min(size + 50, 300)\n            continue\n        return out\n",
            line=6,
        ),
        Invalid(
            "def gen(llm, max_tokens):\n    n = max(max_tokens, 20)  # at least 20 tokens\n    return llm(max_tokens=n)\n"
        ),
        # a safety factor on the count's side of a comparison with a window (set 29: docetl)
        Invalid("if prompt_tokens * 1.5 > context_window:\n    shrink()\n"),
        # set 25: a local bound to a token estimate (``old_len``); a clamp's local bounding a slice of tokens
        Invalid(
            "def keep(old):\n    size = estimate_tokens(old)\n    if size < 200:\n        return True\n"
            "    return False\n",
            line=3,
        ),
        Invalid(
            "def rows(tokenizer, text, length):\n    ctx = min(2048, length)\n"
            "    tokens = tokenizer.encode(text)\n    return tokens[:, :ctx]\n",
            line=2,
        ),
        # a size whose branch's message says the number counts tokens (set 21: lazyllm's splitters)
        Invalid(
            "def check(size, meta):\n    effective = size - meta\n    if effective < 50:\n"
            "        log.warning(f'Resulting chunks are less than 50 tokens ({effective})')\n",
            line=3,
        ),
        # a bound the error states in tokens, one part of the test (set 23: axolotl)
        Invalid(
            "def check(n):\n    if isinstance(n, bool) or not 0 <= n <= 4096:\n"
            "        raise ValueError('n is a budget in tokens, 0 to 4096')\n",
            line=2,
        ),
        Invalid(
            "import prompt_budget\n\ndef check(tokens):\n    if tokens > 96000:\n        compact()\n",
            line=4,
            key="check_tokens_threshold",
            fixed='import prompt_budget\n\ndef check(tokens):\n    if tokens > prompt_budget.value("check_tokens_threshold", 96000):\n        compact()\n',
        ),
        Invalid("if len(encoding.encode(text)) >= 8000:  # too many tokens\n    text = shorten(text)\n"),
        # a counter beside a skip, or in a function that reports nothing: a limit, not a bucket
        Invalid(
            "def stats(docs):\n    long = 0\n    for d in docs:\n        if d.tokens > 32768:\n"
            "            long += 1\n            continue\n    print(f'long documents: {long}')\n",
            line=4,
        ),
        Invalid(
            "def pack(docs):\n    pages = 0\n    for d in docs:\n        if d.tokens > 32768:\n"
            "            pages += 1\n    return pages\n",
            line=4,
        ),
        Invalid("if count_tokens(messages) > 100_000:\n    summarize(messages)\n"),
        Invalid("if 4000 < usage.prompt_tokens:\n    warn()\n"),
        Invalid("max_tokens = min(max_tokens, 4096)"),
        # the length of a local bound to a tokenizer's output (set 22: lmdeploy's calibration loader)
        Invalid(
            "def load(rows, tokenizer):\n    for row in rows:\n        ids = tokenizer.encode(row)\n"
            "        if len(ids) > 512:\n            continue\n",
            line=4,
        ),
        Invalid("while len(input_ids) > 512:\n    input_ids = input_ids[1:]\n"),
        Invalid("if prompt_tokens + completion_tokens > 120_000:\n    stop()\n"),
        Invalid("if count_tokens(messages) > 1e5:\n    summarize(messages)\n"),
        Invalid("if (n := count_tokens(messages)) > 100_000:\n    summarize(messages, n)\n"),
        # a clamp nested in another call: both bounds are token amounts
        Invalid(
            "def chunk(max_input_tokens):\n    return min(max(max_input_tokens / 16, 1024), 8192)\n", count=2
        ),
        # a count from a function named for tokens by the abbreviation ``tkn`` (set 47: wdoc)
        Invalid(
            "def cache(text):\n    tkl = get_tkn_length(text)\n    if tkl < 750:\n        return None\n",
            line=3,
        ),
        # a floor beside a share of a budget written as a fraction (set 47: wdoc's ollama cap)
        Invalid("def cap(max_tokens):\n    return int(max(max_tokens * 0.2, 4096))\n", line=2),
        Invalid("if used_tokens > 20 * 1024:\n    warn()\n", key="used_tokens_threshold"),
        Invalid(
            "if msg_tokens > 1000:  # only compress long messages\n    log(f'compressing {msg_tokens} tokens')\n"
        ),
        # a weak name clamped, the comment saying tokens
        Invalid("budget = min(max(budget, 1000), ceiling)  # a 1000-token minimum"),
        Invalid("per_job = max(max_tokens // max(len(jobs), 1), 500)"),
        # a floor (or cap) of what is passed as a budget (set 17: pipecat's explainer)
        Invalid(
            "def explain(items):\n    budget = max(300, 50 * len(items))\n    return ask(items, max_tokens=budget)\n",
            line=2,
            key="explain_max_tokens_min",
        ),
        Invalid("reply = client.create(max_tokens=min(max(256, n), 4000))", count=2),
        # a tokenizer's longest input compared with a literal: a length in tokens
        Invalid("if model.doc_tokenizer.doc_maxlen > 512:\n    batch_size = 8\n"),
        Invalid("if tokenizer.model_max_length < 1024:\n    warn()\n"),
        # a floor inside a cap by a token count: the floor is in tokens too
        Invalid("def fit(length, max_tokens):\n    return min(max(length, 32), max_tokens)\n", line=2),
        # a cap on either side of a conditional, returned by a budget getter (set 20: inspect-ai)
        Invalid(
            "def thinking_budget(effort, pro):\n    budget = effort_budget(effort)\n"
            "    return min(budget, 32768 if pro else 24576)\n",
            count=2,
        ),
        # a clamp stored into a budget, or given as a truncating tokenizer's stride (set 23: axolotl)
        Invalid("def adapt(self, cap):\n    cap = max(cap, 64)\n    self.gen.max_new_tokens = cap\n", line=2),
        Invalid(
            "def enc(self, text):\n    stride = min(256, (self.max_length - 1) // 2)\n"
            "    return self.tokenizer(text, truncation=True, max_length=self.max_length, stride=stride)\n",
            line=2,
        ),
        # a local read from a budget compared with levels of it (set 23: portkey-ai)
        Invalid(
            'def effort(cfg):\n    budget = getattr(cfg, "thinking_budget", None)\n    if budget <= 1024:\n'
            '        return "low"\n    return "medium" if budget <= 4096 else "high"\n',
            count=2,
        ),
        *SET73_INVALID,
    )

    def _report(
        self, literal: ast.expr, amount: ast.expr, value: int | float, how: str, kind: str = "threshold"
    ) -> None:
        # (n_tokens := ...) by its name, (n := count_tokens(...)) by its value
        if isinstance(amount, ast.NamedExpr):
            amount = amount.target if self.token_amount(amount.target) else amount.value
        name = callee_name(amount) if isinstance(amount, ast.Call) else attr_name(amount)
        if name in {None, "len", "get", "pop"}:
            name = "tokens"
        message = f"token threshold {value} {how}; move it to config next to the budget it protects"
        if not pattern_tokens(self):  # ``min(len(toks) - 2, 400)`` of ``_TOKEN_RE.findall(text)``
            self.report_literal(literal, message, value, f"{name} {kind}")

    def _pricing_tier(self, node: ast.Compare) -> bool:
        if picks_price(self.ctx.ancestors, node):
            return True  # ``price = [0.08 if n > 300 else 0 for n in counts]`` (set 25: alpaca-eval)
        # ``if tokens > 32768: stats["long_docs"] += 1`` in a function that prints it (set 45: olmocr)
        return branch_prices_or_shows(self, node) or counts_for_report(self.ctx.ancestors, node)

    def _kernel_launch(self, node: ast.AST) -> bool:
        """The comparison or clamp chooses a GPU kernel's launch (a tile, a grid, warps, blocks), or sits
        in a module of Triton kernels: a performance heuristic, not a budget (set 22: lmdeploy)."""
        return picks_launch(self.ctx.ancestors, node) or defines_kernels(self.ctx.tree, self.ctx.lines)

    def _named_by_value(self, value: float) -> bool:
        """``def is_above_128k(tokens): return tokens > 128000``: a function named after the number
        defines that boundary; the number is its meaning, not a setting. So does a key or name of the
        function's own that says the number (``details["cache_read_over_200k"] = max(0, n - 200000)``
        beside ``min(n, 200000)``: usage split at a pricing tier, set 23: langsmith)."""
        whole = int(value)
        ws = words(self.ctx.function_name())
        if str(whole) in ws or (whole % 1000 == 0 and str(whole // 1000) in ws and "k" in ws):
            return True
        fn = self.ctx.function()
        if fn is None or whole % 1000 or whole < 1000:
            return False
        # a key or a name (not a message's text: ``"must be at least 1024"`` states a limit)
        keys = [
            n.value
            for n in walk(fn)
            if type(n) is ast.Constant and isinstance(n.value, str) and n.value.isidentifier()
        ]
        names = [n.id for n in walk(fn) if type(n) is ast.Name]
        return any(_says_thousands(words(name), whole // 1000) for name in (*keys, *names))

    def _read_budget(self, amount: ast.expr) -> bool:
        """``budget = getattr(config, "thinking_budget", None)`` ... ``if budget <= 1024``: a local bound
        once in the function to a read of a token budget (an attribute, a lookup by its key), whatever
        the local's name (set 23: portkey-ai maps a thinking budget to an effort level)."""
        fn = self.ctx.function()
        if fn is None or type(amount) is not ast.Name:
            return False
        if self.budget_expr(amount) is not None and self._raising_test():
            return True  # ``budget = window - reserve - 1024`` ... ``if budget <= 512: raise`` (set 255: investorch)
        bound = [
            n.value
            for n in walk(fn)
            if isinstance(n, (ast.Assign, ast.AnnAssign))
            and n.value is not None
            and any(type(t) is ast.Name and t.id == amount.id for t in _targets(n))
        ]
        if len(bound) != 1:
            return False
        value = bound[0]
        pair = lookup_pair(value) if isinstance(value, ast.Call) else None
        name = string_value(pair[0]) if pair is not None else None
        if name is None and isinstance(value, (ast.Attribute, ast.Call)):  # ``self._model_context_window()``
            name = value.attr if isinstance(value, ast.Attribute) else callee_name(value)  # set 130
        elif name is None and isinstance(value, ast.Subscript):  # ``cfg["budget_tokens"]`` (set 615: kosong)
            name = string_value(value.slice)
        return bool(name) and self.names.is_budget_setting(name or "")

    def _raising_test(self) -> bool:
        """The test of an ``if`` whose body raises or returns nothing: a floor a budget must clear (set 313)."""
        stmt = innermost_statement(self.ctx.ancestors)
        return isinstance(stmt, ast.If) and bool(stmt.body) and gives_up(stmt.body[0])

    @cached_property
    def _ifs(self) -> IfClamps:
        return IfClamps()

    def visit_If(self, node: ast.If) -> None:
        # ``if value > 65536: value = 65536`` ... ``cfg["maxOutputTokens"] = value`` (set 262)
        self._ifs.visit(self, node)

    def leave_Module(self, node: ast.Module) -> None:
        for literal, message, value, advice in self._ifs.leave(self):
            self.report(literal, message, value=value, advice=advice)

    def visit_Compare(self, node: ast.Compare) -> None:
        for literal, budget, equal in equal_budgets(self, node):  # ``elif context_window == 8192``
            self._report(
                literal, budget, equal, f"compared for equality with the budget `{attr_name(budget)}`"
            )
        for side in (node.left, *node.comparators):  # ``whole_chars > 64_000 * 3`` (set 149)
            if isinstance(side, ast.BinOp) and (limit := char_limit(self, side, node)) is not None:
                self._report(
                    limit.limit, side, limit.tokens, "turned into characters and compared with a length"
                )
        left = node.left
        for op, right in zip(node.ops, node.comparators, strict=False):
            if isinstance(op, _ORDER):
                # ``latest >= max(800, baseline * 2)``: the clamp's number
                for side, literal in ((left, floor_literal(right)), (right, floor_literal(left))):
                    amount = without_fallback(side)  # ``(m.last_prompt_tokens or 0) < 500``
                    # ``est_tokens < 25`` below ``est_tokens > 60``: a rung of one ladder (``threshold_ladders``)
                    value = self.budget_literal(literal) or ladder_rung(self, literal, amount)
                    if (
                        value is not None
                        and (
                            self.token_amount(amount)
                            or tokenizer_maxlen(amount)
                            or len_of_encoded(self, amount)
                            or bound_to_count(self, amount)
                            or token_local(self, amount)
                            or self._read_budget(amount)
                            or validated_amount(self, amount)  # ``def validate_context_tokens(value)``
                            or kv_option_read(self, amount)  # ``if args.ctx > 4096`` (set 491)
                        )
                        and not self._pricing_tier(node)
                        and not self._named_by_value(value)
                        and not displays_in_units(self.ctx.function(), amount, value)
                        and not switches_unit(self.ctx.parent(node), node, amount)
                        and not unset_placeholder_check(self.ctx.function(), amount, value)
                        and not token_ids_array(self.ctx.function(), amount)
                        and not (self._kernel_launch(node) or asserted_in_test(self, node))
                        and not counts_words(self, self.ctx.function(), amount)
                        and not bucket_tokens(self, amount)
                        and not held_as_text(self, amount)
                    ):
                        self._report(literal, amount, value, "compared against a token count")
                        break
                    if (margin := margin_on_count(self, amount, literal)) is not None:
                        self._report(
                            margin[0], amount, margin[1], "as a safety factor on a token count", "margin"
                        )
                        break
                    if value is not None and type(amount) is ast.Name and said_range(self, amount):
                        # ``if not 256 <= budget <= 16000: raise ValueError("... (estimated tokens)")`` (set 487)
                        how = f"bounding `{amount.id}`, whose range check raises an error saying tokens"
                        self._report(literal, amount, value, how)
                        break
                    if (
                        value is not None
                        and isinstance(amount, (ast.Name, ast.Attribute, ast.Subscript))
                        and (
                            states_tokens(self.ctx.ancestors, node, value)
                            or shows_in_tokens(self.ctx.ancestors, node, amount)  # f"{n} tokens"
                        )
                    ):
                        # ``elif chunk_size < 50: warn("... less than 50 tokens")`` (set 21: lazyllm)
                        self._report(
                            literal, amount, value, "compared with a size its message counts in tokens"
                        )
                        break
            left = right

    def _clamped_budget(self, node: ast.Call) -> str | None:
        """The budget a clamp's result is (``max_tokens=max(300, n)``, ``max_tokens = max(300, n)``), or
        is passed as later in the function (``budget = max(300, n)`` ... ``create(max_tokens=budget)``):
        its name, else None. Walks the function only for a clamp bound to a local name. Past further clamps
        (``min(max(300, n), 4000)``, ``num_ctx or max(8192, n)``) and a conditional's branch (``min(n * 8, 16384)
        if think else n``)."""
        child, parent = past_clamps(node, self.ctx.parent)
        if isinstance(parent, ast.IfExp) and child is not parent.test:
            parent = past_clamps(parent, self.ctx.parent)[1]
        if isinstance(parent, (ast.keyword, ast.Dict)):  # ``{"budget_tokens": max(1024, n)}`` (set 97)
            key = parent.arg if isinstance(parent, ast.keyword) else entry_key(parent, self.ctx.ancestors)
            return key if key and self.names.is_budget(key) else None
        fn = self.ctx.function()
        if isinstance(parent, ast.Return):
            return result_budget(self, fn)  # ``def gemini_thinking_budget(...): return min(b, 24576)``
        target = parent.targets[0] if isinstance(parent, ast.Assign) and len(parent.targets) == 1 else None
        name = attr_name(target) if isinstance(target, (ast.Name, ast.Attribute, ast.Subscript)) else None
        if clamped_characters(self, node, target):
            return None  # ``context_limit = max(250, n)`` ... ``text[:context_limit]`` (set 20: open-webui)
        if name and self.names.is_budget(name):
            return name
        if not isinstance(target, ast.Name) or fn is None or self.names.is_excluded(target.id):
            return None
        parents, reads = reads_of(fn, target.id)
        for read in reads:
            value: ast.AST = read
            use = parents.get(read)
            while isinstance(use, ast.Call) and type(use.func) is ast.Name and use.func.id in {"min", "max"}:
                # ``max_tokens=min(size, left)``: the clamp's result is the budget
                value, use = use, parents.get(use)
            if isinstance(use, ast.keyword) and use.arg and self.names.is_budget(use.arg):
                return use.arg
            if isinstance(use, ast.Return) and (returned := returned_literal_budget(self, fn, target.id)):
                return returned  # ``budget = max(budget, 2048)`` ... ``return min(budget, 8192)`` (set 607)
            if isinstance(use, ast.Dict) and (key := value_key(use, value)) and self.names.is_budget(key):
                return key  # ``{"max_tokens": effective_max}`` (set 303)
            call = parents.get(use) if isinstance(use, ast.keyword) else None
            if (
                isinstance(use, ast.keyword)
                and use.arg == "stride"
                and isinstance(call, ast.Call)
                and cuts_tokens(call)
            ):
                # ``stride = min(256, ...)`` ... ``tokenizer(t, truncation=True, stride=stride)``: an overlap (set 23)
                return "stride"
            if cuts_token_sequence(self, read, parents) or read_as_tokens(self, value, use):
                # ``ctx = min(2048, length)`` ... ``tokens[:, :ctx]`` (set 25: exllamav2); ``window - reserve``, ``n >= floor``
                return target.id
            if isinstance(use, ast.Assign) and len(use.targets) == 1:
                # ``n = max(n, 64)`` ... ``self.gen.max_completion_length = n`` (set 23: axolotl)
                stored = attr_name(use.targets[0])
                if stored and self.names.is_budget_setting(stored):
                    return stored
                if type(use.targets[0]) is ast.Name and use.targets[0].id != target.id:
                    # ``new = max(new, floor)`` ... ``self.context_budget = new`` (set 156: natshell)
                    return stored_as_budget(self, fn, use.targets[0].id)
        return None

    def _item_floor(self, node: ast.Call, values: list[ast.expr]) -> None:
        for literal, value in per_item_factors(values):
            if self.budget_literal(literal) is not None and (budget := self._clamped_budget(node)):
                how = f"tokens an item, in the {callee_name(node)}() bound to `{budget}`"
                self._report(literal, ast.Name(id=budget), value, how, "per_item")

    def _amount(self, value: ast.expr) -> bool:
        return tokenizer_maxlen(value) or char_estimate(self, value)  # ``max(len(url) // 4, 256)``

    def visit_Call(self, node: ast.Call) -> None:
        if not (isinstance(node.func, ast.Name) and node.func.id in {"min", "max"}) or len(node.args) < 2:
            return
        values = [a for a in node.args if not isinstance(a, ast.Starred)]
        # ``min(budget, 32768 if pro else 24576)``: each side of a conditional bound (set 20: inspect-ai)
        bounds = [side for v in values for side in bound_sides(v)]
        # a share of a token amount too: ``max(max_tokens * 0.2, 4096)`` (set 47: wdoc), an estimate (set 155)
        amounts = [v for v in values if shared_amount(self, v) or nested_amount(self, v) or self._amount(v)]
        amounts = [
            v for v in amounts if not items_of_budget(self, v, node)
        ]  # ``min(40, budget // 40)``: items
        outer = self.ctx.parent(node)
        if (
            not amounts
            and isinstance(outer, ast.Call)
            and type(outer.func) is ast.Name
            and outer.func.id in {"min", "max"}
            and any(v is not node and self.token_amount(v) for v in outer.args)
        ):
            # ``min(max(maxlen, 32), max_tokens)``: the inner clamp's result is bounded by a token count, tokens too
            amounts = [
                v for v in values if not any(self.budget_literal(b) is not None for b in bound_sides(v))
            ]
        if not amounts and self.token_comment():
            # ``min(max(budget, 1000), ceiling)  # a 1000-token minimum``
            amounts = [v for v in values if self.names.is_weak_budget(attr_name(v) or "")]
        if not amounts and any(self.budget_literal(v) is not None for v in bounds):
            # ``budget = max(300, 50 * len(items))`` ... ``create(max_tokens=budget)``: a floor of a budget
            budget = self._clamped_budget(node)
            amounts = [ast.Name(id=budget, ctx=ast.Load())] if budget else []
        self._item_floor(node, values)  # ``max(MIN_RECENT_MESSAGES * 200, ...)`` bound to a budget (set 155)
        if not amounts or self._kernel_launch(node) or floor_not_in_tokens(self, node):
            return  # ``words_per_chunk = max(50, int(max_tokens * 0.75))``: words (set 101), seconds
        bounds = [b for b in bounds if not self._named_by_value(self.budget_literal(b) or 0)]
        for literal in bounds:
            value = self.budget_literal(literal)
            small = token_amount_literal(literal)
            if value is None and small is not None and comment_spells_tokens(self.ctx.comment(), small):
                value = small  # ``max(max_tokens, 30)  # At least 30 tokens``: its comment gives the unit
            floor = room_floor(self, node, literal) if value is None else None
            if floor is not None and self._clamped_budget(node) is not None:
                value = floor  # ``max_tokens = max(context_tokens - prompt_tokens, 16)``: a least output
            if value is not None:
                # min() caps (its literal is the most allowed), max() floors: the key says which
                kind = "max" if node.func.id == "min" else "min"
                how = f"used to clamp a token count with {node.func.id}()"
                self._report(literal, amounts[0], value, how, kind)
