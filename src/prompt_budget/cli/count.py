"""``prompt-budget count``: the tokens of files, folders or standard input."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from prompt_budget import count_pool
from prompt_budget.cli.options import add_counting_args, add_jobs_args, counting_run, load, without_cyclic_gc
from prompt_budget.cli.output import EXIT_BROKEN, EXIT_OK, EXIT_USAGE, Output, amount_of
from prompt_budget.text.globs import remembered as remembered_globs

#: From this many new entries on (a write of a few hundredths of a second), the count cache is written
#: beside the report rather than before it.
SAVE_BESIDE = 20_000

if TYPE_CHECKING:
    from prompt_budget.counting import CountedFile, FileCounts
    from prompt_budget.text.table import Table


def add(sub: Any) -> None:
    p = sub.add_parser(
        "count",
        help="count the tokens of files, folders or stdin",
        description="Count tokens per file; folders recurse (skipping VCS and virtual-env folders and "
        "what .gitignore excludes); '-' reads standard input.",
    )
    p.add_argument("paths", nargs="*", default=None, metavar="PATH", help="files, folders, or - for stdin")
    add_counting_args(p, cache=False)
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--max-tokens", metavar="N", help="exit 1 when the total is over N tokens")
    add_counting_args(p, tokenizer=False)
    add_jobs_args(p)
    p.add_argument("--list-tokenizers", action="store_true", help="list the tokenizer specs and exit")
    p.add_argument(
        "--outline",
        action="store_true",
        help="per Markdown file, the tokens of each heading section (folders: Markdown files only)",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace, out: Output) -> int:
    return without_cyclic_gc(_run, args, out)


def _run(args: argparse.Namespace, out: Output) -> int:
    from prompt_budget.config import parse_tokens
    from prompt_budget.counting import DiskCache, count_files
    from prompt_budget.tokenizers import known_specs

    if args.list_tokenizers:
        for spec in known_specs():
            out.print(spec)
        return EXIT_OK
    config = load(args.config)
    limit = parse_tokens(args.max_tokens, key="--max-tokens") if args.max_tokens else None
    paths = args.paths or ["."]
    cache = None if args.no_cache else DiskCache(config.resolve(config.cache_dir))
    # the walk's .gitignore rules as pathspec compiled them last time (a warm run does not import it)
    with remembered_globs(cache.folder if cache is not None else None):
        found = count_files(
            paths,
            args.tokenizer or config.tokenizer,
            cache,
            outline=args.outline,
            stdin=sys.stdin.buffer if "-" in paths else None,
            save=False,
            **counting_run(args, out, "counting"),
        )
    # a large cache is written by a child process while this one prints the report
    save = cache.save if cache is not None else None
    with count_pool.beside(save, fork=cache is not None and cache.unsaved() >= SAVE_BESIDE):
        return _report(args, out, found, limit)


def _report(args: argparse.Namespace, out: Output, found: FileCounts, limit: int | None) -> int:
    for kind, message in found.said:
        (out.error if kind == "error" else out.note)(message)
    total, tok = found.total, found.tokenizer
    over = limit is not None and total > limit
    out.exit_code = EXIT_USAGE if found.errors else EXIT_BROKEN if over else EXIT_OK
    if args.json:
        out.json(
            {
                "version": 1,
                "tokenizer": tok.name,
                "exact": tok.exact,
                "files": [r.to_dict(args.outline) for r in found.rows],
                "total": total,
                "max_tokens": limit,
                "errors": found.errors,
            }
        )
    elif args.outline:
        tables = [_outline_table(r, found) for r in found.rows if r.sections is not None]
        for i, table in enumerate(tables):
            if i:
                out.print()
            if table.rows:
                out.table(table)
            else:  # an empty file, or blank lines only
                out.print(table.title or "")
    elif found.rows and not out.rich:
        out.out.write(_count_text(found))
    elif found.rows or not found.errors:
        out.table(_count_table(found))
    if limit is not None and over and not found.errors:
        out.error(f"total {total:,} tokens exceeds --max-tokens {limit:,} by {total - limit:,}")
    return out.exit_code


def _title(found: FileCounts) -> str:
    return f"tokens by {found.tokenizer.name}{'' if found.tokenizer.exact else ' (estimated)'}"


def _count_table(found: FileCounts) -> Table:
    from prompt_budget.text.table import Column, Table, fmt_int

    table = Table([Column("file"), Column("tokens", "right"), Column("chars", "right")], title=_title(found))
    # the rows at once: a count may list a hundred thousand files
    table.rows = [[r.path, f"{r.tokens:,}", f"{r.chars:,}"] for r in found.rows]
    table.styles = [None] * len(table.rows)
    files = amount_of(len(found.rows), "file", "files")
    table.footer = [f"total ({files})", fmt_int(found.total), fmt_int(sum(r.chars for r in found.rows))]
    return table


def _count_text(found: FileCounts) -> str:
    """The table of ``_count_table`` as plain text (what ``Table.to_text`` makes of it), in a few
    passes over the rows: a count may list a hundred thousand files."""
    rows = found.rows
    paths = [r.path for r in rows]
    tokens = [r.tokens for r in rows]
    chars = [r.chars for r in rows]
    footer = [f"total ({amount_of(len(rows), 'file', 'files')})", f"{sum(tokens):,}", f"{sum(chars):,}"]
    # counts are not negative: the largest is the widest once formatted
    widths = [
        max(4, len(footer[0]), *map(len, paths)),
        max(6, len(footer[1]), len(f"{max(tokens):,}")),
        max(5, len(footer[2]), len(f"{max(chars):,}")),
    ]
    rule = "  ".join("-" * w for w in widths)
    head = f"{{:<{widths[0]}}}  {{:>{widths[1]}}}  {{:>{widths[2]}}}"
    # the last column is right-aligned and never empty: no line has trailing blanks to strip
    lines = map(f"{{:<{widths[0]}}}  {{:>{widths[1]},}}  {{:>{widths[2]},}}".format, paths, tokens, chars)
    title = _title(found)
    return "\n".join(
        [title, head.format("file", "tokens", "chars"), rule, *lines, rule, head.format(*footer), ""]
    )


def _outline_table(row: CountedFile, found: FileCounts) -> Table:
    """A Markdown file's sections in document order, indented by level: their lines (with their
    subsections), own tokens, total tokens and the total's share of the file's count."""
    from prompt_budget.text.table import Column, Table, fmt_int, fmt_pct

    title = f"{row.path}: {fmt_int(row.tokens)} {_title(found)}"
    table = Table(
        [
            Column("section"),
            Column("lines", "right"),
            Column("own", "right"),
            Column("total", "right"),
            Column("% of file", "right"),
        ],
        title=title if row.sections else f"{title}, no sections",
    )
    for s in row.sections or ():
        first, last = s.start_line, s.total_end_line
        table.add_row(
            "  " * max(s.level - 1, 0) + s.label,
            str(first) if first == last else f"{first}-{last}",
            fmt_int(s.tokens),
            fmt_int(s.total_tokens),
            fmt_pct(100.0 * s.total_tokens / row.tokens if row.tokens else None),
        )
    return table
