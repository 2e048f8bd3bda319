"""Checks as JUnit XML properties: ``(name, value)`` pairs for ``item.user_properties``, which
pytest's ``--junitxml`` writes as ``<property>`` elements of the test case (and which travel with
test reports under pytest-xdist)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def properties(record: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``prompt_budget[LABEL].tokens``, ``.max_tokens``, ``.status``, ``.tokenizer`` (and
    ``.estimated`` for non-exact tokenizers). A label a test checks more than once is numbered as
    the record's id numbers it (``LABEL#2`` for the second), so no two checks share a property name."""
    base = f"prompt_budget[{_name(record)}]"
    props = [
        (f"{base}.tokens", str(record["tokens"])),
        (f"{base}.max_tokens", "" if record["max_tokens"] is None else str(record["max_tokens"])),
        (f"{base}.status", str(record["status"])),
        (f"{base}.tokenizer", str(record["tokenizer"])),
    ]
    if not record["exact"]:
        props.append((f"{base}.estimated", "true"))
    return props


def _name(record: Mapping[str, Any]) -> str:
    """The label, with the ``#N`` the session gave the record's id when the test used it before."""
    label = str(record["label"])
    prefix = f"{record.get('nodeid')}::{label}#"
    rec_id = str(record.get("id", ""))
    n = rec_id[len(prefix) :] if rec_id.startswith(prefix) else ""
    return f"{label}#{n}" if n.isdigit() else label
