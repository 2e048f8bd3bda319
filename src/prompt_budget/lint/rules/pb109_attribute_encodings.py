"""PB109's fixed GPT encoding kept on ``self``: a method of the class sets the attribute to an
encoding's name written as a literal, alone (``self.encoding_name = "cl100k_base"``, or through a local
bound to nothing else: ``_encoding_name = "cl100k_base"`` ... ``self.encoding_name = _encoding_name``),
and another method loads it (``tiktoken.get_encoding(self.encoding_name)``) to measure the text it sends
to a model (``self.llm.abatch_invoke(prompts)``). Where that literal is assigned the caller cannot
choose the encoding (set 34: graphrag-sdk's ``ContextualChunking`` given a ``base_chunker`` cuts the
document to ``max_document_tokens`` with cl100k_base "to avoid exceeding the LLM context window", for
whichever LiteLLM model it is given). Not a default the caller may replace (``encoding_name if
encoding_name is not _UNSET else "cl100k_base"``, ``def __init__(self, encoding_name="cl100k_base")``),
nor a class field's default, nor an encoding measuring chunks no model is sent in that method (the
chunker's own unit). ``pb109_project`` reports it where the package serves other providers' models.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import single_binding
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import Invalid, Valid, attr_name, string_value
from prompt_budget.lint.rules.pb109_branches import GPT_ENCODING_NAME
from prompt_budget.lint.self_attributes import self_attribute
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import FileContext

#: Words of a method that sends a prompt to a model (``abatch_invoke``, ``acompletion``, ``generate``).
_SENDS = frozenset(
    {"invoke", "ainvoke", "complete", "acomplete", "completion", "acompletion", "generate", "agenerate"}
    | {"chat", "achat"}
)
#: Words of the object it is called on (``self.llm``, ``litellm``, ``self.client``).
_MODELS = frozenset({"llm", "lm", "litellm", "client", "model"})


def _sends_to_model(fn: ast.AST) -> bool:
    """The method calls a model: ``self.llm.abatch_invoke(prompts)``, ``litellm.completion(...)``."""
    for n in walk(fn):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            receiver = attr_name(n.func.value) or ""
            if set(words(n.func.attr)) & _SENDS and set(words(receiver)) & _MODELS:
                return True
    return False


def _encoding_literal(value: ast.expr, method: ast.AST) -> ast.expr | None:
    """``"cl100k_base"``, or a local of ``method`` one of whose assignments is that literal alone."""
    if GPT_ENCODING_NAME.match(string_value(value) or ""):
        return value
    if not isinstance(value, ast.Name):
        return None
    for stmt in walk(method):
        bound = single_binding(stmt)
        if (
            bound is not None
            and isinstance(bound[0], ast.Name)
            and bound[0].id == value.id
            and GPT_ENCODING_NAME.match(string_value(bound[1]) or "")
        ):
            return bound[1]
    return None


def attribute_encoding(ctx: FileContext, call: ast.Call) -> tuple[str, ast.AST] | None:
    """The GPT encoding a ``get_encoding(self.X)`` call in a method sending text to a model is fixed
    to where a method of the class sets ``self.X`` (see the module's docstring), and that literal."""
    attr = self_attribute(call.args[0]) if call.args else ""
    cls, fn = ctx.enclosing_class(), ctx.function()
    if not attr or cls is None or fn is None or not _sends_to_model(fn):
        return None
    for method in cls.body:
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for stmt in walk(method):
            bound = single_binding(stmt)
            if bound is not None and self_attribute(bound[0]) == attr:
                literal = _encoding_literal(bound[1], method)
                if literal is not None:
                    return string_value(literal) or "", literal
    return None


_CHUNKER = (
    "import litellm\n\nclass Chunker:\n    def __init__(self, llm, base=None, encoding_name=None):\n"
    "        self.llm = llm\n        if base is not None:\n            name = 'cl100k_base'\n"
    "        else:\n            name = encoding_name if encoding_name is not None else 'cl100k_base'\n"
    "        self.encoding_name = name\n\n"
    "    async def enrich(self, text):\n        enc = tiktoken.get_encoding(self.encoding_name)\n"
)
_SEND = "        return await self.llm.abatch_invoke([enc.decode(enc.encode(text)[:16000])])\n"
_CUT = "        return [enc.decode(enc.encode(text)[:512])]\n"

ATTRIBUTE_VALID = (
    # the encoding the caller names (a default it may replace), or a class field's default
    Valid(
        "import litellm\n\nclass Chunker:\n    def __init__(self, llm, encoding_name='cl100k_base'):\n"
        "        self.llm = llm\n        self.encoding_name = encoding_name\n\n"
        "    async def enrich(self, text):\n        enc = tiktoken.get_encoding(self.encoding_name)\n" + _SEND
    ),
    Valid(
        "import litellm\n\nclass Chunker(BaseModel):\n    encoding_name: str = 'cl100k_base'\n\n"
        "    async def enrich(self, text):\n        enc = tiktoken.get_encoding(self.encoding_name)\n" + _SEND
    ),
    # a fixed encoding measuring chunks, no model sent the text there (the chunker's own unit)
    Valid(_CHUNKER + _CUT),
)
ATTRIBUTE_INVALID = (
    # fixed in one branch of the constructor, measuring the document sent to any litellm model (set 34)
    Invalid(_CHUNKER + _SEND, line=7),
)
