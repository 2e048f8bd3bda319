"""PB101's cases from what sets 75 and 76 left (issue 19): a number given as a keyword to a class of the
project whose field of that name is a token budget (``given_fields``: here a field declared without a
default and commented as a limit of tokens; a field whose default a rule reports is tested in
``tests/lint/test_given_fields.py``), also through a function spreading its ``**kwargs`` into the class;
a number written under the key the other branch of an ``if`` writes a budget under (``subscript_entries``);
a parameter descriptor naming its parameter in ``field_name=`` (``spec_bounds``); the ``or`` fallback of
a lookup under the spellings of a budget's key (``inline_forms.keys_read``); a number given by position
to a parameter the function batches a tokenizer's ids by (``token_batches``). Spliced into
``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_PROFILE = (
    "from dataclasses import dataclass\n\n@dataclass\nclass Profile:\n    name: str\n"
    "    window: int  # max tokens\n    reply: int  # max output tokens\n    lines: int  # max lines shown\n"
    "    speed: float  # 0-1 scale\n\n"
)
_BATCHER = (
    "class Embedder:\n    def _pieces(self, text, piece_size):\n        ids = self.tokenizer.encode(text)\n"
    "        return self._batched(ids, piece_size)\n\n"
)

SET75_VALID = (
    # a field commented in another unit, or as no limit of tokens; a number under 16; a keyword naming time
    Valid(_PROFILE + 'FAST = Profile(name="fast", lines=400, speed=0.9)\n'),
    Valid(
        "from dataclasses import dataclass\n\n@dataclass\nclass Usage:\n    spent: int  # tokens used so far\n"
        "    seconds: int  # max seconds per call\n    chars: int  # max characters kept\n\n"
        "U = Usage(spent=5000, seconds=6000, chars=8000)\n"
    ),
    Valid(_PROFILE + 'TINY = Profile(name="tiny", reply=8)\n'),
    # a rate limiter's bucket, whose "tokens" are permits for requests
    Valid(
        "from dataclasses import dataclass\n\n@dataclass\nclass Bucket:\n"
        "    capacity: float  # max tokens (default: 60 requests/min = 60.0)\n\nB = Bucket(capacity=60.0)\n"
    ),
    # one key read by a getter: the settings getters' form (``settings_reads``), not this one
    Valid('def meter(cfg):\n    total = cfg.lookup("window") or 200_000\n    return total\n'),
    # a class of another module of that name is not this one's: a field commented here decides only here
    Valid("from other import Profile\n\nFAST = Profile(name='fast', reply_cap=64000)\n"),
    # a function forwarding its ``**kwargs`` elsewhere than to the class, or its own parameter of that name
    Valid(
        _PROFILE
        + "def make(name, reply=None, **kwargs):\n    return send(name, **kwargs)\n\nP = make('x', reply=32000)\n"
    ),
    # the other branch writes something else, or the ``if`` tests something else
    Valid(
        "def request(params, key, max_tokens, stream):\n    if stream:\n        params[key] = max_tokens\n"
        "    else:\n        params[key] = 16384\n    return params\n"
    ),
    Valid(
        "def request(params, key, max_lines):\n    if max_lines is not None:\n        params[key] = max_lines\n"
        "    else:\n        params[key] = 4096\n    return params\n"
    ),
    # a lookup under keys of counts, of lines, or mixing a budget with another key; the environment
    Valid('def meter(usage):\n    used = _pick("totalTokens", "tokens_used") or 20000\n    return used\n'),
    Valid('def meter(usage):\n    rows = _pick("max_lines", "line_limit") or 2000\n    return rows\n'),
    Valid('def meter(usage):\n    total = _pick("max_tokens", "cost") or 2000\n    return total\n'),
    # a descriptor of another parameter (a sampling setting, lines) named in ``field_name=``
    Valid('P = ParameterConfig(field_name="top_k", default_value=40, max_value=500)\n'),
    Valid('P = ParameterConfig(field_name="max_lines", default_value=4096, max_value=8192)\n'),
    # a parameter that sizes batches of characters or lines, or is only the count's bound
    Valid(
        "class Splitter:\n    def _pieces(self, text, piece_chars):\n        ids = self.tokenizer.encode(text)\n"
        "        return self._batched(ids, piece_chars)\n\n    def run(self, text):\n        return self._pieces(text, 4000)\n"
    ),
    Valid(
        "class Splitter:\n    def _rows(self, text, line_size):\n        rows = text.splitlines()\n"
        "        return self._batched(rows, line_size)\n\n    def run(self, text):\n        return self._rows(text, 4000)\n"
    ),
    Valid(
        "class Splitter:\n    def _grid(self, text, hidden_size):\n        ids = self.tokenizer.encode(text)\n"
        "        return torch.zeros(len(ids), hidden_size)\n\n    def run(self, text):\n        return self._grid(text, 768)\n"
    ),
)

SET75_INVALID = (
    # set 75: miiflow-agent's model profiles, the field commented as output tokens
    Invalid(_PROFILE + 'FAST = Profile(name="fast", window=200000, reply=64000)\n', line=11, count=2),
    Invalid(_PROFILE + 'FAST = Profile(name="fast", reply=32000)\n', line=11),
    # the field's docstring says tokens
    Invalid(
        "class Limits:\n    reply: int\n    '''The maximum number of tokens to generate.'''\n\n"
        "L = Limits(reply=2048)\n",
        line=5,
    ),
    # set 75: mico-agent's rows made through a helper spreading ``**kwargs`` into the class
    Invalid(
        _PROFILE
        + "def _p(name, **kwargs):\n    return Profile(name=name, **kwargs)\n\nP = _p('x', reply=32000)\n"
    ),
    # set 75: the fallback of a setting read into the keyword, and its ``or``
    Invalid(
        _PROFILE
        + "def load(raw):\n    return Profile(name='x', reply=int(raw.get('reply', 4096) or 4096))\n",
        count=2,
    ),
    # set 75: miiflow's default output cap under a key computed for the model
    Invalid(
        "def request(params, model, max_tokens):\n    if max_tokens is not None:\n"
        "        params[param_name(model)] = max_tokens\n    else:\n        params[param_name(model)] = 16384\n"
        "    return params\n",
        line=5,
    ),
    Invalid(
        "def request(self, params):\n    if self.max_output_tokens:\n        params[self.key] = self.max_output_tokens\n"
        "    else:\n        params[self.key] = 8192\n",
        line=5,
    ),
    # set 75: miiflow's parameter descriptors, the parameter named in ``field_name=`` (``spec_bounds``)
    Invalid(
        'P = ParameterConfig(field_name="max_tokens", default_value=4096, min_value=1, max_value=8192)\n',
        count=2,
    ),
    # set 76: conjure-agents' context meter, the window looked up under its key's spellings
    Invalid(
        'def meter(usage):\n    total = _pick("maxTokens", "context_window", "max_tokens") or 200_000\n    return total\n',
        line=2,
    ),
    # set 76: mojentic's embedding input cut into pieces of a size in tokens
    Invalid(_BATCHER + "    def embed(self, text):\n        return self._pieces(text, 8191)\n", line=7),
    Invalid(
        "class Embedder:\n    def _windows(self, text, window_len):\n        tokens = enc.encode(text)\n"
        "        return list(windowed(tokens, n=window_len))\n\n    def embed(self, text):\n"
        "        return self._windows(text, 512)\n",
        line=7,
    ),
)
