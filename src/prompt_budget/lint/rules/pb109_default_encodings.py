"""PB109's GPT encoding fixed by a parameter's default that no caller changes (set 45: itext2kg's
``LangchainOutputParser``): ``def count_tokens(self, text, encoding_name="cl100k_base")`` loads
``tiktoken.get_encoding(encoding_name)``, and its only caller in the module forwards the same default of
its own (``def split_prompts_into_batches(..., encoding_name="cl100k_base")`` ...
``self.count_tokens(prompt, encoding_name)``), which none of its callers passes. The encoding is the
module's choice, not the caller's, as a literal in the call would be.

A parameter is the caller's choice (a tokenizer loading the encoding its caller names) when a call in
the module gives it anything but the forwarded default of a parameter of the same kind, or when no call
of the function is seen in the module (its callers elsewhere may give theirs), or a call spreads
``*args``/``**kwargs``; a constructor's default is left to its callers (``Tokenizer(name="cl100k_base")``,
a tokenizer loading the encoding its caller names). Kept apart from the rule: it reads the module's calls.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import callee_name, string_value
from prompt_budget.lint.rules.pb109_branches import GPT_ENCODING_NAME
from prompt_budget.lint.walks import parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import FileContext

_Function = ast.FunctionDef | ast.AsyncFunctionDef
#: How many forwarding functions are followed up from the one loading the encoding.
_DEPTH = 3


def _gpt_default(fn: _Function, name: str) -> ast.expr | None:
    """The default of ``fn``'s parameter ``name`` when it is a GPT encoding's name, else None."""
    a = fn.args
    pairs = list(zip(a.args[len(a.args) - len(a.defaults) :], a.defaults, strict=True))
    pairs += [(p, d) for p, d in zip(a.kwonlyargs, a.kw_defaults, strict=True) if d is not None]
    default = next((d for p, d in pairs if p.arg == name), None)
    value = string_value(default) if default is not None else None
    return default if value is not None and GPT_ENCODING_NAME.match(value) else None


def _passed(call: ast.Call, fn: _Function, name: str) -> ast.expr | bool | None:
    """What ``call`` gives ``fn``'s parameter ``name``: the expression, None when it leaves the
    default, False when it cannot be told (``*args``, ``**kwargs``)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return False
    given = next((k.value for k in call.keywords if k.arg == name), None)
    if given is not None:
        return given
    positional = [p.arg for p in (*fn.args.posonlyargs, *fn.args.args)]
    if positional[:1] in (["self"], ["cls"]) and isinstance(call.func, ast.Attribute):
        positional = positional[1:]
    if name not in positional:
        return None
    index = positional.index(name)
    return call.args[index] if index < len(call.args) else None


def _enclosing(node: ast.AST, up: dict[ast.AST, ast.AST]) -> _Function | None:
    parent = up.get(node)
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)):
        parent = up.get(parent)
    return parent


def _kept(tree: ast.AST, fn: _Function, name: str, found: list[ast.expr], depth: int) -> bool:
    """Every call of ``fn`` in the module (one at least) leaves ``name`` its default, or forwards a
    parameter of its own function whose GPT default is kept in turn (added to ``found``)."""
    if fn.name.startswith("__") or depth <= 0:
        return False  # a constructor or a dunder is called by other names (``Tokenizer()``, ``super()``)
    calls = [n for n in walk(tree) if type(n) is ast.Call and callee_name(n) == fn.name]
    if not calls:
        return False
    up = parents(tree)
    for call in calls:
        given = _passed(call, fn, name)
        if given is None:
            continue
        if not isinstance(given, ast.Name):
            return False
        outer = _enclosing(call, up)
        default = _gpt_default(outer, given.id) if outer is not None and outer is not fn else None
        if outer is None or default is None or string_value(default) != string_value(found[0]):
            return False
        if default not in found:
            found.append(default)
            if not _kept(tree, outer, given.id, found, depth - 1):
                return False
    return True


def kept_encoding_defaults(ctx: FileContext, node: ast.Call) -> list[ast.expr]:
    """``get_encoding(name)`` with ``name`` a parameter of the function whose default is a GPT
    encoding's name that no call in the module changes (forwarded defaults count as kept): that default
    first, then the defaults forwarding it; else []."""
    fn, tree = ctx.function(), ctx.tree
    arg = node.args[0] if node.args else None
    if fn is None or tree is None or not isinstance(arg, ast.Name):
        return []
    default = _gpt_default(fn, arg.id)
    if default is None:
        return []
    found = [default]
    return found if _kept(tree, fn, arg.id, found, _DEPTH) else []
