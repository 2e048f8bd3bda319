"""A test's config object built with a budget and checked by assertions, no model called (set 55:
atroposlib's ``config = ReasoningConfig(max_tokens=4096)`` then ``assert config.max_tokens == 4096``).

A number in a test is a budget only if the test sends it to a model or a server (set 50). A ``test*``
function that gives the number to a class's constructor (``ReasoningConfig(max_tokens=500)``,
``BaseEnvConfig(..., max_reasoning_tokens=8000)``), asserts something, and calls nothing that could
reach a model tests how the object keeps or converts the number: its data, not a budget. "Calls
nothing that could reach a model" is read strictly, as a list of what the function may call: a
class (``ReasoningConfig(...)``, ``ReasoningConfig.from_env_config(env)``), a method that builds,
converts or reads (``build_*``, ``to_*``, ``is_*``, ``from_*``, ...) of a class or of a name the
function itself bound (``config.build_extra_body(url)``; not ``agent.solve(task)``), a builtin (``print``, ``len``,
``isinstance``), ``json.dumps``, ``pytest.raises`` or an assertion; and no callee's name holds a word
of a request (``create``, ``chat``, ``invoke``, ``generate``, ``run``, ...). An ``async`` test, an
``await``, a fixture's or ``self``'s method, a bare function (``llm(prompt, config)``, ``patch``) or
a request's word keeps the number a budget (set 55: the same file's ``server_manager.chat_completion
(..., max_tokens=512)`` and ``client.chat.completions.create(..., max_completion_tokens=1024)``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.asserted_renderings import asserted_rendering
from prompt_budget.lint.inline_forms import in_expected_value
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Builtins a test calls to look at an object, none of which reaches a model.
_LOOKS = frozenset(
    {
        "print", "len", "str", "int", "float", "bool", "repr", "isinstance", "type", "list", "dict",
        "set", "tuple", "sorted", "any", "all", "getattr", "hasattr", "range", "enumerate", "zip",
    }
)  # fmt: skip
#: First words of a method that builds, converts or reads an object (``build_extra_body``,
#: ``is_reasoning_kwargs_active``, ``from_env_config``, ``to_dict``), not one that acts (``agent.solve``).
_LOOK_VERBS = frozenset(
    (w,)
    for w in (
        "build", "to", "from", "is", "has", "as", "dict", "json", "model", "copy", "keys", "items",
        "values", "format", "render", "validate", "join", "split", "strip", "lower", "upper", "startswith",
        "endswith", "replace", "count", "index", "append", "extend", "update", "parse", "dumps", "loads",
    )
)  # fmt: skip
#: ``module.function`` calls that only format or check.
_MODULE_LOOKS = frozenset({"json.dumps", "json.loads", "pytest.raises", "pytest.approx"})
#: Words of a callee that may send a request (``chat_completion``, ``acreate``, ``invoke``).
_REQUEST_WORDS = frozenset(
    {
        "create", "acreate", "chat", "completion", "completions", "acompletion", "complete",
        "generate", "agenerate", "invoke", "ainvoke", "predict", "query", "request", "requests",
        "post", "send", "stream", "run", "arun", "call", "acall", "ask", "respond", "reply",
        "answer", "execute", "forward", "infer", "inference", "prompt", "message", "messages",
        "response", "responses", "batch", "fetch", "step", "rollout", "sample", "evaluate", "score",
        "get", "embed", "encode", "decode", "tokenize",
    }
)  # fmt: skip


def _root(node: ast.expr) -> ast.expr:
    """The name (or other expression) an attribute/subscript chain starts from."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node


def _chain_words(node: ast.expr) -> set[str]:
    found: set[str] = set()
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Attribute):
            found.update(words(node.attr))
        node = node.value
    if isinstance(node, ast.Name):
        found.update(words(node.id))
    return found


def _looks_only(call: ast.Call, bound: set[str]) -> bool:
    """``call`` cannot reach a model: a class, a builtin, a formatter, an assertion, or a method of a
    name the test bound itself, none named with a request's word."""
    func = call.func
    name = callee_name(call) or ""
    if name.startswith("assert"):
        return True
    if isinstance(func, ast.Name):
        return func.id in _LOOKS or func.id[:1].isupper()
    if not isinstance(func, ast.Attribute):
        return False
    root = _root(func)
    if isinstance(root, ast.Name) and f"{root.id}.{func.attr}" in _MODULE_LOOKS:
        return True
    if _chain_words(func) & _REQUEST_WORDS or words(func.attr)[:1] not in _LOOK_VERBS:
        return False
    if isinstance(root, ast.Name):
        return root.id[:1].isupper() or root.id in bound
    return isinstance(root, (ast.Call, ast.Constant, ast.JoinedStr))  # ``Config().to_dict()``, ``"".join``


def _bound(fn: ast.AST) -> set[str]:
    """Names the function binds itself (not its parameters: a fixture may be a client)."""
    names: set[str] = set()
    for node in walk(fn):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def _constructor_keyword(rule: LintRule, literal: ast.AST) -> bool:
    """``literal`` is a keyword's value of a call to a class (``ReasoningConfig(max_tokens=4096)``)."""
    for node in reversed(rule.ctx.ancestors):
        if isinstance(node, ast.Call) and any(k.value is literal for k in node.keywords):
            return (callee_name(node) or "")[:1].isupper()
        if isinstance(node, ast.stmt):
            return False
    return False


def asserted_config(rule: LintRule, literal: ast.AST) -> bool:
    """In a ``test*`` function that asserts and calls nothing that could reach a model, a number given
    to a class's constructor: the test's data, not a budget."""
    fn = rule.ctx.function()
    if not isinstance(fn, ast.FunctionDef) or not fn.name.startswith("test"):
        return False
    if not _constructor_keyword(rule, literal):
        return False
    nodes = walk(fn)
    if any(isinstance(n, (ast.Await, ast.AsyncWith, ast.AsyncFor, ast.Lambda)) for n in nodes):
        return False
    if not any(
        isinstance(n, ast.Assert) or (isinstance(n, ast.Call) and (callee_name(n) or "").startswith("assert"))
        for n in nodes
    ):
        return False
    bound = _bound(fn)
    return all(_looks_only(n, bound) for n in nodes if isinstance(n, ast.Call))


def test_data(rule: LintRule, literal: ast.AST, name: str, value: int | float) -> bool:
    """A test's number that is its data, not a budget: inside an assertion's expected value (set 43),
    shown in an asserted string (set 50), or given to a config only asserted (set 55)."""
    return (
        in_expected_value(rule, literal)
        or asserted_rendering(rule, literal, name, value)
        or asserted_config(rule, literal)
    )
