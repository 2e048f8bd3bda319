"""A request whose answer is thrown away, for ``probe_requests`` (PB101; set 103: flowai-cli's key check)::

    async def probe(provider) -> FlowAIError | None:
        try:
            await provider.generate([Message(role="user", content="Reply with: ok")], max_tokens=16)
        except FlowAIError as exc:
            return exc

The call is a statement of its own (awaited or not), so nothing reads what the model writes, and its whole
prompt is written in the code (a literal string, or a literal list of messages: dicts or message objects
built only from literal strings): the request only tests that a key, a model or a route answers, and its
small output cap is a probe's, no budget a team would tune. A request whose prompt carries data
(``generate([Message(role="user", content=text)])``) or whose answer is kept is not. Judges no finding
itself.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence


def _text(node: ast.expr) -> bool:
    return type(node) is ast.Constant and isinstance(node.value, str)


def _literal_message(node: ast.expr) -> bool:
    """``{"role": "user", "content": "ok"}`` or ``Message(role="user", content="ok")``: only literal strings."""
    if type(node) is ast.Dict:
        return all(k is not None and _text(v) for k, v in zip(node.keys, node.values, strict=True))
    if type(node) is ast.Call:
        given = [*node.args, *(kw.value for kw in node.keywords)]
        return (
            bool(given) and all(kw.arg is not None for kw in node.keywords) and all(_text(a) for a in given)
        )
    return False


def _literal_prompt(node: ast.expr) -> bool:
    if _text(node):
        return True
    return type(node) is ast.List and bool(node.elts) and all(_literal_message(m) for m in node.elts)


def discarded_probe(call: ast.Call, above: Sequence[ast.AST], prompts: list[ast.expr]) -> bool:
    """``call``, whose ancestors ``above`` end with its parent, is an expression statement (awaited or not)
    whose prompt (the one prompt keyword in ``prompts``, else its one positional argument) is literal."""
    parent = above[-1] if above else None
    if type(parent) is ast.Await:
        parent = above[-2] if len(above) > 1 else None
    if type(parent) is not ast.Expr:
        return False
    if prompts:
        return len(prompts) == 1 and not call.args and _literal_prompt(prompts[0])
    return len(call.args) == 1 and _literal_prompt(call.args[0])
