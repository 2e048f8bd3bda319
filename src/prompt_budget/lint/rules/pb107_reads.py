"""PB107's reading of where a module reads a table's rows: a row read into a budget (a budget key of a
dict, a budget keyword, a budget name) says the table's numbers are tokens even when its name says only
a length (set 20: lm-eval's ``dataset2maxlen`` into ``{"max_gen_toks": ...}``). Kept apart from the
rule: it reads the module, and judges nothing itself.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from prompt_budget.lint.class_constants import class_constant_read
from prompt_budget.lint.model_names import looks_like_model_name
from prompt_budget.lint.names import NameJudge, words
from prompt_budget.lint.provider_modules import provider_windows as provider_windows  # noqa: PLC0414
from prompt_budget.lint.rule import LintRule, attr_name, callee_name, string_value
from prompt_budget.lint.walks import innermost, walk

#: Ordering comparisons: a row compared so is a bound.
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _row_of(node: ast.expr) -> str | None:
    """``TABLE[key]``, ``TABLE.get(key, ...)``: the name of the table a row is read from, else None. A
    key written as a string reads one setting of a dict, not a row picked by a task or a model
    (``ColBERTConfig(doc_maxlen=kwargs["doc_maxlen"])`` of ``{"doc_maxlen": 300, "nbits": 2}``: set 62's
    ``doc_max_len``, lotus's settings)."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        return None if string_value(node.slice) is not None else node.value.id
    if isinstance(node, ast.Subscript) and string_value(node.slice) is None:
        return class_constant_read(node.value)  # ``self._MAX_TOOL_OUTPUT[mode]`` (set 307: axor-core)
    func = node.func if isinstance(node, ast.Call) else None
    if isinstance(func, ast.Attribute) and func.attr == "get" and isinstance(func.value, ast.Name):
        assert isinstance(node, ast.Call)
        return None if node.args and string_value(node.args[0]) is not None else func.value.id
    return None


def int_keyed(keys: list[ast.expr | None]) -> bool:
    """``{1: 1000, 2: 2000, ..., 5: 16000}``: every key an integer (a level, a tier), no model's id; the
    table's name or its reads must then say what its numbers count, as for keys named by constants."""
    return all(isinstance(k, ast.Constant) and type(k.value) is int for k in keys)


def budget_lookups(tree: ast.AST | None, judge: NameJudge) -> dict[str, str]:
    """Table name -> how a row of it is read as tokens (``read as `max_gen_toks```): into a budget key of
    a dict (``{"max_gen_toks": TABLE[task]}``), a budget keyword (``generate(max_tokens=TABLE.get(task))``),
    a budget name (``max_tokens = TABLE[task]``), returned by a budget getter (``def
    get_effort_token_limit(effort): ... return effort_map.get(effort, 4000)``, set 67: loom-agent), or
    ordered against a count of tokens (``n_tokens > TABLE[backend]``); the first such read of each table."""
    lookups: dict[str, str] = {}
    for node in walk(tree) if tree is not None else ():
        pairs: list[tuple[str | None, ast.expr]] = []
        if isinstance(node, ast.Dict):
            pairs = [
                (string_value(k) if k else None, v) for k, v in zip(node.keys, node.values, strict=False)
            ]
        elif isinstance(node, ast.keyword):
            pairs = [(node.arg, node.value)]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            pairs = [(attr_name(node.targets[0]), node.value)]
        elif (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and judge.is_budget(node.name)
            and judge.says_tokens(node.name)  # not only a length: ``max_input_len`` of TTS characters
        ):
            pairs = [(f"{node.name}()", r.value) for r in walk(node) if isinstance(r, ast.Return) and r.value]
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], _ORDER):
            # ``n_tokens > limits[backend]``: a row ordered against a count of tokens is a limit in tokens
            # (set 32: nomic's per-backend batch limits)
            sides = (node.left, node.comparators[0])
            for row, other in (sides, sides[::-1]):
                count = attr_name(other)
                if _row_of(row) and count and judge.is_token_amount(count):
                    pairs = [(count, row)]
        for budget, value in pairs:
            table = _row_of(value)
            if budget and table and (judge.is_budget(budget.rstrip("()")) or isinstance(node, ast.Compare)):
                how = "compared with" if isinstance(node, ast.Compare) else "read as"
                how = "returned by" if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else how
                lookups.setdefault(table, f"{how} `{budget}`")
    return lookups


def handed_here(fn: ast.AST | None, name: str, judge: NameJudge) -> str | None:
    """How a row of the table ``name`` is handed on as a budget through a local in the function ``fn``
    (``_handed_rows``), else None: a table of the same name in another function may be read otherwise
    (scienceai-llm binds ``effort_map`` in three methods). Then the table's numbers are budgets, and so is its
    lookup's fallback (PB101)."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    return next((how for table, how in _handed_rows(fn, judge) if table == name), None)


def handed_at(tree: ast.AST, line: int, name: str, judge: NameJudge) -> str | None:
    """``handed_here`` in the innermost function of ``tree`` holding ``line`` (asked only for a lookup's fallback
    nothing else decided, so the module's functions are listed only then)."""
    functions = [n for n in walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return handed_here(innermost(functions, line), name, judge)


def _handed_rows(fn: ast.FunctionDef | ast.AsyncFunctionDef, judge: NameJudge) -> list[tuple[str, str]]:
    """(table, how) for each row ``fn`` binds to a local it then gives as a budget keyword or under a budget
    key (``budget = effort_map.get(effort, 8192)`` ... ``ThinkingConfig(thinking_budget=budget)``, set 125:
    scienceai-llm's per-effort thinking budgets)."""
    rows = {
        node.targets[0].id: table
        for node in walk(fn)
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and (table := _row_of(node.value)) is not None
    }
    found: list[tuple[str, str]] = []
    for node in walk(fn) if rows else ():
        given: list[tuple[str | None, ast.expr]] = []
        if isinstance(node, ast.keyword) and node.arg:
            given = [(node.arg, node.value)]
        if isinstance(node, ast.Dict):
            given = [(string_value(k), v) for k, v in zip(node.keys, node.values, strict=False) if k]
        for key, value in given:
            if isinstance(value, ast.Name) and value.id in rows and key and judge.is_budget(key):
                found.append((rows[value.id], f"read as `{value.id}`, given as `{key}`"))
    return found


def row_callee(rule: LintRule, call: ast.Call, literal: ast.expr | None) -> str | None:
    """The name of the function a model's row is built by, unless the number is given to a count
    (``counted_argument``)."""
    return None if literal is None or counted_argument(rule, call, literal) else callee_name(call)


def counted_argument(rule: LintRule, call: ast.Call, literal: ast.expr) -> bool:
    """``self._usage("claude-haiku-4-5", 59000)`` where the module's ``def _usage(self, model: str,
    input_tokens: int, ...)``: the number is given to a parameter named as a count of tokens used, not a
    window (set 138: codee-agent's test fixture of usage records). Only a function of the module, by its
    name, read at the literal's position."""
    if literal not in call.args or (name := callee_name(call)) is None:
        return False
    index = call.args.index(literal)
    tree = rule.ctx.tree
    for fn in walk(tree) if tree is not None else ():
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.name == name:
            params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
            params = params[1:] if params[:1] in (["self"], ["cls"]) else params
            if index < len(params):
                param = params[index]
                return rule.names.is_token_amount(param) and not rule.names.is_budget(param)
    return False


#: Plural words of a table's name: ``MODEL_CONTEXT_LENGTHS`` is a table, ``CONTEXT_LENGTH`` one value.
_PLURALS = frozenset({"windows", "lengths", "limits", "sizes", "contexts", "budgets"})


def one_window_row(
    rule: LintRule, node: ast.Dict, name_of: Callable[[ast.Dict], str], window_name: Callable[[str], bool]
) -> bool:
    """``MODEL_CONTEXT_LENGTHS = {"MiniMaxAI/MiniMax-M2.5": 196608}``: a table of one row so far (set 181:
    openprover), keyed by a model's id, holding a window and named (``name_of``, asked last: most dicts of one
    entry hold no window) as windows in the plural."""
    key = string_value(node.keys[0]) if len(node.keys) == 1 and node.keys[0] is not None else None
    if not (key and looks_like_model_name(key)) or (rule.budget_literal(node.values[0]) or 0) < 1024:
        return False
    name = name_of(node)
    return bool(name and _PLURALS & set(words(name)) and window_name(name))


def window_sized(node: ast.Call) -> bool:
    """A whole number of 1024 or more among the call's arguments, positional or keyword (no list made: asked of
    every call of two arguments or more)."""
    for a in node.args:
        if type(a) is ast.Constant and type(a.value) is int and a.value >= 1024:
            return True
    for kw in node.keywords:
        if type(kw.value) is ast.Constant and type(kw.value.value) is int and kw.value.value >= 1024:
            return True
    return False


#: Keywords of a request sent to a model, which a row of a table is not given (the prompt, the messages).
_REQUEST_KEYWORDS = frozenset({"messages", "prompt", "contents"})  # not a catalogue's ``input=`` price


def request(node: ast.Call) -> bool:
    """``node`` sends a request to a model (it is given the messages or the prompt), no row of a table."""
    return any(kw.arg in _REQUEST_KEYWORDS for kw in node.keywords)
