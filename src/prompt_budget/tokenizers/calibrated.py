"""``calibrated:ENCODING|MODEL|FILE``: a local estimate whose error is measured.

``calibrated:o200k_base`` and ``calibrated:cl100k_base`` are upper bounds by construction: the
encoding's byte-pair encoding with its first N merges only (:mod:`prompt_budget.tokenizers.prefix_bpe`).
``calibrated:o200k_base-classes`` and ``calibrated:cl100k_base-classes`` (the fast statistical estimates
of those encodings), ``calibrated:claude-3`` and ``calibrated:claude-4.7`` (one per Claude tokenizer
generation) and the legacy ``calibrated:claude`` load the character-class weights shipped in
``prompt_budget/data/calibrations/``; ``calibrated:MODEL`` uses the model table's default calibration
(``calibrated:claude-sonnet-4-5`` -> ``claude-3``; ``calibrated:gpt-4o`` -> the ``o200k_base`` bound;
``calibrated:gemini-2.5-pro`` -> ``o200k_base-classes``, an OpenAI encoding's estimate standing in); anything else is a path to a calibration file written by ``prompt-budget
calibrate``. A character-class estimate is ``ceil(sum(weight * feature))`` over the features of
:mod:`prompt_budget.tokenizers.charclass`, or, for a calibration fitted over a base tokenizer, over the
base count split by content class.
"""

from __future__ import annotations

import functools
import hashlib
import json
import operator
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Final

from prompt_budget.errors import ConfigError, TokenizerUnavailable
from prompt_budget.known_models import get_model
from prompt_budget.tokenizers.base import CountOnly, Tokenizer, file_spec_name
from prompt_budget.tokenizers.charclass import (
    ASCII_INDEX,
    FEATURES,
    LEGACY_FALLBACK,
    REGIMES,
    ascii_chars,
    ascii_features,
    ascii_regime,
    features,
    regime_of,
    script_chars,
)
from prompt_budget.tokenizers.prefix_bpe import PATTERN_OF, PrefixBPE

#: Content classes a ratio over a base tokenizer is fitted for.
BASE_GROUPS: Final = ("ascii", *FEATURES[7:17])
#: Character-class features counted in each content class of :data:`BASE_GROUPS` (besides its own).
_BASE_MERGED: Final = {
    "cyrillic": ("cyrillic_b", "cyrillic_upper"),
    "hangul": ("hangul_pairs", "ext_a"),
}
#: For each content class after ``ascii``: the feature columns whose characters it counts (computed
#: once here, not on every estimate).
_BASE_COLUMNS: Final = tuple(
    tuple(FEATURES.index(n) for n in (name, *_BASE_MERGED.get(name, ()))) for name in BASE_GROUPS[1:]
)


def base_features(text: str, base_count: int) -> list[float]:
    """The base count split over content classes by their share of the text's characters."""
    v = features(text)
    groups = [ascii_chars(v)]
    for columns in _BASE_COLUMNS:
        groups.append(sum(script_chars(v, c) for c in columns))
    total = sum(groups) or 1
    return [base_count * g / total for g in groups] + [1.0 if text else 0.0]


def base_feature_names() -> list[str]:
    return [*BASE_GROUPS, "one"]


#: The suffix that names the character-class estimate of an encoding whose ``calibrated:`` spec is the
#: prefix-merge bound (``calibrated:o200k_base-classes``).
CLASSES: Final = "-classes"


def shipped_calibrations() -> list[str]:
    folder = resources.files("prompt_budget").joinpath("data/calibrations")
    return sorted(p.name[: -len(".json")] for p in folder.iterdir() if p.name.endswith(".json"))


@functools.lru_cache(maxsize=16)
def _shipped(name: str) -> tuple[str, str]:
    res = resources.files("prompt_budget").joinpath(f"data/calibrations/{name}.json")
    return res.read_text(encoding="utf-8"), f"prompt_budget/data/calibrations/{name}.json"


def load_calibration(spec: str, *, file: bool = False) -> tuple[dict[str, Any], str]:
    """(calibration, where it came from) for a shipped name, a model name or a file path; with
    ``file``, ``spec`` is a file path whatever model name it starts like. ``ENCODING-classes`` is the
    shipped calibration ``ENCODING``."""
    if not file and spec.endswith(CLASSES) and spec[: -len(CLASSES)] in PATTERN_OF:
        spec = spec[: -len(CLASSES)]
    if not file and spec in shipped_calibrations():
        text, origin = _shipped(spec)
    elif not file and (info := get_model(spec)) is not None:
        text, origin = _shipped(info.calibration or info.encoding or "")
    else:
        path = Path(spec)
        if not path.is_file():
            raise ConfigError(
                f"calibrated:{spec}: not a shipped calibration ({', '.join(shipped_calibrations())}), "
                "a known model, or a calibration file",
                key="tokenizer",
            )
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"cannot read: {exc.strerror or exc}", file=path) from None
        except UnicodeDecodeError as exc:
            raise ConfigError(
                f"not UTF-8 text (bad byte at offset {exc.start}); expected a calibration file written "
                "by prompt-budget calibrate",
                file=path,
            ) from None
        origin = str(path)
    try:
        blob = json.loads(text)
    except ValueError as exc:
        raise ConfigError(f"not valid JSON ({exc})", file=origin) from None
    _validate(blob, origin)
    return blob, origin


def _validate(blob: Any, origin: str) -> None:
    if not isinstance(blob, dict) or blob.get("format") != 1:
        raise ConfigError("not a calibration file (expected 'format': 1)", file=origin)
    kind = blob.get("kind", "charclass")
    _validate_weights(blob.get("weights"), origin, "weights", kind)
    regimes = blob.get("regimes", {})
    if not isinstance(regimes, dict) or (regimes and kind != "charclass"):
        raise ConfigError("expected an object of weights per regime", file=origin, key="regimes")
    for regime, weights in regimes.items():
        if regime not in REGIMES:
            raise ConfigError(
                f"unknown regime {regime!r}; known: {', '.join(REGIMES)}", file=origin, key="regimes"
            )
        _validate_weights(weights, origin, f"regimes.{regime}", kind)
    cuts = blob.get("ascii_cuts", [])
    if (
        not isinstance(cuts, list)
        or not all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in cuts)
        or cuts != sorted(cuts)
    ):
        raise ConfigError("expected an ascending list of numbers", file=origin, key="ascii_cuts")
    floor = blob.get("global_floor", 0.0)
    if not isinstance(floor, (int, float)) or isinstance(floor, bool) or not 0 <= floor <= 1:
        raise ConfigError("expected a number from 0 to 1", file=origin, key="global_floor")
    if kind == "base":
        if not isinstance(blob.get("base"), str):
            raise ConfigError("a 'base' calibration needs the base tokenizer spec", file=origin, key="base")
    elif kind != "charclass":
        raise ConfigError(f"expected 'charclass' or 'base', got {kind!r}", file=origin, key="kind")


def _validate_weights(weights: Any, origin: str, key: str, kind: Any) -> None:
    if not isinstance(weights, dict) or not weights:
        raise ConfigError("expected an object of feature weights", file=origin, key=key)
    for name, value in weights.items():
        if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
            raise ConfigError(f"expected a non-negative number, got {value!r}", file=origin, key=name)
    if kind == "charclass":
        unknown = sorted(set(weights) - set(FEATURES))
        if unknown:
            raise ConfigError(
                f"unknown feature(s) {', '.join(unknown)}; known: {', '.join(FEATURES)}", file=origin, key=key
            )


def charclass_weights(weights: dict[str, Any]) -> list[float]:
    """Weights in :data:`FEATURES` order; a feature added after the calibration was written gets the
    weight its characters had then (see :data:`LEGACY_FALLBACK`)."""
    out = []
    for name in FEATURES:
        if name in weights:
            out.append(float(weights[name]))
        elif name in LEGACY_FALLBACK:
            old, factor = LEGACY_FALLBACK[name]
            out.append(float(weights.get(old, 0.0)) * factor)
        else:
            out.append(0.0)
    return out


def _ceil(vector: Sequence[float], weights: list[float], glob: list[float], floor: float) -> int:
    """``ceil(vector . weights)``, at least ``floor`` times ``vector . glob`` (``glob`` being the global
    weights, ``weights`` a regime's), and at least 1."""
    total = sum(map(operator.mul, vector, weights))
    if floor and weights is not glob:
        total = max(total, floor * sum(map(operator.mul, vector, glob)))
    n = int(total)
    return max(1, n if n == total else n + 1)


class CalibratedTokenizer(CountOnly):
    """A calibrated estimate: ``exact`` is False and reports say which calibration was used. A
    calibration fitted over a base tokenizer (``kind: base``) reweights the count of ``base``."""

    exact: bool = False

    def __init__(
        self, name: str, calibration: dict[str, Any], origin: str, base: Tokenizer | None = None
    ) -> None:
        self.name = name
        self.calibration = calibration
        self.origin = origin
        self.reference = str(calibration.get("reference", "?"))
        #: What the estimate is for, when the calibration says (``Claude 4.7+ tokenizer``).
        self.describes: str | None = (
            calibration.get("label") if isinstance(calibration.get("label"), str) else None
        )
        fitted = {
            "weights": calibration["weights"],
            "regimes": calibration.get("regimes", {}),
            "ascii_cuts": calibration.get("ascii_cuts", []),
        }
        if "global_floor" in calibration:
            fitted["global_floor"] = calibration["global_floor"]
        digest = hashlib.sha256(json.dumps(fitted, sort_keys=True).encode()).hexdigest()
        self.cache_key = f"{name}@{digest[:12]}"
        self._base: Callable[[str], int] | None = None
        #: The tokenizer whose count a "base" calibration reweights.
        self.base = base
        if base is not None:
            self._weights = [float(calibration["weights"].get(n, 0.0)) for n in base_feature_names()]
            self._base = base.count
            # The estimate reweights the base's count: which base (and which version of its files) is
            # part of the cache key, or the disk cache would give another base's counts.
            self.cache_key += f"+{getattr(base, 'cache_key', base.name)}"
        else:
            self._weights = charclass_weights(calibration["weights"])
        self._regimes = {regime: charclass_weights(w) for regime, w in calibration.get("regimes", {}).items()}
        self._cuts = tuple(float(c) for c in calibration.get("ascii_cuts", []))
        # A regime's estimate is at least the global weights' estimate times this (0: no floor).
        self._floor = float(calibration.get("global_floor", 0.0)) if self._regimes else 0.0
        # For ASCII text: the weights of the features it can have (see charclass.ascii_features).
        self._ascii_weights = [self._weights[i] for i in ASCII_INDEX] if self._base is None else []
        self._ascii_regimes = {r: [w[i] for i in ASCII_INDEX] for r, w in self._regimes.items()}

    def count(self, text: str) -> int:
        if not text:
            return 0
        if self._base is not None:
            return _ceil(base_features(text, self._base(text)), self._weights, self._weights, 0.0)
        if text.isascii():  # O(1): the features that can be nonzero, and the weights that go with them
            vector = ascii_features(text)
            glob = self._ascii_weights
            if self._ascii_regimes:
                # len(text) is the number of characters
                regime = ascii_regime(vector[0] / len(text), self._cuts) if self._cuts else "ascii"
                weights = self._ascii_regimes.get(regime, glob)
            else:
                weights = glob
            return _ceil(vector, weights, glob, self._floor)
        vector = features(text)
        weights = self._weights
        if self._regimes:
            weights = self._regimes.get(regime_of(vector, self._cuts), weights)
        return _ceil(vector, weights, self._weights, self._floor)

    def __repr__(self) -> str:
        if self.describes:
            return f"<tokenizer {self.name} (estimated for {self.describes})>"
        return f"<tokenizer {self.name} (estimate, calibrated against {self.reference})>"


def load(rest: str, resolve: Callable[[str], Tokenizer]) -> CalibratedTokenizer | PrefixBPE:
    """The tokenizer of ``calibrated:REST``; ``resolve`` turns the spec of a calibration's base
    tokenizer into one."""
    rest = rest.strip()
    if not rest:
        raise ConfigError(
            "calibrated: needs an encoding, a model or a calibration file, e.g. calibrated:o200k_base",
            key="tokenizer",
        )
    if rest in PATTERN_OF:  # calibrated:o200k_base: the prefix-merge bound
        return PrefixBPE(rest)
    # A file wins over a model name it starts like (calibrated:gpt-4o-mine.json is a file, not gpt-4o).
    is_file = rest not in shipped_calibrations() and Path(rest).is_file()
    info = None if is_file else get_model(rest)
    if info is not None and info.encoding in PATTERN_OF:
        # An OpenAI model: the bound on its own encoding, under the model's name. A model an OpenAI
        # encoding only stands in for (Gemini, open-weight models) keeps that encoding's
        # character-class estimate (load_calibration), as ``ModelInfo.local_spec`` says.
        return PrefixBPE(str(info.encoding), name=f"calibrated:{rest}")
    try:
        calibration, origin = load_calibration(rest, file=is_file)
    except FileNotFoundError as exc:  # a shipped file missing from a broken install
        raise TokenizerUnavailable(f"calibration {rest!r} is missing from this install: {exc}") from None
    base = resolve(str(calibration["base"])) if calibration.get("kind") == "base" else None
    return CalibratedTokenizer(file_spec_name("calibrated", rest), calibration, origin, base)
