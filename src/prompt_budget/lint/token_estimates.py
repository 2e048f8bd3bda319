"""Token estimates: the guesses a budget manager makes at what something costs in tokens, numbers to
tune as a budget is (``IMAGE_TOKEN_ESTIMATE = 500``, ``FALLBACK_AUDIO_TOKENS = 2000``).

- A name that says so (``IMAGE_TOKEN_ESTIMATE``, ``ESTIMATED_TOKENS_PER_IMAGE``): ``token_estimate``.
- A function that estimates tokens, by its name (``estimate_output_tokens``) or by the first line of its
  docstring (``def _count_audio_tokens(audio): \"\"\"Estimate tokens for audio content.\"\"\"``):
  ``estimates_tokens``. What OpenAI's image formula says a tile costs, in a function that only counts
  (``def count_image_tokens(detail): return 765``) or whose docstring links the provider's documented
  calculation, is a fact of the API, not a guess.
- The tokens of a media item, by name (``FALLBACK_IMAGE_TOKENS``, ``AUDIO_TOKENS_PER_SEC``,
  ``DOCUMENT_TOKENS_PER_PAGE``): ``media_tokens``. The media word excludes a name alone (``image_width``,
  ``audio_seconds``), not one counting tokens; such a number is an estimate where an estimating
  function returns it or scales it (``estimated_read``, set 20: inspect-ai).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.names import TOKEN_WORDS, excluded, words
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import enclosing_function, parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a name saying its number is a guess at a token amount (``IMAGE_TOKEN_ESTIMATE``).
_ESTIMATE_WORDS = frozenset({"estimate", "estimated", "approx", "approximate", "guess", "heuristic"})
#: What an estimate may be the token cost of, though these words exclude a name alone (``image_width``).
_MEDIA_WORDS = frozenset({"image", "images", "img", "audio", "video"})
#: Media items whose tokens a name may count (``FALLBACK_DOCUMENT_TOKENS``).
_MEDIA_ITEMS = _MEDIA_WORDS | {
    "videos",
    "document",
    "documents",
    "pdf",
    "page",
    "pages",
    "frame",
    "frames",
    "media",
    "file",  # ``FILE_TOKENS = 2_000``, a flat guess per embedded file (set 551: agentfences)
    "files",
    "attachment",
    "attachments",
}
#: The units a per-unit token rate of a media item may name (``AUDIO_TOKENS_PER_SEC``).
_PER_UNITS = frozenset(
    {"sec", "second", "seconds", "minute", "minutes", "page", "pages", "frame", "frames", "image", "images"}
)
#: A docstring pointing to where the calculation is documented (``See https://ai.google.dev/...``):
#: the provider's own formula, a fact of its API (kani's Gemini 258 tokens per image), not a guess.
_CITED = re.compile(r"https?://")
#: A docstring's first line saying its function estimates (``Estimate tokens for audio content.``).
_ESTIMATE_DOC = re.compile(r"\b(?:estimat\w*|approximat\w*)", re.IGNORECASE)


def token_estimate(name: str) -> bool:
    """``IMAGE_TOKEN_ESTIMATE``, ``ESTIMATED_TOKENS_PER_IMAGE``: a name saying its number estimates a
    token amount, a heuristic to tune (what an OpenAI tile costs, ``SQUARE_TOKENS = 170``, is a fact of
    the API, and its name does not say estimate)."""
    ws = words(name)
    return (
        bool(set(ws) & TOKEN_WORDS)
        and bool(set(ws) & _ESTIMATE_WORDS)
        and not excluded(tuple(w for w in ws if w not in _MEDIA_WORDS))
    )


def estimates_tokens(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """``fn`` estimates tokens: its name says so (``estimate_output_tokens``, ``est_tokens``), or its name is about
    tokens and its docstring's first line says it estimates (``_count_image_tokens``: "Estimate tokens
    for an image based on detail level."), unless the docstring cites where the calculation is
    documented: then the numbers are the provider's formula."""
    if token_estimate(fn.name):
        return True
    if not set(words(fn.name)) & TOKEN_WORDS:
        return False
    if "est" in words(fn.name):
        return True  # ``def est_tokens(self)`` (set 303: mm-ctx's notebook)
    doc = ast.get_docstring(fn, clean=True)
    if set(words(fn.name)) & _MEDIA_NAMES and set(words(fn.name)) & _GUESSED and not _CITED.search(doc or ""):
        return True  # ``def generic_media_input_tokens(block)``: any media item's tokens, guessed (set 317: pygent-ai)
    return bool(doc and _ESTIMATE_DOC.search(doc.strip().split("\n", 1)[0])) and not _CITED.search(doc or "")


def media_tokens(name: str) -> bool:
    """``FALLBACK_IMAGE_TOKENS``, ``AUDIO_TOKENS_PER_SEC``, ``DOCUMENT_TOKENS_PER_PAGE``: the tokens of
    a media item, or a rate of them per second, page or frame; not excluded once the media words are
    left out."""
    ws = words(name)
    head, unit = (ws[: ws.index("per")], ws[ws.index("per") + 1 :]) if "per" in ws else (ws, ())
    # ``image_token_cost: int = 85``: a cost in tokens, not in money (set 511: memorant)
    rest = tuple(
        w
        for i, w in enumerate(head)
        if w not in _MEDIA_ITEMS and not (w in {"cost", "costs"} and i and head[i - 1] in TOKEN_WORDS)
    )
    return (
        bool(set(head) & TOKEN_WORDS)
        and set(unit) <= _PER_UNITS
        and bool(set(ws) & _MEDIA_ITEMS)
        and not excluded(rest)
    )


def estimated_read(ancestors: Sequence[ast.AST]) -> bool:
    """The read ``ancestors[-1]`` is returned, added or scaled in a function that estimates tokens
    (``return FALLBACK_AUDIO_TOKENS``, ``int(seconds * AUDIO_TOKENS_PER_SEC)``)."""
    at = len(ancestors) - 1
    node, parent = ancestors[at], ancestors[at - 1]
    while (
        isinstance(parent, ast.Call)
        and callee_name(parent) in {"min", "max"}
        and node in parent.args
        and at > 1
    ):
        # ``return max(1, min(patches, MAX_IMAGE_TOKENS))``: a cap on the estimate (set 238: cliffcompaction)
        at -= 1
        node, parent = ancestors[at], ancestors[at - 1]
    used = (
        (isinstance(parent, ast.Return) and parent.value is node)
        or (isinstance(parent, ast.BinOp) and isinstance(parent.op, (ast.Add, ast.Mult)))
        or (isinstance(parent, ast.AugAssign) and isinstance(parent.op, ast.Add) and parent.value is node)
    )
    if not used:
        return False
    fn = next(
        (a for a in reversed(ancestors) if isinstance(a, (ast.FunctionDef, ast.AsyncFunctionDef))), None
    )
    return fn is not None and estimates_tokens(fn)


#: Words of a function counting a media item's tokens (``generic_media_input_tokens``), and of one counting them
#: for any item or model, which no provider's formula does: a guess (not ``count_image_tokens``' tiles).
_MEDIA_NAMES = frozenset({"media", "image", "images", "img", "video", "videos", "audio", "frame", "frames"})
_GUESSED = frozenset({"generic", "fallback", "default", "unknown", "approx", "rough", "guess", "guessed"})
#: The media words a media item's token cap is named with (``max_video_tokens``, ``max_frame_tokens``).
_MEDIA = frozenset({"image", "images", "img", "audio", "video", "videos", "frame", "frames", "page", "pages"})


def media_budget(rule: LintRule, name: str) -> bool:
    """``max_video_tokens``, ``max_image_tokens``: a name counting a media item's tokens (the media
    words exclude a name alone) that, the media words left out, names a budget (``max_tokens``): a cap
    on the tokens a video or image is turned into, tuned as any budget (set 20: a media item's token
    estimate is one; set 32: voyageai's frames fitted to a token budget). Pixel bounds name no tokens,
    prices stay excluded (``image_token_price``)."""
    ws = words(name)
    if not media_tokens(name) or "per" in ws:
        return False
    rest = "_".join(w for w in ws if w not in _MEDIA)
    return bool(rest) and rule.names.is_budget(rest)


def forwarded_estimate(tree: ast.AST | None, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A function of ``tree`` that estimates tokens returns what ``fn`` returns (``return
    _baseline_search_graph(result_text)`` in ``estimate_baseline_content_tokens``, set 305: tokkit-ai): ``fn``
    estimates them too."""
    if tree is None:
        return False
    up = parents(tree)
    for node in walk(tree):
        if (
            isinstance(node, ast.Return)
            and isinstance(node.value, ast.Call)
            and callee_name(node.value) == fn.name
        ):
            caller = enclosing_function(up, node)
            if (
                isinstance(caller, (ast.FunctionDef, ast.AsyncFunctionDef))
                and caller is not fn
                and estimates_tokens(caller)
            ):
                return True
    return False
