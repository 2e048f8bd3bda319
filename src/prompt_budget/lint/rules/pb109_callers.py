"""PB109's reading of a function's callers in its module: whether some call gives a parameter a value
computed at run time (``get_num_tokens(text, openai_model_name=self.chat_model_name)``) rather than a
literal. A docstring saying the function is for OpenAI's models (set 22: langchain's infino callback)
then guards nothing: the callers decide which model names reach it (a helper nothing calls, such as
guardrails' cookbook copy, is judged by its docstring). Kept apart from the rule: it reads calls, and
judges no finding itself. So is a name the caller gives for tiktoken itself.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name
from prompt_budget.lint.walks import walk


def fed_at_run_time(tree: ast.AST | None, fn: ast.FunctionDef | ast.AsyncFunctionDef, param: str) -> bool:
    """Some call of ``fn`` in the module passes ``param`` (by position or keyword) a value that is not a
    literal."""
    a = fn.args
    positional = [p.arg for p in (*a.posonlyargs, *a.args)]
    if positional[:1] in (["self"], ["cls"]):
        positional = positional[1:]
    index = positional.index(param) if param in positional else None
    for node in walk(tree) if tree is not None else ():
        if not (isinstance(node, ast.Call) and callee_name(node) == fn.name):
            continue
        given = [kw.value for kw in node.keywords if kw.arg == param]
        if index is not None and index < len(node.args):
            given.append(node.args[index])
        if any(not isinstance(v, ast.Constant) for v in given):
            return True
    return False


def tiktoken_name(node: ast.expr) -> bool:
    """``self.tiktoken_model_name``: a name the user gives for tiktoken itself, not the model's own
    (set 22: langchain's PowerBI tool; set 21's explicit tiktoken names are no mismatch); so is a model named
    for the tokenizer, not for the model called (set 334: id-protocol's ``--tokenizer-model`` option, read as
    ``encoding_for_model(args.tokenizer_model)``)."""
    said = words(attr_name(node) or "")
    return "tiktoken" in said or ("tokenizer" in said and "model" in said)
