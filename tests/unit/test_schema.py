"""The config schema (prompt_budget.schema) against the parser it describes: same keys, same defaults,
and every example loads without warnings. A key added to config.py or lint/options.py without a schema
entry (or the reverse) fails here, and so does a default changed on one side only."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import textwrap
import warnings
from pathlib import Path
from typing import Any

import pytest

from prompt_budget import config, schema
from prompt_budget.config import BaselineConfig, Config, load_config
from prompt_budget.model import FileRule, Stage
from prompt_budget.schema import (
    BASELINE,
    FILES,
    LINT,
    LINT_RULE,
    PER_RULE,
    REQUIRED,
    STAGES,
    TABLE_DEFAULTS,
    TABLES,
    TOP,
    Key,
    Table,
    key_example,
    replace_generated,
    table_example,
    toml_literal,
)

# --- the same keys ----------------------------------------------------------------------------------------


def _names(table: Table) -> list[str]:
    return [k.name for k in table.keys]


@pytest.mark.parametrize(
    ("table", "parser_keys"),
    [
        (TOP, config.TOP_KEYS),
        (FILES, config.FILE_KEYS),
        (BASELINE, config.BASELINE_KEYS),
        (STAGES, config.STAGE_KEYS),
    ],
    ids=["top", "files", "baseline", "stages"],
)
def test_schema_has_exactly_the_keys_the_parser_accepts(table: Table, parser_keys: tuple[str, ...]) -> None:
    missing = sorted(set(parser_keys) - set(_names(table)))
    extra = sorted(set(_names(table)) - set(parser_keys))
    assert not missing, f"config.py accepts {missing} in {table.heading()}, the schema does not describe them"
    assert not extra, f"the schema describes {extra} in {table.heading()}, which config.py does not accept"
    assert len(_names(table)) == len(set(_names(table))), "a key is described twice"


def _popped(function: Any) -> set[str]:
    """The string keys a parser function pops: ``pop("select")``."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    return {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "pop"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    }


def test_lint_keys_are_the_keys_the_lint_parser_reads() -> None:
    from prompt_budget.lint import options

    rule_keys = _popped(options._Parser.rule_options)
    top_keys = _popped(options.parse_lint_options) | rule_keys
    assert rule_keys, "found no keys in the lint parser: the way it reads them changed, update this test"
    assert set(_names(LINT_RULE)) == rule_keys
    assert set(_names(LINT)) == top_keys


# --- the same defaults ------------------------------------------------------------------------------------


def _field_defaults(cls: type) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            out[f.name] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            out[f.name] = f.default_factory()
        else:
            out[f.name] = REQUIRED
    return out


@pytest.mark.parametrize("key", TOP.keys, ids=lambda k: k.name)
def test_top_level_default_is_configs(key: Key) -> None:
    actual = getattr(Config(), key.name)
    if key.default is TABLE_DEFAULTS:
        assert actual == BaselineConfig()
    else:
        assert key.default == actual, (
            f"schema says {key.name} defaults to {key.default!r}, Config() has {actual!r}"
        )


@pytest.mark.parametrize(
    ("table", "cls"),
    [(FILES, FileRule), (BASELINE, BaselineConfig), (STAGES, Stage)],
    ids=["files", "baseline", "stages"],
)
def test_table_defaults_are_the_dataclass_defaults(table: Table, cls: type) -> None:
    defaults = _field_defaults(cls)
    for key in table.keys:
        assert key.default == defaults[key.name] or key.default is defaults[key.name], (
            f"{table.heading()} {key.name}: schema {key.default!r}, {cls.__name__} {defaults[key.name]!r}"
        )


def test_lint_defaults_are_the_lint_parsers(tmp_path: Path) -> None:
    from prompt_budget.lint.engine import known_codes
    from prompt_budget.lint.options import RuleOptions, parse_lint_options

    parsed = parse_lint_options({}, root=tmp_path, known_codes=known_codes())
    assert LINT.key("select").default == parsed.select
    assert LINT.key("ignore").default == parsed.ignore
    assert LINT.key("exclude").default == parsed.exclude
    assert LINT.key("per-file-ignores").default == dict(parsed.per_file_ignores)
    assert LINT.key("budget-names").default == parsed.global_options.budget_names
    assert LINT.key("ignore-names").default == parsed.global_options.ignore_names
    assert set(LINT.key("allowed-values").default) == RuleOptions(min_value=0).allowed_values  # type: ignore[arg-type]
    # min-value: unset globally, each rule's DEFAULT_MIN_VALUE applies (shown on the rule pages)
    assert LINT.key("min-value").default is PER_RULE
    assert parsed.global_options.min_value is None
    assert LINT_RULE.keys == tuple(k for k in LINT.keys if k.name in _names(LINT_RULE))


def _writable(key: Key) -> bool:
    return key.default not in (None, REQUIRED, TABLE_DEFAULTS, PER_RULE) and key.default not in ({}, ())


def _load(text: str, tmp_path: Path, name: str = "pyproject.toml") -> Config:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return load_config(path)


@pytest.mark.parametrize(
    ("table", "key"),
    [(t, k) for t in (TOP, FILES, BASELINE) for k in t.keys if _writable(k)],
    ids=lambda v: v.name if isinstance(v, Key) else v.name or "top",
)
def test_writing_the_default_changes_nothing(table: Table, key: Key, tmp_path: Path) -> None:
    text = key_example(table, Key(key.name, key.type, key.default, "", toml_literal(key.default)))
    cfg = _load(text, tmp_path)
    if table is TOP:
        assert getattr(cfg, key.name) == getattr(Config(), key.name)
    elif table is FILES:
        assert getattr(cfg.files[0], key.name) == key.default
    else:
        assert getattr(cfg.baseline, key.name) == getattr(BaselineConfig(), key.name)


# --- every example loads, and means something --------------------------------------------------------------

EXAMPLES = [(t, k) for t in TABLES for k in (*t.keys, *([t.free_form] if t.free_form else [])) if k.example]


def test_every_key_has_an_example_or_a_table_of_its_own() -> None:
    for table in TABLES:
        for key in table.keys:
            assert key.example or key.see, f"{table.heading()} {key.name} has no example"
            if key.see:
                assert any(t.name.replace(".", "-") == key.see for t in TABLES), key.see


def _check_lint(cfg: Config) -> Any:
    from prompt_budget.lint.engine import known_codes
    from prompt_budget.lint.options import parse_lint_options

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return parse_lint_options(cfg.lint, root=cfg.root, config_file=cfg.path, known_codes=known_codes())


@pytest.mark.parametrize("form", ["pyproject.toml", "prompt_budget.toml"])
@pytest.mark.parametrize(
    ("table", "key"), EXAMPLES, ids=lambda v: v.name if isinstance(v, Key) else v.name or "top"
)
def test_key_example_loads_without_warnings(table: Table, key: Key, form: str, tmp_path: Path) -> None:
    prefix = "tool.prompt_budget" if form == "pyproject.toml" else ""
    text = key_example(table, key, prefix)
    try:
        cfg = _load(text, tmp_path, form)
    except Warning as exc:
        pytest.fail(f"the example of {table.heading()} {key.name} warns:\n{text}\n{exc}")
    if table is TOP:
        assert getattr(cfg, key.name) != getattr(Config(), key.name), "the example should change the value"
    elif table is FILES:
        assert getattr(cfg.files[0], key.name) != _field_defaults(FileRule)[key.name] or key.name == "path"
    elif table is BASELINE:
        assert getattr(cfg.baseline, key.name) != getattr(BaselineConfig(), key.name)
    elif table.name.startswith("lint"):
        from prompt_budget.lint.options import LintOptions

        parsed = _check_lint(cfg)
        default = LintOptions(root=parsed.root, config_file=parsed.config_file)
        assert parsed.fingerprint() != default.fingerprint() or parsed.exclude != default.exclude


@pytest.mark.parametrize("form", ["pyproject.toml", "prompt_budget.toml"])
@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.name or "top")
def test_table_example_loads_without_warnings(table: Table, form: str, tmp_path: Path) -> None:
    prefix = "tool.prompt_budget" if form == "pyproject.toml" else ""
    cfg = _load(table_example(table, prefix), tmp_path, form)
    if table.name.startswith("lint"):
        _check_lint(cfg)


@pytest.mark.parametrize("table", [TOP, FILES, BASELINE, STAGES], ids=lambda t: t.name or "top")
def test_the_loader_would_warn_about_a_key_outside_the_schema(table: Table, tmp_path: Path) -> None:
    """The examples' no-warning check can fail: a key the parser does not know warns."""
    bogus = Key("max_tokenz", schema.TOKENS, None, "", "1")
    with pytest.raises(Warning, match="max_tokenz"):
        _load(key_example(table, bogus), tmp_path)


# --- the markers ------------------------------------------------------------------------------------------


def test_replace_generated_keeps_the_hand_written_text() -> None:
    page = "# Title\n\nintro\n\n<!-- BEGIN GENERATED: x (refresh: cmd) -->\nold\n<!-- END GENERATED -->\n\noutro\n"
    new = replace_generated(page, "x", "new\n", "cmd")
    assert (
        new
        == "# Title\n\nintro\n\n<!-- BEGIN GENERATED: x (refresh: cmd) -->\n\nnew\n\n<!-- END GENERATED -->\n\noutro\n"
    )
    assert replace_generated(new, "x", "new\n", "cmd") == new


def test_replace_generated_appends_to_a_page_without_markers() -> None:
    new = replace_generated("# Title\n", "x", "body", "cmd")
    assert new == "# Title\n\n<!-- BEGIN GENERATED: x (refresh: cmd) -->\n\nbody\n\n<!-- END GENERATED -->\n"


def test_replace_generated_refuses_a_marker_without_its_end() -> None:
    with pytest.raises(ValueError, match="without"):
        replace_generated("<!-- BEGIN GENERATED: x -->\nold\n", "x", "new", "cmd")
