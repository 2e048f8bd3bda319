"""Token lengths a module hands on before a tokenizer cuts to them (PB102, ``learned_lengths``; set 53:
rankify's Fusion-in-Decoder collators).

Two forms ``learned_lengths`` did not read::

    def encode_passages(batch_text_passages, tokenizer, max_length):
        return tokenizer.batch_encode_plus(texts, max_length=max_length, truncation=True)

    class RetrieverCollator:
        def __call__(self, batch):
            # the name reaches the cut through a parameter of a function of the module
            ids, masks = encode_passages(passages, self.tokenizer, self.passage_maxlength)

    class Collator:
        def __call__(self, batch):
            # the cut made only when a length is set, to that length
            target = self.tokenizer.batch_encode_plus(
                target,
                max_length=self.answer_maxlength if self.answer_maxlength > 0 else None,
                truncation=True if self.answer_maxlength > 0 else False,
            )

- ``argument_cuts``: a top-level function of the module whose parameter is given bare as the length
  keyword of a call that truncates: what the module's calls of that function pass for the parameter (by
  position or by keyword) is given to that length too.
- ``cuts_when``: a call whose ``truncation=`` is a conditional of a cutting value (``True``, a
  strategy) and an off value (``False``, ``None``): when it cuts, it cuts to its length keyword.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import module_functions, positional_params
from prompt_budget.lint.names import CHAR_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.token_cuts import cuts_tokens, embedder_length, tokenizer_length
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

    Function = ast.FunctionDef | ast.AsyncFunctionDef

    #: What ``learned_lengths`` records a name with: (the value, where, how, follow a bare local).
    _Learn = Callable[[ast.expr, ast.AST, str, bool], None]

#: ``truncation=`` values that cut (``forms.truncating``'s) and values that leave the input whole.
_STRATEGIES = frozenset({"longest_first", "only_first", "only_second"})


def _cut(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and (value.value is True or value.value in _STRATEGIES)


def _off(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and value.value in (False, None)


def cuts_when(call: ast.Call) -> bool:
    """``tok(t, max_length=n if n > 0 else None, truncation=True if n > 0 else False)``: a call that cuts
    its input to its length keyword in one branch and leaves it whole in the other (not audio's)."""
    flag = next((kw.value for kw in call.keywords if kw.arg == "truncation"), None)
    if not isinstance(flag, ast.IfExp):
        return False
    branches = (flag.body, flag.orelse)
    if not (any(_cut(b) for b in branches) and all(_cut(b) or _off(b) for b in branches)):
        return False
    # the same call with a plain ``truncation=True``: ``cuts_tokens`` then judges the callee (not audio)
    plain = ast.Call(
        func=call.func,
        args=call.args,
        keywords=[
            ast.keyword(arg=k.arg, value=ast.Constant(True)) if k.arg == "truncation" else k
            for k in call.keywords
        ],
    )
    return cuts_tokens(plain)


def argument_cuts(
    tree: ast.Module, cut_params: Sequence[tuple[ast.AST, ast.Call, str, str]], learn: _Learn
) -> None:
    """``cut_params``: (the function holding it, the call that truncates, the bare name given as its
    length keyword, that keyword). Where the function is a top-level function of the module and the name one of its
    parameters, learn what the module's calls of it pass for that parameter. The module is walked once
    (the shared walk), only when such a parameter is found."""
    functions = module_functions(tree)
    wanted: dict[str, list[tuple[int | None, str, str]]] = {}
    for scope, call, name, keyword in cut_params:
        if (
            not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef))
            or functions.get(scope.name) is not scope
        ):
            continue
        params = positional_params(scope, False)
        keyword_only = [a.arg for a in scope.args.kwonlyargs]
        if name not in params and name not in keyword_only:
            continue
        index = params.index(name) if name in params else None
        wanted.setdefault(scope.name, []).append(
            (index, name, f"a tokenizer's `{keyword}=` at line {call.lineno}")
        )
    if not wanted:
        return
    for node in walk(tree):
        if type(node) is not ast.Call or type(node.func) is not ast.Name or node.func.id not in wanted:
            continue
        starred = any(isinstance(a, ast.Starred) for a in node.args)
        for index, name, cut in wanted[node.func.id]:
            value = next((k.value for k in node.keywords if k.arg == name), None)
            if value is None and index is not None and not starred and index < len(node.args):
                value = node.args[index]
            if value is not None:
                learn(value, value, f"the parameter `{name}` of `{node.func.id}` ({cut})", True)


#: Units other than tokens a read's own name may say (beside ``names.UNIT_WORDS`` and characters).
_OTHER_UNITS = frozenset({"word", "sentence", "sentences", "byte", "pixel", "pixels", "frame", "frames"})


def cut_length(rule: LintRule, call: ast.Call, keyword: str, read: str) -> str | None:
    """How the keyword ``keyword`` of ``call`` is a length in tokens by what the call is, whatever its
    name: the length a call that truncates cuts to (``tok(t, truncation=True, max_length=...)``), an
    embedding model's longest input (``HFEndpointEmbeddings(max_length=...)``), a tokenizer's
    (``from_pretrained(name, model_max_length=...)``); else None (``field_reach``, set 53: syftr). Not
    where the name ``read`` the value is read under says another unit (``cfg.max_word_len``)."""
    if set(words(read)) & (UNIT_WORDS | CHAR_WORDS | _OTHER_UNITS):
        return None
    callee = callee_name(call) or "a call"
    if (cuts_tokens(call) or cuts_when(call)) and rule.names.is_weak_budget(keyword):
        return f"the length `{keyword}=` a tokenizer's `{callee}` cuts to"
    if embedder_length(keyword, call):
        return f"the longest input `{keyword}=` of the embedding model `{callee}`"
    if tokenizer_length(keyword, call):
        return f"the tokenizer's longest input `{keyword}=` of `{callee}`"
    return None
