"""Fitting calibrated estimates and measuring their error, in pure Python.

A calibration is a weight per character-class feature (:mod:`prompt_budget.tokenizers.charclass`), or,
with a base tokenizer, a ratio per content class over the base count. Weights are fitted on a training
split so that the estimate almost never undershoots the reference:

1. an asymmetric least-squares fit of the relative error with non-negative weights (coordinate descent
   on the normal equations), reweighted towards the upper envelope (a quantile-style iteration that
   charges an underestimate ``tau`` and an overestimate ``1 - tau``);
2. a scale so that at most :data:`TRAIN_UNDER_SHARE` of the training documents are underestimated,
   widened for corpora too small to show that tail (fewer than 500 training documents).

The error table is measured on the held-out split (documents whose id hashes into the last 30%).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from prompt_budget.calibrate.corpus import HELD_OUT_PERCENT, Document, held_out
from prompt_budget.errors import PromptBudgetError
from prompt_budget.tokenizers.calibrated import base_feature_names, base_features, charclass_weights
from prompt_budget.tokenizers.charclass import FEATURES, features, regime_of, script_chars, total_chars

FORMAT: Final = 1
TRAIN_UNDER_SHARE: Final = 0.002
TAU: Final = 0.995
ROUNDS: Final = 30

# --- fitting ---------------------------------------------------------------------------------------


def _nnls(gram: list[list[float]], rhs: list[float], iterations: int = 2000) -> list[float]:
    """Non-negative least squares on the normal equations by cyclic coordinate descent."""
    d = len(rhs)
    beta = [0.0] * d
    for _ in range(iterations):
        delta = 0.0
        for j in range(d):
            gjj = gram[j][j]
            if gjj <= 0.0:
                continue
            row = gram[j]
            r = rhs[j] - sum(row[k] * beta[k] for k in range(d))
            new = max(0.0, beta[j] + r / gjj)
            delta = max(delta, abs(new - beta[j]))
            beta[j] = new
        if delta < 1e-12:
            break
    return beta


def _dot(x: Sequence[float], w: Sequence[float]) -> float:
    return sum(a * b for a, b in zip(x, w, strict=False))


#: Byte-level BPE spends at most one token per UTF-8 byte on text it has never seen, so a script the
#: corpus barely holds gets this many tokens per character rather than a weight fitted on nothing.
UNSEEN_FLOOR: Final = {
    "latin": 2.0, "cyrillic": 2.0, "cyrillic_b": 2.0, "cyrillic_upper": 2.0, "mideast": 2.0,
    "brahmic": 3.0, "symbol": 3.0, "kana": 3.0, "han": 3.0, "hangul": 3.0, "ext_a": 3.0,
    "fullwidth": 3.0, "astral": 4.0,
}  # fmt: skip
#: Features whose support is judged on the script as a whole: all Cyrillic characters; for ``ext_a``
#: (U+A000-U+AFFF) all Hangul, as its common characters are the Hangul syllables 가-꿯.
_SUPPORT_GROUP: Final = {
    "ext_a": ("ext_a", "hangul", "hangul_pairs"),
    "cyrillic": ("cyrillic", "cyrillic_b", "cyrillic_upper"),
    "cyrillic_b": ("cyrillic", "cyrillic_b", "cyrillic_upper"),
    "cyrillic_upper": ("cyrillic", "cyrillic_b", "cyrillic_upper"),
}
MIN_REGIME: Final = 50  # training documents a regime needs for weights of its own
MIN_SUPPORT: Final = 5  # training documents in which a script is at least a tenth of the characters


def _floor_unseen(
    weights: list[float], pairs: Sequence[tuple[Sequence[float], int]], names: Sequence[str] | None
) -> list[float]:
    if names is None:
        return weights
    out = list(weights)
    index = {name: j for j, name in enumerate(names)}
    for j, name in enumerate(names):
        floor = UNSEEN_FLOOR.get(name)
        if floor is None:
            continue
        cols = [index[n] for n in _SUPPORT_GROUP.get(name, (name,))]
        # A document supports the weight when the feature's own characters (Hangul syllables standing
        # alone, not the pairs of running text) are at least a tenth of its characters.
        support = sum(1 for x, _ in pairs if sum(script_chars(x, c) for c in cols) * 10 >= total_chars(x))
        if support < MIN_SUPPORT:
            out[j] = max(out[j], floor)
    return out


def fit_weights(
    xs: Sequence[Sequence[float]],
    ys: Sequence[int],
    *,
    tau: float = TAU,
    rounds: int = ROUNDS,
    names: Sequence[str] | None = None,
) -> list[float]:
    """Non-negative weights ``w`` with ``x . w`` near the upper envelope of ``y`` (relative error).

    With ``names`` (the character-class features), scripts too rare in the corpus to fit get the
    conservative :data:`UNSEEN_FLOOR` weight."""
    pairs = [(x, y) for x, y in zip(xs, ys, strict=True) if y > 0]
    if not pairs:
        raise PromptBudgetError("cannot fit: no training document has a positive reference count")
    d = len(pairs[0][0])
    weights = [1.0] * len(pairs)
    beta = [0.0] * d
    for _ in range(rounds):
        gram = [[0.0] * d for _ in range(d)]
        rhs = [0.0] * d
        for (x, y), w in zip(pairs, weights, strict=True):
            nz = [(j, v / y) for j, v in enumerate(x) if v]
            for j, vj in nz:
                rhs[j] += w * vj
                row = gram[j]
                wvj = w * vj
                for k, vk in nz:
                    row[k] += wvj * vk
        for j in range(d):
            gram[j][j] += 1e-9
        beta = _nnls(gram, rhs)
        weights = []
        for x, y in pairs:
            rel = _dot(x, beta) / y - 1.0
            weights.append((tau if rel < 0 else 1.0 - tau) / max(abs(rel), 0.01))
    ratios = sorted(_dot(x, beta) / y for x, y in pairs)
    n = len(ratios)
    k = min(n - 1, int(n * TRAIN_UNDER_SHARE))
    if ratios[k] <= 0:
        raise PromptBudgetError("cannot fit: the features of the training documents are all zero")
    scale = 1.0 / ratios[k]
    # Too few documents to see the 0.2% tail: widen by the spread below the median, in proportion
    # to how far the corpus is from the 1/TRAIN_UNDER_SHARE documents that would show it.
    full = 1.0 / TRAIN_UNDER_SHARE
    if n < full:
        median = ratios[n // 2]
        scale *= 1.0 + (full - n) / full * max(0.0, (median - ratios[0]) / median)
    weights = [b * scale for b in beta]
    return _floor_unseen(weights, pairs, names)


# --- error tables ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ErrorRow:
    category: str
    documents: int
    median: float
    p5: float
    p95: float
    under_share: float
    worst_under: float
    mean_over: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "category": self.category,
            "documents": self.documents,
            "median_error": round(self.median, 4),
            "p5": round(self.p5, 4),
            "p95": round(self.p95, 4),
            "under_share": round(self.under_share, 4),
            "worst_under": round(self.worst_under, 4),
            "mean_over": round(self.mean_over, 4),
        }


def _row(category: str, errors: list[float]) -> ErrorRow:
    errors = sorted(errors)
    n = len(errors)

    def q(p: float) -> float:
        return errors[min(n - 1, max(0, round(p * (n - 1))))]

    unders = [e for e in errors if e < 0]
    return ErrorRow(
        category=category,
        documents=n,
        median=q(0.5),
        p5=q(0.05),
        p95=q(0.95),
        under_share=len(unders) / n,
        worst_under=min(unders) if unders else 0.0,
        mean_over=sum(errors) / n,
    )


def error_table(samples: Iterable[tuple[str, int, int]]) -> list[ErrorRow]:
    """Rows per category and a final ``all`` row from (category, estimate, reference) samples; the
    error of a document is ``(estimate - reference) / reference``."""
    by: dict[str, list[float]] = {}
    every: list[float] = []
    for category, est, ref in samples:
        if ref <= 0:
            continue
        e = (est - ref) / ref
        by.setdefault(category, []).append(e)
        every.append(e)
    rows = [_row(c, errs) for c, errs in sorted(by.items())]
    if every:
        rows.append(_row("all", every))
    return rows


def render_error_table(rows: Sequence[ErrorRow]) -> str:
    """A Markdown table (also readable as plain text)."""
    lines = [
        "| content | docs | median | p5 | p95 | under | worst under | mean over |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in rows:
        lines.append(
            f"| {r.category} | {r.documents} | {r.median:+.1%} | {r.p5:+.1%} | {r.p95:+.1%} | "
            f"{r.under_share:.1%} | {r.worst_under:+.1%} | {r.mean_over:+.1%} |"
        )
    return "\n".join(lines) + "\n"


# --- the whole run ---------------------------------------------------------------------------------


ASCII_SPLITS: Final = 3  # ASCII regimes by runs per character, when each gets MIN_REGIME documents
#: Every fitted weight set is raised by this much for documents unlike any the fit has seen: each
#: regime's weights already cover all its training documents, yet refitting on 70% of the training
#: split of the evaluation corpus undershoots some of the other 30%. Chosen with :data:`FLOOR` by that
#: internal cross-validation (docs/calibration.md), never on the held-out split.
MARGIN: Final = 0.025
#: No regime's estimate falls below the global weights' estimate times this: a document unlike the
#: training documents of its regime (a table padded with spaces filed with prose, say) is still
#: covered by the weights fitted on every kind of document.
FLOOR: Final = 0.9


@dataclass(frozen=True)
class Model:
    """Fitted weights: global, per regime, and the cuts that split ASCII text by runs per character."""

    weights: list[float]
    regimes: dict[str, list[float]] = field(default_factory=dict)
    ascii_cuts: tuple[float, ...] = ()
    floor: float = 0.0  # a regime's estimate is at least the global estimate times this

    def estimate(self, vector: Sequence[float]) -> int:
        """The weighted sum rounded up (0 for an empty text), with the weights of the vector's regime."""
        if not vector[-1]:
            return 0
        weights = self.weights
        if self.regimes:
            weights = self.regimes.get(regime_of(vector, self.ascii_cuts), weights)
        total = _dot(vector, weights)
        if self.floor and weights is not self.weights:
            total = max(total, self.floor * _dot(vector, self.weights))
        return max(1, math.ceil(total))

    @classmethod
    def from_calibration(cls, calibration: dict[str, Any]) -> Model:
        """The model of a character-class calibration as :func:`fit` writes it."""

        # As the runtime estimate reads them: a feature newer than the calibration gets its old weight.
        regimes = {r: charclass_weights(w) for r, w in calibration.get("regimes", {}).items()}
        cuts = tuple(calibration.get("ascii_cuts", ()))
        return cls(
            charclass_weights(calibration["weights"]),
            regimes,
            cuts,
            float(calibration.get("global_floor", 0.0)),
        )


def _density(vector: Sequence[float]) -> float:
    return vector[0] / (total_chars(vector) or 1)


def fit_model(
    vectors: Sequence[Sequence[float]],
    refs: Sequence[int],
    idx: Sequence[int],
    *,
    names: Sequence[str],
    charclass: bool = True,
    margin: float = MARGIN,
    floor: float = FLOOR,
) -> Model:
    """Fit on the documents at ``idx``: global weights, and for character-class features one weight
    set per regime (dominant script group; ASCII text split into :data:`ASCII_SPLITS` groups of equal
    size by runs per character) that has at least :data:`MIN_REGIME` training documents; every weight
    raised by ``margin``; a regime's estimate never below ``floor`` times the global estimate."""
    grow = 1.0 + margin

    def fitted(members: Sequence[int], feature_names: Sequence[str] | None) -> list[float]:
        """Weights fitted on ``members``, raised by ``margin``, as stored (6 decimals), rounded up so
        storing never lowers an estimate."""
        found = fit_weights([vectors[i] for i in members], [refs[i] for i in members], names=feature_names)
        return [math.ceil(w * grow * 1e6) / 1e6 for w in found]

    weights = fitted(idx, names if charclass else None)
    if not charclass:
        return Model(weights)
    ascii_docs = sorted(_density(vectors[i]) for i in idx if regime_of(vectors[i]) == "ascii")
    cuts: tuple[float, ...] = ()
    if len(ascii_docs) >= ASCII_SPLITS * MIN_REGIME:
        n = len(ascii_docs)
        cuts = tuple(round(ascii_docs[n * k // ASCII_SPLITS], 6) for k in range(1, ASCII_SPLITS))
    by: dict[str, list[int]] = {}
    for i in idx:
        by.setdefault(regime_of(vectors[i], cuts), []).append(i)
    regimes: dict[str, list[float]] = {}
    for regime, members in sorted(by.items()):
        if len(members) >= MIN_REGIME:
            regimes[regime] = fitted(members, names)
    return Model(weights, regimes, cuts, floor if regimes else 0.0)


@dataclass
class FitResult:
    calibration: dict[str, Any]
    train_rows: list[ErrorRow] = field(default_factory=list)
    held_out_rows: list[ErrorRow] = field(default_factory=list)


def fit(
    docs: Sequence[Document],
    reference: Callable[[Document], int],
    *,
    name: str,
    reference_name: str,
    base: Callable[[str], int] | None = None,
    base_name: str | None = None,
    note: str = "",
) -> FitResult:
    """Fit a calibration of ``docs`` against ``reference`` and measure it on the held-out split."""
    vectors: list[list[float]] = []
    refs: list[int] = []
    for doc in docs:
        refs.append(reference(doc))
        if base is not None:
            vectors.append(base_features(doc.text, base(doc.text)))
        else:
            vectors.append([float(v) for v in features(doc.text)])
    split = [held_out(d.id) for d in docs]
    train = [i for i, h in enumerate(split) if not h]
    test = [i for i, h in enumerate(split) if h]
    if len(train) < 10 or len(test) < 5:
        raise PromptBudgetError(
            f"the corpus has {len(docs)} documents; calibration needs at least 20 (about 30% are held "
            "out to measure the error)"
        )
    names = base_feature_names() if base is not None else list(FEATURES)
    model = fit_model(vectors, refs, train, names=names, charclass=base is None)

    def rows(idx: list[int]) -> list[ErrorRow]:
        return error_table((docs[i].category, model.estimate(vectors[i]), refs[i]) for i in idx)

    train_rows, test_rows = rows(train), rows(test)
    calibration: dict[str, Any] = {
        "format": FORMAT,
        "name": name,
        "kind": "base" if base is not None else "charclass",
        "reference": reference_name,
        "base": base_name,
        "weights": dict(zip(names, model.weights, strict=True)),
        "fitted_on": {
            "documents": len(docs),
            "train": len(train),
            "held_out": len(test),
            "held_out_rule": f"sha256(id) % 100 < {HELD_OUT_PERCENT}",
        },
        "error_table": [r.to_dict() for r in test_rows],
    }
    if model.regimes:
        calibration["regimes"] = {r: dict(zip(names, w, strict=True)) for r, w in model.regimes.items()}
    if model.ascii_cuts:
        calibration["ascii_cuts"] = list(model.ascii_cuts)
    if model.floor:
        calibration["global_floor"] = model.floor
    if note:
        calibration["note"] = note
    return FitResult(calibration, train_rows, test_rows)
