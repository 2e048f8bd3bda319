"""Where PB104 sees a module's own estimator of tokens by what its callers do with its result (set 85:
licos-agent-runtime's ``def estimate_text(text): return math.ceil((len(text) - wide) / 3) + wide * 2``,
named for no unit, whose calls ``count_input`` sums into ``total`` and returns as ``InputCount(total,
...)``, a dataclass whose first field is ``tokens``): the expression being visited, rounded or a term of
a sum, is what its function returns, and a call of that function in the module is itself bound, given,
returned or compared as an amount of tokens, or is added into a local that is (one step: ``total +=
estimate(m)`` ... ``Count(total)``); or the function itself is handed on uncalled as a counter of
tokens (returned by ``token_counter``, given as ``count_tokens=``). A function called nowhere in its
module says nothing. Also what
counts characters by a test of each one (``sum(ord(c) > 127 for c in text)``). Judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.dict_slots import value_key
from prompt_budget.lint.positional_slots import given_to_token_param
from prompt_budget.lint.rule import attr_name, callee_name
from prompt_budget.lint.walks import kept_per_file, parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Calls that round an amount and keep its unit (``math.ceil(chars / 3)``).
_ROUNDING = frozenset({"ceil", "floor", "int", "round", "max"})
_Function = ast.FunctionDef | ast.AsyncFunctionDef


def _returned(ancestors: list[ast.AST]) -> ast.Return | ast.Lambda | None:
    """The ``return`` (or the lambda) whose value is the node being visited (``ancestors[-1]``), rounded
    or as a term of a sum; or summed over items (``return sum(len(text(m)) // 4 + extra(m) for m in
    messages)``, set 92: hx-cli)."""
    child = ancestors[-1]
    for parent in reversed(ancestors[:-1]):
        if isinstance(parent, ast.Return):
            return parent if parent.value is child else None
        if isinstance(parent, ast.Lambda):
            return parent if parent.body is child else None
        rounded = isinstance(parent, ast.Call) and callee_name(parent) in _ROUNDING and child in parent.args
        summed = (isinstance(parent, ast.GeneratorExp) and parent.elt is child) or (
            isinstance(parent, ast.Call) and callee_name(parent) == "sum" and parent.args[:1] == [child]
        )
        if not (rounded or summed or (isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Add))):
            return None
        child = parent
    return None


def _calls(tree: ast.AST, fn: _Function, method: bool) -> list[ast.Call]:
    """The calls of ``fn`` in the module: ``name(...)``, or ``self.name(...)`` of a method."""
    out: list[ast.Call] = []
    for node in walk(tree):
        if not isinstance(node, ast.Call) or callee_name(node) != fn.name:
            continue
        func = node.func
        on_self = isinstance(func, ast.Attribute) and attr_name(func.value) in {"self", "cls"}
        if on_self if method else isinstance(func, ast.Name):
            out.append(node)
    return out


#: The calls of a function in its module, for the readings of other rules (``caller_budgets``).
module_calls = _calls


def _handed(tree: ast.AST, fn: _Function, up: dict[ast.AST, ast.AST]) -> list[ast.Name]:
    """The module function ``fn`` handed on uncalled, so used as a counter where it goes (set 167:
    percolate-core's ``def token_counter(spec): if spec == "estimate": return _estimate``)."""
    return [
        node
        for node in walk(tree)
        if isinstance(node, ast.Name)
        and node.id == fn.name
        and isinstance(node.ctx, ast.Load)
        and not (isinstance(call := up.get(node), ast.Call) and call.func is node)
    ]


def _about_tokens(rule: LintRule, name: str) -> bool:
    return (rule.names.is_token_amount(name) or rule.names.mentions_tokens(name)) and not rule.names.is_chars(
        name
    )


def _token_use(rule: LintRule, node: ast.AST, up: dict[ast.AST, ast.AST], caller: ast.AST) -> str | None:
    """ "tokens" when ``node`` (rounded or summed) is used as an amount of tokens in ``caller``; the name
    of a local it is added into or bound to otherwise (one more step to follow); else None."""
    child, parent = node, up.get(node)
    while parent is not None and (
        (isinstance(parent, ast.Call) and callee_name(parent) in _ROUNDING)
        or (isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Add))
        or (isinstance(parent, ast.GeneratorExp) and parent.elt is child and _summing(up.get(parent)))
        or (isinstance(child, ast.GeneratorExp) and _summing(parent))  # then the ``sum()`` of that generator
    ):
        child, parent = parent, up.get(parent)
    if isinstance(parent, ast.Dict):
        # ``{"tokens": est(m["content"])}``: a value under a key of tokens (set 457: kernel-arjun)
        label = value_key(parent, child)
        return "tokens" if label and _about_tokens(rule, label) else None
    if isinstance(parent, ast.Compare):
        sides = (parent.left, *parent.comparators)
        return "tokens" if any(s is not child and rule.token_amount(s) for s in sides) else None
    if isinstance(parent, ast.keyword):
        return "tokens" if parent.arg and _about_tokens(rule, parent.arg) else None
    if isinstance(parent, ast.Call):
        return "tokens" if given_to_token_param(rule, parent, child) else None
    if isinstance(parent, ast.Return):
        name = getattr(caller, "name", "")
        return "tokens" if name and _about_tokens(rule, name) else None
    target = (
        parent.targets[0]
        if isinstance(parent, ast.Assign) and len(parent.targets) == 1
        else parent.target
        if isinstance(parent, (ast.AnnAssign, ast.AugAssign))
        else None
    )
    if target is None or (isinstance(parent, ast.AugAssign) and not isinstance(parent.op, ast.Add)):
        return None
    name = attr_name(target) or ""
    if _about_tokens(rule, name):
        return "tokens"
    return target.id if isinstance(target, ast.Name) else None


def _summing(node: ast.AST | None) -> bool:
    """``sum(<generator>)``."""
    return isinstance(node, ast.Call) and callee_name(node) == "sum" and len(node.args) == 1


def _caller(call: ast.AST, up: dict[ast.AST, ast.AST]) -> ast.AST | None:
    node: ast.AST | None = call
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        node = up.get(node)
    return node


def returned_to_token_callers(rule: LintRule) -> bool:
    """The expression being visited is what its function returns, and the module's calls of that function
    use the result as an amount of tokens (directly, or added into a local used so)."""
    fn, tree = rule.ctx.function(), rule.ctx.tree
    result = _returned(rule.ctx.ancestors)
    if tree is None or result is None:
        return False
    up = parents(tree)
    if isinstance(result, ast.Lambda):
        calls = _lambda_calls(result, up, tree)
    elif fn is None:
        return False
    else:
        method = rule.ctx.enclosing_class() is not None
        calls = [*_calls(tree, fn, method=method), *(() if method else _handed(tree, fn, up))]
    for call in calls:
        # a call outside any function is the module's (a module-level lambda's)
        caller = _caller(call, up) or (tree if isinstance(result, ast.Lambda) else None)
        if caller is None:
            continue
        use = _token_use(rule, call, up, caller)
        if use == "tokens":
            return True
        if use is None:
            continue
        reads = [
            n for n in walk(caller) if isinstance(n, ast.Name) and n.id == use and isinstance(n.ctx, ast.Load)
        ]
        if any(_token_use(rule, n, up, caller) == "tokens" for n in reads):
            return True
    return False


def _lambda_calls(fn: ast.Lambda, up: dict[ast.AST, ast.AST], tree: ast.AST) -> list[ast.Call]:
    """The calls of a lambda bound to a plain name (``est = lambda t: int(len(t.split()) * 1.33)``) in the
    function or module that binds it."""
    bound = up.get(fn)
    if not (
        isinstance(bound, ast.Assign) and len(bound.targets) == 1 and isinstance(bound.targets[0], ast.Name)
    ):
        return []
    name, scope = bound.targets[0].id, _caller(bound, up) or tree
    return [
        n
        for n in walk(scope)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name
    ]


def counts_characters(node: ast.expr, fn: ast.AST | None = None) -> bool:
    """``sum(ord(c) > 127 for c in text)``, ``sum(1 for ch in s if ch.isascii())``: a count of the
    characters of one text that pass a test of each (its code point, a ``str`` method, a comparison with
    a string), so a number of characters; or a local of ``fn`` counting them one by one in a loop (set 439:
    aksesa-cli's ``for ch in text: cp = ord(ch); if ...: cjk += 1 else: other += 1``)."""
    if isinstance(node, ast.Name) and fn is not None:
        return _loop_counter(fn, node.id)
    if not (isinstance(node, ast.Call) and callee_name(node) == "sum" and len(node.args) == 1):
        return False
    gen = node.args[0]
    if not isinstance(gen, ast.GeneratorExp) or len(gen.generators) != 1:
        return False
    loop = gen.generators[0]
    if not isinstance(loop.target, ast.Name) or isinstance(loop.iter, (ast.List, ast.Tuple, ast.Set)):
        return False
    char = loop.target.id
    for test in (gen.elt, *loop.ifs):
        for n in walk(test):
            if _reads_character(n, char):
                return True
            if isinstance(n, ast.Compare) and _code_point_range(n, char):
                return True
    return False


_ORDERED = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _code_point_range(test: ast.Compare, char: str) -> bool:
    """``"\\u4e00" <= c <= "\\u9fff"``: the character ordered against a one-character string, a range of
    code points (a script's block; set 95: nami-ai's CJK count)."""
    operands = (test.left, *test.comparators)
    return (
        all(isinstance(op, _ORDERED) for op in test.ops)
        and any(_is(o, char) for o in operands)
        and any(
            isinstance(o, ast.Constant) and isinstance(o.value, str) and len(o.value) == 1 for o in operands
        )
    )


def _is(node: ast.AST | None, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


#: The function last asked about, with the names it counts characters in (asked once per function).
_counters: list[tuple[ast.AST, frozenset[str]]] = kept_per_file([])


def _loop_counter(fn: ast.AST, name: str) -> bool:
    """``name`` is set to 0 and grown by 1 only inside loops of ``fn`` over a text's characters, each tested as a
    character (``ord(ch)``, ``ch.isascii()``)."""
    if not (_counters and _counters[0][0] is fn):
        _counters[:] = [(fn, _character_counters(fn))]
    return name in _counters[0][1]


def _character_counters(fn: ast.AST) -> frozenset[str]:
    """The names ``fn`` counts a text's characters in, one walk of ``fn`` (and one of each of its loops)."""
    counted: set[int] = set()
    bound: dict[str, bool] = {}  # name -> every binding is ``= 0``
    grown: dict[str, list[ast.AugAssign]] = {}
    for node in walk(fn):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    zero = isinstance(node.value, ast.Constant) and node.value.value == 0
                    bound[t.id] = bound.get(t.id, True) and zero
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            grown.setdefault(node.target.id, []).append(node)
        elif isinstance(node, ast.For) and isinstance(node.target, ast.Name) and _tests_characters(node):
            counted.update(
                id(n)
                for n in walk(node)
                if isinstance(n, ast.AugAssign)
                and isinstance(n.op, ast.Add)
                and isinstance(n.value, ast.Constant)
                and n.value.value == 1
            )
    return frozenset(
        name
        for name, nodes in grown.items()
        if all(id(n) in counted for n in nodes) and bound.get(name, True)
    )


def _tests_characters(loop: ast.For) -> bool:
    """The loop's variable is tested as a character in its body (``ord(ch)``, ``ch.isascii()``)."""
    char = loop.target.id if isinstance(loop.target, ast.Name) else ""
    return any(_reads_character(n, char) for n in walk(loop))


def _reads_character(node: ast.AST, char: str) -> bool:
    """``ord(char)`` or a ``str`` test of it (``char.isascii()``): ``char`` read as one character."""
    return isinstance(node, ast.Call) and (
        (callee_name(node) == "ord" and _is(node.args[0] if node.args else None, char))
        or (
            isinstance(node.func, ast.Attribute)
            and node.func.attr.startswith("is")
            and _is(node.func.value, char)
        )
    )


def result_budget(
    rule: LintRule, fn: ast.FunctionDef | ast.AsyncFunctionDef | None, cls: ast.ClassDef | bool | None = True
) -> str | None:
    """The budget a function's result is: its own name when it names one (``def gemini_thinking_budget``), or the
    budget keyword its calls in the module are given as (``max_tokens=_file_summary_output_budget(len(files))``,
    set 479: ctx-tool's ``return min(8192, max(1024, 256 + file_count * 128))``) or the budget they are bound to; else
    None. ``cls``: the class ``fn`` is a method of (its calls are ``self.fn(...)`` in that class only: another
    class's method of the same name is another function), None for a function, by default the class enclosing the
    node being visited."""
    if fn is None:
        return None
    if rule.names.is_budget(fn.name):
        return fn.name
    tree = rule.ctx.tree
    if tree is None:
        return None
    up = parents(tree)
    owner = rule.ctx.enclosing_class() if cls is True else cls
    method = isinstance(owner, ast.ClassDef)
    for call in module_calls(owner if isinstance(owner, ast.ClassDef) else tree, fn, method=method):
        given = up.get(call)
        if isinstance(given, ast.keyword) and given.arg and rule.names.is_budget(given.arg):
            return given.arg
        # ``max_tokens = reply_tokens(context)`` (set 607: repo-bug-hunter's ``return max(4096, min(16_384, ...))``)
        bound = (
            attr_name(given.targets[0]) if isinstance(given, ast.Assign) and len(given.targets) == 1 else None
        )
        if bound and rule.names.is_budget(bound):
            return bound
    return None
