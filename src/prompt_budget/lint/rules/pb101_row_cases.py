"""PB101's cases about numbers judged by where they are given (``lint/argument_rows.py``): a row of a
``pytest.mark.parametrize`` table under a budget's argument, a command line's value after a long option
named as a budget, a setter's argument and a budget per item. Kept apart from the rule module to keep
both short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: a table of budgets and a lookup in it (set 66: autorubric's thinking budgets per level)
_LEVELS = (
    "LEVEL_BUDGETS = {rows}\n\nclass Thinking:\n    def get_effective_budget(self):\n"
    "        return LEVEL_BUDGETS.get(self.level, {fallback})\n"
)

ROW_VALID = (
    # a table named for budgets of something else than tokens (dollars, or small counts), or holding a
    # row that is no amount of tokens
    Valid(_LEVELS.format(rows='{"low": 0.5, "high": 2.5}', fallback="1.0")),
    Valid(_LEVELS.format(rows='{"low": 1, "high": 3}', fallback="2")),
    Valid(_LEVELS.format(rows='{"low": 1024, "high": "max"}', fallback="2048")),
    Valid(
        'def shorten(text, limit):\n    """Cut text.\n\n    Args:\n        limit: maximum number of characters kept\n    """\n'
        "    return text[:limit]\n\nshort = shorten(doc, 1000)\n"
    ),
    # a number given through ``self`` to a parameter that is no budget
    Valid(
        "class Reader:\n    def cut(self, doc, width):\n        return doc[:width]\n\n"
        "    def read(self, doc):\n        return self.cut(doc, 1000)\n"
    ),
    # a table's argument that is no budget; a row too small to be one
    Valid(
        '@pytest.mark.parametrize("prompt,n_retries", [("hi", 64), ("yo", 128)])\ndef test(prompt, n_retries): ...\n'
    ),
    Valid('@pytest.mark.parametrize("max_tokens", [1, 8])\ndef test(max_tokens): ...\n'),
    # short options say nothing; a long option that is no budget; a value that is no number
    Valid('cmd = ["llama-cli", "-c", "4096", "-n", "128", "--seed", "4242", "--ctx-size", "auto"]'),
    # an unlimited sentinel; a positional encoding's original length; a setter that is no budget's
    Valid(
        "def write(w):\n    # this architecture isn't context limited\n    w.add_context_length(1048576)\n"
        "    w.add_context_length(2**20)  # arbitrary value\n"
        "    if not use_rope:\n        w.add_context_length(2**20)\n"
        "    w.add_rope_scaling_orig_ctx_len(256 * 1024)\n    w.add_block_count(32)\n"
    ),
    # a product with an amount of tokens or characters: a scale, not a budget per item
    Valid(
        "def f(cfg):\n    cfg.max_tokens = cfg.prompt_tokens * 16\n    cfg.max_tokens = cfg.max_chars * 64\n"
    ),
)

ROW_INVALID = (
    Invalid(
        'def shorten(text, limit):\n    """Cut text.\n\n    Args:\n        limit: maximum number of tokens kept\n    """\n'
        "    return enc.decode(enc.encode(text)[:limit])\n\nshort = shorten(doc, 1000)\n",
        line=9,
    ),
    # a number given by position to a method of the class, through ``self`` (set 29: docetl)
    Invalid(
        "class Reader:\n    def cut(self, doc, max_tokens):\n        return doc[:max_tokens]\n\n"
        "    def read(self, doc):\n        return self.cut(doc, 1000)\n",
        line=6,
    ),
    # a budget in each row of a test table, one finding per row line (set 24: llama.cpp's server tests)
    Invalid(
        '@pytest.mark.parametrize("prompt,max_tokens,expected", [\n'
        '    ("Hi", 64, "x"),\n    pytest.param("Yo", 128, "y", marks=slow),\n])\n'
        "def test(prompt, max_tokens, expected): ...\n",
        count=2,
    ),
    Invalid('@pytest.mark.parametrize(("n_ctx",), [512, 1024])\ndef test(n_ctx): ...\n'),
    # a command line's option named as a budget, then its value (a runtime's spelling: llama.cpp's)
    Invalid('args = ["llama-server", "--ctx-size", "8192"]\nargs += ["--max-tokens", 512]\n', count=2),
    # a setter of a budget, given a literal or a lookup's fallback (set 24: GGUF converters)
    Invalid(
        "def write(w, hparams):\n    w.add_context_length(2048)\n"
        '    w.add_context_length(hparams.get("max_position_embeddings", 4096))\n',
        count=2,
    ),
    # a budget per item (set 24: a context per server slot)
    Invalid("def start(server):\n    server.n_ctx = server.n_slots * 1024\n"),
    # the fallback of a lookup in a table named for budgets whose rows are amounts of tokens (set 66)
    Invalid(_LEVELS.format(rows='{"none": 0, "low": 1024, "high": 4096}', fallback="2048"), line=5),
    # a table of model names to windows' fallback, whatever its name says (set 14), before or after
    Invalid(
        'DEEpSEEkMAXCONTETNLENGTH = {"deepseek-chat": 64000, "deepseek-coder": 32000}\n\n'
        "class DeepSeek:\n    def max_context_length(self):\n"
        "        return DEEpSEEkMAXCONTETNLENGTH.get(self.model_name, 4096)\n",
        line=5,
    ),
    Invalid(
        'def window(model):\n    """The model\'s window, in tokens."""\n'
        "    return ZHIPU_MAXCONTETNLENGTH.get(model, 128000)\n\n"
        'ZHIPU_MAXCONTETNLENGTH = {"glm-4": 128000, "glm-4-long": 1000000, "glm-4v": 2048}\n',
        line=3,
    ),
    # a language model's generate: Hugging Face counts max_length in tokens (set 14: adalflow)
    Invalid("def reply(model, input_ids):\n    return model.generate(input_ids, max_length=512)\n", line=2),
)
