"""PB104 chars-per-token: a hard-coded characters-per-token (or words-per-token) ratio."""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.binary_values import allocates, binary_value, measures_binary, per_token_items
from prompt_budget.lint.char_allowances import HIGHEST, LOWEST, allowance_use, report_allowance
from prompt_budget.lint.char_offsets import held_as_characters
from prompt_budget.lint.char_prices import priced_per_char
from prompt_budget.lint.character_defaults import default_in_characters
from prompt_budget.lint.character_reads import file_size, passed_as_characters, repeats_string
from prompt_budget.lint.collected_lists import collected_list, counts_items, listed_items
from prompt_budget.lint.comments import names_characters, says_converted
from prompt_budget.lint.counted_entries import counted_entry
from prompt_budget.lint.estimator_callers import counts_characters, returned_to_token_callers
from prompt_budget.lint.flow import default_of
from prompt_budget.lint.forms import compared_with_tokens, per_token_key
from prompt_budget.lint.literal_limits import char_limit
from prompt_budget.lint.names import ITEM_WORDS, words
from prompt_budget.lint.rate_echoes import note_echo, note_rate, project_echoes
from prompt_budget.lint.rate_tables import report_rate_table
from prompt_budget.lint.rule import LintRule, attr_name, callee_name, defaults, number, string_value
from prompt_budget.lint.rules.pb104_branch_rates import bound_site, branch_rates, picked_rate, window_bound
from prompt_budget.lint.rules.pb104_bytes import base64_arithmetic, bytes_to_tokens
from prompt_budget.lint.rules.pb104_cases import (
    CASES_INVALID,
    CASES_VALID,
    CASES_VALID_25,
    LOCAL_FACTOR_VALID,
)
from prompt_budget.lint.rules.pb104_char_loops import per_char_rates
from prompt_budget.lint.rules.pb104_context import result_is_tokens, set_as_words, targets, token_context
from prompt_budget.lint.rules.pb104_encoders import stand_in_ids
from prompt_budget.lint.rules.pb104_handed_rates import fallback_rate, handed_rate
from prompt_budget.lint.rules.pb104_integer_rates import rounded_up, shifted_rate, words_fraction
from prompt_budget.lint.rules.pb104_lengths import aligned, estimate_above, share_of_conversion, words_divided
from prompt_budget.lint.rules.pb104_line_rates import lines_to_tokens, scaled_operand
from prompt_budget.lint.rules.pb104_local_factors import factor_name, head_rate, local_factor, words_times
from prompt_budget.lint.rules.pb104_rates import (
    LOCAL_RATE_WORDS,
    abbreviated_chars,
    bound_to_word_counts,
    converted_number,
    default_rate,
    estimator_start,
    local_rate,
    named_rate,
    offset_span,
    same_rate,
    splits_words,
)
from prompt_budget.lint.rules.pb104_table_fallbacks import rate_fallback
from prompt_budget.lint.rules.pb104_terms import (
    conditional_unit,
    local_unit,
    priced_per_token,
    rate_among_rates,
    rate_per_character,
    returned_as_tokens,
    returned_unit,
    text_length,
    wide_count,
)
from prompt_budget.lint.rules.pb104_token_sizes import scaled_into_tokens
from prompt_budget.lint.rules.pb104_tokenizer_rates import tokenizer_rate
from prompt_budget.lint.stand_in_usage import stand_in
from prompt_budget.lint.stated_rates import rate_stated, scope_docstrings, split_into_words, states_rate
from prompt_budget.lint.token_chunk_chars import TokenSizes, token_side
from prompt_budget.lint.token_debits import debited_tokens
from prompt_budget.lint.token_differences import shared_conversion, token_cap
from prompt_budget.lint.token_quotients import quotient_meets_tokens, unnamed_quotient
from prompt_budget.lint.validated_params import checked_in_tokens
from prompt_budget.lint.value_statistics import each_value
from prompt_budget.lint.word_allowances import HIGHEST as HIGH_TPW
from prompt_budget.lint.word_allowances import LOWEST as LOW_TPW
from prompt_budget.lint.word_allowances import bound_to_words, words_from_tokens
from prompt_budget.lint.word_rate_pairs import PairRates

_DIVIDE = (ast.Div, ast.FloorDiv, ast.RShift)
_LENGTH_WORDS = frozenset({"len", "length", "maxlen"})
_CHARACTER_RESULTS = (priced_per_char, shared_conversion, passed_as_characters, repeats_string)
#: A comment saying words are no tokens (``# words != tokens``, ``# words aren't tokens``).
_NOT_TOKENS = re.compile(r"\bwords?\s*(?:!=|<>|\u2260|(?:are|is)\s*not|aren't|isn't)\s*tokens?\b", re.I)


class CharsPerToken(LintRule):
    """A hard-coded chars-per-token ratio in a token-estimating context: ``len(text) // 4``, ``len(text) / 3.5``,
    ``len(text) * 0.25``, ``len(text) * 3 // 8``, ``(chars + 3) // 4``, the way back (``max_chars = max_tokens *
    4``, ``text[: budget_tokens * 4]``), and words-per-token guesses (``len(text.split()) * 1.3``). A rounded-up
    ``(n + 3) // 4`` in a token estimate is characters per token whatever ``n`` is named, or a helper's result on a
    text returned as a token estimate; ``limit = TOKEN_LIMIT * 4`` is, when a read of ``limit`` cuts a string or is
    compared with its length or with a running count of a text's characters. A named ratio is one too:
    ``CHARS_PER_TOKEN = 4``, or a name relating tokens to characters, bytes or words without saying which is divided
    (``TOKEN_TO_CHAR_RATIO = 4``, ``CHAR_TO_TOKEN_RATIO = 0.25``), whose value in a rate's range says; so is a rate
    kept in a constant of the module or class under any name, judged where it divides (``len(p.split()) /
    self.TOKEN_SCALER > token_limit``) and reported where written, and so is a rate kept in a parameter's default
    (``han_tokens=0.625`` ... ``han_count * han_tokens``), and so is a rate of tokens per word written as two
    constants (``TOKENS = 1000``, ``WORDS = 750`` ... ``(self.TOKENS / self.WORDS) * len(text.split())``), reported
    once, at the tokens. A token cap times a rate from 1.2 to 6 is a character bound when its result cuts or is
    named as characters (``char_cap = int(max_tokens * 1.4)``), so is a rate kept in a local named as a factor
    (``TARGET_SIZE_FACTOR = 3`` ... ``result[:TARGET_SIZE_FACTOR * target_size]``), and a parameter the function
    orders against a count of tokens (``model.count_tokens(result) > target_size``) is a token cap whatever its
    name; ``ascii_ch_count`` counts characters. A named rate's read's fallback (``... or 3.5``) is one too.

    The context decides: the result is assigned to, returned from, passed as or commented as tokens, compared with a
    count of tokens, or the enclosing function is about tokens; a text's length and a size divided by the same rate
    on both sides of a comparison (``len(doc) // 3 <= max_size // 3``) are converted so. A rate above 6 characters
    per token (``/ 10``) only when the estimate is compared with a count of tokens. The length may be a statistic
    over many texts' lengths (``np.mean([len(t) for t in texts])``, a pandas column's ``apply(len).mean()``); a
    character bound may be two literals, a context window times a rate (``text[: 3 * 8192]``) under a comment of
    tokens or a context window. A tiktoken count scaled by a rate near 1 (``int(len(enc.encode(t)) * 1.1)``) is a
    ratio between two tokenizers. A rate of 2 (``math.ceil(len(text) / 2)``) halves many things: it is reported only
    when its result is itself a count of tokens (returned by a function named or documented as counting tokens,
    bound as tokens, compared with them). Words may be cut by any splitter, not into lines, sentences or chunks.
    A local bound only to characters is characters whatever its name (``rest = len(text) - zh`` ...
    ``rest // 4``), so is a conditional of two lengths; a quotient multiplied by a value per token
    (``(len(p) + len(c)) / 4 * price_per_token``) is tokens; a rate above 0.5 tokens per character (a
    wide script's, ``cjk * 1.5``; or fewer than 2.5 characters per token, ``zh / 1.5``) only beside other
    rates of characters or words in one sum, on a wide script's characters, or returned as tokens (``len(t) * 1.3``).
    A text's size in bytes (``total_bytes``, ``len(text.encode())``) divided by 2.5 to 6 or times 0.15 to 0.4 is, when
    the result counts tokens (``def estimated_tokens(self): return self.total_bytes // 4``), not of binary data.
    Base64 arithmetic (``len(b64) * 3 // 4``) and plain character arithmetic are never reported, nor a
    token count times a rate that slices bytes, is compared with an array's length or a size in bytes
    (``len(positions) in {n_tokens, n_tokens * 4}``) or sizes an allocation: bytes or array items. An
    average length (``total_chars / count``) is in characters; a size of no token unit times a rate in
    (1, 2] set as a number of tokens (``"num_tokens": int(chunk_size * 1.5)``) is tokens per word. The
    suggested key is shared (``chars_per_token``), so the copies across a project collapse into one value.
    A length rounded down to a multiple of its divisor (``len(seq) // 4 * 4``) is an alignment, no estimate.
    An estimate given to a keyword of a call named for tokens (``TokenBreakdown(messages=chars // 4)``) or stored in a
    table named for tokens (``token_counts["zone"] = len(zone) // 4``) is tokens; a cap its function's ``Args:`` entry
    opens on tokens (``budget: Token budget.``) times a rate stored as characters (``max_chars = budget * 4``) is a
    token cap; a named rate written as a conditional (``chars_per_token = 3 if code else 4``) is one per branch, and a
    dict of rates under such a name (``FAMILY_CHARS_PER_TOKEN = {"openai": 4.0, "anthropic": 3.5}``) one table.
    A local bound only to a token amount less others (``remaining = max_tokens - total_tokens``) holds tokens too.
    An estimate given by position to a parameter named for tokens of a function or class of the module
    (``Result(context, len(context) // 4)`` with ``def __init__(self, context, token_estimate)``) is tokens, and so is
    one written under a dict key naming tokens (``{"estimated_tokens": total_chars // 4}``), or added into a running
    sum ordered against a token budget (``acc += len(json.dumps(m)) // 4`` ... ``if acc >= keep_tokens``); the length
    of a parameter annotated as a list (``history: list``) counts items, and a share of it is no rate.
    A quotient by 1.2 to 1.5 bound to a name of words (``max_words = int(chunk_size / 1.3)``) is tokens per word. A
    text's length times 2 to 10 bound (``=``, ``:=``) or given as a token budget is an output allowance, reported.
    A window times a rate ordered against a string's length to pick the model it names (``len(p) <= int(8192 * 1.5)``)
    converts tokens to characters. A rate added per character a loop tests (``n += 1.0 if ord(ch) > 127 else 0.3``)
    is tokens per character; a docstring may state the rate, and an ``encode`` returning that many ids counts tokens.
    """

    CODE = "PB104"
    NAME = "chars-per-token"
    SUMMARY = "Hard-coded chars-per-token ratio (len(text) // 4) in a token estimate"
    DEFAULT_MIN_VALUE = 0
    PROJECT_WIDE = True
    check_project = project_echoes  # a text's length divided by a rate the project reported elsewhere
    PRECHECK = (
        re.compile(r"token|context.window"),
        re.compile(
            r"[/*]\s*\(?\s*\d|[/*]\s*(?:self\.|cls\.)?[a-z_]+\b|_per_|per_token|per_char|per_word"
            r"|(?:token|char|character|word|byte)s?_(?:to_)?(?:token|char|character|word|byte)"
            r"|\+=\s*\d*\.\d|\belse\s+\d*\.\d"  # ``n += 0.3``, ``1.0 if ord(ch) > 127 else 0.3``
            r"|>>\s*[1-3]\b"  # ``n_chars >> 2``
        ),
    )
    VALID = (*CASES_VALID, *CASES_VALID_25, *LOCAL_FACTOR_VALID)
    INVALID = CASES_INVALID

    def _chars(self, node: ast.expr) -> str | None:
        """ "chars" for len(...) or a chars name, "words" for len(x.split()) or a words name; a local
        bound only to such an amount (``rest = len(text) - zh``) or a conditional of two (set 25)."""
        if (unit := conditional_unit(node, self._chars)) is not None or isinstance(node, ast.IfExp):
            return unit  # ``len(a) if c else len(b)``, ``max(0, ascii_count - spaces)``
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return self._chars(node.operand)  # ``-(-len(text) // 4)``: rounded up (set 237: kavalai)
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or) and number(node.values[-1]) == 0:
            return self._chars(node.values[0])  # ``int(char_count or 0) // 4`` (set 619: bounty-agent)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            lengths = [
                set(words(attr_name(side) or "")) & {"len", "length"} for side in (node.left, node.right)
            ]
            if isinstance(node.op, ast.Sub) and (all(lengths) or offset_span(node)):
                return "chars"  # ``(original_len - compressed_len) // 4``, ``(end - start) // 4`` (set 253)
            return self._chars(node.left) or self._chars(node.right)
        if isinstance(node, ast.BinOp) and isinstance(node.op, _DIVIDE) and number(node.right) is None:
            # ``total_chars / count``, ``len(text) // int(ratio)``: a share of a length is in its unit (set 29)
            return self._chars(node.left) if self._chars(node.right) is None else None
        if counts_characters(node, self.ctx.function()) or file_size(node):
            return "chars"  # ``sum(ord(c) > 127 for c in text)`` (set 85), ``path.stat().st_size`` (set 283)
        value = each_value(node)
        if value is not None:
            # ``sum(len(m.content) for m in messages)``, ``df[c].apply(lambda x: len(str(x))).mean()``
            return self._chars(value)
        if (inner := converted_number(node)) is not None:
            return self._chars(inner)  # ``_number(item.get("desc_chars")) / 4.0`` (set 415)
        if isinstance(node, ast.Call) and callee_name(node) == "len" and node.args:
            arg = node.args[0]
            if (isinstance(arg, ast.Call) and splits_words(arg)) or split_into_words(
                self.ctx.function(), arg, splits_words
            ):
                return "words"  # ``len(text.split())``, ``len(words)`` with ``words = text.split()``
            if self.token_sequence(arg) or listed_items(self.ctx, arg):
                return None  # ``len(history)`` of ``history: list``: items (set 91: bharatcode)
            if set(words(attr_name(arg) or "")) & ITEM_WORDS:
                return None  # ``len(messages) // 4``: a count of messages, not characters
            return "chars"
        # ``utf8_bytes(text)``: what a one-statement helper returns (set 112); ``self.content_length``, a
        # property returning ``len(self.content)`` (set 193)
        if isinstance(node, (ast.Call, ast.Attribute)):
            kind = returned_unit(self.ctx, node, self._chars, self._resolving)
            if kind is not None:
                return kind
        name = attr_name(node)
        if name is None:
            return None
        ws = words(name)
        if isinstance(node, ast.Name) and bound_to_word_counts(self.ctx.function(), node.id):
            return "words"
        if (
            self.names.is_chars(name)
            or abbreviated_chars(name)
            or wide_count(name)
            or counted_entry(node, self.ctx.function(), self.ctx.tree)  # ``n["en"]``, ``n = count(text)``
        ):
            return "chars"
        if "words" in ws or "word" in ws:
            return "words"
        if isinstance(node, ast.Name) and node.id not in self._resolving:
            self._resolving.add(node.id)
            try:
                return local_unit(self.ctx.function(), node.id, self._chars, self.ctx.ancestors)
            finally:
                self._resolving.discard(node.id)
        return None

    def _words_to_tokens(self, factor: float) -> bool:
        """A count of words scaled by a fractional rate is tokens in a token context, or when the result
        is named as a length (``query_length = int(len(q.split(" ")) * 1.35)``, ``maxlen = max([...])``):
        a length scaled from words by a rate near 1 is in no unit but tokens (set 19: ragatouille). Not
        when the result is set as words (``word_count=int(word_count * 1.3)``: a word target padded),
        and a comment saying words are not tokens (``# words != tokens, add buffer``) is no token
        context (set 39: airoboros). So is one a function returns whose callers use as tokens (set 101)."""
        if set_as_words(self, factor):
            return False  # ``word_count=int(word_count * 1.3)``, not ``tokens_by_words = ...``
        if token_context(self, comment=not _NOT_TOKENS.search(self.ctx.comment())):
            return True
        return (
            not float(factor).is_integer() and any(set(words(n)) & _LENGTH_WORDS for n in targets(self) if n)
        ) or returned_to_token_callers(self)  # ``def _count(t)`` ... ``used += _count(line)`` (set 101)

    def _char_context(self) -> bool:
        if self.names.is_chars(self.ctx.function_name()):
            return True
        fn, cls = self.ctx.function(), self.ctx.enclosing_class()
        ancestors = self.ctx.ancestors
        for i in range(len(ancestors) - 1, -1, -1):
            anc = ancestors[i]
            if isinstance(anc, ast.Slice):
                holder = ancestors[i - 1] if i else None
                # ``data[start : start + n_tokens * 4]`` of bytes: 4 bytes per token id; a list of items
                return not (
                    isinstance(holder, ast.Subscript)
                    and (binary_value(fn, holder.value) or collected_list(fn, cls, holder.value))
                )
            if isinstance(anc, ast.Compare):
                sides = (anc.left, *anc.comparators)
                if any(
                    measures_binary(fn, side) or counts_items(fn, cls, side) for side in sides
                ) or per_token_items(ancestors[i:]):
                    return False  # ``len(positions) in {n_tokens, n_tokens * 4}`` of an array
                if any(self._chars(side) == "chars" for side in sides):
                    return True  # ``if new_chars > tokens * 4``
            if allocates(fn, anc):
                return False  # ``np.zeros(n_tokens * 4)``: the product sizes an array
            if isinstance(anc, ast.stmt):
                break
        return any(self.names.is_chars(n) for n in targets(self) if n)

    def _char_result(self, node: ast.AST | None = None) -> bool:
        """Characters from tokens: the product is cut, compared or named as characters, or bound to a
        local that a read of its function uses so (``limit = TOKEN_LIMIT * 4`` ... ``text[:limit]``)."""
        if self._char_context():
            return True
        # ``cost_per_char * (... 4 * max_output_tokens)`` (set 55), ``int(ctx * 4 * 0.15)``, ``trim(m, w * 4)``
        if isinstance(node, ast.BinOp) and any(f(self, node) for f in (*_CHARACTER_RESULTS, says_converted)):
            return True
        stmt = next((a for a in reversed(self.ctx.ancestors) if isinstance(a, ast.stmt)), None)
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
        return isinstance(target, ast.Name) and (
            held_as_characters(self, target.id)
            or default_in_characters(self.ctx.function(), target.id)
            or names_characters(self.ctx.comment())  # ``budget = BUDGET_TOKENS * 4  # characters``
        )

    #: Rates kept in constants and already reported where written (``named_rate``), once per module.
    _rates: set[ast.AST]
    #: Constants of the module or a class bound to a rate's number, whose reads the walk keeps (``prune``).
    rate_names: set[str]
    #: Locals named as a factor and bound to a rate's number, whose reads the walk keeps (``prune``).
    factor_names: set[str]
    picked_names: set[str]  # locals bound to a choice of two rates (``divisor = 4 if code else 5``)
    _resolving: set[str]  # locals whose bindings ``_chars`` is reading (one bound to itself reads as no unit)
    _pairs: PairRates  # rates kept as a pair of constants, tokens over words (``word_rate_pairs``)
    _sizes: TokenSizes  # names each function gives a token splitter as a size (``token_chunk_chars``)

    def visit_Module(self, node: ast.Module) -> None:
        self.rate_names, self.picked_names, self.factor_names = set(), set(), set()
        self._rates = set()
        self._resolving = set()
        self._pairs = PairRates()
        self._sizes = TokenSizes()

    def _constant_rate(self, target: ast.expr, value: ast.expr | None) -> None:
        if isinstance(target, ast.Name) and isinstance(value, ast.IfExp) and branch_rates(value) is not None:
            # ``divisor = 4 if code else 5``: its reads are walked (``prune``)
            self.picked_names.add(target.id)
        factor = number(value)
        if isinstance(target, ast.Attribute) and estimator_start(self, target, factor):
            self.rate_names.add(target.attr)  # ``self.ratio = 4.0`` ... ``text_len / self.ratio`` (set 495)
            return
        if not (isinstance(target, ast.Name) and factor and 0.15 <= factor <= 12):
            return
        if self.ctx.function() is None or (
            set(words(target.id)) & LOCAL_RATE_WORDS and self.names.mentions_tokens(target.id)
        ):
            # a local too, named for a rate of tokens: ``token_approx_factor = 4`` (``local_rate``)
            self.rate_names.add(target.id)
        elif factor_name(target.id):
            self.factor_names.add(target.id)  # ``TARGET_SIZE_FACTOR = 3`` (``pb104_local_factors``)

    def _named(self, name: str | None, literal: ast.expr | None) -> None:
        if isinstance(literal, ast.IfExp):  # ``chars_per_token = 3 if is_code else 4``: a rate per branch
            self._named(name, literal.body)
            self._named(name, literal.orelse)
            return
        if name and isinstance(literal, ast.Dict) and report_rate_table(self, name, literal):
            return
        value = number(literal)
        if name is None or literal is None or value is None or value <= 0:
            return
        key = per_token_key(name, value)
        if key is None:
            return
        self._report(literal, literal, value, key)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self._named(attr_name(target), node.value)
            self._constant_rate(target, node.value)
            self._pairs.judge(self, target, node.value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._named(attr_name(node.target), default_of(node.value))  # ``field(default=1.8)`` too (set 145)
        self._constant_rate(node.target, node.value)
        self._pairs.judge(self, node.target, node.value)

    def visit_arguments(self, node: ast.arguments) -> None:
        for arg, default in defaults(node):
            self._named(arg.arg, default)
            factor = number(default)
            if factor and 0.15 <= factor <= 12:
                self.rate_names.add(arg.arg)  # judged where it multiplies (``default_rate``)
                if per_token_key(arg.arg, factor) is None and (
                    handed := handed_rate(self, self.ctx.parent(node), arg.arg, factor)
                ):  # ``cpt: float = 4.0`` given to ``chars_per_token=`` (``pb104_handed_rates``)
                    self._report(
                        default, default, factor, handed[0], f"; handed to {handed[1]} at line {handed[2]}"
                    )

    def visit_keyword(self, node: ast.keyword) -> None:
        self._named(node.arg, node.value)

    # --- the visit

    def visit_Call(self, node: ast.expr) -> None:  # ``RATES.get(m, 4.0)``, ``cfg.chars_per_token or 3.5``
        if (found := rate_fallback(node, self.ctx.ancestors)) is not None:  # ``pb104_table_fallbacks``
            self._report(found[0], found[0], found[1], found[2])

    visit_IfExp = visit_BoolOp = visit_Call

    def visit_Return(self, node: ast.Return) -> None:  # ``return 4.0`` for a rate (``fallback_rate``)
        if node.value is not None and (found := fallback_rate(self.ctx.function(), node.value)):
            self._report(node.value, node.value, *found)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self._per_char()

    def visit_GeneratorExp(self, node: ast.GeneratorExp) -> None:
        self._per_char()

    def _per_char(self) -> None:
        """``for ch in text: total += 1.0 if ord(ch) > 127 else 0.3``: tokens per character (set 73)."""
        for literal in per_char_rates(self.ctx.ancestors):
            if token_context(self):
                self._report(literal, literal, number(literal) or 0, "tokens_per_char")

    def visit_BinOp(self, node: ast.BinOp) -> None:
        parent = self.ctx.parent(node)
        if (
            isinstance(parent, ast.BinOp)
            and isinstance(parent.op, _DIVIDE)
            and parent.left is node
            and self._chars(node.left) != "words"
            and not share_of_conversion(self, node, parent)
        ):
            return  # ``len(x) * 3 // 8``: judged once, at the division; ``words * 1.35 / 32`` here
        op, left, right = node.op, node.left, node.right
        factor = shifted_rate(node) if isinstance(op, ast.RShift) else number(right)  # ``n >> 2``: // 4
        if factor is None and isinstance(op, ast.RShift):
            return  # ``n >> SHIFT``: a shift by a name, whose value is no divisor
        if factor is None and (picked := picked_rate(self.ctx.function(), right)) is not None:
            # ``divisor = 4 if code else 5`` ... ``chars // divisor`` (set 122: meredith-agent)
            right = picked
        if (branches := branch_rates(right)) is not None:
            factor = max(value for _, value in branches)  # ``rest / (2.8 if dense else 3.4)``: each reported
        if factor is None and (found := token_side(self, node, self._sizes)) and self._char_result(node):
            # ``max_chars=4 * chunk_size``: reported at the rate, which ``--fix`` moves
            self._report(found[0], found[0], found[1], "chars_per_token")
            return
        if factor is None and (kept := self._local_factor(node)) is not None:  # ``s[:FACTOR * size]``
            self._report(node, kept[0], kept[1], "chars_per_token")
            return
        if factor is None:
            # ``len(p.split()) / self.TOKEN_SCALER``: a rate kept in a constant, reported where written
            right = (
                named_rate(right, self.ctx.tree, self.ctx.enclosing_class())
                or default_rate(right, self.ctx.function())
                or (local_rate(right, self.ctx.function()) if attr_name(right) in self.rate_names else None)
                or right
            )
            factor = number(right) if right is not node.right and right not in self._rates else None
            if factor is not None and per_token_key(attr_name(node.right) or "", factor) is not None:
                return  # ``CHARS_PER_TOKEN = 4``: reported where named
        if factor is None or factor == 0:
            return
        if isinstance(op, ast.FloorDiv) and aligned(parent, node):
            return  # ``len(seq) // 4 * 4``: rounded down to a multiple of 4 (set 49: openparse)
        if isinstance(op, _DIVIDE):
            scaled, mult = scaled_operand(left)  # ``len(text) * 1.3 / 4``, ``1.3 * len(text) / 4`` (set 579)
            if scaled is not None and mult:
                if self._chars(scaled) == "words":  # ``ceil(words * 1.35 / 32)``: judged at the product
                    if words_fraction(self, node, mult, factor):  # ``words * 4 // 3``: 4/3 tokens per word
                        self._report(node, None, round(mult / factor, 3), "tokens_per_word")
                    return
                chars = self._chars(scaled) == "chars" and not base64_arithmetic(self, node)
                rated = 0.15 <= mult / factor <= 0.5  # and ``(n_bytes * 10) // 38`` (set 189):
                if rated and (chars or bytes_to_tokens(self, scaled, node)) and token_context(self):
                    self._report(node, None, round(factor / mult, 3), "chars_per_token")
                elif 8 <= mult <= 200 and lines_to_tokens(self, scaled, factor):  # ``(n_lines * 40) // 4``
                    self._report(node, right, factor, "chars_per_token")  # 40 characters a line (set 575)
                return
            kind = self._chars(left) or rounded_up(self, left, factor)
            if (
                kind == "chars"
                and 2.5 <= factor <= 12
                and not base64_arithmetic(self, node)
                and self._to_tokens(node, factor)
            ):
                self._report(node, right, factor, "chars_per_token")
            elif (
                (isinstance(left, ast.Call) or "chars" in words(attr_name(left) or ""))  # ``total_chars``
                and self._chars(left) == "chars"
                and 1.5 <= factor < 2.5
                and not base64_arithmetic(self, node)
                and result_is_tokens(self, node)
            ):
                # a rate of 2 halves many things: the result itself must be tokens (set 22: openlit)
                self._report(node, right, factor, "chars_per_token")
            elif (
                kind == "chars"
                and 1 < factor < 2.5
                and not base64_arithmetic(self, node)
                and token_context(self)
                and (
                    rate_stated(self, factor)
                    or rate_among_rates(self.ctx.ancestors, node, self._chars, self.ctx.function())
                )
            ):  # ``int(chinese / 1.5 + other / 4)`` (set 76: omnion), ``int(chars / 1.5)  # ~1.5 chars per token``
                self._report(node, right, factor, "chars_per_token")
            elif kind is None and 2.5 <= factor <= 6 and rate_stated(self, factor, left):
                self._report(node, right, factor, "chars_per_token")  # ``# ~1 token per 4 chars``
            elif kind is None and 2.5 <= factor <= 6 and bytes_to_tokens(self, left, node):
                self._report(node, right, factor, "chars_per_token")  # ``total_bytes // 4`` (set 26)
            elif kind is None and 2.5 <= factor <= 6 and unnamed_quotient(self, left, node, factor):
                self._report(node, right, factor, "chars_per_token")  # ``tokens - freed // 4`` (set 101)
            elif kind is None and LOW_TPW <= factor <= HIGH_TPW and bound_to_words(self, node):
                self._report(node, right, factor, "tokens_per_word")  # ``max_words = int(chunk_size / 1.3)``
            elif kind == "words" and (
                (0.5 <= factor < 1 and (self._words_to_tokens(factor) or compared_with_tokens(self, node)))
                or words_divided(self, node, factor)
            ):
                self._report(node, right, factor, "words_per_token")
            elif not (base64_arithmetic(self, node) or isinstance(op, ast.RShift)):
                note_echo(self, node, right, factor)  # the project's own rate (``rate_echoes``)
        elif isinstance(op, ast.Mult):
            if isinstance(left, ast.UnaryOp) and isinstance(left.op, ast.USub):
                left = left.operand  # ``text[-max_tokens * 4 :]``: the last so many tokens (set 365)
            if (limit := char_limit(self, node)) is not None:  # ``chars > 32_000 * 3`` (set 149)
                self._report(node, limit.rate, limit.chars_per_token, "chars_per_token")
                return
            if tokenizer_rate(self, node):
                return
            if (bound := window_bound(self, node, self._char_context)) is not None:
                self._report(bound_site(self, node, bound), bound, number(bound) or 0, "chars_per_token")
                return
            kind = self._chars(left)
            if kind == "chars" and isinstance(factor, float) and 0.15 <= factor <= 0.5:
                if not base64_arithmetic(self, node) and token_context(self):
                    self._report(node, right, factor, "tokens_per_char")
            elif (
                kind == "chars"
                and (isinstance(factor, float) or factor == 2)  # ``+ non_ascii * 2`` (set 85)
                and 0.5 < factor <= 2
                and rate_per_character(self, node, self._chars, factor)
                and (token_context(self) or returned_to_token_callers(self))
            ):
                # ``cjk * 1.5 + words * 1.33 + other * 0.5``: tokens per wide character (set 25: memoryos)
                self._report(node, right, factor, "tokens_per_char")
            elif kind is None and isinstance(factor, float) and 0.15 <= factor <= 0.4:
                if bytes_to_tokens(self, left, node):
                    self._report(node, right, factor, "tokens_per_char")  # ``byte_len * 0.25``
            elif (kind == "words" and words_times(self, node, factor, self._words_to_tokens)) or (
                kind is None and scaled_into_tokens(self, node, factor)
            ):
                self._report(node, right, factor, "tokens_per_word")
            elif kind == "chars" and LOWEST <= factor <= HIGHEST and (budget := allowance_use(self, node)):
                # ``(max_token := len(text) * 5) > options["num_predict"]``: output allowed per character
                report_allowance(self, node, right, factor, budget)
            elif 0.5 < factor < 2 and factor % 1 and text_length(left) and returned_as_tokens(self, node):
                self._report(node, right, factor, "tokens_per_char")  # ``int(len(text) * 1.3)`` (set 561)
            elif kind is None and token_cap(self, left) and 1.2 <= factor <= 8 and self._char_result(node):
                # a rate of 1.4 characters per token too (set 21: garak's ``int(max_tokens * 1.4)``)
                self._report(node, right, factor, "chars_per_token")
            elif kind is None and token_side(self, node, self._sizes) and self._char_result(node):
                self._report(node, right, factor, "chars_per_token")  # ``chunk_size * 4`` (set 53)
            elif kind is None and 2.5 <= factor <= 6 and checked_in_tokens(self.ctx.function(), left):
                # ``if measure() > budget * 4`` where ``budget``'s range check says tokens (set 487: weftgate)
                self._report(node, right, factor, "chars_per_token")
            elif kind is None and (kept := self._local_factor(node)) is not None:
                self._report(node, kept[0], kept[1], "chars_per_token")  # ``target_size * 3`` (set 62)
            elif kind is None and head_rate(self, node, factor):  # ``if enc is None:  # ~4 chars per token``
                self._report(node, right, factor, "chars_per_token")
            elif kind is None and 0.5 <= factor < 1 and words_from_tokens(self, node, left):
                self._report(node, right, factor, "words_per_token")  # ``words = int(tokens * 0.75)``

    def _local_factor(self, node: ast.BinOp) -> tuple[ast.expr, float] | None:
        """(literal, value) of a rate times tokens cutting or compared with characters (``pb104_local_factors``)."""
        kept = local_factor(self, node)
        if kept is None or kept[0] in self._rates or not self._char_result(node):
            return None
        return kept

    def _to_tokens(self, node: ast.BinOp, factor: float) -> bool:
        """A number of characters divided by ``factor`` is a number of tokens: in a token context, or
        compared with a count of tokens (set 18: rigging's ``int(sum(len(m.content) ...) / 10)`` ...
        ``if usage.input_tokens < estimate``); a rate above 6 characters per token only so."""
        if factor > 6:
            return compared_with_tokens(self, node)
        if isinstance(parent := self.ctx.parent(node), ast.Subscript) and parent.slice is node:
            return False  # ``vals[len(vals) // 4]``: a place in a sorted list, its first quartile (set 335)
        return (
            token_context(self)
            or priced_per_token(self.ctx.ancestors, node)
            or compared_with_tokens(self, node)
            or debited_tokens(self, node)
            or same_rate(self.ctx.ancestors, node, factor, self._chars)
            or estimate_above(self.ctx.lines, self.ctx.ancestors)
            or rate_stated(self, factor)
            or states_rate(scope_docstrings(self.ctx.function(), self.ctx.enclosing_class()), factor)
            or stand_in_ids(self)  # below: ``total += estimate(m)`` ... ``Count(total)`` (set 85)
            or returned_to_token_callers(self)
            or quotient_meets_tokens(self, node)  # ``f(extra=len(p) // 4)``, ``extra + tokens`` (set 101)
            or result_is_tokens(self, node)  # ``{"num_ctx": max(8192, math.ceil(chars / 3) + 2048)}``
        )

    def _report(
        self, node: ast.expr, literal: ast.expr | None, value: float, key: str, why: str = ""
    ) -> None:
        if stand_in(self):
            return  # ``StubProvider``'s made-up usage, ``prompt_words * 2`` (``stand_in_usage``, set 475)
        if literal is not None and (branches := branch_rates(literal)) is not None:
            for branch, rate in branches:  # a rate picked by a condition: each branch is one
                self._report(node, branch, rate, key)
            return
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.RShift):
            literal = None  # a shift
        if isinstance(node, ast.BinOp) and literal is not None and literal not in (node.left, node.right):
            self._rates.add(literal)  # a named rate, reported once where it is written
            node = literal
        what = key.replace("_", " ").replace("char", "character")  # chars_per_token: characters per token
        if key == "chars_per_token":
            note_rate(self, node, value)
        self.report(
            node,
            f"hard-coded ratio of {value} {what} in a token estimate{why}; the ratio differs by model and "
            "language, so keep one calibrated value in config (or count with a real tokenizer)",
            target=None if literal is not None and string_value(literal) is not None else literal,
            value=value,
            key_parts=(key, self.scope_key(), self.ctx.module_name),
        )
