"""Sets 619's and 621's cases (each measured with the session's final rules of its moment, 3e8dca4 and 87bb619, then
tuned on), joined to the others in
``pb101_set597_cases``' ``SINCE597_*`` lists: PB104, a rate a constructor binds under a name of a rate of tokens, a read
of the environment on another branch (contextly's ``self.token_multiplier = 3.5`` ... ``len(text) /
self.token_multiplier``, ``pb104_rates.estimator_start``), and a count of characters given a fallback of zero
(bounty-agent's ``int(char_count or 0) // 4``).

Set 621's: PB104, a rate in a function its docstring calls a token counter, added into the total it returns
(haikeilabs-agentware's ``def default_counter(messages)``, ``pb104_context``). PB102, not an overlap whose comment speaks
of a secret's token (harnesswatch's ``OVERLAP = 4096  # longer than any secret shape, so a token across a window edge is
still seen``, ``comments.NOT_MODEL_TOKEN_WORDS``), nor the limit of a module's own lexer building its list under another
name or splitting a shell's words (xaidr's ``_MAX_TOKENS = 20000`` beside ``def tokenize(text)`` with ``out: list =
[]``, ``_MAX_TOKENS_PER_SEGMENT = 512`` beside ``shlex.split``, ``lexer_tokens``)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_PACKER = (
    "import os\n"
    "\n"
    "\n"
    "class PackerEngine:\n"
    "    def __init__(self, fast):\n"
    "        if fast:\n"
    '            self.{name} = float(os.environ.get("CONTEXTLY_TOKEN_MULTIPLIER", "3.5"))\n'
    "        else:\n"
    "            self.{name} = 3.5\n"
    "\n"
    "    def _estimate_tokens(self, text: str) -> float:\n"
    "        return len(text) / self.{name}\n"
)
_EMBEDDED = (
    "def add_embedding_chars(self, {count}, model='text-embedding-3-small'):\n"
    "    tokens = max(int({count} or 0) // 4, 0)\n"
    "    self.add(model, tokens, 0)\n"
)
SET619_PB104_VALID = (Valid(_PACKER.format(name="zoom_level")), Valid(_EMBEDDED.format(count="item_count")))
SET619_PB104_INVALID = (
    Invalid(_PACKER.format(name="token_multiplier"), line=9),
    Invalid(_EMBEDDED.format(count="char_count"), line=2),
)

_COUNTER = (
    "def default_counter(messages):\n"
    '    """Default {what} counter using character-based estimation."""\n'
    "    total = 0\n"
    "    for m in messages:\n"
    "        total += len(m.content) // 4\n"
    "    return total\n"
)
SET621_PB104_VALID = (Valid(_COUNTER.format(what="line")),)
SET621_PB104_INVALID = (Invalid(_COUNTER.format(what="token"), line=5),)
_SHELL = (
    "import shlex\n"
    "\n"
    "_MAX_TOKENS_PER_SEGMENT = 512\n"
    "\n"
    "\n"
    "def _tokenize(segment):\n"
    "    return {split}(segment)\n"
    "\n"
    "\n"
    "def parse(raw):\n"
    "    return _tokenize(raw)[:_MAX_TOKENS_PER_SEGMENT]\n"
)
SET621_PB102_VALID = (
    Valid("OVERLAP = 4096  # longer than any secret shape, so a token across a window edge is still seen\n"),
    Valid(_SHELL.format(split="shlex.split")),
    Valid(
        "_MAX_TOKENS = 20000\n\n\ndef tokenize(text):\n    out: list = []\n    i, n = 0, len(text)\n    while i < n:\n"
        "        out.append(text[i])\n        i += 1\n        if len(out) > _MAX_TOKENS:\n            break\n    return out\n"
    ),
)
SET621_PB102_INVALID = (
    Invalid("OVERLAP = 4096  # so a token across a window edge is still seen\n", line=1),
    Invalid(_SHELL.format(split="enc.encode"), line=3),
)

# sets 613's and 615's (their readings listed in ``pb101_set597_cases``' docstring), kept here for that module's size
_SCANNER = (
    "#: Most tokens this will produce.\n"
    "MAX_FACET_TOKENS = 2048\n"
    "\n"
    "\n"
    "def _tokenize(text):\n"
    "    tokens = []\n"
    "    i, n = 0, len(text)\n"
    "    while i < n:\n"
    "        if len(tokens) >= MAX_FACET_TOKENS:\n"
    "            return tokens, True\n"
    "        tokens.{add}\n"
    "        i += 1\n"
    "    return tokens, False\n"
)
_ROWS_CUT = (
    "def features(tok, model, s, wave):\n"
    "    ids = {held}[:, -12000:].to(model.device)\n"
    "    return model(input_ids=ids)\n"
)
SET613_PB101_VALID = (Valid(_ROWS_CUT.format(held="wave")),)
SET613_PB101_INVALID = (Invalid(_ROWS_CUT.format(held='tok(s, return_tensors="pt")["input_ids"]'), line=2),)
_GGUF = (
    "import os\n"
    "\n"
    "\n"
    "def run(runtime, path, prompt, llama):\n"
    '    n_ctx = int((runtime.get("config") or {{}}).get("{key}", os.getenv("AOC_GGUF_CTX", "2048")))\n'
    "    return llama(model_path=path, n_ctx=n_ctx)(prompt)\n"
)
SET615_PB101_VALID = (Valid(_GGUF.format(key="retries")),)
SET615_PB101_INVALID = (Invalid(_GGUF.format(key="n_ctx"), line=5),)
_EFFORT = (
    "def thinking_effort(thinking_config):\n"
    '    budget = thinking_config["{key}"]\n'
    "    if budget <= 1024:\n"
    '        return "low"\n'
    '    return "high"\n'
)
SET615_PB103_VALID = (Valid(_EFFORT.format(key="retries")),)
SET615_PB103_INVALID = (Invalid(_EFFORT.format(key="budget_tokens"), line=3),)
_RECALL = (
    "from difflib import SequenceMatcher\n"
    "\n"
    "\n"
    "class BrainTool:\n"
    "    def __init__(self, threshold: float = 0.82, context_limit: int = 20) -> None:\n"
    "        self.{stored} = threshold\n"
    "        self._context_limit = context_limit\n"
    "\n"
    "    def recall(self, question, knowledge):\n"
    "        for key, answer in knowledge.items():\n"
    "            score = SequenceMatcher(None, question, key).ratio()\n"
    "            if score >= self.{stored}:\n"
    "                return answer\n"
    "        return None\n"
)
SET615_PB105_VALID = (
    Valid(_RECALL.format(stored="_threshold")),
    Valid(_RECALL.format(stored="threshold")),
    Valid("CHUNK_OVERLAP_THRESHOLD = 0.30\n"),
)
SET613_PB102_VALID = (Valid(_SCANNER.format(add='append({"value": text[i]})')),)
SET613_PB102_INVALID = (Invalid(_SCANNER.format(add="extend(enc.encode(text[i]))"), line=2),)
