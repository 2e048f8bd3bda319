"""Numbers given positionally to a method of the same module through ``self`` (PB101's data flow).

``self._truncate_doc_to_tokens(doc, 1000)`` where a class of the module defines ``def
_truncate_doc_to_tokens(self, doc, max_tokens)``: the number is taken as ``max_tokens`` (set 29:
docetl). ``PositionalFlow`` matches calls of bare names; this adds calls of ``self.name(...)``, matched
to the module's methods of that name by their parameters after ``self`` (a name defined twice with other
parameters stays unknown, as there).
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import CHAR_WORDS, words
from prompt_budget.lint.positional_args import Function, PositionalFlow
from prompt_budget.lint.positional_cuts import cuts_to_parameter
from prompt_budget.lint.ratio_names import parameter_doc
from prompt_budget.lint.walks import statements

#: Words of a parameter's documentation that say it bounds what it counts.
_LIMIT_WORDS = frozenset({"max", "maximum", "limit", "most", "budget", "cap", "truncate", "truncated"})
#: The key a method is known by, apart from the module's functions of the same name.
_METHOD = "self."


class MethodPositionalFlow(PositionalFlow):
    """``PositionalFlow`` that also reads calls of the module's methods through ``self``, and takes
    the module's functions from its tree (the walk may skip a ``def`` with no number in it)."""

    def __init__(self, module: ast.Module) -> None:
        super().__init__()
        self._module = module

    def taken(self) -> list[tuple[str, str, ast.Constant]]:
        if not (self._given or self._named):  # nothing given positionally: the functions need not be read
            return []
        self._defs = {}
        for node in statements(self._module):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.define(node)
        return super().taken()

    def define(self, node: Function) -> None:
        super().define(node)
        args = node.args
        params = [a.arg for a in (*args.posonlyargs, *args.args)]
        if params and params[0] == "self":
            key = _METHOD + node.name
            known = self._defs.setdefault(key, (params[1:], node))
            if known[0] != params[1:]:
                self._defs[key] = ([], None)

    def documented_limit(self, callee: str, name: str) -> bool:
        """The docstring of the function ``callee`` gives ``name`` as a limit counted in tokens ("max_len:
        maximum number of tokens to keep"), not in characters or bytes."""
        fn = self._defs.get(callee, ([], None))[1]
        ws = set(words(parameter_doc(fn, name))) if fn is not None else set()
        return bool(ws & {"tokens", "token"} and ws & _LIMIT_WORDS and not ws & (CHAR_WORDS | {"bytes"}))

    def limit(self, callee: str, name: str) -> bool:
        """``documented_limit``, or the function ``callee`` gives ``name`` as the length a tokenizer cuts
        its input to (``tokenizer.encode(text, max_length=max_length)``; set 48: rewardbench)."""
        if self.documented_limit(callee, name):
            return True
        fn = self._defs.get(callee, ([], None))[1]
        return fn is not None and cuts_to_parameter(fn, name)

    def call(self, node: ast.Call, fn: Function | None = None) -> None:
        super().call(node, fn)
        func = node.func
        if isinstance(func, ast.Attribute) and type(func.value) is ast.Name and func.value.id == "self":
            for index, arg in enumerate(node.args):
                if type(arg) is ast.Constant and type(arg.value) is int:
                    self._given.append((_METHOD + func.attr, index, arg))
