"""``cache.result_dict``, the cache's and the workers' serialisation of a file's result, against
``FileResult.to_dict`` (``dataclasses.asdict``), which it stands in for."""

from __future__ import annotations

import json

from prompt_budget.lint.cache import result_dict
from prompt_budget.lint.findings import Fact, FileResult, Finding


def _finding(line: int, **changes: object) -> Finding:
    base: dict[str, object] = {
        "path": "pkg/mod.py",
        "line": line,
        "column": 5,
        "end_line": line,
        "end_column": 9,
        "code": "PB101",
        "rule": "inline-budget",
        "message": "8000 tokens",
    }
    base.update(changes)
    return Finding(**base)  # type: ignore[arg-type]


def test_result_dict_equals_to_dict_key_order_included() -> None:
    findings = (
        _finding(1),
        _finding(2, key="max_tokens", value=8000, suggestion="x = 8000", fixable=True, key_parts=("a", "b")),
        _finding(3, value=0.75, suppressed="noqa"),
        _finding(4, value="cl100k_base"),
        _finding(5, value={"gpt-4o": 128_000, "nested": {"k": [1, 2]}}),  # asdict's deep copy
        _finding(6, key_parts=["a", "b"]),  # type: ignore[arg-type]  # not a tuple: asdict's copy too
    )
    facts = (Fact("max_tokens", 8000, "pkg/mod.py", 1, 2, 1, 6), Fact("ratio", 0.5, "pkg/mod.py", 3, 1, 3, 4))
    for result in (
        FileResult("pkg/mod.py"),
        FileResult("pkg/mod.py", findings, facts, parsed=True),
        FileResult("pkg/other.py", facts=facts),
    ):
        fast, reference = result_dict(result), result.to_dict()
        assert fast == reference
        assert json.dumps(fast) == json.dumps(reference)  # the same keys in the same order, all the way down
        assert FileResult.from_dict(json.loads(json.dumps(fast))) == FileResult.from_dict(
            json.loads(json.dumps(reference))
        )


def test_result_dict_copies_a_dict_value() -> None:
    value = {"gpt-4o": 128_000}
    result = FileResult("m.py", (_finding(1, value=value),))
    out = result_dict(result)
    assert out["findings"][0]["value"] == value
    assert out["findings"][0]["value"] is not value
