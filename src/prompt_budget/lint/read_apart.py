"""PB108's constants of one name that a module reads apart, each through its own module (set 321: aisafe's
judge estimates)::

    from aisafe.modules.llm_judges import claude_judge, llamaguard
    ...
    estimate(max_tokens=claude_judge.MAX_TOKENS)      # 256: a judge answering in prose
    estimate(max_tokens=llamaguard.MAX_TOKENS)        # 20: "safe" / "unsafe S1"

A module that reads the same budget's name from two modules, each by its module's name, knows the values are
two and wants both: they are two settings that share a name, not one budget that drifted. Found on the text
first (``alias.NAME`` for one upper-case name through two aliases, searched from the dot); only then are the module's imports
read, to name the modules the aliases stand for. Kept apart from the rule: it records facts, judges none.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.walks import source_of, walk

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact
    from prompt_budget.lint.rule import LintRule

APART_FACT = "\x00apart "

#: ``.MAX_TOKENS``: an upper-case constant's name read off something (searched from the dot: a fast scan).
_CONSTANT = re.compile(r"\.([A-Z][A-Z0-9_]*[A-Z0-9])\b")
#: ``claude_judge``: the lower-case alias right before the dot.
_ALIAS = re.compile(r"(?<![\w.])([a-z_][a-z0-9_]*)$")


def record_apart(rule: LintRule, tree: ast.Module) -> None:
    """Record, for each budget name the module reads through two or more aliases, the modules read
    (``APART_FACT``: the name, then the modules' last names)."""
    text = source_of(rule.ctx.lines)[0]
    aliases: dict[str, set[str]] = defaultdict(set)
    for match in _CONSTANT.finditer(text):
        name = match.group(1)
        alias = _ALIAS.search(text, max(0, match.start() - 80), match.start())
        if alias is not None and alias.group(1) != "self" and rule.names.is_budget(name):
            aliases[name].add(alias.group(1))
    wanted = {name: found for name, found in aliases.items() if len(found) > 1}
    if not wanted:
        return
    stems = _imported_stems(tree)
    for name, found in sorted(wanted.items()):
        modules = sorted({stems[a] for a in found if a in stems})
        if len(modules) > 1:
            rule.fact(tree, f"{APART_FACT}{name} {' '.join(modules)}", 0)


def _imported_stems(tree: ast.Module) -> dict[str, str]:
    """Each name the module imports (anywhere: a function's own imports too) -> the last part of what it
    names (``from pkg import claude_judge``: ``claude_judge``; ``import pkg.toxicity as tox``: ``toxicity``)."""
    out: dict[str, str] = {}
    for node in walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                out[alias.asname or alias.name.split(".")[0]] = alias.name.rsplit(".", 1)[-1]
    return out


def read_apart(facts: Sequence[Fact]) -> dict[str, list[set[str]]]:
    """Budget name -> the sets of modules (last names) some module reads it from apart."""
    out: dict[str, list[set[str]]] = defaultdict(list)
    for fact in facts:
        if fact.name.startswith(APART_FACT):
            name, *modules = fact.name[len(APART_FACT) :].split()
            out[name].append(set(modules))
    return out
