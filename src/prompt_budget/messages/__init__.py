"""Counting chat messages and whole provider requests as the provider does.

``count_request(obj, tokenizer)`` counts a chat message list or a request mapping in the provider's own
shape; ``breakdown(...)`` does the same and keeps the parts (system, messages, tool calls, tool
results, images, tool definitions, structural overhead) for reports. One module per shape:
``openai_chat`` (chat completions), ``responses`` (the OpenAI Responses API) and ``anthropic``
(Anthropic Messages), on the shared ``counter``, ``media`` (images and files) and ``common`` (parts,
overhead table, :class:`Breakdown`); ``request`` tells the shapes apart and counts.

Messages marked ephemeral (a truthy top-level key, or a key inside ``metadata``, named in
``ephemeral_keys``; default ``ephemeral``) are not counted. Anthropic's ``cache_control`` is not an
exclusion: cached tokens still occupy the context window. Binary inputs whose tokens cannot be measured
locally cost the flat ``image_tokens`` each and are counted in ``unmeasured``.
"""

from prompt_budget.messages.common import PARTS, Breakdown, overheads, plain
from prompt_budget.messages.media import image_size, image_tokens_for
from prompt_budget.messages.request import breakdown, count_request, detect_provider
from prompt_budget.messages.responses import has_responses_items, responses_item_kind

__all__ = [
    "PARTS",
    "Breakdown",
    "breakdown",
    "count_request",
    "detect_provider",
    "has_responses_items",
    "image_size",
    "image_tokens_for",
    "overheads",
    "plain",
    "responses_item_kind",
]
