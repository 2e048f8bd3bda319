"""PB105 budget-ratio: a hard-coded fraction of a context window or token budget."""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.flow import (
    Binding,
    Bindings,
    Uses,
    against_flow,
    default_of,
    is_test_module,
)
from prompt_budget.lint.forms import character_sizes, fraction_size, per_token_key
from prompt_budget.lint.names import words
from prompt_budget.lint.ratio_names import (
    BUDGET_SUMMARY,
    TOKEN_UNIT_WORDS,
    budget_scale_name,
    described_as_score,
    documented_as_budget_share,
    documented_budget_scale,
    fields,
    fraction,
    generic,
    scale,
    share_of_machine_memory,
    side_name,
    token_share,
)
from prompt_budget.lint.rule import (
    BUDGET_WORDS,
    Invalid,
    LintRule,
    Report,
    Valid,
    attr_name,
    callee_name,
    defaults,
    number,
)
from prompt_budget.lint.shares import budget_share, numerator, share_reaching_tokens
from prompt_budget.lint.token_reach import TokenReach

#: What every PB105 finding advises.
_ADVICE = "move it to config so the threshold can be tuned per model"


class BudgetRatio(LintRule):
    """A ratio threshold of a window or budget written as a literal: ``0.8 * context_window``,
    ``int(max_tokens * 0.9)``, ``if used / window > 0.75``, ``summary_trigger_ratio = 0.9``, or a
    generic ``threshold = 0.7`` in a class or function that handles a token budget (a class's own:
    a budget elsewhere in the module does not make a class's threshold a budget ratio). A share whose
    name says tokens and what part of an amount it keeps (``SUMMARY_TOKEN_BUFFER = 0.8``) is one too.
    A ratio named by what it does (``summarization_ratio``) in a class whose sizes count characters
    (compared with a ``len()``) is not. A generic ratio parameter whose own docstring entry says tokens or
    the context window (``threshold: Token count or percent of context window``) is one, and so is a
    fraction of a number whose name says nothing when the data flow takes the share to a token use
    (``warn_at = int(0.9 * threshold)`` ... ``if total_tokens > warn_at``).

    LangChain's context size ``trigger=("fraction", 0.85)`` is a share of the window as a
    ``trigger``/``keep`` setting or beside a size in tokens or messages. A constant given as a
    parameter's default is followed to the parameter's uses.

    A share written as a division by a whole number (3 to 16) is one too: ``min(2048, context_size //
    4)``, ``get_max_tokens(model) // 4``, or a count of tokens divided into a length limit (``n =
    int(len(tokens) / 4)`` ... ``max_length=n``), or a token splitter's chunk size divided into its
    overlap (``chunk_overlap=min(chunk_size / 4, 64)``). Halving (``// 2``) is not reported, nor a length in
    characters divided so (PB104's characters per token).

    Similarity scores, temperatures, top-p, penalties and probabilities are not budgets: a generic
    ratio name is reported only when its name is nothing but ratio words and a budget is in scope.
    """

    CODE = "PB105"
    NAME = "budget-ratio"
    SUMMARY = "Hard-coded ratio threshold of a context window or token budget (0.8 * context_window)"
    DEFAULT_MIN_VALUE = 0
    PRECHECK = (re.compile(BUDGET_WORDS.pattern + "|summar|compact|compress|truncat|fraction"),)
    VALID = (
        Valid("similarity_threshold = 0.7"),
        Valid("temperature = 0.2\ntop_p = 0.95"),
        Valid("class Retriever:\n    similarity_threshold = 0.7\n    max_tokens = settings.max_tokens\n"),
        Valid("threshold = 0.5  # no budget anywhere near"),
        Valid("compression_ratio = 2.5\nmax_tokens = settings.max_tokens"),
        Valid("scaled = 0.5 * width"),
        # a constant given as a default whose parameter multiplies no budget; a limit read from a
        # profile that is not a budget
        Valid(
            "class Layout:\n    DEFAULT_SCALE: float = 0.5\n\n    def __init__(self, width, scale: float = DEFAULT_SCALE):\n"
            "        self.w = int(width * scale)\n"
        ),
        Valid('def f(p):\n    limit = p.get("max_retries") if p else None\n    return int(limit * 0.95)\n'),
        # a ("fraction", x) pair that is no context size: no trigger/keep setting, no size beside it
        Valid('row = {"share": ("fraction", 0.85), "label": ("name", 3)}\nplot(part=("fraction", 0.5))\n'),
        Valid("limit = settings.ratio * context_window"),
        # a GPU memory fraction is not a share of the context window
        Valid(
            "gpu_memory_utilization = 0.9\nllm = LLM(model, gpu_memory_utilization=gpu_memory_utilization)\n"
        ),
        # a share of the machine's RAM sizing how many rows are loaded (set 22: a PySpark loader)
        Valid(
            "import psutil\n\ndef rows(row, fraction_of_memory=0.1):\n"
            "    return int(psutil.virtual_memory().available / sys.getsizeof(row) * fraction_of_memory)\n"
        ),
        # a quality threshold: compared with a score, whatever budget is beside it
        Valid(
            "class Metric:\n    def __init__(self, threshold=0.5, max_context_size=None):\n        self.threshold = threshold\n\n    def measure(self):\n        return self.score >= self.threshold\n"
        ),
        Valid("def keep(loss, max_tokens, threshold=0.5):\n    return loss > threshold\n"),
        Valid("context_relevance_threshold = 0.7\ncontext_quality_threshold = 0.5"),
        # a parameter's meaning is its function's: a budget elsewhere in the module does not make it one
        Valid("MAX_TOKENS = 4096\n\ndef fuzzy(a, b, threshold=0.8):\n    return ratio(a, b) >= threshold\n"),
        Valid(
            "class Req(BaseModel):\n    threshold: float = Field(default=0.5, description='Cosine-similarity threshold')\n    chunk_size: int = 512\n"
        ),
        Valid(
            "class C(BaseModel):\n    dropout: float = Field(default=0.1)\n\n    def f(self, x):\n        return self.dropout * x\n"
        ),
        # a per-token conversion (PB104's: one finding per literal, set 16: rank-llm)
        Valid("TOKENS_PER_WORD_RATIO = 1.34\nWORDS_PER_TOKEN_RATIO = 0.75\nMAX_TOKENS = 4096\n"),
        Valid("est = Estimator(max_tokens=4096, tokens_per_word_ratio=1.3)"),
        Valid("TOKEN_TO_CHAR_RATIO = 0.25\nMAX_TOKENS = 4096\n"),
        # a generic threshold of a class holding no budget (a voice-activity threshold), in a module
        # whose other classes hold token budgets (set 17: pipecat)
        Valid(
            "class TurnDetection:\n    threshold: float = 0.5\n    silence_duration_ms: int = 500\n\n"
            "class Session:\n    max_output_tokens: int = 4096\n"
        ),
        # a ratio named by what it does, of a class whose size counts characters (set 17: fast-graphrag)
        Valid(
            "class Config:\n    max_description_size: int = 512\n    summarization_ratio: float = 0.5\n\n"
            "def upsert(config, text):\n    if len(text) > config.max_description_size:\n        shorten(text)\n"
        ),
        # a name saying tokens but no part of an amount: a rate, a time, a model's setting
        Valid("tokens_per_second = 0.5\nfirst_token_latency = 0.5\ntoken_dropout = 0.1\n"),
        # halving a budget (a convention), a unit (per thousand), a length in characters (PB104's), a
        # share of a token count that limits nothing
        Valid("half = context_window // 2\ncost = max_tokens / 1000 * price\nn = len(text) // 4\n"),
        Valid("def f(text, max_chars):\n    return max_chars - min(2000, max_chars // 4)\n"),
        # a multiplier documented as scaling something else than tokens
        Valid(
            "class Args(BaseModel):\n    max_tokens: int = 512\n"
            '    backoff_multiplier: float = Field(default=1.5, description="Multiplier of the retry delay")\n'
        ),
        # k/d of a length that no limit takes (a batch size on an out-of-memory retry)
        Valid("def retry(max_size, run):\n    size = max_size * 3 // 4\n    return run(size)\n"),
        Valid("def f(tok, ids):\n    quarter = len(ids) // 4\n    return tok.decode(ids[:quarter])\n"),
        # a share of a splitter's chunk size in characters
        Valid(
            "def split(chunk_size=1000):\n    overlap = chunk_size // 4\n"
            "    return RecursiveCharacterTextSplitter(chunk_size=chunk_size, chunk_overlap=overlap)\n"
        ),
        # a parameter documented as a score; a share of a limit that cuts a list of something else
        Valid(
            'def retrieve(query, max_chunk=512, threshold=0.7):\n    """Retrieve chunks.\n\n    Args:\n'
            "        max_chunk: Size of a chunk in tokens.\n        threshold: Minimum similarity of a chunk.\n"
            '    """\n'
        ),
        Valid("def head(items, limit):\n    keep = int(0.8 * limit)\n    return items[:keep]\n"),
    )
    INVALID = (
        Invalid(
            "import prompt_budget\n\ndef trigger(context_window):\n    return 0.8 * context_window\n",
            line=4,
            key="trigger_context_window_ratio",
            fixed='import prompt_budget\n\ndef trigger(context_window):\n    return prompt_budget.value("trigger_context_window_ratio", 0.8) * context_window\n',
        ),
        Invalid("limit = int(self.max_tokens * 0.9)"),
        Invalid("if used_tokens / context_window > 0.75:\n    compact()\n"),
        Invalid("SUMMARY_TRIGGER_RATIO = 0.9", key="summary_trigger_ratio"),
        # a share whose name says tokens and the part of an amount it keeps, though no ratio word (set
        # 17: pipecat), read or not
        Invalid("SUMMARY_TOKEN_BUFFER = 0.8", key="summary_token_buffer_ratio"),
        # a ratio named by what it does, of a class whose size counts tokens
        Invalid(
            "class Config:\n    max_summary_tokens: int = 512\n    summarization_ratio: float = 0.5\n", line=3
        ),
        # a multiplier of a token budget may exceed 1
        Invalid("def compress(context, target_token=-1, token_budget_ratio: float = 1.4):\n    ...\n"),
        Invalid(
            "class Memory:\n    threshold = 0.7\n\n    def __init__(self, token_limit):\n        self.token_limit = token_limit\n",
            line=2,
        ),
        Invalid("def compact(messages, max_tokens, threshold=0.8):\n    ...\n"),
        Invalid(
            'def is_critical(self, threshold: float = 0.9):\n    """Check if any budget dimension is near its limit."""\n    return any(v >= threshold for v in self.usage().values())\n'
        ),
        Invalid("memory = SummaryMemory(token_limit=limit, summarize_threshold=0.85)"),
        # decided by data flow: a field default multiplied by a context window elsewhere in the module
        Invalid(
            "class Compactor(BaseModel):\n    trigger: float = Field(default=0.9)\n\n    def due(self, used, context_window):\n        return used > self.trigger * context_window\n",
            line=2,
            key="compactor_trigger_ratio",
        ),
        # the same, through the attribute the parameter is stored in
        Invalid(
            "class TokenMemory:\n    def __init__(self, max_tokens, capacity_threshold: float = 0.75):\n"
            "        self._max_tokens = max_tokens\n        self._threshold = capacity_threshold\n\n"
            "    def capacity(self):\n        return self._max_tokens * self._threshold\n",
            line=2,
        ),
        # decided by data flow: a class constant given as a parameter's default, the parameter
        # multiplying a budget (set 15: agent-framework); a fraction of a window read from a profile
        # (set 15: deepagents)
        Invalid(
            "class Strategy:\n    DEFAULT_TOOL_EVICTION_THRESHOLD: float = 0.5\n\n"
            "    def __init__(self, max_context_window_tokens, max_output_tokens,\n"
            "                 tool_eviction_threshold: float = DEFAULT_TOOL_EVICTION_THRESHOLD):\n"
            "        input_budget = max_context_window_tokens - max_output_tokens\n"
            "        self._evict_at = int(input_budget * tool_eviction_threshold)\n",
            line=2,
        ),
        Invalid(
            "def budget(request):\n    profile = request.model.profile\n"
            '    limit = profile.get("max_input_tokens") if isinstance(profile, dict) else None\n'
            "    return int(limit * 0.95)\n",
            line=4,
        ),
        # LangChain's context sizes: a share of the window as a trigger/keep setting, or beside a size
        # in tokens or messages (set 15: deepagents)
        Invalid(
            'def defaults(model):\n    return {"trigger": ("fraction", 0.85), "keep": ("fraction", 0.10)}\n',
            count=2,
        ),
        Invalid('cfg = make(until=("fraction", 0.5), floor=("messages", 20))\n'),
        # a safety factor inside a product with the budget (set 12: pr-agent)
        Invalid(
            "def clip_tokens(text, max_tokens, chars_per_token):\n    factor = 0.9  # reduce by 10% to be safe\n"
            "    return text[: int(factor * chars_per_token * max_tokens)]\n",
            line=2,
        ),
        # a scale of the budget whose name says tokens but no per-token unit (near-miss of set 16's)
        Invalid("TOKEN_BUDGET_RATIO = 1.34\nMAX_TOKENS = 4096\n"),
        # stored in an attribute of its own name, read in another method (set 11: upsonic)
        Invalid(
            "class Middleware:\n    def __init__(self, safety_margin_ratio: float = 0.90):\n"
            "        self.safety_margin_ratio: float = safety_margin_ratio\n\n"
            "    def limit(self):\n        max_window = self._get_max_context_window()\n"
            "        return int(max_window * self.safety_margin_ratio)\n",
            line=2,
        ),
        # a share of a budget as a division by a whole number (set 18: raglite, curator)
        Invalid(
            "def plan(context_size):\n    return min(2048, context_size // 4)\n",
            key="plan_context_size_divisor",
        ),
        Invalid("def estimate_output_tokens(model):\n    return get_max_tokens(model) // 4\n"),
        # a multiplier whose field says it scales a token count into a budget (set 23: axolotl)
        Invalid(
            "class Args(BaseModel):\n    length_multiplier: float = Field(\n        default=1.5,\n"
            '        json_schema_extra={"description": "Multiplier for the answer token count"},\n    )\n',
            line=3,
        ),
        # k/d of a length limit kept as another that a tokenizer cuts to (set 23: FlagEmbedding)
        Invalid(
            "def score(tok, q, max_length):\n    q_len = max_length * 3 // 4\n"
            "    return tok(q, truncation=True, max_length=q_len)\n",
            line=2,
        ),
        # a share of a list of tokens (decoded by a tokenizer) given as a length limit (set 18: gptcache)
        Invalid(
            "def shrink(summarizer, tokenizer, segment):\n    n = int(len(segment) / 4)\n"
            "    return summarizer(tokenizer.decode(segment), max_length=n)\n",
            line=2,
        ),
        # a share of a token splitter's chunk size given as its overlap (set 19: ragatouille)
        Invalid(
            "def split(chunk_size=256):\n    overlap = min(chunk_size / 4, 64)\n"
            "    return SentenceSplitter(chunk_size=chunk_size, chunk_overlap=overlap)\n",
            line=2,
        ),
        # a generic ratio parameter whose docstring entry says tokens or the context window; a share of
        # a number whose name says nothing, compared with a token count (set 20: inspect-ai)
        Invalid(
            "class Strategy:\n    def __init__(self, threshold: float = 0.9):\n"
            '        """Compaction.\n\n        Args:\n            threshold: Token count or share of the\n'
            '                context window that triggers compaction.\n        """\n'
            "        self.threshold = threshold\n",
            line=2,
        ),
        Invalid(
            "def check(messages, threshold):\n    warn_at = int(0.9 * threshold)\n"
            "    if count_tokens(messages) > warn_at:\n        warn()\n",
            line=2,
        ),
    )

    # --- scope bookkeeping for generic ratio names: one frame per scope (module, class, function), with
    # whether a budget name has been seen in it and the generic ratios waiting to learn that

    # each pending report: (the name, the report, whether it is a function's parameter, which only
    # the function's own budget can make a budget ratio)
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
        self._ready: list[tuple[str, Report, bool]] = []
        self._score_compared: set[str] = set()
        #: ratios whose name says tokens, waiting for the data flow (``ratio_names.token_share``)
        self._token_shares: list[Report] = []
        #: names ordered against a string's length or cutting a string (read on the first question)
        self._character_sizes: set[str] | None = None
        #: a generic ratio name was bound (``lint/prune.py`` walks the file again with more lines then)
        self.generic_bound = False
        #: where a share of a number whose name says nothing ends up (made on the first question)
        self._reach: TokenReach | None = None

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        self._frames.append(([False], []))
        self._seen(node.name)

    visit_AsyncFunctionDef = visit_ClassDef = visit_FunctionDef

    def leave_FunctionDef(self, node: ast.AST) -> None:
        seen, pending = self._frames.pop()
        if pending and not seen[0] and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            # "Check if any budget dimension is approaching critical levels."
            doc = ast.get_docstring(node, clean=False)
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
            # a budget further out still counts, except for a parameter (``def _fuzzy_match(a, b,
            # threshold=0.8)`` in a module that handles budgets elsewhere) and for a class's own
            # names: a class is about what it holds (``class TurnDetection: threshold = 0.5`` beside
            # audio settings, in a module whose other classes hold token budgets: set 17, pipecat)
            self._frames[-1][1].extend(p for p in pending if not p[2])

    leave_AsyncFunctionDef = leave_ClassDef = leave_FunctionDef

    def leave_Module(self, node: ast.Module) -> None:
        self.leave_FunctionDef(node)
        # decided by data flow: a generic threshold compared with a score (``self.score >=
        # self.threshold``, ``loss > threshold``) is a quality threshold, whatever budget is beside it
        self.ctx.reports.extend(r for name, r, _ in self._ready if name not in self._score_compared)
        candidates = self._bindings.by_name
        # ``trigger: float = Field(default=0.9)`` ... ``self.trigger * context_window``
        # ``self._threshold = capacity_threshold`` ... ``self._max_tokens * self._threshold``: a use of
        # the attribute it was stored in decides for the parameter (set 11: beeai-framework, upsonic)
        followed: set[int] = set()
        for name, b in candidates.items():
            why = self._uses.reason(name)
            if why is None:
                continue
            message = (
                f"hard-coded budget ratio {name} = {b.value}: {why}; move it to config so the threshold "
                "can be tuned per model"
            )
            self.report(b.literal, message, target=b.literal, value=b.value, key_parts=b.key_parts)
            followed.add(id(b.literal))
        self.ctx.reports.extend(r for r in self._token_shares if id(r.node) not in followed)

    def _seen(self, name: str) -> None:
        if self.gather_evidence and self.names.is_budget(name):
            for seen, _ in self._frames:
                seen[0] = True

    def visit_Name(self, node: ast.Name) -> None:
        if self.gather_evidence:
            self._seen(node.id)
        if node.id in self._uses.watch:
            self._uses.read(node.id, self.ctx.ancestors, self, ratio=True)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if self.gather_evidence:
            self._seen(node.attr)
        if node.attr in self._uses.watch:
            self._uses.read(node.attr, self.ctx.ancestors, self, ratio=True)

    def visit_arg(self, node: ast.arg) -> None:
        self._seen(node.arg)

    def _share_of_characters(self, name: str) -> bool:
        """``class Config: max_description_size = 512; summarization_ratio = 0.5``, the size ordered
        against ``len(description)`` in the module: a ratio, named by what it does (summary,
        compaction, chunk...) but not by a unit of tokens, of a class whose sizes count characters
        and none tokens (set 17: fast-graphrag). The class's fields are the evidence of what the ratio
        scales; the module is walked once, for the first such ratio."""
        owner = self.ctx.scopes[-1] if self.ctx.scopes else None
        if not isinstance(owner, ast.ClassDef) or set(words(name)) & TOKEN_UNIT_WORDS:
            return False
        sizes = [
            field
            for stmt in owner.body
            for target, value in fields(stmt)
            if (field := attr_name(target)) and field != name and isinstance(number(default_of(value)), int)
        ]
        if not sizes or any(self.names.is_budget_setting(s) or self.names.says_tokens(s) for s in sizes):
            return False
        if self._character_sizes is None:
            self._character_sizes = character_sizes(self, self.ctx.tree) if self.ctx.tree else set()
        return any(s in self._character_sizes for s in sizes)

    def _named_ratio(self, name: str | None, literal: ast.expr | None, param: bool = False) -> None:
        """A ratio bound to a name: reported when the name says which budget it divides, or, for a
        generic name, once a budget turns up in its scope."""
        if described_as_score(literal):
            return
        documented = bool(name) and documented_budget_scale(name or "", literal)
        literal = default_of(literal)
        value = fraction(literal)
        if value is None and name and (ratio := scale(literal)) is not None:
            if budget_scale_name(name):
                value = ratio
            elif documented and literal is not None:
                self._report(literal, ratio, name, f"{name} = {ratio}, documented as a scale of tokens")
                return
        if value is None or literal is None or not name:
            if name and not (isinstance(literal, ast.Name) and literal.id == name):
                # ``self.ratio = ratio`` stores the parameter, it does not bind the name anew
                self._bindings.rebound(name)
            return
        if per_token_key(name) is not None:
            return  # ``TOKENS_PER_WORD_RATIO = 1.34``: a per-token conversion, PB104's (set 16: rank-llm)
        if self.names.is_budget_ratio(name):
            if not self._share_of_characters(name) and not share_of_machine_memory(self.ctx.tree, name):
                self._report(literal, value, name, f"{name} = {value}")
        elif token_share(self.names, name, value):
            # reported at the end of the module unless a use found by data flow says more
            before = len(self.ctx.reports)
            self._report(literal, value, name, f"{name} = {value}, a share of a token amount")
            self._token_shares.append(self.ctx.reports.pop(before))
            self._follow(name, literal, value)
        elif generic(self.names, name):
            before = len(self.ctx.reports)
            self._report(literal, value, name, f"{name} = {value} beside a token budget")
            self._frames[-1][1].append((name, self.ctx.reports.pop(before), param))
            self.generic_bound = True
        else:
            self._follow(name, literal, value)

    def _follow(self, name: str, literal: ast.expr, value: float) -> None:
        """Follow ``name``, bound to the ratio ``literal``, to its uses (the data flow), where the name
        may be followed; else it is bound to something that is no candidate."""
        if against_flow(name) or name.lower() in self.names.ignore_names or is_test_module(self.ctx.path):
            self._bindings.rebound(name)
            return
        scope = self.scope_key()
        parts = (
            (name, self.ctx.class_name(), self.ctx.module_name)
            if name.isupper()
            else (f"{scope} {name}" if scope else name, self.ctx.module_name)
        )
        self._bindings.add(Binding(literal, name, value, parts))
        self._uses.watch.add(name)

    def _report(self, literal: ast.expr, value: float, name: str, what: str) -> None:
        message = f"hard-coded budget ratio {what}; {_ADVICE}"
        # the key says it is a ratio (``compact_threshold_ratio``), not a number of tokens
        ws = words(name)
        key = name if ws and ws[-1] in {"ratio", "fraction", "percent", "pct"} else f"{name} ratio"
        self.report_literal(literal, message, value, key, scoped=not name.isupper())

    # --- the visits

    def visit_BinOp(self, node: ast.BinOp) -> None:
        if isinstance(node.op, (ast.Div, ast.FloorDiv)):
            share = budget_share(self, node)
            if share is not None:
                parts, name = share
                op = "//" if isinstance(node.op, ast.FloorDiv) else "/"
                shown = ast.unparse(node.left)
                shown = shown if len(shown) <= 40 else f"{name}(...)"
                message = (
                    f"hard-coded budget share `{shown} {op} {parts}`, {numerator(node)}/{parts} of a token "
                    "amount; move "
                    "the divisor to config so the share can be tuned per model"
                )
                self.report_literal(node.right, message, parts, f"{name} divisor")
            return
        if not isinstance(node.op, ast.Mult):
            return
        for literal, other in ((node.left, node.right), (node.right, node.left)):
            value = fraction(literal)
            budget = self.budget_expr(other) if value is not None else None
            if value is not None and budget is not None:
                self._report(literal, value, f"{budget} ratio", f"{value} of {budget}")
                return
            if value is not None and type(other) in (ast.Name, ast.Attribute):
                # ``int(0.9 * threshold)`` ... ``total_tokens > memory_warning_threshold`` (set 20)
                if self._reach is None:
                    self._reach = TokenReach(self)
                why = share_reaching_tokens(self, self._reach, node, other)
                if why is not None:
                    name = attr_name(other) or "amount"
                    self._report(
                        literal,
                        value,
                        f"{name} ratio",
                        f"{value} of `{name}`, a share reaching a token use: {why}",
                    )
                    return

    def visit_Tuple(self, node: ast.Tuple) -> None:
        """LangChain's context size ``trigger=("fraction", 0.85)``: a share of the context window, as a
        ``trigger``/``keep`` setting or beside a size in tokens or messages (set 15: deepagents)."""
        found = fraction_size(self, node) if len(node.elts) == 2 else None
        if found is not None:
            name, literal, value = found
            what = f'("fraction", {value}) of the context window' + (f" as `{name}`" if name else "")
            self._report(literal, value, name or "context_size", what)

    def visit_Compare(self, node: ast.Compare) -> None:
        if self.gather_evidence:
            names = [side_name(side) for side in (node.left, *node.comparators)]
            if len(names) == 2 and all(names) and any(self.names.is_score(n) for n in names):
                self._score_compared.update(n for n in names if not self.names.is_score(n))
        left = node.left
        for right in node.comparators:
            for div, literal in ((left, right), (right, left)):
                value = fraction(literal)
                if (
                    value is not None
                    and isinstance(div, ast.BinOp)
                    and isinstance(div.op, ast.Div)
                    and (self.token_amount(div.left) or self.budget_expr(div.right) is not None)
                ):
                    name = self.budget_expr(div.right) or "budget"
                    self._report(
                        literal, value, f"{name} usage threshold", f"usage threshold {value} of {name}"
                    )
                    break
            left = right

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self._named_ratio(attr_name(target), node.value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._named_ratio(attr_name(node.target), node.value)

    def visit_arguments(self, node: ast.arguments) -> None:
        for arg, default in defaults(node):
            self._named_ratio(arg.arg, default, param=True)

    def visit_Call(self, node: ast.Call) -> None:
        siblings = [kw.arg for kw in node.keywords if kw.arg]
        for kw in node.keywords:
            self._seen(kw.arg or "")
            value = fraction(kw.value)
            if value is None or kw.arg is None or per_token_key(kw.arg) is not None:
                continue
            if self.names.is_budget_ratio(kw.arg):
                self._report(kw.value, value, kw.arg, f"{kw.arg} = {value}")
            elif generic(self.names, kw.arg) and (
                any(self.names.is_budget(s) for s in siblings)
                or self.names.mentions_tokens(callee_name(node) or "")
            ):
                self._report(kw.value, value, kw.arg, f"{kw.arg}={value} beside a token budget")
