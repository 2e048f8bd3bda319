"""PB104's readings of where a rate's operand comes from and where its result goes, beyond the
expression itself (set 25):

- a local bound (every time) to a number of characters is one, whatever it is named (``rest = len(text)
  - zh`` ... ``zh + max(1, rest // 4)``: memoryos's heuristic token counters);
- a conditional whose sides both measure characters measures characters (``len(m["content"]) if
  isinstance(m, dict) else len(str(m))`` summed over messages);
- a quotient multiplied by a value per token is a count of tokens (``(len(p) + len(c)) / 4 *
  price_per_token``: a token estimate priced, alpaca-eval);
- a term of a sum whose other terms are rates of characters or words is a rate too (``cjk * 1.5 +
  words * 1.33 + other * 0.5``: tokens per CJK character beside tokens per word and per character);
- a count named for a wide script's characters counts characters (``han_count``, set 28).

Kept apart from the rule: they read bindings and expressions, and judge no finding themselves.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import running_values, zero
from prompt_budget.lint.char_allowances import TEXT_WORDS
from prompt_budget.lint.character_reads import bound_local, bound_values, reads_of
from prompt_budget.lint.flow import function_body, module_functions
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, number
from prompt_budget.lint.rules.pb104_context import function_about_tokens
from prompt_budget.lint.stated_rates import tokens_per_char_stated
from prompt_budget.lint.walks import innermost_statement

if TYPE_CHECKING:
    from prompt_budget.lint.rule import FileContext, LintRule

#: Calls that round or convert a quotient without changing its unit.
_ROUNDING = frozenset({"int", "round", "ceil", "floor", "float"})
#: Words of a script whose characters take more than one token each.
WIDE_SCRIPTS = frozenset({"cjk", "chinese", "zh", "han", "hanzi", "kanji", "japanese", "korean", "hangul"})

Unit = Callable[[ast.expr], "str | None"]


def local_unit(fn: ast.AST | None, name: str, unit: Unit, ancestors: Sequence[ast.AST] = ()) -> str | None:
    """The unit (``unit``'s answer) every binding of the local ``name`` in ``fn`` has, when they all
    agree, a running total's too (what it starts at, unless ``0``, and every ``+=`` but a flat number: set 119,
    vel-ai's ``total += len(content)`` ... ``return total // 4``); None when the name is bound nowhere in ``fn``, bound
    otherwise (a parameter, another augmented assignment) or to values of different units. The target of a
    comprehension among ``ancestors`` has the unit of what it runs over (``[round(c / 3.6) for c in
    self.rendered_prompt_chars]``, set 459: stepbook)."""
    for node in reversed(ancestors):
        if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
            loop = next(
                (g for g in node.generators if isinstance(g.target, ast.Name) and g.target.id == name), None
            )
            if loop is not None:
                return unit(loop.iter)
    kinds = {unit(v) for v in bound_values(fn, name)} if fn is not None else set()
    found = running_values(fn, name) if fn is not None and not kinds else None
    lengths = [v for v in found[1] if number(v) is None] if found is not None else []
    if found is not None and lengths and all(map(text_length, lengths)):
        # a running total of texts' lengths: ``total = 0`` ... ``total += len(content)`` (not ``len(tok["probs"])``),
        # also with flat amounts of characters added (``total += 400`` for an image block, set 561: acm's ``_est_tokens``)
        values = found[0]
        kinds = {unit(v) for v in (*lengths, *(v for v in values if not zero(v)))}
    return kinds.pop() if len(kinds) == 1 else None


def text_length(node: ast.expr) -> bool:
    """``len(content)``, ``len(json.dumps(x))``: the length of what a name says is a text, or of a call making one."""
    if not (isinstance(node, ast.Call) and callee_name(node) == "len" and node.args):
        return False
    arg = node.args[0]
    if isinstance(arg, ast.Call):
        return callee_name(arg) in _TEXT_MAKERS
    return bool(set(words(attr_name(arg) or "")) & TEXT_WORDS)


#: Calls whose result is a text.
_TEXT_MAKERS = frozenset({"str", "repr", "dumps", "join", "format", "decode", "strip", "render"})


def conditional_unit(node: ast.expr, unit: Unit) -> str | None:
    """``len(a) if c else len(str(b))``: the unit both sides share, else None; so too of the amounts a
    clamp keeps at zero or more (``max(0, ascii_count - whitespace_count)``, set 239: memnixa; not a divisor's
    guard, ``max(n - empty, 1)``)."""
    if isinstance(node, ast.Call):
        amounts = [a for a in node.args if not isinstance(a, ast.Constant)]
        zero = any(isinstance(a, ast.Constant) and a.value == 0 for a in node.args)
        if callee_name(node) not in {"max", "min"} or not zero or not amounts:
            return None
        units = {unit(a) for a in amounts}
        return units.pop() if len(units) == 1 else None
    if not isinstance(node, ast.IfExp):
        return None
    body, orelse = unit(node.body), unit(node.orelse)
    return body if body == orelse else None


def _per_token(node: ast.expr) -> bool:
    """``price_per_token``, ``_get_price_per_token(model)``, ``cost_per_1k_tokens``: a value per token."""
    name = callee_name(node) if isinstance(node, ast.Call) else attr_name(node)
    ws = words(name or "")
    return any(a == "per" and b.startswith("token") for a, b in pairwise(ws)) or any(
        a == "per" and b.isdigit() and c.startswith("token")
        for a, b, c in zip(ws, ws[1:], ws[2:], strict=False)
    )


def priced_per_token(ancestors: Sequence[ast.AST], node: ast.expr) -> bool:
    """The quotient ``node`` (``ancestors[-1]``), rounded or not, is multiplied by a value per token:
    the quotient counts tokens (``(len(p) + len(c)) / 4 * price_per_token``)."""
    child: ast.AST = node
    for parent in reversed(ancestors[:-1]):
        if isinstance(parent, ast.Call) and callee_name(parent) in _ROUNDING and child in parent.args:
            child = parent
            continue
        if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mult):
            other = parent.right if parent.left is child else parent.left
            return _per_token(other)
        return False
    return False


def _terms(node: ast.expr) -> list[ast.expr]:
    """The terms of a sum: ``a + b - c`` -> [a, b, c], through a rounding (``int(a / 1.5 + b / 4) + 1`` -> [a /
    1.5, b / 4, 1], set 583: yumi-agent's estimate kept above zero)."""
    node = _unrounded(node)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        return [*_terms(node.left), *_terms(node.right)]
    return [node]


def _unrounded(node: ast.expr) -> ast.expr:
    """``int(x / 4)`` -> ``x / 4``."""
    if isinstance(node, ast.Call) and callee_name(node) in _ROUNDING and len(node.args) == 1:
        return node.args[0]
    return node


def _rate_term(term: ast.expr, unit: Unit) -> bool:
    """``words * 1.33``, ``other_chars * 0.5``: a count of characters or words times a fractional rate;
    ``other / 4``, ``int(other / 4)``: one divided by a rate (characters per token)."""
    term = _unrounded(term)
    if not isinstance(term, ast.BinOp) or unit(term.left) not in {"chars", "words"}:
        return False
    factor = number(term.right)
    if isinstance(term.op, (ast.Div, ast.FloorDiv)):
        return factor is not None and 1 < factor <= 12
    return isinstance(term.op, ast.Mult) and isinstance(factor, float) and 0 < factor <= 2


#: Words of a count (``han_count``, ``cjk_num``).
_COUNT_WORDS = frozenset({"count", "counts", "cnt", "num", "n", "total"})


def wide_count(name: str) -> bool:
    """``han_count``, ``cjk_cnt``: a count of a wide script's characters (set 28: qianfan)."""
    ws = set(words(name))
    return bool(ws & WIDE_SCRIPTS) and bool(ws & _COUNT_WORDS)


def rate_among_rates(
    ancestors: Sequence[ast.AST], node: ast.BinOp, unit: Unit, fn: ast.AST | None = None
) -> bool:
    """``chinese_chars * 1.5 + english_words * 1.33 + other_chars * 0.5``, ``chinese / 1.5 + other / 4``:
    the product (or quotient) ``node`` of characters and a rate is one term of a sum whose other terms
    are rates of characters or words (set 76: omnion's estimate): a
    weighted count of tokens by kind of character (a rate above 0.5 tokens per character is a wide
    script's), or the characters are named as a wide script's (``cjk_chars * 1.5``, ``len(chinese) * 1.5``:
    the matches of a wide script's pattern, set 92: cokodo-agent)."""
    counted = node.left
    if (
        isinstance(counted, ast.BinOp)
        and isinstance(counted.op, ast.Add)
        and number(counted.right) is not None
    ):
        counted = counted.left  # ``(cjk + 1) // 2``: rounded up (set 161: mindkeep's ``_tokens.estimate``)
    if isinstance(counted, ast.Call) and callee_name(counted) == "len" and len(counted.args) == 1:
        counted = counted.args[0]
    if set(words(attr_name(counted) or "")) & WIDE_SCRIPTS:
        return True
    top: ast.AST = node
    for parent in reversed(ancestors[:-1]):
        if isinstance(parent, ast.Call) and callee_name(parent) in _ROUNDING and len(parent.args) == 1:
            continue  # ``int(zh / 1.5) + int(other / 4)``
        if not (isinstance(parent, ast.BinOp) and isinstance(parent.op, (ast.Add, ast.Sub))):
            break
        top = parent
    if top is node:
        return _local_among_rates(fn, ancestors, node, unit)
    if not isinstance(top, ast.expr):
        return False
    return any(_unrounded(t) is not node and _rate_term(t, unit) for t in _terms(top))


def _rate_local(fn: ast.AST, term: ast.expr, unit: Unit) -> bool:
    """``punct_tokens`` bound (every time) to a rate term (``len(punctuation) * 0.5``)."""
    if type(term) is not ast.Name:
        return False
    values = bound_values(fn, term.id)
    return bool(values) and all(_rate_term(v, unit) for v in values)


def _local_among_rates(fn: ast.AST | None, ancestors: Sequence[ast.AST], node: ast.BinOp, unit: Unit) -> bool:
    """``zh_tokens = len(zh) * 1.5`` ... ``punct_tokens = len(punct) * 0.5`` ... ``return int(zh_tokens +
    punct_tokens)``: the product, bound alone to a local, is summed with a local bound to another rate term
    (set 92: cokodo-agent, a rate above 1 beside one below it in one estimate)."""
    stmt = innermost_statement(ancestors)
    local = bound_local(stmt)
    if fn is None or local is None or not isinstance(stmt, ast.Assign) or _unrounded(stmt.value) is not node:
        return False
    up, reads = reads_of(fn, local)
    for read in reads:
        top: ast.AST = read
        while isinstance(parent := up.get(top), ast.BinOp) and isinstance(parent.op, (ast.Add, ast.Sub)):
            top = parent
        if (
            top is not read
            and isinstance(top, ast.expr)
            and any(t is not read and _rate_local(fn, t, unit) for t in _terms(top))
        ):
            return True
    return False


def returned_unit(
    ctx: FileContext, call: ast.Call | ast.Attribute, unit: Unit, resolving: set[str]
) -> str | None:
    """The unit (``unit``'s answer) of what a helper of the module, or a method of the class called on
    ``self``, returns in its one statement: ``utf8_bytes(text)`` returning ``len(text.encode("utf-8"))``,
    ``self.word_count()`` returning ``len(self.content.split())`` (set 112: kemi's words per token); for
    ``self.<name>`` unsaid, a property of the class so returning (``self.content_length`` of ``@property def
    content_length(self): return len(self.content)``, set 193: lerev). None for any other call, a name defined
    twice and a helper named for bytes (``utf8_bytes(text)``, set 112: airprompter-agent-core); ``resolving``
    holds the helpers being read (a helper returning its own call reads as no unit)."""
    func = call.func if isinstance(call, ast.Call) else call
    scope: ast.AST | None
    if isinstance(func, ast.Name) and isinstance(call, ast.Call):
        name, scope = func.id, ctx.tree
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
        name, scope = func.attr, ctx.enclosing_class()  # the class only for a call on ``self``
    else:
        return None
    found = module_functions(scope).get(name)
    if found is None or f"{name}()" in resolving or {"byte", "bytes"} & set(words(name)):
        return None  # a helper named for bytes is read as bytes (``pb104_bytes.byte_amount``)
    if isinstance(call, ast.Attribute) and not _is_property(found):
        return None  # ``self.count`` of a method ``count(self)`` is the method, not its value
    statements = function_body(found)
    if len(statements) != 1 or not isinstance(statements[0], ast.Return) or statements[0].value is None:
        return None
    resolving.add(f"{name}()")
    try:
        return unit(statements[0].value)
    finally:
        resolving.discard(f"{name}()")


def _is_property(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether ``fn`` is decorated as a property (``@property``, ``@functools.cached_property``)."""
    return any(attr_name(d) in {"property", "cached_property"} for d in fn.decorator_list)


def rate_per_character(rule: LintRule, node: ast.BinOp, unit: Unit, factor: float) -> bool:
    """A rate above 0.5 tokens per character that the comment on its line states (``length * 0.75  # ~0.75
    tokens per character``, set 303: ai-council-orchestrator) or that is one of a sum's rates
    (``rate_among_rates``)."""
    if tokens_per_char_stated(rule, factor):
        return True
    return rate_among_rates(rule.ctx.ancestors, node, unit, rule.ctx.function())


def returned_as_tokens(rule: LintRule, node: ast.expr) -> bool:
    """``node``, rounded or not, is what a function about tokens returns (``def estimate_tokens(text): return
    int(len(text) * 1.3)``, set 561: by-qa), not a part of it bound first (``mark_tokens = len(marks) * 1.5``)."""
    child: ast.AST = node
    for parent in reversed(rule.ctx.ancestors[:-1]):
        if isinstance(parent, ast.Return):
            return function_about_tokens(rule)
        if not (isinstance(parent, ast.Call) and callee_name(parent) in _ROUNDING and child in parent.args):
            return False
        child = parent
    return False
