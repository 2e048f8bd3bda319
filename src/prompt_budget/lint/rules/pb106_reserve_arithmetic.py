"""PB106 reserve-arithmetic: a literal reserve subtracted from a window or budget."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.added_headroom import headroom_budget
from prompt_budget.lint.bounded_budgets import bounded_budget
from prompt_budget.lint.character_defaults import fallen_back
from prompt_budget.lint.class_reserves import class_reserve
from prompt_budget.lint.counted_locals import token_local
from prompt_budget.lint.counter_calls import counter_call
from prompt_budget.lint.estimate_headroom import estimate_keyword
from prompt_budget.lint.excess_margins import local_excess_margin
from prompt_budget.lint.fallbacks import fallback_literals, keyed_fallbacks, local_bindings, read_key
from prompt_budget.lint.forecast_contexts import forecast_context
from prompt_budget.lint.getter_windows import GetterWindows
from prompt_budget.lint.margin_args import MarginArgs, margin_reserves
from prompt_budget.lint.mirrored_reserves import reserve_bound
from prompt_budget.lint.model_windows import report_model_window
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.reserve_floors import reserve_literal
from prompt_budget.lint.reserve_totals import bound_budget_reserve, bounds_token_counts, constant_in_total
from prompt_budget.lint.rule import Invalid, LintRule, Valid, attr_name
from prompt_budget.lint.rules.pb106_total_cases import MORE_INVALID, MORE_VALID
from prompt_budget.lint.section_minuends import section_budget, section_message
from prompt_budget.lint.subtracted_budgets import budget_less_tokens, subtracted_budget
from prompt_budget.lint.summed_reserves import summed_reserve
from prompt_budget.lint.text_cuts import cuts_text
from prompt_budget.lint.token_overheads import token_overheads
from prompt_budget.lint.token_reach import TokenReach
from prompt_budget.lint.tokens_left import record_returns, record_use, tokens_left_reserves
from prompt_budget.lint.walks import kept_per_file, walk
from prompt_budget.lint.window_rows import window_row, window_tables

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.options import LintOptions


_SHORTEN = "def shorten(text, max_length, margin=20):\n    return cut(text, max_length - margin)\n\n"


_last_sites: list[tuple[ast.AST, list[ast.AST]]] = kept_per_file([])  # the last module's ``_sites``


def _sites(tree: ast.AST) -> list[ast.AST]:
    """``tree``'s functions and sums (``walk``'s order), all ``visit_Assign`` reads per constant: listed once."""
    if not (_last_sites and _last_sites[0][0] is tree):
        kinds, add = (ast.FunctionDef, ast.AsyncFunctionDef), ast.Add
        found = [
            n for n in walk(tree) if type(n) in kinds or (isinstance(n, ast.BinOp) and type(n.op) is add)
        ]
        _last_sites[:] = [(tree, found)]
    return _last_sites[0][1]


class ReserveArithmetic(LintRule):
    """A hard-coded reserve taken off a window or budget: ``context_window - 1000``,
    ``max_tokens - 25  # buffer``, ``llm.metadata.context_window - 256``, ``budget -= 500``.

    The left side must be a budget (``context_window``, ``max_tokens``, ``token_limit``,
    ``get_context_window(model)``, a bound of one: ``min(n_ctx, n_batch) - 16``), not a count
    (``len(tokens) - 1``, ``num_tokens - 100``), or a weakly named length whose remainder the data flow
    shows is tokens (``step = max_len - 100`` ... ``tokens[i : i + step]``).
    The reserve is the output or safety margin a config should own (``reserved_output``). A reserve
    given as a parameter's default, through a module constant (``OVERHEAD = 1_500`` ... ``def room(window,
    overhead=OVERHEAD): return int(window.context_window * factor) - overhead``), is reported where the
    constant is bound. A reserve reached through a config's fallback (``reserve = int(cfg.get(
    "output_reserve", 8000) or 8000)`` ... ``window - reserve``) is reported at the fallback, and so is
    a dict entry written under the key that fallback reads. What is left of a budget is one
    (``remaining = available_tokens - used_tokens`` ... ``remaining - 20``; a name the function orders a
    token count against is a budget), and a margin added to a token count's excess over a budget is a
    reserve too (``excess = total_tokens - context_window + 200``). So is a row of a model -> window table,
    known by its rows (``{"gpt-4": 8192, "gpt-4o": 128000}``) or by a budget's name, in the module or
    imported: ``MODEL_TOKEN_LIMITS.get(model, 8192) - 1000``, ``CONTEXT_WINDOWS[model] - 1000``.
    Headroom added to a budget (or to what is left of one) is a reserve where the sum goes as a budget,
    through a clamp too (``max_tokens=min(200, budget - used + 100)``), or is bound to a name of a token
    amount (``total_tokens_needed = max_thinking_tokens + 512``). A number added to a count of tokens
    and handed on as a margin is a reserve too: under a margin's keyword (``margin=count_tokens(p) +
    100``), or by position to a function, the module's own or one it imports, whose parameter there is
    named as a margin and taken off in its body (``shorten_text(ctx, MAX_TOKENS,
    get_number_of_tokens(prompt) + 100)``, ``def shorten_text(prompt, max_length, margin=20)``).
    Room added to token counts that the function takes off a budget with the same reserve (``f"Required: {system_tokens + 100}"`` beside ``max_tokens - system_tokens - 100``) is that reserve again.
    Room kept in a total of tokens a window bounds (``total = count_tokens(text) + 200`` ... ``if total >= context_length``;
    a local ``BUFFER = 400`` added to such a total), a literal taken off a read bound as a budget of tokens (``self.max_token_size = data.get("max_text_length", 32000) - 4096``)
    and a model's window converted to characters to pick the model named by it (``if len(p) <= int(8192 * 1.5): model = "x-8k"``) are reserves and windows too. So is a class constant a method takes (or a local bound to it or its clamp) off a model's limit record (``COMPACTION_BUFFER = 20_000`` ... ``reserved = min(cls.COMPACTION_BUFFER, model.limit.output)``, ``model.limit.input - reserved``). So is a module constant named as room added with a count of tokens to a budget (``_PROMPT_RESERVE = 1024`` ... ``count_tokens(tools) + _PROMPT_RESERVE + MAX_REPLY_TOKENS``).
    A fixed overhead a token estimate adds to its count, per message, per item or once, is a calibration of that estimate (``total += 4  # role and framing`` beside ``total += count_tokens(m)``; ``return _approx_tokens(text) + META_OVERHEAD``), from 2 tokens up while ``min-value`` is not configured (``token_overheads``).
    """

    CODE = "PB106"
    NAME = "reserve-arithmetic"
    SUMMARY = "Hard-coded reserve subtracted from a context window or budget (context_window - 1000)"
    DEFAULT_MIN_VALUE = 10
    VALID = (
        # a number added to characters compared with a window; a sum of token counts taken off nothing
        Valid("def fits(text, doc):\n    return len(text) + len(doc) + 100 >= 2048\n"),
        # characters under a name of tokens: a local only ever bound to a string's length (set 48: ares-ai)
        Valid(
            "def fits(prompt, doc):\n    prompt_tokens = len(prompt)\n    doc_tokens = len(doc)\n"
            "    return prompt_tokens + doc_tokens + 100 >= 4096\n"
        ),
        # a number added to characters, or to a count given to a parameter not named a margin, or to a
        # margin the callee adds rather than keeps free (set 37)
        Valid(_SHORTEN + "def run(prompt, ctx):\n    return shorten(ctx, 4000, len(prompt) + 100)\n"),
        Valid(
            "def shorten(text, max_length, offset=0):\n    return cut(text, max_length - offset)\n\n"
            "def run(prompt, ctx):\n    return shorten(ctx, 4000, count_tokens(prompt) + 100)\n"
        ),
        Valid(
            "def pad(text, width, margin=2):\n    return text.ljust(width + margin)\n\n"
            "def run(prompt, ctx):\n    return pad(ctx, 80, count_tokens(prompt) + 100)\n"
        ),
        # a budget plus a number bound as no token amount (a position)
        Valid("def shift(max_tokens):\n    offset = max_tokens + 100\n    return offset\n"),
        Valid("last = len(tokens) - 1"),
        Valid("remaining = num_tokens - 100"),
        Valid("available = context_window - reserved_output"),
        Valid("end = max_tokens - 1"),
        Valid("left = timeout - 10"),
        Valid("if used_bytes < budget - 1000:\n    grow()\n"),
        Valid("year = 2024 - age - 1"),
        Valid("def page(rows, limit=500):\n    end = limit - 100\n    return rows[:end]\n"),
        Valid("GRACE = 30\n\ndef span(timeout, grace=GRACE):\n    return int(timeout * 0.9) - grace\n"),
        # a config's fallback taken off something that is no budget
        # an excess that is no token count; a remainder of no budget, cutting no token list
        Valid("overflow = used_bytes - max_bytes + 200"),
        Valid(
            "def rest(total_steps, done):\n    remaining = total_steps - done\n    return remaining - 20\n"
        ),
        Valid(
            "def rest(steps, done):\n    if done < steps:\n        remaining = steps - done\n"
            "        return remaining - 20\n"
        ),
        Valid(
            'def left(cfg, deadline):\n    grace = cfg.get("grace", 300) or 300\n    return deadline - grace\n'
        ),  # a row of a table of prices or of a table nothing says is of windows (set 31)
        Valid('PRICES = {"gpt-4o": 2500, "claude-3": 3000}\n\ndef cost(m):\n    return PRICES[m] - 500\n'),
        Valid("def left(rows, key):\n    return rows[key] - 500\n"),
        # a constant added to an excess of no token count, or to no excess
        Valid(
            "PADDING = 150\n\ndef over(used_bytes, max_bytes):\n    return used_bytes - max_bytes + PADDING\n"
        ),
        Valid("PADDING = 150\n\ndef room(context_window):\n    return context_window + PADDING\n"),
        *MORE_VALID,
    )
    INVALID = (
        # room kept beside token counts that a window bounds, compared or taken off it (set 48: ares-ai)
        Invalid(
            "def fit(doc, max_tokens):\n    prompt_tokens = count_tokens(PROMPT)\n"
            "    if prompt_tokens + len(enc.encode(doc)) + 100 >= max_tokens:\n        doc = doc[:100]\n",
            line=3,
        ),
        Invalid(
            "def fit(doc, prompt_tokens, question_tokens):\n"
            "    reduction = prompt_tokens + question_tokens + 100\n    return cut(doc, max_length=2048 - reduction)\n",
            line=2,
        ),
        # a reserve added to a token count and handed on as a margin, by position to the module's
        # function that keeps it free, or by keyword (set 37: phospho; across modules: margin_args)
        Invalid(
            _SHORTEN + "def run(prompt, ctx):\n    return shorten(ctx, 4000, count_tokens(prompt) + 100)\n",
            line=5,
            key="shorten_margin_reserve",
        ),
        Invalid(
            "def run(prompt, ctx):\n    return shorten(ctx, 4000, margin=len(enc.encode(prompt)) + 100)\n"
        ),
        # headroom added to a budget, bound as a token amount or given through a clamp (set 32: optillm)
        Invalid(
            "def plan(max_thinking_tokens):\n    total_tokens = max_thinking_tokens + 512\n    return total_tokens\n"
        ),
        Invalid(
            "def more(llm, budget_tokens, used):\n    return llm(max_tokens=min(4000, budget_tokens - used + 100))\n"
        ),
        Invalid(
            "import prompt_budget\n\ndef limit(llm):\n    return llm.metadata.context_window - 256\n",
            line=4,
            key="limit_context_window_reserve",
            fixed='import prompt_budget\n\ndef limit(llm):\n    return llm.metadata.context_window - prompt_budget.value(\n        "limit_context_window_reserve", 256\n    )\n',
        ),
        Invalid("max_tokens = max_tokens - 25  # buffer"),
        Invalid("available = context_window - prompt_tokens - 1000"),
        # a window written as a number, token counts taken off it (set 13: magentic-ui)
        Invalid("max_content_tokens = 128000 - self.SCREENSHOT_TOKENS - prompt_tokens - 1000", count=2),
        Invalid("budget_tokens -= 500"),
        Invalid('room = model_info["max_input_tokens"] - 2000'),
        Invalid("room = get_context_window(model) - 4096"),
        Invalid("room = (window := get_context_window(model)) - 4096"),
        Invalid("llm.create(max_tokens=self.thinking_budget + 1024)"),
        # decided by data flow: a plain ``budget`` compared with a number of tokens
        Invalid("if current_tokens + artifact_tokens < budget - 500:\n    add()\n"),
        # a bound of a window; a weakly named length whose remainder cuts a token list (set 18)
        Invalid("max_tokens = min(n_ctx, n_batch) - 16"),
        # a reserve given as a parameter's default, bound to a module constant (set 22: opik)
        Invalid(
            "OVERHEAD = 1_500\n\ndef room(window, factor=0.5, overhead=OVERHEAD):\n"
            "    return int(window.context_window * factor) - overhead\n",
            line=1,
        ),
        Invalid(
            "def split(text, max_len=1024):\n    tokens = tokenizer.encode(text)\n    step = max_len - 100\n"
            "    return [tokens[i : i + step] for i in range(0, len(tokens), step)]\n"
        ),
        # a reserve reached through a config's fallback; the same reserve under the key it reads (set 25)
        Invalid(
            "def room(cfg, model):\n    window = get_context_window(model)\n"
            '    reserve = int(cfg.get("output_reserve", 8000) or 8000)\n    return window - reserve\n',
            line=3,
        ),
        Invalid(
            'state = {"output_reserve": getattr(args, "reserve", 4000)}\n\n'
            'def room(cfg, context_window):\n    reserve = cfg.get("output_reserve", 8000)\n'
            "    return context_window - reserve\n",
            count=2,
        ),
        # a margin added to the excess of a token count over a window; a reserve taken off the remainder
        # of a budget, or off a remainder that cuts a token list (set 29: docetl)
        Invalid("excess_tokens = total_tokens - context_window + 200"),
        Invalid(
            "def keep(ids, context_window, used_tokens):\n    remaining = context_window - used_tokens\n"
            "    return ids[: remaining - 20]\n"
        ),
        Invalid(
            "def keep(text, room, used_tokens):\n    remaining_tokens = room - used_tokens\n"
            "    keep = remaining_tokens - 20\n    return enc.encode(text)[:keep]\n"
        ),
        Invalid(
            "def fit(parts, room):\n    used_tokens = 0\n    for part in parts:\n"
            "        if used_tokens + count_tokens(part) <= room:\n            used_tokens += count_tokens(part)\n"
            "    remaining = room - used_tokens\n    return remaining - 20\n",
            line=7,
        ),  # a reserve taken off a row of a model -> window table, known by its rows or by its name, in the
        # module or imported, read by key or with a fallback (set 31: athina)
        Invalid(
            'LIMITS = {"gpt-4": 8192, "gpt-4o": 128000}\n\ndef room(model, prompt_tokens):\n'
            "    return LIMITS[model] - prompt_tokens - 1000\n",
            line=4,
        ),
        Invalid("from .models import CONTEXT_WINDOWS\n\nroom = CONTEXT_WINDOWS.get(model, 8192) - 1000\n"),
        Invalid("room = self.token_limits[provider][model] - 512"),
        # a margin kept in a module constant, added to a token count's excess over a window (set 54:
        # arthur-bench's ``TIKTOKEN_ERROR_PADDING``)
        Invalid(
            "PADDING = 150\n\ndef cut(tokens, context_window):\n"
            "    excess = len(tokens) - context_window + PADDING\n    return tokens[:-excess]\n",
            line=1,
        ),
        *MORE_INVALID,
    )

    PROJECT_WIDE = True
    _reach: TokenReach | None = None
    _margins: MarginArgs
    _tables: frozenset[str] | None = None

    def _report(self, literal: ast.expr, budget: str, value: int | float, how: str = "taken off") -> None:
        message = (
            f"hard-coded reserve of {value} tokens {how} {budget}; keep the reserve in config "
            "(reserved_output) so every caller leaves the same room"
        )
        self.report_literal(literal, message, value, f"{budget} reserve")

    def visit_BinOp(self, node: ast.BinOp) -> None:
        if isinstance(node.op, ast.Add) and (margin := self._margins.added(self, node)) is not None:
            # ``shorten_text(ctx, MAX_TOKENS, get_number_of_tokens(prompt) + 100)`` (set 37: phospho)
            message = (
                f"hard-coded reserve of {margin[0]} tokens {margin[1]}; keep the reserve in config "
                "(reserved_output) so every caller leaves the same room"
            )
            self.report_literal(node.right, message, margin[0], margin[2], scoped=False)
            return
        if isinstance(node.op, ast.Add):
            # ``thinking_budget + 1024``: headroom added to a budget, passed where a budget goes
            value = self.budget_literal(node.right)
            left = node.left  # ``budget - used + 100``: what is left of a budget, topped up
            while isinstance(left, ast.BinOp) and isinstance(left.op, ast.Sub):
                left = left.left
            budget = headroom_budget(self, node, left) if value is not None else None
            if value is not None and budget is not None:
                self._report(node.right, budget, value, "added to")
            elif value is not None and (excess := self._excess_over_budget(node.left)) is not None:
                self._report(node.right, excess, value, "added as a margin to the excess over")
            elif value is not None and (bound := reserve_bound(self, node)):
                # ``prompt_tokens + doc_tokens + 100 >= 2048``: room kept beside counts a window bounds
                self._report(node.right, bound, value, "kept beside token counts bounded by")
            elif value is not None and (given := estimate_keyword(self, node)):  # ``prompt_tokens=est + 512``
                self._report(node.right, given, value, "added to the estimate given as")
            return
        report_model_window(self, node)  # ``if len(p) <= int(8192 * 1.5): model = "m-8k"``
        if not isinstance(node.op, ast.Sub):
            return
        self._window_literal(node)
        if (reserve := reserve_literal(self, node.right, self._share_of_budget)) is None:
            return  # ``window - 1000``, ``window - max(128, int(window * 0.1))`` (``reserve_floors``)
        literal, value = reserve
        left = node.left  # ``context_window - prompt_tokens - 1000``: the budget is the leftmost term
        while isinstance(left, ast.BinOp) and isinstance(left.op, ast.Sub):
            left = left.left
        # ``(self._max_tokens or 4096) - 512``: the budget, its fallback aside (set 115)
        left = fallen_back(left)
        budget = (
            self.budget_expr(left)
            or bounded_budget(self, left)  # ``min(n_ctx, n_batch) - 16`` (``bounded_budgets``)
            or self._weak_budget_against_tokens(left)
            or self._remainder_of_budget(node, left)
            or self._window_row(left)
            or bound_budget_reserve(self, node)
            or subtracted_budget(self, node)  # ``model_limit - min(max_output_tokens, 20_000) - 13_000``
            or budget_less_tokens(self, node, left)  # ``input_budget - history_tokens - 200``
        )
        if budget is None and type(left) is ast.Name and self.names.is_weak_budget(left.id):
            budget = self._weak_budget_reaching_tokens(node, left.id)
        window = self.budget_literal(left) if budget is None else None
        if budget is None and window is not None and window >= 512 and self._takes_tokens(node):
            budget = f"the window {window}"  # ``128000 - screenshot_tokens - prompt_tokens - 1000``
        if forecast_context(self, attr_name(left) or ""):
            return  # ``context_length - 70`` of a forecaster's steps (set 389)
        if budget is not None and not cuts_text(self, [*self.ctx.ancestors, node.left], node.left):
            self._report(literal, budget, value)  # not ``text[: size - 20] + "..."``: characters

    def visit_Assign(self, node: ast.Assign) -> None:
        """``_PROMPT_OVERHEAD_TOKENS = 1_500``, a parameter's default a function takes off a budget (set 22:
        opik), or a margin added to a count's excess over a budget (``len(prompt_tokens) - context_window +
        TIKTOKEN_ERROR_PADDING``, set 54: arthur-bench): judged where the constant is written."""
        self._fallback_reserve(node)
        if (found := constant_in_total(self, node) or summed_reserve(self, node)) is not None:
            self._report(*found)  # ``count_tokens(t) + RESERVE + max_tokens``: ``summed_reserves``
        # ``safety_margin = 500`` ... ``client.is_prompt_supported(...) - safety_margin``
        record_use(self, node)
        if (kept := class_reserve(self, node)) is not None:  # ``cls.BUFFER`` ... ``model.limit.input - r``
            self._report(*kept)
        if (local := local_excess_margin(self, node, self._excess_over_budget)) is not None:
            self._report(
                *local
            )  # ``truncation_overhead = 20`` ... ``current - budget + truncation_overhead``
        target = node.targets[0] if len(node.targets) == 1 else None
        value = self.budget_literal(node.value)
        if self.ctx.scopes or type(target) is not ast.Name or value is None or self.ctx.tree is None:
            return
        margin = not self.names.is_budget(target.id)  # ``MAX_NEW_TOKENS = 512``: PB102's
        for fn in _sites(self.ctx.tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for param, default in _defaults(fn):
                    budget = self._taken_off(fn, param) if _names(default, target.id) else None
                    if budget is not None:
                        self._report(node.value, budget, value, f"taken (as `{param}` of {fn.name}()) off")
                        return
            elif (
                margin
                and isinstance(fn, ast.BinOp)
                and isinstance(fn.op, ast.Add)
                and _names(fn.right, target.id)
                and (excess := self._excess_over_budget(fn.left)) is not None
            ):
                # ``len(prompt_tokens) - context_window + TIKTOKEN_ERROR_PADDING`` (set 54: arthur-bench)
                how = f"(as `{target.id}`) added as a margin to the excess over"
                self._report(node.value, excess, value, how)
                return

    def _fallback_reserve(self, node: ast.Assign) -> None:
        """``reserve = int(cfg.get("output_reserve", 8000) or 8000)`` ... ``window - reserve``: a local
        bound to a config's fallback and taken off a budget (a local bound to a budget getter's result
        counts: ``window = _model_context_window(model)``); the literal the config falls back to is
        the reserve (set 25: praisonai). Judged at the binding, whose line holds the number."""
        fn = self.ctx.function()
        target = node.targets[0] if len(node.targets) == 1 else None
        if fn is None or type(target) is not ast.Name or self.names.is_budget(target.id):
            return  # ``max_new_tokens = int(p.get("max_new_tokens", 256))``: PB101's fallback budget
        literal = next(iter(fallback_literals(node.value)), None)
        value = self.budget_literal(literal)
        if literal is None or value is None:
            return
        for sub in walk(fn):
            if isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.Sub) and _names(sub.right, target.id):
                budget = self._local_budget(fn, sub.left)
                if budget is not None:
                    self._report(literal, budget, value, f"(as `{target.id}`, a config's fallback) taken off")
                    if (key := read_key(node.value)) is not None:
                        self._read_keys[key] = budget
                    return

    def _local_budget(self, fn: ast.AST, left: ast.expr) -> str | None:
        """A budget, or a local every binding of which in ``fn`` is one (``window = get_window(m)``)."""
        budget = self.budget_expr(left)
        if budget is None and type(left) is ast.Name:
            values = [stmt.value for stmt in local_bindings(fn, left.id)]
            if values and all(self.budget_expr(v) is not None for v in values):
                budget = left.id
        return budget

    def _window_row(self, left: ast.expr) -> str | None:
        """``MODEL_TOKEN_LIMITS.get(model, 8192) - 1000``, ``WINDOWS[model] - 1000``: a row of a model ->
        window table (``window_rows``; set 31: athina). The module's tables are read once."""
        if self._tables is None:
            self._tables = window_tables(self.ctx.tree)
        table = window_row(left, self._tables, self.names)
        return table

    def visit_Module(self, node: ast.Module) -> None:
        self._tables = None
        self._getters: GetterWindows | None = None
        self._reserves: set[int] = set()
        self._margins = MarginArgs(self, node)
        #: keys whose ``.get`` fallback is a reserve taken off a budget -> the budget
        self._read_keys: dict[str, str] = {}
        self._keyed: list[tuple[str, ast.expr]] = []

    def visit_Return(self, node: ast.Return) -> None:
        """``return 200_000 - safety_margin`` in ``__get_model_limit``, whose result the module takes a
        number of tokens off: a window and its reserve (``getter_windows``; set 55: patchwork-cli)."""
        fn = self.ctx.function()
        if fn is None or node.value is None or self.ctx.tree is None:
            return
        if self._getters is None and isinstance(self.ctx.tree, ast.Module):
            self._getters = GetterWindows(self, self.ctx.tree)
        if self._getters is None:
            return
        found = self._getters.window_and_reserve(fn, node.value)
        if found is None:
            return
        window, reserve, use = found
        value = self.budget_literal(window)
        if value is not None and not is_reported(self, window):
            message = (
                f"hard-coded context window {value} returned by {fn.name}(), whose result the module {use}"
                "; keep the window in config (or read it from the model) so a new model needs no code change"
            )
            self.report_literal(window, message, value, "context_window")
        margin = self.budget_literal(reserve)
        if reserve is not None and margin is not None and id(reserve) not in self._reserves:
            self._reserves.add(id(reserve))
            message = (
                f"hard-coded reserve of {margin} tokens taken off the context windows {fn.name}() returns; "
                "keep the reserve in config (reserved_output) so every caller leaves the same room"
            )
            self.report_literal(reserve, message, margin, "context_window reserve")

    def visit_Dict(self, node: ast.Dict) -> None:
        self._keyed.extend(keyed_fallbacks(node))

    def leave_Module(self, node: ast.Module) -> None:
        """``{"output_reserve": getattr(args, "reserve", 8000)}``: a reserve written under the key a
        config's fallback reads before it is taken off a budget."""
        record_returns(self, node)
        for overhead, amount, message, name in token_overheads(self, node):  # ``total += 4  # per message``
            self.report_literal(overhead, message, amount, name, scoped=False)
        for key, literal in self._keyed:
            budget = self._read_keys.get(key)
            value = self.budget_literal(literal) if budget is not None else None
            if budget is not None and value is not None:
                self._report(literal, budget, value, f'(written as "{key}", read as a reserve) taken off')

    def _taken_off(self, fn: ast.FunctionDef | ast.AsyncFunctionDef, param: str) -> str | None:
        """The budget ``fn`` takes its parameter ``param`` off (``budget - param``), if any."""
        for node in walk(fn):
            if (
                isinstance(node, ast.BinOp)
                and isinstance(node.op, ast.Sub)
                and _names(node.right, param)
                and (budget := self.budget_expr(node.left) or self._share_of_budget(node.left))
            ):
                return budget
        return None

    def _share_of_budget(self, node: ast.expr) -> str | None:
        """``int(capability.context_window * safety_factor)``: a share of a budget, converted."""
        while (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in {"int", "round", "floor"}
            and len(node.args) == 1
        ):
            node = node.args[0]
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Div, ast.FloorDiv)):
            return self.budget_expr(node.left) or (
                self.budget_expr(node.right) if isinstance(node.op, ast.Mult) else None
            )
        return None

    def _window_literal(self, node: ast.BinOp) -> None:
        """``128000 - self.SCREENSHOT_TOKENS - prompt_tokens - 1000``: a context window written as a
        number, token counts taken off it (set 13: magentic-ui). Judged from the innermost subtraction
        (a visit of ``Constant`` nodes would make the walk descend into every one)."""
        left = node.left
        if type(left) is not ast.Constant or type(left.value) is not int:
            return
        value = self.budget_literal(left)
        if value is None or not self._takes_tokens(node):
            return
        if left.value < 512:  # no model's window: a section's cap, bound so (``section_minuends``)
            if (name := section_budget(self, node)) is not None:
                self.report_literal(left, section_message(value, name), value, name)
            return
        message = (
            f"hard-coded context window {value} that token counts are taken off; keep the window in "
            "config (or read it from the model) so a new model needs no code change"
        )
        self.report_literal(left, message, value, "context_window")

    def _takes_tokens(self, node: ast.BinOp) -> bool:
        """The subtraction chain ``node`` belongs to takes a number of tokens off its leftmost term."""
        chain: ast.expr = node
        for anc in reversed(self.ctx.ancestors[:-1]):
            if isinstance(anc, ast.BinOp) and isinstance(anc.op, ast.Sub) and anc.left is chain:
                chain = anc
            else:
                break
        while isinstance(chain, ast.BinOp) and isinstance(chain.op, ast.Sub):
            if self.token_amount(chain.right) or counter_call(self, chain.right):  # ``2048 - count(p)``
                return True
            chain = chain.left
        return False

    def _excess_over_budget(self, node: ast.expr) -> str | None:
        """``total_tokens - context_window``: how far a token count runs over a budget; a number added
        to it (``+ 200``) is a margin cut beyond the budget, a reserve (set 29: docetl)."""
        if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub)):
            return None
        left = node.left
        while isinstance(left, ast.BinOp) and isinstance(left.op, ast.Sub):
            left = left.left
        return self.budget_expr(node.right) if self.token_amount(left) or token_local(self, left) else None

    def _remainder_of_budget(self, node: ast.BinOp, left: ast.expr) -> str | None:
        """``remaining_tokens = available_tokens - used_tokens`` ... ``remaining_tokens - 20``: a local
        every binding of which is what is left of an amount after a use is taken off, when that
        amount is a budget or the reduced remainder cuts a token list (set 29: docetl); a count
        (``num_tokens - 100``) is no remainder."""
        fn = self.ctx.function()
        if fn is None or type(left) is not ast.Name:
            return None
        values = [stmt.value for stmt in local_bindings(fn, left.id)]
        found = []
        for value in values:
            if isinstance(value, ast.Constant) and value.value == 0:
                continue  # ``remaining = 0``: the budget spent (set 381: repotrim's packet)
            if not (isinstance(value, ast.BinOp) and isinstance(value.op, ast.Sub)):
                return None
            first = value.left
            while isinstance(first, ast.BinOp) and isinstance(first.op, ast.Sub):
                first = first.left
            found.append(self.budget_expr(first) or bounds_token_counts(self, fn, first))
        if not found:
            return None
        return left.id if all(found) else self._weak_budget_reaching_tokens(node, left.id)

    def _weak_budget_reaching_tokens(self, node: ast.BinOp, name: str) -> str | None:
        """``segment_len = max_len - 100`` ... ``tokens[i : i + segment_len]``: a weakly named length
        whose remainder is used as tokens (``token_reach``; set 18: gptcache)."""
        fn = self.ctx.function()
        if fn is None:
            return None
        if self._reach is None or self._reach.rule is not self:
            self._reach = TokenReach(self)
        owner = self.ctx.enclosing_class()
        return name if self._reach.of_node(fn, node, owner) is not None else None

    def _weak_budget_against_tokens(self, left: ast.expr) -> str | None:
        """``if current_tokens < budget - 1000``: a plain ``budget`` compared with a number of tokens."""
        name = attr_name(left)
        if not name or not self.names.is_weak_budget(name):
            return None
        parent = self.ctx.parent(self.ctx.ancestors[-1]) if self.ctx.ancestors else None
        for side in (parent.left, *parent.comparators) if isinstance(parent, ast.Compare) else ():
            if self.token_amount(side) or (
                isinstance(side, ast.BinOp)
                and (self.token_amount(side.left) or self.token_amount(side.right))
            ):
                return name
        return None

    @classmethod
    def check_project(cls, facts: Sequence[Fact], options: LintOptions) -> list[Finding]:
        """A count plus a literal given by position to another module's margin parameter; a reserve
        taken off another module's function returning the tokens left (``tokens_left``)."""
        return margin_reserves(cls, facts, options.root) + tokens_left_reserves(cls, facts, options.root)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        if not isinstance(node.op, ast.Sub):
            return
        value = self.budget_literal(node.value)
        name = attr_name(node.target)
        if value is not None and name and self.names.is_budget(name):
            self._report(node.value, name, value)


def _names(node: ast.expr | None, name: str) -> bool:
    return type(node) is ast.Name and node.id == name


def _defaults(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[str, ast.expr]]:
    """(parameter, default) of each parameter of ``fn`` given a default."""
    args = fn.args
    positional = [*args.posonlyargs, *args.args]
    pairs = list(zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True))
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None]
    return [(a.arg, d) for a, d in pairs]
