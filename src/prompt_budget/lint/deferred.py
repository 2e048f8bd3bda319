"""PB102's numbers held until the end of their module, where what their reads met decides them.

A name bound to a number often says too little on its own: nothing at all (``padding = 4096``, a
candidate of ``flow.Bindings``), a window that may count characters (``max_context_length = 6000``),
tokens but not whether a limit or a cost (``SQUARE_TOKENS = 170``), or an estimate of a token amount
(``IMAGE_TOKEN_ESTIMATE = 500``). ``Deferred`` keeps each such number during the rules' one walk, beside
the reads ``flow.Uses`` gathers, and ``finish`` reports those the reads decide for at the module's end.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import zero
from prompt_budget.lint.branch_values import Held, branch_local_budgets
from prompt_budget.lint.char_params import given_as_characters
from prompt_budget.lint.character_reads import compared_with_length
from prompt_budget.lint.chunk_units import divides_tokens
from prompt_budget.lint.compared_counts import in_bucket_class
from prompt_budget.lint.compared_params import record_compared_params
from prompt_budget.lint.count_sentinels import stand_in_count
from prompt_budget.lint.flow import (
    BIND_FACT,
    USE_FACT,
    Binding,
    Bindings,
    Uses,
    against_flow,
    default_of,
    is_test_module,
)
from prompt_budget.lint.forms import character_sizes, length_bounds, per_token_name
from prompt_budget.lint.forwarded import record, record_base
from prompt_budget.lint.imported_characters import record_character_reads, record_unread, string_bound
from prompt_budget.lint.instance_lengths import instance_reach
from prompt_budget.lint.item_allowances import per_item_read
from prompt_budget.lint.names import TOKEN_WORDS, words
from prompt_budget.lint.retry_ceilings import retry_tokens
from prompt_budget.lint.rule import attr_name, callee_name, defaults, dotted, string_value
from prompt_budget.lint.splitter_constructors import constructor_size
from prompt_budget.lint.table_fallbacks import table_fallback
from prompt_budget.lint.text_cuts import cuts_text
from prompt_budget.lint.text_lengths import of_text
from prompt_budget.lint.token_cuts import cut_read
from prompt_budget.lint.token_estimates import estimated_read, media_budget, media_tokens, token_estimate
from prompt_budget.lint.token_reach import TokenReach
from prompt_budget.lint.token_windows import where_token_limit
from prompt_budget.lint.window_lengths import WindowLengths, setting_fallback

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule, Report

#: Words of a cache's size (``max_seq_len_cached``): what is precomputed, not a limit.
_CACHE_WORDS = frozenset({"cache", "cached"})

#: Words of a setting that chooses the unit its siblings' sizes count (``split_by``, ``split_unit``,
#: ``tokenizer``, ``chat_history_strategy``).
_UNIT_CHOOSERS = frozenset({"unit", "units", "by", "strategy", "tokenizer"})
#: Units such a setting's default may name instead of tokens.
_OTHER_UNITS = frozenset(
    {
        *("char", "chars", "character", "characters", "word", "words", "line", "lines"),
        *("message", "messages", "sentence", "sentences", "page", "pages", "passage", "paragraph"),
    }
)


def _other_unit(name: str, default: ast.expr | None) -> bool:
    """``split_by="word"``, ``tokenizer="character"``, ``strategy=Strategy.last_k_messages``: a
    setting whose default measures in something else than tokens (not LangChain's
    ``length_function=len``, which token splitters copied and do not read)."""
    ws = set(words(name))
    if not ws & _UNIT_CHOOSERS or default is None:
        return False
    said = set(words(string_value(default) or dotted(default)))
    return bool(said & _OTHER_UNITS) and not said & TOKEN_WORDS


def measured_otherwise(rule: LintRule, param: bool) -> bool:
    """The parameter (``param``) or class field being bound has a sibling choosing the unit sizes
    count, whose default is not tokens (haystack's ``split_length=200`` beside ``split_by="word"``,
    chonkie's ``chunk_size=2048`` beside ``tokenizer="character"``, set 17): by default its number
    counts that unit, whatever a token branch compares it with."""
    ctx = rule.ctx
    if param and isinstance(ctx.ancestors[-1], ast.arguments):
        return any(_other_unit(a.arg, d) for a, d in defaults(ctx.ancestors[-1]))
    owner = ctx.scopes[-1] if ctx.scopes else None
    if param or not isinstance(owner, ast.ClassDef):
        return False
    return any(
        _other_unit(attr_name(s.target) or "", default_of(s.value))
        for s in owner.body
        if isinstance(s, ast.AnnAssign)
    )


#: Words of a name counting sequences a forward pass takes at once (``batch_size``), not tokens.
_SEQUENCE_COUNT_WORDS = frozenset({"batch", "batches"})


def _counts_sequences(name: str) -> bool:
    """``batch_size = 512`` slicing ``input_ids[i : i + batch_size]`` along the batch: a number of
    sequences, not of tokens (set 21: garak's autodan), unless the name says tokens
    (``max_batch_tokens``)."""
    ws = set(words(name))
    return bool(ws & _SEQUENCE_COUNT_WORDS) and not ws & TOKEN_WORDS


@dataclass
class Deferred:
    """The numbers of one module held for its end, and the reads of their names."""

    #: ``flow.imported_names`` of the module: constants of other modules whose uses here may decide.
    imported: dict[str, str]
    bindings: Bindings = field(default_factory=lambda: Bindings(split_params=True))
    uses: Uses = field(default_factory=Uses)
    #: Window names without the word tokens (``max_context_length = 6000``): reported unless a read
    #: cuts a string with them (``context[:max_context_length]``: characters).
    phrase: list[tuple[str, Report]] = field(default_factory=list)
    #: Module constants named as budgets (``TOKEN_MAX = 512``): reported unless they are only the default of
    #: parameters the module orders against a string's length (``def token(value, *, max_length=TOKEN_MAX)`` ...
    #: ``len(value) > max_length``, set 219: merkl-sdk's identifiers), with no read of their own as tokens.
    defaults: list[tuple[str, Report]] = field(default_factory=list)
    #: ``<what>_tokens`` settings (``SQUARE_TOKENS = 170``): reported unless they are only added up.
    weak: list[tuple[str, Report]] = field(default_factory=list)
    #: Token estimates (``IMAGE_TOKEN_ESTIMATE = 500``): reported when added into a count or used as a
    #: budget.
    estimates: list[tuple[str, Report]] = field(default_factory=list)
    #: The tokens of a media item (``FALLBACK_AUDIO_TOKENS = 2000``): reported when a function
    #: estimating tokens returns or scales them (``estimated``), or a read uses them as a budget.
    media: list[tuple[str, Report]] = field(default_factory=list)
    estimated: set[str] = field(default_factory=set)
    #: The companies of the module's scopes, for lengths named ``max_length`` (``window_lengths``).
    windows: WindowLengths = field(default_factory=WindowLengths)
    #: What a name is stored in (``response_length: int = MAX_RESPONSE_LENGTH``: the constant -> the
    #: field), whose reads decide its unit too.
    stored: dict[str, set[str]] = field(default_factory=dict)
    #: Names given to a function cutting strings (``truncate_strings(payload, STRING_TRUNCATION_LENGTH)``):
    #: characters.
    to_strings: set[str] = field(default_factory=set)
    #: The parameters a name is the default of, whose stores (``self._size = size``) cut strings too.
    defaulted: dict[str, set[str]] = field(default_factory=dict)
    #: Budgets of a module defining Triton kernels (``PDL_MIN_PREFILL_TOKENS = 4096``): reported unless
    #: every read compares them (a threshold choosing how a kernel is launched, ``kernel_launch``).
    kernel: list[tuple[str, Report]] = field(default_factory=list)
    #: Of the names held in ``kernel``, those read other than in a comparison.
    not_compared: set[str] = field(default_factory=set)
    #: A class's constants read through ``self`` compared with a string's length (``len(prompt) >
    #: self.MAX_PROMPT_LENGTH``), and names read any other way (shown in an f-string's message is
    #: neither): a window name read only the first way counts characters.
    measured: set[str] = field(default_factory=set)
    not_measured: set[str] = field(default_factory=set)
    #: The watched names read in the module (a window constant read nowhere here waits for importers).
    read_here: set[str] = field(default_factory=set)
    #: Imported constants a function of the module returns (``return DEFAULT_OUTPUT_LIMIT``): followed
    #: past the return at the module's end (``constant_reach.decide_constants``) when no read decided.
    returned: set[str] = field(default_factory=set)
    #: A function's locals bound to numbers, for those ``bindings`` drops (``branch_values``).
    locals_of: dict[ast.AST, dict[str, list[Held]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.uses.watch.update(self.imported)

    def read(self, name: str, rule: LintRule) -> None:
        """``rule.ctx.ancestors[-1]`` reads the watched ``name``: what ``flow.Uses`` sees, and the
        fallback of a budget (``_fallback_use``)."""
        ancestors = rule.ctx.ancestors
        self.uses.read(name, ancestors, rule, ratio=False)
        loaded = not isinstance(getattr(ancestors[-1], "ctx", None), ast.Store) if ancestors else True
        if loaded:
            self.read_here.add(name)
            if name in self.imported and len(ancestors) > 1 and isinstance(ancestors[-2], ast.Return):
                self.returned.add(name)
        if loaded and (len(ancestors) < 2 or not isinstance(ancestors[-2], ast.Compare)):
            self.not_compared.add(name)
        if name not in self.uses.reasons and (turned := _turned_into_characters(rule, name, ancestors)):
            self.uses.reasons[name] = turned
        if loaded and len(ancestors) > 1 and not isinstance(ancestors[-2], ast.FormattedValue):
            read = ancestors[-1]
            measured = (
                (
                    isinstance(read, ast.Name) and of_text(ancestors[-2], read, rule.ctx.function())
                )  # ``len(req.input) > MAX_INPUT``
                or (isinstance(read, ast.Attribute) and dotted(read.value) in {"self", "cls"})
            ) and compared_with_length(ancestors[-2], read, rule)
            # ``formatted[: self.max_context_size - 20] + "..."``: a string cut with room for a marker
            if not measured and isinstance(read, ast.Attribute) and dotted(read.value) in {"self", "cls"}:
                measured = cuts_text(rule, ancestors, read)
            parent = ancestors[-2]
            guard = isinstance(parent, ast.Compare) and all(
                zero(o) for o in (parent.left, *parent.comparators) if o is not read
            )  # ``self.max_prompt_length <= 0``: a check of the setting, neither use (set 541: acp-gateway)
            if not guard:
                (self.measured if measured else self.not_measured).add(name)
        if loaded and len(ancestors) > 1 and isinstance(ancestors[-2], ast.arguments):
            # ``max_input_length: int = MAX_INPUT_LENGTH``: what the parameter is stored in decides too
            given = {a.arg for a, d in defaults(ancestors[-2]) if d is ancestors[-1]}
            self.defaulted.setdefault(name, set()).update(given)
        if len(ancestors) > 1 and (
            _cuts_strings(ancestors[-2], ancestors[-1])
            or given_as_characters(rule, ancestors[-2], ancestors[-1])
            or string_bound(ancestors[-2], ancestors[-1])  # ``Field(max_length=MAX_TOKEN_LENGTH)`` (set 557)
        ):  # ``_truncate_at_line(reasoning, reasoning_budget)`` to a parameter ``max_chars`` (set 521)
            self.to_strings.add(name)
        if any(n == name for n, _ in self.media) and len(ancestors) > 1 and estimated_read(ancestors):
            self.estimated.add(name)  # ``return FALLBACK_AUDIO_TOKENS`` in ``_count_audio_tokens``
        if (
            name not in self.uses.reasons
            and len(ancestors) > 1
            and (
                why := _fallback_use(ancestors, rule)
                or (not self._parameter(name) and cut_read(rule, ancestors))
                or divides_tokens(rule, ancestors)  # ``num_tokens * 2 / chunk_size``: tokens a chunk
                or constructor_size(rule, ancestors)  # ``SentenceSplitter.from_defaults(chunk_size=...)``
                or table_fallback(rule, ancestors)  # ``WINDOWS.get(provider, _GLOBAL_FALLBACK_WINDOW)``
                or per_item_read(rule, ancestors)  # ``+ len(items) * _TOKENS_PER_ITEM`` (set 139)
            )
        ):
            self.uses.reasons[name] = f"{why} at line {getattr(ancestors[-1], 'lineno', 0)}"

    def _parameter(self, name: str) -> bool:
        """``name`` (or the name it stores: ``self._max_length = max_length``) is a parameter's."""
        source = self.uses.aliases.get(name, name)
        return any(
            isinstance(b.scope, (ast.FunctionDef, ast.AsyncFunctionDef))
            for b in (self.bindings.all_of(source) if source in self.bindings.by_name else ())
        )

    def _characters(self, rule: LintRule, module: ast.Module, name: str) -> bool:
        """A window name (held in ``phrase``) that counts characters: it cuts a string
        (``context[:max_context_length]``), it is given to a function cutting strings, every read of it
        is a class's constant compared with a string's length (``len(prompt) > self.MAX_PROMPT_LENGTH``; set 43:
        agent-memory-server), or a field it is stored in cuts one (``response[: self.response_length]``)."""
        if name in self.uses.sliced or name in self.to_strings:
            return True
        if name in self.measured and name not in self.not_measured:
            return True
        stored = self.stored.get(name, set())
        for param in self.defaulted.get(name, ()):
            stored = stored | {param} | self.stored.get(param, set())
        return bool(stored) and bool(stored & character_sizes(rule, module))

    def _stored_in_window(self, rule: LintRule, module: ast.Module, name: str) -> str | None:
        """Why ``name`` is a window: a variable named as one is bound to it (``derived_max_model_len =
        default_max_len``, the length assumed when a model's config gives none; set 22: lmdeploy), and
        it cuts no string."""
        if self._characters(rule, module, name):
            return None
        windows = sorted(
            b
            for b in self.stored.get(name, set())
            if rule.names.is_budget(b) and not set(words(b)) & _CACHE_WORDS
        )  # not ``max_seq_len_cached``: how far a rotary table is built, grown when a longer one comes
        return f"stored in the window `{windows[0]}`" if windows else None

    def hold(self, kept: list[tuple[str, Report]], rule: LintRule, name: str, before: int) -> None:
        """Move what ``rule`` reported since ``before`` (a length of ``rule.ctx.reports``) into ``kept``
        (one of the lists above), and watch the reads of ``name``."""
        kept.extend((name, r) for r in rule.ctx.reports[before:])
        del rule.ctx.reports[before:]
        self.uses.watch.add(name)

    def candidate(
        self, rule: LintRule, name: str, literal: ast.expr, value: int | float, param: bool = False
    ) -> None:
        """``name = value`` where the name does not say budget: kept until the uses decide. Not in
        tests: a number a test binds is the scenario it checks, not a setting to tune."""
        ctx = rule.ctx
        if (
            is_test_module(ctx.path)
            # ``_SUMMARY_RETRY_TOKENS``, ``MAX_SESSION_TOKENS = 100000``: their reads decide
            or (against_flow(name) and not (retry_tokens(name) or where_token_limit(name, value)))
            or rule.names.implausible(name, value)
            or name.lower() in rule.names.ignore_names
            or measured_otherwise(rule, param)
            or _counts_sequences(name)
            or stand_in_count(rule, name)  # ``except: tokens = 9999`` (set 393)
        ):
            self.bindings.rebound(name)
            return
        if in_bucket_class(rule):
            return  # ``class TokenBucket: def __init__(self, burst=100)``: permits (set 403), the name left free
        scope = rule.scope_key()
        if name.isupper():
            parts: tuple[str, ...] = (name, ctx.class_name(), ctx.module_name)
        else:
            parts = (f"{scope} {name}" if scope else name, ctx.module_name)
        scopes = ctx.scopes
        field_of = ctx.class_name() if scopes and isinstance(scopes[-1], ast.ClassDef) else ""
        method_of = (
            scopes[-2].name if param and len(scopes) > 1 and isinstance(scopes[-2], ast.ClassDef) else ""
        )
        binding = Binding(literal, name, value, parts, not scopes, owner=field_of, method_of=method_of)
        if param and scopes and isinstance(scopes[-1], (ast.FunctionDef, ast.AsyncFunctionDef)):
            binding.scope = scopes[-1]  # followed further by ``token_reach`` when no read decides it
            owner = scopes[-2] if len(scopes) > 1 else None
            binding.owner_class = owner if isinstance(owner, ast.ClassDef) else None
        elif field_of and not param:
            binding.scope = scopes[-1]
        elif not param and scopes and isinstance(scopes[-1], (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.locals_of.setdefault(scopes[-1], {}).setdefault(name, []).append((literal, value, parts))
        self.bindings.add(binding)
        self.uses.watch.add(name)

    def finish(self, rule: LintRule, node: ast.Module) -> None:
        """Report the held numbers the module's reads decided for (``padding = 4096`` ...
        ``self.max_context_window - padding``); record the module's constants and its uses of imported
        ones for the project-wide pass (``flow.imported_budgets``)."""
        candidates = self.bindings.by_name
        reasons = self.uses.reasons
        reports = rule.ctx.reports
        kept = [(name, report) for name, report in self.phrase if not self._characters(rule, node, name)]
        reports.extend(report for _, report in kept)
        sizes = length_bounds(rule, node) if self.defaults else set()
        reports.extend(
            report
            for name, report in self.defaults
            if name in reasons or not (given := self.defaulted.get(name)) or not given <= sizes
        )
        # a constant only other modules read: withdrawn when they cut strings with it (``imported_characters``)
        record_unread(rule, node, kept, self.read_here)
        record_compared_params(
            rule, node
        )  # ``def query(self, q, *, budget: int)`` ... ``total + tokens > budget``
        record_character_reads(rule, node, self.imported, self.uses.sliced | self.to_strings)
        # ``kv.size(0) >= PDL_MIN_PREFILL_TOKENS`` in a kernel module: a launch threshold, no budget
        reports.extend(report for name, report in self.kernel if name in self.not_compared)
        for name, report in self.weak:
            if name in self.uses.counted and name not in reasons:
                continue  # ``total = EXTRA_TOKENS + SQUARE_TOKENS * tiles``: what an image costs
            reports.append(report)
        # ``total += IMAGE_TOKEN_ESTIMATE``: an estimated cost added into a count of tokens
        reports.extend(r for name, r in self.estimates if name in self.uses.counted or name in reasons)
        for name, report in self.media:
            if name in self.estimated:
                reports.append(report)
            # ``max(config.max_tokens, OPENAI_IMAGE_DEFAULT_TOKENS)``: a budget; a cap by its name
            # (``DEFAULT_IMAGE_MAX_TOKENS``) also by the parameter it is the default of (set 85: lumi)
            elif why := reasons.get(name) or (self.uses.reason(name) if media_budget(rule, name) else None):
                said = f"token budget {name} = {report.value}: {why}"
                reports.append(
                    replace(report, message=f"{said}; move it to config so it can be tuned and tested")
                )
        reach = TokenReach(rule)
        for name, b in candidates.items():
            why = self.uses.reason(name) or self._stored_in_window(rule, node, name)
            split = name in self.bindings.split  # parameters of several functions: each by its own reads
            for each in self.bindings.all_of(name):
                # what no read decided at once: followed through locals, lists, ``self`` and calls
                found = self.uses.scoped.get((id(each.scope), name)) if split else why
                found = found if found is not None else _reached(reach, rule, each)
                record(rule, each, decided=found is not None)  # for a module forwarding it (``forwarded``)
                if found is not None:
                    record_base(rule, each)  # ``super().__init__(max_length=max_length)``: the base's too
                if found is not None:
                    message = f"token budget {name} = {each.value}: {found}; move it to config so it can be tuned and tested"
                    rule.report(
                        each.literal, message, target=each.literal, value=each.value, key_parts=each.key_parts
                    )
            if why is None and b.module_level and not split:
                rule.fact(b.literal, BIND_FACT + name, b.value)  # a module importing it may decide
        # ``output_tokens = 50000`` on one branch, ``32768`` on another, read as ``max_output_tokens=``
        branch_local_budgets(rule, self.locals_of, self.bindings.ambiguous)
        for name, source in self.imported.items():
            if name in reasons and name not in candidates:
                rule.ctx.facts.append((node, f"{USE_FACT}{source} {reasons[name]}", 0))


def _cuts_strings(parent: ast.AST, node: ast.AST) -> bool:
    """``node`` is an argument of a call to a function that cuts strings (``truncate_strings(payload,
    limit)``, ``clip_string(text, n)``): its number counts characters."""
    if not (
        isinstance(parent, ast.Call)
        and (node in parent.args or any(k.value is node for k in parent.keywords))
    ):
        return False
    ws = set(words(callee_name(parent) or ""))
    return bool(ws & _CUT_WORDS and ws & _STRING_WORDS) and not ws & TOKEN_WORDS


#: Words of a function that cuts, and of a string it cuts.
_CUT_WORDS = frozenset({"truncate", "truncated", "trim", "clip", "cut", "shorten", "ellipsize"})
_STRING_WORDS = frozenset({"string", "strings", "str", "char", "chars", "characters"})


def _fallback_use(ancestors: Sequence[ast.AST], rule: LintRule) -> str | None:
    """Why the read ``ancestors[-1]`` is a budget as a fallback: the default of a setting named as a
    budget (``kwargs.pop("max_seq_lengths", DEFAULT_SEQ_LENGTHS)``, a list of budgets named in the
    plural), or the last resort of an ``or`` whose other values are budgets (``config.max_tokens or
    api.max_tokens() or _DEFAULT_OUTPUT_RESERVE``); else None."""
    node, parent = ancestors[-1], ancestors[-2]
    names = rule.names
    if isinstance(parent, ast.Call) and (found := setting_fallback(parent)) and found[1] is node:
        key = found[0]
        if names.is_budget(key) or (key.endswith("s") and names.is_budget(key[:-1])):
            return f"the fallback of the setting `{key}`"
    if isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or) and parent.values[-1] is node:
        others = [rule.budget_expr(v) for v in parent.values[:-1]]
        if others and all(others):
            return f"the fallback of the budget `{others[0]}`"
    if isinstance(parent, ast.IfExp) and parent.orelse is node and (other := rule.budget_expr(parent.body)):
        # ``action.max_tokens if action.max_tokens is not None else self.default_completion_tokens`` (set 287)
        return f"the fallback of the budget `{other}`"
    return None


def _reached(reach: TokenReach, rule: LintRule, binding: Binding) -> str | None:
    """The token use a parameter's default or a field's reaches further than its direct reads (see
    ``token_reach``), else None. A weakly named parameter (``max_length``) given to a tokenizer's
    truncation is PB101's (``token_cuts``)."""
    scope = binding.scope
    if isinstance(scope, ast.ClassDef):
        return reach.of_field(scope, binding.name)
    if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
        cuts = not rule.names.is_weak_budget(binding.name)
        found = reach.of_parameter(scope, binding.name, binding.owner_class, cuts)
        if found is None and not is_test_module(rule.ctx.path):
            found = instance_reach(reach, scope, binding.name, binding.owner_class)
        return found
    return None


def _turned_into_characters(rule: LintRule, name: str, ancestors: Sequence[ast.AST]) -> str | None:
    """Why ``name``, read at ``ancestors[-1]``, is a budget: a number named as tokens (not an estimate,
    not a media item's) multiplied by a ratio of characters per token (``num_initial_chars =
    _NUM_INITIAL_TOKENS * guess_chars_per_token``): an amount of tokens turned into the characters of
    text it sizes, not a cost added up (set 43: gdm-concordia)."""
    if len(ancestors) < 2 or not rule.names.says_tokens(name) or token_estimate(name) or media_tokens(name):
        return None
    product, node = ancestors[-2], ancestors[-1]
    if not (isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult)):
        return None
    ratio = per_token_name(product.right if product.left is node else product.left)
    if ratio is None:
        return None
    return f"turned into characters by the ratio `{ratio}` at line {getattr(node, 'lineno', 0)}"
