"""Forms of a number of tokens written inline that PB101 reads beyond a keyword, a dict entry or a
lookup named as a budget.

- a UI input's default (``st.slider("Max Tokens", ..., value=512)``), named by its label or target;
- a table of model names to window-sized numbers, whatever it is named (its ``.get(model, 4096)``
  fallback is a window);
- a typed amount: ``{"type": "input_tokens", "value": 150000}``, ``TriggerParam(type="input_tokens",
  value=...)``, the Anthropic context-management form, where a sibling ``type``/``unit`` names tokens:
  the amount counts tokens whatever its key says (set 20: inspect-ai's ``max_trigger = 990_000`` ...
  ``{"type": "input_tokens", "value": max_trigger}``, the number bound to a local first);
- a number given to a class named after a unit of tokens and a spacing or limit (``TokenInterval(every=
  500_000)``, ``TokenWindow(size=4096)``): the class's name gives the unit its arguments count in;
- a literal added into the count that a token-estimating function returns, though the count's name does
  not say tokens (``def _estimate_messages_tokens(...)``: ``total += 1000`` per image ... ``return
  total``): a guessed per-item token cost (set 20: open-webui; a count named as tokens is PB102's);
- a lookup's default (``d.get("max_tokens", 2048)``, a budget table's ``.get(model, 4096)``) and the
  calls that read a budget table (``lookup(model, WINDOWS, default=...)``);
- a validated field's upper bound (``max_tokens: int = Field(le=4096, default=100)``);
- a budget read through a one-argument conversion (``_parse_positive_int(cfg.get("token_threshold"))
  or 80000``): the `or` fallback of that budget.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from typing import TYPE_CHECKING

from prompt_budget.lint.expected_tables import expected_binding
from prompt_budget.lint.field_docstrings import field_description
from prompt_budget.lint.flow import bound_local, counts_characters, is_test_module
from prompt_budget.lint.model_names import looks_like_model_name
from prompt_budget.lint.names import (
    CONFIG_WINDOWS,
    EXCLUDED_WORDS,
    UNIT_WORDS,
    words,
)
from prompt_budget.lint.option_ranges import OPTIONS, annotated_parameter, option_bounds, says_characters
from prompt_budget.lint.rule import attr_name, callee_name, defaults, is_env_read, string_value
from prompt_budget.lint.self_attributes import self_attribute
from prompt_budget.lint.spec_bounds import int_of_string
from prompt_budget.lint.stored_cuts import cut_fallback
from prompt_budget.lint.table_fallbacks import budget_row, token_defaults_table
from prompt_budget.lint.token_cuts import CutFlow, cuts_tokens
from prompt_budget.lint.token_estimates import estimates_tokens
from prompt_budget.lint.variable_keys import variable_key_budget
from prompt_budget.lint.walks import walk
from prompt_budget.lint.window_lengths import window_length_prefix
from prompt_budget.lint.wrapped_lookups import wrapped_pair

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef

#: UI input widgets whose ``value=`` is a default the user can change (Streamlit, Gradio, ipywidgets).
WIDGETS = frozenset({"slider", "number_input", "select_slider", "Slider", "Number", "IntSlider", "IntText"})
#: A UI input's keywords holding a budget: its default and its upper bound.
_WIDGET_SLOTS = {
    "value": "default",
    "default": "default",
    "maximum": "upper bound",
    "max_value": "upper bound",
}
#: The smallest number a model -> window table's rows hold (tables of call counts, dimensions... hold less).
_SMALLEST_WINDOW = 1024
#: Keys naming the unit of a typed amount (``{"type": "input_tokens", "value": N}``).
#: (``"field"``: a policy rule's condition, set 175: agentcostin.)
_TYPE_KEYS = ("type", "unit", "kind", "field", "metric")
#: Keys of the amount beside it.
_AMOUNT_KEYS = frozenset({"value", "amount", "limit", "threshold"})
#: Second words of a class named after a unit of tokens: how it spaces or limits them.
_SPACING_WORDS = frozenset(
    {"interval", "period", "step", "stride", "every", "frequency", "trigger", "threshold", "limit"}
    | {"budget", "cap", "quota", "window"}
)


def widget_default(rule: LintRule, node: ast.Call) -> list[tuple[ast.expr, str, int | float, str]]:
    """``max_tokens = st.slider("Max Tokens", min_value=0, max_value=4096, value=512)``: (the literal,
    the name, its value, which it is) of a UI input's default, as a CLI option's (set 13: llama-stack's
    Streamlit pages), and of its upper bound, the largest budget a user may pick (set 23: llamafactory's
    ``gr.Slider(maximum=8192, value=1024)``), named by its label or the name it is assigned to."""
    label = string_value(node.args[0]) if node.args else None
    label = label or next((string_value(k.value) for k in node.keywords if k.arg == "label"), None)
    parent = rule.ctx.parent(node)
    target = attr_name(parent.targets[0]) if isinstance(parent, ast.Assign) else None
    names = [n for n in ("_".join((label or "").lower().split()), target or "") if n]
    name = next((n for n in names if rule.names.is_budget(n)), None)
    name = name or _picked_tokens(rule, node, label)
    if name is None:
        return []
    found: list[tuple[ast.expr, str, int | float, str]] = []
    for kw in node.keywords:
        which = _WIDGET_SLOTS.get(kw.arg or "")
        value = rule.budget_literal(kw.value) if which else None
        if which and value is not None:
            found.append((kw.value, name if which == "default" else f"{name}_upper", value, which))
    return found


def _picked_tokens(rule: LintRule, node: ast.Call, label: str | None) -> str | None:
    """``gr.Number(value=64, label="Completion tokens (completion mode)")``: an input whose label names
    an amount of tokens (a parenthesised note aside) is the number of tokens its user allows, though a
    usage count could carry the words (set 23: axolotl). Not an output (``interactive=False``), nor a
    rate (``Tokens per second``) or a price (excluded words)."""
    if any(
        k.arg == "interactive" and isinstance(k.value, ast.Constant) and k.value.value is False
        for k in node.keywords
    ):
        return None
    name = "_".join(re.sub(r"\([^)]*\)", " ", label or "").lower().split())
    ws = words(name)
    if (
        not name
        or not {"tokens", "toks"} & set(ws)
        or "per" in ws
        or rule.names.is_excluded(name)
        or rule.names.is_ratio(name)
    ):
        return None
    return name


def window_table(rule: LintRule, node: ast.Dict) -> str | None:
    """``NAME = {"deepseek-chat": 64000, "deepseek-coder": 32000}``: the name of a table of model
    names to window-sized numbers (two rows or more, as PB107 reads them), whatever the name says."""
    parent = rule.ctx.parent(node)
    target = parent.targets[0] if isinstance(parent, ast.Assign) and len(parent.targets) == 1 else None
    target = parent.target if isinstance(parent, ast.AnnAssign) else target
    name = attr_name(target) if isinstance(target, (ast.Name, ast.Attribute)) else None
    if not name or set(words(name)) & (EXCLUDED_WORDS | UNIT_WORDS):
        return None  # ``MODEL_RPM``, ``PRICES``, ``message_limits``: numbers of something else
    keys = [string_value(k) for k in node.keys]
    models = sum(1 for k in keys if k is not None and looks_like_model_name(k))
    windows = sum(1 for v in node.values if (rule.budget_literal(v) or 0) >= _SMALLEST_WINDOW)
    half = (len(keys) + 1) // 2
    return name if models >= half and windows >= half else None


def lookup_pair(node: ast.Call) -> tuple[ast.expr, ast.expr] | None:
    """``d.get("max_tokens", 2048)``, ``kwargs.pop(key, 512)``, ``getattr(obj, "max_tokens", 2048)``: (the
    key or attribute read, the default given)."""
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr in {"get", "pop", "setdefault"} and len(node.args) >= 2:
        return node.args[0], node.args[1]
    if isinstance(func, ast.Name) and func.id == "getattr" and len(node.args) == 3:
        return node.args[1], node.args[2]
    return None


def _read_as_characters(rule: LintRule, node: ast.Call) -> bool:
    """``node`` is the fallback of a lookup under a key naming characters (``router.get("max_context_chars",
    router.get("max_context_length", 12_000))``: the legacy key's default is the new key's, set 563: psi-agent)."""
    parent = rule.ctx.parent(node)
    outer = lookup_pair(parent) if isinstance(parent, ast.Call) else None
    return outer is not None and outer[1] is node and rule.names.is_chars(string_value(outer[0]) or "")


def lookup_default(
    rule: LintRule, node: ast.Call, cuts: CutFlow
) -> tuple[ast.expr, str, int | float, str | None] | None:
    """(the default, the name, its value, how it is a budget) of a lookup's default: ``d.get("max_tokens",
    2048)``, ``getattr(obj, "max_tokens", 2048)``, a weakly named ``kwargs.pop("max_length", 512)`` that
    reaches a tokenizer's cut (``token_cuts.popped_cut``), a budget table's ``TOKEN_MAX.get(model_name,
    2048)``; ``how`` is None for a ``.get(model, N)`` on another table, which the table's rows decide."""
    pair = lookup_pair(node) or wrapped_pair(rule, node)  # ``_get("max_tokens", 4096)`` (set 81: mvge)
    value = rule.budget_literal(pair[1]) if pair is not None else None
    if pair is not None and value is None:
        value = int_of_string(
            rule, node, pair[1]
        )  # ``int(d.get("context_size", "4096"))`` (set 37: dify-plugin)
    if pair is None or value is None:
        return None
    name = string_value(pair[0])
    func = node.func
    if name and rule.names.is_budget_setting(name):
        if not rule.names.mentions_tokens(name) and (
            _cuts_characters(rule, node) or _read_as_characters(rule, node)
        ):
            return None  # a window's name (``max_context_length``), not one saying tokens
        return pair[1], name, value, "used as a fallback default"
    weak = bool(name) and rule.names.is_weak_budget(name or "")
    if name and (weak or window_length_prefix(name) is not None):
        # ``max_length = kwargs.pop("max_length", 512)`` ... ``self._get_tokenizer(max_length)``
        # ``self.max_length = kwargs.get("max_length", 500)`` ... ``max_length=self.max_length``
        how = cut_fallback(rule, node, cuts, name, value)
        if how is not None or weak:
            return (pair[1], name, value, how) if how is not None else None
    if name in CONFIG_WINDOWS and (checked := _checks_a_length(rule, node)):
        # ``maximum = int(getattr(model.config, "max_position_embeddings", 262144))`` ... ``if
        # ids.shape[1] > maximum: raise``: the window assumed of a model whose config gives none
        return pair[1], name, value, f"used as the fallback of a model's window {checked}"
    table = (
        attr_name(func.value)
        if name is None and isinstance(func, ast.Attribute) and func.attr == "get"
        else None
    )
    if table and (rule.names.is_budget(table) or token_defaults_table(table)):
        # ``TOKEN_MAX.get(model_name, 2048)``: the window of a model the table does not know
        return pair[1], table, value, f"used as the fallback of the table `{table}`"
    if (
        name
        and isinstance(func, ast.Attribute)
        and func.attr == "get"
        and (row := budget_row(rule, func, name))
    ):
        # ``max_tokens_per_layer.get("hot", 1000)``: the budget of a row the table may lack (set 133:
        # agentmesh-context's per-layer budgets)
        return pair[1], row, value, f"used as the fallback of the row `{name}` of the table `{row}`"
    if name is None and (keyed := variable_key_budget(rule, node, pair[0])) is not None:
        return pair[1], keyed[0], value, keyed[1]  # ``config.get(num_ctx_key, 262144)`` (set 47: ra-aid)
    if not table:
        return None
    return pair[1], table, value, None


def _cuts_characters(rule: LintRule, node: ast.Call) -> bool:
    """The lookup's value, bound to a local (through ``int(...)``), is read in its function only as a
    string's cut or against a string's length (``n = cfg.get("max_context_length", 8000)`` ...
    ``text[0:n]``): characters, as for a window's name bound to a literal (``deferred``'s characters,
    through ``flow.counts_characters``; set 40: synthetic-data-kit). Asked only for a name that does
    not say tokens: ``max_input_tokens`` cut from a string still states tokens."""
    parent = rule.ctx.parent(node)
    if isinstance(parent, ast.Call) and callee_name(parent) == "int":
        parent = rule.ctx.parent(parent)
    fn = rule.ctx.function()
    local = bound_local(parent)
    return local is not None and fn is not None and counts_characters(fn, local, rule)


def _checks_a_length(rule: LintRule, node: ast.Call) -> str | None:
    """The lookup's value, bound to a local (through ``int(...)``), is compared in its function with an
    input's length (``len(ids)``, ``ids.shape[1]``, ``ids.size(1)``, a name saying ``length``/``len``) or given
    to a call that truncates its inputs."""
    parent = rule.ctx.parent(node)
    if isinstance(parent, ast.Call) and callee_name(parent) == "int":
        parent = rule.ctx.parent(parent)
    fn = rule.ctx.function()
    local = bound_local(parent)
    # ``self._max_length = int(getattr(config, "max_position_embeddings", 256))``: the class's methods read it
    stored = (
        self_attribute(parent.targets[0])
        if isinstance(parent, ast.Assign) and len(parent.targets) == 1
        else ""
    )
    scope = rule.ctx.enclosing_class() if stored else fn
    if (local is None and not stored) or scope is None:
        return None

    def held(node: ast.expr) -> bool:
        return (type(node) is ast.Name and node.id == local) or (
            bool(stored) and self_attribute(node) == stored
        )

    for seen in walk(scope):
        if isinstance(seen, ast.Compare):
            sides = [seen.left, *seen.comparators]
            if any(held(x) for x in sides) and any(_a_length(x) for x in sides):
                return "an input is checked against"
        elif (
            isinstance(seen, ast.Call)
            and cuts_tokens(seen)
            and any(held(k.value) for k in seen.keywords if _length_keyword(k.arg))
        ):
            return "inputs are cut to"  # ``tokenizer(texts, truncation=True, max_length=max_len)`` (set 263)
    return None


def _length_keyword(keyword: str | None) -> bool:
    """``max_length=``, ``max_seq_len=``: a keyword giving the length a call cuts to."""
    return bool(keyword) and bool({"length", "len"} & set(words(keyword or "")))


def _a_length(node: ast.expr) -> bool:
    """``len(ids)``, ``ids.size(1)``, ``ids.shape[1]``, ``seq_len``: the length of an input."""
    if isinstance(node, ast.Call) and (
        callee_name(node) == "len" or (isinstance(node.func, ast.Attribute) and node.func.attr == "size")
    ):
        return True
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute):
        return node.value.attr == "shape"
    name = attr_name(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
    return bool(name) and bool({"length", "len"} & set(words(name or "")))


def budget_lookup(rule: LintRule, call: ast.Call) -> bool:
    """``lookup(model, CONTEXT_WINDOWS, default=...)``: a call reading a budget table or getter. A
    validated field's bound is no table read (``Field(default=6_000, le=MEMORY_PROMPT_BUDGET_CAP)`` of a
    ``prompt_budget_chars``, set 80: hiveloom): its ``default`` is the field's, judged by the field's name."""
    if rule.budget_expr(call) is not None:
        return True
    field = callee_name(call) == "Field"
    args = [*call.args, *(kw.value for kw in call.keywords if not (field and kw.arg in _BOUNDS))]
    return any(rule.budget_expr(a) is not None for a in args if isinstance(a, (ast.Name, ast.Attribute)))


#: Keywords and dict keys whose value is an example shown in a schema's documentation.
_EXAMPLE_KEYS = frozenset({"examples", "example", "json_schema_extra", "schema_extra"})
#: Names a model's schema extras are bound to (a local ``example = {...}`` may be sent: ``shown_examples``).
_SCHEMA_EXTRAS = frozenset({"json_schema_extra", "schema_extra"})
#: Words of a name holding made-up data to show something with (``demo = {"context_tokens": 42000}`` under
#: ``if __name__ == "__main__":``, set 169: superboard's hand check of a receipt), not a request.
_DEMO_WORDS = frozenset({"demo", "dummy", "fake", "mock", "mocked"})


def in_examples(rule: LintRule) -> bool:
    """Inside ``Field(examples=[...])`` or ``json_schema_extra``: documentation, not a budget in use; also
    under such a key of a dict (``model_config = {"json_schema_extra": {"example": {...}}}``, set 101:
    memograph's example request) or bound to pydantic v1's ``schema_extra``, or to a name saying it is
    made up (``_DEMO_WORDS``)."""
    ancestors = rule.ctx.ancestors
    for i, a in enumerate(ancestors):
        if isinstance(a, ast.keyword) and a.arg in _EXAMPLE_KEYS:
            return True
        if type(a) is ast.Dict and i + 1 < len(ancestors):
            child = ancestors[i + 1]
            key = next((k for k, v in zip(a.keys, a.values, strict=True) if v is child), None)
            if type(key) is ast.Constant and key.value in _EXAMPLE_KEYS:
                return True
        if type(a) is ast.Assign and any(
            type(t) is ast.Name and (t.id in _SCHEMA_EXTRAS or _DEMO_WORDS.intersection(words(t.id)))
            for t in a.targets
        ):
            return True
    return False


#: unittest's equality assertions: ``assertEqual(first, second)``, the second argument the expected value.
_EQUALITY_ASSERTIONS = frozenset(
    {
        "assertEqual",
        "assertEquals",
        "assertDictEqual",
        "assertListEqual",
        "assertTupleEqual",
        "assertSequenceEqual",
        "assertSetEqual",
        "assertCountEqual",
        "assertItemsEqual",
    }
)


def _within(inner: ast.AST, outer: ast.AST) -> bool:
    """Whether ``inner`` is written inside ``outer`` (by their source spans)."""
    start = (getattr(inner, "lineno", 0), getattr(inner, "col_offset", 0))
    end = (getattr(inner, "end_lineno", 0) or 0, getattr(inner, "end_col_offset", 0) or 0)
    first = (getattr(outer, "lineno", 0), getattr(outer, "col_offset", 0))
    last = (getattr(outer, "end_lineno", 0) or 0, getattr(outer, "end_col_offset", 0) or 0)
    return first <= start and end <= last


def _expected_values(node: ast.AST) -> list[ast.expr]:
    """The expected value(s) an assertion compares with: the second argument of ``assertEqual`` (or
    its ``second=``), the right side of ``assert x == ...``."""
    if isinstance(node, ast.Call) and callee_name(node) in _EQUALITY_ASSERTIONS:
        given = [k.value for k in node.keywords if k.arg == "second"]
        return given or node.args[1:2]
    if isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare):
        test = node.test
        if len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq):
            return test.comparators[:1]
    return []


def in_expected_value(rule: LintRule, literal: ast.AST) -> bool:
    """``self.assertEqual(actual, Gpt4(max_tokens=1024))``, ``assert request == dict(max_tokens=4096)``:
    a number inside the value an assertion expects repeats what the test fed in, no budget of its own
    (the same number given to the code under test, outside the expected value, stays one; set 43:
    langfun). Read from the assertion among the ancestors of the node being visited."""
    for node in reversed(rule.ctx.ancestors):
        if isinstance(node, (ast.Call, ast.Assert)) and any(
            _within(literal, expected) for expected in _expected_values(node)
        ):
            return True
        if isinstance(node, ast.stmt):
            return expected_binding(rule, node)  # ``expected = {...}`` in a test (set 47: wdoc)
    return False


# --- typed amounts


def _token_unit(rule: LintRule, text: str) -> bool:
    """``"input_tokens"``, ``"tokens"``: a unit of tokens named as an identifier (not a credential's
    ``"type": "token"``, an ``"access_tokens"`` count)."""
    return " " not in text and words(text)[-1:] == ("tokens",) and rule.names.mentions_tokens(text)


def typed_amounts(rule: LintRule, node: ast.Dict | ast.Call) -> list[tuple[str, ast.expr]]:
    """(the unit, the amount) of each amount ``node`` gives beside a ``type``/``unit`` naming tokens:
    ``{"type": "input_tokens", "value": 150000}``, ``TriggerParam(type="input_tokens", value=n)``, a policy rule's
    ``{"field": "estimated_tokens", "operator": "gt", "value": 100000}``."""
    if isinstance(node, ast.Dict):
        entries = {string_value(k): v for k, v in zip(node.keys, node.values, strict=False)}
    else:
        entries = {k.arg: k.value for k in node.keywords if k.arg}
    unit = next((string_value(entries[k]) for k in _TYPE_KEYS if k in entries), None)
    if unit is None or not _token_unit(rule, unit):
        return []
    return [(unit, v) for k, v in entries.items() if k in _AMOUNT_KEYS]


def typed_slot(rule: LintRule, node: ast.Dict | ast.Call, unit: str) -> str:
    """The setting a typed amount is given as (``{"trigger": {"type": ...}}`` -> trigger_input_tokens),
    else its unit alone."""
    parent = rule.ctx.parent(node)
    slot = None
    if isinstance(parent, ast.keyword):
        slot = parent.arg
    elif isinstance(parent, ast.Dict):
        slot = next(
            (string_value(k) for k, v in zip(parent.keys, parent.values, strict=False) if v is node), None
        )
    return f"{slot} {unit}" if slot else unit


class TypedLocals:
    """The locals each function of one module gives as a typed amount of tokens (``max_trigger`` in
    ``{"type": "input_tokens", "value": max_trigger}``): name -> the setting, found on the function's
    whole tree once, asked only for a local bound to a budget-sized number."""

    def __init__(self, rule: LintRule) -> None:
        self.rule = rule
        self._found: dict[int, tuple[Function, dict[str, str]]] = {}

    def of(self, fn: Function) -> dict[str, str]:
        cached = self._found.get(id(fn))
        if cached is not None and cached[0] is fn:
            return cached[1]
        found: dict[str, str] = {}
        for node in walk(fn):
            if isinstance(node, (ast.Dict, ast.Call)):
                for unit, amount in typed_amounts(self.rule, node):
                    if type(amount) is ast.Name:
                        found.setdefault(amount.id, unit)
        self._found[id(fn)] = (fn, found)
        return found


def called_class(rule: LintRule, call: ast.Call) -> str | None:
    """The callee's name, the class around it for ``cls(...)`` in its classmethod (set 343: ctxeng's
    ``TokenBudget.for_model`` falling back to ``cls(total=32_768)``)."""
    if (
        type(call.func) is ast.Name
        and call.func.id == "cls"
        and (owner := rule.ctx.enclosing_class()) is not None
    ):
        return owner.name
    return callee_name(call)


@lru_cache(maxsize=65536)
def token_unit_class(callee: str) -> bool:
    """``TokenInterval``, ``TokenWindow``: a class named after a unit of tokens and how it spaces or
    limits them (two words), whose numbers count tokens (not a ``TokenBucket``'s refills, a
    ``TokenRefreshInterval``'s seconds). Kept per name: asked at every call walked."""
    ws = words(callee)
    return (
        callee.lstrip("_")[:1].isupper()
        and len(ws) == 2
        and ws[0] in {"token", "tokens"}
        and ws[1] in _SPACING_WORDS
    )


def estimate_into_count(rule: LintRule, node: ast.AugAssign) -> tuple[str, str] | None:
    """``total += 1000`` in ``def _estimate_messages_tokens(...)`` that ``return total``: (the count, the
    function) of a literal added into the count a token-estimating function returns, under a name
    that does not say tokens (PB102 judges ``num_tokens += 1024``)."""
    if not isinstance(node.op, ast.Add) or type(node.target) is not ast.Name or is_test_module(rule.ctx.path):
        return None
    fn = rule.ctx.function()
    count = node.target.id
    if fn is None or not estimates_tokens(fn) or rule.token_amount(node.target):
        return None
    returned = any(isinstance(n, ast.Return) and _returns_count(n.value, count) for n in walk(fn))
    return (count, fn.name) if returned else None


def _returns_count(value: ast.expr | None, count: str) -> bool:
    """``return total``, or the count topped up by a constant (``return total + 50``, set 89: tantra)."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add) and type(value.right) is ast.Constant:
        value = value.left
    return type(value) is ast.Name and value.id == count


def converted_read(node: ast.expr) -> str | None:
    """``_parse_positive_int(values.get("token_threshold"))``, ``int(cfg.max_tokens)``: the name (or key)
    a one-argument conversion reads; not a length (``len(x)``)."""
    if not isinstance(node, ast.Call) or len(node.args) != 1 or node.keywords or callee_name(node) == "len":
        return None
    return attr_name(node.args[0])


#: Words of a number of outputs: how many completions a request samples, unless it says tokens.
_OUTPUT_WORDS = frozenset({"output", "outputs"})


def completions_count(rule: LintRule, keyword: str, call: ast.Call) -> bool:
    """``AdapterSpec(num_outputs=25, max_tokens=150)``: a number of outputs given beside a cap named as
    tokens is how many completions are sampled, not a number of tokens (set 21: crfm-helm)."""
    if not set(words(keyword)) & _OUTPUT_WORDS or rule.names.mentions_tokens(keyword):
        return False
    return any(
        kw.arg and kw.arg != keyword and rule.names.mentions_tokens(kw.arg) and rule.names.is_budget(kw.arg)
        for kw in call.keywords
    )


#: A validated field's bounds (pydantic's ``Field(le=...)``, ``lt=``; ``ge=``, ``gt=``), with the suffix of
#: the key each is reported under: a cap is the budget itself, a floor its ``_min``.
_BOUNDS = {"le": "", "lt": "", "ge": "_min", "gt": "_min"}


#: Calls validating a field's or a parameter's value within bounds: pydantic's, FastAPI's.
_VALIDATED = frozenset({"Field", "Query", "Body", "Path", "Form", "Header"})


def field_bound(rule: LintRule, call: ast.Call) -> list[tuple[ast.keyword, str]] | None:
    """``max_tokens: int = Field(ge=0, le=4096, default=100)``: (each bound, the key it is reported
    under) of a field named as a budget: the most tokens it lets a caller ask for, a budget written
    inline (set 22: langchain-community; the default is PB102's), and the least (``ge=1024`` on
    ``max_reasoning_tokens``, set 55: atroposlib), a floor on the budget, reported as its ``_min``; of a
    field counting tokens (``output_tokens``), its upper bound alone, as its ``_max``."""
    if callee_name(call) in OPTIONS:
        return option_bounds(rule, call)
    if callee_name(call) not in _VALIDATED:
        return None
    bounds = [kw for kw in call.keywords if kw.arg in _BOUNDS]
    parent = rule.ctx.parent(call)
    target: ast.expr | None = parent.target if isinstance(parent, ast.AnnAssign) else None
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
        target = parent.targets[0]
    name = target.id if type(target) is ast.Name else None
    if isinstance(parent, ast.arguments) and bounds:
        # ``max_tokens: int | None = Query(None, ge=100, le=100000)``: FastAPI's parameter (set 141)
        name = next((a.arg for a, d in defaults(parent) if d is call), None)
    if name is None and bounds:
        name = annotated_parameter(rule, call)  # ``token_budget: Annotated[int, Field(le=32_768)]``
    if not bounds or not name or rule.names.is_chars(name) or _described_otherwise(rule, name, call):
        return None  # ``description="Maximum character length for truncated text"`` (set 549: mcp-context-server)
    if not rule.names.is_budget_setting(name):
        if len(words(name)) < 2 or not rule.names.is_token_amount(name) or rule.names.is_excluded(name):
            return None  # not a bare ``tokens``, which may be a budget read elsewhere (``field_reach``)
        # ``output_tokens: StrictInt = Field(ge=0, le=192)``: the most tokens a reported count may hold, a
        # cap in tokens (set 168: fastfence's semantic worker results); its floor is no budget
        return [(kw, name + "_max") for kw in bounds if kw.arg in {"le", "lt"}] or None
    return [(kw, name + _BOUNDS[kw.arg or ""]) for kw in bounds]


def _described_otherwise(rule: LintRule, name: str, call: ast.Call) -> bool:
    """The field's description gives another unit (characters, bytes) and its name does not say tokens (not
    hiveloom's ``max_tokens`` "estimated from serialized UTF-8 bytes / 4")."""
    return not rule.names.says_tokens(name) and says_characters(field_description(call))


def keys_read(rule: LintRule, node: ast.expr) -> str | None:
    """``_pick("maxTokens", "tokens_max", "max_tokens")``: a lookup of one setting under the spellings of
    its key (set 76: conjure-agents' context meter), two or more, each given as a string naming a budget:
    the last; not a read of the environment (one key read by a settings getter: ``settings_reads``)."""
    if type(node) is not ast.Call or node.keywords or not node.args or is_env_read(node):
        return None
    keys = [string_value(a) for a in node.args]
    names = [k for k in keys if k is not None]
    if len(names) != len(keys) or len(names) < 2 or not all(rule.names.is_budget(k) for k in names):
        return None
    return names[-1]
