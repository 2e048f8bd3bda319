"""PB109's evidence that a function admits OpenAI models only: it raises for every other model's name,
so a GPT encoding it falls back to (``except KeyError: enc = tiktoken.get_encoding("cl100k_base")``)
never counts another provider's model (set 17). Kept apart from the rule: it reads the function's
statements around the fallback, the module's and the class's tables of OpenAI model names.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from prompt_budget.lint.flow import assign_targets
from prompt_budget.lint.rule import Scope, attr_name, string_value
from prompt_budget.lint.rules.pb109_none_lookups import encoding_unused, none_lookups
from prompt_budget.lint.walks import walk

#: An OpenAI model's name (or the start of one): ``gpt-4o``, ``gpt-35-turbo``, ``o1-mini``, ``chatgpt-4o``,
#: ``text-embedding-3-small``; not ``o`` alone (``model.startswith("o")`` lets ``open-mistral`` in).
OPENAI_MODEL = re.compile(
    r"^(?:ft:)?(?:gpt|chatgpt|o\d|text-embedding|(?:text-)?(?:davinci|curie|babbage|ada)\b)", re.IGNORECASE
)


def _openai_table(node: ast.AST | None) -> bool:
    """A literal of OpenAI model names only (dict keys, set, list or tuple items), two or more."""
    items: list[ast.expr | None]
    if isinstance(node, ast.Dict):
        items = list(node.keys)
    elif isinstance(node, (ast.Set, ast.List, ast.Tuple)):
        items = list(node.elts)
    else:
        return False
    names = [string_value(i) for i in items]
    return len(names) >= 2 and all(n is not None and OPENAI_MODEL.match(n) for n in names)


def _tables(body: list[ast.stmt]) -> set[str]:
    """The names a module or class body binds to a table of OpenAI model names."""
    out: set[str] = set()
    for stmt in body:
        value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
        targets = assign_targets(stmt)
        if _openai_table(value):
            out.update(attr_name(t) or "" for t in targets)
    out.discard("")
    return out


def _local_tables(body: list[ast.stmt]) -> set[str]:
    """The names a function's own statements bind to a table of OpenAI model names and to nothing else
    (set 44: langfair's copy of the cookbook's count, ``model_data = {"gpt-4-0613": (3, 1), ...}``)."""
    tables = _tables(body)
    for stmt in body:
        value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)) else None
        if not _openai_table(value):
            tables.difference_update(attr_name(t) or "" for t in assign_targets(stmt))
    return tables


#: Statements that leave a body before its end (an ``if`` after them may never run).
_LEAVES = (ast.Return, ast.Break, ast.Continue, ast.Yield, ast.YieldFrom)


class OpenAIOnly:
    """Whether a function raises for every model name that is not OpenAI's, so that a GPT encoding it
    falls back to never counts another provider's model (set 17: guardrails' copy of the OpenAI
    cookbook's ``num_tokens_from_messages``, whose ``if model in {"gpt-4-0613", ...}: ... elif "gpt-4"
    in model: ... else: raise NotImplementedError``; autorag's ``OpenAILLM``, whose constructor raises
    when its table of OpenAI models has no window for the model). Evidence, tied to the expression
    given to tiktoken (``model``), in an ``if`` always reached from the fallback:

    - ``if <OpenAI names>: ... elif <OpenAI names>: ... else: raise`` (every test names OpenAI models
      only: ``model in {"gpt-4-0613"}``, ``"gpt-4" in model``, ``model.startswith("gpt")``, a table);
    - ``if not <OpenAI names>: raise`` (``"gpt" not in model``, ``model not in OPENAI_MODELS``);
    - ``window = <lookup of model in an OpenAI table>`` then ``if window is None: raise`` (the lookup
      a ``.get`` on the table or a module function reading it).
    """

    def __init__(
        self,
        tree: ast.AST | None,
        cls: ast.ClassDef | None,
        model: ast.expr,
        local: bool = False,
        fn: ast.FunctionDef | ast.AsyncFunctionDef | None = None,
    ) -> None:
        module_body = list(getattr(tree, "body", ()))
        self.tables = _tables(module_body) | (_tables(cls.body) if cls else set())
        self.lookups = {
            s.name
            for s in module_body
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
            and any(isinstance(n, ast.Name) and n.id in self.tables for n in walk(s))
        }
        self.lookups |= none_lookups(
            module_body, OPENAI_MODEL
        )  # ``TokenInfo.for_model``: None for other models
        if fn is not None:
            self.tables |= _local_tables(fn.body)
        self.model = ast.dump(model)
        #: the fallback's encoding is bound to locals only, so a ``return None`` refuses a model as a
        #: ``raise`` does: the encoding leaves the function for no other model (set 40: vocode's copy of
        #: the cookbook's ``get_tokenizer_info``, ``else: return None``)
        self.local = local

    def _refuses(self, stmt: ast.stmt) -> bool:
        """``raise ...``, or ``return`` / ``return None`` when the encoding stays in the function."""
        if isinstance(stmt, ast.Raise):
            return True
        return (
            self.local
            and isinstance(stmt, ast.Return)
            and (stmt.value is None or (isinstance(stmt.value, ast.Constant) and stmt.value.value is None))
        )

    def _is_model(self, node: ast.AST) -> bool:
        return ast.dump(node) == self.model

    def _mentions_model(self, node: ast.AST) -> bool:
        return any(self._is_model(n) for n in walk(node))

    def _names_openai_only(self, test: ast.expr) -> bool:
        """A test about the model that names OpenAI models and no other."""
        if not self._mentions_model(test):
            return False
        found = False
        for n in walk(test):
            text = string_value(n)
            if text is not None:
                if not OPENAI_MODEL.match(text):
                    return False
                found = True
            elif isinstance(n, (ast.Name, ast.Attribute)) and attr_name(n) in self.tables:
                found = True
        return found

    def _refuses_others(self, test: ast.expr) -> bool:
        """The test of an ``if`` whose body raises: true for every name that is not OpenAI's."""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return self._names_openai_only(test.operand)
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.NotIn):
            return self._names_openai_only(ast.Compare(test.left, [ast.In()], test.comparators))
        return False

    def _looked_up(self, name: str, before: list[ast.stmt]) -> bool:
        """``name`` bound from a lookup of the model in an OpenAI table (``TABLE.get(model)``,
        ``window_of(model)`` with ``window_of`` reading the table)."""
        for stmt in before:
            if not (isinstance(stmt, ast.Assign) and any(attr_name(t) == name for t in stmt.targets)):
                continue
            call = stmt.value
            if not (isinstance(call, ast.Call) and call.args and self._is_model(call.args[0])):
                continue
            func = call.func
            if (
                isinstance(func, ast.Attribute)
                and func.attr == "get"
                and attr_name(func.value) in self.tables
            ):
                return True
            if isinstance(func, ast.Name) and func.id in self.lookups:
                return True
            owner = func.value if isinstance(func, ast.Attribute) else None
            if isinstance(owner, ast.Name) and f"{owner.id}.{attr_name(func)}" in self.lookups:
                return True  # ``TokenInfo.for_model(model)``
        return False

    def _raises_for_others(self, stmt: ast.If, before: list[ast.stmt]) -> bool:
        if stmt.body and self._refuses(stmt.body[-1]):
            test = stmt.test
            if self._refuses_others(test):
                return True
            missing = (
                test.operand
                if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
                else test.left
                if isinstance(test, ast.Compare)
                and len(test.ops) == 1
                and isinstance(test.ops[0], ast.Is)
                and isinstance(test.comparators[0], ast.Constant)
                and test.comparators[0].value is None
                else None
            )
            name = attr_name(missing) if isinstance(missing, (ast.Name, ast.Attribute)) else None
            if name is not None and self._looked_up(name, before):
                return True
        if self._refuses_others(stmt.test) and self._guards_within(stmt.body, before):
            return True
        chain: ast.If = stmt
        while self._names_openai_only(chain.test):
            if len(chain.orelse) == 1 and isinstance(chain.orelse[0], ast.If):
                chain = chain.orelse[0]
                continue
            return bool(chain.orelse) and self._refuses(chain.orelse[-1])
        return False

    def _guards_within(self, body: list[ast.stmt], before: list[ast.stmt]) -> bool:
        """A body every other provider's model enters (``if model not in MODEL_DATA:``) holding an ``if``
        that raises for those models, always reached: no ``return``, ``break``, ``continue`` or ``yield``
        before it (set 44: langfair's ``if model not in model_data: if "gpt-3.5-turbo" in model: ...
        elif "gpt-4" in model: ... else: raise NotImplementedError``)."""
        for i, inner in enumerate(body):
            if isinstance(inner, ast.If) and self._raises_for_others(inner, before + body[:i]):
                return True
            if any(isinstance(n, _LEAVES) for n in walk(inner)):
                return False
        return False

    def guards(self, levels: list[list[ast.stmt]], anchor: ast.stmt) -> bool:
        """An ``if`` among ``levels`` (the statement lists holding the fallback's ``try`` and its
        enclosing statements) that raises for the other providers' models, before the ``try`` or
        after it with no ``return`` between."""
        start, end = anchor.lineno, anchor.end_lineno or anchor.lineno
        returns = [n.lineno for body in levels for s in body for n in walk(s) if isinstance(n, ast.Return)]
        kept = _bound_names(anchor) if self.local and isinstance(anchor, ast.Try) else set()
        for body in levels:
            for i, stmt in enumerate(body):
                if not isinstance(stmt, ast.If) or start <= stmt.lineno <= end:
                    continue
                between = [s for b in levels for s in b if end < s.lineno < stmt.lineno]
                if (
                    stmt.lineno > end
                    and any(end < r < stmt.lineno for r in returns)
                    and not (kept and encoding_unused(kept, between))
                ):
                    continue  # a ``return`` before the refusal may hand back the fallback's count
                if self._raises_for_others(stmt, body[:i]):
                    return True
        return False

    def constructor_guards(self, init: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """The class's ``__init__`` raises for the other providers' models (the model an attribute
        of ``self``), before any ``return``: no instance is built for them."""
        for i, stmt in enumerate(init.body):
            if any(isinstance(n, ast.Return) for n in walk(stmt)):
                return False
            if isinstance(stmt, ast.If) and self._raises_for_others(stmt, init.body[:i]):
                return True
        return False


def _bodies(node: ast.AST) -> list[list[ast.stmt]]:
    """The statement lists of a statement or an ``except`` handler (``body``, ``orelse``, ``finalbody``)."""
    out = [
        getattr(node, f) for f in ("body", "orelse", "finalbody") if isinstance(getattr(node, f, None), list)
    ]
    return [b for b in out if b and isinstance(b[0], ast.stmt)]


def raises_for_other_models(
    tree: ast.AST | None, path: Sequence[ast.AST], scopes: Sequence[Scope], model: ast.expr
) -> bool:
    """``path`` runs from the module down to the ``try`` whose handler holds the fallback, ``model`` the
    expression the ``try`` gives tiktoken. True when the enclosing function (or, for a model kept on
    ``self``, its class's constructor) raises for every model name that is not OpenAI's."""
    fn = next((s for s in reversed(scopes) if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))), None)
    top = next((i for i, a in enumerate(path) if a is fn), None)
    anchor = path[-1] if path else None
    if fn is None or top is None or not isinstance(anchor, ast.Try):
        return False
    cls = next((s for s in reversed(scopes) if isinstance(s, ast.ClassDef)), None)
    check = OpenAIOnly(tree, cls, model, _kept_local(anchor), fn)
    levels = [
        body
        for above, below in zip(path[top:], path[top + 1 :], strict=False)
        for body in _bodies(above)
        if any(s is below for s in body)
    ]
    if check.guards(levels, anchor):
        return True
    on_self = (
        isinstance(model, ast.Attribute) and isinstance(model.value, ast.Name) and model.value.id == "self"
    )
    init = next(
        (
            s
            for s in (cls.body if cls is not None and on_self else ())
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == "__init__"
        ),
        None,
    )
    return (
        init is not None
        and init is not fn
        and OpenAIOnly(tree, cls, model, check.local, init).constructor_guards(init)
    )


def _bound_names(anchor: ast.Try) -> set[str]:
    """The names the ``try``'s handlers bind (``encoding`` of ``encoding = tiktoken.get_encoding(...)``)."""
    return {
        n.id
        for h in anchor.handlers
        for stmt in h.body
        for n in walk(stmt)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    }


def _kept_local(anchor: ast.Try) -> bool:
    """Every handler of the ``try`` binds names only (``enc = tiktoken.get_encoding(...)``): it neither
    returns nor stores the fallback anywhere the function's caller sees (an attribute, an item)."""
    for handler in anchor.handlers:
        for node in (n for stmt in handler.body for n in walk(stmt)):
            if isinstance(node, (ast.Return, ast.Yield, ast.YieldFrom, ast.Global, ast.Nonlocal)):
                return False
            if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, ast.Store):
                return False
    return bool(anchor.handlers)
