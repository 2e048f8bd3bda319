"""Images and files in messages. An image costs the provider's size formula when its dimensions are
known (``width``/``height`` keys, or the header of a base64 image), else the flat ``image_tokens``;
base64 is never counted as text. A file whose data is text counts as that text."""

from __future__ import annotations

import base64
import binascii
import math
import struct
import urllib.parse
from collections.abc import Mapping
from typing import Any, Final

from prompt_budget.messages.common import const

#: File media types whose data is text the model reads (besides ``text/*``, ``+json`` and ``+xml``).
_TEXT_MEDIA: Final = frozenset(
    {"application/json", "application/xml", "application/yaml", "application/x-yaml", "application/x-ndjson"}
)
_SNIFF_CHARS: Final = 1 << 18  # base64 characters decoded to find an image's size


def image_tokens_for(width: int, height: int, provider: str = "openai", detail: str = "auto") -> int:
    """Tokens of one image of ``width`` x ``height`` pixels by the provider's published formula."""
    if provider != "anthropic" and detail == "low":
        return const("openai", "images", "low_detail")
    w, h = float(width), float(height)
    if provider == "anthropic":
        edge = const("anthropic", "images", "max_long_edge")
        if max(w, h) > edge:
            scale = edge / max(w, h)
            w, h = w * scale, h * scale
        per = const("anthropic", "images", "pixels_per_token")
        return min(const("anthropic", "images", "max_tokens"), math.ceil(w * h / per))
    max_side, short = const("openai", "images", "max_side"), const("openai", "images", "short_side")
    if max(w, h) > max_side:
        scale = max_side / max(w, h)
        w, h = w * scale, h * scale
    if min(w, h) > short:
        scale = short / min(w, h)
        w, h = w * scale, h * scale
    tile = const("openai", "images", "tile")
    tiles = math.ceil(w / tile) * math.ceil(h / tile)
    return const("openai", "images", "base") + const("openai", "images", "per_tile") * tiles


def dimensions(
    primary: Mapping[str, Any], secondary: Mapping[str, Any], url: str, data: str | None = None
) -> tuple[int | None, int | None]:
    """An image's (width, height): from ``width``/``height`` keys of either mapping, else read from
    its base64 ``data`` (or a ``data:`` ``url``), else (None, None)."""
    for holder in (primary, secondary):
        w, h = holder.get("width"), holder.get("height")
        if isinstance(w, int) and isinstance(h, int) and w > 0 and h > 0:
            return w, h
    if data is None and url.startswith("data:") and ";base64," in url:
        data = url.split(";base64,", 1)[1]
    if data:
        try:
            head = base64.b64decode(data[:_SNIFF_CHARS] + "=" * (-min(len(data), _SNIFF_CHARS) % 4))
        except (binascii.Error, ValueError):
            return None, None
        size = image_size(head)
        if size is not None:
            return size
    return None, None


def image_size(head: bytes) -> tuple[int, int] | None:
    """(width, height) read from the first bytes of a PNG, GIF, JPEG or WebP file, else None."""
    if head[:8] == b"\x89PNG\r\n\x1a\n" and len(head) >= 24:
        w, h = struct.unpack(">II", head[16:24])
        return int(w), int(h)
    if head[:6] in (b"GIF87a", b"GIF89a") and len(head) >= 10:
        w, h = struct.unpack("<HH", head[6:10])
        return int(w), int(h)
    if head[:2] == b"\xff\xd8":
        return _jpeg_size(head)
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP" and len(head) >= 30:
        chunk = head[12:16]
        if chunk == b"VP8X":
            w = int.from_bytes(head[24:27], "little") + 1
            h = int.from_bytes(head[27:30], "little") + 1
            return w, h
        if chunk == b"VP8L" and head[20] == 0x2F:
            bits = int.from_bytes(head[21:25], "little")
            return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
        if chunk == b"VP8 ":
            w, h = struct.unpack("<HH", head[26:30])
            return int(w) & 0x3FFF, int(h) & 0x3FFF
    return None


def _jpeg_size(head: bytes) -> tuple[int, int] | None:
    i = 2
    n = len(head)
    while i + 9 < n:
        if head[i] != 0xFF:
            i += 1
            continue
        marker = head[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7 or marker == 0xFF:
            i += 1 if marker == 0xFF else 2
            continue
        (length,) = struct.unpack(">H", head[i + 2 : i + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", head[i + 5 : i + 9])
            return int(w), int(h)
        i += 2 + length
    return None


def file_text(data: str, at: str) -> str | None:
    """The text of a file part's ``file_data`` (a ``data:`` URL or bare base64) when the file is text,
    else None (a PDF or another binary file)."""
    media = ""
    if data.startswith("data:"):
        head, sep, body = data.partition(",")
        if not sep:
            raise ValueError(f"{at}: expected a data: URL ('data:<media type>;base64,<data>') or base64 data")
        media = head[5:].split(";", 1)[0].strip().lower()
        encoded = ";base64" in head.lower()
        raw = _b64(body, at) if encoded else urllib.parse.unquote_to_bytes(body)
    else:
        raw = _b64(data, at)
    if raw.startswith(b"%PDF") or b"\x00" in raw[:8192]:
        return None
    if media and not (media.startswith("text/") or media in _TEXT_MEDIA or media.endswith(("+json", "+xml"))):
        return None
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        return None


def _b64(data: str, at: str) -> bytes:
    try:
        return base64.b64decode("".join(data.split()), validate=True)
    except (binascii.Error, ValueError):
        raise ValueError(
            f"{at}: expected base64 data or a data: URL ('data:<media type>;base64,<data>')"
        ) from None
