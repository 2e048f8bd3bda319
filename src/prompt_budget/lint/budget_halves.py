"""Half of a token budget kept as another budget, for PB105 (budget-ratio): ``max_tokens=max_tokens //
2`` (set 49: openparse's semantic combining), ``min(SEED_CAP_TOKENS, budget // 2)`` (bbook-maker's
seed cap: half the window it opens), ``return max(FLOOR, session_token_budget(o) // 2)`` from
``substrict_token_budget`` (bbook-maker). A halving splits anything in two, so both ends must say
tokens: a budget on the left (a name or a callee named as one, or a local derived from one,
``derived_budgets``; a weak ``budget``/``limit`` only when the use is a strong budget) and the result used as a budget: given as a budget keyword, returned by a
function named as one, ordered against a count of tokens, or clamped by ``min``/``max`` against another
budget. A half bound to a local (``half_max_tokens = self.max_tokens // 2``) is left to its reads, which
this reading of the ancestors does not follow, except a keyword argument of the function's calls given
that local (``budget=doc_budget``). ``int()``/``round()``, the clamp itself and a conditional
choosing the half on one branch (``max_tokens if valid else max_tokens // 2``) are looked through.
Read from the node's ancestors only (no walk). Kept apart from the rule: it judges no finding itself.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from prompt_budget.lint.assignments import bound_values
from prompt_budget.lint.bound_products import ordered_count
from prompt_budget.lint.derived_budgets import derived_budget
from prompt_budget.lint.flow import positional_params
from prompt_budget.lint.names import CHAR_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import LintRule, attr_name, callee_name, dotted, number
from prompt_budget.lint.shares import halves
from prompt_budget.lint.walks import walk

_WRAPPERS = frozenset({"int", "round", "floor", "ceil"})
_CLAMPS = frozenset({"min", "max"})
#: Words of a count of tokens saying it is what is left of a budget (``tokens_remaining``).
_LEFT_WORDS = frozenset({"remaining", "left", "available"})
#: The least number a half of a window is clamped against, taken as tokens.
_SMALLEST = 16
_ORDERS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
#: Words of a keyword naming a limit (``max_agent_input``, ``input_cap``).
_LIMIT_WORDS = frozenset({"max", "limit", "cap", "budget", "ceiling"})
#: The words of a context window, the budget whose half is bound as an output cap.
#: (``seq``: a model's sequence length, ``max_prompt_length = config.max_seq_length // 2``, set 401: grpo-in-sandbox)
_WINDOW_WORDS = frozenset({"context", "window", "ctx", "seq"})
#: Words of a local's name saying it holds another unit than tokens (``half_chars``, ``page_budget``); a
#: ``code_budget`` (of code, beside ``doc_budget``) is no HTTP code here: it is half of a token budget.
_OTHER_UNITS = (
    UNIT_WORDS | CHAR_WORDS | {"word", "byte", "second", "ms", "memory", "mem", "msg", "time", "page"}
)


def _budget(rule: LintRule, node: ast.expr) -> str | None:
    """The budget ``node`` reads: ``rule.budget_expr``'s, or a callee named ``<what>_token_budget``
    (``session_token_budget(...)``: a session's budget of tokens, no credential)."""
    found = rule.budget_expr(node)
    if found is None and isinstance(node, ast.Call):
        ws = words(callee_name(node) or "")
        found = callee_name(node) if tuple(ws[-2:]) == ("token", "budget") else None
    if found is None and (left := attr_name(node)) and _LEFT_WORDS & set(words(left)):
        # ``self._budget.tokens_remaining // 2``: what is left of a budget (set 137: scholaragent's
        # sub-agent budget)
        found = left if rule.names.is_token_amount(left) else None
    return None if found is None or rule.names.is_chars(found) else found


def _parameter(rule: LintRule, call: ast.Call, arg: ast.AST) -> str | None:
    """The parameter a positional argument of ``call`` binds, when ``call`` is of a function of the module
    (``chunks(...)``) or a method of the enclosing class (``self.chunks(...)``) and the parameter is named
    as a token budget (``def build_summary_chunks(self, messages, max_chunk_tokens)``, set 183:
    hellochusquis); else None."""
    func, cls = call.func, rule.ctx.enclosing_class()
    if isinstance(func, ast.Attribute) and dotted(func.value) == "self" and cls is not None:
        scope, name, method = cls.body, func.attr, True
    elif isinstance(func, ast.Name):
        scope, name, method = getattr(rule.ctx.tree, "body", []), func.id, False
    else:
        return None
    index = next(i for i, a in enumerate(call.args) if a is arg)
    if any(isinstance(a, ast.Starred) for a in call.args[: index + 1]):
        return None
    for stmt in scope:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == name:
            params = positional_params(stmt, method)
            if index < len(params) and rule.names.is_budget_setting(params[index]):
                return params[index]
    return None


def _use(rule: LintRule, node: ast.expr, strong: bool) -> tuple[str, bool] | None:
    """Where the half goes, shown, and whether that use alone says tokens (a strong budget); else, for
    half a window clamped against a number of tokens, that clamp (the use beyond it says more)."""
    clamped: list[tuple[str, bool]] = []
    return _use_beyond(rule, node, strong, clamped) or (clamped[0] if clamped else None)


def _use_beyond(
    rule: LintRule, node: ast.expr, strong: bool, clamped: list[tuple[str, bool]]
) -> tuple[str, bool] | None:
    ancestors = rule.ctx.ancestors
    child: ast.AST = node
    for parent in reversed(ancestors[:-1]):
        if isinstance(parent, ast.Call) and callee_name(parent) in _WRAPPERS and child in parent.args:
            child = parent
            continue
        if isinstance(parent, ast.IfExp) and child is not parent.test:
            # ``return max_tokens if ok else max_tokens // 2``: the half is the value on one branch (set
            # 51: readmeai's ``update_max_tokens``)
            child = parent
            continue
        if isinstance(parent, ast.Call) and callee_name(parent) in _CLAMPS and child in parent.args:
            for other in (a for a in parent.args if a is not child):
                # ``min(reserve, window // 2)``, ``reserve`` bound to a budget (set 190: mini-code-cli)
                if (bound := _budget(rule, other) or _fallback_budget(rule, other)) is not None:
                    return f"clamped by {callee_name(parent)}() against `{bound}`", True
            if (held := _held_back(rule, node, parent)) is not None:  # ``window - min(out, window // 2)``
                return held, True
            if strong and not clamped and (cap := _threshold_beside(rule, node, parent)) is not None:
                clamped.append(
                    (f"clamped by {callee_name(parent)}() against the token threshold {cap}", True)
                )
            child = parent
            continue
        if isinstance(parent, ast.keyword) and parent.arg and rule.names.is_budget_setting(parent.arg):
            return f"given as `{parent.arg}=`", True
        # ``self.chunks(m, max_tokens // 2)``: handed on by position to a parameter named as a budget
        if (
            isinstance(parent, ast.Call)
            and child in parent.args
            and (param := _parameter(rule, parent, child))
        ):
            return f"given as `{param}` of `{callee_name(parent)}`", True
        if isinstance(parent, ast.keyword) and strong and (whole := _whole_beside(rule, node, parent)):
            return f"given as `{parent.arg}=` beside the whole budget given as `{whole}=`", True
        if isinstance(parent, ast.Return):
            fn = rule.ctx.function()
            return (f"returned by `{fn.name}`", True) if fn and rule.names.is_budget(fn.name) else None
        if isinstance(parent, ast.Assign) and child is parent.value and len(parent.targets) == 1:
            target = parent.targets[0]
            return (
                _bound_as_budget(rule, node, target)
                or _handed_as_budget(rule, target, strong)
                or _ordered_local(rule, target)
            )
        if isinstance(parent, ast.Compare):
            sides = [s for s in (parent.left, *parent.comparators) if s is not child]
            counted = any(rule.token_amount(s) for s in sides)
            return ("compared with a count of tokens", True) if counted else None
        return None
    return None


def _bare_window(node: ast.expr) -> bool:
    """``window``, ``context_size``: a plain name saying a context window (its use decides, as a weak budget's)."""
    ws = set(words(node.id)) if isinstance(node, ast.Name) else set()
    return bool(ws & _WINDOW_WORDS) and not ws & _OTHER_UNITS


def _fallback_budget(rule: LintRule, node: ast.expr) -> str | None:
    """``reserve``, a local of the function one of whose bindings falls back to a budget (``reserve =
    int(requested) if requested else DEFAULT_RESERVED_OUTPUT_TOKENS``, set 190: mini-code-cli's output reserve,
    at most half the window): that budget, else None."""
    fn = rule.ctx.function()
    if type(node) is not ast.Name or fn is None:
        return None
    for value in bound_values(fn, node.id):
        sides: Sequence[ast.expr] = (value.body, value.orelse) if isinstance(value, ast.IfExp) else ()
        sides = value.values if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or) else sides
        for side in sides:
            if (found := _budget(rule, side)) is not None:
                return found
    return None


def _held_back(rule: LintRule, node: ast.expr, clamp: ast.Call) -> str | None:
    """``usable = caps.max_context - min(caps.max_output, caps.max_context // 2)``: half of a budget capping,
    by ``min()``, what is held back from that same budget (the output reserve takes at most half the
    window; set 97: edgar-harness's usable window), the budget unhalved on the left (``ast.dump`` alike)."""
    ancestors = rule.ctx.ancestors
    index = next((i for i, a in enumerate(ancestors) if a is clamp), 0)
    held = ancestors[index - 1] if index > 0 else None
    if not (
        callee_name(clamp) == "min"
        and isinstance(node, ast.BinOp)
        and isinstance(held, ast.BinOp)
        and isinstance(held.op, ast.Sub)
        and held.right is clamp
        and ast.dump(held.left) == ast.dump(node.left)
    ):
        return None
    return f"capping by min() what is held back from `{ast.unparse(held.left)}`"


def _threshold_beside(rule: LintRule, node: ast.expr, clamp: ast.Call) -> str | None:
    """``warm_budget = min(2048, target_context_length // 2)``: half of a context window clamped against a
    number of tokens (16 at least; PB103 reports it as the threshold): the bound and the half are both
    tokens, as ``min(1024, window // 4)`` beside it is a share (set 132: akv-cache's tier budgets). Only a
    window halved (a name saying context or window)."""
    if not isinstance(node, ast.BinOp) or (
        _window_read(rule, node.left) is None
        and not (isinstance(node.left, ast.Name) and _WINDOW_WORDS.intersection(words(node.left.id)))
    ):
        return None
    for other in clamp.args:
        amount = number(other) if other is not node else None
        if amount is not None and amount >= _SMALLEST and rule.budget_literal(other) is not None:
            return repr(amount)
    return None


def _whole_beside(rule: LintRule, node: ast.expr, keyword: ast.keyword) -> str | None:
    """``TokenBudget(max_run_input=config.max_input_tokens, max_agent_input=max(4_000,
    config.max_input_tokens // 2))``: half of a budget given as a limit keyword of a call given the same
    budget whole under another keyword: the call's parameters hold that budget, so the half is a budget
    too, one part's share of the whole (set 92: jarvis-agent-cli's per-agent share of a run's budget).
    The keyword must name a limit (``max_``/``limit``/``cap``/``budget``) and no other unit; the other
    keyword, the budget unhalved (``ast.dump`` alike). Its call is the keyword's parent in the ancestors."""
    ancestors = rule.ctx.ancestors
    arg = keyword.arg or ""
    ws = set(words(arg))
    if not ws & _LIMIT_WORDS or ws & _OTHER_UNITS or rule.names.is_excluded(arg):
        return None
    index = next((i for i, a in enumerate(ancestors) if a is keyword), 0)
    call = ancestors[index - 1] if index > 0 else None
    if not isinstance(call, ast.Call) or not isinstance(node, ast.BinOp):
        return None
    whole = ast.dump(node.left)
    for other in call.keywords:
        if other is not keyword and other.arg and ast.dump(other.value) == whole:
            return other.arg
    return None


def _bound_as_budget(rule: LintRule, node: ast.expr, target: ast.expr) -> tuple[str, bool] | None:
    """``max_tokens = int(model.context_length / 2)``, ``options["max_tokens"] = min(2048,
    model.context_length // 2)``: half of a context window bound as another budget, a name or a string key
    (set 57: continuedev's output cap, half the window). Not the same budget halved in place (``max_tokens =
    max_tokens // 2``: a retry's step), nor a name that says it is the half (``half_max_tokens``), nor half of a
    budget that is no window (``single_doc_max_token = max_token // 2``: split between two documents)."""
    name = attr_name(target) if isinstance(target, (ast.Name, ast.Attribute, ast.Subscript)) else None
    halved = attr_name(node.left) if isinstance(node, ast.BinOp) else None
    if not name or not rule.names.is_budget(name) or "half" in words(name):
        return None
    if halved is None or not _WINDOW_WORDS.intersection(words(halved)) or words(halved) == words(name):
        return None  # ``single_doc_max_token = max_token // 2``: a budget split between two documents
    return f"bound as the budget `{name}`", True


def _handed_as_budget(rule: LintRule, target: ast.expr, strong: bool) -> tuple[str, bool] | None:
    """``doc_budget = effective_budget // 2 if search_all else effective_budget`` ... ``query(text,
    budget=doc_budget)``: half of a token budget bound to a local of the function that it then gives as a
    budget keyword (a weak ``budget=``/``limit=`` only for half of a budget of tokens, not of a weak
    ``budget``; set 76: mnemosyne-engine splits its search budget between documents and code). A local
    whose name says another unit is not followed, nor one named as a budget: ``_bound_as_budget`` judges
    it by its name (``single_doc_max_token = max_token // 2``, given as ``single_doc_max_token=``: half of
    a budget that is no window, one per document of a pair: rank-llm)."""
    fn = rule.ctx.function()
    if fn is None or type(target) is not ast.Name or set(words(target.id)) & _OTHER_UNITS:
        return None
    if rule.names.is_budget(target.id):
        return None
    for sub in walk(fn):
        if isinstance(sub, ast.keyword) and type(sub.value) is ast.Name and sub.value.id == target.id:
            arg = sub.arg or ""
            if rule.names.is_budget_setting(arg) or (strong and rule.names.is_weak_budget(arg)):
                return f"bound to `{target.id}`, given as `{arg}=`", True
    return None


def _ordered_local(rule: LintRule, target: ast.expr) -> tuple[str, bool] | None:
    """``target = self.profile.context // 2`` ... ``while estimate_messages_tokens(kept) <= target``: half of
    a budget bound to a local of the function that it orders against a count of tokens (the history kept
    when a conversation is summarized; set 83: agent-mini). A local named as another unit, bound otherwise
    too (a parameter clamped, a count halved on a retry) or ordered only against a budget is not read."""
    fn = rule.ctx.function()
    if fn is None or type(target) is not ast.Name or set(words(target.id)) & _OTHER_UNITS:
        return None
    if ordered_count(rule, fn, target.id) is None:
        return None  # not bound once (a parameter clamped, a count halved on a retry), or ordered otherwise
    return f"bound to `{target.id}`, ordered against a count of tokens", True


def _window_read(rule: LintRule, node: ast.expr) -> str | None:
    """``self.profile.context``: a read (an attribute, no call) named as a context window, no characters."""
    name = attr_name(node) if isinstance(node, ast.Attribute) else None
    if name is None or not _WINDOW_WORDS.intersection(words(name)) or set(words(name)) & _OTHER_UNITS:
        return None
    return name


def budget_half(rule: LintRule, node: ast.BinOp) -> tuple[str, str] | None:
    """(the finding's message, its config key) for half of a token budget used as a budget, else None."""
    if not halves(node):
        return None
    whole = node.left
    while isinstance(whole, ast.BinOp) and isinstance(whole.op, ast.Sub):
        # ``min(8000, (window - 2000) // 2)``: half of what a reserve leaves of a budget is half of that
        # budget's tokens (set 144: mcs-core's automatic budget, given as ``token_budget=``)
        whole = whole.left
    budget = _budget(rule, whole)
    weak = attr_name(whole) if budget is None else None
    if weak is not None and not rule.names.is_weak_budget(weak):
        # ``base = clamp_budget(thinking_budget)`` ... ``max(min_thinking_budget, base // 2)``: a local
        # derived from a budget is that budget (set 75: mico-agent's adaptive thinking budget)
        budget, weak = derived_budget(rule, whole), None
    if budget is None and weak is None and _bare_window(whole):
        # ``min(reserve, window // 2)``, ``reserve`` falling back to a budget: the clamp says tokens (set 190)
        clamp = rule.ctx.ancestors[-2] if len(rule.ctx.ancestors) > 1 else None
        others = clamp.args if isinstance(clamp, ast.Call) and callee_name(clamp) == "min" else []
        beside = next((b for o in others if o is not node and (b := _fallback_budget(rule, o))), None)
        if beside is not None:
            return _message(node, ast.unparse(whole), f"clamped by min() against `{beside}`")
    if budget is None and weak is None:
        # ``target = self.profile.context // 2`` ordered against a count of tokens: the use says tokens
        window = _window_read(rule, whole)
        found = _window_use(rule, node) if window is not None else None
        return None if found is None or window is None else _message(node, window, found)
    use = _use(rule, node, weak is None)
    if use is None:
        return None
    return _message(node, budget or weak or "", use[0])


def _window_use(rule: LintRule, node: ast.BinOp) -> str | None:
    """Half of a read named as a window bound, as it is, to a local ordered against a count of tokens."""
    parent = rule.ctx.ancestors[-2] if len(rule.ctx.ancestors) > 1 else None
    if isinstance(parent, ast.Assign) and parent.value is node and len(parent.targets) == 1:
        found = _ordered_local(rule, parent.targets[0])
        return None if found is None else found[0]
    return None


def _message(node: ast.BinOp, halved: str, use: str) -> tuple[str, str]:
    message = (
        f"hard-coded budget share `{ast.unparse(node)}`, 1/2 of `{halved}` {use}; move the divisor to "
        "config so the share can be tuned per model"
    )
    return message, f"{halved} divisor"
