"""Fit the shipped calibrations (o200k_base, cl100k_base, claude) on the evaluation corpus.

Usage: python benchmarks/fit_calibrations.py [--write] [--cv N] [--unders] [--corpus PATH]

References: the exact o200k_base and cl100k_base encodings, and for Claude the legacy Claude tokenizer
(``tokenizer.json`` shipped inside the ``anthropic==0.38.0`` wheel, fetched with ``pip download`` into
benchmarks/.cache/). Prints each calibration's held-out error table as Markdown; with ``--write`` saves
the calibrations under src/prompt_budget/data/calibrations/. With ``--cv N`` it also refits on 70% of
the training split and measures the other 30%, N times with different splits (split k puts a training
document in its 30% when ``sha256(f"{k}:{id}") % 100 < 30``, k = 1..N), and prints each split's figures
and their mean: how far the held-out figures can be trusted, measured without looking at them.
``--unders`` lists every underestimated document (held-out, and with ``--cv`` each split's) with its
error and regime: the documents that make the tail.

``--group-cv N`` cross-validates by *source* instead: every training document's source (its content
class and the package or catalogue it was cut from, :func:`source_of`) goes to one of N folds
(largest sources first, each to the fold with the fewest documents so far), and each fold is tested
on weights refitted on the other folds. A source is never on both sides, so a fold tests text whose
kin the fit has not seen (Django's Python code fitted without it; the Chinese manual pages fitted on
the poetry alone): the shift that text from other packages brings, which ``--cv`` cannot see because
its splits mix documents of one file. Prints each fold's figures and the pooled error table per
content class (every training document is tested exactly once).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402

from prompt_budget.calibrate import (  # noqa: E402
    Document,
    ErrorRow,
    Model,
    error_table,
    fit,
    fit_model,
    held_out,
    render_error_table,
)
from prompt_budget.calibrate.fitting import FLOOR, MARGIN  # noqa: E402
from prompt_budget.tokenizers import get_tokenizer  # noqa: E402
from prompt_budget.tokenizers.charclass import FEATURES, features, regime_of  # noqa: E402

OUT = HERE.parent / "src" / "prompt_budget" / "data" / "calibrations"
ANTHROPIC_LEGACY = "0.38.0"


def legacy_claude_tokenizer() -> Path:
    target = corpus.CACHE / f"anthropic-{ANTHROPIC_LEGACY}-tokenizer.json"
    if target.exists():
        return target
    dl = corpus.CACHE / "anthropic-wheel"
    dl.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
         "--dest", str(dl), f"anthropic=={ANTHROPIC_LEGACY}"],
        check=True,
    )  # fmt: skip
    (wheel,) = dl.glob(f"anthropic-{ANTHROPIC_LEGACY}-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        target.write_bytes(zf.read("anthropic/tokenizer.json"))
    return target


def cv_split(doc_id: str, k: int) -> bool:
    """Whether a training document is in the 30% that internal split ``k`` tests on."""
    return int(hashlib.sha256(f"{k}:{doc_id}".encode()).hexdigest()[:8], 16) % 100 < 30


def source_of(doc_id: str, category: str) -> str:
    """The source of a corpus document: its content class and the package, Debian package or
    catalogue group its text came from (``python/Django-5.1.4``, ``chinese/manpages-zh``)."""
    src = doc_id.rsplit("#", 1)[0]
    package = src.split(":", 1)[0] if ":" in src else src.split("/", 1)[0]
    return f"{category}/{package}"


#: Sources of fewer training documents than this do not make a content class one of several sources.
MIN_SOURCE = 10
#: A catalogue (one source file cut into many documents) is split into blocks of this many documents.
CATALOGUE_BLOCK = 10


def cv_groups(docs: list[Document], idx: list[int]) -> dict[int, str]:
    """The cross-validation group of each training document at ``idx``: its source
    (:func:`source_of`) when its content class comes from two or more sources of at least
    :data:`MIN_SOURCE` training documents (so each is tested on weights fitted on the others: the
    Chinese manual pages on the poetry, Django's JavaScript on litellm's); otherwise its file, or for a
    catalogue cut into many documents its block of :data:`CATALOGUE_BLOCK` (so a class of one source
    keeps its kind in the fit, and a whole file is never on both sides)."""
    sizes: dict[str, dict[str, int]] = {}
    for i in idx:
        d = docs[i]
        by = sizes.setdefault(d.category, {})
        source = source_of(d.id, d.category)
        by[source] = by.get(source, 0) + 1
    several = {c for c, by in sizes.items() if sum(n >= MIN_SOURCE for n in by.values()) >= 2}
    out = {}
    for i in idx:
        d = docs[i]
        if d.category in several:
            out[i] = source_of(d.id, d.category)
            continue
        src, _, number = d.id.rpartition("#")
        if "/" not in src and ":" not in src and number.isdigit():  # a catalogue: po-ko#17
            src = f"{src}#{int(number) // CATALOGUE_BLOCK}"
        out[i] = f"{d.category}/{src}"
    return out


def group_folds(docs: list[Document], idx: list[int], folds: int) -> list[list[int]]:
    """The documents at ``idx`` in ``folds`` folds of whole groups (:func:`cv_groups`), largest group
    first, each to the fold with the fewest documents so far."""
    by: dict[str, list[int]] = {}
    for i, group in cv_groups(docs, idx).items():
        by.setdefault(group, []).append(i)
    out: list[list[int]] = [[] for _ in range(folds)]
    for _, members in sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        min(out, key=len).extend(members)
    return [sorted(f) for f in out]


def group_cross_validate(
    docs: list[Document],
    refs: list[int],
    folds: int,
    vectors: list[list[float]] | None = None,
    lines: list[str] | None = None,
    margin: float = MARGIN,
    floor: float = FLOOR,
) -> tuple[list[ErrorRow], list[ErrorRow]]:
    """(the ``all`` row of each fold, the pooled table per content class) of the source-grouped
    cross-validation of the training split (see the module docstring)."""
    if vectors is None:
        vectors = [[float(v) for v in features(d.text)] for d in docs]
    train = [i for i, d in enumerate(docs) if not held_out(d.id)]
    parts = group_folds(docs, train, folds)
    folds_of = [
        (f"fold {k}", [i for j, part in enumerate(parts, 1) if j != k for i in part], test_idx)
        for k, test_idx in enumerate(parts, 1)
    ]
    per_fold, pooled = fold_errors(docs, refs, vectors, folds_of, lines, margin, floor)
    return per_fold, error_table(pooled)


def fold_errors(
    docs: list[Document],
    refs: list[int],
    vectors: list[list[float]],
    folds: list[tuple[str, list[int], list[int]]],
    lines: list[str] | None,
    margin: float = MARGIN,
    floor: float = FLOOR,
) -> tuple[list[ErrorRow], list[tuple[str, int, int]]]:
    """For each (label, documents fitted on, documents tested): weights refitted on the first, the
    ``all`` row of the error table on the second; and every tested (class, estimate, reference). With
    ``lines``, the underestimated documents are appended to it."""
    rows: list[ErrorRow] = []
    pooled: list[tuple[str, int, int]] = []
    for label, fit_idx, test_idx in folds:
        model = fit_model(vectors, refs, fit_idx, names=list(FEATURES), margin=margin, floor=floor)
        samples = [(docs[i].category, model.estimate(vectors[i]), refs[i]) for i in test_idx]
        rows.append(error_table(samples)[-1])
        pooled.extend(samples)
        if lines is not None:
            lines.extend(unders(label, docs, refs, model, test_idx))
    return rows, pooled


def unders(label: str, docs: list[Document], refs: list[int], model: Model, idx: list[int]) -> list[str]:
    """One line per underestimated document of ``idx``: error, regime, id."""
    out = []
    for i in idx:
        vector = [float(v) for v in features(docs[i].text)]
        err = (model.estimate(vector) - refs[i]) / refs[i]
        if err < 0:
            regime = regime_of(vector, model.ascii_cuts)
            out.append(f"   {label:9} {err:+6.1%}  {regime:9} {docs[i].id}")
    return out


def cross_validate(
    docs: list[Document], refs: list[int], splits: int, lines: list[str] | None = None
) -> list[ErrorRow]:
    """The ``all`` row of each internal split: refit on 70% of the training split, test on 30%; with
    ``lines``, the underestimated documents are appended to it."""
    vectors = [[float(v) for v in features(d.text)] for d in docs]
    train = [i for i, d in enumerate(docs) if not held_out(d.id)]
    splits_of = [
        (
            f"split {k}",
            [i for i in train if not cv_split(docs[i].id, k)],
            [i for i in train if cv_split(docs[i].id, k)],
        )
        for k in range(1, splits + 1)
    ]
    return fold_errors(docs, refs, vectors, splits_of, lines)[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--cv", type=int, default=0, metavar="N", help="internal cross-validation splits")
    ap.add_argument(
        "--group-cv", type=int, default=0, metavar="N", help="cross-validation by source, N folds"
    )
    ap.add_argument("--unders", action="store_true", help="list the underestimated documents")
    ap.add_argument("--corpus", type=Path, default=corpus.DEFAULT_OUT)
    args = ap.parse_args()
    docs = [Document(d["id"], d["category"], d["text"]) for d in corpus.load(args.corpus)]
    claude = legacy_claude_tokenizer()
    specs = {
        "o200k_base": ("o200k_base", "o200k_base (exact)", ""),
        "cl100k_base": ("cl100k_base", "cl100k_base (exact)", ""),
        "claude": (
            f"hf:{claude}",
            f"legacy Claude tokenizer (tokenizer.json in anthropic=={ANTHROPIC_LEGACY})",
            "Fitted against the legacy Claude tokenizer that the anthropic SDK shipped up to 0.38; "
            "current Claude models tokenize differently. Use anthropic:MODEL for exact counts.",
        ),
    }
    for name, (spec, ref_name, note) in specs.items():
        count = get_tokenizer(spec).count
        refs = [count(d.text) for d in docs]
        by_id = {d.id: r for d, r in zip(docs, refs, strict=True)}
        result = fit(docs, lambda d, c=by_id: c[d.id], name=name, reference_name=ref_name, note=note)
        print(f"\n### calibrated:{name} (reference: {ref_name})\n")
        print(render_error_table(result.held_out_rows))
        lines: list[str] | None = [] if args.unders else None
        if lines is not None:
            test = [i for i, d in enumerate(docs) if held_out(d.id)]
            lines.extend(unders("held-out", docs, refs, Model.from_calibration(result.calibration), test))
        if args.cv:
            rows = cross_validate(docs, refs, args.cv, lines)
            print(f"internal cross-validation of calibrated:{name} (refit on 70% of the training split):\n")
            print("| split | docs | under | worst under | mean over |\n| --- | ---: | ---: | ---: | ---: |")
            for k, r in enumerate(rows, 1):
                print(
                    f"| {k} | {r.documents} | {r.under_share:.2%} | {r.worst_under:+.1%} | {r.mean_over:+.1%} |"
                )
            n = len(rows)
            print(
                f"| mean | {sum(r.documents for r in rows) / n:.0f} | {sum(r.under_share for r in rows) / n:.2%} | "
                f"{min(r.worst_under for r in rows):+.1%} (worst) | {sum(r.mean_over for r in rows) / n:+.1%} |\n"
            )
        if args.group_cv:
            fold_rows, pooled = group_cross_validate(docs, refs, args.group_cv, lines=lines)
            print(f"cross-validation of calibrated:{name} by source ({args.group_cv} folds):\n")
            print("| fold | docs | under | worst under | mean over |\n| --- | ---: | ---: | ---: | ---: |")
            for k, r in enumerate(fold_rows, 1):
                print(
                    f"| {k} | {r.documents} | {r.under_share:.2%} | {r.worst_under:+.1%} | {r.mean_over:+.1%} |"
                )
            print(f"\npooled over the folds, per content class:\n\n{render_error_table(pooled)}")
        if lines:
            print(f"underestimated documents, calibrated:{name}:\n" + "\n".join(lines) + "\n")
        if args.write:
            OUT.mkdir(parents=True, exist_ok=True)
            path = OUT / f"{name}.json"
            path.write_text(json.dumps(result.calibration, indent=1, sort_keys=True) + "\n")
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
