"""A parameter's default forwarded under its own name to another module's function or class whose
parameter of that name holds tokens: one setting written twice (set 18: gptcache)::

    # processor/context/__init__.py: a public factory
    def SummarizationContextProcess(model_name=None, tokenizer=None, target_length=512):
        return summarization.SummarizationContextProcess(model_name, tokenizer, target_length)

    # processor/context/summarization_context.py: the class, whose ``target_length`` the data flow
    # shows is compared with a token count
    class SummarizationContextProcess(ContextProcess):
        def __init__(self, model_name="facebook/bart-large-cnn", tokenizer=None, target_length=512): ...

Each module records, as facts for the project-wide pass, the parameters its data flow decided are
token budgets (``TAKE_FACT``: the function, or the class for ``__init__``, the position and the name)
and the undecided parameters it passes on to a callee it does not define (``PASS_FACT``); a pass
matching a take of the same callee, position or keyword and name is reported where it is written.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import finding_where_bound, positional_params, tagged
from prompt_budget.lint.names import config_key
from prompt_budget.lint.rule import callee_name

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.flow import Binding
    from prompt_budget.lint.rule import LintRule

TAKE_FACT = "\x00take "
PASS_FACT = "\x00pass "


def record(rule: LintRule, binding: Binding, decided: bool) -> None:
    """Record the fact of a parameter's default ``binding``: a token budget of a callable other modules
    may call (``decided``), or passed on to a callee this module does not define."""
    fn, owner = binding.scope, binding.owner_class
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return
    tree = rule.ctx.tree
    body = tree.body if isinstance(tree, ast.Module) else []
    if decided:
        if owner is None and fn in body:
            callable_, params = fn.name, positional_params(fn, False)
        elif owner is not None and owner in body and fn.name == "__init__":
            callable_, params = owner.name, positional_params(fn, True)
        else:
            return
        index = params.index(binding.name) if binding.name in params else -1
        rule.fact(binding.literal, f"{TAKE_FACT}{callable_} {index} {binding.name}", binding.value)
        return
    defined = {s.name for s in body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    for call in (n for n in ast.walk(fn) if type(n) is ast.Call):
        callee = _base_init(call, owner) or callee_name(call)
        if not callee or callee == "super" or (type(call.func) is ast.Name and callee in defined):
            continue  # ``helper(n)``: the module's own function, which ``token_reach`` follows
        at = next((i for i, a in enumerate(call.args) if type(a) is ast.Name and a.id == binding.name), None)
        given = any(
            k.arg == binding.name and type(k.value) is ast.Name and k.value.id == binding.name
            for k in call.keywords
        )
        if at is not None or given:
            slot = at if at is not None else -1
            rule.fact(binding.literal, f"{PASS_FACT}{callee} {slot} {binding.name}", binding.value)
            return


def _base_init(call: ast.Call, owner: ast.ClassDef | None) -> str | None:
    """``super().__init__(max_length=max_length)`` in a class whose base is ``Base``: ``Base`` (the
    callable whose take matches), else None."""
    func = call.func
    if (
        owner is None
        or len(owner.bases) != 1
        or type(func) is not ast.Attribute
        or func.attr != "__init__"
        or not isinstance(func.value, ast.Call)
        or callee_name(func.value) != "super"
    ):
        return None
    base = owner.bases[0]
    return base.attr if isinstance(base, ast.Attribute) else base.id if isinstance(base, ast.Name) else None


def forwarded_budgets(rule: type[LintRule], facts: Sequence[Fact]) -> list[Finding]:
    """The passes (``PASS_FACT``) that reach a take (``TAKE_FACT``): findings of ``rule`` where the
    forwarded default is written."""
    takes: dict[tuple[str, str], tuple[int, Fact]] = {}
    for fact, (callable_, index, name) in tagged(facts, TAKE_FACT, 3):
        takes.setdefault((callable_, name), (int(index), fact))
    if not takes:
        return []
    findings = []
    for fact, (callee, slot, name) in tagged(facts, PASS_FACT, 3):
        found = takes.get((callee, name))
        if found is None or int(slot) not in {-1, found[0]}:
            continue
        where = f"{found[1].path}:{found[1].line}"
        message = (
            f"token budget {name} = {fact.value}: passed on to `{callee}()` as its `{name}`, a token "
            f"budget ({where}); move it to config so both read one value"
        )
        findings.append(finding_where_bound(rule, fact, message, name, config_key(f"{callee} {name}")))
    return findings
