"""PB105 budget-ratio: a hard-coded fraction of a context window or token budget."""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.bound_shares import limit_share_bound
from prompt_budget.lint.budget_growth import budget_factor
from prompt_budget.lint.budget_halves import budget_half
from prompt_budget.lint.budget_holders import held_budget
from prompt_budget.lint.budget_overrides import BudgetOverrides
from prompt_budget.lint.budget_proportions import scaled_proportion
from prompt_budget.lint.char_budget_shares import char_budget_shares
from prompt_budget.lint.clamped_shares import decide_all_shares
from prompt_budget.lint.compacted_shares import compacted_reads, keyed_arguments, keyed_reports
from prompt_budget.lint.compared_shares import compared_shares, unpacked
from prompt_budget.lint.compress_rates import compression_rate
from prompt_budget.lint.described_shares import option_share, stated_token_share
from prompt_budget.lint.device_memory import share_of_device_memory
from prompt_budget.lint.divisor_tables import DivisorTables
from prompt_budget.lint.fallbacks import keyed_fallbacks, read_key
from prompt_budget.lint.flow import Binding, Bindings, Uses, against_flow, default_of, is_test_module
from prompt_budget.lint.forms import character_sizes, per_token_key
from prompt_budget.lint.handed_names import kept_as_is
from prompt_budget.lint.imported_ratios import record_ratio_facts, watch_imported
from prompt_budget.lint.item_shares import scales_no_tokens
from prompt_budget.lint.keyed_ratios import fallback_shares, lookup_fact, lookup_key, named_shares, share_of
from prompt_budget.lint.keyed_shares import factor_keys, holds_share, table_share
from prompt_budget.lint.mixing_weights import mixing_weight
from prompt_budget.lint.names import words
from prompt_budget.lint.own_loops import in_own_loop
from prompt_budget.lint.passed_ratios import passed_ratios
from prompt_budget.lint.percent_shares import PercentShares
from prompt_budget.lint.property_budgets import property_shares
from prompt_budget.lint.quota_reads import quota_read
from prompt_budget.lint.ratio_getters import ratio_getters
from prompt_budget.lint.ratio_names import (
    BUDGET_SUMMARY,
    budget_scale_name,
    compacting_callee,
    described_as_score,
    described_as_share,
    described_otherwise,
    documented_as_budget_share,
    documented_budget_scale,
    fraction,
    generic,
    judging,
    parameter_says_score,
    scale,
    share_beside_budget,
    share_of_machine_memory,
    token_share,
)
from prompt_budget.lint.ratio_reads import context_fraction, own_share, report_margin_read, usage_thresholds
from prompt_budget.lint.read_fractions import fraction_operand, keyed_facts, keyed_read, project_shares
from prompt_budget.lint.rule import BUDGET_WORDS, Report, attr_name, callee_name, defaults, number
from prompt_budget.lint.rules.pb105_cases import CASES_INVALID, CASES_VALID
from prompt_budget.lint.score_defaults import named_after_scores, score_compared, statistic_fallback
from prompt_budget.lint.share_bases import linear_base
from prompt_budget.lint.share_getters import getter_shares
from prompt_budget.lint.share_tables import table_shares
from prompt_budget.lint.share_units import class_sizes, other_units_share, overlap_of_characters
from prompt_budget.lint.shared_slots import report_same_slots
from prompt_budget.lint.shares import (
    budget_share,
    clamped_share,
    half_floor,
    margin_on_budget,
    margin_value,
    numerator,
    share_reaching_tokens,
)
from prompt_budget.lint.shrink_factors import shrink_factors
from prompt_budget.lint.style_thresholds import shown_only
from prompt_budget.lint.table_windows import window_product
from prompt_budget.lint.token_quotas import token_quota_name
from prompt_budget.lint.token_reach import TokenReach
from prompt_budget.lint.weak_budget_shares import WeakBudgetShares

_ADVICE = "move it to config so the threshold can be tuned per model"  # what every PB105 finding advises


class BudgetRatio(DivisorTables):
    """A ratio threshold of a window or budget written as a literal: ``0.8 * context_window``,
    ``int(max_tokens * 0.9)``, ``budget * ((1 - share) * 0.5)`` (a product of the budget and complements of shares), a share of a local derived from a budget (``input_capacity = usable_window - output_reserve`` ... ``int(input_capacity * 0.90)``), ``if used / window > 0.75``, ``summary_trigger_ratio = 0.9``, or a
    generic ``threshold = 0.7`` in a class or function that handles a token budget (a class's own: a budget elsewhere in the module does not make a class's threshold a budget ratio). A share whose
    name says tokens and what part of an amount it keeps (``SUMMARY_TOKEN_BUFFER = 0.8``) is one too. A ratio named by what it does (``summarization_ratio``) in a class whose sizes count characters
    (compared with a ``len()``) is not. A generic ratio parameter whose own docstring entry says tokens or the context window (``threshold: Token count or percent of context window``) is one, and so is a
    fraction of a number whose name says nothing when the data flow takes the share to a token use (``warn_at = int(0.9 * threshold)`` ... ``if total_tokens > warn_at``), or a class's field its property multiplies by another field and a count of tokens is ordered against (``property_budgets``).

    LangChain's context size ``trigger=("fraction", 0.85)`` is a share of the window as a ``trigger``/``keep`` setting or beside a size in tokens or messages. A constant given as a
    parameter's default is followed to the parameter's uses; a share held back from a quota of tokens
    (``token_limit_per_minute * (1 - buffer_ratio)``, ``int(self.tpm_limit * 0.95)``) is one, and so is a
    module constant named as a share whose product reaches a token use (``int(window *
    _THRESHOLD_FRACTION)`` stored as the threshold compared with ``total_tokens``). A ratio keyword given to a callable that
    compacts, summarizes or trims a conversation (``SummarizingCompaction(max_fraction=0.8)``) is a
    share of the window, and so is a name bound to a share given under it (``head_ratio=self.head_ratio``), with a config's fallback read under that key (``cls(head_ratio=data.get("head_ratio", 0.3))``).

    A share written as a division by a whole number (3 to 16) is one too: ``min(2048, context_size // 4)``,
    ``get_max_tokens(model) // 4``, or a count of tokens divided into a length limit (``n = int(len(tokens) / 4)``
    ... ``max_length=n``), or a token splitter's chunk size divided into its overlap (``chunk_overlap=min(chunk_size
    / 4, 64)``). Halving (``// 2``) is not reported, nor a length in characters divided so (PB104's characters per
    token), except half a budget kept as a floor beside what a reserve leaves of it (``max(context_window -
    RESERVE_TOKENS, context_window // 2)``), or half a token count bound as a budget that ``min()`` then clamps
    (``budget = tokens // 2``), or half a budget given as a budget keyword (``max_tokens=max_tokens // 2``, also on one branch of a conditional), returned by a function named as a budget, ordered against a count of tokens (also half of a read named as the window bound to a local so ordered: ``target = self.profile.context // 2`` ... ``estimate_messages_tokens(kept) <= target``), clamped against another budget (``min(SEED_CAP_TOKENS, budget // 2)``) or bound as another budget, a name or a key (``max_tokens = int(model.context_length / 2)``); parts of an amount whose name says nothing returned so are one too (``return max(1, low_watermark * 2 // 3)`` from ``def _target_tokens``). A budget divided by a larger whole number (17 to 999) is a share where
    ``min``/``max`` clamps it against a literal bound of tokens (``max(2048, summarization_max_tokens // 20)``); a
    division by a thousand (``tokens / 1000 * price``) or one clamped by a bound too small for tokens is a unit.

    A share reached through a config's fallback (``threshold = float(cfg.get("threshold", 0.8) or 0.8)``, ``getattr(cfg, "share", 0.8)``) is followed to its uses (``used_tokens < budget * threshold``), and a dict entry written under the key that fallback reads is the same share. A table of shares read by key as the factor of a budget (``max_tokens * profile["max_share"]``) is reported once, at its first share; a lone ``// 4`` of a length is a share when the function splits the same length in other parts too (``max_length * 3 // 4`` beside ``max_length // 4``). A generic ratio whose own field or option text says compaction, the context or tokens is one; one whose text says something else (``description="Threshold for filtering references"``) is not, nor a ratio whose field or docstring entry calls it a share of a count of something else ("ratio of total requests"); a ratio (also ``1/3``) whose trailing comment calls it a share of tokens, a budget or the context is one. A generic ratio set again in a function that reads the same name from a config (``threshold = 0.8`` after ``kwargs.get("threshold", 0.8)``) is decided by that read's flow. A name saying a percent (``warn_at_pct = 80``) is a share written on another scale: reported when a read of it turned into a fraction (``/ 100``) multiplies a budget or a count of tokens, is ordered against a count of tokens or is taken only when a budget is set, or when it is ordered against a percent of a share of tokens (``pct_used = total_tokens / context_window * 100`` ... ``if pct_used >= _WARN_PCT``). A share a getter of the module returns (``return float(os.getenv("X_WARN", "0.8"))``, clamped or not) is one where a call of it scales a budget (``budget * _warn_frac()``, ``share_getters``).

    A ratio whose every read scales an amount of something else than tokens (``total_training_steps *
    _WINDOW_FRACTION``: a share of training steps; steps, epochs, batches, samples, seconds, lines) is
    not a share of a budget, whatever its name says, nor one ordered only against a share of money (``cost_usd / budget_usd >= WARN_AT``). One ordered against a share of the window computed in the function (``ratio = used_tokens / self.context_limit`` ... ``ratio >= self.BLOCK_THRESHOLD``), or returned by a property or method of the module (``util = quota.utilisation`` ... ``util >= self.ROTATION_THRESHOLD``, ``return min(1.0, self.tokens_used / self.tokens_limit)``), is one.
    A plain ``budget`` the function shows is of tokens (another share of it reaches a token use, or it is given as ``context_budget=budget``) makes each literal share of it there one (``int(budget * 0.10)``, or a local bound only to shares: ``a, b = 0.6, 0.4`` ... ``int(budget * a)``). A module table of shares (``TARGETS = [0.7, 0.5, 0.3]``) an item of which scales a budget or is ordered against a share of tokens is one, reported at its first share, and so is a whole-number part of a local bound to a reported share (``budget_docs = int(budget * 0.2)`` ... ``budget_docs // 4``), and a margin on a budget's proportion to a count of tokens (``ratio = budget / tokens`` ... ``int(len(text) * ratio * 0.9)``).
    LLMLingua's compression rate (``compress_prompt(prompt, rate=0.33)`` of ``llmlingua``'s ``PromptCompressor``, inline or reached from a parameter's default) is the share of the prompt's tokens kept; a ``rate=`` of any other call is not. A budget scaled in place by a literal (``request["max_tokens"] *= 2``) is a budget factor,
    and so is a budget grown up to a token limit (``min(base * 4, MAX_TOKENS_LIMIT)``), or an output cap sized as a multiple of a count of tokens (``max_tokens = int(count_tokens(text) * 2.5)``). A share of a model's window read from a table of windows by model (``int(WINDOWS.get(model, 8192) * 0.75)``) is one.
    A margin (above 1, at most 2) bound to a name is one when a read scales a token estimate checked against a budget (``buffer_frac: float = 1.1`` ... ``n_tok_est(prompt) * buffer_frac > context_length``). A share of a local whose name says characters, bound once to a budget times a rate of characters per token, is a share of that budget (``max_chars = max_tokens * 4`` ... ``int(max_chars * 0.15)``, ``max_chars * (0.4 if big else 0.3)``, or a local table of shares read by key, ``total_chars * weights.get(name, 0.1)``: its first share and the fallback). A share (0.05 or more) of a text's token count bound to a local that a running count of tokens is ordered against is the part of the prompt kept (``tokens = count_tokens(prompt)``, ``target = int(tokens * 0.70)`` ... ``if used + lt > target``), and so is a chunk size ordered against a token count divided into the overlap (``overlap = chunk_size // 4`` ... ``if est <= chunk_size``, ``est = estimate_tokens(text)``).

    A ratio named for memory alone (``memory_margin_fraction``) in a module naming a device's memory (``gpu_memory_utilization``) is a share of that memory, followed by data flow. Similarity scores, temperatures, top-p, penalties and probabilities are not budgets: a generic ratio name is reported only when its name is nothing but ratio words and a budget is in scope, and a ratio compared with a score (``c["relevance_judgement"] >= self.context_threshold``) is a cut-off on
    the score, whatever its name says. A ratio a loop rescales by a number (``fraction /= 2``) is a search's step, not a share to tune. A fraction passed for a parameter whose default is reported (``Detector(critical_fraction=0.92)``) is one."""

    CODE = "PB105"
    PROJECT_WIDE = True
    check_project = project_shares  # a percent or a dict's share bound in one module, read in another
    NAME = "budget-ratio"
    SUMMARY = "Hard-coded ratio threshold of a context window or token budget (0.8 * context_window)"
    DEFAULT_MIN_VALUE = 0
    PRECHECK = (re.compile(BUDGET_WORDS.pattern + "|summar|compact|compress|truncat|fraction|n_predict|tpm"),)
    VALID = CASES_VALID
    INVALID = CASES_INVALID

    # generic ratio names: a frame per scope, whether a budget name was seen in it, and the reports waiting
    # for that: (the name, the report, whether a parameter, which only the function's budget decides)
    _frames: list[tuple[list[bool], list[tuple[str, Report, bool]]]]
    _bindings: Bindings

    #: Whether the evidence a generic ratio name waits for is gathered: the budget names read in each
    #: scope, the names compared with a score. ``lint/prune.py`` turns it off for a first walk of a file,
    #: which stands only if no generic ratio name was bound (``generic_bound``); else the file is walked
    #: again with it on. Most files bind none, and a budget-name test for every name read is most of
    #: this rule's time.
    gather_evidence = True

    def visit_Module(self, node: ast.Module) -> None:
        self._frames = [([False], [])]
        self._bindings = Bindings()
        self._uses = Uses()
        self._imported = watch_imported(node, self._uses, self.ctx.path)  # set 611
        self._ready: list[tuple[str, Report, bool]] = []
        #: ratios whose name says which budget they divide (``compact_threshold``), judged at the end
        self._named: list[tuple[str, Report]] = []
        #: names rescaled in a loop by a literal (``fraction /= 2``): a search's step, no setting
        self._rescaled: set[str] = set()
        #: names bound to a margin (``buffer_frac = 1.1``), waiting for a read scaling a token estimate
        #: against a budget: name -> (the literal, its value)
        self._margins: dict[str, tuple[ast.expr, float, tuple[str, ...]]] = {}
        self._score_compared: set[str] = set()
        #: ratios whose name says tokens, waiting for the data flow (``ratio_names.token_share``)
        self._token_shares: list[Report] = []
        #: a local bound to a config's fallback -> the key its ``.get`` reads; the dict entries
        #: written under a key (``{"threshold": getattr(args, "t", 0.8)}``), judged with that local
        self._read_keys: dict[str, str] = {}
        self._keyed: list[tuple[str, ast.expr]] = []
        self._lookup_keys: dict[int, str | None] = {}  # a keyed read's followed fallback (by id) -> the key
        self._keyed_args: list[tuple[str, ast.expr, float]] = []
        self._compacted: dict[str, str] = {}  # shares handed on to a compacting callable, and why
        self._tables: list[ast.Dict] = []  # the outermost dicts holding a share under a string key
        self._overrides = BudgetOverrides(ratio=True)  # fractions passed for a reported parameter (set 159)
        #: names ordered against a string's length or cutting a string (read on the first question)
        self._character_sizes: set[str] | None = None
        #: a generic ratio name was bound (``lint/prune.py`` walks the file again with more lines then)
        self.generic_bound = False
        #: (function, name) of the names followed by data flow (a config read's fallback), per function
        self._followed: set[tuple[int, str]] = set()
        #: where a share of a number whose name says nothing ends up (made on the first question)
        self._reach: TokenReach | None = None
        self._weak = WeakBudgetShares()  # shares of ``budget`` its function shows is of tokens
        self._percents = PercentShares()  # ``warn_at_pct = 80``, judged at the end by data flow

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        self._frames.append(([False], []))
        self._seen(node.name)

    visit_AsyncFunctionDef = visit_ClassDef = visit_FunctionDef

    def leave_FunctionDef(self, node: ast.AST) -> None:
        seen, pending = self._frames.pop()
        if pending and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)  # "Check if any budget dimension is approaching..."
            pending = [p for p in pending if not (p[2] and parameter_says_score(self.names, node, doc, p[0]))]
        if pending and not seen[0] and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            seen[0] = bool(doc and BUDGET_SUMMARY.search(doc.strip().split("\n\n")[0]))
            if not seen[0] and doc:
                # ``threshold: Token count or percent of context window to trigger compaction.``: the
                # parameter's own entry says what it divides (set 20: inspect-ai's compaction strategies)
                documented = [p for p in pending if p[2] and documented_as_budget_share(node, p[0])]
                for name, report, param in documented:
                    said = f"{name} = {report.value}, documented as tokens or a share of the context window"
                    report.message = f"hard-coded budget ratio {said}; {_ADVICE}"
                    self._ready.append((name, report, param))
                pending = [p for p in pending if p not in documented]
        if seen[0]:
            self._ready.extend(pending)
        elif self._frames and pending and not isinstance(node, ast.ClassDef):
            # a budget further out counts, not for a parameter (``def _fuzzy_match(a, b, threshold=0.8)``)
            self._frames[-1][1].extend(p for p in pending if not p[2])
        # a class's own (set 17) or a module's: its reads decide (sets 99, 545; a parameter's: ``clamped_shares``)
        for name, report, _ in (
            pending if isinstance(node, (ast.ClassDef, ast.Module)) and not seen[0] else ()
        ):
            self._follow(name, report.node, report.value)  # type: ignore[arg-type]

    leave_AsyncFunctionDef = leave_ClassDef = leave_FunctionDef

    def leave_Module(self, node: ast.Module) -> None:
        self.leave_FunctionDef(node)
        # by data flow: one compared with a score (``self.score >= self.threshold``) is a quality threshold, so
        # is one scaling another amount at every read, rescaled in a loop, or ordered against money's share
        compared = compared_shares(self, node, self._ready, self._named, self._bindings, self._uses)
        dropped = self._score_compared | self._rescaled
        ready = [
            (n, r)
            for n, r, _ in self._ready
            if n not in dropped and not scales_no_tokens(node, n, self.names)
        ]
        named = named_after_scores(self, node, self._named, self._score_compared, dropped)  # set 561
        self.ctx.reports.extend(r for n, r in ready + named if not compared.no_token_share(n))
        decide_all_shares(self, self._bindings, self._uses)  # ``int(limit * FRACTION)`` reaching tokens
        # ``int(self.window * self.pressure_frac)``, ``budget * _warn_frac()`` (set 561)
        for share in (*property_shares(self, node), *getter_shares(self, node)):
            self._report(*share)
        candidates = self._bindings.by_name
        # ``self._threshold = threshold`` ... ``self._max_tokens * self._threshold``: the attribute's use decides
        followed: set[int] = set()
        for name in list(candidates):
            # ``ratio = used / window`` ... ``ratio >= self.BLOCK_THRESHOLD`` (``compared_shares``)
            why = self._uses.reason(name) or self._compacted.get(name) or compared.token_share(name)
            # a name bound to one share in several places (``context_erase = 0.75`` in two methods): each is it
            for b in self._bindings.all_of(name) if why is not None else ():
                message = (
                    f"hard-coded budget ratio {name} = {b.value}: {why}; move it to config so the threshold "
                    "can be tuned per model"
                )
                self.report(b.literal, message, target=b.literal, value=b.value, key_parts=b.key_parts)
                followed.add(id(b.literal))
                lookup_fact(self, b.literal, self._lookup_keys.get(id(b.literal)), name, why)  # set 105
            key = self._read_keys.get(name)
            for entry, literal in self._keyed if why is not None and key else ():
                if entry == key and (value := fraction(literal)) is not None:
                    said = f'"{key}" = {value}, the share `{name}` reads: {why}'
                    self._report(literal, value, f"{key}", said)
            for literal, value, said in keyed_reports(self._keyed_args, name, why):
                self._report(literal, value, name, said)  # ``cls(head_ratio=data.get("head_ratio", 0.3))``
        self.ctx.reports.extend(r for r in self._token_shares if id(r.node) not in followed)
        shown = [n for n, _ in ready + named if not compared.no_token_share(n)]
        report_same_slots(self, node, shown, candidates, followed, _ADVICE)  # ``_resolve(self.target)``
        for literal, value, shares, said in (*table_shares(self, node), *passed_ratios(self, node)):  # set 96
            self._report(literal, value, shares, said)
        for literal, value, shares, said in ratio_getters(self, node):  # ``return 0.65`` (set 155)
            self._report(literal, value, shares, said)
        for literal, value, name, why in self._percents.decided(self, node):  # ``pct_used >= WARN_PCT``
            self._report(literal, value, name, f"{name} = {value:g}, a percent of a token budget: {why}")
        for literal, value, key, message in self._weak.decided(self, self._token_reach, _ADVICE):
            self.report(literal, message, target=literal, value=value, key_parts=(key, self.ctx.module_name))
        keyed_facts(self, node, self._tables)  # ``{"max_tokens": ..., "compact_at": 0.75}`` read elsewhere
        keys = factor_keys(self, self.ctx.tree) if self._tables else {}
        for table in self._tables if keys else ():
            if (found := table_share(table, keys)) is not None:
                literal, key, value, budget = found
                said = f'"{key}" = {value} in a table whose "{key}" multiplies `{budget}`'
                self._report(literal, value, key, said)
        record_ratio_facts(self, node, self._bindings, self._uses, self._imported)  # read in another module
        self._overrides.finish(self, node)  # last: what every step above reported

    def _seen(self, name: str, held: bool = False) -> None:
        if self.gather_evidence and (held or self.names.is_budget(name)):
            for seen, _ in self._frames:
                seen[0] = True

    def visit_Name(self, node: ast.Name) -> None:
        if self.gather_evidence:
            self._seen(node.id)
        if node.id in self._uses.watch:
            self._uses.read(node.id, self.ctx.ancestors, self, ratio=True)
            if node.id in self._margins:
                report_margin_read(self, node.id, self._margins, _ADVICE)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if self.gather_evidence:  # ``self._budgets.daily_prompt_tokens``: a budget by its holder (set 287)
            self._seen(node.attr, held_budget(self.names, node))
        if node.attr in self._uses.watch:
            self._uses.read(node.attr, self.ctx.ancestors, self, ratio=True)
            if node.attr in self._margins:
                report_margin_read(self, node.attr, self._margins, _ADVICE)

    def visit_arg(self, node: ast.arg) -> None:
        self._seen(node.arg)

    def _share_of_characters(self, name: str) -> bool:
        """``max_description_size = 512; summarization_ratio = 0.5`` cutting descriptions (set 17)."""
        sizes = class_sizes(self, name)
        if sizes and self._character_sizes is None:
            self._character_sizes = character_sizes(self, self.ctx.tree) if self.ctx.tree else set()
        return any(s in (self._character_sizes or ()) for s in sizes) or overlap_of_characters(self, name)

    def _named_ratio(self, name: str | None, literal: ast.expr | None, param: bool = False) -> None:
        """A ratio bound to a name: reported when its name says which budget it divides, or, generic, once one is in scope."""
        if described_as_score(literal):
            return
        original = literal
        documented = bool(name) and documented_budget_scale(name or "", literal)
        literal = default_of(literal)
        value = fraction(literal)
        if value is None and name and self._percents.bound(self, name, original):
            return  # ``warn_at_pct = 80`` ... ``max_tokens * warn_at_pct / 100``: decided at the end
        if value is None and name and (ratio := scale(literal)) is not None:
            if budget_scale_name(name):
                value = ratio
            elif documented and literal is not None:
                self._report(literal, ratio, name, f"{name} = {ratio}, documented as a scale of tokens")
                return
        if name and (shared := stated_token_share(self, name, literal, original)) is not None:
            return self._report(*shared[:2], name, f"{name} = {shared[1]:.3g}, {shared[2]}")
        if (
            value is None
            and name
            and not param
            and (shares := fallback_shares(literal))  # also through a helper: ``_clamp(getattr(...))``
        ):
            # ``threshold = float(cfg.get("threshold", 0.8) or 0.8)``: the share the config falls back
            # to, followed to its uses (``used < budget * threshold``; set 25: praisonai)
            self._follow(name, shares[0], share_of(shares[0]))
            if (key := read_key(literal)) is not None:
                self._read_keys[name] = key
            self._lookup_keys[id(shares[0])] = lookup_key(literal)  # the key read, a share of what it reaches
            return
        if (
            value is None
            and name
            and literal is not None
            and (margin := margin_value(literal)) is not None
            and not against_flow(name, share=True)
            and not is_test_module(self.ctx.path)
        ):
            # ``buffer_frac: float = 1.1``: a margin, followed to a read scaling a token estimate
            self._margins[name] = (literal, margin, self._key_parts(name))
            self._uses.watch.add(name)
            return
        if value is None or literal is None or not name:
            if name and not kept_as_is(literal, name):
                self._margins.pop(name, None)
                # ``self.ratio = ratio`` stores the parameter, it does not bind the name anew
                self._bindings.rebound(name)
            return
        if per_token_key(name) is not None:
            return  # ``TOKENS_PER_WORD_RATIO = 1.34``: a per-token conversion, PB104's (set 16: rank-llm)
        if other_units_share(self, name, original, param):
            return  # "Maximum window size as ratio of total requests" (set 49: guidellm)
        if self.names.is_budget_ratio(name):
            if share_of_device_memory(self.ctx.tree, name):  # ``memory_fraction`` beside ``gpu_memory_*``
                self._follow(name, literal, value)
            elif (
                not self._share_of_characters(name)
                and not share_of_machine_memory(self.ctx.tree, name)
                and not scales_no_tokens(self.ctx.tree, name, self.names, literal)
            ):
                # at the end of the module: one compared with a score is a cut-off on the score (set 42)
                before = len(self.ctx.reports)
                self._report(literal, value, name, f"{name} = {value}")
                self._named.append((name, self.ctx.reports.pop(before)))
                self.generic_bound = True
            elif self._share_of_characters(name):  # data flow decides (set 97: vaal-code's lists cut)
                self._follow(name, literal, value)
        elif token_share(self.names, name, value) and not mixing_weight(self.ctx.tree, name):
            # reported at the end of the module unless a use found by data flow says more
            before = len(self.ctx.reports)
            self._report(literal, value, name, f"{name} = {value}, a share of a token amount")
            self._token_shares.append(self.ctx.reports.pop(before))
            self._follow(name, literal, value)
        elif generic(self.names, name) and not judging(self.ctx.scopes):
            if described_otherwise(original) or statistic_fallback(self.ctx.function(), name):
                return
            if (id(self.ctx.function()), name) in self._followed:
                # ``threshold = kwargs.get("threshold", 0.8)`` ... ``threshold = 0.8`` when the read fails:
                # the read's flow decides in this function (set 49: chainforge's similarity threshold)
                self._follow(name, literal, value)
                return
            if described_as_share(original):
                self._report(literal, value, name, f"{name} = {value}, described as a share of the context")
                return
            before = len(self.ctx.reports)
            self._report(literal, value, name, f"{name} = {value} beside a token budget")
            self._frames[-1][1].append((name, self.ctx.reports.pop(before), param))
            self.generic_bound = True
        else:
            self._follow(name, literal, value)

    def _follow(self, name: str, literal: ast.expr, value: float) -> None:
        """Follow ``name``, bound to the ratio ``literal``, to its uses (the data flow), where the name
        may be followed; else it is bound to something that is no candidate."""
        if (
            against_flow(name, share=True)
            or name.lower() in self.names.ignore_names
            or is_test_module(self.ctx.path)
        ):
            self._bindings.rebound(name)
            self._followed.add((id(self.ctx.function()), name))
            return
        self._bindings.add(Binding(literal, name, value, self._key_parts(name)))
        self._uses.watch.add(name)
        self._followed.add((id(self.ctx.function()), name))

    def _key_parts(self, name: str) -> tuple[str, ...]:
        """The config key's parts of a share bound to ``name`` here, most specific first."""
        scope = self.scope_key()
        if name.isupper():
            return (name, self.ctx.class_name(), self.ctx.module_name)
        return (f"{scope} {name}" if scope else name, self.ctx.module_name)

    def _report(self, literal: ast.expr, value: float, name: str, what: str) -> None:
        if any(r.target is literal and r.code != self.CODE for r in self.ctx.reports):
            return  # ``int(max_tokens * 0.75)`` PB104 read as words per token (set 263: pixelml-av)
        message = f"hard-coded budget ratio {what}; {_ADVICE}"
        # the key says it is a ratio (``compact_threshold_ratio``), not a number of tokens
        ws = words(name)
        key = name if ws and ws[-1] in {"ratio", "fraction", "percent", "pct"} else f"{name} ratio"
        self.report_literal(literal, message, value, key, scoped=not name.isupper())

    # --- the visits

    def visit_BinOp(self, node: ast.BinOp) -> None:
        if char_budget_shares(self, node, self._report):  # ``max_chars * 0.15``, ``chunk_size // 4``
            return
        if (grown := budget_factor(self, node)) is not None:  # ``min(base * 4, LIMIT)``, ``budget = n // 2``
            self.report_literal(grown[0], f"{grown[2]}; {_ADVICE}", grown[1], grown[3])
            return
        if isinstance(node.op, (ast.Div, ast.FloorDiv)):
            share = budget_share(self, node)
            if share is not None:
                parts, name = share
                op = "//" if isinstance(node.op, ast.FloorDiv) else "/"
                shown = ast.unparse(node.left)
                shown = shown if len(shown) <= 40 else f"{name}(...)"
                message = (
                    f"hard-coded budget share `{shown} {op} {parts}`, {numerator(node)}/{parts} of a token "
                    "amount; move the divisor to config so the share can be tuned per model"
                )
                self.report_literal(node.right, message, parts, f"{name} divisor")
            elif (clamped := clamped_share(self, node)) is not None:
                parts, name, clamp = clamped
                message = (
                    f"hard-coded budget share `{ast.unparse(node)}`, 1/{parts} of a token amount clamped by "
                    f"{clamp}() against a bound in tokens; move the divisor to config so the share can be "
                    "tuned per model"
                )
                self.report_literal(node.right, message, parts, f"{name} divisor")
            elif (floor := half_floor(self, node)) is not None:
                halved, rest = floor
                message = (
                    f"hard-coded budget share `{ast.unparse(node)}`, 1/2 of `{halved}` kept as a floor "
                    f"beside `{rest}` in max(); move the divisor to config so the share can be tuned per model"
                )
                self.report_literal(node.right, message, 2, f"{halved} divisor")
            elif (half := budget_half(self, node)) is not None:
                self.report_literal(node.right, half[0], 2, half[1])  # ``max_tokens=max_tokens // 2``
            else:
                self._weak.divided(self, node)  # ``budget_summaries // 4``, judged at the end
            return
        if not isinstance(node.op, ast.Mult):
            return
        if (margin := margin_on_budget(self, node)) is not None:
            scaled, by, of, how = margin
            self._report(scaled, by, f"{of} margin", how)
            return
        for operand, other in ((node.left, node.right), (node.right, node.left)):
            literal, value = fraction_operand(operand)  # ``0.75``, ``3 / 4``, ``cfg.get("share", 0.75)``
            budget = (self.budget_expr(other) or window_product(self, node, operand)) if value else None
            budget = budget or (scaled_proportion(self, other) if value else None)  # ``* (budget / n) * 0.9``
            budget = budget or (limit_share_bound(self, node, other) if value else None)
            if value is not None and budget is not None:
                if shown_only(self.ctx.function(), node):  # ``near = used >= 0.9 * n_ctx`` colours a bar
                    return
                keyed_read(self, node, operand, budget)  # the key read elsewhere too (``read_fractions``)
                written = ast.unparse(literal) if isinstance(literal, ast.BinOp) else value  # ``3 / 4``
                self._report(literal, value, f"{budget} ratio", f"{written} of {budget}")
                return
            quota, said = quota_read(other)  # ``self.tpm_limit * 0.95``, ``quota.tokens_per_minute * 0.6``
            if value is not None and quota and token_quota_name(quota):
                self._report(literal, value, f"{quota} ratio", f"{value} of the token quota `{said}`")
                return
            if value is not None and type(other) is not ast.Call and attr_name(other):  # ``limits["input"]``
                # ``int(0.9 * threshold)`` ... ``total_tokens > memory_warning_threshold`` (set 20)
                why = share_reaching_tokens(self, self._token_reach(), node, other)
                name = attr_name(other) or "amount"
                if why is None:  # ``int(budget * 0.10)`` beside a share of ``budget`` that reaches one
                    self._weak.wait(self, name, literal, value)
                else:
                    self._weak.reached(self, name, node.lineno)
                    what = f"a share reaching a token use: {why}"
                    self._report(literal, value, f"{name} ratio", f"{value} of `{name}`, {what}")
                    if (base := linear_base(self, node)) is not None:  # ``0.70 - 0.30 * t`` (``share_bases``)
                        self._report(base[0], base[1], f"{name} base ratio", f"{base[2]}, {what}")
                    return

    def _token_reach(self) -> TokenReach:
        self._reach = self._reach or TokenReach(self)
        return self._reach

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        """``request["max_tokens"] *= 2``: a budget scaled in place by a literal factor, the share (or
        multiple) of it that the code then asks for (set 36: sammo doubles a thinking model's cap so the
        answer gets as much room as the thinking budget)."""
        value = number(node.value)
        if (
            isinstance(node.op, (ast.Mult, ast.Div, ast.FloorDiv))
            and value is not None
            and (rescaled := attr_name(node.target))
            and in_own_loop(self.ctx.ancestors)
        ):
            # ``fraction /= 2`` in a loop: the ratio is a binary search's step (set 42: spacy-llm's
            # sharding halves the share of the doc until the prompt fits), not a share to tune
            self._rescaled.add(rescaled)
        if not isinstance(node.op, ast.Mult) or is_test_module(self.ctx.path):
            return
        if value is None or isinstance(value, bool) or value <= 0 or value == 1:
            return
        budget = self.budget_expr(node.target)
        if budget is not None:
            scaled = f"{ast.unparse(node.target)} *= {value}"
            message = f"hard-coded budget factor `{scaled}` scales the budget `{budget}` in place; {_ADVICE}"
            self.report_literal(node.value, message, value, f"{budget}_factor")

    def visit_Dict(self, node: ast.Dict) -> None:
        self._keyed.extend(keyed_fallbacks(node))
        for key, literal in named_shares(self, node):  # ``{"tool_budget_ratio": 0.45}``, as a field
            self._named_ratio(key, literal)
        self._percents.bound_entries(self, node)  # ``{"run_hard_pct_of_capacity": 40}``
        if not isinstance(self.ctx.parent(node), ast.Dict) and holds_share(node):
            self._tables.append(node)  # ``{"low": {"max_share": 0.33}}``, judged by the module's reads

    def visit_Tuple(self, node: ast.Tuple) -> None:
        """LangChain's context size ``trigger=("fraction", 0.85)``: a share of the context window, as a
        ``trigger``/``keep`` setting or beside a size in tokens or messages (set 15: deepagents)."""
        if (found := context_fraction(self, node)) is not None:
            self._report(*found)

    def visit_Compare(self, node: ast.Compare) -> None:
        if self.gather_evidence:  # a cut-off on a score (``score_defaults``)
            self._score_compared |= score_compared(self.names, node, self.ctx.function())
            self._seen("", held=own_share(self, node))  # ``self.usage_fraction(m) > threshold`` (set 589)
        for literal, value, name, what in usage_thresholds(self, node):  # ``if used / window > 0.75``
            self._report(literal, value, f"{name} usage threshold", what)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self._named_ratio(attr_name(target), node.value)
            for name, value in unpacked(target, node.value):  # ``alloc_code, alloc_docs = 0.80, 0.20``
                self._weak.bound(self, name, value)  # ``int(budget * alloc_code)``, at the end

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._named_ratio(attr_name(node.target), node.value)

    def visit_arguments(self, node: ast.arguments) -> None:
        for arg, default in defaults(node):
            self._named_ratio(arg.arg, default, param=True)

    def visit_Call(self, node: ast.Call) -> None:
        self._compacted.update(compacted_reads(self, node, self._uses.watch))  # ``(head_ratio=self.r)``
        self._overrides.call(self, node)
        self._keyed_args.extend(keyed_arguments(node))
        for key, literal in named_shares(self, node):  # ``getattr(cfg, "tool_budget_ratio", 0.45)``
            self._named_ratio(key, literal)
        for found in (*shrink_factors(self, node), *option_share(self, node)) if node.keywords else ():
            self._report(*found)  # ``reduction=0.65**attempt``, ``--merge-below-ratio`` (``option_share``)
        for kw in node.keywords:
            self._seen(kw.arg or "")
            value = fraction(kw.value)
            if value is None or kw.arg is None or per_token_key(kw.arg) is not None:
                continue
            if self.names.is_budget_ratio(kw.arg):
                self._report(kw.value, value, kw.arg, f"{kw.arg} = {value}")
            elif method := compression_rate(kw.arg, node, self.ctx.tree):
                # ``compress_prompt(prompt, rate=0.5)``: the share of the prompt's tokens LLMLingua keeps
                said = (
                    f"rate={value} given to LLMLingua's `{method}`, the share of the prompt's tokens it keeps"
                )
                self._report(kw.value, value, "compression_rate", said)
            elif share_beside_budget(self.names, kw.arg, node):
                self._report(kw.value, value, kw.arg, f"{kw.arg}={value} beside a token budget")
            elif (
                self.names.is_ratio(kw.arg)
                and not self.names.is_score(kw.arg)
                and compacting_callee(callee := callee_name(node) or "")
            ):
                self._report(
                    kw.value, value, kw.arg, f"{kw.arg}={value} given to `{callee}`, a share of the window"
                )
