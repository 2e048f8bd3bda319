"""PB105's cases from sets 69 and 70 (``Valid``/``Invalid``), kept apart from ``pb105_cases`` to keep it short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb105_set71_cases import SET71_INVALID, SET71_VALID

_LEGACY = (
    "def legacy(self, budget, include_imports):\n    budget_code = int(budget * 0.40)\n"
    "    budget_overview = int(budget * 0.10)\n    if not include_imports:\n"
    "        budget_code += int(budget * 0.30)\n    code_used = 0\n    for chunk in self.chunks:\n"
    "        if code_used + chunk.tokens > budget_code:\n            continue\n"
    "        code_used += chunk.tokens\n    overview = self.overview(budget_overview)\n"
    "    total_used = code_used + count_tokens(overview)\n    if total_used < budget * 0.2:\n"
    "        warn()\n"
)

SET69_VALID = (
    *SET71_VALID,
    # set 69: a ratio ordered only against a share of an amount of money (cohrint-agent's dollar budget)
    Valid(
        "BUDGET_WARN_THRESHOLD = 0.80\n\ndef check(ctx):\n"
        "    fraction = ctx.total_cost_usd / ctx.budget_usd\n    if fraction >= BUDGET_WARN_THRESHOLD:\n"
        "        warn()\n"
    ),
    # a tolerance on the error of a token count relative to a budget (aider's search for a map's size)
    Valid(
        "def fit(self, max_map_tokens):\n    num_tokens = self.count()\n"
        "    pct_err = abs(num_tokens - max_map_tokens) / max_map_tokens\n    ok_err = 0.15\n"
        "    return pct_err < ok_err\n"
    ),
    # a margin on a proportion of characters, or of a budget nothing shows is of tokens
    Valid(
        "def cut(text, limit, total):\n    ratio = limit / len(total)\n    return text[: int(len(text) * ratio * 0.9)]\n"
    ),
    Valid(
        "def cut(text, budget, weights):\n    ratio = budget / sum(weights)\n"
        "    return text[: int(len(text) * ratio * 0.9)]\n"
    ),
    # a constant ordered against a share of something else than tokens
    Valid(
        "class Progress:\n    DONE_THRESHOLD = 0.95\n\n    def check(self, done, total):\n"
        "        ratio = done / total\n        return ratio >= self.DONE_THRESHOLD\n"
    ),
    # a table of shares whose items weigh scores, or are ordered against a share of something else
    Valid("WEIGHTS = [0.7, 0.3]\n\ndef score(rel, i):\n    w = WEIGHTS[i]\n    return rel * w\n"),
    Valid(
        'GATES = {"a": 0.75, "b": 0.85}\n\ndef run(name, done, total):\n    gate = GATES.get(name)\n'
        "    progress = done / total\n    return progress >= gate\n"
    ),
    # a part of a local bound to something else than a reported share: a count, or a length in characters
    # of a budget (cognee's ``max_chunk_tokens * 4``, PB104's characters per token)
    Valid("def plan(rows):\n    n = len(rows)\n    return rows[: n // 4]\n"),
    Valid(
        "def cut(text, max_tokens):\n    hard_limit_chars = max(4, max_tokens * 4)\n"
        "    head = text[: hard_limit_chars - 3]\n    return head[: hard_limit_chars // 3]\n"
    ),
    # generic ratios unpacked from a tuple beside a token count: a range of a random masking share
    Valid(
        "def mask(seq, total_tokens, ratio=None):\n    if ratio is None:\n        lo, hi = 0.1, 0.7\n"
        "        ratio = rand() * (hi - lo) + lo\n    return int(total_tokens * ratio)\n"
    ),
    # a share of a plain ``budget`` nothing in the function shows is of tokens, or one the function
    # binds anew
    Valid("def plan(budget, items):\n    return items[: int(budget * 0.1)]\n"),
    Valid(
        "def plan(budget, rows):\n    run(context_budget=budget)\n    budget = len(rows)\n"
        "    return rows[: int(budget * 0.1)]\n"
    ),
    # locals bound to shares that split a plain budget nothing shows is of tokens
    Valid(
        "def split(budget, kind):\n    a, b = (0.8, 0.2) if kind else (0.6, 0.4)\n"
        "    return int(budget * a), int(budget * b)\n"
    ),
    Valid("def ask(ctx, budget):\n    ctx.invoke(run, timeout=budget, deep=int(budget * 0.75))\n"),
)

SET69_INVALID = (
    *SET71_INVALID,
    # set 69: a class's threshold ordered against a local share of the window used (duh-cli's gate)
    Invalid(
        "class ContextGate:\n    BLOCK_THRESHOLD = 0.95\n\n    def check(self, token_estimate):\n"
        "        ratio = token_estimate / self._context_limit\n        if ratio >= self.BLOCK_THRESHOLD:\n"
        "            return False\n        return True\n",
        line=2,
    ),
    # shares of a plain ``budget`` whose function shows it is of tokens: another share of it reaches a
    # token use, or it is given under a keyword naming a token budget (know-cli's context engine)
    Invalid(_LEGACY, count=4),
    # a quarter of a local bound to a reported share of a token budget
    Invalid(
        "def plan(self, budget):\n    budget_docs = int(budget * 0.20)\n    used = 0\n"
        "    for d in self.docs:\n        if used + d.tokens > budget_docs:\n            break\n"
        "        used += d.tokens\n    return self.tests(max(0, budget_docs // 4))\n",
        count=2,
    ),
    Invalid(
        "def ask(ctx, budget):\n    deep_budget = max(1200, int(budget * 0.75))\n"
        "    ctx.invoke(workflow, context_budget=budget, deep_budget=deep_budget)\n",
        line=2,
    ),
    # locals bound only to literal shares (unpacked from tuples) that a plain ``budget`` is split by, one
    # product reaching a token use (know-cli's sub-budgets by query type)
    Invalid(
        "def build(self, kind, budget):\n    if kind == 'code':\n        alloc_code, alloc_docs = 0.80, 0.20\n"
        "    else:\n        alloc_code, alloc_docs = 0.60, 0.40\n    budget_code = int(budget * alloc_code)\n"
        "    budget_docs = int(budget * alloc_docs)\n    used = 0\n    for c in self.chunks:\n"
        "        if used + c.tokens > budget_code:\n            break\n        used += c.tokens\n"
        "    return self.docs(budget_docs)\n",
        count=4,
    ),
    # a module table of shares whose item scales a budget or is ordered against a share of tokens: one
    # setting, reported once at its first share (duh-cli's compaction targets and gates)
    Invalid(
        "TARGETS = [0.70, 0.50, 0.30]\n\ndef retry(n, model):\n    context_limit = get_context_limit(model)\n"
        "    target_ratio = TARGETS[min(n, 2)]\n    return int(context_limit * target_ratio)\n",
        line=1,
    ),
    Invalid(
        'GATES: dict[str, float] = {"Snip": 0.75, "Summarize": 0.85}\n\n'
        "def run(self, strategy, current_tokens, effective_limit):\n"
        "    threshold = GATES.get(type(strategy).__name__)\n    usage_ratio = current_tokens / effective_limit\n"
        "    return threshold is None or usage_ratio >= threshold\n",
        line=1,
    ),
    # a safety margin on a budget's proportion to the text's tokens before the text is cut (know-cli's and
    # hiermem's ``truncate_to_budget``)
    Invalid(
        "def truncate_to_budget(text, budget):\n    tokens = count_tokens(text)\n    if tokens <= budget:\n"
        "        return text\n    ratio = budget / tokens\n    return text[: int(len(text) * ratio * 0.95)]\n"
    ),
    Invalid(
        "def truncate(text, budget):\n    current = count_tokens(text)\n    ratio = budget / max(current, 1)\n"
        "    return text[: int(len(text) * ratio * 0.9)]\n"
    ),
)
