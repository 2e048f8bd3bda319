"""Each Claude generation's estimate against every published count of Anthropic's count-tokens API
collected in ``data/claude_api_counts.json`` (with its source): never below one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from prompt_budget import count, known_models
from prompt_budget.tokenizers import get_tokenizer

DATA: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "claude_api_counts.json").read_text("utf-8")
)


@pytest.mark.parametrize("entry", DATA["requests"], ids=lambda e: e["model"])
def test_the_estimate_of_a_published_request_is_never_below_its_count(entry: dict[str, Any]) -> None:
    assert entry["source"].startswith("https://")
    spec = known_models.claude_estimate_for(entry["model"])
    assert spec is not None
    assert count(entry["request"], spec) >= entry["input_tokens"]
    # and no later generation's estimate is below it either
    assert count(entry["request"], "calibrated:claude-4.7") >= entry["input_tokens"]


MEASURED = [(m, model, n) for m in DATA["measurements"] for model, n in m["counts"].items()]


@pytest.mark.parametrize(("entry", "model", "tokens"), MEASURED, ids=lambda v: str(v)[:30])
def test_the_estimate_is_at_least_as_dense_as_each_published_measurement(
    entry: dict[str, Any], model: str, tokens: int
) -> None:
    sample = DATA["samples"][entry["sample"]]["text"]
    spec = known_models.claude_estimate_for(model)
    assert spec == ("calibrated:claude-4.7" if model >= "claude-opus-4-7" else "calibrated:claude-3")
    estimate = get_tokenizer(spec).count(sample)
    assert estimate / len(sample) >= tokens / entry["chars"], (entry["kind"], model)


def test_the_4_7_estimate_rises_as_much_as_the_published_ratio_on_english_and_code() -> None:
    # published 4.7 / 4.6 ratios: 1.45 (English prose, CLAUDE.md), 1.13-1.33 (code), 1.00 (CJK)
    for key in ("claude_md", "readme", "git_log"):
        text = DATA["samples"][key]["text"]
        new, old = (get_tokenizer(f"calibrated:{g}").count(text) for g in ("claude-4.7", "claude-3"))
        assert new / old >= 1.45, key
    cjk = "我能吞下玻璃而不伤身体。天地玄黄，宇宙洪荒。日月盈昃，辰宿列张。" * 20
    new, old = (get_tokenizer(f"calibrated:{g}").count(cjk) for g in ("claude-4.7", "claude-3"))
    assert old <= new <= old * 1.07  # only the ASCII punctuation and the constant rise


def test_each_generation_errs_high_against_both_shipped_estimates() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from multilingual import SAMPLES

    texts = [*SAMPLES, *(s["text"] for s in DATA["samples"].values())]
    for generation in ("claude-3", "claude-4.7"):
        tok = get_tokenizer(f"calibrated:{generation}")
        for text in texts:
            assert tok.count(text) >= get_tokenizer("calibrated:o200k_base-classes").count(text), (
                generation,
                text[:40],
            )
