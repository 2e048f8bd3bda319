"""Calibrated estimates: fit one to a corpus (``calibrate``), as ``prompt-budget calibrate`` does.

``corpus`` reads the documents and the reference counts; ``fitting`` fits the weights and measures
the error on the held-out split.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from prompt_budget.calibrate.corpus import (
    Document,
    held_out,
    match_reference_counts,
    read_corpus,
    read_reference_counts,
    reference_ids,
)
from prompt_budget.calibrate.fitting import (
    ErrorRow,
    FitResult,
    Model,
    error_table,
    fit,
    fit_model,
    render_error_table,
)
from prompt_budget.errors import ConfigError
from prompt_budget.tokenizers import CachedTokenizer, get_tokenizer
from prompt_budget.tokenizers.calibrated import base_feature_names

__all__ = [
    "Calibrated",
    "Document",
    "ErrorRow",
    "Model",
    "base_feature_names",
    "calibrate",
    "error_table",
    "fit",
    "fit_model",
    "held_out",
    "render_error_table",
]


@dataclass(frozen=True)
class Calibrated:
    """A calibration fitted and written to ``out``; ``estimated_reference``: the reference tokenizer
    fell back to an estimate for some documents."""

    result: FitResult
    out: Path
    estimated_reference: bool = False


def calibrate(
    corpus: Sequence[str | Path],
    reference: str,
    out: str | Path,
    *,
    name: str | None = None,
    base: str | None = None,
) -> Calibrated:
    """Fit a calibration of the documents in ``corpus`` to ``reference`` (a tokenizer spec, or a JSON
    file of provider-reported counts keyed by document id or path), over the tokenizer ``base`` when
    given, and write it to ``out`` (named ``name``, else the file's stem)."""
    docs = read_corpus(corpus)
    ref_count, ref_tok = _reference(reference, docs)
    out_path = Path(out)
    result = fit(
        docs,
        ref_count,
        name=name or out_path.stem,
        reference_name=reference,
        base=get_tokenizer(base).count if base else None,
        base_name=base,
    )
    try:
        out_path.parent.mkdir(parents=True, exist_ok=True)
        out_path.write_text(json.dumps(result.calibration, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot write: {exc.strerror or exc}", file=out_path) from None
    return Calibrated(result, out_path, ref_tok is not None and not ref_tok.exact)


def _reference(
    spec: str, docs: Sequence[Document]
) -> tuple[Callable[[Document], int], CachedTokenizer | None]:
    """The reference count of a document, and the reference tokenizer (None for a counts file)."""
    path = Path(spec)
    if spec.endswith(".json") and path.is_file():
        raw_counts = read_reference_counts(path)
        counts = match_reference_counts(raw_counts, path.parent)
        missing = [d.id for d in docs if d.id not in counts]
        if missing:
            ids = {d.id for d in docs}
            unmatched = [k for k in raw_counts if not ids & reference_ids(k, path.parent)]
            hint = ""
            if unmatched:
                more = ", ..." if len(unmatched) > 3 else ""
                hint = (
                    f"; ids in the file that match no document: {', '.join(map(repr, unmatched[:3]))}{more}"
                )
            raise ConfigError(
                f"no count for {len(missing)} document(s), first {missing[0]!r}{hint} (a file's id is its "
                "path from the current folder or from the reference file's folder)",
                file=path,
            )
        return (lambda d: counts[d.id]), None
    if spec.endswith(".json") and ":" not in spec:
        raise ConfigError(
            f"--reference {spec}: no such file (expected a JSON file of counts or a tokenizer "
            "spec such as o200k_base, hf:PATH or anthropic:MODEL)"
        )
    tok = get_tokenizer(spec)
    return (lambda d: tok.count(d.text)), tok
