"""PB109's OpenAI model fixed by a counting function's default that no caller in the project changes
(set 49: bbook-maker's ``num_tokens_from_text(text, model="gpt-3.5-turbo-0301")``, OpenAI's cookbook
counter, called as ``num_tokens_from_text(unit.text)`` by the loaders that size requests for every
provider the package serves: Claude, Gemini, Groq...). The model is the module's choice, as a literal
in ``encoding_for_model`` would be, and the function's ``raise`` for other models never fires: no
caller names one.

Recorded, not reported, by the module: a module-level function whose ``encoding_for_model(model)``
reads a parameter defaulting to an OpenAI model, which encodes text and which no call in its own module
shows (``pb109_project``'s ``_default_model`` judges those). The project-wide pass reads the project's
files naming the function (as ``pb109_openai_callers`` does) and reports the default when every use of
the function is a call leaving that parameter alone, at least one of them from code not named for
OpenAI, and the project serves another provider's models. A call giving the model, spreading
``*args``/``**kwargs``, the function kept or passed as a value, or a call in a module not importing it
from its module keeps the finding away (its users may give their model).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import attr_name, string_value
from prompt_budget.lint.rules.pb109_branches import GPT_ENCODING_NAME
from prompt_budget.lint.rules.pb109_openai_callers import (
    _imports_from,
    _openai_named,
    _python_files,
    _scoped,
    trees_naming,
)
from prompt_budget.lint.rules.pb109_other_providers import openai_model
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact
    from prompt_budget.lint.rule import FileContext

#: Fact name (a NUL first, so PB108 passes it by): ``<function> <position> <parameter> <model>``.
DEFAULT_CALLERS_FACT = "\x00pb109 default callers "
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def default_to_record(ctx: FileContext, node: ast.Call) -> tuple[ast.expr, str] | None:
    """For ``encoding_for_model(model)`` in a module-level function whose parameter ``model`` defaults
    to an OpenAI model and which no call in the module shows: (the default, the fact's name)."""
    fn, arg = ctx.function(), node.args[0] if node.args else None
    if fn is None or len(ctx.scopes) != 1 or ctx.scopes[0] is not fn or not isinstance(arg, ast.Name):
        return None
    a = fn.args
    if a.vararg is not None or a.kwarg is not None:
        return None
    pairs = list(zip(a.args[len(a.args) - len(a.defaults) :], a.defaults, strict=True))
    default = next((d for p, d in pairs if p.arg == arg.id), None)
    model = string_value(default) if default is not None else None
    if default is None or model is None or not openai_model(model):
        return None
    tree = ctx.tree or fn
    if any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == fn.name for n in walk(tree)
    ):
        return None  # judged in the module (``pb109_project._default_model``)
    position = [p.arg for p in (*a.posonlyargs, *a.args)].index(arg.id)
    return default, f"{DEFAULT_CALLERS_FACT}{fn.name} {position} {arg.id} {model}"


def constructor_default_to_record(ctx: FileContext, node: ast.Call) -> tuple[ast.expr, str] | None:
    """For ``get_encoding(name)`` (``encoding_for_model(model)``) in the constructor of a module-level
    class, ``name`` a parameter defaulting to a GPT encoding (an OpenAI model), the class called nowhere
    in its module: (the default, the fact's name, the class written ``Class()``; set 76: mojentic's
    ``TokenizerGateway(model="cl100k_base")``, made as ``TokenizerGateway()`` by the chat session that
    trims any provider's history with it)."""
    fn, arg, scopes = ctx.function(), node.args[0] if node.args else None, ctx.scopes
    if fn is None or fn.name != "__init__" or len(scopes) != 2 or not isinstance(arg, ast.Name):
        return None
    cls = scopes[0]
    if not isinstance(cls, ast.ClassDef) or ctx.tree is None or cls not in getattr(ctx.tree, "body", ()):
        return None
    a = fn.args
    pairs = list(zip(a.args[len(a.args) - len(a.defaults) :], a.defaults, strict=True))
    pairs += [(p, d) for p, d in zip(a.kwonlyargs, a.kw_defaults, strict=True) if d is not None]
    default = next((d for p, d in pairs if p.arg == arg.id), None)
    value = string_value(default) if default is not None else None
    if default is None or value is None or not (GPT_ENCODING_NAME.match(value) or openai_model(value)):
        return None
    if any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == cls.name
        for n in walk(ctx.tree)
    ):
        return None  # made in its own module: judged there, if at all
    positional = [p.arg for p in (*a.posonlyargs, *a.args)][1:]
    position = positional.index(arg.id) if arg.id in positional else len(a.args) + len(a.posonlyargs)
    return default, f"{DEFAULT_CALLERS_FACT}{cls.name}() {position} {arg.id} {value}"


def _made(tree: ast.AST, cls: str, position: int, param: str, openai: bool) -> int | None:
    """How many calls of the class ``cls`` in ``tree`` leave ``param`` its default from code not named
    for OpenAI; None when any gives it, spreads arguments, or a class derives from it (its constructor
    may give its own). Other reads of the name (an annotation, ``Mock(spec=cls)``) make nothing."""
    others = 0
    for node, named in _scoped(tree, openai):
        if isinstance(node, ast.ClassDef) and any(attr_name(b) == cls for b in node.bases):
            return None
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, (ast.Name, ast.Attribute))
            and attr_name(node.func) == cls
        ):
            if (
                len(node.args) > position
                or any(isinstance(x, ast.Starred) for x in node.args)
                or any(k.arg in (param, None) for k in node.keywords)
            ):
                return None
            others += 0 if named else 1
    return others


def _calls(tree: ast.AST, function: str, stem: str, position: int, param: str, openai: bool) -> int | None:
    """How many calls of ``function`` in ``tree`` leave ``param`` its default from code not named for
    OpenAI; None when any use gives the model, spreads arguments, or is no call."""
    names, modules = _imports_from(tree, function, stem)
    others = 0
    seen: set[int] = set()
    for node, named in _scoped(tree, openai):
        if isinstance(node, ast.Call):
            func = node.func
            if not (
                (isinstance(func, ast.Name) and func.id in names)
                or (isinstance(func, ast.Attribute) and func.attr == function)
            ):
                continue
            if isinstance(func, ast.Attribute) and not (
                isinstance(func.value, ast.Name) and func.value.id in modules
            ):
                return None  # ``obj.function(...)``: another function of that name may be meant
            if (
                len(node.args) > position
                or any(isinstance(x, ast.Starred) for x in node.args)
                or any(k.arg in (param, None) for k in node.keywords)
            ):
                return None
            seen.add(id(func))
            others += 0 if named else 1
        elif id(node) not in seen and (
            (isinstance(node, ast.Name) and (node.id in names or node.id == function))
            or (isinstance(node, ast.Attribute) and node.attr == function)
        ):
            return None
    return others


def kept_by_every_caller(files: tuple[Path, ...], source: Path, fact: str) -> bool:
    """Every use of the function the fact names, in the project's ``files`` but its own module, is a
    call leaving the model its default, one at least from code not named for OpenAI."""
    function, position, param, _ = fact[len(DEFAULT_CALLERS_FACT) :].split(" ", 3)
    others = 0
    own = source.resolve()
    cls = function.removesuffix("()")
    for path, tree in trees_naming((p for p in files if p.resolve() != own), cls):
        if tree is None:
            return False
        openai = _openai_named(path.stem)
        found = (
            _made(tree, cls, int(position), param, openai)
            if cls != function
            else _calls(tree, function, source.stem, int(position), param, openai)
        )
        if found is None:
            return False
        others += found
    return others > 0


def default_callers_message(fact: Fact, provider: str) -> str:
    function, _, _, model = fact.name[len(DEFAULT_CALLERS_FACT) :].split(" ", 3)
    loads = "get_encoding" if GPT_ENCODING_NAME.match(model) else "encoding_for_model"
    return (
        f"a fixed GPT encoding ({loads}({model!r}), the default of `{function}` no caller "
        f"changes) counts tokens for any model, in a package that also serves other providers' models "
        f"({provider!r}), whose tokenizers differ"
    )


def project_files(project: Path, cache: dict[Path, tuple[Path, ...]]) -> tuple[Path, ...]:
    if project not in cache:
        cache[project] = _python_files(project) if project.is_dir() else ()
    return cache[project]
