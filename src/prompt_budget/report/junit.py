"""Checks as JUnit XML properties: ``(name, value)`` pairs for ``item.user_properties``, which
pytest's ``--junitxml`` writes as ``<property>`` elements of the test case (and which travel with
test reports under pytest-xdist)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["properties"]


def properties(record: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``prompt_budget[LABEL].tokens``, ``.max_tokens``, ``.status``, ``.tokenizer`` (and
    ``.estimated`` for non-exact tokenizers)."""
    base = f"prompt_budget[{record['label']}]"
    props = [
        (f"{base}.tokens", str(record["tokens"])),
        (f"{base}.max_tokens", "" if record["max_tokens"] is None else str(record["max_tokens"])),
        (f"{base}.status", str(record["status"])),
        (f"{base}.tokenizer", str(record["tokenizer"])),
    ]
    if not record["exact"]:
        props.append((f"{base}.estimated", "true"))
    return props
