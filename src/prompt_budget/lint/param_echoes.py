"""A parameter's default restating, under the same name, a budget the project reports elsewhere (PB102; set 461:
ursa-ai)::

    # ursa/agents/base.py: compared in its module with a count of tokens (reported)
    class BaseAgent:
        def __init__(self, llm, tokens_before_summarize: int = 50000): ...

    # ursa/agents/execution_agent.py: the subclass hands it to the attribute the base class compares
    class ExecutionAgent(BaseAgent):
        def __init__(self, llm, tokens_before_summarize: int = 50000): ...

Each module is judged alone, so the subclass's default has no use of its own there. Every parameter default of a
module (an int of at least 256) whose name says tokens and no other unit is recorded as a fact
(``param_facts``); after the run, one no rule reported is reported when a PB102 finding of the same project
reported a budget of that very name (the last part of its ``key_parts``' name) with a value within a factor of 8.
A test module's defaults are its scenario and are not recorded; a finding the user silenced is no evidence.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.names import CHAR_WORDS, EXCLUDED_WORDS, UNIT_WORDS, config_key, words
from prompt_budget.lint.projects import fact_project, project_of
from prompt_budget.lint.walks import functions_and_methods

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

_PARAM = "\x00pb102 param "
#: The smallest default recorded, and how far it may be from the reported budget's value.
_LEAST, _SPREAD = 256, 8
_TOKENS = frozenset({"token", "tokens"})
_OTHER = EXCLUDED_WORDS | UNIT_WORDS | CHAR_WORDS
#: Words of a name that is a budget by itself (``max_tokens``, ``token_budget``, ``token_limit``).
_LIMITS = frozenset(
    {"max", "min", "maximum", "minimum", "limit", "budget", "cap", "window", "context", "ctx"}
)


def param_facts(tree: ast.Module) -> list[tuple[ast.AST, str, int | float]]:
    """(literal, fact name, value) of each parameter default of the module's functions and methods named for
    tokens. Asked after the file's walk is done and its per-file answers forgotten: reads the statements only and
    keeps nothing."""
    found: list[tuple[ast.AST, str, int | float]] = []
    for node, _ in functions_and_methods(tree):  # the module's functions and methods, not nested ones
        args = node.args
        given = args.defaults
        pairs = [*zip([*args.posonlyargs, *args.args][-len(given) :] if given else [], given, strict=True)]
        pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None]
        for arg, default in pairs:
            if "tok" not in arg.arg.lower():
                continue  # most parameters: no word to split
            if not (
                isinstance(default, ast.Constant) and type(default.value) is int and default.value >= _LEAST
            ):
                continue
            ws = {w.lower() for w in words(arg.arg)}
            # ``max_tokens``: a budget by its name, which its own file's rules judged (a word count's too)
            if ws & _TOKENS and not ws & (_OTHER | _LIMITS):
                found.append((default, f"{_PARAM}{arg.arg}", default.value))
    return found


def param_echoes(
    facts: Sequence[Fact], findings: Sequence[Finding], root: Path, rules: Mapping[str, type[LintRule]]
) -> list[Finding]:
    """The parameter defaults ``param_facts`` recorded that no rule reported, of a name a PB102 finding of the
    same project reported as a budget, as PB102 findings."""
    from prompt_budget.lint.cache import module_name

    rule = rules.get("PB102")
    params = [f for f in facts if f.name.startswith(_PARAM) and not is_test_module(f.path)]
    if rule is None or not params:
        return []
    reported = {(f.path, f.line) for f in findings}
    wanted = {fact.name[len(_PARAM) :] for fact in params}
    # name -> (project, value, finding) of each counting PB102 finding of a name some default has (the project
    # looked up only for those: it reads folders)
    budgets: dict[str, list[tuple[Path, float, Finding]]] = defaultdict(list)
    for f in findings:
        if f.code == "PB102" and f.suppressed is None and f.key_parts and isinstance(f.value, (int, float)):
            name = f.key_parts[0].rpartition(" ")[2]
            if name in wanted:
                budgets[name].append((project_of((root / f.path).parent), f.value, f))
    found: list[Finding] = []
    for fact in params:
        name = fact.name[len(_PARAM) :]
        if (fact.path, fact.line) in reported or not budgets.get(name):
            continue
        project = fact_project(fact, root)
        like = next(
            (
                f
                for where, value, f in budgets[name]
                if where == project and value / _SPREAD <= fact.value <= value * _SPREAD
            ),
            None,
        )
        if like is None:
            continue
        message = (
            f"token budget {name}={fact.value} as a parameter default, the parameter reported as a budget at "
            f"{like.path}:{like.line}; move it to config so callers share one tunable value"
        )
        found.append(
            rule.finding_at(
                fact,
                message,
                key=config_key(name),
                fixable=not fact.path.endswith(".pyi"),
                key_parts=(name, module_name(fact.path)),
            )
        )
    return found
