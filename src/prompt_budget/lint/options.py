"""``[tool.prompt_budget.lint]``: parsing and validating the lint's options.

```toml
[tool.prompt_budget.lint]
select = ["PB"]                      # code prefixes to run ("PB1" = every PB1xx)
ignore = ["PB106"]
per-file-ignores = { "tests/**" = ["PB1"] }
exclude = ["vendor/**"]              # globs, relative to the config file's directory
budget-names = ["chunk_size"]        # extra names every rule treats as token budgets
ignore-names = ["max_tokens_per_minute"]
min-value = 16                       # smallest literal a rule reports (each rule has a default)
allowed-values = [-1, 0, 1]          # literals never reported

[tool.prompt_budget.lint.PB103]      # per rule, by code or by name ("token-threshold")
min-value = 1000
```

Each known key is popped as it is parsed; what is left is warned about. Bad values raise
``ConfigError`` naming the file and the key and saying what was expected.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import re
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from pathlib import Path, PurePosixPath
from typing import Any

from prompt_budget.errors import ConfigError
from prompt_budget.lint.names import NameJudge

_CODE = re.compile(r"^PB\d{0,3}$")
#: The parse-error code: reported whatever is selected, unless ignored.
PARSE_ERROR = "PB000"
_DEFAULT_ALLOWED = frozenset({-1, 0, 1})


class LintConfigWarning(UserWarning):
    """An unknown key in ``[tool.prompt_budget.lint]`` (a typo, most often)."""


def code_matches(code: str, selectors: Iterable[str]) -> bool:
    """``PB101`` matches ``PB101``, ``PB1``, ``PB`` and ``ALL`` (ruff's prefix selection)."""
    return any(s == "ALL" or code.startswith(s) for s in selectors)


@dataclass(frozen=True)
class RuleOptions:
    """The options one rule sees, after the rule's table, the global keys and its defaults merged."""

    min_value: int
    allowed_values: frozenset[float] = _DEFAULT_ALLOWED
    judge: NameJudge = field(default_factory=NameJudge)

    def allows(self, value: float) -> bool:
        """True when ``value`` is too small or explicitly allowed, so never reported."""
        return value in self.allowed_values or abs(value) < self.min_value


@dataclass(frozen=True)
class _RawRuleOptions:
    min_value: int | None = None
    allowed_values: tuple[float, ...] | None = None
    budget_names: tuple[str, ...] = ()
    ignore_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class LintOptions:
    """Everything a lint run is configured with. Picklable, so worker processes get a copy."""

    root: Path = field(default_factory=Path.cwd)
    config_file: Path | None = None
    select: tuple[str, ...] = ("PB",)
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    exclude: tuple[str, ...] = ()
    #: Report findings in test modules (``tests/``, ``test_*.py``, ``conftest.py``, ``testing.py``); by default they are
    #: suppressed: a test's numbers are the scenario it checks, not settings to move into config.
    report_tests: bool = False
    global_options: _RawRuleOptions = field(default_factory=_RawRuleOptions)
    rule_tables: tuple[tuple[str, _RawRuleOptions], ...] = ()
    #: ``[tool.prompt_budget.values]`` as found, so suggested keys reuse existing entries.
    existing_values: Mapping[str, Any] = field(default_factory=dict)
    #: ``options_for``'s answers (asked for every rule of every file parsed); never copied by ``replace``
    _rule_options: dict[tuple[str, str, int], RuleOptions] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @property
    def values_table(self) -> str:
        """The TOML table header values go under, for suggestions."""
        if self.config_file is not None and self.config_file.name != "pyproject.toml":
            return "values"
        return "tool.prompt_budget.values"

    def enabled(self, code: str) -> bool:
        if code == PARSE_ERROR:
            # A file that cannot be parsed was not linted at all: selecting other codes must not turn
            # that into a clean run. Only ignoring PB000 itself (or every code) hides it.
            return not code_matches(code, self.ignore)
        return code_matches(code, self.select) and not code_matches(code, self.ignore)

    def options_for(self, code: str, name: str, default_min_value: int) -> RuleOptions:
        key = (code, name, default_min_value)
        found = self._rule_options.get(key)
        if found is None:
            found = self._rule_options[key] = self._options_for(code, name, default_min_value)
        return found

    def _options_for(self, code: str, name: str, default_min_value: int) -> RuleOptions:
        table = dict(self.rule_tables)
        own = table.get(code) or table.get(name) or _RawRuleOptions()
        glob = self.global_options
        min_value = own.min_value if own.min_value is not None else glob.min_value
        allowed = own.allowed_values if own.allowed_values is not None else glob.allowed_values
        return RuleOptions(
            min_value=default_min_value if min_value is None else min_value,
            allowed_values=_DEFAULT_ALLOWED if allowed is None else frozenset(allowed),
            judge=NameJudge.build(
                (*glob.budget_names, *own.budget_names), (*glob.ignore_names, *own.ignore_names)
            ),
        )

    def relative(self, path: Path) -> str:
        """``path`` relative to the root when it is inside it, as a POSIX string. Uses absolute paths
        without resolving symlinks: this runs once per file, and ``resolve()`` costs a syscall per part."""
        root = _abs(str(self.root))
        full = os.path.abspath(path)
        if full == root:
            return "."
        if full.startswith(root.rstrip(os.sep) + os.sep):
            return full[len(root.rstrip(os.sep)) + 1 :].replace(os.sep, "/")
        return Path(path).as_posix()

    def is_excluded(self, rel_path: str) -> bool:
        return bool(self.exclude) and any(glob_match(rel_path, pattern) for pattern in self.exclude)

    def fingerprint(self) -> str:
        """A stable hash of the options that change per-file results (for the cache key)."""
        data = {
            "select": self.select,
            "ignore": self.ignore,
            "global": repr(self.global_options),
            "rules": repr(self.rule_tables),
            "pfi": self.per_file_ignores,
            "tests": self.report_tests,
        }
        return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


def glob_match(rel_path: str, pattern: str) -> bool:
    """Gitignore-like matching: ``tests/**``, ``**/conftest.py``, ``*.py``; a pattern with no ``/``
    matches a file name or any directory name on the path."""
    path = PurePosixPath(rel_path)
    pat = pattern.rstrip("/")
    if "/" not in pat:
        return any(fnmatch.fnmatchcase(part, pat) for part in path.parts)
    if pat.startswith("**/"):
        rest = pat[3:]
        return any(glob_match("/".join(path.parts[i:]), rest) for i in range(len(path.parts)))
    if pat.endswith("/**"):
        prefix = pat[:-3]
        return rel_path == prefix or rel_path.startswith(prefix + "/") or fnmatch.fnmatchcase(rel_path, pat)
    return fnmatch.fnmatchcase(rel_path, pat) or rel_path.startswith(pat + "/")


@lru_cache(maxsize=64)
def _abs(path: str) -> str:
    return os.path.abspath(path)


# --- parsing -------------------------------------------------------------------------------------------


class _Parser:
    def __init__(
        self, file: Path | None, known_codes: Mapping[str, str], *, option: str | None = None
    ) -> None:
        self.file = file
        self.known_codes = known_codes  # code -> rule name
        self.option = option  # a command-line option (--select): errors name it instead of a key
        pyproject = file is None or file.name == "pyproject.toml"
        self.prefix = "tool.prompt_budget.lint" if pyproject else "lint"

    def error(self, key: str, message: str) -> ConfigError:
        if self.option is not None:
            return ConfigError(message, key=self.option)
        return ConfigError(message, file=self.file, key=f"{self.prefix}.{key}")

    def str_list(self, raw: object, key: str) -> tuple[str, ...]:
        if isinstance(raw, str):
            raw = [raw]
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            raise self.error(key, f"expected a list of strings, got {raw!r}")
        return tuple(raw)

    def codes(self, raw: object, key: str) -> tuple[str, ...]:
        codes = self.str_list(raw, key)
        for code in codes:
            if code != "ALL" and not _CODE.match(code):
                raise self.error(
                    key, f"expected rule codes like 'PB101' or prefixes like 'PB1', got {code!r}"
                )
            if len(code) == 5 and code not in self.known_codes:
                raise self.error(
                    key, f"unknown rule {code!r}; known rules: {', '.join(sorted(self.known_codes))}"
                )
        return codes

    def int_value(self, raw: object, key: str) -> int:
        if isinstance(raw, bool):
            raise self.error(key, f"expected a whole number of tokens, got {raw!r}")
        if isinstance(raw, int):
            return raw
        if isinstance(raw, str):
            from prompt_budget.config import parse_tokens

            return parse_tokens(raw, self.file, f"{self.prefix}.{key}")
        raise self.error(key, f'expected a whole number of tokens (8000 or "8k"), got {raw!r}')

    def numbers(self, raw: object, key: str) -> tuple[float, ...]:
        if not isinstance(raw, list) or not all(
            isinstance(x, (int, float)) and not isinstance(x, bool) for x in raw
        ):
            raise self.error(key, f"expected a list of numbers, got {raw!r}")
        return tuple(raw)

    def rule_options(self, table: dict[str, Any], where: str) -> _RawRuleOptions:
        pop = partial(_pop, table)
        min_value = pop("min-value")
        allowed = pop("allowed-values")
        budget_names = pop("budget-names")
        ignore_names = pop("ignore-names")
        return _RawRuleOptions(
            min_value=None if min_value is None else self.int_value(min_value, f"{where}min-value"),
            allowed_values=None if allowed is None else self.numbers(allowed, f"{where}allowed-values"),
            budget_names=() if budget_names is None else self.str_list(budget_names, f"{where}budget-names"),
            ignore_names=() if ignore_names is None else self.str_list(ignore_names, f"{where}ignore-names"),
        )

    def warn_unknown(self, table: Mapping[str, Any], where: str) -> None:
        for key in table:
            warnings.warn(
                f"{self.file or 'config'}: unknown key {self.prefix}.{where}{key} (ignored)",
                LintConfigWarning,
                stacklevel=4,
            )


def _pop(table: dict[str, Any], name: str, default: object = None) -> object:
    """Take ``name`` (or its snake_case spelling) out of ``table``; ``default`` when absent."""
    for spelling in (name, name.replace("-", "_")):
        if spelling in table:
            return table.pop(spelling)
    return default


def parse_lint_options(
    raw: Mapping[str, Any] | None,
    *,
    root: Path,
    config_file: Path | None = None,
    known_codes: Mapping[str, str],
    existing_values: Mapping[str, Any] | None = None,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    extend_select: Sequence[str] = (),
    extend_ignore: Sequence[str] = (),
) -> LintOptions:
    """Validate the raw ``[tool.prompt_budget.lint]`` table into ``LintOptions``.

    ``select``/``ignore`` (from the command line) replace the config's; ``extend_*`` add to them.
    ``known_codes`` maps every rule code to its name, so typos are caught here.
    """
    p = _Parser(config_file, known_codes)
    table: dict[str, Any] = dict(raw or {})
    pop = partial(_pop, table)
    sel = p.codes(pop("select", ["PB"]), "select")
    ign = p.codes(pop("ignore", []), "ignore")

    def cli(option: str, raw: Sequence[str]) -> tuple[str, ...]:
        return _Parser(None, known_codes, option=option).codes(list(raw), option)

    if select is not None:
        sel = cli("--select", select)
    if ignore is not None:
        ign = cli("--ignore", ignore)
    sel = (*sel, *cli("--extend-select", extend_select)) if extend_select else sel
    ign = (*ign, *cli("--extend-ignore", extend_ignore)) if extend_ignore else ign

    pfi_raw = pop("per-file-ignores", {})
    if not isinstance(pfi_raw, dict):
        raise p.error("per-file-ignores", f"expected a table of glob = [codes], got {pfi_raw!r}")
    pfi = tuple(
        (str(pattern), p.codes(codes, f"per-file-ignores.{pattern}")) for pattern, codes in pfi_raw.items()
    )
    exclude = p.str_list(pop("exclude", []), "exclude")
    report_tests = pop("report-tests", False)
    if not isinstance(report_tests, bool):
        raise p.error("report-tests", f"expected true or false, got {report_tests!r}")

    global_options = p.rule_options(table, "")
    names = {name: code for code, name in known_codes.items()}
    rule_tables: list[tuple[str, _RawRuleOptions]] = []
    for key in [k for k in table if k in known_codes or k in names]:
        sub = table.pop(key)
        if not isinstance(sub, dict):
            raise p.error(key, f"expected a table of rule options, got {sub!r}")
        sub = dict(sub)
        code = key if key in known_codes else names[key]
        rule_tables.append((code, p.rule_options(sub, f"{key}.")))
        p.warn_unknown(sub, f"{key}.")
    for key in list(table):
        if _CODE.match(key):
            raise p.error(key, f"unknown rule {key!r}; known rules: {', '.join(sorted(known_codes))}")
    p.warn_unknown(table, "")
    return LintOptions(
        root=root,
        config_file=config_file,
        select=sel,
        ignore=ign,
        per_file_ignores=pfi,
        exclude=exclude,
        report_tests=report_tests,
        global_options=global_options,
        rule_tables=tuple(rule_tables),
        existing_values=dict(existing_values or {}),
    )
