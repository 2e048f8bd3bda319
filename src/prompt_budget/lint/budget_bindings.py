"""PB102's judgement of a number bound by an assignment: a module or class constant, an attribute, a
field's default, a walrus.

``judge_assignment`` reports the binding when its name says budget (``CONTEXT_WINDOW = 200_000``), when
its comment says tokens (``DEFAULT_NUM_OUTPUTS = 256  # tokens``), in the special forms PB102 knows
(LangChain's ``("tokens", 4000)``, ``NUM_CHARS_PER_TOKEN * 20_000``, llama_index's
``Settings.chunk_size``, the ``else`` of a window lookup), and otherwise holds it for the module's
reads to decide (``deferred.Deferred``): a window that may count characters, a ``<what>_tokens`` that
may be a cost, a token estimate, a name that says nothing.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import uncast
from prompt_budget.lint.budget_classes import class_budget_field
from prompt_budget.lint.budget_lists import listed_budget
from prompt_budget.lint.byte_sizes import sized_in_bytes
from prompt_budget.lint.char_allowances import TEXT_WORDS
from prompt_budget.lint.char_params import rate_times_tokens, tokens_made_characters
from prompt_budget.lint.character_reads import reads_of
from prompt_budget.lint.class_constants import class_constant_read
from prompt_budget.lint.comments import IN_CHARACTERS
from prompt_budget.lint.count_sentinels import stand_in_count
from prompt_budget.lint.credential_names import credential_count, credential_lifetime
from prompt_budget.lint.field_docstrings import annotated_call, docstring_says_tokens, said_in_characters
from prompt_budget.lint.field_entries import field_entry_in_tokens
from prompt_budget.lint.flow import default_of, fallback_window, field_const
from prompt_budget.lint.forecast_contexts import forecast_context
from prompt_budget.lint.forms import (
    assigned_token_size,
    field_says_tokens,
    llama_index_size,
    tokens_times_ratio,
)
from prompt_budget.lint.inline_branches import assigned_fallback
from prompt_budget.lint.kernel_launch import defines_kernels, launch_name
from prompt_budget.lint.kv_options import kv_option_read
from prompt_budget.lint.lexer_tokens import lexer_module
from prompt_budget.lint.names import TOKEN_WORDS, words
from prompt_budget.lint.not_limits import (
    no_limit_sentinel,
    only_counts_pieces,
    only_sizes_fields,
    scale_divisor,
)
from prompt_budget.lint.other_units import (
    chosen_by_other_unit,
    comment_names_other_unit,
    described_in_other_unit,
    logged_length,
)
from prompt_budget.lint.output_limits import limit_beside_context
from prompt_budget.lint.overlap_siblings import chunk_beside_token_overlap
from prompt_budget.lint.param_docstrings import attribute_documented_in_tokens, documented_in_tokens
from prompt_budget.lint.priced_branches import only_prices
from prompt_budget.lint.reported_counts import only_reported
from prompt_budget.lint.retry_ceilings import retry_token_ceiling
from prompt_budget.lint.rope_origins import rope_origin
from prompt_budget.lint.rule import attr_name, dotted, string_value
from prompt_budget.lint.self_steps import steps_itself
from prompt_budget.lint.stated_rates import (
    block_comment,
    comment_above,
    literal_product,
    stated_conversion,
    stated_product,
)
from prompt_budget.lint.token_estimates import media_tokens, token_estimate
from prompt_budget.lint.token_strings import token_string_length
from prompt_budget.lint.token_windows import where_token_window
from prompt_budget.lint.walks import innermost_statement
from prompt_budget.lint.word_counts import compared_with_words, sliced_words

if TYPE_CHECKING:
    from prompt_budget.lint.deferred import Deferred
    from prompt_budget.lint.rule import LintRule

#: A comment block above a constant saying its unit is tokens.
_IN_TOKENS = re.compile(r"\(in tokens\)|\bin tokens\b", re.IGNORECASE)
#: Words of a size whose unit a name may leave unsaid (``DOC2JSON_DEFAULT_WINDOW_SIZE``).
_SIZE_WORDS = frozenset({"size", "window", "length", "len", "limit", "max", "min"})


def _sized_without_unit(rule: LintRule, name: str) -> bool:
    """A name of a size not saying its unit: the comment above then gives it (a name saying tokens or a budget is
    judged by itself, and any other by its reads: ``CHAT_HISTORY_BUFFER`` subtracted from a window)."""
    ws = set(words(name))
    return bool(ws & _SIZE_WORDS) and not rule.names.says_tokens(name) and not rule.names.is_budget(name)


def report_binding(
    rule: LintRule, node: ast.expr, name: str, value: int | float, where: str, upper: bool, said: bool = False
) -> None:
    """Report ``name = value`` (``node`` the literal); ``upper``: a constant, keyed by its own name;
    ``said``: its description or docstring gives its unit as tokens (a small window is then one)."""
    if (rule.names.implausible(name, value) and not said) or forecast_context(rule, name):
        return  # ``context_length = 50`` lines, ``CONTEXT_LIMIT = 21`` messages; a forecaster's steps (set 323)
    if no_limit_sentinel(name, value):
        return  # ``max_seq_length = 1000000``: "no limit", not a tunable length
    message = f"token budget {name} = {value} {where}; move it to config so it can be tuned and tested"
    if upper:
        parts = (name, rule.ctx.class_name(), rule.ctx.module_name)
        rule.report(node, message, target=node, value=value, key_parts=parts)
    else:
        rule.report_literal(node, message, value, name)


def judge_assign(rule: LintRule, held: Deferred, node: ast.Assign | ast.AnnAssign) -> None:
    """An assignment statement: each name with its value (``SUMMARY_MAX_TOKENS, ANSWER_MAX_TOKENS =
    1024, 2048``), a field's default (``max_tokens = Field(default=2000)``, tokens by its description
    ``Field(default=256, description="Min tokens to split code.")``) and its flag's ``const``."""
    if (
        isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and (base := weighted_base(node.value)) is not None
    ):
        judge_assignment(
            rule, held, node.targets[0], base
        )  # ``kg_budget = int(200 * strategy["kg_weight"])``
        return
    if isinstance(node, ast.AnnAssign) or (len(node.targets) == 1 and isinstance(node.value, ast.Call)):
        target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
        if node.value is None:
            return  # ``min_chunk_size: int`` declares a field its subclasses give a default: no binding
        literal = default_of(node.value)
        amount = rule.budget_literal(literal)
        if amount is not None and (
            said_in_characters(rule, node)
            or logged_length(node)
            or (isinstance(target, ast.Name) and described_in_other_unit(node, target.id))
        ):
            return  # ``Field(default=2000, description="Maximum character budget ...")``: characters
            # (``Field(default=500, description="Maximum prompt length to log")``: logged text; a
            # ``Field(default=200, description="Message-count ceiling ...")``: messages)
        # ``said`` weighs only in ``judge_assignment``'s judgement of a number (the value whose
        # ``budget_literal`` is ``amount``): the descriptions and docstrings are read for those alone
        # (most fields, ``name: str = "x"``, hold none)
        said = amount is not None and (
            field_says_tokens(rule, node.value)
            or docstring_says_tokens(rule, node)
            or field_says_tokens(rule, annotated_call(node))  # ``Annotated[int, Field(...)] = N``
        )
        if amount is not None and not said and isinstance(target, ast.Name) and rule.ctx.function() is None:
            said = documented_in_tokens(rule, target.id)  # a field the class docstring gives in tokens
            said = said or field_entry_in_tokens(rule, target.id)  # "Target number of tokens to keep"
            said = said or _chunk_beside_overlap(
                rule, target.id
            )  # ``max_chunk_size`` beside ``overlap_tokens``
        judge_assignment(rule, held, target, literal, said=said)
        field_flag_const(rule, target, node.value)
        return
    amount = rule.budget_literal(node.value)
    if amount is not None and said_in_characters(rule, node):
        return  # ``max_tokens = 2000`` under the docstring ``"Maximum length in characters."``
    if (
        amount is not None  # else judged the same below, ``said`` weighing only for a number
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and docstring_says_tokens(rule, node)
    ):
        judge_assignment(rule, held, node.targets[0], node.value, said=True)  # ``length = 256`` + docstring
        return
    if (
        amount is not None
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and rule.ctx.function() is None
        and _sized_without_unit(rule, node.targets[0].id)
        and _IN_TOKENS.search(comment_above(rule.ctx.lines, node))
    ):  # ``# Sliding window configuration (in tokens)`` over ``WINDOW_SIZE = 4000`` (set 213: powabase-agentic)
        judge_assignment(
            rule, held, node.targets[0], node.value, said="in a constant its comment gives in tokens"
        )
        return
    if (attr := _constructor_attribute(rule, node)) and attribute_documented_in_tokens(rule, attr):
        judge_assignment(rule, held, node.targets[0], node.value, said=True)  # ``self.context_size = 300``
        return
    for target in node.targets:
        if (
            isinstance(target, (ast.Tuple, ast.List))
            and isinstance(node.value, (ast.Tuple, ast.List))
            and len(target.elts) == len(node.value.elts)
            and not any(isinstance(e, ast.Starred) for e in (*target.elts, *node.value.elts))
        ):
            for name, value in zip(target.elts, node.value.elts, strict=True):
                judge_assignment(rule, held, name, value)
        else:
            judge_assignment(rule, held, target, node.value)


#: Words of a weight a base amount is scaled by (``strategy["kg_weight"]``, ``self.scale``).
_WEIGHT_WORDS = frozenset({"weight", "weights", "factor", "multiplier", "scale"})


def weighted_base(value: ast.expr) -> ast.expr | None:
    """The number of ``int(200 * strategy["kg_weight"])`` (or without ``int()``): a base amount scaled by a
    weight, the setting the binding's name is judged by (set 343: taosmd's token budgets per intent), else None."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in {"int", "round"}:
        value = value.args[0] if len(value.args) == 1 else value
    if not (isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult)):
        return None
    for base, weight in ((value.left, value.right), (value.right, value.left)):
        key = string_value(weight.slice) if isinstance(weight, ast.Subscript) else attr_name(weight)
        if type(base) is ast.Constant and type(base.value) is int and set(words(key or "")) & _WEIGHT_WORDS:
            return base
    return None


def _chunk_beside_overlap(rule: LintRule, name: str) -> bool:
    """A field of the class being visited sizing a chunk beside a field of its overlap in tokens
    (``overlap_siblings.chunk_beside_token_overlap``, set 355: docforge-rag's ``ChunkerConfig``)."""
    cls = rule.ctx.enclosing_class()
    fields = [attr_name(s.target) or "" for s in cls.body if isinstance(s, ast.AnnAssign)] if cls else []
    return chunk_beside_token_overlap(fields, name) is not None


def _constructor_attribute(rule: LintRule, node: ast.Assign) -> str | None:
    """``self.context_size = 300`` in ``__init__``: the attribute of the instance given a number."""
    fn = rule.ctx.function()
    target = node.targets[0] if len(node.targets) == 1 else None
    if (
        fn is not None
        and fn.name == "__init__"
        and isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
        and rule.budget_literal(node.value) is not None
    ):
        return target.attr
    return None


def judge_assignment(
    rule: LintRule,
    held: Deferred,
    target: ast.expr,
    literal: ast.expr | None,
    walrus: bool = False,
    said: bool | str = False,
) -> None:
    """``target = literal`` (``said``: a field whose description says tokens, or what says so): report it,
    hold it for the module's reads, or note that ``target`` is bound to something else."""
    if isinstance(literal, ast.IfExp):  # ``max_tokens = 5000 if heavy else 3000``: both values
        if chosen_by_other_unit(rule, literal):
            return  # ``budget = max(180, int(max_chars)) if max_chars is not None else 3000``: characters
        fallback = assigned_fallback(
            rule, target, literal
        )  # PB101's ``w = cfg.context_window if c else 8000``
        for branch in (b for b in (literal.body, literal.orelse) if b is not fallback):
            judge_assignment(rule, held, target, branch, walrus)
        return
    if (size := assigned_token_size(literal)) is not None:  # ``DEFAULT_TRIGGER = ("tokens", 4000)``
        name, value = attr_name(target) or "", rule.budget_literal(size)
        if name and value is not None and not rule.names.is_excluded(name):
            report_binding(rule, size, name, value, 'as a ("tokens", N) context size', name.isupper())
        return
    if isinstance(literal, ast.BinOp) and (stated := _stated_product(rule, literal)) is not None:
        # ``prompt_overhead = 2000 * 4`` under ``# ~2000 tokens ... 1 token ≈ 4 chars`` (set 124): tokens
        how = f"turned into characters by `{ast.unparse(literal)}` at the rate its comment states"
        report_binding(rule, stated[0], f"{attr_name(target) or 'size'}_tokens", stated[1], how, upper=False)
        return
    if (
        isinstance(literal, ast.BinOp)
        and tokens_made_characters(attr_name(target) or "")
        and rule.names.is_budget("_".join(words(attr_name(target) or "")[:-1]))
        and not rule.names.is_excluded("_".join(words(attr_name(target) or "")[:-1]))
        and (made := rate_times_tokens(literal)) is not None
    ):
        # ``_TOKEN_BUDGET_CHARS = 32000 * 4``: the tokens here, the rate PB104's (set 521: fitz-forge)
        *kept, unit = words(attr_name(target) or "")
        name = "_".join(kept) if TOKEN_WORDS.intersection(kept) else "_".join((*kept, "tokens"))
        how = (
            f"turned into {'bytes' if unit.startswith('byte') else 'characters'} by `{ast.unparse(literal)}`"
        )
        report_binding(rule, made[1], name, rule.budget_literal(made[1]) or 0, how, upper=False)
        return
    if (conv := _stated_conversion(rule, literal)) is not None:
        # ``_MAX_EMBED_CHARS = 8000`` under ``# ... 2000 tokens ≈ 8000 chars``: tokens, written in characters
        how = f"characters: {conv[0]} tokens at {conv[1]:g} characters per token, as its comment states"
        report_binding(rule, conv[2], attr_name(target) or "size", conv[3], how, upper=False)
        return
    if (times := tokens_times_ratio(literal)) and (amount := rule.budget_literal(times[0])) is not None:
        how = f"multiplied by the per-token ratio `{times[1]}`: tokens"  # ``NUM_CHARS_PER_TOKEN * 20_000``
        report_binding(rule, times[0], f"{attr_name(target) or 'size'}_tokens", amount, how, upper=False)
        return
    if (
        isinstance(literal, ast.BoolOp)
        and isinstance(literal.op, ast.Or)
        and isinstance(target, ast.Name)
        and rule.ctx.function() is not None
        and (value := rule.budget_literal(literal.values[-1])) is not None
        and not rule.names.is_budget(target.id)  # ``max_tokens = cfg.max_tokens or 4096``: PB101's
    ):
        # ``phase2_max = answer_reserve or 16_000`` ... ``max_tokens=phase2_max``: the local's fallback,
        # decided by the local's reads (set 181: openprover)
        held.candidate(rule, target.id, literal.values[-1], value)
        return
    value = rule.budget_literal(literal)
    if value is None or literal is None:
        first = _first_of_numbers(rule, literal)  # ``[2048, 512, 256]``: its first number, else None
        bound = attr_name(target) if isinstance(target, (ast.Name, ast.Attribute)) else None
        if bound:
            self_attr = isinstance(target, ast.Attribute) and dotted(target.value) in {"self", "cls"}
            plain = uncast(literal, {"int", "float"}) if literal is not None else None  # ``int(size)`` too
            source = plain.id if isinstance(plain, ast.Name) else ""  # ``self.size = size``
            # ``parent.chunk_metadata.parent_size = parent_size``: the candidate stored on another object under its own
            # name, no new binding of it (set 573: coresdk-extractor)
            copied = isinstance(target, ast.Attribute) and not self_attr and source == bound
            if (
                not (rule.ctx.scopes and first)
                and not copied
                and (  # a local list of sizes is judged below
                    self_attr or not (_local_of_another(rule, held, bound) or steps_itself(literal, bound))
                )
            ):
                held.bindings.rebound(bound, rule.ctx.class_name() if self_attr else "", source)
            if source:
                held.stored.setdefault(source, set()).add(bound)
            elif (const := class_constant_read(literal)) is not None:
                # ``max_tokens = self.DEFAULT_OUTPUT_TOKENS``: the class's constant stored in a window
                held.stored.setdefault(const, set()).add(bound)
            if source in held.imported and source not in held.uses.reasons:
                # ``_DEFAULT_MAX_LENGTH = DEFAULT_MAX_LENGTH`` in a class with a token budget: the
                # imported constant is a window (reported where it is bound, ``flow.imported_budgets``)
                why = held.windows.evidence(rule, bound, None)
                if why:
                    held.uses.reasons[source] = f"bound to `{bound}`, {why}"
        if isinstance(target, ast.Name) and first and (why := listed_budget(rule, target.id)):
            report_binding(rule, first[0], target.id, first[1], why, upper=False)  # a sweep's (set 371)
        elif isinstance(target, ast.Name) and first:
            # ``DEFAULT_SEQ_LENGTHS = [4096]``: settings decided by their reads (set 20), reported at the first
            # number; a local too (``chunk_sizes = [2048, 512]`` ... ``from_defaults(chunk_sizes=...)``, set 124)
            held.candidate(rule, target.id, *first)
        return
    if isinstance(target, ast.Name):
        name = target.id
        where = "bound with :=" if walrus else "in a constant" if name.isupper() else "as a default"
    elif isinstance(target, ast.Attribute):
        name = target.attr
        where = "in an attribute"
    else:
        return
    where = said if isinstance(said, str) else where
    names, reports = rule.names, rule.ctx.reports
    if rope_origin(rule, name):
        return  # ``initial_context_length: int = 4096`` beside ``rope_theta``: a rotary scaling's origin
    if names.is_budget_setting(name) and (
        only_counts_pieces(rule, target) or only_sizes_fields(rule, target)
    ):
        return  # ``math.ceil(seqlen / target_tokens_per_shard)``: shards; ``Field(max_length=...)``: characters
    if not names.says_tokens(name) and _cuts_only_text(rule, target):
        return  # ``MAX_LEN = 10_000  # small for token limits`` ... ``content[i : i + MAX_LEN]`` (set 369: fliiq)
    if isinstance(target, ast.Attribute) and llama_index_size(rule, target):
        # ``Settings.chunk_size = 512``: llama_index's global setting, whose chunks are counted in tokens
        report_binding(rule, literal, name, value, "in llama_index's `Settings` (tokens)", upper=False)
    elif credential_lifetime(rule, name) or credential_count(rule, name):
        return  # ``_SA_TOKEN_BUFFER = 300  # refresh 5 min before expiry``: a credential's seconds
    elif not rule.ctx.scopes and token_string_length(rule, name):
        return  # ``MAX_TOKEN_SIZE = 16_384`` ... ``len(token) > MAX_TOKEN_SIZE``: a credential's characters
    elif names.says_tokens(name) and lexer_module(rule):
        return  # ``MAX_TOKENS = 100_000`` beside ``from .lexer import Lexer``: a parser's tokens
    elif names.says_tokens(name) and (compared_with_words(rule, target) or sliced_words(rule, target)):
        return  # ``MIN_CONTENT_TOKENS = 20`` ... ``if len(text.split()) < MIN_CONTENT_TOKENS``: words
    elif sized_in_bytes(rule, name, literal) or _bytes_said(rule.ctx.comment(), value):
        return  # ``WARN_CONTEXT_SIZE = 50 * 1024 * 1024  # 50MB``, ``CST_TOKEN_SIZE = 25  # 25-byte tokens``: bytes
    elif not names.says_tokens(name) and IN_CHARACTERS.search(" ".join(_unit_comments(rule))):
        return  # ``# Minimum context capacity, in characters.`` over ``CONTEXT_MIN = 512_000`` (set 345: ask-fable)
    elif defines_kernels(rule.ctx.tree, rule.ctx.lines) and launch_name(name):
        return  # ``BLOCK_E = 128  # tokens per expert aligned to 128``: a Triton kernel's tile
    elif (
        defines_kernels(rule.ctx.tree, rule.ctx.lines)
        and names.is_budget(name)
        and name.isupper()
        and not said
    ):
        # ``PDL_MIN_PREFILL_TOKENS = 4096`` beside Triton kernels: a launch threshold when every read
        # compares it (``leave_Module`` decides)
        before = len(reports)
        report_binding(rule, literal, name, value, where, upper=True)
        held.hold(held.kernel, rule, name, before)
    elif (
        isinstance(target, ast.Name)
        and (names.is_budget(name) or rule.ctx.scopes)
        and only_prices(rule, name)
    ):
        return  # ``_PROMPT_CACHE_MIN_TOKENS = 1024`` only choosing a price (``priced_branches``, set 83)
    elif isinstance(target, ast.Attribute) and kv_option_read(rule, target):
        # ``if args.ctx > 4096: args.ctx = 4096``: the cap a script puts on an option in tokens (set 491)
        report_binding(
            rule, literal, name, value, f"in the option `args.{name}`, an amount of tokens", upper=False
        )
    elif names.is_budget(name) and not names.says_tokens(name):
        # ``max_context_length = 6000``, ``CONTEXT_BUDGET = 12000``: a window by its name, unless it
        # cuts a string (``context[:max_context_length]``): then characters (leave_Module decides)
        before = len(reports)
        report_binding(rule, literal, name, value, where, name.isupper(), bool(said))
        held.hold(held.phrase, rule, name, before)
    elif names.is_budget(name) or (
        (said or (rule.token_comment() and not comment_names_other_unit(rule, name, value)))
        and not names.is_excluded(name)
        and not only_reported(rule, target)
        and not sliced_words(rule, target)  # ``_MAX_QUERY_TERMS = 32  # ... every token``: a search's terms
        and not compared_with_words(rule, target)  # ``# min token overlap`` of two texts' words (set 413)
        and not scale_divisor(rule, target)  # ``TOKEN_SCALE = 1000.0`` ... ``tokens / TOKEN_SCALE`` (set 395)
    ):
        # (``max_message_window = 30  # max number of messages (30 is around 8k tokens)``: messages)
        # ``completion_tokens = 100  # fixed tokens`` only sent back as a response's usage: a count
        before = len(reports)
        report_binding(rule, literal, name, value, where, name.isupper())
        if not names.is_budget(name):  # a comment's word only: characters if it cuts a string (set 205: lkhu)
            held.hold(held.phrase, rule, name, before)
        elif (
            name.isupper() and not rule.ctx.scopes
        ):  # ``TOKEN_MAX = 512``, a default of lengths in characters
            held.hold(held.defaults, rule, name, before)
    elif media_tokens(name) and not token_estimate(name):
        what = "a rate of a media item's tokens" if "per" in words(name) else "a media item's tokens"
        # ``FALLBACK_IMAGE_TOKENS = 1600``: a media item's tokens, a guess where an estimating
        # function returns or scales it, a budget where it is read as one (leave_Module decides)
        before = len(reports)
        if _commented_estimate(rule):  # ``# Fixed token cost for an inline image (approximate)`` (set 247)
            report_binding(rule, literal, name, value, f"{where}, {what}, a guess by its comment", True)
            return
        report_binding(rule, literal, name, value, f"{where}, {what}", name.isupper())
        held.hold(held.media, rule, name, before)
    elif names.is_budget_setting(name) and not stand_in_count(rule, name):  # not ``except: tokens = 9999``
        # ``SQUARE_TOKENS = 170``: tokens, but a limit or a cost? The uses decide (leave_Module).
        before = len(reports)
        report_binding(rule, literal, name, value, where, name.isupper())
        held.hold(held.weak, rule, name, before)
    elif (token_estimate(name) or _paragraph_of_estimates(rule, name)) and rule.ctx.function() is None:
        # ``IMAGE_TOKEN_ESTIMATE = 500``: an item's estimated cost, a budget when added into a count
        before = len(reports)
        report_binding(
            rule, literal, name, value, "as an estimated token cost added into a count", name.isupper()
        )
        held.hold(held.estimates, rule, name, before)
    elif why := held.windows.evidence(rule, name, value):
        # ``_DEFAULT_MAX_LENGTH = 2048`` in a class whose ``max_gen_toks`` is a budget: its window,
        # unless a read cuts a string with it (``leave_Module`` decides)
        before = len(reports)
        report_binding(rule, literal, name, value, f"{where}, {why}", name.isupper())
        held.hold(held.phrase, rule, name, before)
    elif isinstance(target, ast.Name) and (why := fallback_window(rule, name, value)):
        report_binding(rule, literal, name, value, why, upper=False)
    elif isinstance(target, ast.Name) and where_token_window(rule, name, value):
        report_binding(rule, literal, name, value, where, name.isupper())  # ``session_tokens_windows``
    elif isinstance(target, ast.Name) and retry_token_ceiling(rule, name, value):
        report_binding(rule, literal, name, value, where, name.isupper())  # ``MAX_TOKENS_RETRY_CEILING``
    elif owned := class_budget_field(rule, target):
        report_binding(rule, literal, name, value, owned, name.isupper())  # ``class TokenBudget``'s ``limit``
    elif beside := limit_beside_context(rule, target, value):
        report_binding(
            rule, literal, name, value, f"{where}, {beside}", name.isupper()
        )  # ``DEFAULT_OUTPUT_LIMIT``
    else:
        held.candidate(rule, name, literal, value)


def field_flag_const(rule: LintRule, target: ast.expr, value: ast.expr | None) -> None:
    """``auto_context_tokens: int = attr.field(default=0, metadata={"const": 5000})``: what the field's
    command-line flag takes when given without a value (argparse's ``const``; set 14: mentat)."""
    literal, name = field_const(value), attr_name(target)
    amount = rule.budget_literal(literal)
    if literal is not None and amount is not None and name and rule.names.is_budget_setting(name):
        report_binding(rule, literal, name, amount, "as its command-line flag's const", name.isupper())


#: A comment calling a number a guess (``approximate; varies with resolution``).
_GUESS = re.compile(r"\b(?:approx\w*|estimat\w*|rough(?:ly)?|heuristic|guess(?:es|ed)?)\b", re.IGNORECASE)


_CITED = re.compile(
    r"https?://|\b\w+\.(?:com|dev|ai|io|org)/|\bdocs?\b|\bbills?\b|\bpricing\b", re.IGNORECASE
)


def _commented_estimate(rule: LintRule) -> bool:
    """The module's constant being walked has a comment, its own or the block right above it, calling its
    number a guess."""
    statement = innermost_statement(rule.ctx.ancestors)
    if rule.ctx.function() is not None or statement is None:
        return False
    said = rule.ctx.comment() + " " + comment_above(rule.ctx.lines, statement)
    # a cost the provider documents (litellm's "Google bills ... an estimated 25 audio tokens/sec (ai.google.dev/...)")
    return _GUESS.search(said) is not None and _CITED.search(said) is None


#: A paragraph's heading calling its numbers estimates of tokens ("Realistic token estimates per pipeline stage").
_TOKEN_ESTIMATES = re.compile(r"\btoken\s+estimates?\b|\bestimated?\s+(?:\w+\s+)?tokens\b", re.IGNORECASE)


def _paragraph_of_estimates(rule: LintRule, name: str) -> bool:
    """A module's constant named for tokens (``_TOKENS_REPORT``) in a paragraph whose heading comment calls its
    numbers estimates of tokens (set 319: murm's ``# Realistic token estimates per pipeline stage`` over
    ``_TOKENS_PER_AGENT_TURN = 180`` ... ``_TOKENS_REPORT = 8000``): each an estimated cost, decided as one."""
    if not set(words(name)) & {"token", "tokens"} or rule.ctx.function() is not None:
        return False
    heading = _statement_comments(rule)[1]
    return _TOKEN_ESTIMATES.search(heading) is not None and _CITED.search(heading) is None


def _statement_comments(rule: LintRule) -> tuple[str, str]:
    """The comment on the statement being walked and the comments at the head of its paragraph."""
    statement = innermost_statement(rule.ctx.ancestors)
    return rule.ctx.comment(), block_comment(rule.ctx.lines, statement)


def _bytes_said(comment: str | None, value: float) -> bool:
    """The statement's own comment gives its number in bytes: ``# bytes``, ``# 25-byte tokens`` (set 623: cubesquare's
    records of a binary format, named tokens), the number itself before "byte"."""
    if not comment or "byte" not in comment.lower():
        return False  # most comments: no pattern compiled
    number = f"{value:g}" if isinstance(value, float) else str(value)
    said = re.compile(rf"^\W*bytes?\b|(?<![\d.]){re.escape(number)}[- ]?bytes?\b", re.IGNORECASE)
    return said.search(comment) is not None


def _unit_comments(rule: LintRule) -> tuple[str, ...]:
    """``_statement_comments`` and the whole block of comment lines right above the statement (a long rationale
    whose first line gives the unit: urdyn-memory's seven lines under ``# [A29.1] Character budget, not a token
    estimate``, set 471)."""
    return *_statement_comments(rule), comment_above(rule.ctx.lines, innermost_statement(rule.ctx.ancestors))


def _stated_product(rule: LintRule, node: ast.BinOp) -> tuple[ast.expr, int | float] | None:
    """(the number of tokens, its value) of a product of it and a rate of characters per token that the
    comments on, above or at the head of the statement's paragraph state (``stated_rates.stated_product``)."""
    if not literal_product(node):
        return None
    stated = stated_product(node, _statement_comments(rule))
    amount = rule.budget_literal(stated[1]) if stated is not None else None
    return (stated[1], amount) if stated is not None and amount is not None else None


def _stated_conversion(
    rule: LintRule, literal: ast.expr | None
) -> tuple[int, float, ast.expr, int | float] | None:
    """(tokens, rate, the literal, its value) of a literal the comments on or above its statement give as a
    number of tokens times a rate of characters per token (``stated_rates.stated_conversion``)."""
    value = rule.budget_literal(literal) if isinstance(literal, ast.Constant) else None
    if literal is None or value is None or value < 1000:
        return None
    stated = stated_conversion(value, _statement_comments(rule))
    return (*stated, literal, value) if stated is not None else None


def _first_of_numbers(rule: LintRule, literal: ast.expr | None) -> tuple[ast.expr, int | float] | None:
    """The first number of a list or tuple made only of numbers (``[4096, 8192]``), else None."""
    if not isinstance(literal, (ast.List, ast.Tuple)) or not literal.elts:
        return None
    values = [rule.budget_literal(e) for e in literal.elts]
    first = values[0]
    return (literal.elts[0], first) if first is not None and all(v is not None for v in values) else None


def _local_of_another(rule: LintRule, held: Deferred, name: str) -> bool:
    """``max_length = self.max_length`` in a method, where the candidate ``max_length`` is a parameter of
    another function (a constructor's ``max_length: int = 512``): a local of its own function, which
    does not rebind that parameter (set 23: FlagEmbedding's rerankers)."""
    fn = rule.ctx.function()
    first = held.bindings.by_name.get(name)
    if fn is None or first is None:
        return False
    every = held.bindings.all_of(name)
    return all(
        isinstance(b.scope, (ast.FunctionDef, ast.AsyncFunctionDef)) and b.scope is not fn for b in every
    )


def _cuts_only_text(rule: LintRule, target: ast.expr) -> bool:
    """``target`` (a function's or a module's name) is read, and every read bounds (moved by an offset or not)
    a slice of a value named as text (``content[i : i + MAX_LEN]``), whatever a comment says."""
    scope = rule.ctx.function() or rule.ctx.tree
    if not isinstance(target, ast.Name) or scope is None or (scope is rule.ctx.tree and rule.ctx.scopes):
        return False
    parents, reads = reads_of(scope, target.id)
    return bool(reads) and all(_slice_bound(read, parents, rule) for read in reads)


def _slice_bound(read: ast.AST, parents: dict[ast.AST, ast.AST], rule: LintRule) -> bool:
    child, parent = read, parents.get(read)
    while isinstance(parent, ast.BinOp) and isinstance(parent.op, (ast.Add, ast.Sub)):
        child, parent = parent, parents.get(parent)
    sliced = parents.get(parent) if isinstance(parent, ast.Slice) and child is not parent.step else None
    # the sliced value says text (``content``, ``text``), not ``ids`` a tokenizer returned
    return isinstance(sliced, ast.Subscript) and bool(set(words(attr_name(sliced.value) or "")) & TEXT_WORDS)
