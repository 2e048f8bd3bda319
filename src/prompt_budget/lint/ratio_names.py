"""What a ratio's name, its field and its documentation say it divides (PB105's evidence before the
data flow).

- A ratio is a fraction (``0 < x < 1``), or a scale of a token budget (``token_budget_ratio = 1.4``,
  ``1 < x <= 4``) when its name says so.
- A generic ratio name (``threshold``, ``ratio``, ``trigger``: nothing but ratio words) says nothing
  of what it divides: PB105 reports it only beside a budget, or when the docstring of the function it
  is a parameter of says, in that parameter's entry, that it is a share of tokens or of the context
  window (``threshold: Token count or percent of context window to trigger compaction.``).
- A share whose name says tokens and what part of an amount it keeps (``SUMMARY_TOKEN_BUFFER = 0.8``)
  is a share of a token amount, though it has no ratio word.
- A field described as a score (``Field(default=0.5, description="Cosine-similarity threshold")``) is
  a quality threshold, not a budget ratio.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from prompt_budget.lint.field_docstrings import field_description
from prompt_budget.lint.names import SCORE_WORDS, TOKEN_WORDS, NameJudge, words
from prompt_budget.lint.param_docstrings import arg_entry
from prompt_budget.lint.rule import attr_name, callee_name, number
from prompt_budget.lint.walks import walk

# A generic ratio name (no word saying what it measures) is reported only beside a budget.
GENERIC_RATIO_WORDS = frozenset(
    {
        "threshold",
        "ratio",
        "fraction",
        "pct",
        "percent",
        "percentage",
        "utilization",
        "trigger",
        "usage",
        "max",
        "min",
        "default",
        "warn",
        "warning",
        "limit",
        "soft",
        "hard",
        "high",
        "low",
        "water",
        "mark",
    }
)

_DESCRIPTION_WORD = re.compile(r"[a-z]+")
#: A text saying it is about tokens, a budget or the context window.
BUDGET_SUMMARY = re.compile(r"\b(?:tokens?|budgets?|context window)\b", re.IGNORECASE)

#: Words of a ratio name that say it divides an amount of tokens (not what it does: ``summary``).
TOKEN_UNIT_WORDS = TOKEN_WORDS | {"context", "ctx", "window", "budget"}

#: Words of the part of an amount a share keeps or leaves (``SUMMARY_TOKEN_BUFFER``, ``token_margin``).
_SHARE_WORDS = frozenset(
    {
        "buffer",
        "margin",
        "reserve",
        "reserved",
        "headroom",
        "safety",
        "pressure",
        "limit",
        "budget",
        "cap",
        "target",
        "multiplier",
        "scale",
        "allowance",
        "fill",
    }
)


#: Words of a callee matching texts by their tokens (``find_node_by_token_overlap``): a similarity, no budget.
_MATCHING = SCORE_WORDS | {"overlap", "match", "matches", "matching", "similar"}


def beside_budget(names: NameJudge, call: ast.Call) -> bool:
    """``call`` is given a token budget by keyword too, or is named for tokens (``truncate_tokens``) and not
    for matching texts by their words (set 249: prismcortex's ``find_node_by_token_overlap(label,
    threshold=0.34)``, a Jaccard cutoff)."""
    if any(kw.arg and names.is_budget(kw.arg) for kw in call.keywords):
        return True
    callee = callee_name(call) or ""
    return names.mentions_tokens(callee) and not set(words(callee)) & _MATCHING


def share_beside_budget(names: NameJudge, name: str, call: ast.Call) -> bool:
    """The keyword ``name`` of ``call`` is a share of the budget given beside it: a generic ratio's name
    (``threshold=0.8``), or any ratio's given to a class named for a budget (``ContextBudget(max_tokens=n,
    episode_ratio=0.4, fact_ratio=0.4)``, set 303: velqua's memory injector)."""
    if not names.is_ratio(name) or names.is_score(name) or not beside_budget(names, call):
        return False
    if generic(names, name) and _retrieves(call):
        return False  # ``recall(query, k=tier.k, threshold=0.15, max_tokens=...)``: a score floor (set 347: memor-cli)
    return generic(names, name) or "budget" in words(callee_name(call) or "")


#: Keywords of a call retrieving the best matches (``k=5``, ``top_k=10``), whose threshold is one of their scores.
_TOP_K = frozenset({"k", "top_k", "topk", "n_results"})
#: Words of a callee retrieving matches (``recall``, ``search_memories``, ``retrieve``).
_RETRIEVE_WORDS = frozenset({"recall", "retrieve", "search", "query"})


def _retrieves(call: ast.Call) -> bool:
    """``call`` retrieves the best matches: it is given how many (``k=``) or is named for retrieving."""
    return any(kw.arg in _TOP_K for kw in call.keywords) or bool(
        set(words(callee_name(call) or "")) & _RETRIEVE_WORDS
    )


def described_as_score(node: ast.AST | None) -> bool:
    """``Field(default=0.5, description="Cosine-similarity threshold")``: the field says what it is."""
    if not isinstance(node, ast.Call):
        return False
    for kw in node.keywords:
        if kw.arg == "description" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
            return any(w in SCORE_WORDS for w in _DESCRIPTION_WORD.findall(kw.value.value.lower()))
    return False


#: A field's text tying a generic ratio to an amount of tokens (its compaction, its summary...).
_BUDGET_TEXT = re.compile(
    r"\b(?:tokens?|budgets?|context|window|compact\w*|summar\w*|truncat\w*|trim\w*|utili[sz]ation)\b",
    re.IGNORECASE,
)


def described_otherwise(node: ast.AST | None) -> bool:
    """``threshold: float = Field(0.5, description="Threshold for filtering references")``: a field
    whose own text says what it is for, and nothing of tokens, the context or a budget: a generic ratio
    name beside a token budget in a request model is then that other thing (set 25: memoryos)."""
    text = _field_text(node)
    return bool(text.strip()) and not _BUDGET_TEXT.search(text)


def entry_says_score(doc: str, name: str) -> bool:
    """``threshold: Answer fixed-point similarity threshold.``: the parameter's own docstring entry names a
    score (set 185's pass: memctl's convergence thresholds beside a token budget), so it is no share of one."""
    return _names_score(arg_entry(doc, name))


def parameter_says_score(
    names: NameJudge, fn: ast.FunctionDef | ast.AsyncFunctionDef, doc: str | None, name: str
) -> bool:
    """The parameter ``name`` of ``fn`` is a score's cut-off: its docstring entry names a score, or ``fn`` is named
    for one (``def titles_match(a, b, *, threshold=0.6)``, set 297: kp-build's Jaccard match)."""
    return names.is_score(fn.name) or bool(doc and entry_says_score(doc, name))


def _names_score(text: str) -> bool:
    return any(w in SCORE_WORDS for w in _DESCRIPTION_WORD.findall(text.lower()))


def described_as_share(node: ast.AST | None) -> bool:
    """``threshold: float = typer.Option(0.8, help="Compaction threshold (0.0-1.0)")``: a generic ratio
    whose own field or option text ties it to tokens, the context or its compaction, and says no score."""
    text = _field_text(node)
    return bool(_BUDGET_TEXT.search(text)) and not _names_score(text)


def fields(stmt: ast.stmt) -> list[tuple[ast.expr, ast.expr | None]]:
    """(target, value) of a class body's field: ``size: int = field(default=512)``, ``size = 512``."""
    if isinstance(stmt, ast.AnnAssign):
        return [(stmt.target, stmt.value)]
    if isinstance(stmt, ast.Assign):
        return [(t, stmt.value) for t in stmt.targets]
    return []


def side_name(node: ast.expr) -> str:
    """What one side of a comparison reads: ``self.score`` -> score, ``sim(a, b)`` -> sim."""
    name = attr_name(node)
    if name is None and isinstance(node, ast.Call):
        name = callee_name(node)
    return name or ""


def budget_scale_name(name: str) -> bool:
    """``token_budget_ratio``, ``budget_factor``: a multiplier of a token budget, which may exceed 1; a growth
    of a count of tokens that triggers a compaction (``tokenGrowthThreshold = 1.20``, set 521: mode-manager-mcp)."""
    ws = set(words(name))
    if "growth" in ws and ws & {"threshold", "ratio", "factor", "trigger"}:
        return bool(ws & {"token", "tokens"})
    return bool(ws & {"ratio", "factor"}) and bool(ws & {"token", "tokens", "budget"})


#: Words of a name saying it multiplies an amount.
_SCALE_WORDS = frozenset({"multiplier", "factor", "scale", "ratio"})


def _field_text(node: ast.AST | None) -> str:
    """The description of a field (``field_docstrings.field_description``), "" when it gives none."""
    return (field_description(node) if isinstance(node, ast.expr) else None) or ""


def documented_budget_scale(name: str, node: ast.AST | None) -> bool:
    """``gt_length_multiplier: float = Field(default=1.5, description="Multiplier for ground-truth token
    count when computing adaptive max_tokens")``: a multiplier whose field says it scales a number of
    tokens into a budget (set 23: axolotl), whatever its name says of the unit."""
    text = _field_text(node)
    return (
        bool(set(words(name)) & _SCALE_WORDS)
        and bool(text and BUDGET_SUMMARY.search(text))
        and not any(w in SCORE_WORDS for w in _DESCRIPTION_WORD.findall(text.lower()))
    )


def scale(node: ast.AST | None) -> float | None:
    """A float literal above 1 and at most 4: a multiplier of a budget (when its name says so)."""
    value = number(node)
    return value if isinstance(value, float) and 1 < value <= 4 else None


def fraction(node: ast.AST | None) -> float | None:
    """A float literal between 0 and 1: a share."""
    value = number(node)
    return value if isinstance(value, float) and 0 < value < 1 else None


def token_share(names: NameJudge, name: str, value: float) -> bool:
    """``SUMMARY_TOKEN_BUFFER = 0.8``, ``memory_token_pressure = 0.3``: a share (0 < x < 1) bound to a
    name that says tokens (not a price's, a credential's, a score's) and what part of an amount it
    keeps (a buffer, a margin, a target...), though it has no ratio word: a share of a token amount,
    whether or not it is read (set 17: pipecat). Not a rate (``tokens_per_second``), a time or a
    model's setting (``token_dropout``), which say no such part."""
    ws = set(words(name))
    return (
        value < 1
        and bool(ws & TOKEN_WORDS)
        and bool(ws & _SHARE_WORDS)
        and "per" not in ws
        and not ws & _BILLED_WORDS
        and names.mentions_tokens(name)
        and not names.is_score(name)
    )


#: Words of a share that prices tokens (``cached_token_multiplier = 0.10``: a cached token's cost against an
#: uncached one, set 142: adk-smart-router), not a part of an amount of them.
_BILLED_WORDS = frozenset({"cached", "discount", "discounted", "billed", "billing"})


#: Words of a callable that compacts a conversation to fit the context window (``SummarizingCompaction``).
_COMPACTING_WORDS = frozenset(
    {"summary", "summarize", "summarizing", "summarization", "summarizer", "compact", "compaction"}
    | {"compactor", "compacting", "truncate", "truncation", "truncating", "trim", "trimmer", "trimming"}
    | {"condense", "condenser", "condensing"}
)


def compacting_callee(name: str) -> bool:
    """``SummarizingCompaction``, ``ContextTrimmer``, ``context_window_manager``: a callable whose name
    says it compacts a conversation or manages the context window, so a share (0 < x < 1) given to it
    under a ratio keyword (``max_fraction=0.8``) is a share of the window (set 28: oterm)."""
    ws = set(words(name))
    return bool(ws & _COMPACTING_WORDS) or {"context", "window"} <= ws


def budget_keyword(names: NameJudge, name: str) -> bool:
    """A keyword a budget is handed on under: named as a budget and not as a share (``context_window_percent``,
    ``max_tokens_ratio``), though a threshold or trigger named for tokens counts them (``min_token_threshold``,
    set 205: superindex's tree thinning)."""
    if not names.is_budget(name):
        return False
    ws = set(words(name))
    return not names.is_ratio(name) or (
        names.says_tokens(name) and ws & GENERIC_RATIO_WORDS <= {"threshold", "trigger", "min", "max"}
    )


#: Words of a class or function judging answers (``JudgeEvaluator``, ``JudgeConfig``, ``Grader``): a generic
#: threshold there is a pass mark for a judge's score (set 339: salvo-ai's ``default_threshold = 0.8``).
_JUDGE_WORDS = frozenset({"judge", "judges", "grader", "graders", "rubric", "verdict"})


def judging(scopes: Sequence[ast.AST]) -> bool:
    """A class or function around the binding is named for judging answers (``_JUDGE_WORDS``)."""
    return any(
        isinstance(s, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and set(words(s.name)) & _JUDGE_WORDS
        for s in scopes
    )


def generic(names: NameJudge, name: str) -> bool:
    """``threshold``, ``max_ratio``, ``trigger``: a ratio name made of nothing but ratio words."""
    ws = words(name)
    return names.is_ratio(name) and all(w in GENERIC_RATIO_WORDS for w in ws)


# --- a parameter's entry in its function's docstring

#: The first line of a parameter's entry: Google's ``name (type): text``, numpy's ``name : type``,
#: Sphinx's ``:param type name: text``.
_ENTRY = re.compile(
    r"^(?P<indent>[ \t]*)(?::param(?:\s+[\w\[\], |.]+?)?\s+(?P<sphinx>\w+)\s*:|(?P<name>\*{0,2}\w+)"
    r"\s*(?:\([^)]*\))?\s*:(?!:))(?P<text>.*)$"
)


def parameter_doc(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> str:
    """The text of the entry of the parameter ``name`` in the docstring of ``fn`` (its first line and
    the lines indented under it), "" when the docstring has none."""
    doc = ast.get_docstring(fn, clean=True)
    if not doc or name not in doc:
        return ""
    lines = doc.splitlines()
    for i, line in enumerate(lines):
        match = _ENTRY.match(line)
        if match is None or (match.group("sphinx") or match.group("name") or "").lstrip("*") != name:
            continue
        indent = len(match.group("indent").expandtabs())
        parts = [match.group("text").strip()]
        for more in lines[i + 1 :]:
            if more.strip() and len(more) - len(more.lstrip()) <= indent:
                break
            parts.append(more.strip())
        return " ".join(p for p in parts if p)
    return ""


def documented_as_budget_share(fn: ast.AST, name: str) -> bool:
    """The docstring of ``fn`` says, in the entry of its parameter ``name``, that the parameter is an
    amount of tokens or a share of the context window or a budget (``threshold: Token count or percent
    of context window to trigger compaction.``), and not a score (``threshold: Minimum similarity score
    over the retrieved tokens``)."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    text = parameter_doc(fn, name)
    return bool(text and BUDGET_SUMMARY.search(text)) and not any(
        w in SCORE_WORDS for w in _DESCRIPTION_WORD.findall(text.lower())
    )


#: Calls that read a machine's memory (bytes of RAM or of a GPU), never a conversation's.
_MACHINE_MEMORY_CALLS = frozenset(
    {"virtual_memory", "mem_get_info", "memory_info", "getsizeof", "memory_allocated"}
)


def share_of_machine_memory(tree: ast.AST | None, name: str) -> bool:
    """``fraction_of_memory = 0.1`` in a module that reads the machine's memory
    (``psutil.virtual_memory().available``, ``sys.getsizeof(row)``): a share of RAM sizing how many
    rows are loaded, not of a conversation memory's token budget (set 22: langchain-community's
    PySpark loader)."""
    if "memory" not in words(name) or tree is None:
        return False
    return any(
        isinstance(n, ast.Call)
        and (n.func.attr if isinstance(n.func, ast.Attribute) else getattr(n.func, "id", ""))
        in _MACHINE_MEMORY_CALLS
        for n in walk(tree)
    )


def budget_share(names: NameJudge, node: ast.AST) -> bool:
    """``int(window * _COMPACT_BUFFER_FRACTION)``: a product (rounded or not) with a name of a budget's share, an
    amount of the budget it is a share of (set 213: powabase-agentic's floor ``max(_COMPACT_BUFFER, ...)``)."""
    if (
        isinstance(node, ast.Call)
        and callee_name(node) in {"int", "round", "ceil", "floor"}
        and len(node.args) == 1
    ):
        node = node.args[0]
    return (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Mult)
        and any(names.is_budget_ratio(attr_name(side) or "") for side in (node.left, node.right))
    )
