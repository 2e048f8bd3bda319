"""PB102's reading of a class field's attribute docstring: the string written under it.

LangChain's provider wrappers name an output cap as their provider's API does (``max_length``,
``length``, ``n_predict``) and say what it is in the docstring under the field, not in its name::

    class Provider(LLM):
        length: int = 256
        \"\"\"The maximum number of tokens to generate in the completion.\"\"\"

        embedding_ctx_length: int = 500
        \"\"\"The maximum number of tokens to embed at once.\"\"\"

A docstring that gives the unit as tokens and says a limit (``maximum``) or what the model does with
that many tokens (``tokens to generate``, ``tokens to process in parallel``), or a maximum generation
length, makes the field a token budget (set 22: langchain-community). Not one about an access token,
characters, a price, an estimate or
sampling (``top_k``'s "K most probable tokens"), nor a token word only in a ``per token`` phrase
(``"key past the per-token tunnel cap"``: what is counted for each token, set 42: verifiers).

A field whose description or docstring says characters and never tokens (``max_evidence_tokens: int =
Field(default=2000, description="Maximum character budget for evidence snippets")``) counts
characters, whatever its name says (set 44: ragelo, whose snippets are cut to that many characters).
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.amount_words import LIMIT_WORDS
from prompt_budget.lint.assignments import first_target
from prompt_budget.lint.names import CHAR_WORDS, PRICE_WORDS, TOKENS_WORD, words
from prompt_budget.lint.rule import attr_name, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: ``"Number of tokens to generate."``, ``"tokens to process in parallel"``: what the model does with
#: that many tokens.
_TOKENS_DONE = re.compile(
    r"\btokens?\s+(?:to|it\s+will)\s+(?:generate|predict|process|embed|send|output|return)\b",
    re.IGNORECASE,
)
#: ``"Maximum generation length."``: an output cap, whose unit is the model's tokens.
_GENERATION_LENGTH = re.compile(
    r"\b(?:max|maximum)\s+(?:generation|generated|output)\s+length\b", re.IGNORECASE
)
#: Chinese for a budget, a maximum, an upper limit: ``"token预算，控制压缩后的最大长度"`` (a budget of tokens, the
#: longest the compressed text may be; set 161: isage-refiner's ``RefinerConfig.budget``).
_CJK_LIMIT = re.compile(r"预算|最大|上限|限制|最多")
#: ``per token``, ``per-token``: a quantity for each token, not an amount of tokens.
_PER_TOKEN = re.compile(r"\bper[\s-]+tokens?\b", re.IGNORECASE)
#: Words of a sampling setting counting candidate tokens (``top_k``: "the K most probable tokens").
_SAMPLING = frozenset(
    {"probable", "probability", "probabilities", "selection", "sampling", "penalty", "penalize"}
)
#: Words of a docstring about an access token, characters, a price or an estimate.
NOT_LLM = (
    frozenset(
        {"auth", "oauth", "access", "api", "refresh", "bearer", "jwt", "expected", "estimate", "estimated"}
    )
    | {"idempotency"}  # ``"Maximum number of idempotency tokens to track"`` (set 549: twilio-agent-connect)
    | _SAMPLING
    | CHAR_WORDS
    | PRICE_WORDS
)


def attribute_docstring(rule: LintRule, stmt: ast.stmt, module: bool = False) -> str | None:
    """The docstring written under ``stmt`` when it is a field of the class being visited or, with ``module``, a
    constant of the module (``WAKE_BUDGET = 2000`` over "The tokens that ``piloop wake`` prints by default."), else
    None."""
    owner = rule.ctx.scopes[-1] if rule.ctx.scopes else rule.ctx.tree if module else None
    if not isinstance(owner, (ast.ClassDef, ast.Module)) or stmt not in owner.body:
        return None
    at = owner.body.index(stmt)
    after = owner.body[at + 1] if at + 1 < len(owner.body) else None
    return string_value(after.value) if isinstance(after, ast.Expr) else None


def docstring_says_tokens(rule: LintRule, stmt: ast.stmt) -> bool:
    """The class field ``stmt``'s docstring says it is a limit of tokens (``"The maximum number of
    tokens to generate."``, ``"Maximum generation length."``), or, for an overlap, that it counts tokens
    (``chunk_overlap: int = 50`` over "Overlap in tokens between chunks", set 183: vectora-agent)."""
    text = attribute_docstring(rule, stmt)
    if text and words(attr_name(first_target(stmt)) or "")[-1:] == ("overlap",) and TOKENS_WORD.search(text):
        return not set(words(text)) & (CHAR_WORDS | NOT_LLM | {"word", "words", "sentence", "sentences"})
    sized = set(words(attr_name(first_target(stmt)) or "")) & _SIZES
    said = text or (
        attribute_docstring(rule, stmt, module=True) if sized else None
    )  # a module's constant too
    if said and sized and _UNIT_TOKENS.search(said):
        # ``budget: int = 400`` over "The size of the section in tokens, ... at about 4 characters each"
        return not set(words(said)) & (NOT_LLM - CHAR_WORDS)
    return says_token_limit(text)


#: Words of a name sized in a unit its docstring gives (``WAKE_BUDGET``, ``budget``, ``section_size``).
_SIZES = frozenset({"budget", "size", "limit", "cap"})
#: A docstring giving tokens as the unit: "... in tokens", "The tokens that ... prints".
_UNIT_TOKENS = re.compile(r"\bin tokens\b|^\s*(?:the\s+)?tokens\b", re.IGNORECASE)


def says_token_limit(text: str | None) -> bool:
    """``text`` (a field's docstring or comment) says a limit of tokens (``"max output tokens"``,
    ``"Maximum generation length."``, ``"tokens to generate"``), not of characters, a price or an
    access token's."""
    if not text:
        return False
    ws = set(words(text))
    if ws & NOT_LLM:
        return False
    if _GENERATION_LENGTH.search(text):
        return True
    # ``"... key past the per-token tunnel cap"``: what is counted for each token (an API token's cap,
    # a price per token) does not give the field's unit as tokens (set 42: verifiers' ``multiplex``)
    text = _PER_TOKEN.sub(" ", text)
    return bool(TOKENS_WORD.search(text)) and (
        bool(ws & LIMIT_WORDS) or bool(_TOKENS_DONE.search(text)) or bool(_CJK_LIMIT.search(text))
    )


#: The keywords of a field call that describe it, and the metadata keys that do.
_DESCRIBING = frozenset({"description", "help"})
_METADATA = frozenset({"metadata", "json_schema_extra"})


def field_description(value: ast.expr | None) -> str | None:
    """The text a field call gives of itself: ``Field(description=...)``, ``field(metadata={"help":
    ...})``, pydantic's ``Field(json_schema_extra={"description": ...})``."""
    if not isinstance(value, ast.Call):
        return None
    for kw in value.keywords:
        if kw.arg in _DESCRIBING and (text := string_value(kw.value)):
            return text
        if kw.arg in _METADATA and isinstance(kw.value, ast.Dict):
            for key, item in zip(kw.value.keys, kw.value.values, strict=True):
                if string_value(key) in _DESCRIBING and (text := string_value(item)):
                    return text
    return None


def annotated_call(stmt: ast.stmt) -> ast.Call | None:
    """The call among the metadata of the field ``stmt``'s ``Annotated`` type, pydantic's way of
    describing a field whose default follows the ``=`` (``n: Annotated[int, Field(description="Maximum
    tokens in the input")] = 128000``; set 95: swiss-ai-hub-agent), else None."""
    ann = stmt.annotation if isinstance(stmt, ast.AnnAssign) else None
    if not (isinstance(ann, ast.Subscript) and isinstance(ann.slice, ast.Tuple)):
        return None
    head = ann.value
    if (head.id if isinstance(head, ast.Name) else getattr(head, "attr", None)) != "Annotated":
        return None
    return next((e for e in ann.slice.elts[1:] if isinstance(e, ast.Call)), None)


def said_in_characters(rule: LintRule, stmt: ast.Assign | ast.AnnAssign) -> bool:
    """The field ``stmt``'s description (``Field(description="Maximum character budget ...")``, also
    in its ``Annotated`` type) or its attribute docstring gives its unit as characters and never speaks
    of tokens: a number of characters whatever its name says (set 44: ragelo's ``max_evidence_tokens``)."""
    described = field_description(stmt.value) or field_description(annotated_call(stmt))
    for text in (described, attribute_docstring(rule, stmt)):
        if text and set(words(text)) & CHAR_WORDS and not TOKENS_WORD.search(text):
            return True
    return False
