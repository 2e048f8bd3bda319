"""Forms a budget takes beyond a number bound to a name, shared by several rules.

- LangChain's context sizes (``ContextSize``: LangChain v1's ``SummarizationMiddleware``, deepagents):
  ``trigger=("tokens", 4000)`` is a number of tokens, ``("fraction", 0.85)`` a share of the context window, ``("messages", 20)`` a number of messages (never a budget of tokens);
- a number of tokens converted to characters whose result is used as characters: ``limit = TOKEN_LIMIT * 4``
  ... ``text[:limit]``; a number of characters converted to tokens whose result is compared with a count of
  tokens: ``estimate = int(chars / 10)`` ... ``if input_tokens < estimate``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from prompt_budget.lint.amount_words import SAID_LIMITS, SIZED_IN_TOKENS
from prompt_budget.lint.carried_units import carried
from prompt_budget.lint.ceilings import budget_ceiling
from prompt_budget.lint.char_params import given_as_characters
from prompt_budget.lint.character_reads import cuts_string, string_length
from prompt_budget.lint.field_helpers import FIELD_CALLS
from prompt_budget.lint.flow import bound_local, counts_characters, default_of, reads_of
from prompt_budget.lint.names import CHAR_WORDS, PRICE_WORDS, TOKENS_WORD, words
from prompt_budget.lint.ordered_shares import climb
from prompt_budget.lint.rule import attr_name, callee_name, dotted, string_value
from prompt_budget.lint.walks import kept_per_file, walk

if TYPE_CHECKING:
    from prompt_budget.lint.names import NameJudge
    from prompt_budget.lint.rule import LintRule

#: The kinds of LangChain's ``ContextSize`` tuples.
SIZE_KINDS = frozenset({"tokens", "messages", "fraction"})
#: The settings of a summarization or context-size API that take a ``ContextSize``.
_SIZE_SETTINGS = frozenset({"trigger", "keep"})


def context_size(node: ast.AST | None) -> tuple[str, ast.expr] | None:
    """``("tokens", 4000)`` -> ("tokens", the number's node); None for any other expression."""
    if type(node) is not ast.Tuple or len(node.elts) != 2:
        return None
    kind = string_value(node.elts[0])
    return (kind, node.elts[1]) if kind in SIZE_KINDS else None


def size_slot(rule: LintRule, node: ast.Tuple) -> tuple[str, list[ast.expr]] | None:
    """Where a context-size tuple (being visited) is given: the name of the keyword, dict key or
    function it is passed as, written under or returned from ("" when none), and the other values
    given beside it (its siblings: the call's other keywords, the dict's other values, the list's other
    items). None where it is no setting's value (an assignment or a default: PB102 judges those; an
    element of some other collection)."""
    parent = rule.ctx.parent(node)
    child: ast.AST = node
    siblings: list[ast.expr] = []
    if isinstance(parent, (ast.List, ast.Tuple)) and all(context_size(e) for e in parent.elts):
        siblings = [
            e for e in parent.elts if e is not node
        ]  # ``trigger=[("tokens", 3000), ("messages", 6)]``
        child, parent = parent, rule.ctx.parent(parent)
    if isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or) and parent.values[-1] is child:
        # the fallback of a setting read (``summ_conf.get("trigger") or ("fraction", 0.85)``, set 111:
        # lc-agent-app), given where the read is, or bound to a name
        child, parent = parent, rule.ctx.parent(parent)
        if isinstance(parent, ast.Assign) and len(parent.targets) == 1 and parent.value is child:
            return attr_name(parent.targets[0]) or "", siblings
    if isinstance(parent, ast.keyword):
        call = rule.ctx.parent(parent)
        others = call.keywords if isinstance(call, ast.Call) else []
        return parent.arg or "", siblings + [k.value for k in others if k is not parent]
    if isinstance(parent, ast.Dict):
        key = next((k for k, v in zip(parent.keys, parent.values, strict=False) if v is child), None)
        return string_value(key) or "", siblings + [v for v in parent.values if v is not child]
    if isinstance(parent, ast.Return):
        return rule.ctx.function_name(), siblings
    return None


def token_size(rule: LintRule, node: ast.Tuple) -> tuple[str, ast.expr, int | float] | None:
    """``trigger=("tokens", 4000)``, ``{"trigger": ("tokens", 170000)}``: (the setting's name, the
    number, its value) of a number of tokens given as a context size, not under an excluded name."""
    size = context_size(node)
    value = rule.budget_literal(size[1]) if size is not None and size[0] == "tokens" else None
    slot = size_slot(rule, node) if value is not None else None
    if size is None or value is None or slot is None or rule.names.is_excluded(slot[0]):
        return None
    return slot[0], size[1], value


def fraction_size(rule: LintRule, node: ast.Tuple) -> tuple[str, ast.expr, float] | None:
    """``trigger=("fraction", 0.85)``: (the setting's name, the number, its value) of a share of the
    context window given as a context size: only as a ``trigger``/``keep`` setting, or beside a
    ``("tokens", N)`` or ``("messages", N)`` size (a ``("fraction", x)`` pair alone says nothing)."""
    size = context_size(node)
    if size is None or size[0] != "fraction":
        return None
    value = size[1].value if isinstance(size[1], ast.Constant) else None
    if not isinstance(value, float) or not 0 < value < 1:
        return None
    slot = size_slot(rule, node)
    if slot is None:
        return None
    name, siblings = slot
    kinds = {s[0] for s in map(context_size, siblings) if s is not None}
    if set(words(name)) & _SIZE_SETTINGS or kinds & {"tokens", "messages"}:
        return name, size[1], value
    return None


def assigned_token_size(node: ast.expr | None) -> ast.expr | None:
    """The number of ``DEFAULT_TRIGGER = ("tokens", 4000)`` or of a parameter's ``keep=("tokens",
    2000)``: a context size that counts tokens, whatever the name it is bound to says."""
    size = context_size(node)
    return size[1] if size is not None and size[0] == "tokens" else None


def default_pair(rule: LintRule, node: ast.Tuple) -> tuple[str, ast.expr, int | float] | None:
    """``keys_and_defaults = [("context_size", 4096), ("window_size", 20)]`` ... ``extract_kwargs(
    keys_and_defaults, **kwargs)``: (the setting's name, the number, its value) of a setting's default
    written as a (name, default) pair in a table of such pairs (two or more, each name once; one when the
    table is a keyword's value, settings handed to a call: optivision-rag's ``load_options=
    (("max_num_visual_tokens", 768),)``, set 128), when the name is a budget's as a keyword of that name
    would be (set 16: rank-llm)."""
    parent = rule.ctx.parent(node)
    name = string_value(node.elts[0])
    if (
        not name
        or name in SIZE_KINDS
        or not isinstance(parent, (ast.List, ast.Tuple))
        or (len(parent.elts) < 2 and not isinstance(rule.ctx.parent(parent), ast.keyword))
    ):
        return None
    value = rule.budget_literal(node.elts[1])
    if value is None or not rule.names.is_budget_setting(name):
        return None
    names = [
        string_value(e.elts[0]) if type(e) is ast.Tuple and len(e.elts) == 2 else None for e in parent.elts
    ]
    if None in names or len(set(names)) != len(names):
        return None  # not a table of settings: a row of values, a test's cases of one setting
    return name, node.elts[1], value


def _table_read(node: ast.expr) -> str | None:
    """``models_tokens[provider][model]``, ``WINDOWS.get(model)``: the name of the table read."""
    if isinstance(node, ast.Call) and type(node.func) is ast.Attribute and node.func.attr == "get":
        node = node.func.value
    while type(node) is ast.Subscript:
        node = node.value
    return attr_name(node) if isinstance(node, (ast.Name, ast.Attribute)) else None


def lookup_fallback(rule: LintRule, node: ast.Assign) -> str | None:
    """``try: self.model_token = models_tokens[provider][model]`` ``except KeyError: self.model_token =
    8192``: the name of the budget table (named as a budget, or one of the module's model -> window
    tables) whose failed lookup the assignment, in an ``except``, stands in for, when the name assigned
    says tokens (set 16: scrapegraphai). Asked only for a budget-sized number assigned."""
    target = attr_name(node.targets[0]) if len(node.targets) == 1 else None
    if not target or not rule.names.mentions_tokens(target):
        return None
    ancestors = rule.ctx.ancestors
    handler = next(
        (i for i in range(len(ancestors) - 1, 0, -1) if type(ancestors[i]) is ast.ExceptHandler), None
    )
    attempt = ancestors[handler - 1] if handler is not None else None
    if not isinstance(attempt, ast.Try):
        return None
    for stmt in attempt.body:
        if type(stmt) is ast.Assign and len(stmt.targets) == 1 and attr_name(stmt.targets[0]) == target:
            table = _table_read(stmt.value)
            if table and (rule.names.is_budget_setting(table) or rule.names.is_budget(table)):
                return table
    return None


#: Hugging Face's truncation strategies besides ``True``: each cuts to ``max_length`` (set 21: SummaC).
_STRATEGIES = frozenset({"longest_first", "only_first", "only_second"})


def truncating(call: ast.Call) -> bool:
    """``tokenizer(text, truncation=True, max_length=512)``, ``truncation="only_first"``, ``truncation=
    "only_second" if pad_on_right else "only_first"`` (Hugging Face's question answering examples: both
    branches cut): a call that cuts to a number of tokens."""
    return any(kw.arg == "truncation" and _cuts(kw.value) for kw in call.keywords)


def _cuts(value: ast.expr) -> bool:
    if isinstance(value, ast.IfExp):
        return _cuts(value.body) and _cuts(value.orelse)
    return isinstance(value, ast.Constant) and (value.value is True or value.value in _STRATEGIES)


# --- tokens converted to characters


def _read_as_characters(
    read: ast.Name, parents: dict[ast.AST, ast.AST], rule: LintRule, tallies: Callable[[], set[str]]
) -> bool:
    """``text[:limit]``, ``text[: limit - 3]``, ``len(text) > limit``, ``cost > limit`` where ``cost``
    tallies a text's characters, ``render(budget_chars=limit)``: a read of a number of characters (a cut,
    a length of something that is not a list of tokens, or a keyword naming characters and no tokens)."""
    child: ast.AST = read
    parent = parents.get(read)
    if isinstance(parent, ast.keyword) and parent.arg:
        # ``render_map(index, budget_chars=budget)`` (set 199: essarion-build)
        said = set(words(parent.arg))
        return bool(said & CHAR_WORDS) and not said & {"token", "tokens"}
    if isinstance(parent, ast.Call) and given_as_characters(rule, parent, read):
        return True  # ``_truncate_at_line(reasoning, reasoning_budget)`` of ``def _truncate_at_line(text, max_chars)``
    child, parent = climb(parents, read)  # ``len(part) > max(budget - used, 0)`` (set 238: cliffcompaction)
    if isinstance(child, ast.BinOp) and _length_terms(child, rule):
        return True  # ``room = budget - used - len(label) - 16``: a string's length taken off (set 263: kaos)
    if isinstance(parent, ast.Slice):
        return cuts_string(parent, parents, rule)
    if isinstance(parent, ast.Compare):
        others = [o for o in (parent.left, *parent.comparators) if o is not child]
        return (
            any(string_length(o, rule) for o in others)
            or any(type(o) is ast.Name and o.id in tallies() for o in others)
            or any(_length_sum(o, rule) for o in others)
        )
    return False


def _length_terms(node: ast.expr, rule: LintRule) -> bool:
    """``budget - used - len(label) - 16``: sums and differences one term of which is a string's length, none a
    count of tokens."""
    terms: list[ast.expr] = []
    stack = [node]
    while stack:
        term = stack.pop()
        if isinstance(term, ast.BinOp) and isinstance(term.op, (ast.Add, ast.Sub)):
            stack += (term.left, term.right)
        else:
            terms.append(term)
    return any(string_length(t, rule) for t in terms) and not any(rule.token_amount(t) for t in terms)


def _length_sum(node: ast.expr, rule: LintRule) -> bool:
    """``total + len(text)``: a sum one term of which is a string's length, none a count of tokens (a
    running total of a text's characters about to grow by one more text; set 133: agentmesh-context)."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)):
        return False
    terms: list[ast.expr] = []
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        terms.append(node.right)
        node = node.left
    terms.append(node)
    return any(string_length(t, rule) for t in terms) and not any(rule.token_amount(t) for t in terms)


def _character_tallies(fn: ast.AST) -> set[str]:
    """``for i, char in enumerate(text): cost += weight(char)``: the names a loop over a text's
    characters (its target names a character) adds to, once per character: running counts of
    characters, however each is weighed (set 17: pipecat's quarter-tokens)."""
    found: set[str] = set()
    for loop in walk(fn):
        if not isinstance(loop, (ast.For, ast.AsyncFor)):
            continue
        targets = [n.id for n in walk(loop.target) if type(n) is ast.Name]
        if not any(t in {"c", "ch"} or set(words(t)) & CHAR_WORDS for t in targets):
            continue
        for stmt in loop.body:
            if type(stmt) is ast.AugAssign and type(stmt.op) is ast.Add and type(stmt.target) is ast.Name:
                found.add(stmt.target.id)
    return found


def used_as_characters(rule: LintRule, name: str) -> bool:
    """Some read of the local ``name`` in the enclosing function cuts a string, is compared with a
    string's length or with a running count of a text's characters: the name holds characters (``limit
    = TOKEN_LIMIT * 4`` ... ``result[:limit]``). Walks the function once (twice when a read is compared
    with a name): asked only for a product of a token amount and a chars-per-token number."""
    fn = rule.ctx.function()
    if fn is None:
        return False
    parents, reads = reads_of(fn, name)
    tallies: list[set[str]] = []

    def lazy_tallies() -> set[str]:
        if not tallies:
            tallies.append(_character_tallies(fn))
        return tallies[0]

    return any(_read_as_characters(r, parents, rule, lazy_tallies) for r in reads)


def _ordered_against_tokens(rule: LintRule, node: ast.AST, parent: ast.AST | None) -> bool:
    return (
        isinstance(parent, ast.Compare)
        and all(isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in parent.ops)
        and any(
            o is not node and (rule.token_amount(o) or budget_ceiling(rule, o))
            for o in (parent.left, *parent.comparators)
        )
    )


def compared_with_tokens(rule: LintRule, node: ast.expr) -> bool:
    """``estimate = int(chars / 10)`` ... ``if usage.input_tokens < estimate``: the expression being
    visited (rounded or not), or the local it is bound to, is ordered against a count of tokens
    somewhere in its function: what it holds is a number of tokens (set 18: rigging). So is a running sum
    it is added into (``accumulated += len(json.dumps(m)) // 4`` ... ``if accumulated >= keep_tokens``, set 91)."""
    ancestors = rule.ctx.ancestors
    parents = {child: parent for parent, child in pairwise(ancestors)}
    node_, parent = carried(parents, node)
    if _ordered_against_tokens(rule, node_, parent):
        return True
    fn = rule.ctx.function()
    local = bound_local(parent)
    if (
        isinstance(parent, ast.AugAssign)
        and isinstance(parent.op, ast.Add)
        and isinstance(parent.target, ast.Name)
    ):
        local = parent.target.id
    if local is None or fn is None:
        return False
    fn_parents, reads = reads_of(fn, local)
    return any(_ordered_against_tokens(rule, *carried(fn_parents, r)) for r in reads)


def per_token_name(node: ast.AST) -> str | None:
    """``NUM_CHARS_PER_TOKEN``, ``self.chars_per_token``: a name of characters (or bytes) per token."""
    name = attr_name(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
    ws = words(name or "")
    per = ws.index("per") if "per" in ws else -1
    if per < 0 or not set(ws[per + 1 :]) & {"token", "tokens"}:
        return None
    return name if set(ws[:per]) & (CHAR_WORDS | {"byte", "bytes"}) else None


_MEDIA_WORDS = frozenset({"audio", "pcm", "image", "images", "video", "pixel", "pixels"})


def per_token_key(name: str, value: float | None = None) -> str | None:
    """``CHARS_PER_TOKEN``, ``TOKENS_PER_WORD_RATIO``: the key (``chars_per_token``, ``tokens_per_word``...)
    of a name of a text per-token conversion, which PB104 reports as one (PB105 leaves it: one finding per
    literal, set 16: rank-llm); None for any other name, and for media (``AUDIO_BYTES_PER_TOKEN``).
    A name that relates tokens to another unit without saying which is divided (``TOKEN_TO_CHAR_RATIO``,
    ``char_token_ratio``: :func:`_unit_pair`) is one when its ``value`` is in that unit's rate range
    (set 17: fast-graphrag); asked without a value, it is a conversion whatever its value."""
    ws = words(name)
    if not any(w in {"token", "tokens"} for w in ws) or set(ws) & _MEDIA_WORDS:
        return None
    if "per" not in ws:
        unit = _unit_pair(ws)
        return None if unit is None else _rate_key(unit, value)
    per = ws.index("per")
    before, after = set(ws[:per]), set(ws[per + 1 :])
    if before & CHAR_WORDS:
        return "chars_per_token"
    if before & {"byte", "bytes"}:
        return "bytes_per_token"
    if before & {"word", "words"}:
        return "words_per_token"
    if before & {"token", "tokens"} and after & CHAR_WORDS:
        return "tokens_per_char"
    if before & {"token", "tokens"} and after & {"word", "words"}:
        return "tokens_per_word"
    return None


#: The text units a token is converted to or from, by the unit's key word.
_TEXT_UNITS = {
    **dict.fromkeys(CHAR_WORDS, "chars"),
    "byte": "bytes",
    "bytes": "bytes",
    "word": "words",
    "words": "words",
}
_RATE_WORDS = frozenset({"ratio", "rate", "factor", "multiplier"})


#: Words joining tokens to the unit they are given in (``token_to_char``, ``token_equivalent_char_number``, set 299).
_CONNECTORS = frozenset({"to", "equivalent", "equiv"})


def _unit_pair(ws: tuple[str, ...]) -> str | None:
    """``token_to_char_ratio``, ``CHAR_TO_TOKEN``, ``chars_tokens_ratio``: the text unit (chars, bytes,
    words) a name relates tokens to, next to the tokens word: across a ``to``, or beside it in a name
    that says it is a ratio."""
    tokens = {"token", "tokens"}
    for i in range(len(ws) - 1):
        a, b = ws[i], ws[i + 1]
        if b in _CONNECTORS and i + 2 < len(ws):
            c = ws[i + 2]
            if a in tokens and c in _TEXT_UNITS:
                return _TEXT_UNITS[c]
            if c in tokens and a in _TEXT_UNITS:
                return _TEXT_UNITS[a]
        elif set(ws) & _RATE_WORDS and {a, b} & tokens:
            other = b if a in tokens else a
            if other in _TEXT_UNITS:
                return _TEXT_UNITS[other]
    return None


def _rate_key(unit: str, value: float | None) -> str | None:
    """The key of a rate between tokens and ``unit`` given as ``value``, whichever way the name reads:
    4 characters per token or 0.25 tokens per character, 1.3 tokens per word or 0.75 words per token;
    None for a value no such rate takes (``token_to_char_ratio = 1``)."""
    if unit == "words":
        if value is None or 1 < value <= 2:
            return "tokens_per_word"
        return "words_per_token" if 0.5 <= value < 1 else None
    if value is None or 2 <= value <= 6:
        return f"{unit}_per_token"
    return f"tokens_per_{unit[:-1]}" if 0.15 <= value <= 0.5 else None


def tokens_times_ratio(node: ast.AST | None) -> tuple[ast.expr, str] | None:
    """``NUM_CHARS_PER_TOKEN * 20_000``: (the number, the ratio's name) of a number of tokens turned
    into characters (or bytes) by a per-token constant."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
        return None
    for ratio, amount in ((node.left, node.right), (node.right, node.left)):
        name = per_token_name(ratio)
        if name and type(amount) is ast.Constant:
            return amount, name
    return None


def help_string(node: ast.expr) -> str | None:
    """The words of an option's help text: a string, or an f-string's literal parts (convo-mem's
    ``help=f"Skip sessions under N stripped tokens (default {CONTENT_FLOOR})."``)."""
    if type(node) is ast.JoinedStr:
        return " ".join(s for s in (string_value(v) for v in node.values) if s) or None
    return string_value(node)


def argparse_default(node: ast.Call) -> tuple[ast.expr, str, str | None] | None:
    """argparse's ``parser.add_argument("--max-new-tokens", type=int, default=512)``: (the default, the
    option's name as argparse names its destination, the help text) when a default is given."""
    func = node.func
    if type(func) is not ast.Attribute or func.attr != "add_argument":
        return None
    written = next((kw.value for kw in node.keywords if kw.arg == "default"), None)
    help_text = next((help_string(kw.value) for kw in node.keywords if kw.arg == "help"), None)
    name = option_dest(node) if written is not None else None
    return None if written is None or name is None else (written, name, help_text)


def option_dest(node: ast.Call) -> str | None:
    """The name an option declared by ``node`` stores its value under, as argparse names it: ``dest=``, else its
    first long flag (``--max-new-tokens`` -> ``max_new_tokens``), else its first flag."""
    dest = next((string_value(kw.value) for kw in node.keywords if kw.arg == "dest"), None)
    if dest is not None:
        return dest
    flags = [string_value(a) for a in node.args]
    longs = [f for f in flags if f and f.startswith("--")]
    first = longs[0] if longs else flags[0] if flags else None
    return first.lstrip("-").replace("-", "_") if first else None


#: Words of a description about an access token, characters, or what something is expected to cost
#: (``"Expected output tokens used in cost comparisons"``, ``"The token size estimate for documents"``)
_NOT_LLM = (
    frozenset(
        {"auth", "oauth", "access", "api", "refresh", "bearer", "jwt", "session", "expected", "estimate"}
    )
    | {"idempotency"}  # "Maximum number of idempotency tokens to track" (set 549)
    | CHAR_WORDS
    | PRICE_WORDS
)
#: A description that opens with a maximum of tokens: what follows says what the limit is for, a price
#: word there no unit (``"Maximum tokens allowed in input to manage context size or cost."``; set 95:
#: swiss-ai-hub-agent).
_OPENS_WITH_MAXIMUM = re.compile(r"(?:the\s+)?(?:max|maximum)\s+(?:number\s+of\s+)?(?:\w+\s+)?tokens\b", re.I)


#: A description counting something per token (``"Max progress notifications per single request token"``).
_COUNTED_PER_TOKEN = re.compile(
    r"\bper\s+(?:(?:single|each|one|every)\s+)?(?:\w+\s+)?tokens?\b", re.IGNORECASE
)


def field_says_tokens(rule: LintRule, value: ast.expr | None) -> bool:
    """``Field(default=256, description="Min tokens to split code.")``: a field whose description
    gives its unit as tokens and says it is a limit (not an access token's, characters, an estimate),
    in a class whose ``tokenizer`` field does not default to characters (chonkie's ``tokenizer:
    str = Field(default="character")``: its "tokens" are characters unless told otherwise)."""
    if not (isinstance(value, ast.Call) and callee_name(value) in FIELD_CALLS):
        return False
    text = next((string_value(k.value) for k in value.keywords if k.arg in {"description", "help"}), None)
    ws = set(words(text or ""))
    if not (text and TOKENS_WORD.search(text) and (ws & SAID_LIMITS or SIZED_IN_TOKENS.search(text))):
        return False
    if ws & (_NOT_LLM - PRICE_WORDS if _OPENS_WITH_MAXIMUM.match(text.strip()) else _NOT_LLM):
        return False
    if _COUNTED_PER_TOKEN.search(text):
        return False  # "Max progress notifications per single request token": counted per token (set 191)
    owner = rule.ctx.scopes[-1] if rule.ctx.scopes else None
    return not (isinstance(owner, ast.ClassDef) and any(_character_tokenizer(s) for s in owner.body))


def _character_tokenizer(stmt: ast.stmt) -> bool:
    """``tokenizer: str = Field(default="character")``: a tokenizer setting whose default splits into
    characters or words."""
    target = stmt.target if isinstance(stmt, ast.AnnAssign) else None
    name = attr_name(target) if target is not None else None
    if not name or "tokenizer" not in words(name) or not isinstance(stmt, ast.AnnAssign):
        return False
    default = default_of(stmt.value)
    return string_value(default) in {"character", "characters", "char", "chars", "word", "words"}


#: llama_index's ``Settings`` fields that are token counts though their names do not say so.
_LLAMA_INDEX_SIZES = frozenset({"chunk_size", "chunk_overlap"})


def llama_index_size(rule: LintRule, target: ast.Attribute) -> bool:
    """``Settings.chunk_size`` of llama_index's ``Settings`` (``from llama_index.core import Settings``,
    or written out: ``llama_index.core.Settings``), whose chunks are counted in tokens."""
    if target.attr not in _LLAMA_INDEX_SIZES:
        return False
    owner = rule.ctx.origin(target.value.id) if isinstance(target.value, ast.Name) else dotted(target.value)
    return owner.startswith(("llama_index.", "llama_index_")) and owner.endswith(".Settings")


def parameter_cuts_characters(rule: LintRule, node: ast.arguments, name: str) -> bool:
    """``def _run(self, max_token: int = 4000)`` whose every read cuts or measures a string
    (``flow.counts_characters``): characters named as tokens."""
    fn = rule.ctx.parent(node)
    return isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and counts_characters(fn, name, rule)


# --- sizes counted in characters


def character_sizes(rule: LintRule, tree: ast.AST) -> set[str]:
    """The names (variables or attributes: ``self.config.max_description_size``) that somewhere in
    ``tree`` are ordered against a string's length (``len(description) > size``) or cut a string
    (``text[:size]``): sizes counted in characters. One walk of the tree, kept for the file (asked
    again of a module for each name a rule holds; the answer depends on the tree and the rule's names
    alone): a new set each time, which the caller may change."""
    return set(_sized(rule, tree)[0])


def length_bounds(rule: LintRule, tree: ast.AST) -> set[str]:
    """The names ``character_sizes`` finds ordered against a string's length (``len(value) > max_length``),
    not those that only cut a list or a string: the lengths a validator checks."""
    return set(_sized(rule, tree)[1])


def _sized(rule: LintRule, tree: ast.AST) -> tuple[set[str], set[str]]:
    for tree_, names, kept, compared in _sizes:
        if tree_ is tree and names is rule.names:
            return kept, compared
    found: set[str] = set()
    sliced: set[str] = set()
    cut_tokens: set[str] = set()
    for node in walk(tree):
        if isinstance(node, ast.Compare) and all(
            isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in node.ops
        ):
            sides = [node.left, *node.comparators]
            if any(string_length(s, rule) for s in sides):
                found.update(_bound_names(sides))
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            bounds = _bound_names([node.slice.lower, node.slice.upper])
            aligned = rule.token_sequence(node.value) or attr_name(node.value) in _PER_TOKEN
            (cut_tokens if aligned else sliced).update(bounds)
    # a name that also cuts a token list (or its attention mask) counts tokens: its other slices cut
    # lists aligned with the tokens (``sequences[:n]``, ``log_probs[1:n]`` beside ``attention_mask[:n]``)
    sizes = found | (sliced - cut_tokens)
    _sizes.append((tree, rule.names, sizes, found))
    return sizes, found


#: ``character_sizes``' answers for the file being linted: (the tree, the rule's names, the sizes, those ordered
#: against a string's length).
_sizes: list[tuple[ast.AST, NameJudge, set[str], set[str]]] = kept_per_file([])


#: Lists holding one entry per token though not named as tokens (Hugging Face's attention mask).
_PER_TOKEN = frozenset({"attention_mask"})


def _bound_names(bounds: Sequence[ast.expr | None]) -> set[str]:
    return {n for b in bounds if isinstance(b, (ast.Name, ast.Attribute)) and (n := attr_name(b))}
