"""The :class:`Counter` every provider's counter builds on: it adds tokens to a :class:`Breakdown`'s
parts and to the top-level item being counted, and counts what all shapes share (text, ephemeral
messages, images, unmeasured inputs, content lists)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Final

from prompt_budget.messages.common import Breakdown, Provider, const, is_ephemeral, is_list
from prompt_budget.messages.media import image_tokens_for
from prompt_budget.tokenizers import CachedTokenizer

#: Content block types that are plain text (not named in an item's label).
_TEXT_BLOCKS: Final = ("text", "input_text", "output_text")


class Counter:
    provider: ClassVar[Provider]

    def __init__(self, tok: CachedTokenizer, ephemeral_keys: Sequence[str], image_tokens: int) -> None:
        self.tok = tok
        self.ephemeral_keys = tuple(ephemeral_keys)
        self.image_flat = image_tokens
        self.out = Breakdown(self.provider)
        #: The top-level item being counted (``messages[3] (tool)``), to which tokens are attributed.
        self.item: str | None = None

    def add(self, part: str, tokens: int) -> None:
        self.out.parts[part] += tokens
        if self.item is not None and tokens:
            self.out.items[self.item] = self.out.items.get(self.item, 0) + tokens

    def text(self, part: str, text: str) -> None:
        if text:
            self.add(part, self.tok.count(text))

    def strings(self, part: str, holder: Mapping[str, Any], *keys: str) -> None:
        """Count each of ``holder``'s ``keys`` whose value is a string."""
        for key in keys:
            value = holder.get(key)
            if isinstance(value, str):
                self.text(part, value)

    def enter(self, label: str | None, message: object = None) -> None:
        """Attribute what is counted next to ``label``, with the message's role or item type, and
        what it holds besides text: ``messages[4] (user: tool_result)``, ``messages[3] (assistant:
        tool_calls)``."""
        if label is not None and isinstance(message, Mapping):
            kind = message.get("role") or message.get("type")
            if isinstance(kind, str) and kind:
                held: list[str] = []
                content = message.get("content")
                if is_list(content):
                    for block in content:
                        what = block.get("type") if isinstance(block, Mapping) else None
                        if isinstance(what, str) and what not in (*_TEXT_BLOCKS, *held):
                            held.append(what)
                if message.get("tool_calls"):
                    held.append("tool_calls")
                label = f"{label} ({kind}: {', '.join(held)})" if held else f"{label} ({kind})"
        self.item = label

    def each(self, items: Sequence[Any], where: str) -> Iterator[tuple[str, Any]]:
        """Each of a top-level list's items with where it is (``messages[3]``), what is counted for it
        attributed to it."""
        for i, item in enumerate(items):
            self.enter(f"{where}[{i}]", item)
            yield f"{where}[{i}]", item
        self.enter(None)

    def message_overhead(self, role: str = "") -> None:
        """The structural tokens of one message: the per-message overhead and its role."""
        self.add("overhead", const(self.provider, "messages", "default", "tokens_per_message"))
        self.text("overhead", role)

    def skip_ephemeral(self, message: Mapping[str, Any]) -> bool:
        """Whether ``message`` is ephemeral, counting it as excluded when it is."""
        if is_ephemeral(message, self.ephemeral_keys):
            self.out.excluded += 1
            return True
        return False

    def image(self, width: int | None, height: int | None, detail: str = "auto") -> None:
        self.out.images += 1
        if self.provider == "openai" and detail == "low":
            self.add("images", const("openai", "images", "low_detail"))
        elif width and height:
            self.add("images", image_tokens_for(width, height, self.provider, detail))
        else:
            self.add("images", self.image_flat)

    def unmeasured_input(self) -> None:
        """A binary input (a PDF, audio, a file by ID or URL) whose tokens cannot be measured here:
        the flat image cost, as for an image of unknown size."""
        self.out.unmeasured += 1
        self.add("images", self.image_flat)

    def content_items(
        self, content: Any, part: str, at: str, noun: str, *, single: bool = False
    ) -> Iterator[tuple[str, Mapping[str, Any]]]:
        """The mapping items of a message's content (``noun``: ``part`` for OpenAI, ``block`` for
        Anthropic), with where each is; a plain string, whole or as an item, is counted as text.
        ``single``: a lone mapping stands for a list of one."""
        if content is None:
            return
        if isinstance(content, str):
            self.text(part, content)
            return
        if single and isinstance(content, Mapping):
            content = [content]
        if not isinstance(content, Sequence):
            raise TypeError(
                f"{at}: expected a string or a list of content {noun}s, got {type(content).__name__}"
            )
        for j, item in enumerate(content):
            where = f"{at}[{j}]"
            if isinstance(item, str):
                self.text(part, item)
            elif isinstance(item, Mapping):
                yield where, item
            else:
                raise TypeError(f"{where}: expected a content {noun} mapping, got {type(item).__name__}")
