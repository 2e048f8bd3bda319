"""PB104's cases (``Valid``/``Invalid``), kept apart from the rule module to keep both short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb104_set69_cases import SET69_INVALID, SET69_VALID
from prompt_budget.lint.rules.pb104_set71_cases import SET71_INVALID, SET71_VALID
from prompt_budget.lint.rules.pb104_set73_cases import SET73_INVALID, SET73_VALID
from prompt_budget.lint.rules.pb104_set75_cases import SET75_INVALID, SET75_VALID
from prompt_budget.lint.rules.pb104_set79_cases import SET79_INVALID, SET79_VALID
from prompt_budget.lint.rules.pb104_set81_cases import SET81_INVALID, SET81_VALID
from prompt_budget.lint.rules.pb104_set83_cases import SET83_INVALID, SET83_VALID
from prompt_budget.lint.rules.pb104_set85_cases import SET85_INVALID, SET85_VALID
from prompt_budget.lint.rules.pb104_set87_cases import SET87_INVALID, SET87_VALID
from prompt_budget.lint.rules.pb104_set91_cases import SET91_INVALID, SET91_VALID
from prompt_budget.lint.rules.pb104_set93t_cases import SET93T_INVALID, SET93T_VALID
from prompt_budget.lint.rules.pb104_set95_cases import SET95_INVALID, SET95_VALID
from prompt_budget.lint.rules.pb104_set97_cases import SET97_INVALID, SET97_VALID
from prompt_budget.lint.rules.pb104_set99_cases import SET99_INVALID, SET99_VALID
from prompt_budget.lint.rules.pb104_set99s_cases import SET99S_INVALID, SET99S_VALID
from prompt_budget.lint.rules.pb104_set101_cases import SET101_INVALID, SET101_VALID
from prompt_budget.lint.rules.pb104_set103y_cases import SET103Y_INVALID, SET103Y_VALID
from prompt_budget.lint.rules.pb104_set105_cases import SET105_INVALID, SET105_VALID
from prompt_budget.lint.rules.pb104_set111_cases import SET111_INVALID, SET111_VALID
from prompt_budget.lint.rules.pb104_set117_cases import SET117_INVALID, SET117_VALID
from prompt_budget.lint.rules.pb104_set181_cases import SET181_INVALID, SET181_VALID
from prompt_budget.lint.rules.pb104_set183_cases import SET183_INVALID, SET183_VALID

#: Set 57's huixiangdou ``call_kimi``: windows converted to characters (``int(8192 * 1.5)``, PB104) less a
#: reserve (``- 1024``, PB106) to pick the model named by the window; both rules' cases read it.
KIMI_PICK = (
    "def pick(prompt):  # the smallest model whose token window fits\n    prompt_len = len(prompt)\n"
    "    if prompt_len <= int(8192 * 1.5) - 1024:\n        model = 'moonshot-v1-8k'\n    elif prompt_len <= int(32768 * 1.5) - 1024:\n"
    "        model = 'moonshot-v1-32k'\n    else:\n        prompt = prompt[0:int(128000 * 1.5) - 1024]\n"
    "        model = 'moonshot-v1-128k'\n    return model\n"
)
#: A product of literals beside model names that do not match it (no window of theirs): no rule's.
MISNAMED_PICK = (
    "def pick(prompt):  # token window\n    if len(prompt) <= int(8192 * 1.5):\n        model = 'moonshot-v1-32k'\n"
    "    else:\n        model = 'moonshot-v1-8k'\n    return model\n"
)

CASES_VALID = (
    *SET69_VALID,
    *SET71_VALID,
    *SET73_VALID,
    *SET75_VALID,
    *SET79_VALID,
    *SET81_VALID,
    *SET83_VALID,
    *SET85_VALID,
    *SET87_VALID,
    *SET91_VALID,
    *SET93T_VALID,
    *SET95_VALID,
    *SET97_VALID,
    *SET99_VALID,  # sets 99 and 100 (tuner U)
    *SET101_VALID,  # sets 101 and 102 (tuner Q)
    *SET103Y_VALID,  # set 103 (tuner Y): a remainder lessened by counted locals, clamped
    *SET105_VALID,  # set 105 (tuner B): a token cap made a number first
    *SET111_VALID,  # sets 111 and 112: what a one-statement helper returns
    *SET117_VALID,  # sets 117 and 118: a rate picked by a condition
    *SET181_VALID,  # set 181: a window through a local, a count of matches
    *SET183_VALID,  # set 183: a rate stated as chars/4
    *SET99S_VALID,  # sets 99 and 100 (tuner S)
    # a local rate named for no tokens, or bound twice (which the module cannot say)
    Valid("def pages(text):\n    page_factor = 4\n    return len(text) // page_factor\n"),
    Valid(
        "def guess(text, cjk):\n    token_factor = 4\n    if cjk:\n        token_factor = 2\n"
        "    n_tokens = len(text) // token_factor\n    return n_tokens\n"
    ),
    # a size scaled and kept a size; a count of tokens scaled into a budget (no unit changes)
    Valid("def grow(chunk_size):\n    bigger = int(chunk_size * 1.5)\n    return {'chunk_size': bigger}\n"),
    Valid("request = dict(max_tokens=int(prompt_tokens * 1.5))"),
    # an average of characters over a count, halved into no tokens; a count over a count
    Valid("avg_width = (total_chars / count) / 4"),
    Valid("per_page = (total_rows / pages) / 4"),
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
    # a length times a rate in no budget, or of a list (set 50: pdf2zh's ``maxlen``)
    Valid("def translate(text):\n    maxlen = max(2000, len(text) * 5)\n    return maxlen\n"),
    Valid("def plan(ids, max_tokens):\n    max_tokens = len(ids) * 3\n    return max_tokens\n"),
    Valid("def check(text, max_tokens):\n    return len(text) * 3 > max_tokens\n"),
    # set 49: a length rounded down to a multiple of 4 (openparse groups coordinates into 4-tuples)
    Valid("def tokens_to_boxes(tokens):\n    rounded = len(tokens) // 4 * 4\n    return rounded\n"),
    Valid("def token_groups(text, n=4):\n    usable = n * (len(text) // n)\n    return usable\n"),
    # rounded-up divisions of tokens or of messages, or outside a token estimate
    Valid("def pack_tokens(n_tokens, n_messages):\n    return (n_tokens + 3) // 4, (n_messages + 3) // 4\n"),
    Valid("def rows(ascii_count):\n    return (ascii_count + 3) // 4\n"),
    Valid("mid = len(text) // 2  # split the text in two"),
    Valid("step = max_chars - min(2000, max_chars // 4)"),
    Valid("def count_tokens(text):\n    return len(enc.encode(text))\n"),
    Valid("tokens = len(enc.encode(text)) // 2  # pairs of tokens"),
    Valid("def count(messages, chars_per_token=settings.ratio):\n    ...\n"),
    Valid('def quarter(text):\n    """A quarter of the text, for a preview."""\n    return len(text) // 4\n'),
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
    # a word count padded into a word target the prompt states in words, under a comment saying words
    # are not tokens (set 39: airoboros)
    Valid(
        "def ask(template, word_count):\n    return template.format(\n"
        "        word_count=int(word_count * 1.3),  # words != tokens, add buffer\n"
        "        third=int((word_count * 1.3) / 3),\n    )\n"
    ),
    Valid(
        "def target(words):\n    max_words = int(len(words) * 1.3)  # tokens aside\n    return max_words\n"
    ),
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
    # a comment above that estimates no tokens, or names tokens without estimating: a quarter of a text
    Valid(
        "def split(text):\n    # rough layout: four columns\n    width = len(text) // 4\n    return width\n"
    ),
    Valid(
        "def split(text, tokens):\n    # the tokens come later\n    width = len(text) // 4\n    return width\n"
    ),
    # a size given to a splitter counting characters; token ids packed four bytes each
    Valid(
        "def build(method, chunk_size):\n    if method == 'html':\n"
        "        return CodeSplitter(language='html', max_chars=4 * chunk_size)\n"
        "    return CharacterTextSplitter(chunk_size=chunk_size)\n"
    ),
    Valid("def pack(n_tokens):\n    return bytearray(4 * n_tokens)\n"),
    # priced per token, not per character: no conversion to characters
    Valid(
        "def cost(self, label, cost_per_token):\n"
        '    return cost_per_token * (len(label) if label else 4 * self.params["max_output_tokens"])\n'
    ),
    Valid("def cost(char_count, max_tokens):\n    return char_count * (4 * max_tokens)\n"),
    # a product of literals beside a string that names no model by that window, or 4 KiB (set 57)
    Valid(MISNAMED_PICK),
    Valid(
        "def kind(buf):  # not tokens\n    if len(buf) <= 4 * 1024:\n        size = '4k'\n        return size\n"
    ),
    # set 64: another number than the comment's rate; a list of words bound otherwise too
    Valid("def column_count(text):\n    return len(text) / 3  # 4 chars per token elsewhere\n"),
    Valid(
        'def word_count_heuristic(text, extra):\n    """Estimate token count."""\n    words = text.split()\n'
        "    if extra:\n        words = extra\n    return len(words) * 1.333\n"
    ),
    # set 64: a budget times 4 as the default of a parameter documented in tokens, or in nothing
    Valid(
        "def reader(self):\n    default_length = (self.max_output_tokens or 1000) * 4\n\n"
        "    def read(ref, length=default_length):\n"
        '        """Read.\n\n        Args:\n            length: Number of tokens to read.\n        """\n'
        "        return store[ref]\n\n    return read\n"
    ),
    # set 64: a window times 2 compared with the length of a list the code collects, or cutting it: items
    Valid(
        "class Memory:\n    def go(self, record):\n        self._history.append(record)\n"
        "        if len(self._history) > self.context_window * 2:\n"
        "            self._history = self._history[-(self.context_window * 2) :]\n"
    ),
    Valid(
        "def keep(records, max_tokens):\n    kept = []\n    for r in records:\n        kept.append(r)\n"
        "    return kept[: max_tokens * 4]\n"
    ),
    # a session token's expiry is a credential's, whatever is estimated of it
    Valid("def estimate_session_token_expiry(store):\n    return len(store.entries) // 4\n"),
)
CASES_VALID_25 = (
    # set 25: a local bound to a count of messages; a length times 1.5 alone (no other rate in a sum);
    # a quotient priced per page, not per token
    Valid("def count_tokens(messages):\n    n = len(messages)\n    return n // 4 + 1\n"),
    Valid("def pad_tokens(text):\n    return int(len(text) * 1.5)\n"),
    Valid("cost = len(text) / 4 * price_per_page"),
    # set 26: bytes divided by 4 that are no tokens: blocks of a buffer, an image's size
    Valid("num_words = total_bytes // 4"),
    Valid("def image_tokens(image_bytes):\n    return image_bytes // 4\n"),
    # set 28: a parameter's default rate outside any token estimate (a width per wide character)
    Valid("def text_width(han_count, han_width=1.5):\n    return han_count * han_width\n"),
    # set 51: a pair of constants of tokens and words not dividing into a rate of a word count, or whose
    # rate is no words-to-tokens guess (a page of 500 words is no rate; 4000 tokens over 750 words)
    Valid(
        "class Doc:\n    TOKENS = 1000\n    WORDS = 750\n\n    def pages(self, text):\n"
        "        return len(text.split()) / self.WORDS\n"
    ),
    Valid(
        "class Doc:\n    TOKENS = 4000\n    WORDS = 750\n\n    def count(self, text):\n"
        "        return (self.TOKENS / self.WORDS) * len(text.split())\n"
    ),
    Valid(
        "MAX_TOKENS = 1000\nWORDS = 750\n\ndef count(text):\n    return MAX_TOKENS / WORDS * len(text.split())\n"
    ),
)
CASES_INVALID = (
    *SET69_INVALID,
    *SET71_INVALID,
    *SET73_INVALID,
    *SET75_INVALID,
    *SET79_INVALID,
    *SET81_INVALID,
    *SET83_INVALID,
    *SET85_INVALID,
    *SET87_INVALID,
    *SET91_INVALID,
    *SET93T_INVALID,
    *SET95_INVALID,
    *SET97_INVALID,
    *SET99_INVALID,  # sets 99 and 100 (tuner U)
    *SET101_INVALID,  # sets 101 and 102 (tuner Q)
    *SET103Y_INVALID,  # set 103 (tuner Y): a remainder lessened by counted locals, clamped
    *SET105_INVALID,  # set 105 (tuner B): a token cap made a number first
    *SET111_INVALID,  # sets 111 and 112: what a one-statement helper returns
    *SET117_INVALID,  # sets 117 and 118: a rate picked by a condition
    *SET181_INVALID,  # set 181: a window through a local, a count of matches
    *SET183_INVALID,  # set 183: a rate stated as chars/4
    *SET99S_INVALID,  # sets 99 and 100 (tuner S)
    # a rate of characters per token kept in a local named for tokens, no "per" in it (set 48: ares-ai)
    Invalid(
        "def fit(prompt):\n    token_approx_factor = 4\n"
        "    prompt_tokens = len(prompt) // token_approx_factor\n    return prompt_tokens\n",
        line=2,
    ),
    # a size of no token unit scaled by a rate, set as a number of tokens (set 29: docetl)
    Invalid(
        "def plan(info):\n    size = int(info['chunk_size'] * 1.5)\n"
        "    return {'method': 'token_count', 'method_kwargs': {'num_tokens': size}}\n"
    ),
    Invalid("splitter = Splitter(num_tokens=int(chunk_size * 1.3))"),
    # a rate on an average length: a total of characters over a count (set 29: docetl)
    Invalid("avg_tokens = (stats['total_chars'] / stats['count']) / 4"),
    Invalid("def tokens_saved(self):\n    return (original_len - compressed_len) // 4\n"),
    # an estimate in a class about tokens (set 11: beeai-framework's TokenMemory)
    Invalid(
        "class TokenMemory:\n    @staticmethod\n    def _default_estimate(msg):\n"
        "        return int((len(msg.role) + len(msg.text)) / 4)\n"
    ),
    Invalid("def estimate_tokens(messages):\n    return sum(len(str(m.content)) for m in messages) // 4\n"),
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
    # set 50: a text's length times tokens per character set as the output cap (pdf2zh's Ollama client)
    Invalid(
        "def translate(self, text):\n    if (max_token := len(text) * 5) > self.options['num_predict']:\n"
        "        self.options['num_predict'] = max_token\n",
        key="output_tokens_per_char",
    ),
    Invalid("def ask(prompt):\n    return client.generate(prompt, max_tokens=len(prompt) * 3)\n"),
    # a quotient times something other than its divisor is still an estimate (set 49's alignment aside)
    Invalid("def estimate_tokens(text, n_copies):\n    return len(text) // 4 * n_copies\n"),
    Invalid("max_chars = max_tokens * 4"),
    # decided by data flow: the product is bound to a local a later read cuts a string with (set 15:
    # deepagents)
    Invalid(
        "def truncate(result):\n    limit = TOOL_RESULT_TOKEN_LIMIT * 4\n"
        "    if len(result) > limit:\n        return result[: limit - 20]\n    return result\n"
    ),
    Invalid("snippet = text[: budget_tokens * 4]"),
    Invalid("token_estimate = len(text.split()) * 1.3", key="tokens_per_word"),
    # the same rate under a comment saying words are not tokens, its result returned or compared as
    # tokens
    Invalid(
        "def estimate_tokens(text):\n    return int(len(text.split()) * 1.3)  # words != tokens\n",
        key="tokens_per_word",
    ),
    Invalid("tokens_by_words = int(word_count / 0.75)", key="words_per_token"),
    Invalid(
        "def fits(text, max_tokens):\n    return len(text.split()) * 1.3 < max_tokens  # words aren't tokens\n",
        key="tokens_per_word",
    ),
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
    Invalid("def fits(text):\n    token_cnt = len(split_by_punctuation(text)) * 2\n", key="tokens_per_word"),
    # set 25: a rate on a local bound to characters under no unit's name (memoryos's ``rest``), on a
    # conditional of two lengths summed over messages, a wide script's rate among other rates, an
    # estimate priced per token (alpaca-eval)
    Invalid(
        "def count_tokens(text):\n    wide = count_wide(text)\n    rest = len(text) - wide\n"
        "    return wide + max(1, rest // 4)\n",
        line=4,
        key="chars_per_token",
    ),
    Invalid(
        "def add(messages):\n    est_tokens = sum(len(m['text']) if isinstance(m, dict) else len(str(m))"
        " for m in messages) // 4\n    log(est_tokens)\n",
        line=2,
    ),
    Invalid(
        "def estimate_tokens(a_chars, n_words, other_chars):\n"
        "    return int(a_chars * 1.5 + n_words * 1.3 + other_chars * 0.25)\n",
        count=3,
    ),
    Invalid("price = [(len(p) + len(c)) / 4 * price_per_token for p, c in pairs]", key="chars_per_token"),
    # set 26: a size in bytes of a text turned into tokens (llm-context's ``estimated_tokens``)
    Invalid(
        "class Preview:\n    @property\n    def estimated_tokens(self):\n        return self.total_bytes // 4\n"
    ),
    Invalid("approx_tokens = byte_len * 0.25", key="tokens_per_char"),
    # set 28: a rate kept in a parameter's default, multiplying a count of a wide script's characters
    # (qianfan's local token counter)
    Invalid(
        "def count_tokens(text, han_tokens=0.625, word_tokens=1):\n    han_count = count_han(text)\n"
        "    return int(han_count * han_tokens + len(text.split()) * word_tokens)\n",
        line=1,
        key="tokens_per_char",
    ),
    # set 51: a words-to-tokens rate written as two constants, tokens over words, scaling a count of
    # words (fmbench's ``CustomTokenizer``): one finding, at the constant counting tokens
    Invalid(
        "class CustomTokenizer:\n    TOKENS: int = 1000\n    WORDS: int = 750\n\n    def count_tokens(self, text):\n"
        "        return int(math.ceil((self.TOKENS / self.WORDS) * len(text.split())))\n",
        line=2,
        key="tokens_per_word",
    ),
    Invalid(
        "NUM_TOKENS = 4\nNUM_WORDS = 3\n\ndef estimate(text):\n    return len(text.split()) * NUM_TOKENS // NUM_WORDS\n",
        line=1,
        key="tokens_per_word",
    ),
    # a comment right above calling the result an estimate of tokens, whatever its name (set 53: syftr's
    # ``sum(len(s) // 4 for s in retrieved_contexts)``)
    Invalid(
        "def score(texts):\n    # Approximate token length used here for speed of implementation.\n"
        "    length = sum(len(s) // 4 for s in texts)\n    return length\n",
        line=3,
    ),
    # a token size turned into characters, the rate written first, or a size the function gives a token
    # splitter (set 53: syftr's ``CodeSplitter(max_chars=4 * chunk_size)``)
    Invalid("def head(text, max_tokens):\n    return text[: 4 * max_tokens]\n", line=2),
    Invalid(
        "def build(method, chunk_size, tok):\n    if method == 'html':\n"
        "        return CodeSplitter(language='html', max_chars=4 * chunk_size)\n"
        "    return TokenTextSplitter(chunk_size=chunk_size, tokenizer=tok)\n",
        line=3,
    ),
    # a token cap times a rate, priced per character: characters (set 55: refuel-autolabel's PaLM cost)
    Invalid(
        "def cost(self, label):\n    cost_per_char = self.COST_PER_CHARACTER.get(self.model_name, 0.0)\n"
        '    return cost_per_char * (len(label) if label else 4 * self.params["max_output_tokens"])\n',
        line=3,
    ),
    Invalid(
        "def cost(price_per_character, max_tokens):\n    return price_per_character * (4 * max_tokens + 10)\n"
    ),
    # a window converted to characters to pick the model named by it (set 57: huixiangdou's call_kimi)
    Invalid(
        KIMI_PICK,
        count=3,
    ),
    # a token target converted to characters through a local factor, or a literal, before trimming to
    # the target with a real count (set 62: hackingbuddygpt's ``trim_result_front``)
    Invalid(
        "def trim(model, target_size, result):\n    cur_size = model.count_tokens(result)\n"
        "    TARGET_SIZE_FACTOR = 3\n    if cur_size > TARGET_SIZE_FACTOR * target_size:\n"
        "        result = result[:TARGET_SIZE_FACTOR * target_size]\n        cur_size = model.count_tokens(result)\n"
        "    while cur_size > target_size:\n        result = result[:-1]\n"
        "        cur_size = model.count_tokens(result)\n    return result\n",
        line=3,
    ),
    Invalid(
        "def trim(model, target, text):\n    if model.count_tokens(text) > target:\n"
        "        text = text[: target * 4]\n    return text\n",
        line=3,
    ),
    Invalid(
        "def cut(text, max_tokens):\n    size_factor = 4\n    return text[: size_factor * max_tokens]\n",
        line=2,
    ),
    # set 64: a budget (or its fallback) times 4, the default of a parameter documented in characters
    Invalid(
        "def reader(self):\n    default_length = (self.max_output_tokens or 1000) * 4\n\n"
        "    def read(ref, length=default_length):\n"
        '        """Read.\n\n        Args:\n            length: Number of characters to read.\n        """\n'
        "        return store[ref][:length]\n\n    return read\n",
        line=2,
    ),
    # set 64: a rate the comment gives as characters per token, whatever the function is named; a count
    # of words kept in a local cut from a text, in a function documented as estimating tokens
    Invalid(
        'def character_count_heuristic(text):\n    """A heuristic based on character count."""\n'
        "    return len(text) / 4  # Assume average of 4 characters per token\n"
    ),
    Invalid(
        'def word_count_heuristic(text):\n    """A heuristic to estimate token count based on word count."""\n'
        "    words = text.split()\n    return len(words) * 1.333\n"
    ),
    # set 67: an estimate of a session's tokens (react-agent-harness's ``_estimate_session_tokens``)
    Invalid(
        "def _estimate_session_tokens(state):\n    total = max(0, len(state.summary) // 4) if state.summary else 0\n"
        "    for message in state.messages:\n        total += max(1, len(message.content) // 4)\n    return total\n",
        count=2,
    ),
)

LOCAL_FACTOR_VALID = (
    # a factor not named so, or bound twice; a parameter rebound, ordered against no token count, or a
    # count of items; a product not cut from a string
    Valid(
        "def trim(model, target_size, result):\n    k = 3\n    cur = model.count_tokens(result)\n"
        "    if cur > target_size:\n        result = result[: k * target_size]\n    return result\n"
    ),
    Valid(
        "def trim(model, target_size, result, fast):\n    factor = 3\n    if fast:\n        factor = 2\n"
        "    if model.count_tokens(result) > target_size:\n        result = result[: factor * target_size]\n"
        "    return result\n"
    ),
    Valid(
        "def trim(model, target_size, result):\n    target_size = target_size // 2\n"
        "    if model.count_tokens(result) > target_size:\n        result = result[: 3 * target_size]\n"
        "    return result\n"
    ),
    Valid(
        "def trim(rows, target_size, result):\n    if len(rows) > target_size:\n"
        "        result = result[: 3 * target_size]\n    return result\n"
    ),
    Valid(
        "def grow(model, target_size):\n    scale = 3\n    if model.count_tokens(p) > target_size:\n"
        "        return scale * target_size\n    return target_size\n"
    ),
)
