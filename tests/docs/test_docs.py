"""The documentation is tested: every fenced code block in docs/**/*.md and README.md is executed or
checked, the site builds with ``mkdocs build --strict``, and every hook, pytest option, config key, CLI
command and lint rule is documented (as datasette does for its plugin hooks).

How blocks are treated, by the first word of the fence's info string:

- ``python``: executed, in order, in one namespace per Markdown file, in a subprocess whose working
  directory is a temporary folder. A block that defines ``def test_...`` is run with pytest instead
  (the plugin is active); add ``fails`` to the info string when it shows a failing test on purpose. An
  ``output`` block right after a python block must equal what that block printed.
- ``toml``: parsed; a configuration (``[tool.prompt_budget]`` or the keys of ``prompt_budget.toml``)
  is loaded with ``load_config``, and must load without warnings (``invalid``: must raise ConfigError).
- ``bash``/``sh``/``shell``/``console``: every ``prompt-budget ...`` command is parsed by the CLI's own
  argparse parser, and run in a temporary copy of the example it names (``examples/...``); every
  ``pytest`` command may only use options the plugin defines. ``yaml`` and ``json`` blocks are parsed and
  the commands in their strings checked the same way.
- A ``title="examples/..."`` attribute naming a file of this repository: the block must equal the file.
- ``skip``, ``no-run`` or ``norun`` in the info string: the block is not run (say why in the text).
- ``text``, ``output``, ``diff`` and the other languages in ``ILLUSTRATION``: shown, not checked.

Docs other engineers have not written yet are listed in ``PENDING`` below: each shows as an xfail with
its reason (strict: once written, the test fails until the entry is removed), never as a silent pass.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from data_strings import strings

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

#: Items not documented yet, by id, with who or what they wait for. The lead empties this list.
PENDING: dict[str, str] = {}

PYTHON = {"python", "py", "python3"}
TOML = {"toml"}
SHELL = {"bash", "sh", "shell", "console", "zsh"}
YAML = {"yaml", "yml"}
JSON = {"json"}
ILLUSTRATION = {
    "",
    "text",
    "output",
    "diff",
    "markdown",
    "md",
    "ts",
    "typescript",
    "js",
    "javascript",
    "ini",
    "cfg",
    "html",
    "xml",
    "mermaid",
    "plain",
    "pycon",
    "sarif",
    "go",
    "jinja",
}
SKIP_FLAGS = {"skip", "no-run", "norun"}
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")


# --- reading the blocks ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Block:
    file: Path
    line: int  # 1-based line of the first line of code
    lang: str
    flags: frozenset[str]
    attrs: dict[str, str] = field(hash=False)
    code: str = ""

    @property
    def where(self) -> str:
        return f"{self.file.relative_to(ROOT).as_posix()}:{self.line}"

    @property
    def skipped(self) -> bool:
        return bool(self.flags & SKIP_FLAGS)


def _info(info: str) -> tuple[str, frozenset[str], dict[str, str]]:
    info = info.strip().strip("{}")
    try:
        words = shlex.split(info)
    except ValueError:
        words = info.split()
    lang = words[0].lstrip(".").lower() if words else ""
    flags: set[str] = set()
    attrs: dict[str, str] = {}
    for w in words[1:]:
        if "=" in w:
            k, _, v = w.partition("=")
            attrs[k] = v
        else:
            flags.add(w.lower())
    return lang, frozenset(flags), attrs


def read_blocks(path: Path) -> list[Block]:
    blocks: list[Block] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence = len(m.group("indent")), m.group("fence")
        lang, flags, attrs = _info(m.group("info"))
        body: list[str] = []
        j = i + 1
        while j < len(lines):
            stripped = lines[j].strip()
            if stripped.startswith(fence[0] * len(fence)) and not stripped.strip(fence[0]):
                break
            body.append(lines[j][indent:] if lines[j][:indent].strip() == "" else lines[j])
            j += 1
        blocks.append(Block(path, i + 2, lang, flags, attrs, textwrap.dedent("\n".join(body)) + "\n"))
        i = j + 1
    return blocks


def doc_files() -> list[Path]:
    files = sorted(DOCS.rglob("*.md")) if DOCS.is_dir() else []
    return [*files, ROOT / "README.md"]


ALL_BLOCKS = [b for f in doc_files() for b in read_blocks(f)]


def _id(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def pending(item: str) -> list[pytest.MarkDecorator]:
    reason = PENDING.get(item)
    return [pytest.mark.xfail(reason=f"PENDING: {reason}", strict=True)] if reason else []


# --- every block has a language the harness knows -----------------------------------------------------


@pytest.mark.parametrize("block", ALL_BLOCKS, ids=lambda b: b.where)
def test_block_language_is_known(block: Block) -> None:
    known = PYTHON | TOML | SHELL | YAML | JSON | ILLUSTRATION
    assert block.lang in known, (
        f"{block.where}: code block language {block.lang!r} is not checked by tests/docs; use one of "
        f"{sorted(known - {''})}, or add it to ILLUSTRATION if it is only shown"
    )


# --- blocks that mirror files of the repository -------------------------------------------------------


TITLED = [b for b in ALL_BLOCKS if b.attrs.get("title", "").startswith("examples/")]


@pytest.mark.parametrize("block", TITLED, ids=lambda b: b.where)
def test_block_equals_the_file_it_names(block: Block) -> None:
    path = ROOT / block.attrs["title"]
    assert path.is_file(), f"{block.where}: names {block.attrs['title']}, which does not exist"
    assert block.code.rstrip("\n") == path.read_text(encoding="utf-8").rstrip("\n"), (
        f"{block.where}: differs from {block.attrs['title']}; copy the file into the docs again"
    )


# --- python -------------------------------------------------------------------------------------------

_RUNNER = r"""
import contextlib, io, json, sys, traceback
blocks = json.load(open(sys.argv[1], encoding="utf-8"))
ns = {"__name__": "__main__"}
outputs = []
for b in blocks:
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            exec(compile("\n" * (b["line"] - 1) + b["code"], b["file"], "exec"), ns)
    except BaseException:
        sys.stderr.write(f"block at {b['file']}:{b['line']} failed:\n")
        traceback.print_exc()
        sys.exit(1)
    outputs.append(buf.getvalue())
sys.stdout.write(json.dumps(outputs))
"""


def _python_files() -> list[Path]:
    return sorted({b.file for b in ALL_BLOCKS if b.lang in PYTHON and not b.skipped})


def _env(tiktoken_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PROMPT_BUDGET_"))}
    env["TIKTOKEN_CACHE_DIR"] = str(tiktoken_dir)
    env["NO_COLOR"] = "1"
    env.pop("PYTEST_ADDOPTS", None)
    # the pages show what a pipe gets (every name in a table), whatever width the test process has
    env.pop("COLUMNS", None)
    return env


@pytest.mark.parametrize(
    "doc", [pytest.param(f, marks=pending(f"python:{_id(f)}")) for f in _python_files()], ids=_id
)
def test_python_blocks_run(doc: Path, tmp_path: Path, tiktoken_offline: Path) -> None:
    blocks = [b for b in read_blocks(doc) if b.lang in PYTHON and not b.skipped]
    plain = [b for b in blocks if not re.search(r"^def test_", b.code, re.M)]
    tests = [b for b in blocks if re.search(r"^def test_", b.code, re.M)]
    env = _env(tiktoken_offline)
    if plain:
        data = tmp_path / "blocks.json"
        data.write_text(
            json.dumps([{"file": str(b.file), "line": b.line, "code": b.code} for b in plain]),
            encoding="utf-8",
        )
        proc = subprocess.run(
            [sys.executable, "-c", _RUNNER, str(data)],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,  # a walk-through runs a dozen CLI and pytest processes: minutes on a loaded 2-core machine
            check=False,
        )
        assert proc.returncode == 0, proc.stderr[-4000:]
        outputs = json.loads(proc.stdout)
        all_blocks = read_blocks(doc)
        for b, printed in zip(plain, outputs, strict=True):
            following = (
                all_blocks[all_blocks.index(b) + 1] if all_blocks.index(b) + 1 < len(all_blocks) else None
            )
            if following is not None and following.lang == "output" and not following.skipped:
                assert printed == following.code, (
                    f"{following.where}: the output shown differs from the real one"
                )
    for b in tests:
        folder = tmp_path / f"test_block_{b.line}"
        folder.mkdir()
        (folder / f"test_block_{b.line}.py").write_text(b.code, encoding="utf-8")
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "-p",
                "no:randomly",
                str(folder),
            ],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        expected = 1 if "fails" in b.flags else 0
        assert proc.returncode == expected, (
            f"{b.where}: pytest exited {proc.returncode}:\n{proc.stdout[-3000:]}"
        )


# --- toml ---------------------------------------------------------------------------------------------

TOML_BLOCKS = [b for b in ALL_BLOCKS if b.lang in TOML and not b.skipped]


def _config_keys() -> set[str]:
    from prompt_budget import config

    return set(config.TOP_KEYS)


@pytest.mark.parametrize("block", TOML_BLOCKS, ids=lambda b: b.where)
def test_toml_blocks_parse_and_load(block: Block, tmp_path: Path) -> None:
    from prompt_budget.config import load_config
    from prompt_budget.errors import ConfigError

    try:
        data = tomllib.loads(block.code)
    except tomllib.TOMLDecodeError as exc:
        pytest.fail(f"{block.where}: invalid TOML: {exc}")
    title = block.attrs.get("title", "")
    if isinstance(data.get("tool"), dict) and "prompt_budget" in data["tool"]:
        target = tmp_path / "pyproject.toml"
    elif title.endswith("prompt_budget.toml") or (data and set(data) <= _config_keys()):
        target = tmp_path / "prompt_budget.toml"
    else:
        return  # another tool's TOML (a package's pyproject.toml): parsing it is the check
    target.write_text(block.code, encoding="utf-8")
    if "invalid" in block.flags:
        with pytest.raises(ConfigError):
            load_config(target)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            load_config(target)
        except (ConfigError, Warning) as exc:
            pytest.fail(f"{block.where}: the configuration does not load: {exc}")


# --- commands -----------------------------------------------------------------------------------------


def _pytest_options() -> set[str]:
    from prompt_budget.pytest_plugin.options import add_options

    names: set[str] = set()

    class Group:
        def addoption(self, *opts: str, **_: Any) -> None:
            names.update(opts)

    class Parser:
        def getgroup(self, *_: Any, **__: Any) -> Group:
            return Group()

    add_options(Parser())  # type: ignore[arg-type]
    return names


def _commands(text: str, console: bool) -> Iterator[list[str]]:
    """Each simple command in a shell snippet, as argv, with leading VAR=value assignments removed."""
    logical: list[str] = []
    pending_line = ""
    for raw in text.splitlines():
        line = raw.rstrip()
        if console:
            if pending_line:
                pass
            elif line.startswith("$ "):
                line = line[2:]
            else:
                continue
        if line.endswith("\\"):
            pending_line += line[:-1] + " "
            continue
        logical.append(pending_line + line)
        pending_line = ""
    for line in logical:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|<>")
            lexer.whitespace_split = True
            lexer.commenters = "#"
            tokens = list(lexer)
        except ValueError:
            continue
        argv: list[str] = []
        skip_next = False
        for tok in [*tokens, ";"]:
            if skip_next:
                skip_next = False
                continue
            if tok in {">", ">>", "<", "2>"}:
                skip_next = True
                continue
            if tok and set(tok) <= set(";&|"):
                while argv and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", argv[0]):
                    argv.pop(0)
                if argv:
                    yield argv
                argv = []
                continue
            argv.append(tok)


def check_command(argv: list[str], where: str, tmp_path: Path | None = None) -> None:
    if argv[0] == "prompt-budget":
        from prompt_budget.cli import build_parser

        proc_err: list[str] = []
        import contextlib
        import io

        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                build_parser().parse_args(argv[1:])
        except SystemExit as exc:
            if exc.code not in (0, None):
                proc_err.append(err.getvalue().strip().splitlines()[-1] if err.getvalue().strip() else "")
        assert not proc_err, f"{where}: `{shlex.join(argv)}` does not parse: {proc_err[0]}"
        examples = [a for a in argv[1:] if a.startswith("examples/") and (ROOT / a).exists()]
        if examples and tmp_path is not None:
            for example in examples:
                top = "/".join(example.split("/")[:2])
                if not (tmp_path / top).exists():
                    shutil.copytree(
                        ROOT / top, tmp_path / top, ignore=shutil.ignore_patterns(".prompt-budget")
                    )
            proc = subprocess.run(
                [sys.executable, "-m", "prompt_budget", "--color", "never", *argv[1:]],
                cwd=tmp_path,
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
            assert proc.returncode in (0, 1), (
                f"{where}: `{shlex.join(argv)}` exited {proc.returncode}: {proc.stderr}"
            )
        return
    pytest_argv: list[str] | None = None
    if argv[0] == "pytest":
        pytest_argv = argv[1:]
    elif len(argv) > 2 and argv[0].startswith("python") and argv[1:3] == ["-m", "pytest"]:
        pytest_argv = argv[3:]
    if pytest_argv is not None:
        known = _pytest_options()
        for arg in pytest_argv:
            name = arg.split("=", 1)[0]
            if "prompt-budget" in name and name.startswith("--"):
                assert name in known, f"{where}: pytest option {name} does not exist; known: {sorted(known)}"


SHELL_BLOCKS = [b for b in ALL_BLOCKS if b.lang in SHELL and not b.skipped]


def _cli_pending(text: str, console: bool) -> list[pytest.MarkDecorator]:
    """A block using a command listed in PENDING as ``cli:prompt-budget lint`` (say) is an xfail."""
    for argv in _commands(text, console):
        for item in PENDING:
            if item.startswith("cli:") and shlex.join(argv).startswith(item[4:]):
                return pending(item)
    return []


@pytest.mark.parametrize(
    "block",
    [pytest.param(b, marks=_cli_pending(b.code, b.lang == "console")) for b in SHELL_BLOCKS],
    ids=lambda b: b.where,
)
def test_shell_commands_parse(block: Block, tmp_path: Path) -> None:
    commands = list(_commands(block.code, console=block.lang == "console"))
    for argv in commands:
        check_command(argv, block.where, tmp_path)


DATA_BLOCKS = [b for b in ALL_BLOCKS if b.lang in YAML | JSON and not b.skipped]


@pytest.mark.parametrize(
    "block",
    [
        pytest.param(b, marks=_cli_pending("\n".join(re.findall(r"prompt-budget[^\n\"']*", b.code)), False))
        for b in DATA_BLOCKS
    ],
    ids=lambda b: b.where,
)
def test_yaml_and_json_blocks_parse(block: Block) -> None:
    if block.lang in JSON:
        data = json.loads(block.code)
    else:
        import yaml

        data = yaml.safe_load(block.code)
    for text in strings(data):
        if "prompt-budget" in text or "pytest" in text:
            for argv in _commands(text, console=False):
                check_command(argv, block.where)


# --- the site builds ----------------------------------------------------------------------------------


def _mkdocs_config() -> dict[str, Any]:
    import yaml

    data: dict[str, Any] = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    return data


NAV_PAGES = sorted(set(strings(_mkdocs_config().get("nav", []))))


@pytest.mark.parametrize("page", [pytest.param(p, marks=pending(f"page:{p}")) for p in NAV_PAGES])
def test_nav_page_exists(page: str) -> None:
    assert (DOCS / page).is_file(), f"mkdocs.yml lists docs/{page}, which does not exist"


def _prune(nav: object) -> object:
    if isinstance(nav, str):
        return nav if (DOCS / nav).is_file() else None
    if isinstance(nav, dict):
        kept = {k: _prune(v) for k, v in nav.items()}
        kept = {k: v for k, v in kept.items() if v not in (None, [], {})}
        return kept or None
    if isinstance(nav, list):
        items = [_prune(v) for v in nav]
        return [v for v in items if v not in (None, [], {})]
    return nav


def test_mkdocs_build_strict(tmp_path: Path) -> None:
    """The site builds with warnings as errors; pages listed as pending are left out of the nav (their
    absence fails test_nav_page_exists, visibly, instead)."""
    import yaml

    config = _mkdocs_config()
    config["nav"] = _prune(config.get("nav", []))
    config["docs_dir"] = str(DOCS)
    config["site_dir"] = str(tmp_path / "site")
    cfg = tmp_path / "mkdocs.yml"
    cfg.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    proc = subprocess.run(
        # no -q: it silences the warnings that --strict counts, so a broken link would pass
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(cfg)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-4000:] + proc.stdout[-2000:]
    for page in strings(config["nav"]):
        # index.md (also rules/index.md) becomes index.html of its folder; other pages NAME/index.html
        stem = page.removesuffix(".md")
        html = stem + ".html" if stem == "index" or stem.endswith("/index") else stem + "/index.html"
        assert (tmp_path / "site" / html).is_file(), f"docs/{page} was not built"


# --- completeness: everything a user can use is documented --------------------------------------------


def _docs_text(*paths: str) -> str:
    if paths:
        files = [
            p
            for path in paths
            for p in ([DOCS / path] if (DOCS / path).is_file() else sorted((DOCS / path).rglob("*.md")))
        ]
    else:
        files = sorted(DOCS.rglob("*.md")) if DOCS.is_dir() else []
    return "\n".join(f.read_text(encoding="utf-8") for f in files if f.is_file())


def _word(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def _hooks() -> list[str]:
    from prompt_budget import hookspecs

    return sorted(n for n in dir(hookspecs) if n.startswith("prompt_budget_"))


def _config_items() -> list[str]:
    from prompt_budget import config

    items = [f"key:{k}" for k in config.TOP_KEYS]
    items += [f"key:files.{k}" for k in config.FILE_KEYS]
    items += [f"key:baseline.{k}" for k in config.BASELINE_KEYS]
    items += [f"key:stages.{k}" for k in config.STAGE_KEYS]
    return items


def _commands_list() -> list[str]:
    import argparse

    from prompt_budget.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(sub.choices)


def _rule_codes() -> list[str]:
    try:
        from prompt_budget.lint.rules import BUILTIN_RULES
    except ImportError:  # pragma: no cover - the analyzer is not in this version
        return []
    return sorted(r.CODE for r in BUILTIN_RULES)


def _items() -> list[Any]:
    items = [f"hook:{h}" for h in _hooks()]
    items += [f"option:{o}" for o in sorted(_pytest_options()) if o.startswith("--")]
    items += _config_items()
    items += [f"command:{c}" for c in _commands_list()]
    try:
        items += [f"rule:{c}" for c in _rule_codes()]
    except Exception as exc:  # a broken lint package fails here, visibly, not at collection
        items.append(f"rules-import:{type(exc).__name__}: {exc}")
    return [pytest.param(i, marks=pending(i)) for i in items]


@pytest.mark.parametrize("item", _items())
def test_documented(item: str) -> None:
    kind, _, name = item.partition(":")
    if kind == "hook":
        assert _word(name, _docs_text("plugin-api.md")), (
            f"hook {name} is not documented in docs/plugin-api.md"
        )
    elif kind == "option":
        assert _word(name, _docs_text()), f"pytest option {name} is not documented in docs/"
    elif kind == "key":
        key = name.rpartition(".")[2]
        text = _docs_text("configuration.md")
        assert _word(key, text), f"config key {name} is not documented in docs/configuration.md"
    elif kind == "command":
        assert re.search(rf"prompt-budget(?: --\S+)* {re.escape(name)}\b", _docs_text()), (
            f"CLI command `prompt-budget {name}` is not documented in docs/"
        )
    elif kind == "rule":
        assert _word(name, _docs_text("rules")), f"lint rule {name} is not documented in docs/rules/"
    elif kind == "rules-import":
        pytest.fail(f"the lint rules cannot be imported, so their docs cannot be checked: {name}")
    else:  # pragma: no cover
        pytest.fail(f"unknown item kind {kind!r}")


def test_pending_list_names_real_items() -> None:
    """An entry in PENDING that no test uses is a typo or a leftover: remove it."""
    known = {i.values[0] for i in _items()}
    known |= {f"page:{p}" for p in NAV_PAGES} | {f"python:{_id(f)}" for f in _python_files()}
    known |= {i for i in PENDING if i.startswith("cli:")}
    stale = sorted(set(PENDING) - known)
    assert not stale, f"PENDING entries that match nothing: {stale}"
