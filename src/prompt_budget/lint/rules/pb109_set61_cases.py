"""PB109's cases from what sets 61 and 62 left (issue 19): a GPT encoding kept in a parameter's default
and given back by the handler of tiktoken's failure (``pb109_default_fallbacks``). Also the cases of a
fixed GPT encoding before a branch calling another provider (set 25), moved from the rule module to
keep it short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb101_set333_cases import TOKENIZER_MODEL_INVALID, TOKENIZER_MODEL_VALID
from prompt_budget.lint.rules.pb101_set427_cases import ENCODING_ROW_INVALID, ENCODING_ROW_VALID
from prompt_budget.lint.rules.pb101_set457_cases import NAMED_ENCODING_INVALID, NAMED_ENCODING_VALID
from prompt_budget.lint.rules.pb109_set99_cases import SET99_INVALID, SET99_VALID

_GET_TOKENIZER = (
    "class CallbackManager:\n    @staticmethod\n"
    "    def get_tokenizer(model, fallback_tokenizer=tiktoken.encoding_for_model('gpt-3.5-turbo').encode):\n"
    "        try:\n            return tiktoken.encoding_for_model(model.model_name).encode\n"
    "        except (KeyError, ValueError) as e:\n            logger.warning(str(e))\n"
    "            return fallback_tokenizer\n\n"
    "    def counter(self, model):\n        return Counter(tokenizer=CallbackManager.get_tokenizer(model))\n"
)

SET61_VALID = (
    *NAMED_ENCODING_VALID,  # set 467: veralith's gpt-4o
    *ENCODING_ROW_VALID,  # set 435: grampus-ai's table of encodings
    *TOKENIZER_MODEL_VALID,  # set 334: id-protocol's option
    # the parameter passed by a call of the module (by name, by position, through ``**``); a handler
    # that raises and never reads it; a literal model tried
    Valid(
        _GET_TOKENIZER
        + "\n    def mine(self, model):\n        return self.get_tokenizer(model, fallback_tokenizer=f)\n"
    ),
    Valid(
        _GET_TOKENIZER
        + "\n    def mine(self, model):\n        return CallbackManager.get_tokenizer(model, f)\n"
    ),
    Valid(
        _GET_TOKENIZER
        + "\n    def mine(self, model, **kw):\n        return CallbackManager.get_tokenizer(model, **kw)\n"
    ),
    Valid(
        "def get_tokenizer(model, fallback=tiktoken.get_encoding('cl100k_base')):\n"
        "    try:\n        return tiktoken.encoding_for_model(model)\n"
        "    except KeyError:\n        raise ValueError(model)\n\n"
        "def first(fallback=tiktoken.get_encoding('cl100k_base')):\n"
        "    try:\n        return tiktoken.encoding_for_model('gpt-4o')\n"
        "    except KeyError:\n        return fallback\n"
    ),
    *SET99_VALID,  # sets 99 and 100 (tuner W)
)

SET61_INVALID = (
    *NAMED_ENCODING_INVALID,  # set 467: a model asked by a name, Claude's
    *ENCODING_ROW_INVALID,  # set 435: grampus-ai's table of encodings
    *TOKENIZER_MODEL_INVALID,  # set 334: a model of any provider
    # a GPT encoding returned for every model tiktoken does not know (set 61: unstract-sdk)
    Invalid(_GET_TOKENIZER, line=3),
    Invalid(
        "async def count(text, model, *, fallback=tiktoken.get_encoding('cl100k_base')):\n"
        "    try:\n        enc = tiktoken.encoding_for_model(model)\n    except KeyError:\n"
        "        enc = fallback\n    return len(enc.encode(text))\n",
        line=1,
    ),
    # a fixed GPT encoding counts before a branch that calls another provider (set 25: swebench's
    # live runner, ``TOKENIZER_FUNCS["cl100k"]`` for every model, Anthropic's in the ``else``)
    Invalid(
        "def run(model, text):\n    enc = TOKENIZERS['cl100k']\n    n = len(enc(text))\n"
        "    if model.startswith('gpt'):\n        return call_openai(model, text)\n"
        "    else:\n        return call_anthropic(model, text)\n",
        line=2,
    ),
    Invalid(
        "def run(model, text):\n    enc = tiktoken.get_encoding('cl100k_base')\n    if 'gpt' in model:\n"
        "        return openai_chat(model, enc)\n    else:\n        from anthropic import Anthropic\n"
        "        return Anthropic().messages.create(model=model)\n",
        line=2,
    ),
    *SET99_INVALID,  # sets 99 and 100 (tuner W)
)
