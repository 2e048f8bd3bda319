"""calibrated:ENCODING|MODEL|FILE and the character-class features behind it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from multilingual import SAMPLES

from prompt_budget.errors import ConfigError
from prompt_budget.tokenizers import get_tokenizer
from prompt_budget.tokenizers.charclass import FEATURES, features


def named(text: str) -> dict[str, int]:
    return {k: v for k, v in zip(FEATURES, features(text), strict=True) if v}


def test_features_of_ascii_text() -> None:
    # H|ello|,| |W|orld| |42|!|\n : ten runs of one class
    assert named("Hello, World 42!\n") == {
        "runs": 10, "lower": 8, "upper": 2, "digit": 2, "space": 2, "newline": 1, "punct": 2, "digit_runs": 1,
        "one": 1,
    }  # fmt: skip
    assert named("\tx\r\n") == {"runs": 3, "lower": 1, "space": 1, "newline": 2, "one": 1}
    # The backslash is a class of its own (escapes), not punctuation: \\d+ is two backslashes, d, +.
    assert named('"\\\\d+"') == {
        "runs": 4,
        "backslash": 2,
        "lower": 1,
        "punct": 1,
        "punct_pairs": 1,
        "one": 1,
    }
    assert named("") == {}


def test_features_of_scripts_count_characters_not_bytes() -> None:
    assert named("漢字かな") == {"runs": 2, "han": 2, "kana": 2, "one": 1}
    # Cyrillic by lead byte: 0xD0 holds А-Я (upper case, told apart by the second byte) and а-п,
    # 0xD1 holds р-я; the runs change where the lead byte does: П|р|иве|т| |ми|р.
    assert named("Привет мир") == {
        "runs": 7, "cyrillic_upper": 1, "cyrillic": 5, "cyrillic_b": 3, "space": 1, "one": 1,
    }  # fmt: skip
    # 국 (U+AD6D) is in U+A000-U+AFFF (lead byte 0xEA) with Yi and Latin extended D: ext_a.
    assert named("한국어 text") == {"runs": 5, "hangul": 2, "ext_a": 1, "space": 1, "lower": 4, "one": 1}
    # Running Hangul is counted in pairs: 텍스 is a pair, 트 is left over.
    assert named("텍스트") == {"runs": 1, "hangul_pairs": 1, "hangul": 1, "one": 1}
    assert named("ꝺ") == {"runs": 1, "ext_a": 1, "one": 1}
    assert named("مرحبا") == {"runs": 1, "mideast": 5, "one": 1}
    assert named("café ✓ 😀") == {
        "runs": 6,
        "lower": 3,
        "latin": 1,
        "space": 2,
        "symbol": 1,
        "astral": 1,
        "one": 1,
    }
    assert named("ｶﾞ") == {"runs": 1, "fullwidth": 2, "one": 1}


@pytest.mark.parametrize(
    "spec",
    [
        "calibrated:o200k_base",
        "calibrated:cl100k_base",
        "calibrated:o200k_base-classes",
        "calibrated:cl100k_base-classes",
        "calibrated:claude",
    ],
)
def test_shipped_calibrations_are_estimates(spec: str) -> None:
    tok = get_tokenizer(spec)
    assert tok.name == spec
    assert tok.exact is False
    assert tok.count("") == 0
    assert tok.count("a") >= 1
    with pytest.raises(NotImplementedError):
        tok.encode("a")


@pytest.mark.parametrize("encoding", ["o200k_base", "cl100k_base"])
@pytest.mark.parametrize("suffix", ["", "-classes"])
def test_estimate_covers_the_exact_count_on_real_multilingual_text(
    encoding: str, suffix: str, tiktoken_offline: object
) -> None:
    exact = get_tokenizer(encoding)
    est = get_tokenizer(f"calibrated:{encoding}{suffix}")
    prose = "".join(SAMPLES)
    assert est.count(prose) >= exact.count(prose)
    code = Path(json.__file__).read_text(encoding="utf-8")
    assert exact.count(code) <= est.count(code) <= exact.count(code) * 1.6
    for cjk in (SAMPLES[6], SAMPLES[7], SAMPLES[8]):
        # chars/4 underestimates these by about half; the calibrated estimate is within its bound
        # (never more than 10% under).
        text = cjk * 5
        assert est.count(text) >= 0.9 * exact.count(text)
        assert exact.count(text) > len(text) / 4 * 1.3


def test_a_model_name_uses_its_default_calibration() -> None:
    tok = get_tokenizer("calibrated:claude-sonnet-4-5")
    assert tok.name == "calibrated:claude-sonnet-4-5"
    assert tok.count("hello world") == get_tokenizer("calibrated:claude-3").count("hello world")
    assert "Claude 3 to 4.6 tokenizer" in tok.inner.reference  # type: ignore[attr-defined]


def test_an_openai_model_counts_with_the_bound_on_its_encoding() -> None:
    tok = get_tokenizer("calibrated:gpt-4o")
    assert tok.name == "calibrated:gpt-4o"
    text = "Grüße, 世界! def f(x): return x ** 2\n"
    assert tok.count(text) == get_tokenizer("calibrated:o200k_base").count(text)
    assert "upper bound: o200k_base's first" in repr(tok)


@pytest.mark.parametrize(
    ("model", "encoding"), [("gemini-2.5-pro", "o200k_base"), ("deepseek-chat", "cl100k_base")]
)
def test_a_model_an_openai_encoding_stands_in_for_keeps_its_character_class_estimate(
    model: str, encoding: str
) -> None:
    # the bound is a bound on the OpenAI encoding, not on this model's tokenizer: such a model keeps the
    # estimate with more headroom, and its local spec says so
    from prompt_budget.known_models import local_spec_for_model

    tok = get_tokenizer(f"calibrated:{model}")
    assert tok.name == f"calibrated:{model}"
    text = "Grüße, 世界! def f(x): return x ** 2\n" * 20
    assert tok.count(text) == get_tokenizer(f"calibrated:{encoding}-classes").count(text)
    assert tok.count(text) > get_tokenizer(f"calibrated:{encoding}").count(text)
    assert local_spec_for_model(model) == f"calibrated:{encoding}-classes"


def test_the_classes_spec_is_the_shipped_character_class_calibration() -> None:
    from prompt_budget.tokenizers.calibrated import CalibratedTokenizer, load_calibration

    calibration, origin = load_calibration("o200k_base-classes")
    assert origin.endswith("calibrations/o200k_base.json")
    tok = get_tokenizer("calibrated:o200k_base-classes")
    assert isinstance(tok.inner, CalibratedTokenizer)
    assert tok.inner.calibration == calibration


def test_a_calibration_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(
        json.dumps(
            {"format": 1, "kind": "charclass", "reference": "x", "weights": {"lower": 0.25, "one": 1.5}}
        )
    )
    tok = get_tokenizer(f"calibrated:{path}")
    assert tok.count("abcd") == 3  # ceil(4 * 0.25 + 1.5)
    assert tok.count("abcdefgh") == 4  # 8 * 0.25 + 1.5 = 3.5 -> 4
    assert tok.count("") == 0


def test_regimes_by_script_group_and_ascii_density() -> None:
    from prompt_budget.tokenizers.charclass import regime_of

    assert regime_of(features("한국어 텍스트입니다 and some English")) == "hangul"
    # A Rust table of code points: isolated syllables are not running Korean text.
    table = "".join(f"    ('{chr(0xB3FD + i)}', '{chr(0xB417 + i)}'),\n" for i in range(20))
    assert regime_of(features(table)) == "ascii"
    assert regime_of(features("日本語のテキスト")) == "cjk"
    assert regime_of(features("Это русский текст")) == "cyrillic"
    assert regime_of(features("plain English words here")) == "ascii"
    # With cuts, ASCII text is split by runs per character: prose has long runs, code short ones.
    cuts = (0.3, 0.5)
    assert regime_of(features("plain english words here"), cuts) == "ascii-0"  # 7 runs / 24 chars
    assert regime_of(features("hello, world"), cuts) == "ascii-1"  # hello|,| |world: 4 runs / 12 chars
    assert regime_of(features("a(b);c[d]"), cuts) == "ascii-2"  # a|(|b|);|c|[|d|]: 8 runs / 9 chars


def test_a_calibration_file_from_before_a_feature_existed(tmp_path: Path) -> None:
    # Written when ext_a, cyrillic_b, cyrillic_upper, hangul_pairs and backslash did not exist: their
    # characters were counted as hangul, cyrillic, cyrillic, two hangul and punct.
    path = tmp_path / "old.json"
    weights = {"hangul": 1.0, "cyrillic": 0.5, "punct": 2.0, "one": 0.0}
    path.write_text(json.dumps({"format": 1, "kind": "charclass", "reference": "x", "weights": weights}))
    tok = get_tokenizer(f"calibrated:{path}")
    assert tok.count("국") == 1  # ext_a -> hangul
    assert tok.count("텍스") == 2  # a pair -> two hangul
    assert tok.count("РРРР") == 2  # cyrillic_upper -> cyrillic
    assert tok.count("\\") == 2  # backslash -> punct


@pytest.mark.parametrize("cuts", [[0.5, 0.3], ["a"], "0.3"])
def test_ascii_cuts_must_be_ascending_numbers(tmp_path: Path, cuts: object) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": 1, "weights": {"lower": 1}, "ascii_cuts": cuts}))
    with pytest.raises(ConfigError) as info:
        get_tokenizer(f"calibrated:{path}")
    assert info.value.key == "ascii_cuts"


@pytest.mark.parametrize(
    ("blob", "key"),
    [
        ({"format": 1, "weights": {"lowercase": 1.0}}, "weights"),
        ({"format": 1, "weights": {"lower": -1}}, "lower"),
        ({"format": 1, "kind": "magic", "weights": {"lower": 1}}, "kind"),
        ({"format": 1, "kind": "base", "weights": {"ascii": 1}}, "base"),
        ({"format": 2, "weights": {"lower": 1}}, None),
    ],
)
def test_a_bad_calibration_file_names_file_and_key(
    tmp_path: Path, blob: dict[str, object], key: str | None
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(blob))
    with pytest.raises(ConfigError) as info:
        get_tokenizer(f"calibrated:{path}")
    assert info.value.file == str(path)
    assert info.value.key == key


def test_unknown_calibration_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="not a shipped calibration"):
        get_tokenizer("calibrated:no-such-thing")


def test_features_of_long_texts_read_in_chunks() -> None:
    # The class buffer is read as big integers in chunks of 32 KiB: a run across a cut is one run.
    assert named("a" * 40_000) == {"runs": 1, "lower": 40_000, "one": 1}
    assert named("aB" * 50_000) == {"runs": 100_000, "lower": 50_000, "upper": 50_000, "one": 1}
    assert named("x(" * 30_000) == {"runs": 60_000, "lower": 30_000, "punct": 30_000, "one": 1}
    assert named("漢" * 40_000 + "a") == {"runs": 2, "han": 40_000, "lower": 1, "one": 1}
    text = ("Привет, мир! 12\n" * 3000) + "end"
    assert named(text) == {
        "runs": 3000 * 12 + 1,  # П|р|иве|т|,| |ми|р|!| |12|\n on each line, then "end"
        "cyrillic_upper": 3000,
        "cyrillic": 3000 * 5,
        "cyrillic_b": 3000 * 3,
        "punct": 3000 * 2,
        "space": 3000 * 2,
        "digit": 3000 * 2,
        "digit_runs": 3000,
        "newline": 3000,
        "lower": 3,
        "one": 1,
    }


def test_space_runs_count_runs_of_two_or_more_spaces() -> None:
    # Padded columns and indentation: one run of two or more spaces or tabs counts once, whatever its
    # length; a single space or tab does not count.
    assert named("a  b\tc   d e")["space_runs"] == 2
    assert named("    return x\n        pass\n")["space_runs"] == 2
    assert "space_runs" not in named("one two three")
    assert named("漢  字 か\t\tな ")["space_runs"] == 2  # the same in text with non-ASCII characters
    assert named(" " * 70_000 + "x  y")["space_runs"] == 2  # across the 32 KiB chunks


def test_digit_runs_count_numbers() -> None:
    assert named("port 8080, pid 7 and 12345")["digit_runs"] == 3
    assert named("0x07a5")["digit_runs"] == 3  # 0|x|07|a|5: the letters cut the digits
    assert named("版本 3.11 发布")["digit_runs"] == 2
    assert named("7" * 40_000 + "x7")["digit_runs"] == 2  # across the 32 KiB chunks


def test_global_floor_under_a_regime(tmp_path: Path) -> None:
    # A regime's estimate is at least global_floor times the global weights' estimate.
    blob = {
        "format": 1,
        "weights": {"lower": 1.0},
        "regimes": {"ascii": {"lower": 0.1}, "cjk": {"han": 2.0}},
    }
    path = tmp_path / "floor.json"
    path.write_text(json.dumps(blob))
    assert get_tokenizer(f"calibrated:{path}").count("abcdefghij") == 1  # 10 * 0.1, no floor
    path = tmp_path / "floor-0.5.json"
    path.write_text(json.dumps({**blob, "global_floor": 0.5}))
    tok = get_tokenizer(f"calibrated:{path}")
    assert tok.count("abcdefghij") == 5  # max(10 * 0.1, 0.5 * 10 * 1.0)
    assert tok.count("漢字") == 4  # the regime's estimate is above the floor (0.5 * 0)
    assert tok.count("") == 0


@pytest.mark.parametrize("floor", [1.5, -0.1, "0.9", True])
def test_global_floor_must_be_a_number_from_0_to_1(tmp_path: Path, floor: object) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": 1, "weights": {"lower": 1}, "global_floor": floor}))
    with pytest.raises(ConfigError) as info:
        get_tokenizer(f"calibrated:{path}")
    assert info.value.key == "global_floor"


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base", "claude"])
def test_the_fitted_model_and_the_tokenizer_agree(name: str) -> None:
    # calibrate.Model (fitting, error tables) and the runtime estimate are two implementations of one
    # formula: they must give the same count, floor and regimes included.
    from prompt_budget.calibrate import Model
    from prompt_budget.tokenizers.calibrated import load_calibration

    calibration, _ = load_calibration(name)
    model = Model.from_calibration(calibration)
    tok = get_tokenizer(f"calibrated:{name}-classes" if name.endswith("_base") else f"calibrated:{name}")
    table = "".join(
        f"Greek_{w:<28}{2000 + i:>5}     0x07{i:02x}\n" for i, w in enumerate(["PI", "RHO", "TAU"] * 9)
    )
    for text in [*SAMPLES, table, json.__doc__ or "x", "    return {'a': [1, 2]}\n" * 20]:
        assert tok.count(text) == model.estimate([float(v) for v in features(text)])


def test_the_fitted_model_reads_an_older_calibration_as_the_tokenizer_does() -> None:
    # A calibration written before a feature existed: the model gives it the weight the runtime
    # estimate gives it (LEGACY_FALLBACK), so error tables of an older file match its counts.
    from prompt_budget.calibrate import Model
    from prompt_budget.tokenizers.calibrated import CalibratedTokenizer, load_calibration

    calibration, _ = load_calibration("o200k_base")
    old = json.loads(json.dumps(calibration))
    for weights in (old["weights"], *old.get("regimes", {}).values()):
        for name in ("backslash", "hangul_pairs", "cyrillic_upper", "ext_a"):
            weights.pop(name, None)
    model = Model.from_calibration(old)
    tok = CalibratedTokenizer("calibrated:old", old, "test")
    for text in [*SAMPLES, '"\\\\d+ \\\\w*"', "한국어 텍스트 Привет", "\\n" * 30]:
        assert tok.count(text) == model.estimate([float(v) for v in features(text)])
