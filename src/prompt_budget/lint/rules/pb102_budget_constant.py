"""PB102 budget-constant: a token budget held in a constant, a default or a field."""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from prompt_budget.lint.attribute_reads import follow_attribute
from prompt_budget.lint.budget_bindings import judge_assign, judge_assignment, report_binding
from prompt_budget.lint.budget_copies import written_again
from prompt_budget.lint.budget_defaults import (
    estimate_added,
    fallback_default,
    judge_defaults,
    judge_return,
    option_default,
)
from prompt_budget.lint.budget_getters import class_facts, project_getters
from prompt_budget.lint.budget_overrides import BudgetOverrides, project_overrides
from prompt_budget.lint.chunk_attributes import ChunkAttributes
from prompt_budget.lint.chunk_fallbacks import chunk_fallback
from prompt_budget.lint.chunk_units import (
    ChunkFacts,
    call_chunk_sizes,
    dict_chunk_sizes,
    parameter_chunk_sizes,
    project_chunk_sizes,
)
from prompt_budget.lint.commented_products import commented_product
from prompt_budget.lint.config_windows import config_window
from prompt_budget.lint.constant_reach import decide_constants
from prompt_budget.lint.deferred import Deferred
from prompt_budget.lint.entry_comments import commented_entries
from prompt_budget.lint.except_fallbacks import except_fallback
from prompt_budget.lint.field_overrides import FieldOverrides, project_field_overrides
from prompt_budget.lint.field_reach import FieldDefaults, project_field_reads
from prompt_budget.lint.findings import Fact, Finding
from prompt_budget.lint.flow import imported_names
from prompt_budget.lint.forwarded import forwarded_budgets, record_field_takes
from prompt_budget.lint.getter_docstrings import documented_getter_fallback
from prompt_budget.lint.imported_characters import project_constants
from prompt_budget.lint.keyed_entries import KeyedEntries, project_entries
from prompt_budget.lint.learned_lengths import LengthFacts, project_lengths
from prompt_budget.lint.match_depths import only_match_depth
from prompt_budget.lint.module_attributes import attribute_defaults
from prompt_budget.lint.module_constants import ModuleConstants, file_folder
from prompt_budget.lint.nograd_lengths import nograd_target
from prompt_budget.lint.option_cuts import OptionCuts
from prompt_budget.lint.option_fallbacks import OptionFills, option_fills
from prompt_budget.lint.option_lists import option_list_default
from prompt_budget.lint.option_siblings import OptionSiblings
from prompt_budget.lint.options import LintOptions
from prompt_budget.lint.other_units import defaults_cutting_strings
from prompt_budget.lint.property_budgets import property_fields
from prompt_budget.lint.quota_bindings import judge_quota
from prompt_budget.lint.reader_fallbacks import key_list_fallback
from prompt_budget.lint.rule import BUDGET_WORDS, LintRule
from prompt_budget.lint.rules.pb102_cases import PB102_INVALID, PB102_VALID
from prompt_budget.lint.scaled_clamps import scaled_clamp
from prompt_budget.lint.splitter_defaults import splitter_defaults
from prompt_budget.lint.stored_getters import stored_getter_fallback
from prompt_budget.lint.string_budgets import string_budget
from prompt_budget.lint.threshold_copies import ThresholdCopies
from prompt_budget.lint.threshold_siblings import project_levels, threshold_siblings
from prompt_budget.lint.token_options import token_option
from prompt_budget.lint.walks import source_of


class BudgetConstant(LintRule):
    """A token budget held in a module or class constant (``CONTEXT_WINDOW = 200_000``), an attribute
    (``self.max_tokens = 4096``), a parameter default (``def ask(max_tokens=1024)``), a dataclass or
    pydantic field default (``max_tokens: int = Field(default=1024)``), returned by a budget getter
    (``def get_context_window(model): ... return 8192``), bound with a walrus
    (``n = (max_tokens := 4096)``, judged by the name it binds, as an assignment is), or the default of
    a command-line option (``typer.Option(1000)``, argparse's ``parser.add_argument("--max-new-tokens",
    type=int, default=512)``, judged by the option's name, or by a help text that says tokens when the
    name is a generic ``--max-length``). A statement whose
    comment says ``tokens`` (``DEFAULT_NUM_OUTPUTS = 256  # tokens``) counts as a budget whatever its
    name. Also llama_index's ``Settings.chunk_size = 512`` (its chunks are counted in tokens), a window
    assigned in the ``else`` of a lookup whose other branches read one (``else: maximum_context =
    4096``), and, by data flow, class fields given through ``self.<field>`` to a token splitter (also
    one imported under another name, a configured value overriding them in a method) or a parameter
    given as ``max_length=`` to a language model's ``generate``; a budget field's argparse ``const``
    (``metadata={"const": 5000}``); a context size ``DEFAULT_TRIGGER = ("tokens", 4000)``; the tokens a
    per-token ratio multiplies (``NUM_CHARS_PER_TOKEN * 20_000``); a field whose description says tokens
    and a limit; a field and its class's parameter of one name judged as one. Also by data flow: a number
    given to a function cutting by tokens (``truncate_by_token(texts, limit, model)``), bounding a slice of
    a token list (``tokens[:head]``, ``tokens[-tail:]``), a model's row of a window table or what a window
    getter returns (``return FALLBACK``), a parameter stored under its own name (``self.min_size =
    min_size``) and compared with a token count; and an estimated token cost added into a count
    (``total += IMAGE_TOKEN_ESTIMATE``), or written inline where the function estimates tokens or the
    comment says it is a guess (``num_tokens += 1024  # approximate``); what an estimating getter returns
    (``def estimate_output_tokens(self): ... return 4096``); a budget getter's ``fallback`` parameter.
    Followed further by data flow: a default whose remainder cuts a token list
    (``step = max_len - 100`` ... ``tokens[i : i + step]``), one stored in ``self``, given to a method,
    shared out and compared with a token count, a field given as the length a tokenizer truncates to
    (``encode(text, max_length=self.max_length, truncation=True)``), a default forwarded under its
    name to another module's callable whose parameter is a budget; a name read as the fallback of a
    budget setting (``kwargs.pop("max_seq_lengths", DEFAULT_SEQ_LENGTHS)``, also a list of numbers) or
    as the last resort of an ``or`` of budgets (``config.max_tokens or _DEFAULT_OUTPUT_RESERVE``).
    A maximum length (a constant ``DEFAULT_MAX_LENGTH``, a parameter ``max_length=2048``, a getter
    ``def max_length(self): return 2048``, a fallback ``kwargs.pop("max_length", 2048)``) where the
    module, class or function also binds a budget named as tokens (``max_gen_toks``), or in a class
    giving that length to a language model's ``generate``: the context window (a function's local is
    judged by its own function's slices; one cutting an ``attention_mask`` cuts tokens). A media item's tokens
    (``FALLBACK_IMAGE_TOKENS``, ``AUDIO_TOKENS_PER_SEC``) that a function estimating tokens (by its name,
    or its docstring's first line) returns or scales, and the literals such a function returns. What a
    length getter (``max_length``, ``_init_max_length``) returns when the model's window it reads
    (``tokenizer.model_max_length``, ``getattr(config, "n_ctx")``) is not found; an overlap sharing its
    prefix with a budget named as tokens (``ROLLING_WINDOW_OVERLAP`` beside ``ROLLING_WINDOW_MAX_TOKENS``).
    A class field whose docstring (the string under it) gives tokens and a limit (``length: int = 256``,
    "The maximum number of tokens to generate."), or whose entry in the class docstring's parameter list
    calls it a target or maximum number of tokens (``target_size : int, default=2048`` / "Target number of
    tokens to keep after compression"), or that overrides a base class's field reported as a budget
    (``class KVgradPress(KVzipPress): chunk_size: int = 512``; ``field_overrides``); a number stored in a
    window (``max_model_len = dflt``).
    A constructor's default stored on ``self`` as the fallback of a method's parameter its docstring
    gives in tokens, or handed to the base's ``__init__`` and read back from ``self`` as a token use, or
    given to a nested helper truncating to tokens (``instance_lengths``). A click or typer option's
    default (``@click.option("--max-tokens", default=4096)``), or any option's that names a size whose
    help text gives tokens (``--length``, "Max no. tokens per sample"); the fallback a config reader is
    given after keys naming a window (``read(cfg, int, ["max_sequence_length"], 2048)``). A chunk size
    or overlap beside a configured tokenizer (``{"tokenizer_or_token_counter": "gpt2", "chunk_size":
    512}``, ``tokenizer="gpt2"`` beside ``chunk_size=256``), or given (a config dict's entry, its
    ``.get`` fallback, a ``parametrize`` row, a positional argument of a local factory) under a key the
    project's chunker reads into a splitter measuring tokens and into no other (``chunk_units``), also
    set on ``self`` in a method of a class of the module that reads it so (``chunk_attributes``). A
    module constant given as a parameter's default (or read in a method) whose value reaches a token use
    (``threshold=DEFAULT_THRESHOLD`` kept on ``self``, then ``if total_tokens < self._threshold``); a
    rate limiter's quota of tokens per minute (``max_tpm=5000000``, also a field's default, an attribute or
    a constant: ``tpm_limit: int = 90_000``). A cap on a media item's tokens by its name
    (``max_video_tokens=32000``); a number set on ``self`` in a method whose reads in the class's other
    methods reach a token use (``max(n, self.query_max_length)`` given on to a tokenizer's
    ``max_length``); a config dict's entry whose own line's comment gives it in tokens
    (``"min_trace_length": 100,  # Minimum tokens``); a number named as tokens turned into characters by a
    ratio of characters per token (``_NUM_INITIAL_TOKENS * guess_chars_per_token``). A literal given under a length name the project hands
    to a tokenizer's truncation length elsewhere (ColBERT's ``max_length=(self.doc_maxlen - 1)``, or the
    length a tokenizer pads every input to: ``padding="max_length", max_length=prompt_len``; also
    ``QueryTokenizer(args.query_maxlen)``, a term of the sum it cuts to: ``max_length=self.prompt_max_length +
    self.template_length``), to a dict's token budget (``{"max_new_tokens": candidate_maxlength}``) or
    compares with a count of tokens (``length < max_output_length``, ``length`` an item of a list of
    ``len(tokenizer.encode(x))``; ``len(query) <= query_len``, ``query`` a row of a tokenizer's ids:
    ``tokenizer(p, return_tensors="pt").input_ids[0]``): an argparse option's default for that destination, a field's
    default (``doc_maxlen: int = DefaultVal(220)``), a keyword argument (``ColBERTConfig(doc_maxlen=300)``),
    a dict entry, an assignment, a parameter's default, a comparison outside tests (``assert
    config.query_maxlen == 64``; ``learned_lengths``); an argparse ``--max_length`` the module gives to a
    truncating call's length (``{"truncation": True, "max_length": args.max_length}``). A class field's
    literal default whose attribute the project reads straight into a token budget (``chunk_size: int =
    Field(default=256)`` sent as ``{"chunking_max_tokens": str(config.processing.chunk_size)}``,
    ``tokens: int = 699`` stored as ``self.max_tokens = self.config.llm.tokens``), its name given a literal
    in one class of the project only (``field_reach``). A literal of 16 or more passed, by keyword or by
    position, for a parameter whose default is reported (``summarizer._chunk_text(page_text,
    chunk_size=60)`` beside ``def _chunk_text(self, text, chunk_size=900)``), the call resolved to that
    function (``self.f``, ``x.f`` with ``x = Class()``, ``Class(...)``, an imported function;
    ``budget_overrides``). The token threshold a function compares a count of tokens with, written again
    in that function under a limit or size name (``max_chunk_size_allowed = 512`` beside ``if
    len(input_ids) <= 512``) or as a difference's first term (``max_chunk_size = 512 - overlap``;
    ``threshold_copies``). A module's constant read as ``module.CONSTANT`` in the default of a parameter
    given as a chunk size to a token splitter (``chunk_size=dfs.CHUNK_SIZE`` ... ``TokenTextSplitter(
    chunk_size=chunk_size)``); a constant scaled by a small literal in a ``min()`` clamping a token count
    (``min(2 * START, remaining_tokens)``); each number of a budget option's default list
    (``add_argument("--max_tokens", nargs="+", default=[25000])``); a field read in another module as the
    budget a token count is subtracted from (``cfg.chunk_size - num_batch_tokens``),
    one field declared alike in several classes of a module read as one setting. Not reported:
    a budget-named parameter whose every read is a rate's keyword or divided by a span of time
    (``token_limit_per_minute=token_limit``, ``token_limit / 60``); a batch's size whose help only mentions tokens; a length name with a unit word
    (``line_maxlen``) or also given to a queue's or a string field's length (``deque(maxlen=...)``); a guessed amount
    (``NAIVE_EST_NUM_OUTPUT_TOKENS``) only multiplied into a cost; a look-back depth: a number of
    tokens kept (``ids = ids[-256:]``) only to match patterns (compared with ``==``, made a dict's key),
    never given to a model (``match_depths``); a margin of one token whose comment speaks of its expiry (a credential's seconds); a
    batch size (sequences, though it cuts ``input_ids``); a parameter named as tokens whose every read cuts or measures a string
    (``text[0:max_token - 1]``, ``len(text) > max_token``): characters named as tokens; a size whose
    unit a sibling setting chooses and by default not as tokens (``split_by="word"``,
    ``tokenizer="character"``); a maximum length that cuts a string or is said to count characters, or a class's
    constant whose every read through ``self`` is compared with a string's length (``len(prompt) >
    self.MAX_PROMPT_LENGTH``); a field, whatever its name, whose description or docstring says
    characters and never tokens (``max_evidence_tokens = Field(default=2000, description="Maximum
    character budget ...")``); the numbers of an estimating function whose docstring links the provider's documented calculation; a
    chunk size echoed by an ``assert`` or made to be rejected (``with pytest.raises(...)``); in a
    module defining Triton kernels, a tile (``BLOCK_E``) or a token threshold only compared; a window
    constant defaulting a parameter that cuts a string (``line[: self.result_truncation_length]``); a name
    stating another unit whose comment counts it (``max_message_window = 30  # max number of messages
    (30 is around 8k tokens)``); a field whose description says its length is of logged text
    (``"Maximum prompt length to log"``).
    """

    CODE = "PB102"
    NAME = "budget-constant"
    SUMMARY = "Token budget in a constant, attribute, parameter default, field default or getter"
    PROJECT_WIDE = True
    #: The literal rules' words, lm-eval's ``max_gen_toks`` (set 20), and the budget phrases without "tokens"
    #: (``generation_size``, ``cutoff_len``, ``query_max_len``, set 21; ``max_model_len``, ``max_gen_len``, ``truncation_length``, set 45; ``truncation=True``, set 48;
    #: ``max_length=cfg.max_length`` of an embedding model, ``field_reach``, set 53), each starting with a word (``n_ubatch``: ``ubatch``).
    PRECHECK = (
        re.compile(
            f"{BUDGET_WORDS.pattern}|toks|generation_(?:size|len)|cutoff_len|query_max_len|passage_max_len"
            r"|max_(?:completion|response|prompt|gen|model)_len|truncation|max_req_|request_output_len|model_max_length|prefill_size"
            r"|n_predict|n_batch|ubatch|prefill_step|kv_start|step_size|sequence.length|chunk_(?:size|overlap)|tpm"
            r"|maxlen|max_length\s*=\s*[a-z_][\w.]*\."
        ),
    )
    VALID = PB102_VALID
    INVALID = PB102_INVALID

    def visit_Module(self, node: ast.Module) -> None:
        # ``llm_util.SAFETY_MARGIN`` read through its module: followed as an imported name (set 62)
        self._module_reads = ModuleConstants(
            node, source_of(self.ctx.lines)[0], file_folder(self.ctx.path, self.ctx.root)
        )
        self._held = Deferred(self._module_reads.add_to(imported_names(node)))
        self._chunks = ChunkFacts()
        self._chunk_attrs = ChunkAttributes()  # ``self.chunk_size = 500`` in a method
        self._field_overrides = FieldOverrides()  # a subclass's field overriding a budget
        self._lengths = LengthFacts()
        self._fills = OptionFills()
        self._option_cuts = OptionCuts()
        self._fields = FieldDefaults()
        self._overrides = BudgetOverrides()
        self._copies = ThresholdCopies()
        self._siblings = OptionSiblings()  # ``--doc_maxlen`` beside ``--query_maxlen`` (set 62)
        self._entries = KeyedEntries()  # ``{"est_tokens": 9_000}`` where ``est_tokens=8_000`` is a default

    def visit_Name(self, node: ast.Name) -> None:
        if node.id in self._held.uses.watch and not self._foreign(node.id, node):
            self._held.read(node.id, self)
            scaled_clamp(self, self._held, node.id)  # ``min(2 * START, remaining_tokens)``

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr in self._held.uses.watch and not self._foreign(node.attr, node):
            self._held.read(node.attr, self)

    def _foreign(self, name: str, node: ast.expr) -> bool:
        """A watched ``module.NAME`` read through another object (``self.SAFETY_MARGIN``), not bound here."""
        return name not in self._held.bindings.by_name and self._module_reads.foreign_read(name, node)

    def leave_Module(self, node: ast.Module) -> None:
        decide_constants(self, self._held)  # ``__init__(self, threshold=DEFAULT_THRESHOLD)`` reaching tokens
        # ``f(limit=DEFAULT_TRUNCATION_LENGTH)`` whose ``limit`` cuts a string: characters (``other_units``)
        cut = defaults_cutting_strings(self, node, {name for name, _ in self._held.phrase})
        self._held.phrase[:] = [(name, r) for name, r in self._held.phrase if name not in cut]
        self._held.finish(self, node)
        for literal, name, how, share in property_fields(self, node):  # ``total > b.pressure_trigger``
            if not share and (value := self.budget_literal(literal)) is not None:
                report_binding(self, literal, name, value, how, upper=False)
        self._chunks.finish(self, node)
        self._chunk_attrs.finish(self, self._chunks)
        self._lengths.finish(self, node)  # ``doc_maxlen=180`` where the project cuts to ``doc_maxlen``
        self._fills.finish(self)  # ``if n is None: n = 2048`` for an option whose help says tokens
        self._fields.finish(self, node)  # ``chunk_size: int = 256`` another module reads into a budget
        self._overrides.finish(self, node)  # ``_chunk_text(t, chunk_size=60)`` overriding a budget default
        self._copies.finish(self)  # ``size = 512`` beside ``if len(input_ids) <= 512``
        written_again(self, node)  # ``return 128_000`` beside a reported ``return WINDOWS.get(p, 128_000)``
        class_facts(self, node)  # ``context_size: int = 150`` a budget getter returns (``budget_getters``)
        threshold_siblings(self, node)  # ``warning_threshold: int = 6144`` beside a budget
        self._siblings.finish(self)  # ``--doc_maxlen`` beside a reported ``--query_maxlen``
        self._entries.finish(self)
        self._field_overrides.finish(self)  # last: what every step above reported
        record_field_takes(self, node)  # ``budget: int = 2000`` a caller's own default is given to

    @classmethod
    def check_project(cls, facts: Sequence[Fact], options: LintOptions) -> list[Finding]:
        """What the modules' facts show together: imported constants, forwarded defaults, fields read."""
        found = (
            project_constants(cls, facts)  # used as a budget where imported, or a window cutting no string
            + forwarded_budgets(cls, facts, options.root)
            + project_chunk_sizes(cls, facts, options.root)
            + project_lengths(cls, facts, options.root)
            + project_getters(cls, facts, options.root)
            + option_fills(cls, facts, options.root)
            + project_field_reads(cls, facts, options.root)
            + project_overrides(cls, facts, options.root)
            + project_field_overrides(cls, facts, options.root)
            + project_entries(cls, facts, options.root)
        )
        return found + project_levels(cls, facts, found)  # ``warning_threshold`` beside a field read so

    def visit_Assign(self, node: ast.Assign) -> None:
        if only_match_depth(self, node):
            return  # ``history = history[-256:]`` only matched against patterns: a look-back depth
        if nograd_target(node):
            pass  # ``self.nograd_length = 32``: a masked example's placeholder length (``nograd_lengths``)
        elif not judge_quota(self, node):  # ``self._tpm_limit = 90_000``: a quota of tokens per minute
            judge_assign(self, self._held, node)
            follow_attribute(self, self._held, node)  # ``self.n = 32`` read back in other methods
        self._lengths.assign(self, node)  # ``cfg.doc_maxlen = 300``
        self._chunks.field(self, node)  # ``chunk_size = param.Integer(default=500)`` in a class
        self._chunk_attrs.assign(self, node)
        self._fields.field(self, node)
        self._field_overrides.field(self, node)
        self._copies.assign(self, node)  # ``max_chunk_size = 512 - overlap``
        config_window(self, node)  # ``model.config.max_position_embeddings = 8192``
        except_fallback(self, node)  # ``except ValueError: current_default = 1024`` (set 62)
        string_budget(self, node)  # ``max_context_ceiling = "131072"`` in a settings class (set 155)
        commented_product(self, node)  # ``tokens = samples * epochs * 512  # ~512 tokens/sample`` (set 156)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if not nograd_target(node) and not judge_quota(self, node):  # ``tpm_limit: int = 90_000``
            judge_assign(self, self._held, node)
        self._lengths.assign(self, node)  # ``doc_maxlen: int = DefaultVal(220)``
        self._chunks.field(self, node)  # ``chunk_size: int = 500`` in a class
        self._fields.field(self, node)  # read into a budget by another module (``field_reach``)
        self._field_overrides.field(self, node)
        string_budget(self, node)

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        # ``n = (max_tokens := 4096)``, ``if (max_tokens := 8000) > n``: judged as ``max_tokens = ...``
        judge_assignment(self, self._held, node.target, node.value, walrus=True)

    def visit_arguments(self, node: ast.arguments) -> None:
        judge_defaults(self, node, self._held)
        parameter_chunk_sizes(self, node)  # ``chunk_size=256`` beside ``tokenizer="gpt2"``
        self._lengths.arguments(self, node)
        attribute_defaults(self, node)  # ``min_tokens: int = consts.TOKENIZATION_LOWER_LIMIT``
        splitter_defaults(self, node)  # ``chunk_size=dfs.CHUNK_SIZE`` given to ``TokenTextSplitter``

    def visit_Dict(self, node: ast.Dict) -> None:
        for name, value, amount in commented_entries(self, node):  # ``"floor": 100,  # min tokens``
            message = f"token budget {name} = {amount} in a dict entry its comment gives in tokens; move it to config so it can be tuned and tested"
            self.report_literal(value, message, amount, name)
        dict_chunk_sizes(
            self, node, self._chunks
        )  # ``{"tokenizer_or_token_counter": "gpt2", "chunk_size": 512}``
        self._lengths.dict(self, node)
        self._entries.dict(self, node)

    def visit_Call(self, node: ast.Call) -> None:
        option_default(self, node, self._held)  # ``parser.add_argument("--max-new-tokens", default=512)``
        option_list_default(self, node)  # ``add_argument("--max_tokens", nargs="+", default=[25000])``
        token_option(self, node)  # ``@click.option("--max-tokens", default=4096)``, a help giving tokens
        key_list_fallback(self, node)  # ``read(config, int, ["max_seq_len", "n_positions"], 2048)``
        call_chunk_sizes(
            self, node, self._chunks
        )  # a chunk size read into a token splitter, a parametrize row
        fallback_default(self, node, self._held)  # ``kwargs.pop("max_length", 2048)`` beside a budget
        chunk_fallback(self, node)  # ``chunk_size = int(kwargs.get("chunk_size", 512))`` cutting tokens
        documented_getter_fallback(self, node)  # ``return d.get("output_limit", 8192)``: "maximum tokens"
        stored_getter_fallback(self, node)  # ``self.max_length = cfg.get("max_len", 512)``, a getter's
        self._lengths.call(self, node)  # ``add_argument("--doc_maxlen", default=180)``
        self._siblings.call(self, node)
        self._fills.call(self, node)  # ``add_argument("--max_batch_size", default=None, help="... tokens")``
        self._option_cuts.call(
            self, node
        )  # ``--max_length`` read as ``{"truncation": True, "max_length": ...}``
        self._overrides.call(self, node)  # a literal passed for a parameter whose default is a budget

    def visit_If(self, node: ast.If) -> None:
        self._fills.if_(self, node)  # ``if max_batch_size is None: max_batch_size = 8192 if mqa else 2048``

    def visit_Compare(self, node: ast.Compare) -> None:
        self._lengths.compare(self, node)  # ``assert config.query_maxlen == 64``
        self._copies.compare(self, node)  # ``if len(input_ids) <= 512``: a token threshold

    def visit_Return(self, node: ast.Return) -> None:
        judge_return(self, node, self._held)  # ``def max_tokens(self): return 4096``

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        if found := estimate_added(self, node):  # ``num_tokens += 1024  # approximate``: a guess
            value, count = found
            message = f"token budget {value} as an estimated token cost added into `{count}`; move it to config so it can be tuned and tested"
            self.report_literal(node.value, message, value, f"{count} estimate")
