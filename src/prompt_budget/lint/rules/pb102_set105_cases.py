"""PB102's cases from sets 105 and 106 (issue 19, tuner C): a size named as a context window whose every
read measures a string (``len(text) > self.max_context_size``) or cuts one with room kept for a marker
(``text[: self.max_context_size - 20] + "..."``: ``text_cuts``; set 106: vidurai's context mediator); a
constant a base class's method returns, whose calls in a subclass are written under a budget's key
(``kwargs["max_tokens"] = out``: ``getter_callers``, ``token_reach``; set 105: ankaloop's
``DEFAULT_OUTPUT_LIMIT``, imported there: ``tests/lint/test_set105_c_project.py``). Spliced into
``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: A window-named attribute measured against a string's length and cutting it with room for a marker;
#: ``{param}`` is how the text comes in, ``{other}`` one more method.
_MEDIATOR = (
    "class Mediator:\n    def __init__(self):\n        self.max_context_size = 2000\n\n"
    "    def needs_cut(self, {param}) -> bool:\n        return len(text) > self.max_context_size\n\n"
    "    def cut(self, {param}):\n        if len(text) > self.max_context_size:\n"
    '            return text[: self.max_context_size - 20] + "..."\n        return text\n{other}'
)
#: A constant a base class's method returns, the value of its calls in a subclass written under ``{key}``.
_GETTER = (
    "DEFAULT_OUT = 32_768\n\n\nclass Base:\n    def _default_out(self, model):\n"
    '        if model.startswith("claude"):\n            return DEFAULT_OUT\n        return None\n\n\n'
    "class Client(Base):\n    def send(self, model, **kwargs):\n        out = self._default_out(model)\n"
    '        if out is not None:\n            kwargs["{key}"] = out\n        return self.post(kwargs)\n'
)

SET105_VALID = (
    # set 106: vidurai's mediator, the text a ``str`` parameter or measured with ``len()`` before the cut
    Valid(_MEDIATOR.format(param="text: str", other="")),
    Valid(_MEDIATOR.format(param="text", other="")),
    # the base's method overridden by the subclass: ``self._default_out`` there is the subclass's own
    Valid(
        _GETTER.format(key="max_tokens") + "\n    def _default_out(self, model):\n        return self.cap\n"
    ),
    # the call's value written under a key of another unit
    *(
        Valid(_GETTER.format(key=key))
        for key in (
            "max_lines",
            "max_messages",
            "max_chars",
            "max_bytes",
            "timeout_seconds",
            "memory_mb",
            "max_cost",
            "price",
        )
    ),
)

SET105_INVALID = (
    # one read of the size is a budget (given as ``max_tokens=``): not only characters
    Invalid(
        _MEDIATOR.format(
            param="text: str",
            other="\n    def ask(self, llm, text):\n        return llm(text, max_tokens=self.max_context_size)\n",
        ),
        line=3,
    ),
    # the text cut is bound to a list of tokens (the tokenizer's output; later a loop's), measured with
    # ``len()``: tokens (sets 1-104:
    # crfm-helm's CogView2 client)
    Invalid(
        "class Client:\n    MAX_SEQ_LEN = 95\n\n    def encode(self, text, images):\n        seq = tokenizer.encode(text)\n"
        "        if len(seq) > self.MAX_SEQ_LEN:\n            seq = seq[: self.MAX_SEQ_LEN - 2] + seq[-2:]\n"
        "        for seq in images:\n            show(seq)\n        return text\n",
        line=2,
    ),
    # set 105: ankaloop's output cap for models it does not know, sent as ``max_tokens`` by a subclass
    Invalid(_GETTER.format(key="max_tokens"), line=1),
    Invalid(_GETTER.format(key="max_output_tokens"), line=1),
)
