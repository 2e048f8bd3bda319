"""The JSON report written by ``--prompt-budget-report=PATH.json``.

Format (``version`` 1; a consumer should check ``schema`` and ``version``)::

    {
      "schema": "pytest-prompt-budget/report",
      "version": 1,
      "tool": {"name": "pytest-prompt-budget", "version": "0.1.0"},
      "summary": {"checks": 3, "pass": 1, "warn": 1, "fail": 1},
      "checks": [ <record>, ... ]
    }

Each check is a record as ``prompt_budget.pytest_plugin.session`` documents it: ``id``, ``nodeid``,
``label``, ``kind``, ``tokenizer``, ``exact``, ``tokens``, ``max_tokens``, ``cap_source``, ``status``
(``pass``/``warn``/``fail``), ``percent``, ``sections`` (``name``, ``tokens``, ``max_tokens``,
``cap_source``, ``status``), ``parts`` and ``message``. Checks are sorted by ``nodeid`` and then in the
order a test made them, so a run under pytest-xdist writes the same file as a serial run. There are no
timestamps or durations: the same code gives the same bytes. ``SCHEMA`` is the JSON Schema of the file.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, Final

SCHEMA_ID: Final = "pytest-prompt-budget/report"
VERSION: Final = 1

_NULLABLE_INT: Final = {"type": ["integer", "null"]}
_NULLABLE_STR: Final = {"type": ["string", "null"]}
_STATUS: Final = {"enum": ["pass", "warn", "fail"]}

#: The properties of one check in the report; every one but ``message`` and ``parts`` is required.
_CHECK: Final[dict[str, Any]] = {
    "id": {"type": "string"},
    "nodeid": {"type": "string"},
    "label": {"type": "string"},
    "kind": {"type": "string"},
    "tokenizer": {"type": "string"},
    "exact": {"type": "boolean"},
    "tokens": {"type": "integer", "minimum": 0},
    "max_tokens": _NULLABLE_INT,
    "cap_source": _NULLABLE_STR,
    "status": _STATUS,
    "percent": {"type": ["number", "null"]},
    "message": {"type": "string"},
    "parts": {"type": "object", "additionalProperties": {"type": "integer"}},
    "sections": {
        "type": "array",
        "items": {
            "type": "object",
            "required": ["name", "tokens", "max_tokens", "status"],
            "properties": {
                "name": {"type": "string"},
                "tokens": {"type": "integer", "minimum": 0},
                "max_tokens": _NULLABLE_INT,
                "cap_source": _NULLABLE_STR,
                "status": _STATUS,
            },
        },
    },
}

SCHEMA: Final[dict[str, Any]] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "pytest-prompt-budget report",
    "type": "object",
    "required": ["schema", "version", "tool", "summary", "checks"],
    "properties": {
        "schema": {"const": SCHEMA_ID},
        "version": {"const": VERSION},
        "tool": {
            "type": "object",
            "required": ["name", "version"],
            "properties": {"name": {"type": "string"}, "version": {"type": "string"}},
        },
        "summary": {
            "type": "object",
            "required": ["checks", "pass", "warn", "fail"],
            "properties": {k: {"type": "integer", "minimum": 0} for k in ("checks", "pass", "warn", "fail")},
        },
        "checks": {
            "type": "array",
            "items": {
                "type": "object",
                "required": [k for k in _CHECK if k not in ("message", "parts")],
                "properties": _CHECK,
            },
        },
    },
}


def summary(records: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    out = {"checks": 0, "pass": 0, "warn": 0, "fail": 0}
    for r in records:
        out["checks"] += 1
        out[str(r["status"])] += 1
    return out


def build(records: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    from prompt_budget._version import __version__

    checks = [dict(r) for r in records]
    return {
        "schema": SCHEMA_ID,
        "version": VERSION,
        "tool": {"name": "pytest-prompt-budget", "version": __version__},
        "summary": summary(checks),
        "checks": checks,
    }


def render(records: Iterable[Mapping[str, Any]]) -> str:
    """The report as JSON text (indented, keys in a fixed order, newline at the end)."""
    return json.dumps(build(records), indent=2, ensure_ascii=False) + "\n"
