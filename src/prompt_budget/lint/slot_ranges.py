"""A parameter named as tokens that only numbers slots: ``def generate_free_label(memory, max_token=100)``
whose one use is the bound of ``for index in range(1, max_token)``, a search for the first free
numbered label (``if label not in used: return label``). Its "tokens" are placeholder names, not a
language model's: no model, tokenizer or generation is in the function (set 45: agent-lifecycle-toolkit).

A decoding loop stays a budget: ``for _ in range(max_new_tokens): next_token = model(ids)`` calls a
model, and its index (``_``) numbers nothing; a loop searching a set but calling a model or a tokenizer
is left to the rules too.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

Function = ast.FunctionDef | ast.AsyncFunctionDef

#: Words of a name that says the function reads or writes a language model's tokens.
_MODEL_WORDS = frozenset(
    {
        "model",
        "models",
        "llm",
        "generate",
        "generation",
        "tokenizer",
        "tokenize",
        "tokenized",
        "encode",
        "encoding",
        "decode",
        "logits",
        "forward",
        "sample",
        "completion",
        "completions",
        "chat",
        "ids",
        "eos",
        "tiktoken",
        "prompt",
        "messages",
    }
)


def _model_named(name: str | None) -> bool:
    return bool(name) and bool(set(words(name or "")) & _MODEL_WORDS)


def numbers_slots(fn: Function, name: str) -> bool:
    """``name`` (a parameter of ``fn``) is read once, as the stop of ``range()`` iterated by a ``for``
    whose named index the body reads and whose body returns from a membership test (``if label not in
    used: return label``): a search for the first free numbered slot; and no name or call in ``fn``
    speaks of a model, a tokenizer or a generation."""
    loop: ast.For | None = None
    reads = 0
    for node in walk(fn):
        if isinstance(node, ast.Name):
            if node.id == name:
                reads += 1
            elif _model_named(node.id):
                return False
        elif isinstance(node, ast.Attribute) and _model_named(node.attr):
            return False
        elif (
            isinstance(node, ast.For)
            and isinstance(node.iter, ast.Call)
            and callee_name(node.iter) == "range"
            and isinstance(node.iter.func, ast.Name)
            and 1 <= len(node.iter.args) <= 2
            and not node.iter.keywords
            and isinstance(stop := node.iter.args[-1], ast.Name)
            and stop.id == name
        ):
            loop = node
    if loop is None or reads != 1 or not isinstance(loop.target, ast.Name) or loop.target.id == "_":
        return False
    index = loop.target.id
    body = walk(loop)  # its target is stored, its bound read: only the body reads the index
    if not any(isinstance(n, ast.Name) and n.id == index and isinstance(n.ctx, ast.Load) for n in body):
        return False
    return any(
        isinstance(n, ast.If)
        and isinstance(n.test, ast.Compare)
        and any(isinstance(op, (ast.In, ast.NotIn)) for op in n.test.ops)
        and any(isinstance(s, ast.Return) for s in n.body)
        for n in body
    )
