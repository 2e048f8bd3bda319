"""PB102's cases from what sets 38, 41, 45 and 46 left (issue 19): a parameter named as tokens that
only numbers slots, FastAPI's parameter declarations, a runtime's window name alone in a file, a largest
context's fallback, a stride over token ids. Kept apart from the rule module, which would otherwise
pass the design's size limit."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_FASTAPI = "from fastapi import Body, Query\n\n"
_SLOTS = (
    "def generate_free_label(memory, max_token: int = 100):\n"
    '    used = {key for key in memory if key.startswith("TOKEN")}\n'
    "    for index in range(1, max_token):\n"
    '        label = "TOKEN" + str(index)\n'
    "        if label not in used:\n"
    "            return label\n"
    "    return None\n"
)
_PERPLEXITY = (
    "class Perplexity:\n"
    "    def __init__(self, model, max_length=512, stride=512):\n"
    "        self.model, self.max_length, self.stride = model, max_length, stride\n"
    "        self.stride = stride\n\n"
    "    def score(self, encodings):\n"
    "        input_ids = encodings.input_ids\n"
    "        for i in range(0, input_ids.size(1), self.stride):\n"
    "            end = min(i + self.stride, input_ids.size(1))\n"
    "            self.model(input_ids[:, max(end - self.max_length, 0):end])\n"
)

SET45_VALID = (
    # a maximum of some text's context, prefixed: characters (set 45's tuned material: lazyllm)
    Valid(
        "_SYMBOL_CONTEXT_MAX = 12000\n\ndef cut(symbol_context):\n    return min(len(symbol_context), _SYMBOL_CONTEXT_MAX)\n"
    ),
    # a "token" numbering placeholder labels: the bound of a search for the first free slot, no model
    # near (set 45: agent-lifecycle-toolkit)
    Valid(_SLOTS),
    # a required FastAPI parameter (``...``), a FastAPI default not named as a budget; pathlib's Path
    Valid(_FASTAPI + 'def complete(max_tokens: int = Body(..., description="cap")): ...\n'),
    Valid(_FASTAPI + 'def page(page_size: int = Query(1000, description="rows")): ...\n'),
    # a stride over pixels, a stride over a list of documents: no token ids
    Valid(
        "class Tiler:\n    def __init__(self, stride=512):\n        self.stride = stride\n\n"
        "    def tiles(self, image):\n        for i in range(0, image.shape[1], self.stride):\n"
        "            yield image[:, i]\n"
    ),
    Valid(
        "def batches(documents, stride=512):\n    return [documents[i] for i in range(0, len(documents), stride)]\n"
    ),
)

SET45_INVALID = (
    # a decoding loop is a budget even when it searches a set: it calls a model
    Invalid(
        "def decode(model, stop, max_token: int = 256):\n"
        "    out = []\n"
        "    for index in range(max_token):\n"
        "        tok = model.step(out, index)\n"
        "        if tok in stop:\n"
        "            return out\n"
        "        out.append(tok)\n"
        "    return out\n",
        line=1,
    ),
    # FastAPI's declarations: the endpoint's default, its literal on the next line too (set 45:
    # langchain-chatchat), ``default=``, ``fastapi.params``
    Invalid(
        _FASTAPI + "async def completion(\n    max_tokens: Optional[int] = Body(\n"
        '        1024, description="Token limit"\n    ),\n): ...\n',
        line=5,
    ),
    Invalid(_FASTAPI + "def chat(max_tokens: int = Query(default=512)): ...\n", line=3),
    Invalid("from fastapi import params\n\ndef chat(max_new_tokens: int = params.Body(256)): ...\n", line=3),
    # vLLM's window in a dataclass of a file without the word "token" (set 45: olmocr)
    Invalid("from dataclasses import dataclass\n\n@dataclass\nclass Args:\n    max_model_len: int = 16384\n"),
    # the largest context assumed when the app reports none (set 45: pydantic-deep)
    Invalid(
        "def show(app):\n    ctx_max = app.context_max if app.context_max > 0 else 200_000\n    return ctx_max\n"
    ),
    # the perplexity recipe: the window and the stride stepping it over the token ids (set 45:
    # easyjailbreak)
    Invalid(_PERPLEXITY, line=2, count=2),
)
