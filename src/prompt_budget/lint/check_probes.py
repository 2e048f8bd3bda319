"""A check's probing request, for ``probe_requests`` (PB101; set 101: nerva-agent's tool-support check)::

    def supports_native_tools(config: ChatConfig) -> bool:
        probe = ChatConfig(model=config.model, max_tokens=32, ...)       # the request's settings
        messages = [{"role": "user", "content": "Call the ping tool with value 'x'."}]
        message = call_model_message(probe, messages, tools=_PROBE_TOOL)
        return bool(message.get("tool_calls"))

A function answering yes or no (annotated ``-> bool``) that sends a prompt written whole in its code (a
literal string, or a literal list of messages whose contents are literal strings, given as it is or
through a local bound to it) asks the model about itself, not about any data: the small output cap
(``probe_requests``' largest) of that request is a probe's, no budget a team would tune. The cap is
given to the request's call itself, or to the settings object a local binds and that call is given.
A check whose prompt carries data (``prompt = render(template, inputs)``: a yes/no classifier's cap)
is not a probe. Judges no finding itself.
"""

from __future__ import annotations

import ast

Function = ast.FunctionDef | ast.AsyncFunctionDef


def _literal_text(node: ast.expr) -> bool:
    return type(node) is ast.Constant and isinstance(node.value, str)


def literal_prompt(node: ast.expr) -> bool:
    """``"ping the tool"``, or a list of messages whose every value is a literal string."""
    if _literal_text(node):
        return True
    if type(node) is not ast.List or not node.elts:
        return False
    return all(
        type(m) is ast.Dict
        and all(k is not None and _literal_text(v) for k, v in zip(m.keys, m.values, strict=True))
        for m in node.elts
    )


def _bound_in(fn: Function, name: str) -> ast.expr | None:
    """The value of the one assignment of the local ``name`` in ``fn``'s own statements, else None."""
    values = [
        s.value
        for s in ast.walk(fn)
        if type(s) is ast.Assign
        and len(s.targets) == 1
        and type(s.targets[0]) is ast.Name
        and s.targets[0].id == name
    ]
    return values[0] if len(values) == 1 else None


def _given_prompt(fn: Function, node: ast.expr) -> bool:
    if type(node) is ast.Name:
        bound = _bound_in(fn, node.id)
        return bound is not None and literal_prompt(bound)
    return literal_prompt(node)


def _answers_yes_or_no(fn: Function | None) -> bool:
    return fn is not None and type(fn.returns) is ast.Name and fn.returns.id == "bool"


def checked_probe(
    fn: Function | None, call: ast.Call, parent: ast.AST | None, prompts: list[ast.expr]
) -> bool:
    """``call`` (given the cap) is, or builds the settings of, a request of the check ``fn`` whose prompt
    is written whole in the code; ``parent`` is the call's parent, ``prompts`` the call's prompt keywords."""
    if not _answers_yes_or_no(fn):
        return False
    assert fn is not None
    if prompts:
        return len(prompts) == 1 and _given_prompt(fn, prompts[0])
    if not (type(parent) is ast.Assign and len(parent.targets) == 1 and type(parent.targets[0]) is ast.Name):
        return False
    settings = parent.targets[0].id
    for node in ast.walk(fn):
        if type(node) is not ast.Call:
            continue
        given = [*node.args, *(kw.value for kw in node.keywords)]
        if any(type(a) is ast.Name and a.id == settings for a in given) and any(
            _given_prompt(fn, a) for a in given if not (type(a) is ast.Name and a.id == settings)
        ):
            return True
    return False
