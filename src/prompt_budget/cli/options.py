"""What several commands share: the counting options, and the config of the project they run on."""

from __future__ import annotations

import argparse
import gc
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prompt_budget.cli.output import Output

if TYPE_CHECKING:
    from prompt_budget.config import Config


def add_counting_args(p: Any, *, tokenizer: bool = True, cache: bool = True) -> None:
    """The options every counting command shares."""
    if tokenizer:
        p.add_argument(
            "--tokenizer", "-t", metavar="SPEC", help="tokenizer spec (default: config, else o200k_base)"
        )
    if cache:
        p.add_argument("--no-cache", action="store_true", help="do not read or write the on-disk count cache")


def check_values(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str | None:
    """Every option given a value was given a real one: ``--max-tokens ""`` or ``--base ""`` (a shell
    variable that is not set) is a usage error naming the option, never taken as "not given". Options
    holding a token amount or a growth go through the config's parsers here, once, for every command.
    The first problem, as one line naming the option; None when there is none."""
    from prompt_budget.config import parse_growth, parse_tokens
    from prompt_budget.errors import ConfigError

    parsers = {"max_tokens": parse_tokens, "max_growth": parse_growth}
    for action in _actions(parser, args):
        if not action.option_strings or action.nargs == 0:
            continue
        value = getattr(args, action.dest, None)
        option = max(action.option_strings, key=len)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and not item.strip():
                return f"{option}: expected a value, got an empty string"
            if isinstance(item, str) and action.dest in parsers:
                try:
                    parsers[action.dest](item, None, option)
                except ConfigError as exc:
                    return f"{option}: {exc.message}"
    return None


def _actions(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[argparse.Action]:
    """The actions of ``parser`` and of the subcommands chosen in ``args``."""
    found: list[argparse.Action] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            chosen = getattr(args, action.dest, None) if action.dest != argparse.SUPPRESS else None
            for name, sub in action.choices.items():
                if chosen is None or name == chosen:
                    found += _actions(sub, args)
        else:
            found.append(action)
    return found


def add_jobs_args(p: Any) -> None:
    """``--jobs`` (as ``lint`` has) and ``--quiet`` for the commands that count many files."""
    p.add_argument(
        "--jobs",
        "-j",
        type=jobs_arg,
        default=None,
        metavar="N",
        help="worker processes for counting many files (default: every core)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar on standard error")


def jobs_arg(text: str) -> int:
    """A ``--jobs`` value: a whole number of processes, at least 1."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of processes, at least 1, got {text!r}")
    return n


def counting_run(args: argparse.Namespace, out: Output, label: str) -> dict[str, Any]:
    """The ``jobs`` and ``progress`` a counting command passes to the core, from its options."""
    from prompt_budget.cli.progress import progress_for
    from prompt_budget.count_pool import default_jobs

    jobs = args.jobs if args.jobs is not None else default_jobs()
    return {"jobs": jobs, "progress": progress_for(out.err, args.quiet, label)}


def load(config_file: str | None, start: str | Path | None = None) -> Config:
    """The config (``--config``, else found from ``start`` upwards); the count-tokens API's results
    are cached beside it, wherever the command runs from."""
    from prompt_budget.config import load_config
    from prompt_budget.tokenizers import anthropic
    from prompt_budget.tokenizers.api_counts import COUNTS_FILE

    config = load_config(config_file, start=start)
    if not os.environ.get("PROMPT_BUDGET_COUNTS_FILE"):
        anthropic.set_counts_path(config.resolve(COUNTS_FILE))
    return config


def project(args: argparse.Namespace, out: Output) -> tuple[Config, str] | None:
    """The config of the folder (or config file) a command was pointed at, with ``--tokenizer``
    applied, and why it has no files to check (naming where the config came from; ``""`` when it
    has some); None (after saying why) when the path does not exist."""
    target = Path(args.path) if args.path else Path(".")
    if args.path and not target.exists():
        out.error(f"{args.path}: no such file or folder")
        return None
    config = load(args.config or (str(target) if target.is_file() else None), start=target)
    if args.tokenizer:
        config = replace(config, tokenizer=args.tokenizer)
    if config.files or config.preset or config.harnesses:
        return config, ""
    where = config.path or f"no prompt_budget.toml or [tool.prompt_budget] above {target.resolve()}"
    return config, f"no [[tool.prompt_budget.files]] entries and no preset ({where})"


def without_cyclic_gc(
    run: Callable[[argparse.Namespace, Output], int], args: argparse.Namespace, out: Output
) -> int:
    """``run(args, out)`` with the cyclic garbage collector off. A ``count`` or ``check`` keeps one row,
    cache entry, match, measurement and verdict per file alive to its end (thousands of them, no
    cycles): the collector would only walk them again and again (a sixth of a warm check's CPU at
    10,000 files). Reference counting still frees what is dropped; the collector is back on after."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return run(args, out)
    finally:
        if collecting:
            gc.enable()
