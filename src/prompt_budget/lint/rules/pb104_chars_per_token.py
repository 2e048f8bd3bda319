"""PB104 chars-per-token: a hard-coded characters-per-token (or words-per-token) ratio."""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.binary_values import allocates, binary_value, measures_binary, per_token_items
from prompt_budget.lint.forms import compared_with_tokens, per_token_key, used_as_characters
from prompt_budget.lint.names import CHAR_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import Invalid, LintRule, Valid, attr_name, callee_name, defaults, number
from prompt_budget.lint.rules.pb104_context import result_is_tokens, returned_estimate, targets, token_context
from prompt_budget.lint.rules.pb104_lengths import comment_above, each_value, says_window, window_times_rate
from prompt_budget.lint.rules.pb104_rates import (
    abbreviated_chars,
    bound_to_word_counts,
    named_rate,
    same_rate,
    splits_words,
)
from prompt_budget.lint.tiktoken_counts import CountReader

_DIVIDE = (ast.Div, ast.FloorDiv)
_LENGTH_WORDS = frozenset({"len", "length", "maxlen"})


class CharsPerToken(LintRule):
    """A hard-coded chars-per-token ratio in a token-estimating context: ``len(text) // 4``,
    ``len(text) / 3.5``, ``len(text) * 0.25``, ``len(text) * 3 // 8``, ``(chars + 3) // 4``, the way back
    (``max_chars = max_tokens * 4``, ``text[: budget_tokens * 4]``), and words-per-token guesses
    (``len(text.split()) * 1.3``). A rounded-up ``(n + 3) // 4`` in a token estimate is characters per
    token whatever ``n`` is named, or a helper's result on a text returned as a token estimate;
    ``limit = TOKEN_LIMIT * 4`` is, when a read of ``limit`` cuts a string or is compared with its
    length or with a running count of a text's characters. A named ratio is one too: ``CHARS_PER_TOKEN
    = 4``, or a name relating tokens to characters, bytes or words without saying which is divided
    (``TOKEN_TO_CHAR_RATIO = 4``, ``CHAR_TO_TOKEN_RATIO = 0.25``), whose value in a rate's range says;
    so is a rate kept in a constant of the module or class under any name, judged where it divides
    (``len(p.split()) / self.TOKEN_SCALER > token_limit``) and reported where written. A token cap
    times a rate from 1.2 to 6 is a character bound when its result cuts or is named as characters
    (``char_cap = int(max_tokens * 1.4)``); ``ascii_ch_count`` counts characters.

    The context decides: the result is assigned to, returned from, passed as or commented as tokens,
    compared with a count of tokens, or the enclosing function is about tokens; a text's length and a
    size divided by the same rate on both sides of a comparison (``len(doc) // 3 <= max_size // 3``)
    are converted so. A rate above 6 characters per token (``/ 10``) only when the estimate is compared
    with a count of tokens. The length may be a statistic over many texts' lengths
    (``np.mean([len(t) for t in texts])``, a pandas column's ``apply(len).mean()``); a character bound
    may be two literals, a context window times a rate (``text[: 3 * 8192]``) under a comment of tokens
    or a context window. A tiktoken count scaled by a rate near 1 (``int(len(enc.encode(t)) * 1.1)``) is
    a ratio between two tokenizers. A rate of 2 (``math.ceil(len(text) / 2)``) halves many things: it is
    reported only when its result is itself a count of tokens (returned by a function named or documented
    as counting tokens, bound as tokens, compared with them). Words may be cut by any splitting helper
    (``len(split_by_punctuation(text)) * 2``), not into lines, sentences or chunks.
    Base64 arithmetic (``len(b64) * 3 // 4``) and plain character arithmetic are never reported, nor a
    token count times a rate that slices bytes, is compared with an array's length or a size in bytes
    (``len(positions) in {n_tokens, n_tokens * 4}``) or sizes an allocation: bytes or array items. The
    suggested key is shared (``chars_per_token``), so the copies across a project collapse into one value.
    """

    CODE = "PB104"
    NAME = "chars-per-token"
    SUMMARY = "Hard-coded chars-per-token ratio (len(text) // 4) in a token estimate"
    DEFAULT_MIN_VALUE = 0
    PRECHECK = (
        re.compile(r"token|context.window"),
        re.compile(
            r"[/*]\s*\(?\s*\d|[/*]\s*(?:self\.|cls\.)?[a-z_]+\b|_per_|per_token|per_char|per_word"
            r"|(?:token|char|character|word|byte)s?_(?:to_)?(?:token|char|character|word|byte)"
        ),
    )
    VALID = (
        Valid("decoded_size = len(b64_data) * 3 // 4"),
        # a constant dividing a count of words in no token context; a token cap times 1.5, still tokens
        Valid(
            "class Pager:\n    PAGE = 0.75\n\n    def pages(self, text):\n        return len(text.split()) / self.PAGE\n"
        ),
        Valid("def plan(max_tokens):\n    return int(max_tokens * 1.5)\n"),
        # character limits: characters, no tokens
        Valid("MAX_CHARS = 4000\nif len(text) > 4000:\n    text = text[:4000]\n"),
        Valid("BYTES_PER_PIXEL = 4\nrow_bytes = width * 4"),
        Valid("AUDIO_BYTES_PER_TOKEN = 1600"),
        Valid(
            "def trim_tokens(current_messages):\n    for offset in range(1, len(current_messages) // 4 + 1):\n        pass\n"
        ),
        Valid("def estimate_tokens(data):\n    raw = len(data) * 3 // 4\n    return raw\n"),
        Valid("half = len(items) // 2"),
        # rounded-up divisions of tokens or of messages, or outside a token estimate
        Valid(
            "def pack_tokens(n_tokens, n_messages):\n    return (n_tokens + 3) // 4, (n_messages + 3) // 4\n"
        ),
        Valid("def rows(ascii_count):\n    return (ascii_count + 3) // 4\n"),
        Valid("mid = len(text) // 2  # split the text in two"),
        Valid("step = max_chars - min(2000, max_chars // 4)"),
        Valid("def count_tokens(text):\n    return len(enc.encode(text))\n"),
        Valid("tokens = len(enc.encode(text)) // 2  # pairs of tokens"),
        Valid("def count(messages, chars_per_token=settings.ratio):\n    ...\n"),
        Valid(
            'def quarter(text):\n    """A quarter of the text, for a preview."""\n    return len(text) // 4\n'
        ),
        Valid("offset = len(text) // 4 + padding"),
        # a product of tokens bound to a local used as tokens
        Valid("def plan(tokens, max_tokens):\n    cap = max_tokens * 4\n    return tokens[:cap]\n"),
        # an estimate of something else, in a module about something else
        Valid("class Layout:\n    def estimate(self, text):\n        return len(text) / 4\n"),
        # a name relating tokens to characters whose value is no rate between them
        Valid("TOKEN_TO_CHAR_OFFSET = 100"),
        # a product of a token limit compared with a running count of messages, not of characters
        Valid(
            "def plan(messages, token_limit):\n    budget = token_limit * 4\n    used = 0\n"
            "    for message in messages:\n        used += 1\n        if used > budget:\n            break\n"
        ),
        # a rounded-up division of a helper's result on a list of tokens, or of a count of lines, or
        # outside a function named as a token estimate
        Valid("def estimate_tokens(tokens):\n    return (weigh(tokens) + 3) // 4\n"),
        Valid("def estimate_tokens(text):\n    return (count_lines(text) + 3) // 4\n"),
        Valid("def pack_tokens(text):\n    return (count_tokens(text) + 3) // 4\n"),
        # a large divisor in a token context but compared with no count of tokens; both sides of a
        # comparison divided by the same number, the other side no size
        Valid("approx_tokens = len(text) / 10"),
        # a count of words doubled, or scaled into no length
        Valid("import tokenizers\n\nline_length = len(text.split()) * 2\n"),
        Valid("import tokenizers\n\nscore = len(text.split(' ')) * 1.35\n"),
        Valid("import tokenizers\n\ndef fits(text, width):\n    return len(text) // 3 <= width // 3\n"),
        # a statistic over lengths outside a token estimate; a product of literals bounding a slice with
        # no comment of tokens or a context window (4 KiB); a model's own tokenizer's count with headroom
        Valid("rows = df['text'].apply(len).mean() // 4"),
        Valid("head = data[: 4 * 4096]  # the first pages"),
        Valid("def room(tokenizer, text):\n    n = len(tokenizer.encode(text))\n    return int(n * 1.1)\n"),
        # a text halved in code about tokens, the half no count of tokens; a count of chunks doubled
        Valid("def truncate_tokens(text):\n    mid = len(text) // 2\n    return text[:mid]\n"),
        Valid("def split_tokens(text):\n    return text[: len(text) // 2]\n"),
        Valid("def estimate_tokens(text):\n    return (tokens_by_chars + tokens_by_words) // 2\n"),
        Valid("def plan_tokens(doc):\n    n_tokens = len(splitter.split_text(doc)) * 2\n"),
        # set 24: a token count times 4 that counts array items or bytes, not characters: compared with
        # an array's length next to the count itself, slicing bytes, with a binary file's length
        Valid(
            "def check(pos, n_tokens):\n    pos = np.asarray(pos).reshape(-1)\n"
            "    if len(pos) not in {n_tokens, n_tokens * 4}:\n        raise ValueError\n"
        ),
        Valid(
            "def ids(data, at, n_tokens):\n    data = bytearray(data)\n    return data[at : at + n_tokens * 4]\n"
        ),
        Valid(
            "def load(path, n_tokens):\n    with open(path, 'rb') as f:\n        blob = f.read()\n"
            "    assert len(blob) == n_tokens * 4\n"
        ),
    )
    INVALID = (
        Invalid("def tokens_saved(self):\n    return (original_len - compressed_len) // 4\n"),
        # an estimate in a class about tokens (set 11: beeai-framework's TokenMemory)
        Invalid(
            "class TokenMemory:\n    @staticmethod\n    def _default_estimate(msg):\n"
            "        return int((len(msg.role) + len(msg.text)) / 4)\n"
        ),
        Invalid(
            "def estimate_tokens(messages):\n    return sum(len(str(m.content)) for m in messages) // 4\n"
        ),
        Invalid("log.info(f'injected {len(content)} chars (~{len(content) // 4} tokens)')"),
        # a bytes-per-token heuristic through a constant
        Invalid(
            "APPROX_BYTES_PER_TOKEN = 4\n\ndef approx(byte_len):\n    return (byte_len + 3) // APPROX_BYTES_PER_TOKEN\n",
            key="bytes_per_token",
        ),
        # tokens converted to characters: a slice, a comparison with characters, a characters name
        Invalid("def cut(text, tokens):\n    return text[: tokens * 4]\n", key="chars_per_token"),
        Invalid("def grew(new_chars, tokens):\n    if new_chars > tokens * 4:\n        flush()\n"),
        Invalid("prompt_characters = prompt_tokens * 4"),
        Invalid(
            "import prompt_budget\n\ndef estimate_tokens(text):\n    return len(text) // 4\n",
            line=4,
            key="chars_per_token",
            fixed='import prompt_budget\n\ndef estimate_tokens(text):\n    return len(text) // prompt_budget.value("chars_per_token", 4)\n',
        ),
        Invalid("approx_tokens = len(prompt) / 3.5"),
        Invalid("n = len(text) * 0.25  # rough token estimate", key="tokens_per_char"),
        Invalid("def _token_len(s):\n    return (len(s) + 3) // 4\n"),
        # a rounded-up division of an amount named as anything, in a token estimate (set 15: kimi-cli)
        Invalid(
            "def _estimate_text_tokens(text):\n    ascii_count = sum(c.isascii() for c in text)\n"
            "    return (ascii_count + 3) // 4 + len(text) - ascii_count\n"
        ),
        Invalid("est_tokens = len(text) * 3 // 8"),
        Invalid("max_chars = max_tokens * 4"),
        # decided by data flow: the product is bound to a local a later read cuts a string with (set 15:
        # deepagents)
        Invalid(
            "def truncate(result):\n    limit = TOOL_RESULT_TOKEN_LIMIT * 4\n"
            "    if len(result) > limit:\n        return result[: limit - 20]\n    return result\n"
        ),
        Invalid("snippet = text[: budget_tokens * 4]"),
        Invalid("token_estimate = len(text.split()) * 1.3", key="tokens_per_word"),
        Invalid("citation_tokens = max(1, total_citation_chars // 4)"),
        Invalid("usage = Usage(prompt_tokens=len(prompt) // 4)"),
        Invalid(
            "def count_tokens_approximately(messages, *, chars_per_token: float = 4.0):\n    ...\n",
            key="chars_per_token",
        ),
        Invalid("TOKENS_PER_WORD = 1.3", key="tokens_per_word"),
        # a words-to-tokens rate whose result is named as a length, or on a statistic over word counts
        # (set 19: ragatouille)
        Invalid(
            "import tokenizers\n\nquery_length = int(len(query.split(' ')) * 1.35)\n",
            line=3,
            key="tokens_per_word",
        ),
        Invalid("import tokenizers\n\nmaxlen = max([int(len(q.split(' ')) * 1.35) for q in queries])\n"),
        Invalid(
            "def fit(docs):\n    p90 = np.percentile([len(d.split(' ')) for d in docs], 90)\n"
            "    max_tokens = min(ceil(p90 * 1.35 / 32) * 32, 512)\n    return max_tokens\n",
            line=3,
        ),
        # a name relating tokens and characters without saying which is divided: the value says (set
        # 17: fast-graphrag's TOKEN_TO_CHAR_RATIO, used from other modules)
        Invalid("TOKEN_TO_CHAR_RATIO = 4", key="chars_per_token"),
        Invalid("CHAR_TO_TOKEN_RATIO = 0.25", key="tokens_per_char"),
        Invalid("word_token_rate = 1.3", key="tokens_per_word"),
        # decided by data flow: the product is compared with a running count of a text's characters,
        # however each is weighed (set 17: pipecat)
        Invalid(
            "def split_at(text, token_limit):\n    budget = token_limit * 4\n    cost = 0\n"
            "    for i, char in enumerate(text):\n        cost += weigh(char)\n        if cost > budget:\n"
            "            return text[:i]\n    return text\n"
        ),
        # a rounded-up division of a helper's result on a text, returned as a token estimate (set 17:
        # pipecat's quarter-tokens)
        Invalid("def _estimated_tokens(text):\n    return (_token_quarters(text) + 3) // 4\n"),
        Invalid("TOKENS_PER_WORD_RATIO = 1.34\nWORDS_PER_TOKEN_RATIO = 0.75\n", count=2),
        # decided by data flow: the estimate is added to a number of tokens, or the function returning it
        # says it counts tokens
        Invalid(
            "def message_len(message, tokens):\n    chars = len(message.text)\n    return int(chars / 3.8) + tokens\n"
        ),
        Invalid(
            'def estimate_context_size(self):\n    """Estimate total context size in tokens."""\n    total_chars = sum(len(k) for k in self.items)\n    return total_chars // 4\n'
        ),
        # decided by data flow: the estimate is compared with a count of tokens, whatever the rate
        # (set 18: rigging's 10 characters per token)
        Invalid(
            "def check(messages, usage):\n    guess = int(sum(len(m.content) for m in messages) / 10)\n"
            "    if usage.input_tokens < guess:\n        warn()\n",
            line=2,
        ),
        # a text's length and a size converted by the same rate and compared (set 18: raglite), once
        Invalid(
            "import tokenizers\n\ndef fits(doc, config):\n    return len(doc) // 3 <= 5 * (config.max_size // 3)\n",
            line=4,
        ),
        # a rate on a statistic over many texts' lengths (set 20: giskard's pandas ``apply``/``mean``)
        Invalid(
            "def estimate(df, cols):\n    sample_tokens = sum(df[c].apply(lambda x: len(str(x))).mean() for c in cols) // 4\n"
        ),
        Invalid("avg_tokens = np.mean([len(t) for t in texts]) / 4"),
        # a context window times a rate, both literals, as a character bound (set 20: giskard)
        Invalid(
            "def prompt_of(text):\n    # prevent context window overflow\n    text = text[: 3 * 8192]\n    return text\n",
            line=3,
            key="chars_per_token",
        ),
        # a tiktoken count scaled into another tokenizer's tokens (set 20: inspect-ai's 10 % for Qwen, Llama)
        Invalid(
            "def count_text_tokens(text):\n    enc = tiktoken.get_encoding('o200k_base')\n"
            "    n = len(enc.encode(text))\n    return max(1, int(n * 1.1))\n",
            line=4,
            key="tokens_per_tiktoken_token",
        ),
        # set 21: a rate kept in a class constant, reported where written (garak); a token cap times a
        # rate below 2.5 cutting characters (garak's 1.4); characters under an abbreviation (lazyllm)
        Invalid(
            "class Judge:\n    WORDS = 0.75\n\n    def fits(self, p):\n"
            "        return len(p.split()) / self.WORDS <= self.token_limit\n",
            line=2,
            key="words_per_token",
        ),
        Invalid(
            "def clip(text, max_tokens):\n    char_cap = int(max_tokens * 1.4)\n    return text[:char_cap]\n"
        ),
        Invalid("def estimate_tokens(ascii_ch_count, wide):\n    return int(ascii_ch_count / 3.0 + wide)\n"),
        # set 22: 2 characters per token returned by a helper counting tokens (openlit); 2 tokens per
        # piece of a text split at words and punctuation, bound as tokens (langchain's VertexAI)
        Invalid(
            'def text_tokens(text):\n    """Number of tokens the text takes."""\n    return math.ceil(len(text) / 2)\n',
            key="chars_per_token",
        ),
        Invalid(
            "def fits(text):\n    token_cnt = len(split_by_punctuation(text)) * 2\n", key="tokens_per_word"
        ),
    )

    # --- what the operands are

    def _chars(self, node: ast.expr) -> str | None:
        """ "chars" for len(...) or a chars name, "words" for len(x.split()) or a words name."""
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            lengths = [
                set(words(attr_name(side) or "")) & {"len", "length"} for side in (node.left, node.right)
            ]
            if isinstance(node.op, ast.Sub) and all(lengths):
                return "chars"  # ``(original_len - compressed_len) // 4``
            return self._chars(node.left) or self._chars(node.right)
        value = each_value(node)
        if value is not None:
            # ``sum(len(m.content) for m in messages)``, ``df[c].apply(lambda x: len(str(x))).mean()``
            return self._chars(value)
        if isinstance(node, ast.Call) and callee_name(node) == "len" and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Call) and splits_words(arg):
                return "words"
            if self.token_sequence(arg):
                return None
            if set(words(attr_name(arg) or "")) & UNIT_WORDS - CHAR_WORDS:
                return None  # ``len(messages) // 4``: a count of messages, not characters
            return "chars"
        name = attr_name(node)
        if name is None:
            return None
        ws = words(name)
        if isinstance(node, ast.Name) and bound_to_word_counts(self.ctx.function(), node.id):
            return "words"
        if (
            self.names.is_chars(name)
            or (("len" in ws or "length" in ws) and "text" in ws)
            or abbreviated_chars(name)
        ):
            return "chars"
        if "words" in ws or "word" in ws:
            return "words"
        return None

    def _words_to_tokens(self, factor: float) -> bool:
        """A count of words scaled by a fractional rate is tokens in a token context, or when the result
        is named as a length (``query_length = int(len(q.split(" ")) * 1.35)``, ``maxlen = max([...])``):
        a length scaled from words by a rate near 1 is in no unit but tokens (set 19: ragatouille)."""
        if token_context(self):
            return True
        return not float(factor).is_integer() and any(
            set(words(n)) & _LENGTH_WORDS for n in targets(self) if n
        )

    def _ceiling(self, node: ast.expr, factor: float) -> str | None:
        """``(ascii_count + 3) // 4``: a rounded-up division, whatever the amount divided is named (set
        15: kimi-cli), of an amount that is not tokens nor a count of messages, lines or items. The
        amount may be a helper's result on a text, not on a list of tokens: ``return (_token_quarters(
        text) + 3) // 4`` in ``_estimated_tokens`` counts in a unit finer than a token, whatever the helper
        is named, when the division is what a function named as a token estimate returns (set 17:
        pipecat)."""
        if not (
            isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and number(node.right) == factor - 1
        ):
            return None
        amount = node.left
        name = attr_name(amount) or ""
        counts_tokens = self.token_amount(amount)
        if isinstance(amount, ast.Call):
            if not amount.args or any(self.token_sequence(a) for a in amount.args):
                return None
            name = callee_name(amount) or ""
            # a token estimate's result is tokens: what it divides counts something finer
            counts_tokens = counts_tokens and not returned_estimate(self)
        if not name or counts_tokens or set(words(name)) & (UNIT_WORDS - CHAR_WORDS - {"bytes"}):
            return None
        return "chars"

    def _char_context(self) -> bool:
        if self.names.is_chars(self.ctx.function_name()):
            return True
        fn = self.ctx.function()
        ancestors = self.ctx.ancestors
        for i in range(len(ancestors) - 1, -1, -1):
            anc = ancestors[i]
            if isinstance(anc, ast.Slice):
                holder = ancestors[i - 1] if i else None
                # ``data[start : start + n_tokens * 4]`` of bytes: 4 bytes per token id
                return not (isinstance(holder, ast.Subscript) and binary_value(fn, holder.value))
            if isinstance(anc, ast.Compare):
                sides = (anc.left, *anc.comparators)
                if any(measures_binary(fn, side) for side in sides) or per_token_items(ancestors[i:]):
                    return False  # ``len(positions) in {n_tokens, n_tokens * 4}`` of an array
                if any(self._chars(side) == "chars" for side in sides):
                    return True  # ``if new_chars > tokens * 4``
            if allocates(fn, anc):
                return False  # ``np.zeros(n_tokens * 4)``: the product sizes an array
            if isinstance(anc, ast.stmt):
                break
        return any(self.names.is_chars(n) for n in targets(self) if n)

    def _char_result(self) -> bool:
        """Characters from tokens: the product is cut, compared or named as characters, or bound to a
        local that a read of its function uses so (``limit = TOKEN_LIMIT * 4`` ... ``text[:limit]``)."""
        if self._char_context():
            return True
        stmt = next((a for a in reversed(self.ctx.ancestors) if isinstance(a, ast.stmt)), None)
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
        return isinstance(target, ast.Name) and used_as_characters(self, target.id)

    def _base64(self, node: ast.AST) -> bool:
        names = [self.ctx.function_name()]
        for n in ast.walk(node):
            if isinstance(n, ast.Name):
                names.append(n.id)
            elif isinstance(n, ast.Attribute):
                names.append(n.attr)
            elif isinstance(n, ast.Constant) and isinstance(n.value, str):
                names.append(n.value)
        return any(self.names.is_base64(n) for n in names)

    #: Rates kept in constants and already reported where written (``named_rate``), once per module.
    _rates: set[ast.AST]

    #: Constants of the module or a class bound to a rate's number, whose reads the walk keeps (``prune``).
    rate_names: set[str]

    def visit_Module(self, node: ast.Module) -> None:
        self.rate_names = set()
        self._rates = set()

    def _constant_rate(self, target: ast.expr, value: ast.expr | None) -> None:
        factor = number(value)
        if isinstance(target, ast.Name) and factor and 0.15 <= factor <= 12 and self.ctx.function() is None:
            self.rate_names.add(target.id)

    # --- named ratios: chars_per_token = 4.0

    def _named(self, name: str | None, literal: ast.expr | None) -> None:
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

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._named(attr_name(node.target), node.value)
        self._constant_rate(node.target, node.value)

    def visit_arguments(self, node: ast.arguments) -> None:
        for arg, default in defaults(node):
            self._named(arg.arg, default)

    def visit_keyword(self, node: ast.keyword) -> None:
        self._named(node.arg, node.value)

    # --- the visit

    def visit_BinOp(self, node: ast.BinOp) -> None:
        parent = self.ctx.parent(node)
        if (
            isinstance(parent, ast.BinOp)
            and isinstance(parent.op, _DIVIDE)
            and parent.left is node
            and self._chars(node.left) != "words"
        ):
            return  # ``len(x) * 3 // 8``: judged once, at the division; ``words * 1.35 / 32`` here
        op, left, right = node.op, node.left, node.right
        factor = number(right)
        if factor is None:
            # ``len(p.split()) / self.TOKEN_SCALER``: a rate kept in a constant, reported where written
            right = named_rate(right, self.ctx.tree, self.ctx.enclosing_class()) or right
            factor = number(right) if right is not node.right and right not in self._rates else None
            if factor is not None and per_token_key(attr_name(node.right) or "", factor) is not None:
                return  # ``CHARS_PER_TOKEN = 4``: reported where named
        if factor is None or factor == 0:
            return
        if isinstance(op, _DIVIDE):
            mult = (
                number(left.right) if isinstance(left, ast.BinOp) and isinstance(left.op, ast.Mult) else None
            )
            if isinstance(left, ast.BinOp) and mult:
                if self._chars(left.left) == "words":
                    return  # ``ceil(words * 1.35 / 32)``: the rate is judged at the product
                if (
                    self._chars(left.left) == "chars"
                    and 0.15 <= mult / factor <= 0.5
                    and not self._base64(node)
                    and token_context(self)
                ):
                    self._report(node, None, round(factor / mult, 3), "chars_per_token")
                return
            kind = self._chars(left) or self._ceiling(left, factor)
            if (
                kind == "chars"
                and 2.5 <= factor <= 12
                and not self._base64(node)
                and self._to_tokens(node, factor)
            ):
                self._report(node, right, factor, "chars_per_token")
            elif (
                isinstance(left, ast.Call)  # ``len(text)``, not ``(chars_tokens + words_tokens) // 2``
                and self._chars(left) == "chars"
                and 1.5 <= factor < 2.5
                and not self._base64(node)
                and result_is_tokens(self, node)
            ):
                # a rate of 2 halves many things: the result itself must be tokens (set 22: openlit)
                self._report(node, right, factor, "chars_per_token")
            elif (
                kind == "words"
                and 0.5 <= factor < 1
                and (self._words_to_tokens(factor) or compared_with_tokens(self, node))
            ):
                self._report(node, right, factor, "words_per_token")
        elif isinstance(op, ast.Mult):
            if self._tokenizer_rate(node) or self._window_bound(node):
                return
            kind = self._chars(left)
            if kind == "chars" and isinstance(factor, float) and 0.15 <= factor <= 0.5:
                if not self._base64(node) and token_context(self):
                    self._report(node, right, factor, "tokens_per_char")
            elif kind == "words" and 1 < factor <= 2 and self._words_to_tokens(factor):
                self._report(node, right, factor, "tokens_per_word")
            elif kind is None and self.token_amount(left) and 1.2 <= factor <= 6 and self._char_result():
                # a rate of 1.4 characters per token too (set 21: garak's ``int(max_tokens * 1.4)``)
                self._report(node, right, factor, "chars_per_token")

    def _tokenizer_rate(self, node: ast.BinOp) -> bool:
        """``int(token_count * 1.1)`` with ``token_count = len(enc.encode(text))`` of a tiktoken encoding:
        a rate from OpenAI's tokens to another tokenizer's (set 20: inspect-ai's ``o200k_base``
        count "with 10% buffer" for Qwen, DeepSeek and Llama; ``tiktoken_counts``). Reported."""
        reader = CountReader(self.ctx.function(), self.ctx.enclosing_class(), self.ctx.origin)
        found = reader.correction(node)
        rate = number(found[0]) if found else None
        if found is None or rate is None:
            return False
        self.report(
            node,
            f"hard-coded ratio of {rate} to turn a tiktoken (GPT) count into another model's tokens; the "
            "ratio differs by model and text, so keep one calibrated value in config (or count with the "
            "model's own tokenizer)",
            target=found[0],
            value=rate,
            key_parts=("tokens_per_tiktoken_token", self.scope_key(), self.ctx.module_name),
        )
        return True

    def _window_bound(self, node: ast.BinOp) -> bool:
        """``text[: 3 * 8192]  # prevent context window overflow``: a character bound of a context window
        times a rate, both literals, where a comment on or right above the statement says tokens or a
        context window (set 20: giskard); ``buf[: 4 * 1024]`` alone is 4 KiB. Reported at the product,
        once (one line, one budget)."""
        rate = window_times_rate(node)
        if rate is None or not self._char_context():
            return False
        stmt = next((a for a in reversed(self.ctx.ancestors) if isinstance(a, ast.stmt)), None)
        if not says_window((self.ctx.comment(), comment_above(self.ctx.lines, stmt))):
            return False
        self._report(node, rate, number(rate) or 0, "chars_per_token")
        return True

    def _to_tokens(self, node: ast.BinOp, factor: float) -> bool:
        """A number of characters divided by ``factor`` is a number of tokens: in a token context, or
        compared with a count of tokens (set 18: rigging's ``int(sum(len(m.content) ...) / 10)`` ...
        ``if usage.input_tokens < estimate``); a rate above 6 characters per token only so."""
        if factor > 6:
            return compared_with_tokens(self, node)
        return (
            token_context(self)
            or compared_with_tokens(self, node)
            or same_rate(self.ctx.ancestors, node, factor, self._chars)
        )

    def _report(self, node: ast.expr, literal: ast.expr | None, value: float, key: str) -> None:
        if isinstance(node, ast.BinOp) and literal is not None and literal not in (node.left, node.right):
            self._rates.add(literal)  # a named rate, reported once where it is written
            node = literal
        what = key.replace("_", " ").replace("char", "character")  # chars_per_token: characters per token
        self.report(
            node,
            f"hard-coded ratio of {value} {what} in a token estimate; the ratio differs by model and "
            "language, so keep one calibrated value in config (or count with a real tokenizer)",
            target=literal,
            value=value,
            key_parts=(key, self.scope_key(), self.ctx.module_name),
        )
