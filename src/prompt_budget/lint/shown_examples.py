"""A dict written only to be shown (PB101; set 81: oats-coder's example configuration)::

    def load_config():
        ...
        example_config = {"models": [{"name": "chat", "maxTokens": 262100}]}
        log.error(f"Please set CODER_CONFIG_FILE; an example coder.json:\\n{pp(example_config)}")

A dict literal (or one nested in it through dicts, lists and tuples) bound to a local of a function
whose every read is formatted into an f-string is text for a reader, an example of a file to write,
not settings the code uses: the budgets written in it configure nothing. A local read once anywhere
else (given to a call, returned, merged, subscripted) is in use. Asked only of a dict where a budget
was found.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_CONTAINERS = (ast.Dict, ast.List, ast.Tuple)


def _bound_local(rule: LintRule, node: ast.Dict) -> str | None:
    """The local the dict (or the literal holding it) is bound to, else None."""
    ancestors = rule.ctx.ancestors
    start = len(ancestors) - 1 if ancestors and ancestors[-1] is node else len(ancestors)
    for anc in reversed(ancestors[:start]):
        if isinstance(anc, _CONTAINERS):
            continue
        if type(anc) is ast.Assign and len(anc.targets) == 1 and type(anc.targets[0]) is ast.Name:
            return anc.targets[0].id
        return None
    return None


def shown_only(rule: LintRule, node: ast.Dict) -> bool:
    """The dict ``node`` is bound to a local of a function that is only ever formatted into text."""
    fn = rule.ctx.function()
    name = _bound_local(rule, node) if fn is not None else None
    if fn is None or name is None:
        return False
    reads = [n for n in walk(fn) if type(n) is ast.Name and n.id == name and type(n.ctx) is ast.Load]
    if not reads:
        return False
    shown = {id(n) for s in walk(fn) if type(s) is ast.JoinedStr for n in walk(s)}
    return all(id(r) in shown for r in reads)
