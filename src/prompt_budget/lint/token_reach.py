"""Where a number read in a function ends up, followed through its function, its class and the
module's functions: evidence that a number whose name says nothing is an amount of tokens.

``flow.Uses`` judges each read of a name by what the read meets at once (``max_tokens=LIMIT``,
``if used_tokens > LIMIT``). A parameter or a field often reaches its token use further away::

    def summarize(text, max_len=1024):
        segment_len = max_len - 100                       # a local derived from it
        ... tokens[i : i + segment_len] ...               # a window of a token list

    def __init__(self, target_length=512):
        self.target_length = target_length                # stored in the instance
    def process(self):
        self.shorten(texts, self.target_length)           # given to a method of the class
    def shorten(self, texts, target_size):
        shares = [int(target_size * n / total) for n in lengths]
        for text, share in zip(texts, shares):            # a share of it, one per text
            if len(self.tokenizer.tokenize(text)) > share: ...   # compared with a token count

``TokenReach`` follows a read through arithmetic (``max_len - 100``, ``target_size * n / total``,
``int()``, ``min()``), a local it is bound to, a list built from it and the loops over that list, an
attribute of ``self`` it is stored in (read in the class's methods), and an argument of a call to a
function of the module or a method of the class (to that parameter's reads), a few steps deep. It
stops at a use that measures tokens: compared with a token count, bounding a slice of a token list,
given as a budget keyword (``max_tokens=``) or as the length a tokenizer truncates to. Asked only at
the end of a module, for numbers the direct reads did not decide, so its walks are few.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.compared_lengths import neighbours
from prompt_budget.lint.entry_lists import entry_list
from prompt_budget.lint.flow import module_functions
from prompt_budget.lint.getter_callers import (
    clamp_with_tokens,
    entered_by_parameter,
    env_fallback,
    getter_calls,
)
from prompt_budget.lint.names import PRICE_WORDS, words
from prompt_budget.lint.padded_inputs import encoded_length
from prompt_budget.lint.request_entries import library_token_keyword
from prompt_budget.lint.rule import callee_name, dotted, sizes_token_chunks, string_value
from prompt_budget.lint.stated_units import branch_of, display_scale, shows_other_unit
from prompt_budget.lint.token_cuts import cuts_tokens
from prompt_budget.lint.walks import brief_source, walk
from prompt_budget.lint.walks import parents as parents_in

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef

#: Steps a number is followed through (a local, a list, a loop, an attribute, a call's parameter).
_DEPTH = 5
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv)
#: Calls whose result is the number, changed in size only: ``int(n)``, ``min(n, cap)``.
_KEEPS = frozenset({"int", "round", "min", "max", "abs", "math.floor", "math.ceil"})


class TokenReach:
    """The token uses numbers reach in one module (see the module's docstring)."""

    def __init__(self, rule: LintRule) -> None:
        self.rule = rule
        self._parents: dict[int, tuple[ast.AST, dict[ast.AST, ast.AST]]] = {}
        self._module: dict[str, Function | None] | None = None
        #: The number followed was changed by arithmetic before the local or attribute now followed.
        self._derived = False
        #: Each function's calls in the module (``getter_callers``), found once per function.
        self._calls: dict[int, list[tuple[Function, ast.ClassDef | None, ast.Call]]] = {}

    # --- the tree

    def _parent_map(self, scope: ast.AST) -> dict[ast.AST, ast.AST]:
        """Each node's parent in ``scope`` (a function or a class), built once per scope."""
        cached = self._parents.get(id(scope))
        if cached is not None and cached[0] is scope:
            return cached[1]
        found = parents_in(scope)
        self._parents[id(scope)] = (scope, found)
        return found

    def _functions(self) -> dict[str, Function | None]:
        """The module's functions by name (None for a name defined twice)."""
        if self._module is None:
            self._module = module_functions(self.rule.ctx.tree)
        return self._module

    @staticmethod
    def _methods(owner: ast.ClassDef | None) -> Iterator[Function]:
        for stmt in owner.body if owner is not None else ():
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield stmt

    # --- what to follow

    def of_parameter(
        self, fn: Function, name: str, owner: ast.ClassDef | None, cuts: bool = True
    ) -> str | None:
        """Why the parameter ``name`` of ``fn`` holds tokens (the use its value reaches), else None.
        ``cuts``: whether a tokenizer's truncation length counts (PB101 judges a weakly named
        parameter given to one itself)."""
        return self._name(fn, name, owner, _DEPTH, set(), cuts)

    def of_field(self, owner: ast.ClassDef, name: str) -> str | None:
        """Why the class field ``name`` holds tokens: what its reads ``self.<name>`` in the class's
        methods reach, else None."""
        return self._attribute(owner, name, _DEPTH, set(), True)

    def of_node(self, fn: Function, node: ast.expr, owner: ast.ClassDef | None) -> str | None:
        """Why the value of ``node`` (an expression in ``fn``) is an amount of tokens, else None."""
        return self._climb(fn, node, owner, _DEPTH, set(), True, False)

    def _name(
        self, fn: Function, name: str, owner: ast.ClassDef | None, depth: int, seen: set[object], cuts: bool
    ) -> str | None:
        key = (id(fn), name)
        if depth <= 0 or key in seen:
            return None
        seen.add(key)
        for node in walk(fn):
            if type(node) is ast.Name and node.id == name and isinstance(node.ctx, ast.Load):
                why = self._climb(fn, node, owner, depth, seen, cuts, False)
                if why is not None:
                    return why
        return None

    def _attribute(
        self, owner: ast.ClassDef, attr: str, depth: int, seen: set[object], cuts: bool
    ) -> str | None:
        key = (id(owner), "self." + attr)
        if depth <= 0 or key in seen:
            return None
        seen.add(key)
        for method in self._methods(owner):
            for node in walk(method):
                if (
                    type(node) is ast.Attribute
                    and node.attr == attr
                    and isinstance(node.ctx, ast.Load)
                    and type(node.value) is ast.Name
                    and node.value.id == "self"
                ):
                    why = self._climb(method, node, owner, depth, seen, cuts, False)
                    if why is not None:
                        return why
        return None

    def _list(
        self, fn: Function, name: str, owner: ast.ClassDef | None, depth: int, seen: set[object], cuts: bool
    ) -> str | None:
        """``name`` holds a list of such numbers: follow its items (``name[i]``, ``for x in name``,
        ``for a, x in zip(other, name)``, ``for i, x in enumerate(name)``)."""
        parents = self._parent_map(fn)
        for node in walk(fn):
            if not (type(node) is ast.Name and node.id == name and isinstance(node.ctx, ast.Load)):
                continue
            parent = parents.get(node)
            if isinstance(parent, ast.Subscript) and parent.value is node:
                why = self._climb(fn, parent, owner, depth, seen, cuts, False)
            elif (target := _item_target(node, parent, parents)) is not None:
                why = self._name(fn, target, owner, depth - 1, seen, cuts)
            else:
                why = None
            if why is not None:
                return why
        return None

    # --- one read

    def _climb(
        self,
        fn: Function,
        node: ast.expr,
        owner: ast.ClassDef | None,
        depth: int,
        seen: set[object],
        cuts: bool,
        listed: bool,
    ) -> str | None:
        """Follow the value of ``node`` up through arithmetic to the use that decides it."""
        parents = self._parent_map(fn)
        child: ast.AST = node
        parent = parents.get(child)
        derived = self._derived  # changed by arithmetic on the way here: no longer the number clamped
        while True:
            if isinstance(parent, ast.BinOp) and isinstance(parent.op, _ARITHMETIC):
                if not self._keeps_unit(parent, child):
                    return None
                derived = True
            elif isinstance(parent, ast.Call) and _keeps(parent) and child in parent.args:
                if not (listed or derived) and (
                    why := clamp_with_tokens(self.rule, parent, child, parents.get(parent))
                ):
                    return f"{why} at line {getattr(child, 'lineno', 0)}"  # ``getter_callers``
            elif (
                (isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.USub))
                or (isinstance(parent, ast.IfExp) and parent.test is not child)
                or (isinstance(parent, ast.Call) and env_fallback(parent, child))
            ):
                pass
            elif isinstance(parent, (ast.ListComp, ast.GeneratorExp)) and parent.elt is child and not listed:
                listed = True
            else:
                break
            child, parent = parent, parents.get(parent)
        if parent is None:
            return None
        if not listed:
            why = self._use(fn, child, parent, parents.get(parent), cuts)
            if why is not None:
                return f"{why} at line {getattr(child, 'lineno', 0)}"
        # what follows the value on (a name, an argument, a caller) sees whether arithmetic changed it
        self._derived, prior = derived, self._derived
        try:
            return self._follow_on(fn, child, parent, parents, owner, depth, seen, cuts, listed)
        finally:
            self._derived = prior

    def _follow_on(
        self,
        fn: Function,
        child: ast.AST,
        parent: ast.AST,
        parents: dict[ast.AST, ast.AST],
        owner: ast.ClassDef | None,
        depth: int,
        seen: set[object],
        cuts: bool,
        listed: bool,
    ) -> str | None:
        """Follow a value past the statement or call that holds it (``_climb``'s last step)."""
        if isinstance(parent, ast.Assign) and parent.value is child and len(parent.targets) == 1:
            target = parent.targets[0]
            if type(target) is ast.Name:
                follow = self._list if listed else self._name
                return follow(fn, target.id, owner, depth - 1, seen, cuts)
            if (
                not listed
                and owner is not None
                and type(target) is ast.Attribute
                and type(target.value) is ast.Name
                and target.value.id == "self"
            ):
                return self._attribute(owner, target.attr, depth - 1, seen, cuts)
            return None
        if isinstance(parent, ast.Call) and not listed:
            return self._argument(fn, child, parent, owner, depth, seen, cuts)
        if isinstance(parent, ast.Return) and not listed and depth > 1 and not entered_by_parameter(fn, seen):
            # the value of each call of ``fn`` in the module (``getter_callers``)
            if (calls := self._calls.get(id(fn))) is None:
                calls = self._calls[id(fn)] = list(getter_calls(self.rule, fn, owner))
            for caller, cls, called in calls:
                if (why := self._climb(caller, called, cls, depth - 1, seen, cuts, False)) is not None:
                    return f"returned by `{fn.name}()`, {why}"
            return None
        if isinstance(parent, ast.keyword) and not listed:
            call = parents.get(parent)
            if isinstance(call, ast.Call):
                return self._argument(fn, child, call, owner, depth, seen, cuts)
        return None

    def _keeps_unit(self, op: ast.BinOp, child: ast.AST) -> bool:
        """``n - 100``, ``n * share / total``: arithmetic whose result counts what ``n`` counts. Not a
        divisor (``max_tokens // n``: ``n`` pieces), nor a factor of a token amount (``num_tokens *
        n``: ``n`` a ratio)."""
        other = op.right if op.left is child else op.left
        if isinstance(op.op, (ast.Div, ast.FloorDiv)):
            return op.left is child
        return not (isinstance(op.op, ast.Mult) and self.rule.token_amount(other))

    def _argument(
        self,
        fn: Function,
        value: ast.AST,
        call: ast.Call,
        owner: ast.ClassDef | None,
        depth: int,
        seen: set[object],
        cuts: bool,
    ) -> str | None:
        """``value`` is an argument of ``call``: the parameter it binds in the module's function or
        the class's method called, followed there."""
        func = call.func
        callee: Function | None = None
        method = False
        if type(func) is ast.Name:
            callee = self._functions().get(func.id)
        elif (
            type(func) is ast.Attribute and type(func.value) is ast.Name and func.value.id in {"self", "cls"}
        ):
            found = [m for m in self._methods(owner) if m.name == func.attr]
            callee, method = (found[0], True) if len(found) == 1 else (None, False)
        if callee is None or callee is fn:
            return None
        params = [a.arg for a in (*callee.args.posonlyargs, *callee.args.args)]
        if method and params[:1] in (["self"], ["cls"]):
            params = params[1:]
        name = next((k.arg for k in call.keywords if k.value is value), None)
        if name is None:
            index = next((i for i, a in enumerate(call.args) if a is value), None)
            name = params[index] if index is not None and index < len(params) else None
        if name is None:
            return None
        why = self._name(callee, name, owner if method else None, depth - 1, seen, cuts)
        if why is None and _returns(callee, name):
            # ``_resolve(value, fallback=n)`` returning ``fallback`` as it is: the call's value is
            # the number, followed where the call is (set 73: firstcoder's ``_per_result_target``)
            return self._climb(fn, call, owner, depth - 1, seen, cuts, False)
        return why

    def _use(
        self, fn: Function, child: ast.AST, parent: ast.AST, grand: ast.AST | None, cuts: bool
    ) -> str | None:
        """The token use ``child`` meets in ``parent`` (its grandparent ``grand``), else None."""
        rule = self.rule
        if isinstance(parent, ast.Compare) and any(isinstance(op, _ORDER) for op in parent.ops):
            if set(words(fn.name)) & PRICE_WORDS:
                return None  # a pricing tier
            for other in neighbours(parent, child, rule):
                if other is not child and _within(rule, fn, other):
                    if shows_other_unit(branch_of(fn, parent), child):  # ``f"{MAX} lexical terms"`` (set 561)
                        return None
                    if type(child) is ast.Name and display_scale(fn, child.id):  # ``f"{n / UNIT:.1f}k"``
                        return None
                    return f"compared with the token count `{brief_source(other)}`"
            return None
        if (
            isinstance(parent, ast.Slice)
            and isinstance(grand, ast.Subscript)
            and rule.token_sequence(grand.value)
            and not entry_list(fn, grand.value)
        ):
            return f"cuts the token list `{brief_source(grand.value)}`"
        if isinstance(parent, ast.keyword) and parent.arg and isinstance(grand, ast.Call):
            callee = callee_name(grand) or "a call"
            if rule.names.is_budget(parent.arg):
                return f"given as `{parent.arg}=` of `{callee}`"
            # ``ClearToolUsesEdit(trigger=clear_tool_uses_trigger())`` (set 401: pupa-backend)
            if (said := library_token_keyword(parent.arg, grand)) is not None:
                return said
            if (
                cuts
                and rule.names.is_weak_budget(parent.arg)
                and (cuts_tokens(grand) or encoded_length(parent.arg, grand))
            ):
                return f"given as `{parent.arg}=` of `{callee}`, which truncates to tokens"
            if sizes_token_chunks(rule.names, parent.arg, grand, rule.ctx):
                # ``size = DEFAULT_CHUNK_SIZE`` ... ``SentenceSplitter(chunk_size=size)`` (set 124)
                return (
                    f"given as `{parent.arg}=` of `{dotted(grand.func) or callee}`, whose chunks are tokens"
                )
        if (key := written_key(parent, child)) is not None and rule.names.is_budget(key):
            return f'written under "{key}"'  # ``kwargs["max_tokens"] = n``, ``{"max_tokens": n}``
        return None


def written_key(parent: ast.AST, child: ast.AST) -> str | None:
    """The string key ``child`` is written under: ``params["max_tokens"] = child`` (one target), or
    ``{"max_tokens": child}``; else None."""
    if isinstance(parent, ast.Assign) and parent.value is child and len(parent.targets) == 1:
        target = parent.targets[0]
        return string_value(target.slice) if isinstance(target, ast.Subscript) else None
    if isinstance(parent, ast.Dict):
        for key, value in zip(parent.keys, parent.values, strict=True):
            if value is child:
                return string_value(key) if key is not None else None
    return None


def _returns(fn: Function, name: str) -> bool:
    """``fn`` returns its parameter ``name`` as it is (``return fallback``) in one of its returns."""
    return any(
        type(node) is ast.Return and type(node.value) is ast.Name and node.value.id == name
        for node in walk(fn)
    )


def _keeps(call: ast.Call) -> bool:
    """``int(n)``, ``min(n, cap)``, ``math.floor(n)``: a call whose result is its argument's size."""
    return dotted(call.func) in _KEEPS


def _item_target(node: ast.Name, parent: ast.AST | None, parents: dict[ast.AST, ast.AST]) -> str | None:
    """The loop variable that takes the items of the list ``node`` reads: ``for x in node``, ``for a,
    x in zip(other, node)``, ``for i, x in enumerate(node)`` (also in a comprehension)."""
    loop: ast.AST | None = parent
    position: int | None = None
    if isinstance(parent, ast.Call) and type(parent.func) is ast.Name and node in parent.args:
        if parent.func.id == "zip":
            position = parent.args.index(node)
        elif parent.func.id == "enumerate" and parent.args[0] is node:
            position = 1
        else:
            return None
        loop = parents.get(parent)
        iterated: ast.AST = parent
    else:
        iterated = node
    if not isinstance(loop, (ast.For, ast.AsyncFor, ast.comprehension)) or loop.iter is not iterated:
        return None
    target = loop.target
    if position is not None:
        if not isinstance(target, ast.Tuple) or position >= len(target.elts):
            return None
        target = target.elts[position]
    return target.id if type(target) is ast.Name else None


def after_noun(why: str) -> str:
    """A reason to follow a noun ("scales an amount ..."): one written as a verb (``clamps the token count
    ...``, ``cuts the token list ...``) gets a "that"; one written as a participle (``compared with ...``,
    ``given as ...``, ``returned by ...``) follows as it is."""
    return f"that {why}" if why.startswith(("clamps ", "cuts ")) else why


def _within(rule: LintRule, fn: Function, amount: ast.expr) -> bool:
    """``rule.token_amount(amount)`` read as from inside ``fn``, whose locals say what ``amount`` holds (set 230:
    mvar-security's ``tokens = shlex.split(command)`` ... ``len(tokens) > max_args``, a command's words), also
    when the module is being finished and no function is being walked."""
    scopes = rule.ctx.scopes
    if scopes and scopes[-1] is fn:
        return rule.token_amount(amount)
    scopes.append(fn)
    try:
        return rule.token_amount(amount)
    finally:
        scopes.pop()
