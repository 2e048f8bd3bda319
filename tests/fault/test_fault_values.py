"""Fault injection on values: every config key, command-line option and marker argument either takes a
value it can hold or is refused with a ``ConfigError`` (a usage error) naming the file, key or option.
Never a traceback, never a value that means "no limit" by accident."""

from __future__ import annotations

import json
import math
import warnings
from pathlib import Path

import pytest
from cli_run import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prompt_budget import ConfigError, load_config
from prompt_budget.config import parse_fraction, parse_growth, parse_tokens

SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

#: Numbers as TOML writes them: non-finite, huge, tiny, negative, and ordinary ones.
numbers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0, -1, 1, 10**12, 10**12 + 1, 2**63 - 1, -(2**63), 1e308, -1e308, 5e-324]),
    st.integers(min_value=-(10**20), max_value=10**20),
)
texts = st.one_of(
    st.sampled_from(
        ["", " ", "or", ",", "5% or", "or 300", "5% or 300", "nan%", "inf", "1e999", "80%", "8k"]
    ),
    st.text(alphabet="0123456789.,%kKmM orx_-e", max_size=12),
)
scalars = st.one_of(numbers, texts, st.booleans())
values = st.one_of(scalars, st.lists(scalars, max_size=3))


def toml_value(value: object) -> str:
    """``value`` written as TOML (floats as TOML spells nan and inf)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)  # a TOML basic string (JSON escapes are TOML escapes)
    assert isinstance(value, list)
    return "[" + ", ".join(toml_value(v) for v in value) + "]"


#: key -> (where it is written, what holds the parsed value)
KEYS = {
    "context_window": ("", lambda c: c.context_window),
    "reserved_output": ("", lambda c: c.reserved_output),
    "usable_fraction": ("", lambda c: c.usable_fraction),
    "threshold": ("", lambda c: c.threshold),
    "safety_multiplier": ("", lambda c: c.safety_multiplier),
    "image_tokens": ("", lambda c: c.image_tokens),
    "max_growth": ("baseline", lambda c: c.baseline.max_growth),
}


def load_with(tmp_path: Path, key: str, value: object) -> object:
    table, get = KEYS[key]
    header = "[tool.prompt_budget]\n" + (f"[tool.prompt_budget.{table}]\n" if table else "")
    file = tmp_path / "pyproject.toml"
    file.write_text(f"{header}{key} = {toml_value(value)}\n", encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return get(load_config(file))


@SETTINGS
@given(key=st.sampled_from(sorted(KEYS)), value=values)
def test_every_config_value_is_held_or_refused_naming_file_and_key(
    tmp_path: Path, key: str, value: object
) -> None:
    error: ConfigError | None = None
    try:
        parsed = load_with(tmp_path, key, value)
    except ConfigError as exc:
        error = exc
    if error is not None:
        assert error.file is not None
        assert error.file.endswith("pyproject.toml")
        assert error.key is not None
        assert error.key.endswith(key), error
        return
    if key == "max_growth":
        assert parsed is not None
        gate = parsed
        assert gate.percent is not None or gate.tokens is not None  # never a gate with no limit
        assert gate.percent is None or 0 <= gate.percent <= 1e6
        assert gate.tokens is None or 0 <= gate.tokens <= 10**12
    else:
        assert isinstance(parsed, (int, float))
        assert not isinstance(parsed, bool)
        assert math.isfinite(parsed)
        assert 0 <= parsed <= 10**12


@SETTINGS
@given(value=values)
def test_the_parsers_never_raise_anything_but_config_error(value: object) -> None:
    for parse in (parse_tokens, parse_fraction, parse_growth):
        keys: list[str | None] = []
        try:
            parse(value, "f.toml", "k")
        except ConfigError as exc:
            keys.append(exc.key)
        assert keys in ([], ["k"])


@pytest.mark.parametrize("growth", ['"or"', '","', "[]", '""', '"5% or"', '["5%", "6%"]', '"1e400%"'])
def test_a_growth_gate_with_no_limit_is_an_error(tmp_path: Path, growth: str) -> None:
    (tmp_path / "pyproject.toml").write_text(
        f"[tool.prompt_budget.baseline]\nmax_growth = {growth}\n", encoding="utf-8"
    )
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path / "pyproject.toml")
    assert caught.value.key == "tool.prompt_budget.baseline.max_growth"


@pytest.mark.parametrize("multiplier", ["nan", "inf", "-inf", "1e308", "0.5", "101"])
def test_a_safety_multiplier_it_cannot_hold_is_an_error(tmp_path: Path, multiplier: str) -> None:
    (tmp_path / "pyproject.toml").write_text(
        f"[tool.prompt_budget]\nsafety_multiplier = {multiplier}\n", encoding="utf-8"
    )
    with pytest.raises(ConfigError, match="expected a number >= 1") as caught:
        load_config(tmp_path / "pyproject.toml")
    assert caught.value.key == "tool.prompt_budget.safety_multiplier"


def test_a_toml_integer_of_5000_digits_is_an_error_naming_the_file(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        "[tool.prompt_budget]\ncontext_window = " + "9" * 5000 + "\n", encoding="utf-8"
    )
    done = run_cli("count", "-", cwd=tmp_path, input="hi")
    assert done.returncode == 2
    assert "pyproject.toml: invalid TOML: Exceeds the limit (4300 digits)" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_pyproject_that_is_not_utf8_is_an_error_not_passed_over(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_bytes(b'[tool.prompt_budget]\ntokenizer = "chars4"\n# \xff\n')
    done = run_cli("count", "-", cwd=tmp_path, input="hi")
    assert done.returncode == 2
    assert (
        done.stderr.strip()
        == f"prompt-budget: error: {tmp_path / 'pyproject.toml'}: the file is not valid UTF-8"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["count", "--max-tokens", "", "-"], "--max-tokens: expected a value, got an empty string"),
        (["count", "--max-tokens", "1e400", "-"], "--max-tokens: expected a token amount"),
        (["count", "--max-tokens", str(10**400), "-"], "--max-tokens: expected a token amount"),
        (["count", "--max-tokens", "1000000000001", "-"], "--max-tokens: a token amount must be at most"),
        (["count", "--tokenizer", " ", "-"], "--tokenizer: expected a value, got an empty string"),
        (["baseline", "compare", "--base", ""], "--base: expected a value, got an empty string"),
        (["baseline", "compare", "--max-growth", "or"], "--max-growth: expected a growth such as"),
        (["check", "--max-growth", ","], "--max-growth: expected a growth such as"),
        (["check", "--max-growth", ""], "--max-growth: expected a value, got an empty string"),
    ],
)
def test_an_option_value_it_cannot_hold_is_a_usage_error_naming_the_option(
    tmp_path: Path, args: list[str], message: str
) -> None:
    done = run_cli(*args, cwd=tmp_path, input="hi")
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith(f"prompt-budget: error: {message}"), done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("marker", "message"),
    [
        ("max_tokens=10**400", "a token amount must be at most 1,000,000,000,000"),
        ('max_tokens=float("nan")', "expected a token amount"),
        ('max_tokens=""', "expected a token amount"),
        ('sections={"a": float("inf")}', "expected a token amount"),
    ],
)
def test_a_marker_argument_it_cannot_hold_names_the_marker(
    pytester: pytest.Pytester, marker: str, message: str
) -> None:
    pytester.makepyfile(
        f"""
        import pytest

        @pytest.mark.prompt_budget({marker})
        def test_it(prompt_budget):
            prompt_budget.check("hello")
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider", "-p", "no:randomly")
    result.assert_outcomes(errors=1)
    out = result.stdout.str()
    assert message in out
    assert "RecursionError" not in out
    assert "OverflowError" not in out


@pytest.mark.parametrize(
    "option", ["--prompt-budget-max-growth", "--prompt-budget-tokenizer", "--prompt-budget-report"]
)
def test_an_empty_plugin_option_is_a_usage_error(pytester: pytest.Pytester, option: str) -> None:
    pytester.makepyfile("def test_it():\n    pass\n")
    result = pytester.runpytest(f"{option}=", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*{option}: expected a value, got an empty string*"])


def test_a_plugin_max_growth_with_no_limit_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_it():\n    pass\n")
    result = pytester.runpytest("--prompt-budget-max-growth=or", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--prompt-budget-max-growth: expected a growth such as*"])
