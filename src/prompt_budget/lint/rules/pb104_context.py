"""PB104's readings of what surrounds a rate: whether the expression being visited is a number of
tokens (its targets, the function returning it, its docstring, a class or module about tokens), and
the stricter reading a rate of 2 needs, which halves many things besides characters into tokens: the
result itself is named as, returned as or ordered against tokens. Kept apart from the rule: they read
the walk's context, and judge no finding themselves.
"""

from __future__ import annotations

import ast
import re
from itertools import pairwise

from prompt_budget.lint.counted_returns import returns_token_count
from prompt_budget.lint.dict_slots import dict_token_slot, value_key
from prompt_budget.lint.forms import compared_with_tokens
from prompt_budget.lint.names import TOKEN_WORDS, excluded, words
from prompt_budget.lint.positional_slots import positional_token_slot
from prompt_budget.lint.rule import LintRule, attr_name, callee_name, number
from prompt_budget.lint.token_slots import token_slot
from prompt_budget.lint.walks import walk

ESTIMATE_WORDS = frozenset({"estimate", "estimated", "approx", "approximate", "rough"})
#: Calls that round an estimate and keep it a count (``math.ceil(len(text) / 2)``).
_ROUNDING = frozenset({"ceil", "floor", "int", "round", "max"})


#: Excluded words that only say whose tokens a function estimates (``_estimate_session_tokens``): a
#: credential is never estimated, so with an estimate word the name is about a model's tokens (the tokens of
#: a text's bytes too: ``estimate_bytes_tokens``, set 189).
_WHOSE_WORDS = frozenset({"session", "sessions", "api", "bot", "slack", "bytes"})


#: Words of a method that counts (``count``, ``estimate``) and of a class that tokenizes (``ApproxByteTokenizer``).
_COUNTING = frozenset({"count", "estimate", "num", "len", "length"})
_TOKENIZERS = frozenset({"tokenizer", "tokenizers"})


def function_about_tokens(rule: LintRule) -> bool:
    """The enclosing function's name is about tokens (``count_tokens``), or estimates the tokens of a
    session (``_estimate_session_tokens``, set 67: react-agent-harness), which names no credential."""
    name = rule.ctx.function_name()
    if rule.names.mentions_tokens(name):
        return True
    ws = words(name)
    counting = bool(set(ws) & _COUNTING) and (cls := rule.ctx.enclosing_class()) is not None
    if counting and set(words(cls.name if cls else "")) & (TOKEN_WORDS | _TOKENIZERS):
        return True  # ``ApproxByteTokenizer.count(text)`` (set 301: lumberjack-py's approximate tokenizer)
    if counting and cls is not None and _implements_token_protocol(rule.ctx.tree, cls, name):
        return True  # ``HeuristicEstimator.estimate`` beside ``class TokenEstimator(Protocol)`` (set 322: tulving)
    return (
        bool(set(ws) & ESTIMATE_WORDS)
        and bool(set(ws) & TOKEN_WORDS)
        and bool(set(ws) & _WHOSE_WORDS)
        and name.lower() not in rule.names.ignore_names
        and not excluded(tuple(w for w in ws if w not in _WHOSE_WORDS))
    )


def _implements_token_protocol(tree: ast.AST | None, cls: ast.ClassDef, method: str) -> bool:
    """``cls`` shares its last word with a class of the module named for tokens that defines ``method`` too (a
    protocol or a base the class implements: ``HeuristicEstimator`` and ``TokenEstimator``, both ``estimate``)."""
    last = words(cls.name)[-1:]
    for other in getattr(tree, "body", ()):
        if (
            isinstance(other, ast.ClassDef)
            and other is not cls
            and words(other.name)[-1:] == last
            and set(words(other.name)) & TOKEN_WORDS
            and any(
                isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == method
                for m in other.body
            )
        ):
            return True
    return False


def targets(rule: LintRule) -> list[str]:
    """Names the expression being visited flows into, up to its statement: assignment targets and
    keyword names."""
    out: list[str] = []
    for anc in reversed(rule.ctx.ancestors):
        if isinstance(anc, ast.keyword) and anc.arg:
            out.append(anc.arg)
        elif (  # ``usage.setdefault("prompt_tokens", len(text) // 4 + 1)`` (set 253: checkagent's mock)
            isinstance(anc, ast.Call)
            and isinstance(anc.func, ast.Attribute)
            and anc.func.attr == "setdefault"
            and len(anc.args) == 2
            and isinstance(anc.args[0], ast.Constant)
            and isinstance(anc.args[0].value, str)
        ):
            out.append(anc.args[0].value)
        elif isinstance(anc, ast.Assign):
            out.extend(attr_name(t) or "" for t in anc.targets)
        elif isinstance(anc, (ast.AnnAssign, ast.AugAssign)):
            out.append(attr_name(anc.target) or "")
        if isinstance(anc, ast.stmt):
            break
    return out


#: Words of a name of words (``word_count``).
_WORD_WORDS = frozenset({"word", "words"})


def set_as_words(rule: LintRule, factor: float) -> bool:
    """A count of words scaled by ``factor`` is set as words (``word_count=int(word_count * 1.3)``: a word
    target padded), or doubled into a total (``"total_tokens": words * 2`` beside ``"prompt_tokens": words,
    "completion_tokens": words``, set 307: aios-runtime's usage of a stream): no rate of tokens per word."""
    names = targets(rule)
    # ``word_estimate = int(words / 0.75)`` in ``estimate_token_count``: tokens estimated from words (set 307)
    estimates = rule.names.mentions_tokens(rule.ctx.function_name())
    if any(
        set(words(n)) & _WORD_WORDS
        and not rule.names.mentions_tokens(n)
        and not (estimates and "estimate" in words(n))
        for n in names
        if n
    ):
        return True
    if factor != 2:
        return False
    chain = rule.ctx.ancestors
    for child, parent in zip(reversed(chain), reversed(chain[:-1]), strict=False):
        if isinstance(parent, ast.Dict):
            names.append(value_key(parent, child) or "")
        if isinstance(parent, ast.stmt):
            break
    return any("total" in words(n) for n in names if n)


def returned_estimate(rule: LintRule) -> bool:
    """The division being visited is returned by a function named as an estimate of tokens
    (``_estimated_tokens``, ``approx_token_count``)."""
    name = rule.ctx.function_name()
    return (
        len(rule.ctx.ancestors) > 1
        and isinstance(rule.ctx.ancestors[-2], ast.Return)
        and bool(set(words(name)) & ESTIMATE_WORDS)
        and rule.names.mentions_tokens(name)
    )


def _estimate_about_tokens(rule: LintRule) -> bool:
    """A function named as an estimate (``simple_estimate``, ``_default_estimate``) in a class or
    module about tokens (``TokenMemory``, ``token_memory.py``): what it estimates is tokens."""
    if not set(words(rule.ctx.function_name())) & (ESTIMATE_WORDS | _COUNT_WORDS):
        return False
    owners = [s.name for s in rule.ctx.scopes if isinstance(s, ast.ClassDef)]
    stem = rule.ctx.module_name.rsplit(".", 1)[-1]
    return any(rule.names.mentions_tokens(n) for n in (*owners, stem))


#: Words of a function counting what it is given, an estimate where its class or module is about tokens
#: (``heuristic_count`` in token_counter.py).
_COUNT_WORDS = frozenset({"count", "heuristic"})


def _summed_and_returned(rule: LintRule, statement: ast.AugAssign) -> bool:
    """``total += ...`` adds to a local the function around it returns (``return total``)."""
    fn = rule.ctx.function()
    target = statement.target
    if fn is None or not isinstance(target, ast.Name) or not isinstance(statement.op, ast.Add):
        return False
    return any(
        isinstance(s, ast.Return) and isinstance(s.value, ast.Name) and s.value.id == target.id
        for s in fn.body
    )


#: Words of a callable counting what it is given (``counter``, ``token_counter``, ``count_fn``).
_COUNTER_WORDS = frozenset({"counter", "count", "tokenizer"})


def _counter_fallback(fn: ast.Lambda, parent: ast.AST) -> bool:
    """``fn`` is what an ``or`` falls back to when a counter the caller may give is missing (``counter or
    (lambda s: len(s) // 4)``): the lambda stands in for that counter."""
    if not (isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or) and parent.values[-1] is fn):
        return False
    return len(fn.args.args) == 1 and any(
        set(words(attr_name(v) or "")) & _COUNTER_WORDS for v in parent.values[:-1]
    )


#: Methods collecting a value into a list, a set or a dict's list.
_COLLECTS = frozenset({"append", "extend", "add", "insert", "appendleft"})


def _unrated_token_doc(rule: LintRule) -> bool:
    """The function's docstring says tokens and states no number (not "Rough token estimate (chars/3)" over a
    quotient by 4: another rate, set 183's)."""
    fn = rule.ctx.function()
    doc = ast.get_docstring(fn) if fn is not None else None
    return bool(doc) and not any(c.isdigit() for c in doc or "") and _docstring_says_tokens(rule)


def _docstring_says_tokens(rule: LintRule) -> bool:
    fn = rule.ctx.function()
    doc = ast.get_docstring(fn) if fn is not None else None
    if fn is None or not doc:
        return False
    # or the rate divided by, stated per token anywhere in it ("Assumes ~3.5 bytes per token" over ``int(byte_count
    # / 3.5)``, set 521: rm-contextos; not "about 4 chars per token" over a halving ``len(text) // 2``)
    visited = rule.ctx.ancestors[-1] if rule.ctx.ancestors else None
    factor = number(visited.right) if isinstance(visited, ast.BinOp) else None
    stated = {float(m.group(1)) for m in _PER_TOKEN.finditer(doc)}
    said = "token" in doc.split("\n\n")[0].lower() or (factor is not None and float(factor) in stated)
    return said and not rule.names.is_chars(fn.name)


_PER_TOKEN = re.compile(r"(\d+(?:\.\d+)?)\s*(?:chars?|characters|bytes) per token\b", re.IGNORECASE)


#: Words of a call recording a model's usage (``_record_usage``, ``track_usage``, ``add_usage``).
_RECORD_WORDS = frozenset({"record", "track", "add", "log", "update", "report"})


def _records_usage(call: ast.Call, ancestors: list[ast.AST]) -> bool:
    """``call`` records a model's usage (``self._record_usage(input, output)``) and the expression being
    visited (rounded or not) is one of its positional arguments: an amount of tokens."""
    ws = set(words(callee_name(call) or ""))
    if "usage" not in ws or not ws & _RECORD_WORDS:
        return False
    child = ancestors[ancestors.index(call) + 1]
    return any(arg is child for arg in call.args)


def token_context(rule: LintRule, *, comment: bool = True) -> bool:
    """Something around the expression says its result is a number of tokens (without ``comment``, not
    the statement's comment)."""
    if function_about_tokens(rule) or (comment and rule.token_comment()):
        return True
    ancestors = rule.ctx.ancestors
    for at in range(len(ancestors) - 1, -1, -1):
        anc = ancestors[at]
        if isinstance(anc, ast.Lambda) and at and _counter_fallback(anc, ancestors[at - 1]):
            return True  # ``self._count = counter or (lambda s: max(1, len(s) // 4))`` (set 335: foveance)
        if (
            isinstance(anc, ast.BinOp)
            and isinstance(anc.op, (ast.Add, ast.Sub))
            and (rule.token_amount(anc.left) or rule.token_amount(anc.right))
        ):
            return True  # ``int(chars / 3.8) + tokens``: added to a number of tokens
        if isinstance(anc, ast.Return) and _docstring_says_tokens(rule):
            return True  # ``return total_chars // 4`` in "Estimate total context size in tokens."
        if isinstance(anc, ast.Call) and _records_usage(anc, rule.ctx.ancestors):
            return True  # ``self._record_usage(len(prompt) // 4, len(result) // 4)`` (set 169: antcrew)
        if isinstance(anc, ast.Call) and callee_name(anc) in _COLLECTS and _docstring_says_tokens(rule):
            # ``sizes.setdefault(name, []).append(len(str(content)) // 4)`` in a function documented as
            # "{tool name: [approx tokens of each result]}": collected into what it returns (set 148: suspense)
            return True
        if isinstance(anc, ast.Return) and _estimate_about_tokens(rule):
            return True  # ``def simple_estimate(msg): return ceil(len(msg.text) / 4)`` in token_memory.py
        if (
            isinstance(anc, ast.AugAssign)
            and _summed_and_returned(rule, anc)
            and _estimate_about_tokens(rule)
        ):
            return True  # ``total += (len(piece) + 3) // 4`` ... ``return total`` (set 321: memkernel-mcp)
        if isinstance(anc, ast.Return) and returns_token_count(rule):
            return True  # ``return len(enc.encode(text))`` in the ``try`` (``counted_returns``)
        if isinstance(anc, ast.IfExp) and at + 1 < len(ancestors) and ancestors[at + 1] is not anc.test:
            other = anc.orelse if ancestors[at + 1] is anc.body else anc.body
            if rule.token_amount(other):  # ``len(enc.encode(t)) if enc else max(1, len(t) // 4)`` (set 563)
                return True
        if (
            isinstance(anc, (ast.Call, ast.BinOp))
            and at + 1 < len(ancestors)
            and shown_as_tokens(anc, ancestors[at + 1])
        ):
            return True  # ``log.warning("%d chars (~%d tokens)", n, len(p) // 4)`` (set 561: warchief-orchestrator)
        if isinstance(
            anc, ast.JoinedStr
        ):  # ``f"~{len(content) // 4} tokens"``, ``(~{len(prompt) // 4} tok)``
            return any(
                isinstance(v, ast.Constant) and isinstance(v.value, str) and _SHOWN_TOKENS.search(v.value)
                for v in anc.values
            )
        if isinstance(anc, ast.stmt):
            break
    # ``TokenBreakdown(messages=chars // 4)``, ``token_counts["recent"] = len(text) // 4`` (``token_slots``),
    # ``RoutingResult(..., len(context) // 4)`` to a parameter ``token_estimate`` (``positional_slots``),
    # ``{"estimated_tokens": total_chars // 4}`` (``dict_slots``)
    names = targets(rule)
    return (
        any(rule.names.is_token_amount(n) or rule.names.mentions_tokens(n) for n in names if n)
        or token_slot(rule)
        or positional_token_slot(rule)
        or dict_token_slot(rule)
    )


#: A shown estimate's unit: ``tokens``, ``tok`` (set 521: fitz-forge's ``(~{len(prompt) // 4} tok)``).
_SHOWN_TOKENS = re.compile(r"token|\btoks?\b", re.IGNORECASE)
#: A printf-style placeholder (``%d``, ``%5.1f``, ``%(n)s``; ``%%`` is a percent sign), and the unit after one.
_PLACEHOLDER = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[diouxXeEfFgGcrsa%]")
_TOKENS_AFTER = re.compile(r"\W{0,2}\s*toks?\b|\s*tokens", re.IGNORECASE)


def shown_as_tokens(holder: ast.Call | ast.BinOp, value: ast.AST) -> bool:
    """``value`` is what a printf-style placeholder followed by "tokens" shows: an argument after the format of a
    call (``log.warning("%d chars (~%d tokens)", n, len(p) // 4)``) or a value a ``%`` formats (``"~%d tokens" %
    (len(p) // 4)``)."""
    if isinstance(holder, ast.Call):
        at = next((i for i, a in enumerate(holder.args) if isinstance(a, ast.Constant)), None)
        form, values = (holder.args[at], holder.args[at + 1 :]) if at is not None else (None, [])
    elif isinstance(holder.op, ast.Mod):
        form, right = holder.left, holder.right
        values = right.elts if isinstance(right, ast.Tuple) else [right]
    else:
        return False
    place = next((i for i, v in enumerate(values) if v is value), None)
    if place is None or not isinstance(form, ast.Constant) or not isinstance(form.value, str):
        return False
    marks = [m for m in _PLACEHOLDER.finditer(form.value) if m.group() != "%%"]
    if place >= len(marks):
        return False
    after = form.value[marks[place].end() : marks[place + 1].start() if place + 1 < len(marks) else None]
    return _TOKENS_AFTER.match(after) is not None


def result_is_tokens(rule: LintRule, node: ast.expr) -> bool:
    """The expression being visited, rounded or not, IS a count of tokens, not merely computed in code
    about tokens (``mid = len(text) // 2`` in ``truncate_tokens`` halves a text): it is what a function
    named as or documented as counting tokens returns (``def general_tokens(text): return math.ceil(
    len(text) / 2)``, set 22: openlit), bound or passed under a name of an amount of tokens, or ordered
    against a count of tokens; or a term of a sum that is so (``tokens = m1_tokens + int(raw_bytes / 4.0) +
    m2_tokens``, set 173: m1-m2-agent). A lambda's body is what the lambda returns: one bound or given under
    a name of counting tokens (``estimate_tokens = lambda s: len(s) // 2``, set 79: ai-agent-axon) counts
    tokens."""
    outer: ast.AST = node
    for child, parent in pairwise(reversed(rule.ctx.ancestors)):
        if not (child is outer and isinstance(parent, ast.Call) and callee_name(parent) in _ROUNDING):
            break
        outer = parent
    parents = {child: parent for parent, child in pairwise(rule.ctx.ancestors)}
    holder = parents.get(outer)
    while (
        (isinstance(holder, ast.BinOp) and isinstance(holder.op, ast.Add))  # a term of a sum (set 173)
        or (
            isinstance(holder, ast.Call)
            and type(holder.func) is ast.Name
            and holder.func.id in {"min", "max"}
        )
        or (isinstance(holder, ast.BoolOp) and isinstance(holder.op, ast.Or) and holder.values[-1] is outer)
        or (
            isinstance(holder, ast.ListComp) and holder.elt is outer
        )  # a list of estimates (set 459: stepbook)
    ):  # clamped, or a fallback: ``"num_ctx": num_ctx or max(8192, math.ceil(chars / 3) + 2048)`` (set 211)
        outer, holder = holder, parents.get(holder)
    if isinstance(holder, ast.Dict) and rule.names.is_token_amount(value_key(holder, outer) or ""):
        return True
    fn_name = rule.ctx.function_name()
    if isinstance(holder, ast.Return) and (
        rule.names.is_token_amount(fn_name) or function_about_tokens(rule) or _docstring_says_tokens(rule)
    ):
        return True
    if isinstance(holder, (ast.Assign, ast.AnnAssign, ast.keyword)) and any(
        rule.names.is_token_amount(n) for n in targets(rule) if n
    ):
        return True
    if isinstance(holder, ast.AugAssign) and rule.names.is_token_amount(attr_name(holder.target) or ""):
        return True  # ``token_total += f.size_tokens or max(1, f.size_bytes // 4)`` (set 222: lao)
    if isinstance(holder, ast.Lambda) and holder.body is outer and _counter_lambda(rule, holder, parents):
        return True
    if isinstance(holder, ast.AugAssign) and (
        rule.names.is_token_amount(fn_name) or function_about_tokens(rule) or _unrated_token_doc(rule)
    ):
        # ``total += len(json.dumps(args)) // 2`` ... ``return total`` in ``_estimate_tokens`` (set 611: qrclaw), or in
        # ``def default_counter(messages)`` documented "Default token counter ..." (set 621: haikeilabs-agentware)
        return _returned_whole(rule.ctx.function(), holder.target)
    return compared_with_tokens(rule, node)


def _returned_whole(fn: ast.AST | None, target: ast.expr) -> bool:
    """``fn`` returns the local ``target`` whole (``return total``)."""
    return (
        fn is not None
        and type(target) is ast.Name
        and any(
            isinstance(r, ast.Return) and type(r.value) is ast.Name and r.value.id == target.id
            for r in walk(fn)
        )
    )


def _counter_lambda(rule: LintRule, fn: ast.Lambda, parents: dict[ast.AST, ast.AST]) -> bool:
    """``estimate_tokens = lambda s: ...``, ``count_tokens=lambda s: ...``: the lambda is bound or given
    whole under a name of counting tokens (not of characters)."""
    holder = parents.get(fn)
    if isinstance(holder, ast.Assign) and len(holder.targets) == 1:
        name = attr_name(holder.targets[0])
    elif isinstance(holder, (ast.AnnAssign, ast.keyword)):
        name = attr_name(holder.target) if isinstance(holder, ast.AnnAssign) else holder.arg
    else:
        return False
    return bool(name) and rule.names.mentions_tokens(name or "") and not rule.names.is_chars(name or "")


def names_in(rule: LintRule, node: ast.AST, *, strings: bool = False) -> list[str]:
    """The enclosing function's name and every name and attribute in ``node`` (with ``strings``, its
    string constants too): the words that say what data a value is (base64, an image, audio)."""
    out = [rule.ctx.function_name()]
    for n in walk(node):
        if isinstance(n, ast.Name):
            out.append(n.id)
        elif isinstance(n, ast.Attribute):
            out.append(n.attr)
        elif strings and isinstance(n, ast.Constant) and isinstance(n.value, str):
            out.append(n.value)
    return out
