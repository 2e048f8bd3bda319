"""PB109's cases from what sets 99 and 100 left (issue 19, tuner W): a model's encoding looked up in a
``try`` whose handler falls back to a fixed GPT encoding, in a module for a provider that serves other
models (set 99: arbor-agent's litellm provider): only the fallback is reported, the lookup is right for
OpenAI's models (``pb109_tried_lookups``). Spliced into ``pb109_set61_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: A litellm provider that keeps an encoding: ``{body}`` is the constructor's lookup.
_PROVIDER = (
    "import litellm\nimport tiktoken\n\nclass LiteLLMProvider:\n    def __init__(self, model):\n"
    "        self.model = model\n{body}\n\n"
    "    def count(self, text):\n        return len(self._enc.encode(text))\n\n"
    "    async def complete(self, messages):\n"
    "        return await litellm.acompletion(model=self.model, messages=messages)\n"
)

_TRIED = (
    "        try:\n            self._enc = tiktoken.encoding_for_model({model})\n"
    "        except {caught}:\n            self._enc = {fallback}\n"
)

SET99_VALID = (
    # the handler falls back to the router's own count of the model's tokens: nothing mismatched
    Valid(
        _PROVIDER.format(
            body=_TRIED.format(
                model="model",
                caught="KeyError",
                fallback="lambda t: litellm.token_counter(model=model, text=t)",
            )
        ).replace("len(self._enc.encode(text))", "self._enc(text)")
    ),
)

SET99_INVALID = (
    # set 99: arbor-agent's litellm provider, the lookup tried, a GPT encoding for every other model:
    # the fallback alone is the finding (the valid lookup on line 8 is checked by the line asserted)
    Invalid(
        _PROVIDER.format(
            body=_TRIED.format(
                model="model", caught="Exception", fallback="tiktoken.get_encoding('cl100k_base')"
            )
        ),
        line=10,
    ),
    Invalid(
        _PROVIDER.format(
            body=_TRIED.format(
                model="self.model", caught="KeyError", fallback="tiktoken.encoding_for_model('gpt-4o')"
            )
        ),
        line=10,
    ),
    # a fixed GPT model looked up in the same try: code for litellm counting with a GPT encoding; the
    # fallback is that model's own encoding (set 467), the same mismatch, reported once at the lookup
    Invalid(
        _PROVIDER.format(
            body=_TRIED.format(
                model="'gpt-4'", caught="KeyError", fallback="tiktoken.get_encoding('cl100k_base')"
            )
        ),
        line=8,
    ),
    # the lookup with no fallback at all: code for litellm, whose other models it raises for or miscounts
    Invalid(_PROVIDER.format(body="        self._enc = tiktoken.encoding_for_model(model)"), line=7),
)
