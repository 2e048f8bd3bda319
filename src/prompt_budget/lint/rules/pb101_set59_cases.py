"""PB101's cases from what sets 59 and 60 left (issue 19): a lookup's fallback given whole as a
budget's keyword, whatever its key is named (``keyword_lookups``); a parameter's default a token
count is taken from (``subtracted_defaults``); a number given by position to a parameter its function
compares with tokens (``token_floors``); a ``max_length`` written into keyword arguments beside
``"truncation"`` set to ``True`` (``truncated_entries``). Spliced into ``pb101_form_cases`` to
keep the rule module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET59_VALID = (
    # a key naming another unit, time or a credential; a key held in a variable (the table decides);
    # a keyword no budget's; a lookup inside an expression given to the keyword
    Valid(
        "def build(cfg, model):\n"
        '    a = Model(max_tokens=cfg.get("max_chars", 2000), timeout=cfg.get("timeout", 600))\n'
        '    b = Model(max_tokens=cfg.get("request_timeout", 600))\n'
        "    c = Model(max_tokens=TABLE.get(model, 4096))\n"
        '    d = Model(hidden_size=cfg.get("encoder_hidden", 4096))\n'
        '    e = Model(max_tokens=cfg.get("encoder_seq_length", 4096) // 2)\n'
        '    f = Model(max_generation_length=cfg.length_params.get("max_length", 1024))\n'
        "    return a, b, c, d, e, f\n"
    ),
    # a default taken from something not a token count, named as a budget (PB102's), for time, a
    # count of characters; a token count taken from another parameter
    Valid(
        "def left(prompt, capacity=4097, max_tokens=4096, timeout=600, max_chars=8000, width=80):\n"
        "    a = capacity - len(prompt)\n    b = max_tokens - n_tokens(prompt)\n"
        "    c = timeout - elapsed_tokens\n    d = max_chars - count_tokens(prompt)\n"
        "    e = other - n_tokens(prompt)\n    return a, b, c, d, e, width\n"
    ),
    # a parameter compared with no amount of tokens, or rebound before; a negative floor: no limit
    Valid(
        "def pick(items, least):\n    if len(items) < least:\n        return None\n    return items\n\n"
        "def room(prompt, least):\n    least = least * 2\n    if n_tokens(prompt) < least:\n"
        "        return 0\n    return 1\n\n"
        "def left(prompt, least):\n    remaining = 4097 - n_tokens(prompt)\n    return remaining >= least\n\n"
        "a = pick(rows, 400)\nb = room(text, 400)\nc = left(text, -100_000)\n"
    ),
    # no truncation asked, truncation off, another dict's flag, an audio extractor's samples
    Valid(
        "def kw(kwargs, other, audio):\n    kwargs['max_length'] = 512\n    other['truncation'] = True\n"
        "    c = {}\n    c['truncation'] = False\n    c['max_length'] = 512\n"
        "    audio['truncation'] = True\n    audio['sampling_rate'] = 16000\n"
        "    audio['max_length'] = 16000\n    return kwargs, c, audio\n"
    ),
)

SET59_INVALID = (
    # a config's fallback given as a model's window (set 60: nemo-aligner's reward model)
    Invalid(
        "class M:\n    def build(self):\n        return GPTRewardModel(\n"
        "            config=self.transformer_config,\n"
        '            max_sequence_length=self.cfg.get("encoder_seq_length", 512),\n        )\n',
        line=5,
    ),
    Invalid('out = model.generate(ids, max_new_tokens=getattr(args, "gen_len", 256))'),
    # a window assumed as a default, the prompt's tokens taken off it (set 59: ought-ice)
    Invalid(
        "def n_remaining_tokens(prompt: str, ensure_min: int, capacity=4097):\n"
        "    remaining = capacity - n_tokens(prompt)\n    if remaining < ensure_min:\n"
        "        raise ValueError(prompt)\n    return remaining\n",
        line=1,
    ),
    Invalid(
        "def n_remaining_tokens(prompt, ensure_min):\n    remaining = 4097 - n_tokens(prompt)\n"
        "    if remaining < ensure_min:\n        raise ValueError(prompt)\n    return remaining\n\n"
        "out = complete(prompt, max_tokens=n_remaining_tokens(prompt, 400) - 100)\n",
        line=7,
    ),
    # a tokenizer's keyword arguments built entry by entry (set 60: ragchain's pygaggle)
    Invalid(
        "class T5BatchTokenizer(Base):\n    def __init__(self, *args, **kwargs):\n"
        "        if 'truncation' not in kwargs:\n            kwargs['truncation'] = True\n"
        "        if 'max_length' not in kwargs:\n            kwargs['max_length'] = 512\n"
        "        super().__init__(*args, **kwargs)\n",
        line=6,
    ),
    Invalid("def room(self, text, window=8192):\n    return window - self.count_tokens(text)\n", line=1),
)
