"""The entries of a dict written inline that PB101 reads as token budgets (a request's or a tokenizer's
settings).

- a key named as a budget: ``{"max_tokens": 1024}``;
- a key that is a provider's constant named as a budget: ``params={GenParams.MAX_NEW_TOKENS: 2000}``
  (an enum or class attribute whose name says a budget; set 21: crfm-helm's watsonx client). A member
  of a finish or stop reason's enum (``FinishReason.MAX_TOKENS``, ``StopReason.MAX_TOKENS``) names why a
  generation stopped, not a setting: ``{FinishReason.MAX_TOKENS: 429, FinishReason.STOP: 200}`` maps
  reasons to HTTP codes (set 61: unstract-sdk's Vertex AI adapter);
- a weakly named key (``"max_length"``) beside a generation request's sampling settings or budgets
  (``"temperature"``, ``"context_window"``), or beside ``"truncation": True`` (a tokenizer's length).

A number written as a string for a model server's environment (``{"MAX_TOTAL_TOKENS": json.dumps(4096)}``
given to ``HuggingFaceModel(env=...)``, ``str(4096)``; set 51: fmbench) is the number it serializes; a
string of digits under a key named as a budget (``{"MAX_INPUT_LENGTH": "2047"}``) is that number.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.bucket_refills import bucket_call
from prompt_budget.lint.generation_lengths import generation_length
from prompt_budget.lint.lexer_tokens import regex_tokenizers
from prompt_budget.lint.names import SMALLEST_MODEL_WINDOW, NameJudge, words
from prompt_budget.lint.padded_inputs import encoded_length, pads_to_length
from prompt_budget.lint.pipeline_lengths import pipeline_length
from prompt_budget.lint.rule import callee_name, dotted, string_value
from prompt_budget.lint.small_caps import small_cap
from prompt_budget.lint.token_cuts import cut_kwargs, cuts_tokens, embedder_length, tokenizer_length
from prompt_budget.lint.token_strings import cuts_own_string
from prompt_budget.lint.walks import kept_per_file, source_of, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Keys of a model's whole configuration (a ``PretrainedConfig`` written out, its generation defaults among
#: them: ``"max_length": 20`` beside ``"num_beams": 1``), never of a request.
_MODEL_CONFIG_KEYS = frozenset(
    {"tie_word_embeddings", "is_encoder_decoder", "pruned_heads", "chunk_size_feed_forward", "torchscript"}
)

#: Keys of a text-generation request besides its length: sampling settings.
SAMPLING_KEYS = frozenset(
    {
        "temperature",
        "top_p",
        "top_k",
        "typical_p",
        "min_p",
        "repetition_penalty",
        "rep_pen",
        "presence_penalty",
    }
)


#: The last word of an enum of why a generation ended (``FinishReason``, ``StopReasons``).
_REASON_WORDS = frozenset({"reason", "reasons"})


def constant_key(node: ast.expr | None) -> str | None:
    """``GenParams.MAX_NEW_TOKENS``: the name of a class's (an enum's) constant used as a key, else None;
    None for a member of a finish or stop reason's enum (``FinishReason.MAX_TOKENS``)."""
    if (
        type(node) is ast.Attribute
        and type(node.value) is ast.Name
        and node.value.id[:1].isupper()
        and node.attr.isupper()
        and not _REASON_WORDS.intersection(words(node.value.id)[-1:])
    ):
        return node.attr.lower()
    return None


def _choices(value: ast.expr | None) -> tuple[ast.expr, ...]:
    """``4096 if verbose else 2``: both branches when both are numbers written there, also as the fallback of an
    ``or`` (``num_predict or (1024 if json else 4096)``, set 211: fathom-lake), else ()."""
    if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or):
        value = value.values[-1]
    if not isinstance(value, ast.IfExp):
        return ()
    branches = (value.body, value.orelse)
    return branches if all(type(b) is ast.Constant and isinstance(b.value, int) for b in branches) else ()


#: Calls that write a number as a string: JSON's, ``str``.
_SERIALIZERS = frozenset({"json.dumps", "dumps", "str"})


def serialized(value: ast.expr) -> ast.expr:
    """``json.dumps(4096)``, ``str(4096)``: the number a one-argument serializer is given, else ``value``."""
    if (
        isinstance(value, ast.Call)
        and len(value.args) == 1
        and not value.keywords
        and dotted(value.func) in _SERIALIZERS
        and type(value.args[0]) is ast.Constant
    ):
        return value.args[0]
    return value


def digits(rule: LintRule, value: ast.expr) -> int | None:
    """``"4096"``: the number a string of digits writes, when large enough to be a budget."""
    text = string_value(value)
    if text is None or not text.isdigit() or not text.isascii():
        return None
    found = rule.budget_literal(ast.Constant(value=int(text)))
    return int(found) if found is not None else None


#: Words a key may add to a bare context and still name its size (``default_ctx``, ``context``).
_CONTEXT_ADDED = frozenset({"default", "dflt", "base"})


def _context(name: str) -> bool:
    """``"ctx"``, ``"default_ctx"``, ``"context"``: a context and nothing else, whose number is its size
    (set 97: navy-ai's CLI settings, given to Ollama's ``num_ctx``)."""
    return tuple(w for w in words(name) if w not in _CONTEXT_ADDED) in {("ctx",), ("context",)}


#: Words of the side of a request a weakly named cap names (``max_output``).
_SIDES = frozenset({"output", "input"})


def output_beside_window(judge: NameJudge, keyword: str, call: ast.Call) -> bool:
    """``Capabilities(max_context=200_000, max_output=32_000)``: a weakly named cap of a request's side
    (``max_output``) given beside a keyword that is a budget by its name (the model's window): the most
    the model answers, in tokens, as ``"max_output"`` beside ``"context_window"`` in a dict is (set 97:
    edgar-harness's fake provider)."""
    if not judge.is_weak_budget(keyword) or not _SIDES.intersection(words(keyword)):
        return False
    return any(k.arg and k.arg != keyword and judge.is_budget(k.arg) for k in call.keywords)


#: A library callee's keywords that count tokens though their names do not say so, by the callee's name:
#: LangChain v1's ``ClearToolUsesEdit`` (``langchain.agents.middleware``, the context-editing middleware that
#: mirrors Anthropic's ``clear_tool_uses`` edit) clears older tool results once the conversation reaches
#: ``trigger`` tokens and reclaims at least ``clear_at_least``; its ``keep`` counts tool results (set 108:
#: chcode's ``ClearToolUsesEdit(trigger=100_000, keep=3)``).
_TOKEN_KEYWORDS: dict[str, frozenset[str]] = {
    "ClearToolUsesEdit": frozenset({"trigger", "clear_at_least"}),
}


def library_token_keyword(keyword: str, call: ast.Call) -> str | None:
    """Why ``keyword`` of ``call`` is a number of tokens when the library documents it so, else None."""
    callee = callee_name(call)
    if callee is not None and keyword in _TOKEN_KEYWORDS.get(callee, ()):
        return f"given as `{keyword}=` to `{callee}`, which counts it in tokens"
    return None


#: A callee named only "token": a validator or maker of a token string (``token(value, "currency.code",
#: max_length=64)``, set 219: merkl-sdk's identifiers of at most 64 characters), no counter or cutter of tokens.
_BARE_NOUNS = frozenset({("token",), ("tokens",)})


def budget_keyword(rule: LintRule, arg: str, call: ast.Call) -> bool:
    """``f(max_tokens=...)``, ``tokenizer(t, truncation=True, max_length=...)``, ``model.generate(x,
    max_length=...)``: a keyword whose value is a budget, by its name or by the call (PB101's test, also
    of the keys a module reads into such a keyword: ``key_read_as_budget``)."""
    judge = rule.names
    if bucket_call(call):
        return False  # ``RateLimitConfig(max_tokens=5000, refill_rate=...)``: a bucket's capacity
    return (
        judge.is_budget_setting(arg)
        or (
            judge.is_weak_budget(arg)
            and (
                (
                    judge.mentions_tokens(callee := callee_name(call) or "")
                    and words(callee) not in _BARE_NOUNS
                    and not (type(call.func) is ast.Name and callee in regex_tokenizers(rule))
                    and not cuts_own_string(rule, call, arg)  # ``_safe_filename_token(p, max_len=24)``
                )
                or cuts_tokens(call)
                or generation_length(arg, call)
                or embedder_length(arg, call)
                or _beside_token_lengths(judge, arg, call)
            )
        )
        or tokenizer_length(arg, call)
        or output_beside_window(judge, arg, call)  # set 97
        or pads_to_length(arg, call)  # ``tokenizer(p, padding="max_length", max_length=128)``
        or encoded_length(arg, call)  # ``model.encode(sentences, max_length=512)``
        or pipeline_length(rule, arg, call)
        or library_token_keyword(arg, call) is not None  # ``ClearToolUsesEdit(trigger=100_000)``
    )


#: The words of a length keyword a trainer's config names beside its plain ``max_length``.
_SIDE_LENGTHS = frozenset({"prompt", "completion", "target", "seq", "sequence"})


def _beside_token_lengths(judge: NameJudge, arg: str, call: ast.Call) -> bool:
    """``DPOConfig(..., max_length=2048, max_prompt_length=1024)``: a plain length given with a length of the
    prompt or the completion in the same call, one a budget by its name: the whole sequence's, in the same unit
    (set 475: signalforgeai's TRL config)."""
    if not set(words(arg)) & {"length", "len"}:
        return False
    return any(
        kw.arg != arg
        and set(words(kw.arg)) & _SIDE_LENGTHS
        and set(words(kw.arg)) & {"length", "len"}
        and judge.is_budget(kw.arg)
        for kw in call.keywords
        if kw.arg
    )


#: Words of a setting saying what it keeps of tokens (``keepRecentTokens``), not a count reported
#: (``preCompactionTokens``, set 283's pass: codee-agent's test fixtures).
_KEPT_WORDS = frozenset(
    {"keep", "kept", "retain", "preserve", "reserve", "target", "floor", "ceiling", "cap"}
)

#: ``max_length=cfg["max_length"]``, ``max_length=self.config.get("max_length")``: a keyword given the
#: value read under the key of its own name (the text gate of ``key_read_as_budget``).
_SAME_KEY = re.compile(r"""\b(\w+)\s*=\s*[\w.]+(?:\[\s*["'](\w+)["']\s*\]|\.get\(\s*["'](\w+)["'])""")
_key_reads: list[tuple[ast.AST | None, dict[str, str]]] = kept_per_file([])


def key_read_as_budget(rule: LintRule, key: str) -> str | None:
    """Why a weakly named key (``"max_length"``) holds tokens in this module: it is read into a budget
    keyword of its own name (``CrossEncoder(name, max_length=self.model_config["max_length"])``; set 107:
    knowledge-core-engine's table of rerankers), else None."""
    tree = rule.ctx.tree
    if not (_key_reads and _key_reads[0][0] is tree):
        _key_reads[:] = [(tree, _budget_reads(rule, tree))]
    return _key_reads[0][1].get(key)


def _budget_reads(rule: LintRule, tree: ast.AST | None) -> dict[str, str]:
    """The keys the module reads into a budget keyword of the same name, with why."""
    text = source_of(rule.ctx.lines)[0]
    keys = {m[1] for m in _SAME_KEY.finditer(text) if m[1] in (m[2], m[3])}
    out: dict[str, str] = {}
    for node in walk(tree) if keys and tree is not None else ():
        if type(node) is not ast.Call:
            continue
        for kw in node.keywords:
            arg = kw.arg
            if (
                arg is not None
                and arg in keys
                and _read_under(kw.value, arg)
                and budget_keyword(rule, arg, node)
            ):
                out[arg] = f"read into `{arg}=` of `{callee_name(node) or 'a call'}`"
    return out


def _read_under(value: ast.expr, key: str) -> bool:
    """``x["key"]`` or ``x.get("key", ...)``."""
    if isinstance(value, ast.Subscript):
        return string_value(value.slice) == key
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "get"
        and bool(value.args)
        and string_value(value.args[0]) == key
    )


def passed_how(judge: NameJudge, keyword: str, call: ast.Call) -> str:
    """Why a budget keyword's literal is one, for the finding's message: beside a window's keyword, the
    model's output cap (``output_beside_window``), else passed inline."""
    if (said := library_token_keyword(keyword, call)) is not None:
        return said
    if not output_beside_window(judge, keyword, call):
        return "passed inline"
    window = next(k.arg for k in call.keywords if k.arg and k.arg != keyword and judge.is_budget(k.arg))
    return f"passed beside `{window}=`, a budget by its name, so the model's output cap"


def request_entries(
    rule: LintRule, node: ast.Dict, skip: set[int]
) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """(the value, its key, the number, how) of each entry of ``node`` that is a token budget; the
    values whose id is in ``skip`` are judged elsewhere."""
    keys: list[str] | None = None
    # ``"max_tokens": 4096 if verbose else 2``: each branch of a choice between two written numbers
    # (set 50: granite-io's reranker; a fallback, ``x if x is not None else 512``, is ``visit_IfExp``'s)
    pairs = [
        (key, branch)
        for key, whole in zip(node.keys, node.values, strict=False)
        for branch in (_choices(whole) or (serialized(whole),))
    ]
    for key, item in pairs:
        value = rule.budget_literal(item) or small_cap(rule, string_value(key), item, node)
        if value is None and rule.names.is_budget(string_value(key) or ""):
            value = digits(rule, item)  # ``{"MAX_TOTAL_TOKENS": "4096"}``: an environment takes strings
        if value is None or id(item) in skip:
            continue
        name = string_value(key)
        constant = constant_key(key) if name is None else None
        if constant is not None and rule.names.is_budget(constant):
            yield item, constant, value, "written into a request under a provider's constant"
            continue
        if not name:
            continue
        if rule.names.is_budget(name):
            yield item, name, value, "written into a request"
        elif (
            rule.names.is_budget_setting(name)
            and set(words(name)) & _KEPT_WORDS
            and any(k is not key and rule.names.is_budget(string_value(k) or "") for k in node.keys)
        ):
            # ``{"reserveTokens": 16384, "keepRecentTokens": 16000}``: a setting of tokens beside a budget
            # (set 283: eda-bridge-runtime's compaction settings)
            yield item, name, value, "written into a request beside a budget"
        elif (weak := rule.names.is_weak_budget(name)) or (value >= SMALLEST_MODEL_WINDOW and _context(name)):
            # a generation request or a model's row: its sampling settings or budgets make a weak
            # name (``"max_length": 512`` beside ``"temperature"``, ``"max_output"`` beside
            # ``"context_window"``) a number of tokens (set 11: letta's KoboldCpp settings, MiniMax),
            # and a bare context (``"default_ctx": 32768`` beside ``"max_response_tokens"``) a window
            if keys is None:
                keys = [string_value(k) or "" for k in node.keys]
            if _MODEL_CONFIG_KEYS.intersection(keys):
                continue  # a model's config dumped whole (``"tie_word_embeddings": True``, set 389: owistscribe)
            if any(k in SAMPLING_KEYS or rule.names.is_budget(k) for k in keys):
                yield item, name, value, "written into a request"
            elif weak and cut_kwargs(node):
                # ``pipeline_kwargs={"max_length": 512, "truncation": True}``: a tokenizer's length
                yield item, name, value, "given with `truncation: True` (a tokenizer's length)"
