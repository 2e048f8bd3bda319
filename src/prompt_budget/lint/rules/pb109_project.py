"""PB109's fixed GPT encoding in a package that serves other providers' models: a tiktoken encoding
named as a literal (``encoding_for_model("gpt-4o")`` truncating a page to ``max_tokens``) or through a
parameter's default its callers never change (``def count_tokens(data, model="gpt-4o")`` called as
``count_tokens(data)``) or kept on ``self`` set to a literal alone (``pb109_attribute_encodings``), or a fixed encoding a constructor keeps on ``self`` for the methods that
encode with it (``pb109_self_encoders``), outside any code picking OpenAI's models, counts the tokens of whatever model
the text is for. Reported when the package shows it serves other providers' models: a module of it
imports another provider's SDK or a multi-provider router (``litellm``, ``anthropic``), or tests a
model's name against another provider's (``variant == "qwen3"``); in the same module at once, in
another module by the project-wide pass (set 29: magentic-ui's page text for its Qwen-based agent,
docetl's input statistics for any litellm model). Kept apart from the rule: it records facts and joins
them per project.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.projects import project_of
from prompt_budget.lint.rule import attr_name, callee_name, string_value
from prompt_budget.lint.rules.pb109_attribute_encodings import attribute_encoding
from prompt_budget.lint.rules.pb109_constant_encodings import constant_encoding
from prompt_budget.lint.rules.pb109_default_callers import (
    DEFAULT_CALLERS_FACT,
    constructor_default_to_record,
    default_callers_message,
    default_to_record,
    kept_by_every_caller,
    project_files,
)
from prompt_budget.lint.rules.pb109_default_encodings import kept_encoding_defaults
from prompt_budget.lint.rules.pb109_ignored_models import ignored_message, ignored_model
from prompt_budget.lint.rules.pb109_module_encoders import getter_encoder_used, module_encoder_used
from prompt_budget.lint.rules.pb109_openai_scopes import openai_embedder, package_folders, raises_for_others
from prompt_budget.lint.rules.pb109_other_providers import (
    fixed_gpt_encoding,
    openai_model,
    other_provider_named,
    paired_models,
    provider_lines,
)
from prompt_budget.lint.rules.pb109_provider_names import names_openai_models
from prompt_budget.lint.rules.pb109_routers import routes
from prompt_budget.lint.rules.pb109_self_encoders import self_encoder_used
from prompt_budget.lint.rules.pb109_stand_ins import first_fixed_call, says_providers_models
from prompt_budget.lint.text_starts import match_starts
from prompt_budget.lint.walks import lines_at, merge_lines, non_ascii_lines, source_of, statements, walk

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.options import LintOptions
    from prompt_budget.lint.rule import FileContext, LintRule

#: Fact names (a NUL first, so PB108 passes them by): a fixed encoding's site, a module's provider.
FIXED_FACT = "\x00pb109 fixed "
PROVIDER_FACT = "\x00pb109 provider "
#: SDKs of providers whose models are not OpenAI's, and routers sending requests to any provider's.
_OTHER_SDKS = frozenset(
    {
        *("anthropic", "litellm", "mistralai", "cohere", "groq", "ollama", "vertexai", "dashscope"),
        *("zhipuai", "qianfan", "together", "fireworks", "google.generativeai", "google.genai"),
    }
)
#: Words of a scope or a module for OpenAI's models alone (``openai_client.py``, ``count_gpt_tokens``).
_OPENAI_SCOPE = frozenset({"openai", "oai", "gpt", "azure", "chatgpt", "tiktoken"})


def _tests_name(test: ast.expr) -> bool:
    """``name.startswith("test")``, ``model == "x"``: a test of a string against a literal."""
    return any(
        (isinstance(n, ast.Compare) and any(string_value(c) is not None for c in (n.left, *n.comparators)))
        or (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr in {"startswith", "endswith"}
        )
        for n in walk(test)
    )


#: A word every import of one of ``_OTHER_SDKS`` writes (the module's last name for Google's SDKs,
#: whose top name ``google`` alone says nothing): a module holding none imports none of them.
_SDK_WORDS = tuple(sorted({m.rsplit(".", 1)[-1] if m.startswith("google.") else m for m in _OTHER_SDKS}))
#: The top names that alone say an SDK is imported (``google`` alone says nothing).
_OTHER_TOPS = _OTHER_SDKS - {"google"}


def _imported_sdk(tree: ast.AST, path: str, text: str | None = None) -> str:
    """Another provider's SDK (or a router) the module imports, not the package's own modules (a
    module of ``litellm`` importing ``litellm._logging``), else "". ``text``, the module's source when
    given, must name such an SDK too (a word of ``_SDK_WORDS``): looked for only once an import is found
    (the module's statements, often listed already, cost less than fourteen scans of its text)."""
    own: set[str] | None = None
    for node in statements(tree):
        if type(node) is ast.Import:
            modules = [a.name for a in node.names]
        elif type(node) is ast.ImportFrom and node.module and not node.level:
            modules = [node.module]
        else:
            continue
        for module in modules:
            top = module.split(".")[0]
            if module in _OTHER_SDKS or top in _OTHER_TOPS or routes(module):
                if own is None:
                    own = set(Path(path).parts[:-1])
                if top in own:
                    continue
                if text is not None and not any(word in text for word in _SDK_WORDS):
                    return ""
                return module
    return ""


#: An OpenAI model's name opening a string literal, in lower-cased text: the cheap test before
#: ``paired_models`` walks a module. ``match_starts`` looks for each quote with ``re``, which tries the
#: words there at C speed (eight alternatives each looked for with ``str.find``, a ``match`` at every
#: ``"o``, took six times as long).
_OPENAI_LITERAL = re.compile(r"""["'](?:gpt-|chatgpt|o\d|text-)""")


def module_provider(tree: ast.AST | None, path: str, lines: Sequence[str] | None = None) -> str:
    """What shows the module serves another provider's models: an SDK it imports, a model's name it
    tests a name against (``other_provider_named``), or a model's name it gives beside an OpenAI
    model's in one call or collection (``paired_models``), else ""."""
    if tree is None:
        return ""
    text, lowered = source_of(lines) if lines is not None else (None, "")
    found = _imported_sdk(tree, path, text)
    if found:
        return found
    if text is None:
        return other_provider_named(tree) or paired_models(tree)
    # with the text, only the statements on the lines that may hold evidence are read
    where = provider_lines(lowered)
    if where and (found := other_provider_named(tree, where)):
        return found
    # an OpenAI model's name must open a literal of the call or collection
    hits = match_starts(lowered, _OPENAI_LITERAL)
    where = lines_at(lowered, hits)
    if hits and not lowered.isascii():
        where = merge_lines(where, non_ascii_lines(lowered))
    return paired_models(tree, where) if where else ""


def _default_model(ctx: FileContext, arg: ast.expr) -> ast.expr | None:
    """``encoding_for_model(model)`` with ``model`` a parameter of the function whose default is an
    OpenAI model (``model="gpt-4o"``) that no call of the function in the module changes: that
    default, else None. A constructor is called by its class's name (``TokenCount()``); a class's
    default is what its users get when no call here changes it, even with no call seen (set 30:
    continuous-eval's public metric); a function needs a call here (its callers elsewhere may give
    their model)."""
    fn, tree = ctx.function(), ctx.tree
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not isinstance(arg, ast.Name):
        return None
    a = fn.args
    pairs = list(zip(a.args[len(a.args) - len(a.defaults) :], a.defaults, strict=True))
    pairs += [(p, d) for p, d in zip(a.kwonlyargs, a.kw_defaults, strict=True) if d is not None]
    default = next((d for p, d in pairs if p.arg == arg.id), None)
    model = string_value(default)
    if default is None or model is None or not openai_model(model):
        return None
    positional = [p.arg for p in (*a.posonlyargs, *a.args)]
    if positional[:1] in (["self"], ["cls"]):
        positional = positional[1:]
    index = positional.index(arg.id) if arg.id in positional else len(positional)
    called = {fn.name, ctx.class_name()} - {""} if fn.name == "__init__" else {fn.name}
    calls = [n for n in walk(tree or fn) if isinstance(n, ast.Call) and callee_name(n) in called]
    if (not calls and fn.name != "__init__") or any(
        len(c.args) > index or any(k.arg in (arg.id, None) for k in c.keywords) for c in calls
    ):
        return None  # a function no call here shows: its callers elsewhere may give their model
    return default


def _for_openai(ctx: FileContext, param: str = "", getter: bool = False) -> bool:
    """The call is in code for OpenAI's models alone: a branch testing for them, a scope or a module
    whose name says OpenAI. ``param``: the parameter whose default the call gets; a branch testing it
    against another literal (``if encoder_name == "approx": ... else:``) lets the default through.
    ``getter``: the function returns the encoding to callers encoding with it, so its name (or the
    global's it keeps the encoding in) saying ``tiktoken`` names the library it loads, not OpenAI's
    models."""
    scope_words = _OPENAI_SCOPE - {"tiktoken"} if getter else _OPENAI_SCOPE
    for i, anc in enumerate(ctx.ancestors[:-1]):
        if isinstance(anc, (ast.If, ast.IfExp)) and (
            names_openai_models(anc.test)
            or (
                _tests_name(anc.test)
                and not any(isinstance(n, ast.Name) and n.id == param for n in walk(anc.test))
            )
        ):
            return True  # a branch picking some models (``if name.startswith("test")``)
        if isinstance(anc, ast.Dict) and ctx.ancestors[i + 1] in anc.values:
            return True  # a table of tokenizers chosen by a key (``{"cl100k": ..., "llama": ...}``)
        if isinstance(anc, ast.Assign) and any(
            set(words(attr_name(t) or "")) & scope_words for t in anc.targets
        ):
            return True  # ``self.oai_tokenizer = ...``: kept for OpenAI's counts beside the model's own
    names = [scope.name for scope in ctx.scopes] + [Path(ctx.path).stem]
    return (
        any(set(words(n)) & scope_words for n in names)
        or _openai_folder(str(ctx.root / ctx.path) if ctx.root is not None else ctx.path)
        or raises_for_others(ctx.function())
    )


#: Methods of a tiktoken encoding that turn text into tokens (to count or cut them).
_ENCODES = frozenset({"encode", "encode_ordinary", "encode_batch", "encode_ordinary_batch"})


def _encodes(fn: ast.AST | None) -> bool:
    """The function encodes text (``enc.encode(text)``): it counts or cuts tokens, not only decodes a
    list of token ids a caller gave."""
    return fn is not None and any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _ENCODES
        for n in walk(fn)
    )


def fixed_site(ctx: FileContext, node: ast.Call, callee: str) -> tuple[str, ast.AST] | None:
    """The OpenAI model or GPT encoding a tiktoken call is fixed to, in code not for OpenAI's models
    alone (see the module's docstring), and where it is written (the call, or the parameter's
    default), else None."""
    fixed = fixed_gpt_encoding(node, callee)
    where: ast.AST = node
    param = ""
    if not fixed and callee == "encoding_for_model" and node.args:
        default = _default_model(ctx, node.args[0])
        if default is not None:
            fixed, where, param = string_value(default) or "", default, attr_name(node.args[0]) or ""
    if not fixed and callee == "get_encoding" and (kept := attribute_encoding(ctx, node)) is not None:
        fixed, where = kept  # ``get_encoding(self.encoding_name)``, set to a literal alone (set 34)
    if not fixed and callee == "get_encoding" and (defaults := kept_encoding_defaults(ctx, node)):
        # ``encoding_name="cl100k_base"`` no call here changes, forwarded or not (set 45: itext2kg)
        fixed, where, param = string_value(defaults[0]) or "", defaults[0], attr_name(node.args[0]) or ""
    if not fixed and (constant := constant_encoding(ctx.tree, node, callee)) is not None:
        fixed, where = constant  # ``get_encoding(_ENCODING_NAME)``, a module constant (set 47)
    # a constructor keeping the encoding on ``self`` for the methods that encode (``self._encoder``),
    # or a module keeping it in a global its functions encode with (``tokenizer = ...`` at the top)
    encodes = (
        _encodes(ctx.function())
        or (bool(param) and _encodes(ctx.enclosing_class()))
        or module_encoder_used(ctx.tree, ctx.scopes, ctx.ancestors)
        or (bool(fixed) and self_encoder_used(ctx, node))
    )
    # a getter returning the encoding to the module's functions that encode with it: they count, and
    # its name may name the library it loads (``_get_tiktoken_encoding``)
    getter = bool(fixed) and not encodes and getter_encoder_used(ctx.tree, ctx.scopes, ctx.ancestors)
    if not fixed or _for_openai(ctx, param, getter) or not (encodes or getter):
        return None
    if _embedded_by_openai(ctx, fixed):
        return None
    return fixed, where


def _openai_folder(path: str) -> bool:
    """A package folder inside the project's package is named for OpenAI (``openai_utils/``), found
    under the lint's root. The outermost package, the project's own name (``gpt_engineer``,
    ``langchain_openai``), does not make all its code OpenAI's."""
    return any(set(words(n)) & _OPENAI_SCOPE for n in package_folders(path)[:-1])


def _embedded_by_openai(ctx: FileContext, fixed: str) -> bool:
    """The text counted goes to an OpenAI embedder of the fixed encoding, in a module naming no other
    provider (``pb109_openai_scopes``)."""
    return openai_embedder(ctx.tree, fixed) and not module_provider(ctx.tree, ctx.path)


def message(fixed: str, provider: str) -> str:
    return (
        f"a fixed GPT encoding ({fixed!r}) counts tokens for any model, in a package that also serves "
        f"other providers' models ({provider!r}), whose tokenizers differ"
    )


def stand_in_message(fixed: str) -> str:
    return (
        f"a fixed GPT encoding ({fixed!r}) stands in for the tokenizer of providers' models, as the "
        "function's docstring says: their tokenizers differ"
    )


def judge_fixed(rule: LintRule, node: ast.Call, callee: str, advice: str) -> None:
    """Report a fixed GPT encoding at once when its function's docstring says it counts providers'
    models (``pb109_stand_ins``: before the scope's name, which may name the tokenizer, ``_by_gpt2``) or
    its module serves another provider; else record it for the project-wide pass."""
    fn = rule.ctx.function()
    stand_in = fixed_gpt_encoding(node, callee)
    if stand_in and (param := ignored_model(rule.ctx, node, _openai_module(rule.ctx))):
        rule.report(node, ignored_message(stand_in, fn, param), advice=advice)
        return
    if stand_in and _encodes(fn) and not raises_for_others(fn) and says_providers_models(fn):
        if first_fixed_call(fn, node, stand_in):
            rule.report(node, stand_in_message(stand_in), advice=advice)
        return
    site = fixed_site(rule.ctx, node, callee)
    if site is None:
        _record_default(rule, node, callee)
        return
    fixed, where = site
    # the defaults forwarding a kept default are the same choice, written once more each
    sites: list[ast.AST] = [where]
    if callee == "get_encoding" and where is not node:
        sites = [*kept_encoding_defaults(rule.ctx, node)] or sites
    provider = module_provider(rule.ctx.tree, rule.ctx.path)
    for at in sites:
        if provider:
            rule.report(at, message(fixed, provider), advice=advice)
        else:
            rule.fact(at, FIXED_FACT + fixed, 0)


def _openai_module(ctx: FileContext) -> bool:
    """The module, or a package folder holding it, is named for OpenAI."""
    return bool(set(words(Path(ctx.path).stem)) & _OPENAI_SCOPE) or _openai_folder(
        str(ctx.root / ctx.path) if ctx.root is not None else ctx.path
    )


def _record_default(rule: LintRule, node: ast.Call, callee: str) -> None:
    """A model's default no call in the module shows, for the project's callers to decide
    (``pb109_default_callers``); not in code named for OpenAI."""
    ctx = rule.ctx
    function = callee == "encoding_for_model" and _encodes(ctx.function())
    # a constructor's default, the class encoding with it (``TokenizerGateway(model="cl100k_base")``)
    made = callee in {"encoding_for_model", "get_encoding"} and _encodes(ctx.enclosing_class())
    if not (function or made):
        return
    if any(set(words(scope.name)) & _OPENAI_SCOPE for scope in ctx.scopes) or _openai_module(ctx):
        return
    found = default_to_record(ctx, node) if function else constructor_default_to_record(ctx, node)
    if found is not None:
        rule.fact(found[0], found[1], 0)


def record_provider(rule: LintRule, node: ast.Module) -> None:
    """Record what shows the module serves another provider's models, for the project-wide pass."""
    if provider := module_provider(node, rule.ctx.path, rule.ctx.lines):
        rule.fact(node, PROVIDER_FACT + provider, 0)


#: How many folders up a folder that is no package looks for the package holding it.
_LOOSE_DEPTH = 3


def _project(directory: Path) -> Path:
    """The project of a file in ``directory`` (``projects.project_of``), a folder with no
    ``__init__.py`` inside a package counted as that package's: a plugin folder loaded by path
    (``optillm/plugins/``) or a namespace sub-package ships and runs with the package around it
    (set 32: optillm's compaction plugin beside its litellm wrapper)."""
    if not (directory / "__init__.py").exists():
        for parent in list(directory.parents)[:_LOOSE_DEPTH]:
            if (parent / "__init__.py").exists():
                return project_of(parent)
    return project_of(directory)


def project_fixed(
    cls: type[LintRule], facts: Sequence[Fact], options: LintOptions, advice: str
) -> list[Finding]:
    """The fixed encodings recorded in a project one of whose modules serves another provider."""
    providers: dict[Path, str] = {}
    fixed: dict[Path, list[Fact]] = defaultdict(list)
    defaults: list[Fact] = []
    for fact in facts:
        if fact.name.startswith(PROVIDER_FACT):
            providers.setdefault(_project((options.root / fact.path).parent), fact.name[len(PROVIDER_FACT) :])
        elif fact.name.startswith(FIXED_FACT) and not _openai_folder(str(options.root / fact.path)):
            fixed[_project((options.root / fact.path).parent)].append(fact)
        elif fact.name.startswith(DEFAULT_CALLERS_FACT):
            defaults.append(fact)
    found = [
        cls.finding_at(f, message(f.name[len(FIXED_FACT) :], providers[project]), suggestion=advice)
        for project, group in sorted(fixed.items(), key=lambda kv: str(kv[0]))
        if project in providers
        for f in group
    ]
    files: dict[Path, tuple[Path, ...]] = {}  # each project walked once per run
    for fact in defaults:
        source = options.root / fact.path
        project = _project(source.parent)
        if project in providers and kept_by_every_caller(project_files(project, files), source, fact.name):
            found.append(
                cls.finding_at(fact, default_callers_message(fact, providers[project]), suggestion=advice)
            )
    return found
