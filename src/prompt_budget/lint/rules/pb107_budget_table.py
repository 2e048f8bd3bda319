"""PB107 budget-table: model-to-context-window tables and section budgets written as Python dicts."""

from __future__ import annotations

import ast
import re
from typing import Any

from prompt_budget.lint.assignments import first_target
from prompt_budget.lint.budget_rows import factory_field_name, field_default_name
from prompt_budget.lint.env_rows import reads_environment
from prompt_budget.lint.inline_forms import in_expected_value
from prompt_budget.lint.model_names import looks_like_model_name, model_pattern
from prompt_budget.lint.names import EXCLUDED_WORDS, UNIT_WORDS, words
from prompt_budget.lint.preset_reach import preset_reach
from prompt_budget.lint.returned_tables import one_model_calls, returned_table_name
from prompt_budget.lint.rule import (
    BUDGET_WORDS,
    Invalid,
    LintRule,
    Valid,
    attr_name,
    callee_name,
    number,
    string_value,
    token_amount_literal,
)
from prompt_budget.lint.rules import pb107_reads as row_reads
from prompt_budget.lint.rules.pb107_call_cases import CALL_INVALID, CALL_VALID
from prompt_budget.lint.rules.pb107_comprehensions import comprehension_table
from prompt_budget.lint.rules.pb107_field_rows import field_table, field_tables
from prompt_budget.lint.rules.pb107_given_rows import given_rows
from prompt_budget.lint.rules.pb107_host_rows import host_pairs, names_windows, pair_rows, report_pairs
from prompt_budget.lint.rules.pb107_keyed_rows import keyed_rows
from prompt_budget.lint.rules.pb107_nested_rows import model_rows, nested_budget, sized_record
from prompt_budget.lint.rules.pb107_output_rows import output_row
from prompt_budget.lint.rules.pb107_read_cases import READ_INVALID, READ_VALID
from prompt_budget.lint.rules.pb107_reads import budget_lookups, handed_here, int_keyed, provider_windows
from prompt_budget.lint.rules.pb107_record_rows import first_record, report_record_table
from prompt_budget.lint.rules.pb107_set63_cases import SET63_INVALID, SET63_VALID
from prompt_budget.lint.rules.pb107_spec_rows import class_fields, spec_default
from prompt_budget.lint.rules.pb107_tuple_rows import dict_rows
from prompt_budget.lint.rules.pb107_unpacked_rows import unpacked_rows
from prompt_budget.lint.table_fallbacks import token_defaults_table
from prompt_budget.lint.table_keys import key_strings
from prompt_budget.lint.tier_tables import report_tier_tables
from prompt_budget.lint.walks import walk

_TABLE_WORDS = frozenset(
    {"budget", "budgets", "limits", "limit", "windows", "window", "tokens", "context", "caps"}
)
#: Words of a table's name that say its numbers are budgets of tokens, without the word "tokens".
_SAYS_BUDGET = frozenset({"budget", "budgets", "context", "ctx", "window", "windows"})
#: Calls that wrap a dict literal whole (a read-only view, a copy), the table being the dict
#: (``MappingProxyType({HookEvent.SESSION_START: 4000, ...})``, set 213).
_FROZEN = frozenset({"MappingProxyType", "frozendict", "dict", "OrderedDict"})
#: Windows of a model's attention, not of its prompt (``sliding_window_size=4096`` of a model registry).
_ATTENTION_WORDS = frozenset({"sliding", "attention", "attn"})
#: Words saying a table's numbers count requests, not tokens (``_BATCH_RATELIMIT_MAP`` of records per
#: batch, ``max_requests_per_batch`` reading it): ``ratelimit`` glued is the ``rate`` the names exclude.
_REQUEST_WORDS = frozenset(
    {"request", "requests", "reqs", "record", "records", "ratelimit", "ratelimits", "rpd", "qps"}
)
#: A model's id by its form alone (``code-davinci-002``, ``org/model-7b-v1.5``): parts joined by ``-``
#: or ``/``, one of them with a digit. Read so only in a table whose name says models (set 23: portkey's
#: ``DISCONTINUED_MODELS``), keyed by families no list of prefixes knows.
_MODEL_ID = re.compile(r"^[A-Za-z][\w.]*(?:[-/:][\w.]+)+$")
#: Words of a table of models saying its numbers are no window: parameters, dimensions, vocabularies.
_MODEL_SIZE_WORDS = frozenset(
    {"param", "params", "parameters", "dim", "dims", "dimension", "dimensions", "vocab", "layers", "hidden"}
)
_MODEL_KEY = re.compile(
    r"""["'](?:[\w.-]+/)?(?:gpt|o[134]|claude|gemini|llama|meta-llama|mistral|mixtral|command|qwen|deepseek|"""
    r"""text-davinci|palm|gemma|grok|phi|sensechat|glm|kimi|moonshot|minimax|ernie|hunyuan|doubao|baichuan|internlm|yi-)[^"'\n]*["']\s*:\s*\d"""
)


def literal_value(node: ast.AST | None) -> Any:
    """A Python value for a literal of numbers, strings, booleans and dicts, else ValueError (not for TOML)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, str, bool)):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
        # +16000, -1: a signed number reads back the same from TOML
        magnitude = number(node.operand)
        if magnitude is not None:
            return magnitude if isinstance(node.op, ast.UAdd) else -magnitude
    if isinstance(node, ast.Dict):
        out: dict[str, Any] = {}
        for key, value in zip(node.keys, node.values, strict=False):
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                raise ValueError("non-string key or ** in a dict")
            out[key.value] = literal_value(value)
        return out
    raise ValueError(f"not a literal: {type(node).__name__}")


def _others(literal: ast.expr, callee: str) -> int:
    """The elements of a list, tuple, set or dict literal that are no calls of ``callee`` (set 314: eden-cli)."""
    items = literal.values if isinstance(literal, ast.Dict) else getattr(literal, "elts", ())
    return sum(1 for i in items if not (isinstance(i, ast.Call) and callee_name(i) == callee))


class BudgetTable(LintRule):
    """A table of token budgets written as a Python literal: model name -> context window
    (``{"gpt-4o": 128000, "claude-3-5-sonnet": 200000}``), model name -> limits
    (``{"gpt-4": {"max_tokens": 8192}}``), or section budgets (``SECTION_BUDGETS = {"system": 2000,
    "history": 6000}``).

    A table whose keys are not model names needs a name saying tokens, a budget or a window: a length
    alone (``_MAX_INPUT_LEN`` per TTS provider) may count characters, unless the module reads its rows
    as a budget (``{"max_gen_toks": dataset2maxlen[task]}``, ``generate(max_tokens=LENGTHS[task])``) or
    orders them against a count of tokens (``n_tokens > limits[backend]``, a local table too).
    Keys may be constants (``TASK_MAX_TOKENS = {NER: 430, LABELS: 5}``, tasks named elsewhere); two rows
    at least at the rule's min value make the table one, its smaller rows with it.

    Tables of prices, rate limits (rpm/tpm), embedding dimensions or other non-budget numbers are not
    reported, nor counts of requests: a table named for requests or records (``_BATCH_RATELIMIT_MAP``)
    or read into one (returned by ``max_requests_per_batch``). A table built by calls (``[Model("gpt-4o",
    context_window=128_000), ...]``) is one finding per literal holding its rows, like a dict; rows
    standing alone (``register(Model(...))``) one each. A call reading a setting from the environment
    (``env_int("CLAUDE_MAX_TOKENS", 4096)``, ``os.getenv(...)``, a row named by an upper-case variable) is no row. ``--fix`` moves the whole table into a ``[tool.prompt_budget.values.<name>]`` table.

    A table named for models (``RETIRED_MODELS``) whose keys are ids (``"code-alpha-002"``) and whose
    numbers are all window-sized, or whose rows all hold a budget (``{"amazon.nova-pro-v1:0": {"context_window":
    300000}}``), is a table of models whatever family its keys name; a table named for a window may be keyed
    by patterns of model ids (``r"(openai/)?gpt-4o.*"``, ``model_names.model_pattern``). A row of specs
    built by a class the module defines with a ``default`` field (``Spec("max_new_tokens", int, 1,
    100_000, 512)``) is reported at its default when its name is a budget: the class's fields say which of its numbers is the default and which are bounds. A list of tuple rows a loop unpacks into a budget (``for m, n, ctx in rows: Model(context_window=ctx)``, ``pb107_unpacked_rows``), rows of a class the module defines whose field is a token budget by its name or comment (``context: int  # token budget``, ``pb107_field_rows``), and entries of a table of settings per provider the module reads into a budget (``limits.get("tokens_per_day")`` given to ``tokens_limit=``, ``pb107_quota_rows``) are tables too.
    """

    CODE = "PB107"
    NAME = "budget-table"
    SUMMARY = "Model-to-context-window table or section-budget dict written as a Python literal"
    DEFAULT_MIN_VALUE = 100
    #: lm-eval's abbreviation ``max_gen_toks`` too (set 20).
    #: A table named for models (``DISCONTINUED_MODELS = {``), keyed by ids of any family (set 23).
    #: (The pre-check matches lower-cased text: ``model`` finds ``MODEL_WINDOWS = {`` too.)
    PRECHECK = (
        re.compile(f"{_MODEL_KEY.pattern}|{BUDGET_WORDS.pattern}|toks|" + r"model\w*\s*(?::[^=\n]*)?=\s*\{"),
    )
    VALID = (
        *CALL_VALID,
        *READ_VALID,
        *SET63_VALID,
        # counts of messages per model, not tokens
        Valid('message_limits = {"claude-3-opus": 1000, "claude-3-sonnet": 1000, "claude-2": 1000}'),
        Valid('PRICES = {"gpt-4o": 2.5, "claude-3-5-sonnet": 3.0}'),
        Valid('EMBEDDING_DIMS = {"text-embedding-3-small": 1536, "text-embedding-3-large": 3072}'),
        Valid('RPM_LIMITS = {"gpt-4o": 10000, "gpt-4o-mini": 30000}'),
        # settings read from the environment, whose names start with a model family (set 11: qwen-agent)
        Valid(
            "MAX_INPUT = int(os.getenv('QWEN_AGENT_DEFAULT_MAX_INPUT_TOKENS', 58000))\n"
            "MAX_REF = int(os.getenv('QWEN_AGENT_DEFAULT_MAX_REF_TOKEN', 20000))\n"
        ),
        Valid('HEADERS = {"x-retry": 3, "x-timeout": 600}'),
        # constant keys, numbers named as something else than tokens
        Valid("RETRIES_BY_TASK = {TASK_A: 300, TASK_B: 500}"),
        Valid('WINDOWS = {"gpt-4o": settings.window, "claude": other}'),
        Valid('ALIASES = {"gpt-4o": "gpt-4o-2024-08-06", "claude": "claude-3-5-sonnet"}'),
        # pairs that are not windows: prices per model, a list named as something else
        Valid('PRICES_BY_PREFIX = [("gpt-4o", 2.5), ("claude-3", 3.0)]'),
        Valid('RPM_BY_PREFIX = [("gpt-4o", 10000), ("claude-3", 4000)]'),
        # a model registry's attention windows (its context window is block_size, named as nothing here)
        Valid(
            "# block_size: the context length in tokens\n"
            'configs = [\n    dict(name="Gemma-2-2b", block_size=8192, sliding_window_size=4096),\n'
            '    dict(name="Mistral-7B-v0.1", block_size=4096, sliding_window_size=4096),\n]\n'
        ),
        # lengths per TTS provider, named by a length alone: characters as likely as tokens (set 15: livekit)
        Valid('_MAX_INPUT_LEN: dict[str, int] = {"inworld": 900, "cartesia": 400, "xai": 1000}'),
        # a number of API calls per model
        Valid('model_call_limit_global = {"gpt-4-1106-preview": 300, "gpt-4-0125-preview": 300}'),
        # requests (records) per batch: named so, or read into a count of requests (set 18: curator)
        Valid('_BATCH_RATELIMIT_MAP = {"gemini-1.5-pro": 50_000, "gemini-1.5-flash": 150_000}'),
        Valid(
            'LIMITS = {"gemini-1.5-pro": 50_000, "gemini-1.5-flash": 150_000}\n\n'
            "def max_requests_per_batch(model):\n    return LIMITS.get(model, 50_000)\n"
        ),
        # a table of lengths whose rows cut a string, not read as a budget (set 20)
        Valid(
            'lengths = {"qa": 32, "summary": 512}\n\ndef cut(task, text):\n    return text[: lengths[task]]\n'
        ),
        # a table named for models whose numbers are not all window-sized, or are their sizes (set 23)
        Valid('MODELS = {"acme-2": 3, "acme-3": 4096}'),
        Valid('MODEL_PARAMS = {"acme-7b": 7_000, "acme-13b": 13_000}'),
    )
    INVALID = (
        *CALL_INVALID,
        *READ_INVALID,
        *SET63_INVALID,
        # a table named for models, keyed by ids of a family no prefix list knows (set 23: portkey)
        Invalid('RETIRED_MODELS = {"code-alpha-002": 8001, "code-beta-001": 2048}'),
        # a table whose name says only a length, its rows read as a budget (set 20: lm-eval's
        # ``dataset2maxlen`` into ``max_gen_toks``)
        Invalid(
            'dataset2maxlen = {"qa": 32, "summary": 512}\n\ndef kwargs_for(task):\n'
            '    return {"max_gen_toks": dataset2maxlen[task], "temperature": 0}\n',
            line=1,
        ),
        # budgets by effort level, one of them a constant named elsewhere (set 11: google-adk)
        Invalid(
            '_ANTHROPIC_EFFORT_BUDGETS: dict[str, int] = {"minimal": _MIN_THINKING_BUDGET_TOKENS, '
            '"low": 1024, "medium": 2048, "high": 4096}'
        ),
        # model names the table alone says are models: a window per model (set 11: lagent)
        Invalid("sensechat_models = {'SenseChat-5': 131072, 'SenseChat-5-Cantonese': 32768}"),
        # a table of chat models with an embedding model among them
        Invalid(
            'PROFILES = {"gpt-4o": {"max_input_tokens": 128000}, "text-embedding-3-small": {"max_input_tokens": 8191}, "gpt-4.1": {"max_input_tokens": 1047576}}'
        ),
        Invalid(
            'import prompt_budget\nCONTEXT_WINDOWS = {\n    "gpt-4o": 128_000,  # OpenAI\n    "claude-3-5-sonnet": 200_000,\n}\n',
            line=2,
            key="context_windows",
            fixed='import prompt_budget\nCONTEXT_WINDOWS = prompt_budget.value("context_windows", {\n    "gpt-4o": 128_000,  # OpenAI\n    "claude-3-5-sonnet": 200_000,\n})\n',
        ),
        # a table of (model prefix, window) pairs, matched by a loop
        Invalid(
            'CONTEXT_SIZES_BY_PREFIX = [\n    ("gpt-4o", 128000),\n    ("claude-3", 200000),\n    ("", 2048),\n]\n'
        ),
        Invalid(
            'MODELS = {"gpt-4": {"max_tokens": 8192, "mode": "chat"}, "gpt-4-32k": {"max_tokens": 32768}}'
        ),
        # limits nested deeper in each model's row, beside prices and ``**`` items: one table (set 30: parea)
        Invalid(
            'INFO = {\n    "gpt-4": {"price": 30.0, "limits": {"max_prompt_tokens": 8192}},\n'
            '    "claude-2": {"limits": {"max_prompt_tokens": 100000}, **PRICING},\n}\n',
            line=1,
        ),
        Invalid('SECTION_BUDGETS = {"system": 2000, "tools": 1500, "history": 6000}', key="section_budgets"),
        # the same providers, the name saying tokens; a length per model
        Invalid('_MAX_INPUT_TOKENS = {"inworld": 900, "cartesia": 400, "xai": 1000}'),
        Invalid('_MAX_INPUT_LEN = {"gpt-4o": 128000, "claude-3-5-sonnet": 200000}'),
        # tokens per request, and a table read as tokens in a module that also counts requests
        Invalid('MAX_TOKENS_PER_REQUEST = {"gpt-4o": 16384, "claude-3-5-sonnet": 8192}'),
        # a task -> max_tokens table keyed by constants (set 21: crfm-helm)
        Invalid("TASK_MAX_TOKENS = {NER: 430, LABELS: 5, SPANS: 788}"),
        Invalid(
            'LIMITS = {"gpt-4o": 128_000, "claude-3-5-sonnet": 200_000}\n\n'
            "def max_requests(model):\n    return 100\n\ndef window(model):\n    return LIMITS[model]\n",
            line=1,
        ),
        Invalid(
            'def window(model):\n    return {"llama3": 8192, "mistral": 32768}.get(model, 4096)\n', line=2
        ),
        Invalid(
            'import prompt_budget\nMAX_OUTPUT = {"gpt-4o": 1.6e4, "o1": +100_000, "local-llama": -1}\n',
            key="max_output",
            fixed='import prompt_budget\nMAX_OUTPUT = prompt_budget.value(\n    "max_output", {"gpt-4o": 1.6e4, "o1": +100_000, "local-llama": -1}\n)\n',
        ),
    )

    _calls: dict[str, list[tuple[ast.expr, int | float, str, ast.expr | None]]]
    _keys: dict[ast.expr, str]  # a literal holding rows built by calls -> its name ("" for none)
    _lookups: dict[str, str] | None  # table name -> the budget a row is read into (``_read_as_budget``)
    #: Classes the module defines with a ``default`` field -> their positional fields, once per module.
    _specs: dict[str, list[str]] | None

    def visit_Module(self, node: ast.Module) -> None:
        self._calls = {}
        self._keys = {}
        self._lookups = None
        self._specs = None

    def visit_Call(self, node: ast.Call) -> None:
        """``_windows(("gpt-4.1", "gpt-4.1-mini"), 1_047_576)``: one row of a table built by calls."""
        if len(node.args) + len(node.keywords) < 2:
            return  # a row names a model and its window
        self._spec_row(node)
        self._output_row(node)  # ``"claude-opus-4-6": Spec(context_tokens=..., response_tokens=...)``
        given_rows(self, node)  # ``Provider(models={"model-a": (200_000, 32_000)})`` (set 97)
        if not row_reads.window_sized(node):
            return  # no window-sized number among the arguments (the common case: leave at once)
        field_table(self, node)  # ``{"tiny": Profile("tiny", 3000)}``, ``context: int  # token budget``
        if reads_environment(node) or row_reads.request(node):
            # ``env_int("CLAUDE_MAX_TOKENS", 4096)``: a setting's default; ``messages.create(..., messages=[...])``
            return
        models: list[str] = []
        literal: ast.expr | None = None
        value: int | float | None = None
        named = [kw.value for kw in node.keywords if kw.arg and self._window_keyword(kw.arg)]
        for arg in [*node.args, *named, *(kw.value for kw in node.keywords if kw.value not in named)]:
            if arg not in node.args and arg not in named and self.budget_literal(arg) is not None:
                continue  # ``uptime_seconds=10000``, ``pid=12345``: a number named as something else
            items = arg.elts if isinstance(arg, (ast.Tuple, ast.List, ast.Set)) else [arg]
            names = [string_value(i) for i in items]
            if names and all(n is not None and looks_like_model_name(n) for n in names):
                models.extend(n for n in names if n)
                continue
            amount = self.budget_literal(arg)
            if amount is not None and amount >= 1024:
                if literal is not None:
                    return  # two numbers: not a model -> window row
                literal, value = arg, amount
        callee = row_reads.row_callee(self, node, literal)  # not a count's fixture (``_usage(m, 59000)``)
        if models and literal is not None and value is not None and callee:
            self._calls.setdefault(callee, []).append((literal, value, models[0], self._holder(node)))

    def _output_row(self, node: ast.Call) -> None:
        """A model's output cap in its row of a table written as calls (``pb107_output_rows``)."""
        if row := output_row(self, node):
            cap, amount, keyword, model = row
            self.report(
                cap,
                f"token budget {keyword}={amount} for {model!r} in a model table written as calls, beside its "
                "window: the model's output cap; keep it in config so it can change without a code change",
                target=cap,
                value=amount,
                key_parts=(f"{self.scope_key()} {model} {keyword}", self.ctx.module_name),
            )

    def _spec_row(self, node: ast.Call) -> None:
        """``GenParamSpec("max_new_tokens", int, 1, 1_000_000, 1024)``: a row of a table of parameter
        specs, built by a class the module defines with a ``default`` field (set 23: axolotl's chat CLI);
        the row names a budget and its default is a literal. One finding per such row."""
        first = node.args[0] if node.args else None
        if not (
            isinstance(node.func, ast.Name)
            and isinstance(first, ast.Constant)
            and isinstance(first.value, str)
            and self.names.is_budget(first.value)
        ):
            return
        if self._specs is None:
            self._specs = class_fields(self.ctx.tree)
        parent = self.ctx.parent(node)
        in_table = isinstance(parent, (ast.List, ast.Tuple, ast.Set))
        row = spec_default(node, self._specs, in_table)
        value = self.budget_literal(row[1]) if row else None
        if row is None or value is None:
            return
        label, literal = row
        table = self._table_key(parent) if isinstance(parent, (ast.List, ast.Tuple, ast.Set)) else ""
        self.report(
            literal,
            f"default of `{label}` ({value}) in a row of {node.func.id} specs written as a Python "
            "literal; keep it in config so the budget can change without a code change",
            target=literal,
            value=value,
            key_parts=(f"{table or self.scope_key()} {label}", self.ctx.module_name),
        )

    def _holder(self, node: ast.Call) -> ast.expr | None:
        """The one list, tuple, set or dict literal a row is an element (a value, a ``**`` item) of: the
        table's literal, reported once like a dict when most of its elements are such rows (set 22:
        opik's ``[ModelCapability("gpt-4o", context_window=128_000), ...]``), its range covering them;
        None for a row standing alone (``register(Model(...))``). In a literal of other rows (set 20:
        agentlab's ``CHAT_MODEL_ARGS_DICT``, whose other rows hold several budgets each) rows count one each."""
        parent = self.ctx.parent(node)
        if (isinstance(parent, (ast.List, ast.Tuple, ast.Set)) and node in parent.elts) or (
            isinstance(parent, ast.Dict) and node in parent.values
        ):
            if parent not in self._keys:
                self._keys[parent] = self._table_key(parent)
            return parent
        return None

    def _table_key(self, holder: ast.expr) -> str:
        """The name a table built by calls is bound to (``MODEL_CAPABILITIES``), else ""."""
        target = first_target(self.ctx.parent(holder))
        return (attr_name(target) if target is not None else None) or ""

    def _window_keyword(self, name: str) -> bool:
        ws = set(words(name))
        if ws & _ATTENTION_WORDS:
            return False  # ``sliding_window_size``: the span a layer attends to, not the prompt's limit
        return self.names.is_budget(name) or bool(ws & {"window", "context", "limit", "tokens"})

    def leave_Module(self, node: ast.Module) -> None:
        report_tier_tables(self, node)  # ``((1048576, 200), (524288, 150), ...)`` walked against ``n_ctx``
        for callee, rows in self._calls.items():
            if len(rows) < 2 or one_model_calls(rows) or set(words(callee)) & EXCLUDED_WORDS:
                continue
            tables: dict[ast.expr, int] = {}
            for *_, holder in rows:
                if holder is not None:
                    tables[holder] = tables.get(holder, 0) + 1
            done = set(field_tables(self))  # reported by their field (``field_table``)
            for literal, value, model, holder in rows:
                if holder is not None and tables[holder] > 1 and tables[holder] > _others(holder, callee):
                    if holder not in done:  # the table's literal, once: its range covers the rows
                        done.add(holder)
                        self.report(
                            holder,
                            f"model-to-context-window table built by calls to {callee}() in one literal "
                            f"({tables[holder]} rows); keep it in config so new models need no code change",
                            key_parts=(
                                self._keys.get(holder) or f"{callee} context_windows",
                                self.ctx.module_name,
                            ),
                            advice="move the table into [tool.prompt_budget.values] by hand",
                        )
                    continue
                self.report(
                    literal,
                    f"model-to-context-window table built by calls to {callee}() ({len(rows)} rows): "
                    f"{value} for {model!r}; keep the table in config so new models need no code change",
                    target=literal,
                    value=value,
                    key_parts=(f"{model} context_window", self.ctx.module_name),
                )

    def _name(self, node: ast.Dict) -> str:
        """The name the table is bound to (assignment target, keyword, a field it is the default of), else ""; a table looked up where it is written (``{"low": 2048}[level]``, ``{...}.get(level, 2048)``) by the name of what the lookup is: returned by a function (its name, set 115: xoder-ai's ``anthropic_thinking_budget_for_level``), bound, passed or a dict's entry; a local whose row its function returns by the function's (``returned_tables``)."""
        parent = self.ctx.parent(node)
        if isinstance(parent, ast.Call) and callee_name(parent) in _FROZEN and parent.args == [node]:
            parent = self.ctx.parent(parent)
        if isinstance(parent, ast.Lambda):  # ``Field(default_factory=lambda: {"simple": 150_000, ...})``
            return factory_field_name(self, parent)
        looked_up = isinstance(parent, ast.Subscript) and parent.value is node
        if isinstance(parent, ast.Attribute) and parent.attr == "get":
            call = self.ctx.parent(parent)
            looked_up = isinstance(call, ast.Call) and call.func is parent
            parent = call if looked_up else parent
        if looked_up and parent is not None:
            holder = self.ctx.parent(parent)
            if isinstance(holder, ast.Return):
                return self.ctx.function_name() or ""
            if isinstance(holder, ast.Dict):
                index = next((i for i, v in enumerate(holder.values) if v is parent), None)
                key = holder.keys[index] if index is not None else None
                return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else ""
            parent = holder
        if isinstance(parent, ast.Assign):
            return returned_table_name(self, parent) or attr_name(parent.targets[0]) or ""
        if isinstance(parent, ast.AnnAssign):
            return attr_name(parent.target) or ""
        if isinstance(parent, ast.keyword) and parent.arg:
            return field_default_name(self, parent) or parent.arg
        return ""

    def visit_Dict(self, node: ast.Dict) -> None:
        keyed_rows(self, node, self._name, self._report)  # ``{"ollama": {"context_window": 8192}, ...}``
        if (table := first_record(self, node)) is not None:
            report_record_table(self, table, self._table_key(table))
        one = len(node.keys) == 1 and row_reads.one_window_row(self, node, self._name, self._window_name)
        if (len(node.keys) < 2 and not one) or any(k is None for k in node.keys):
            return
        # ``{TASK_A: 430, TASK_B: 788}``: keys named by constants (tasks) are no models' ids, the name must
        # then say what its numbers count (set 21: lextreme), unless the module binds them to ids (``{SONNET:
        # 1_000_000, "claude-haiku-4-5": 200_000}``, set 62: ``table_keys``); so too integer keys (set 67)
        keys = key_strings(node.keys, self.ctx.tree)
        if any(k is None for k in keys) and not int_keyed(node.keys):
            return
        name = self._name(node)
        cwords = set(words(name or self.ctx.function_name()))
        embedding = sum("embed" in (k or "") for k in keys) * 2 > len(keys)
        if cwords & (EXCLUDED_WORDS | UNIT_WORDS) or (embedding and not self._window_name(name)):
            return  # prices, message counts, an embedding model table (dimensions) not named a window
        ints = sum(1 for v in node.values if self.budget_literal(v) is not None)
        records = self._window_name(name) or self.names.says_tokens(name)  # ``Limit(200_000, ...)`` rows
        nested = sum(1 for v in node.values if nested_budget(self, v, records) or sized_record(self, v, name))
        models = model_rows(keys, node.values, embedding)  # not ``{"command": cmd, "timeout": 300}``
        half = (len(keys) + 1) // 2
        if models < half and self._window_name(name):  # ``{r"(openai/)?gpt-4o(-mini)?": 128_000}``
            models += sum(1 for k in keys if k and model_pattern(k)) or provider_windows(node)  # set 75
        if models < half and self._names_models(name):
            # ``DISCONTINUED_MODELS = {"code-davinci-002": 8001, ...}``: a table named for models, keyed
            # by ids, whose numbers are all window-sized is a window per model whatever its family
            models = sum(1 for k in keys if k and _MODEL_ID.match(k) and any(c.isdigit() for c in k))
            windows = sum(  # or rows holding a budget (set 64: orchestral's Bedrock ``MODEL_DETAILS``)
                1
                for v in node.values
                if 1024 <= (self.budget_literal(v) or 0) <= 20_000_000 or nested_budget(self, v, records)
            )
            if windows < len(keys):
                models = 0
        if models >= half and (ints >= half or nested >= half):
            about = "model-to-context-window table" if ints >= half else "table of per-model token limits"
            self._report(node, name, about)
        elif (
            name
            and ints >= 2
            and all(
                token_amount_literal(v) is not None or isinstance(v, (ast.Name, ast.Attribute))
                for v in node.values
            )
            and self._budget_table_name(name)
            and (self.names.says_tokens(name) or bool(set(words(name)) & _SAYS_BUDGET))
        ):
            # keys that are not models, so the name must say what the numbers count: tokens, a budget,
            # a window, not only a length (``_MAX_INPUT_LEN`` per TTS provider: characters, set 15)
            # numbers, and constants named elsewhere (set 11: google-adk's ``_ANTHROPIC_EFFORT_BUDGETS``
            # = {"minimal": _ANTHROPIC_MIN_THINKING_BUDGET_TOKENS, "low": 1024, ...}); with two rows at
            # least at the rule's min value, smaller rows too (set 21: lextreme's ``{NER: 430, ...: 5}``)
            self._report(node, name, "table of token budgets")
        elif (
            name
            and all(isinstance(v, ast.Constant) and type(v.value) is int and v.value > 0 for v in node.values)
            and ints >= 1
            and (budget := self._read_as_budget(name) or preset_reach(self, name))  # set 94
        ):
            # ``dataset2maxlen = {"qasper": 128, ...}`` read into ``{"max_gen_toks": dataset2maxlen[task]}``:
            # the name says a length, what its rows reach says tokens (set 20: lm-eval)
            self._report(node, name, f"table of token budgets ({budget})")

    def visit_Assign(self, node: ast.Assign | ast.AnnAssign) -> None:
        """``CONTEXT_SIZES_BY_PREFIX = [("gpt-4o", 128000), ("claude-3", 200000)]``: a table of
        (model, window) pairs, looked up by a loop rather than by key."""
        value = node.value
        target = node.targets[0] if isinstance(node, ast.Assign) else node.target
        name = attr_name(target) or ""
        if not isinstance(value, (ast.List, ast.Tuple)) or len(value.elts) < 2:
            if type(value) is ast.Dict:  # ``{"host": (("model", window), ...)}`` (set 99: lovia)
                host_pairs(self, node, bool(name) and self._budget_table_name(name))
            # a dict's rows, a comprehension's (sets 79, 83, 92)
            return (dict_rows if type(value) is ast.Dict else comprehension_table)(self, node)
        if not name or not (names_windows(name) or self._budget_table_name(name)):
            return unpacked_rows(self, node)  # ``for m, name, ctx in rows: Model(context_window=ctx)``
        counted = pair_rows(self, list(value.elts))
        if counted and counted[1] * 2 >= counted[0]:
            return report_pairs(self, value, name, counted[0])
        unpacked_rows(self, node, named=True)  # ``BUDGET_DEPTH_BY_TOKENS = ((1200, 1), (2400, 2))`` (set 291)

    visit_AnnAssign = visit_Assign

    @staticmethod
    def _names_models(name: str) -> bool:
        """A table's name saying models (``DISCONTINUED_MODELS``, ``model_windows``), not their sizes."""
        ws = set(words(name))
        return bool(ws & {"model", "models"}) and not ws & _MODEL_SIZE_WORDS

    def _window_name(self, name: str) -> bool:
        """``EMBEDDING_MODEL_CONTEXT_LENGTH``: a name saying a window of tokens, not a model's size (set 47:
        pgai's table of embedding models, whose inputs it cuts in tokens)."""
        ws = set(words(name))
        return bool(ws & {"context", "ctx", "window", "windows"} or self.names.is_budget(name)) and not (
            ws & _MODEL_SIZE_WORDS
        )

    def _budget_table_name(self, name: str) -> bool:
        ws = set(words(name))
        return (
            self.names.is_budget(name)
            or bool(ws & {"budget", "budgets"})
            or (bool(ws & {"tokens", "token"}) and bool(ws & _TABLE_WORDS))
            or token_defaults_table(
                name
            )  # ``ROLE_TOKEN_DEFAULTS``: the tokens a step of each role takes (set 461)
        )

    def _counts_requests(self, name: str) -> bool:
        """A name saying requests or records (``_BATCH_RATELIMIT_MAP``), not tokens (``TOKENS_PER_CALL``)."""
        return bool(set(words(name)) & _REQUEST_WORDS) and not self.names.says_tokens(name)

    def _read_as_requests(self, name: str) -> bool:
        """The module reads the table into a count of requests: it is returned by a function named so
        (``def max_requests_per_batch(self): ... return TABLE[prefix]``), or bound or passed under such a
        name (``max_records = TABLE.get(model)``, ``Batch(max_requests=TABLE[m])``)."""
        tree = self.ctx.tree
        if tree is None:
            return False

        def reads(node: ast.AST | None) -> bool:
            return node is not None and any(isinstance(n, ast.Name) and n.id == name for n in walk(node))

        for fn in walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for n in walk(fn):
                under = (
                    [fn.name]
                    if isinstance(n, ast.Return) and reads(n.value)
                    else [attr_name(t) or "" for t in n.targets]
                    if isinstance(n, ast.Assign) and reads(n.value)
                    else [n.arg]
                    if isinstance(n, ast.keyword) and n.arg and reads(n.value)
                    else []
                )
                if any(self._counts_requests(u) for u in under if u):
                    return True
        return False

    def _read_as_budget(self, name: str) -> str | None:
        """The budget the module reads a row of the table ``name`` into (``budget_lookups``), else None.
        The module's rows are read once."""
        if self._lookups is None:
            self._lookups = budget_lookups(self.ctx.tree, self.names)
        return handed_here(self.ctx.function(), name, self.names) or self._lookups.get(name)

    def _report(self, node: ast.Dict, name: str, about: str) -> None:
        if self._counts_requests(name) or (name and self._read_as_requests(name)):
            return  # requests (records) per batch or per minute, not tokens
        if in_expected_value(self, node):
            return  # what a test expects: the package's own table repeated, compared in an assertion
        try:
            value: Any = literal_value(node)
            target: ast.AST | None = node
        except ValueError:
            value, target = None, None
        key = name or f"{self.scope_key()} {'context_windows' if 'model' in about else 'token_budgets'}"
        self.report(
            node,
            f"{about} written as a Python literal ({len(node.keys)} entr{'ies' if node.keys[1:] else 'y'}); "
            "keep it in config so new models and budgets need no code change",
            target=target,
            value=value,
            key_parts=(key, self.ctx.module_name),
            advice="" if target is not None else "move the table into [tool.prompt_budget.values] by hand",
        )
