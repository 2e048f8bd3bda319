"""PB109's fallback in a counting function written for OpenAI's models and called only by OpenAI's code
(set 40: vocode's ``num_tokens_from_functions(functions, model="gpt-3.5-turbo-0613")``, whose
``except KeyError: encoding = tiktoken.get_encoding("cl100k_base")`` is reached only from
``openai_utils.format_openai_chat_messages_from_transcript``, for the OpenAI/Azure agent).

The function alone cannot say which models reach its fallback: its callers decide. So a fallback in a
module-level function whose model parameter defaults to an OpenAI model (``model="gpt-4o"``) is not
reported at once but recorded, and the project-wide pass reports it unless the function's every use in
the project is a call from code for OpenAI's models alone (a module, class or function named for
OpenAI: ``openai_utils.py``, ``format_openai_...``), with at least one such call. Any other use keeps the
finding: a call from other code, the function passed as a value, a call in a module that does not
import it from the function's own module (another function of the same name may be meant). A function
nothing in the project calls is a library's public counter: reported, whatever model its users give.

The uses are read from the project's files on disk, in the project pass, and only for the few fallbacks
recorded so (the rule's walk of every module records no calls): every ``.py`` file under the project's
folder whose text names the function is parsed and its references read.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.projects import project_of
from prompt_budget.lint.rule import string_value
from prompt_budget.lint.rules.pb109_fallbacks import handled_try, tried_model
from prompt_budget.lint.rules.pb109_other_providers import openai_model
from prompt_budget.lint.syntax import parse_python
from prompt_budget.lint.walks import walk
from prompt_budget.walk import iter_paths

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.options import LintOptions
    from prompt_budget.lint.rule import FileContext, LintRule

#: Fact name (a NUL first, so PB108 passes it by): a fallback its callers decide, ``<function>``.
CALLERS_FACT = "\x00pb109 callers "
#: Words of a scope or a module for OpenAI's models alone (as ``pb109_project``'s).
_OPENAI_SCOPE = frozenset({"openai", "oai", "gpt", "azure", "chatgpt"})
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def deferred_fallback(ctx: FileContext) -> str:
    """The name of the module-level function holding the ``except`` handler being visited, when the
    model its ``try`` gives tiktoken is a parameter of it defaulting to an OpenAI model; else ""."""
    fn = ctx.function()
    if fn is None or len(ctx.scopes) != 1 or ctx.scopes[0] is not fn:
        return ""
    anchor, _ = handled_try(ctx.ancestors)
    if anchor is None:
        return ""
    model = tried_model(anchor)
    if not isinstance(model, ast.Name):
        return ""
    a = fn.args
    pairs = list(zip(a.args[len(a.args) - len(a.defaults) :], a.defaults, strict=True))
    pairs += [(p, d) for p, d in zip(a.kwonlyargs, a.kw_defaults, strict=True) if d is not None]
    default = next((d for p, d in pairs if p.arg == model.id), None)
    text = string_value(default) if default is not None else None
    return fn.name if text is not None and openai_model(text) else ""


def record(rule: LintRule, node: ast.AST, function: str) -> None:
    rule.fact(node, CALLERS_FACT + function, 0)


def _openai_named(name: str) -> bool:
    return bool(set(words(name)) & _OPENAI_SCOPE)


def _scoped(tree: ast.AST, openai: bool) -> Iterator[tuple[ast.AST, bool]]:
    """Each node of ``tree``, parents first, with whether its module (``openai``) or a scope holding it
    is named for OpenAI."""
    stack: list[tuple[ast.AST, bool]] = [(tree, openai)]
    while stack:
        node, named = stack.pop()
        yield node, named
        inner = named or (isinstance(node, _SCOPES) and _openai_named(node.name))
        stack.extend((child, inner) for child in ast.iter_child_nodes(node))


def _imports_from(tree: ast.AST, function: str, stem: str) -> tuple[set[str], set[str]]:
    """The local names ``tree`` gives ``function`` imported from a module named ``stem``, and those it
    gives that module itself (for ``stem.function(...)``)."""
    names: set[str] = set()
    modules: set[str] = set()
    for node in walk(tree):
        if isinstance(node, ast.ImportFrom):
            if (node.module or "").split(".")[-1] == stem:
                names.update(a.asname or a.name for a in node.names if a.name == function)
            modules.update(a.asname or a.name for a in node.names if a.name == stem)
        elif isinstance(node, ast.Import):
            modules.update(a.asname for a in node.names if a.asname and a.name.split(".")[-1] == stem)
    return names, modules


def _openai_calls(tree: ast.AST, function: str, stem: str, own: bool, module_openai: bool) -> int | None:
    """How many calls of ``function`` ``tree`` makes, all from OpenAI's code; None when it uses the name
    in any other way: a call from other code, the function passed or kept as a value, a name not
    imported from ``stem`` (another function of that name may be meant). ``own``: the module defining
    the function (its definition left out)."""
    names, modules = ({function}, set()) if own else _imports_from(tree, function, stem)
    calls = 0
    seen: set[int] = set()
    for node, openai in _scoped(tree, module_openai):
        if isinstance(node, ast.Call):
            func = node.func
            if (isinstance(func, ast.Name) and func.id in names) or (
                isinstance(func, ast.Attribute)
                and func.attr == function
                and isinstance(func.value, ast.Name)
                and func.value.id in modules
            ):
                if not openai:
                    return None
                seen.add(id(func))
                calls += 1
        elif id(node) not in seen and (
            (isinstance(node, ast.Name) and (node.id in names or node.id == function))
            or (isinstance(node, ast.Attribute) and node.attr == function)
        ):
            return None
    return calls


def _python_files(project: Path) -> tuple[Path, ...]:
    """The project's Python files by the project's one walker (VCS, virtual-env and cache folders
    skipped, ``.gitignore`` honoured), as the lint finds them."""
    return tuple(
        sorted(Path(p) for p in iter_paths(project, suffixes=frozenset({".py"})) if p.endswith(".py"))
    )


def trees_naming(files: Iterable[Path], function: str) -> Iterator[tuple[Path, ast.Module | None]]:
    """Each of ``files`` whose text names ``function``, parsed (None when it cannot be read or parsed:
    the callers' verdict is then unknown), read lazily so a verdict can stop at the first file."""
    for path in files:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            yield path, None
            continue
        if function not in text:
            continue
        try:  # the lint's own parser: syntax of a Python newer than the running one too
            tree, _ = parse_python(text, text, str(path))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            yield path, None
            continue
        yield path, tree


def _only_openai_callers(files: tuple[Path, ...], source: Path, function: str) -> bool:
    """Every use of ``function`` (defined in ``source``) in the project's ``files`` is a call from
    OpenAI's code, and there is at least one."""
    calls = 0
    for path, parsed in trees_naming(files, function):
        if parsed is None:
            return False
        tree = parsed
        own = path.resolve() == source.resolve()
        if own:
            tree = ast.Module(
                body=[s for s in tree.body if not (isinstance(s, _SCOPES) and s.name == function)],
                type_ignores=[],
            )
        found = _openai_calls(tree, function, source.stem, own, _openai_named(path.stem))
        if found is None:
            return False
        calls += found
    return calls > 0


def project_fallbacks(
    cls: type[LintRule], facts: Sequence[Fact], options: LintOptions, message: str, advice: str
) -> list[Finding]:
    """The recorded fallbacks some use of whose function is not a call from OpenAI's code."""
    out: list[Finding] = []
    seen: dict[tuple[Path, str], bool] = {}
    files: dict[Path, tuple[Path, ...]] = {}  # each project walked once per run
    for fact in facts:
        if not fact.name.startswith(CALLERS_FACT):
            continue
        function = fact.name[len(CALLERS_FACT) :]
        source = options.root / fact.path
        key = (source, function)
        if key not in seen:
            project = project_of(source.parent)
            if project not in files:
                files[project] = _python_files(project) if project.is_dir() else (source,)
            seen[key] = _only_openai_callers(files[project], source, function)
        if not seen[key]:
            out.append(cls.finding_at(fact, message, suggestion=advice))
    return out
