"""The configuration resolver: discovery, value forms and every validation path, through real files."""

from __future__ import annotations

import re
import sys
import warnings
from pathlib import Path

import pytest

from prompt_budget import ConfigError, load_config
from prompt_budget.config import Config, parse_fraction, parse_growth, parse_tokens, toml_problem
from prompt_budget.errors import ConfigWarning

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


def write_pyproject(folder: Path, body: str) -> Path:
    path = folder / "pyproject.toml"
    path.write_text("[project]\nname = 'demo'\n\n[tool.prompt_budget]\n" + body, encoding="utf-8")
    return path


def load_body(tmp_path: Path, body: str) -> Config:
    return load_config(write_pyproject(tmp_path, body))


def config_error(tmp_path: Path, body: str) -> ConfigError:
    path = write_pyproject(tmp_path, body)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    err = info.value
    assert err.file == str(path), "a ConfigError names the file"
    assert str(path) in str(err)
    return err


# --- discovery --------------------------------------------------------------------------------------


def test_defaults_without_any_config(tmp_path: Path) -> None:
    config = load_config(start=tmp_path)
    assert config.path is None
    assert config.tokenizer == "o200k_base"
    assert config.context_window is None
    assert config.root == tmp_path.resolve()


def test_nearest_pyproject_with_the_table_is_found_from_a_subfolder(tmp_path: Path) -> None:
    write_pyproject(tmp_path, 'tokenizer = "chars4"\n')
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    config = load_config(start=sub)
    assert config.path == (tmp_path / "pyproject.toml").resolve()
    assert config.tokenizer == "chars4"
    assert config.root == tmp_path.resolve()


def test_a_pyproject_without_the_table_is_passed_over(tmp_path: Path) -> None:
    write_pyproject(tmp_path, 'tokenizer = "words"\n')
    inner = tmp_path / "pkg"
    inner.mkdir()
    (inner / "pyproject.toml").write_text("[project]\nname = 'inner'\n", encoding="utf-8")
    assert load_config(start=inner).tokenizer == "words"


def test_prompt_budget_toml_wins_over_pyproject_in_the_same_folder(tmp_path: Path) -> None:
    write_pyproject(tmp_path, 'tokenizer = "words"\n')
    (tmp_path / "prompt_budget.toml").write_text(
        'tokenizer = "chars4"\n[sections]\nsystem = 100\n', encoding="utf-8"
    )
    config = load_config(start=tmp_path)
    assert config.path is not None
    assert config.path.name == "prompt_budget.toml"
    assert config.tokenizer == "chars4"
    assert config.sections == {"system": 100}
    assert config.where("sections", "system") == "prompt_budget.toml [sections] system"


def test_discovery_from_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_pyproject(tmp_path, 'tokenizer = "conservative"\n')
    monkeypatch.chdir(tmp_path)
    assert load_config().tokenizer == "conservative"


def test_explicit_standalone_file_with_any_name(tmp_path: Path) -> None:
    path = tmp_path / "budgets.toml"
    path.write_text('total = "12k"\n', encoding="utf-8")
    config = load_config(path)
    assert config.total == 12_000
    assert config.table == ""


def test_explicit_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    with pytest.raises(ConfigError, match="does not exist") as info:
        load_config(missing)
    assert info.value.file == str(missing)


def test_explicit_folder_is_not_a_config_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="is a folder; expected a configuration file") as info:
        load_config(tmp_path)
    assert info.value.file == str(tmp_path)


def test_where_names_the_table_and_key(tmp_path: Path) -> None:
    config = load_body(tmp_path, "[tool.prompt_budget.sections]\nsystem_prompt = 8000\n")
    assert config.where("sections", "system_prompt") == (
        "pyproject.toml [tool.prompt_budget.sections] system_prompt"
    )


# --- malformed files ----------------------------------------------------------------------------


def test_malformed_toml_names_the_file_and_line(tmp_path: Path) -> None:
    # Line 1 [project], 2 name, 3 blank, 4 [tool.prompt_budget], 5 tokenizer, 6 the broken line.
    err = config_error(tmp_path, 'tokenizer = "o200k_base"\nsections = { a = 10\n')
    assert "invalid TOML" in str(err)
    assert "line 6" in str(err)


@pytest.mark.parametrize(
    ("doc", "line"),
    [
        ("a = 1\nsections = { a = 10\n", 2),  # unclosed inline table: the error is at the end
        ('a = 1\nb = "x\n\n\n', 2),  # blank lines after the broken one are not named
        ('a = "x', 1),
    ],
)
def test_an_error_at_the_end_of_the_document_still_names_a_line(doc: str, line: int) -> None:
    # tomli 2.1+ (Python 3.10) and Python 3.14 say "(at end of document)" without a line, with
    # `doc`, `pos` and `lineno` on the exception; Python 3.11 to 3.13 say "(at line N, column M)".
    exc = tomllib.TOMLDecodeError("Unclosed inline table (at end of document)")
    exc.doc, exc.pos, exc.lineno = doc, len(doc), doc.count("\n") + 1  # type: ignore[attr-defined]
    assert toml_problem(exc) == f"Unclosed inline table (at end of document, line {line})"
    with pytest.raises(tomllib.TOMLDecodeError) as real:  # whatever this Python's parser says
        tomllib.loads(doc)
    assert f"line {line}" in toml_problem(real.value, doc)


def test_an_unterminated_string_at_the_end_of_the_file_names_its_line(tmp_path: Path) -> None:
    # Python 3.11's parser says "Unterminated string (at end of document)", with no line.
    err = config_error(tmp_path, 'tokenizer = "o200k_base\n\n')
    assert "invalid TOML" in str(err)
    assert "line 5" in str(err)


def test_non_utf8_config(tmp_path: Path) -> None:
    path = tmp_path / "prompt_budget.toml"
    path.write_bytes(b'tokenizer = "\xff\xfe"\n')
    with pytest.raises(ConfigError, match="not valid UTF-8") as info:
        load_config(path)
    assert info.value.file == str(path)


# --- token amounts and fractions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("toml_value", "expected"),
    [
        ("8000", 8000),
        ("8_000", 8000),  # a TOML integer with an underscore
        ('"8000"', 8000),
        ('"8_000"', 8000),
        ('"8k"', 8000),
        ('"8K"', 8000),
        ('" 8k "', 8000),
        ('"1.5k"', 1500),
        ('"2M"', 2_000_000),
        ("8000.0", 8000),
    ],
)
def test_token_amount_forms(tmp_path: Path, toml_value: str, expected: int) -> None:
    config = load_body(tmp_path, f"[tool.prompt_budget.sections]\nsystem = {toml_value}\n")
    assert config.sections == {"system": expected}


@pytest.mark.parametrize(
    ("toml_value", "message"),
    [
        ("0", "must be positive, got 0"),
        ("-5", "must be positive, got -5"),
        ('"0k"', "must be positive"),
        ('"8kb"', "expected a token amount such as 8000"),
        ('"-5"', "expected a token amount"),
        ('"eight"', "expected a token amount"),
        ('"1.2345k"', "is not a whole number of tokens"),
        ("8000.5", "expected a token amount"),
        ("true", "expected a token amount"),
        ("[1, 2]", "expected a token amount"),
    ],
)
def test_bad_caps_name_the_key(tmp_path: Path, toml_value: str, message: str) -> None:
    err = config_error(tmp_path, f"[tool.prompt_budget.sections]\nsystem = {toml_value}\n")
    assert err.key == "tool.prompt_budget.sections.system"
    assert message in err.message


@pytest.mark.parametrize(
    ("key", "toml_value", "expected"),
    [
        ("threshold", "0.8", 0.8),
        ("threshold", '"80%"', 0.8),
        ("threshold", '"80 %"', 0.8),
        ("usable_fraction", "1", 1.0),
        ("usable_fraction", '"100%"', 1.0),
        ("usable_fraction", '"0.5"', 0.5),
        ("usable_fraction", '"0.1%"', 0.001),
    ],
)
def test_fraction_forms(tmp_path: Path, key: str, toml_value: str, expected: float) -> None:
    config = load_body(tmp_path, f"{key} = {toml_value}\n")
    assert getattr(config, key) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("toml_value", "message"),
    [
        ("0", "must be in (0, 1]"),
        ("0.0", "must be in (0, 1]"),
        ('"0%"', "must be in (0, 1]"),
        ("1.5", "must be in (0, 1]"),
        ('"150%"', "must be in (0, 1]"),
        ("-0.2", "must be in (0, 1]"),
        ('"high"', 'expected a fraction such as 0.8 or "80%"'),
        ('"abc%"', "expected a fraction"),
        ("false", "expected a fraction"),
        ("[0.5]", "expected a fraction"),
    ],
)
def test_fractions_outside_the_range(tmp_path: Path, toml_value: str, message: str) -> None:
    err = config_error(tmp_path, f"threshold = {toml_value}\n")
    assert err.key == "tool.prompt_budget.threshold"
    assert message in err.message


def test_parsers_directly() -> None:
    assert parse_tokens("8k") == 8000
    assert parse_tokens(8_000) == 8000
    assert parse_fraction("80%") == pytest.approx(0.8)
    with pytest.raises(ConfigError, match="--max-tokens: a token amount must be positive"):
        parse_tokens(0, key="--max-tokens")
    gate = parse_growth("5% or 300")
    assert gate.percent == 5.0
    assert gate.tokens == 300
    gate = parse_growth(["10%", "1k"])
    assert gate.percent == 10.0
    assert gate.tokens == 1000
    for bad in ("-5%", "nan%", "inf%", "1e999% or 300"):
        with pytest.raises(ConfigError, match=r"a growth percent must be a number >= 0 \(such as 5%\), got"):
            parse_growth(bad)


# --- wrong types and other values ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("calibrated:o200k_bse", "calibrated:o200k_bse: not a shipped calibration"),
        ("claude-sonnet-4-5", "'claude-sonnet-4-5' is a known model, but its tokenizer is not public"),
    ],
)
def test_a_tokenizer_that_cannot_be_used_is_an_error_at_load(tmp_path: Path, spec: str, message: str) -> None:
    # said when the config is read, naming the config file, not at first use
    err = config_error(tmp_path, f'tokenizer = "{spec}"\n')
    assert err.key == "tool.prompt_budget.tokenizer"
    assert err.message.startswith(message)


def test_a_missing_tokenizer_file_is_said_on_first_use_with_the_path_looked_for(tmp_path: Path) -> None:
    # The config loads where the file is missing (a command that counts nothing does not need it); the
    # spec is anchored to the config's folder, so the error names the path it looked for.
    from prompt_budget.tokenizers import get_tokenizer

    config = load_body(tmp_path, 'tokenizer = "calibrated:cal/mine.json"\n')
    assert config.tokenizer == f"calibrated:{tmp_path / 'cal' / 'mine.json'}"
    with pytest.raises(ConfigError, match=re.escape(f"calibrated:{tmp_path / 'cal' / 'mine.json'}: not a")):
        get_tokenizer(config.tokenizer)


@pytest.mark.parametrize(
    ("body", "key", "message"),
    [
        ("tokenizer = 5\n", "tool.prompt_budget.tokenizer", "expected a non-empty string, got 5"),
        ('tokenizer = ""\n', "tool.prompt_budget.tokenizer", "expected a non-empty string"),
        ("model = 4\n", "tool.prompt_budget.model", "expected a non-empty string"),
        ('sections = "big"\n', "tool.prompt_budget.sections", "expected a table of section name = cap"),
        ("safety_multiplier = 0.5\n", "tool.prompt_budget.safety_multiplier", "expected a number >= 1"),
        ('safety_multiplier = "x"\n', "tool.prompt_budget.safety_multiplier", "expected a number >= 1"),
        ("context_window = 0\n", "tool.prompt_budget.context_window", "must be positive"),
        ("reserved_output = -1\n", "tool.prompt_budget.reserved_output", "must be positive"),
        ('lint = "all"\n', "tool.prompt_budget.lint", "expected a table"),
        ('preset = "nope"\n', "tool.prompt_budget.preset", "unknown preset 'nope'; known: claude-code"),
        ("files = 3\n", "tool.prompt_budget.files", "expected an array of tables"),
        (
            "[[tool.prompt_budget.files]]\nmax_tokens = 5\n",
            "tool.prompt_budget.files[0]",
            "missing required key 'path'",
        ),
        ("[[tool.prompt_budget.files]]\npath = 5\n", "tool.prompt_budget.files[0].path", "expected a glob"),
        ("[[tool.prompt_budget.files]]\npath = []\n", "tool.prompt_budget.files[0].path", "expected a glob"),
        (
            '[[tool.prompt_budget.files]]\npath = "a.md"\nmax_tokens = -3\n',
            "tool.prompt_budget.files[0].max_tokens",
            "must be positive",
        ),
        (
            '[[tool.prompt_budget.files]]\npath = "a.md"\nload = "maybe"\n',
            "tool.prompt_budget.files[0].load",
            'expected "must" or "skippable"',
        ),
        (
            '[[tool.prompt_budget.files]]\npath = "a.md"\n[[tool.prompt_budget.files]]\npath = "b.md"\npriority = "high"\n',
            "tool.prompt_budget.files[1].priority",
            "expected an integer",
        ),
        (
            '[tool.prompt_budget.baseline]\nratchet = "yes"\n',
            "tool.prompt_budget.baseline.ratchet",
            "expected true or false",
        ),
        (
            '[tool.prompt_budget.baseline]\nmax_growth = "lots%"\n',
            "tool.prompt_budget.baseline.max_growth",
            "expected a growth",
        ),
        (
            '[[tool.prompt_budget.stages]]\nfiles = ["a"]\n',
            "tool.prompt_budget.stages[0]",
            "missing required key 'name'",
        ),
        (
            '[[tool.prompt_budget.files]]\npaths = "a.md"\n',
            "tool.prompt_budget.files[0]",
            "missing required key 'path' (a glob or a list of globs); is 'paths' a misspelling of it?",
        ),
        (
            '[[tool.prompt_budget.stages]]\nnmae = "x"\nfile = ["a"]\n',
            "tool.prompt_budget.stages[0]",
            "missing required key 'name'; is 'nmae' a misspelling of it?",
        ),
        (
            '[[tool.prompt_budget.stages]]\nname = "x"\nfile = ["a"]\n',
            "tool.prompt_budget.stages[0]",
            "missing required key 'files' (entry names or globs); is 'file' a misspelling of it?",
        ),
    ],
)
def test_wrong_values_name_file_and_key(tmp_path: Path, body: str, key: str, message: str) -> None:
    err = config_error(tmp_path, body)
    assert err.key == key
    assert message in err.message
    assert f"{key}: " in str(err)


def test_usable_budget_must_stay_positive(tmp_path: Path) -> None:
    err = config_error(tmp_path, "context_window = 1000\nusable_fraction = 0.5\nreserved_output = 500\n")
    # 1000 * 0.5 - 500 = 0
    assert "= 0; it must be positive" in err.message


def test_a_full_config_round_trips(tmp_path: Path) -> None:
    config = load_body(
        tmp_path,
        'tokenizer = "cl100k_base"\ncontext_window = "200k"\nreserved_output = "8k"\n'
        'usable_fraction = "90%"\nthreshold = 0.75\nsafety_multiplier = 1.2\ntotal = 20_000\n'
        '[tool.prompt_budget.sections]\nsystem = "4k"\n'
        '[[tool.prompt_budget.files]]\npath = ["skills/**/*.md", "!skills/draft/*"]\nmax_tokens = "2k"\n'
        'load = "must"\nname = "skills"\npriority = 2\n',
    )
    assert config.tokenizer == "cl100k_base"
    assert config.context_window == 200_000
    assert config.reserved_output == 8000
    assert config.usable_fraction == pytest.approx(0.9)
    assert config.usable_budget == 172_000  # 200,000 * 0.9 - 8,000
    assert config.safety_multiplier == pytest.approx(1.2)
    assert config.total == 20_000
    rule = config.files[0]
    assert rule.path == ("skills/**/*.md", "!skills/draft/*")
    assert rule.max_tokens == 2000
    assert rule.load == "must"
    assert rule.priority == 2


# --- tokenizers ---------------------------------------------------------------------------------


def test_unknown_tokenizer_lists_the_known_ones(tmp_path: Path) -> None:
    err = config_error(tmp_path, 'tokenizer = "o200k"\n')
    assert err.key == "tool.prompt_budget.tokenizer"
    assert "unknown tokenizer 'o200k'" in err.message
    assert "Did you mean 'o200k_base'?" in err.message
    for spec in ("o200k_base", "cl100k_base", "chars4", "conservative", "words", "hf:", "calibrated:"):
        assert spec in err.message


@pytest.mark.parametrize(
    "spec",
    [
        "o200k_base",
        "cl100k_base",
        "chars4",
        "conservative",
        "words",
        "gpt-4o",
        "tiktoken:o200k_base",
        "hf:tok.json",
    ],
)
def test_known_tokenizers_are_accepted(tmp_path: Path, spec: str) -> None:
    # hf:... is accepted by prefix; whether the file exists is checked when it is used. A .json file is
    # anchored to the config's folder even before it exists, so that check names where it looked.
    expected = f"hf:{tmp_path / 'tok.json'}" if spec == "hf:tok.json" else spec
    assert load_body(tmp_path, f'tokenizer = "{spec}"\n').tokenizer == expected


# --- models -----------------------------------------------------------------------------------------


def test_model_fills_context_window(tmp_path: Path) -> None:
    config = load_body(tmp_path, 'model = "gpt-4o"\n')
    assert config.model == "gpt-4o"
    assert config.context_window == 128_000


@pytest.mark.parametrize(
    ("model", "tokenizer"),
    [
        ("gpt-4", "cl100k_base"),  # not the o200k_base default: GPT-4 counts with cl100k
        ("gpt-4o-2024-08-06", "o200k_base"),
        ("claude-sonnet-4-5", "calibrated:claude-3"),  # no public tokenizer: its generation's estimate
    ],
)
def test_the_model_sets_the_tokenizer_when_none_is_given(tmp_path: Path, model: str, tokenizer: str) -> None:
    assert load_body(tmp_path, f'model = "{model}"\n').tokenizer == tokenizer
    # An explicit tokenizer wins, written before or after the model.
    assert load_body(tmp_path, f'model = "{model}"\ntokenizer = "chars4"\n').tokenizer == "chars4"
    assert load_body(tmp_path, f'tokenizer = "chars4"\nmodel = "{model}"\n').tokenizer == "chars4"


def test_an_unknown_model_keeps_the_default_tokenizer(tmp_path: Path) -> None:
    config = load_body(tmp_path, 'model = "my-local-llm"\ncontext_window = "32k"\n')
    assert config.tokenizer == "o200k_base"


def test_a_dated_model_name_matches_its_family(tmp_path: Path) -> None:
    assert load_body(tmp_path, 'model = "claude-sonnet-4-5-20250929"\n').context_window == 200_000


def test_context_window_overrides_the_model(tmp_path: Path) -> None:
    assert load_body(tmp_path, 'model = "gpt-4o"\ncontext_window = "64k"\n').context_window == 64_000


def test_unknown_model_needs_a_context_window(tmp_path: Path) -> None:
    err = config_error(tmp_path, 'model = "my-local-llm"\n')
    assert err.key == "tool.prompt_budget.model"
    assert "unknown model 'my-local-llm': declare it in the configuration" in err.message
    assert '[tool.prompt_budget.models."my-local-llm"]' in err.message
    config = load_body(tmp_path, 'model = "my-local-llm"\ncontext_window = 32768\n')
    assert config.context_window == 32768


# --- unknown keys -------------------------------------------------------------------------------------


def collect_warnings(tmp_path: Path, body: str) -> list[str]:
    path = write_pyproject(tmp_path, body)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        load_config(path)
    return [str(w.message) for w in caught if issubclass(w.category, ConfigWarning)]


def test_unknown_key_warns_with_the_closest_key(tmp_path: Path) -> None:
    messages = collect_warnings(tmp_path, 'tokenzier = "o200k_base"\n')
    assert len(messages) == 1
    assert str(tmp_path / "pyproject.toml") in messages[0]
    assert "unknown key 'tool.prompt_budget.tokenzier' ignored; did you mean 'tokenizer'?" in messages[0]


def test_unknown_key_in_a_file_rule(tmp_path: Path) -> None:
    messages = collect_warnings(tmp_path, '[[tool.prompt_budget.files]]\npath = "a.md"\nmax_token = 5\n')
    assert len(messages) == 1
    assert "'tool.prompt_budget.files[0].max_token'" in messages[0]
    assert "did you mean 'max_tokens'?" in messages[0]


def test_unknown_key_without_a_close_match_lists_the_keys(tmp_path: Path) -> None:
    messages = collect_warnings(tmp_path, "zzzzzz = 1\n")
    assert len(messages) == 1
    assert "known keys: tokenizer, model, context_window" in messages[0]


def test_known_keys_do_not_warn(tmp_path: Path) -> None:
    assert collect_warnings(tmp_path, 'tokenizer = "chars4"\nthreshold = "90%"\n') == []


def test_config_error_survives_pickling() -> None:
    import pickle

    err = ConfigError("bad", file="x.toml", key="tool.prompt_budget.total")
    again = pickle.loads(pickle.dumps(err))
    assert (again.file, again.key, str(again)) == ("x.toml", "tool.prompt_budget.total", str(err))


def test_calibration_file_is_found_beside_the_config_from_any_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    import prompt_budget
    from prompt_budget.config import load_config

    shipped = Path(prompt_budget.__file__).parent / "data" / "calibrations" / "o200k_base.json"
    (tmp_path / "calib").mkdir()
    shutil.copy(shipped, tmp_path / "calib" / "mine.json")
    (tmp_path / "prompt_budget.toml").write_text('tokenizer = "calibrated:calib/mine.json"\n')
    elsewhere = tmp_path / "sub" / "deeper"
    elsewhere.mkdir(parents=True)
    monkeypatch.chdir(elsewhere)
    config = load_config()
    assert config.tokenizer == f"calibrated:{tmp_path / 'calib' / 'mine.json'}"
    assert prompt_budget.count("hello world", config.tokenizer) > 0


# --- where the file writes a key -------------------------------------------------------------------

TRICKY = """\
[project]
name = 'demo'
usable_fraction = 0.5
note = '''
[tool.prompt_budget]
usable_fraction = 0.1
[[tool.prompt_budget.files]]
'''

[tool.prompt_budget]  # the table
# usable_fraction = 0.2 (a comment)
text = \"\"\"a \\\"\"\" inside, then
[[tool.prompt_budget.files]]
usable_fraction = 0.3\"\"\"
"usable_fraction" = 0.9
quote = '\"\"\"'
threshold.x = 1

[[tool.prompt_budget.files]]
path = "a.md"

[tool.other]
threshold = 0.5

[[ tool . prompt_budget . "files" ]]
path = "b.md"
"""


def test_line_of_skips_strings_comments_and_other_tables(tmp_path: Path) -> None:
    from prompt_budget.config import line_of

    path = tmp_path / "pyproject.toml"
    path.write_text(TRICKY, encoding="utf-8")
    config = Config(path=path, root=tmp_path)
    assert line_of(config, "usable_fraction") == 15
    assert line_of(config, "files", 0) == 19
    assert line_of(config, "files", 1) == 25
    assert line_of(config, "files", 2) is None
    assert line_of(config, "threshold") is None  # a dotted key here; the other table's is not ours
    assert line_of(config, "stages", 0) is None
    assert line_of(Config(path=None), "usable_fraction") is None


def test_line_of_an_array_written_inline_is_none(tmp_path: Path) -> None:
    from prompt_budget.config import line_of

    path = tmp_path / "prompt_budget.toml"
    path.write_text(
        'files = [{ path = "a.md" }]\r\n\r\n[[stages]]\r\nname = "x"\r\nfiles = ["a.md"]\r\n',
        encoding="utf-8",
    )
    config = Config(path=path, root=tmp_path, table="")
    assert line_of(config, "files", 0) is None
    assert line_of(config, "stages", 0) == 3
