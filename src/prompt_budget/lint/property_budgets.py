"""Fields of a class that its properties combine into a number a count of tokens is ordered against.

A class may keep a window and shares of it as fields, with properties turning them into the thresholds the
code compares counts with (set 543: ctxkernel's context budget)::

    @dataclass(frozen=True)
    class Budget:
        window: int = 200_000
        pressure_frac: float = 0.45

        @property
        def pressure_trigger(self) -> int:
            return int(self.window * self.pressure_frac)

    ...
    total = sum(z.tokens for z in ordered)
    degraded = total > b.pressure_trigger

Neither field's name says tokens (``window`` may be seconds); the flow does: the property, arithmetic on
the fields alone (through other such properties), is ordered against a count of tokens
(``LintRule.token_amount``, a sum of token counts, a local only ever holding one: ``counted_locals``), read
as ``<obj>.pressure_trigger`` in the module, or through a local bound to that read. Its whole-number
fields are budgets of tokens (PB102), its fractions shares of them (PB105). A property of the same name in
two classes of the module is left alone (the read cannot tell which), and so is a field whose name says a
unit or a credential (``NameJudge.is_excluded``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.counted_locals import local_of_counts, summed_counts
from prompt_budget.lint.rule import attr_name, callee_name, number
from prompt_budget.lint.walks import brief_source, enclosing_function, kept_per_file, parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_PROPERTIES = frozenset({"property", "cached_property"})
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
#: Calls a property may wrap its arithmetic in and still only combine the fields.
_WRAPPERS = frozenset({"int", "round", "float", "min", "max", "math.floor", "floor", "ceil"})
_ARITHMETIC = (ast.Mult, ast.Sub, ast.Add, ast.FloorDiv, ast.Div)


class _Class:
    def __init__(self, node: ast.ClassDef) -> None:
        self.name = node.name
        self.fields: dict[str, ast.expr] = {}
        self.properties: dict[str, ast.expr] = {}
        for st in node.body:
            if isinstance(st, ast.AnnAssign) and type(st.target) is ast.Name and st.value is not None:
                self.fields[st.target.id] = st.value
            elif isinstance(st, ast.Assign) and len(st.targets) == 1 and type(st.targets[0]) is ast.Name:
                self.fields[st.targets[0].id] = st.value
            elif isinstance(st, ast.FunctionDef) and (returned := _property_return(st)) is not None:
                self.properties[st.name] = returned
        self.fields = {n: v for n, v in self.fields.items() if number(v) is not None}
        self._combined: dict[str, dict[str, str] | None] = {}

    def combined(self, prop: str) -> dict[str, str] | None:
        """The fields the property ``prop`` combines by arithmetic alone, each with its role (``_role``: a term
        of a sum or a difference, a factor of a product, a divisor), else None; worked out once per property."""
        if prop not in self._combined:
            self._combined[prop] = self._combine(prop, 0)
        return self._combined[prop]

    def _combine(self, prop: str, depth: int) -> dict[str, str] | None:
        expr = self.properties.get(prop)
        if expr is None or depth > 3 or not any(isinstance(n, ast.BinOp) for n in walk(expr)):
            return None
        up = {child: parent for parent in walk(expr) for child in ast.iter_child_nodes(parent)}
        found: dict[str, str] = {}
        for node in walk(expr):
            if isinstance(node, ast.Call) and callee_name(node) not in _WRAPPERS:
                return None
            if isinstance(node, ast.BinOp) and not isinstance(node.op, _ARITHMETIC):
                return None
            if isinstance(node, ast.Attribute) and type(node.value) is ast.Name and node.value.id == "self":
                role = _role(node, up)
                if node.attr in self.fields:
                    found.setdefault(node.attr, role)
                elif (inner := self._combine(node.attr, depth + 1)) is not None:
                    # a property read as a factor makes its terms factors: ``self.target * self.tail_frac``
                    for field, kind in inner.items():
                        found.setdefault(field, role if kind == "term" else kind)
                else:
                    return None
            elif type(node) is ast.Name and node.id != "self" and not _called(node, up):
                return None  # a module's constant or a global: not the fields alone
        return found if len(found) > 1 else None


def _role(node: ast.AST, up: dict[ast.AST, ast.AST]) -> str:
    """What ``node`` is to the arithmetic around it (past ``int()``, ``min()``...): ``term`` (added, subtracted,
    divided), ``factor`` (multiplied) or ``divisor``."""
    parent = up.get(node)
    while isinstance(parent, ast.Call):
        node, parent = parent, up.get(parent)
    if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mult):
        return "factor"
    if (
        isinstance(parent, ast.BinOp)
        and isinstance(parent.op, (ast.Div, ast.FloorDiv))
        and parent.right is node
    ):
        return "divisor"
    return "term"


def _called(name: ast.Name, up: dict[ast.AST, ast.AST]) -> bool:
    """``name`` is the function of the call holding it (``int``, ``max``)."""
    call = up.get(name)
    return isinstance(call, ast.Call) and call.func is name


def _property_return(fn: ast.FunctionDef) -> ast.expr | None:
    """The value a property of one ``return`` statement returns (a docstring before it allowed)."""
    if not any((attr_name(d) or "") in _PROPERTIES for d in fn.decorator_list):
        return None
    body = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return None
    return body[0].value


#: The module last read and its fields: PB102 and PB105 both ask (``kept_per_file``).
_last: list[tuple[ast.Module, list[tuple[ast.expr, str, str, bool]]]] = kept_per_file([])


def property_fields(rule: LintRule, tree: ast.Module) -> list[tuple[ast.expr, str, str, bool]]:
    """(each field's literal, its name, how it was read, whether it is a share) of the fields of the module's
    classes whose properties are ordered against a count of tokens (the module docstring), read once per module."""
    if not (_last and _last[0][0] is tree):
        _last[:] = [(tree, _property_fields(rule, tree))]
    return _last[0][1]


def _property_fields(rule: LintRule, tree: ast.Module) -> list[tuple[ast.expr, str, str, bool]]:
    classes = [_Class(n) for n in tree.body if isinstance(n, ast.ClassDef)]
    owners: dict[str, list[_Class]] = {}
    for cls in classes:
        for prop in cls.properties:
            owners.setdefault(prop, []).append(cls)
    if not any(len(c) == 1 and c[0].combined(p) for p, c in owners.items()):
        return []
    out: list[tuple[ast.expr, str, str, bool]] = []
    done: set[str] = set()
    budgets: dict[str, set[str]] = {}
    up = parents(tree)
    for node in walk(tree):
        if not isinstance(node, ast.Compare) or len(node.ops) != 1 or not isinstance(node.ops[0], _ORDER):
            continue
        for side, other in ((node.left, node.comparators[0]), (node.comparators[0], node.left)):
            fn = enclosing_function(up, node)
            read = _read_property(fn, side, owners)
            if read is None or read in done or not _counts_tokens(rule, fn, other):
                continue
            cls = owners[read][0]
            done.add(read)
            how = (
                f"as a field of `{cls.name}` whose property `{read}` is compared with the token count "
                f"`{brief_source(other)}` at line {node.lineno}"
            )
            for field, share in _amounts(rule, cls, cls.combined(read) or {}):
                out.append((cls.fields[field], field, how, share))
                if not share:
                    budgets.setdefault(cls.name, set()).add(field)
    return out + _combined_with(rule, classes, budgets, done)


def _amounts(rule: LintRule, cls: _Class, roles: dict[str, str]) -> list[tuple[str, bool]]:
    """(each field that is an amount of tokens or a share of one, whether a share) among ``roles``: whole
    numbers added or subtracted, or multiplied by a share; fractions multiplied (not divisors, nor whole
    numbers scaling a budget like ``pressure_pct = 80`` over ``// 100``)."""
    values = {f: number(cls.fields[f]) for f in roles}
    shares = {f for f, v in values.items() if v is not None and _share(v) and roles[f] == "factor"}
    found: list[tuple[str, bool]] = []
    for field in sorted(roles):
        value = values[field]
        if value is None or rule.names.is_excluded(field) or roles[field] == "divisor":
            continue
        if field in shares:
            found.append((field, True))
        elif isinstance(value, int) and (roles[field] == "term" or shares):
            found.append((field, False))
    return found


def _share(value: float) -> bool:
    return isinstance(value, float) and 0 < value < 1


def _combined_with(
    rule: LintRule, classes: list[_Class], budgets: dict[str, set[str]], done: set[str]
) -> list[tuple[ast.expr, str, str, bool]]:
    """The fields a class's other properties combine with a field of that class found a budget above: what is
    added to it or subtracted from it is tokens too, a fraction it is multiplied by a share of it (ctxkernel's
    ``usable = window - generation_reserve``, ``target = int(window * target_frac)``, ``tail_budget = int(target *
    tail_frac)``)."""
    out: list[tuple[ast.expr, str, str, bool]] = []
    seen: set[tuple[str, str]] = set()
    for cls in classes:
        known = budgets.get(cls.name, set())
        for prop in sorted(set(cls.properties) - done) if known else ():
            roles = cls.combined(prop) or {}
            base = sorted(set(roles) & known)
            for field, share in _amounts(rule, cls, roles) if base else ():
                if field in known or (cls.name, field) in seen:
                    continue
                seen.add((cls.name, field))
                how = f"as a field of `{cls.name}` its property `{prop}` combines with the token budget `{base[0]}`"
                out.append((cls.fields[field], field, how, share))
    return out


def _read_property(fn: ast.AST | None, side: ast.expr, owners: dict[str, list[_Class]]) -> str | None:
    """The property ``side`` reads (``b.pressure_trigger``, or a local of ``fn`` bound once to such a read)."""
    if type(side) is ast.Name and fn is not None:
        bound = [
            n.value
            for n in walk(fn)
            if isinstance(n, ast.Assign) and any(type(t) is ast.Name and t.id == side.id for t in n.targets)
        ]
        side = bound[0] if len(bound) == 1 else side
    if type(side) is not ast.Attribute or side.attr not in owners or len(owners[side.attr]) != 1:
        return None
    return side.attr if owners[side.attr][0].combined(side.attr) else None


def _counts_tokens(rule: LintRule, fn: ast.AST | None, other: ast.expr) -> bool:
    if rule.token_amount(other) or (isinstance(other, ast.Call) and summed_counts(rule, other)):
        return True
    return type(other) is ast.Name and local_of_counts(rule, fn, other)


def property_shares(rule: LintRule, tree: ast.Module) -> list[tuple[ast.expr, float, str, str]]:
    """PB105's: (the literal, its value, the field's name, what the finding says) of each share among
    ``property_fields``."""
    return [
        (literal, value, name, f"{name} = {value:g}, {how}")
        for literal, name, how, share in property_fields(rule, tree)
        if share and (value := number(literal)) is not None
    ]
