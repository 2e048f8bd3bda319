"""PB101's budgets offered as the answer a user may accept at an interactive prompt (set 248: mmore's config
wizard, ``max_new_tokens = prompt_int("Max new tokens", 1200)``).

A call of a helper named for asking (``prompt``, ``ask``, ``input``: ``prompt_int``, ``click.prompt``,
``typer.prompt``, ``Prompt.ask``) handed a question and a number (second, or as ``default=``) is bound to a
name the rule knows for a budget (``max_new_tokens``) or asks a question naming tokens ("Max new tokens"):
the number is the budget the wizard writes when the user presses Enter. So is a string of digits the answer is
made a number from (set 333: arachna's ``max_tokens = int(_ask("Default max tokens", "16000"))``), reported
without a fix as every number written as a string is. A question about anything else
(``prompt_int("Port", 8000)``, ``ask("Max retries", 5)``) is not judged, nor a number that is not the default
a question offers (``input("Name: ")[:40]``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.env_defaults import whole_number
from prompt_budget.lint.names import TOKENS_WORD, words
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import attr_name, callee_name, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a helper's name saying it asks the user.
_ASK_WORDS = frozenset({"prompt", "ask", "input"})


def prompted_budgets(rule: LintRule, call: ast.Call) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """(the default, the budget's name, its value, how) of a question ``call`` asks about a token budget."""
    if not call.args or not set(words(callee_name(call) or "")) & _ASK_WORDS:
        return
    question = string_value(call.args[0])
    if question is None:
        return
    given = [kw.value for kw in call.keywords if kw.arg == "default"]
    offered = given[0] if given else call.args[1] if len(call.args) == 2 else None
    value = rule.budget_literal(offered) if offered is not None else None
    if value is None and offered is not None and string_value(offered) is not None:
        value = whole_number(
            offered
        )  # ``int(_ask("Default max tokens", "16000"))``: as typed (set 333: arachna)
    if offered is None or value is None or is_reported(rule, offered):
        return
    parent = rule.ctx.parent(call)
    if isinstance(parent, ast.Call) and callee_name(parent) in {"int", "float"} and parent.args == [call]:
        parent = rule.ctx.parent(parent)  # the answer made a number before it is bound
    target = parent.targets[0] if isinstance(parent, ast.Assign) and len(parent.targets) == 1 else None
    name = attr_name(target) if target is not None else None
    if name is not None and rule.names.is_budget_setting(name):
        yield offered, name, value, f"offered as the answer to the prompt {question!r}, bound to `{name}`"
    elif TOKENS_WORD.search(question) and rule.names.is_budget_setting(key := "_".join(words(question))):
        yield offered, key, value, f"offered as the answer to the prompt {question!r}"
