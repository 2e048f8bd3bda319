"""A model request that only probes a route, for PB101 (set 99: arbor-agent's
``client.responses.create(model=model, input="ping", max_output_tokens=16)``, a check that the
``/responses`` route answers, at the Responses API's minimum output): the request's whole prompt is a
short literal string (``input="ping"``, ``prompt="hi"``, ``messages=[{"role": "user", "content": "ping"}]``),
so its output cap is a fixed probe's, sized to the API's floor, no budget a team would tune. Only small caps
(at most ``_LARGEST_PROBE``) of a call whose prompt is such a literal; read from the call among the
ancestors of the literal being visited. Kept apart from the rule: it judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.check_probes import checked_probe
from prompt_budget.lint.discarded_probes import discarded_probe
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The largest output cap taken as a probe's (the Responses API's minimum is 16).
_LARGEST_PROBE = 32
#: The longest literal prompt taken as a probe's (``"ping"``, ``"Say OK"``; not a test's task, ``"count to 3"``).
_LONGEST_PROMPT = 8
#: The keywords a request's prompt is given under.
_PROMPTS = frozenset({"input", "prompt", "messages"})


def _short(node: ast.expr) -> bool:
    return (
        type(node) is ast.Constant
        and isinstance(node.value, str)
        and len(node.value.strip()) <= _LONGEST_PROMPT
    )


def _probe_prompt(node: ast.expr) -> bool:
    """``"ping"``, or a list of one message whose content is such a string."""
    if _short(node):
        return True
    if type(node) is not ast.List or len(node.elts) != 1 or type(node.elts[0]) is not ast.Dict:
        return False
    entry = node.elts[0]
    assert isinstance(entry, ast.Dict)
    content = [
        v
        for k, v in zip(entry.keys, entry.values, strict=True)
        if type(k) is ast.Constant and k.value == "content"
    ]
    return len(content) == 1 and _short(content[0])


def probe_cap(rule: LintRule, literal: ast.expr, value: int | float) -> bool:
    """``literal`` is the small output cap of a call whose whole prompt is a short literal string, of a
    request whose prompt is a literal and whose answer is thrown away (``discarded_probes``), or of a
    check's request whose prompt is a literal (``check_probes``)."""
    if value > _LARGEST_PROBE:
        return False
    ancestors = rule.ctx.ancestors
    for i in range(len(ancestors) - 1, -1, -1):
        node = ancestors[i]
        if type(node) is ast.Call:
            assert isinstance(node, ast.Call)
            if not any(kw.value is literal for kw in node.keywords):
                return False
            prompts = [kw.value for kw in node.keywords if kw.arg in _PROMPTS]
            if (len(prompts) == 1 and _probe_prompt(prompts[0])) or discarded_probe(
                node, ancestors[:i], prompts
            ):
                return True
            return checked_probe(rule.ctx.function(), node, ancestors[i - 1] if i else None, prompts)
        if isinstance(node, ast.stmt):
            return _written_probe(rule, node, literal)
    return False


def _entry(node: ast.AST) -> tuple[str, object, ast.expr] | None:
    """(the dict's name, the key, the value) of ``payload["max_tokens"] = 16``, else None."""
    if not (
        isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Subscript)
    ):
        return None
    target = node.targets[0]
    if type(target.value) is not ast.Name:
        return None
    key = target.slice.value if type(target.slice) is ast.Constant else None
    return target.value.id, key, node.value


def _written_probe(rule: LintRule, stmt: ast.stmt, literal: ast.expr) -> bool:
    """``payload["max_tokens"] = 16`` in a function whose every write of the payload's prompt is a short literal
    (``payload["messages"] = [{"role": "user", "content": "ok"}]``; set 278: scaleapi-vero's ``_probe_route``)."""
    fn = rule.ctx.function()
    written = _entry(stmt)
    if fn is None or written is None or written[2] is not literal:
        return False
    entries = [e for e in map(_entry, walk(fn)) if e is not None and e[0] == written[0] and e[1] in _PROMPTS]
    return bool(entries) and all(_probe_prompt(value) for _, _, value in entries)
