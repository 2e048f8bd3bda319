"""``prompt-budget init``: scan a repository and write a starting configuration."""

from __future__ import annotations

import argparse
from typing import Any

from prompt_budget.cli.options import add_counting_args
from prompt_budget.cli.output import EXIT_BROKEN, EXIT_OK, Output, amount_of


def add(sub: Any) -> None:
    p = sub.add_parser(
        "init",
        help="scan a repository and write a starting [tool.prompt_budget]",
        description="Detect the agent harnesses the repository uses (Claude Code, Codex, Cursor, Copilot, "
        "Gemini CLI, Agent Skills, OpenHands, Cline, Roo Code, Windsurf) and find every file they load "
        "(instructions, rules, skills, subagents, commands, plugins), plus CLAUDE.md @path imports, "
        "prompts/, *.prompt and linked reference docs; count them, select the harnesses, and write caps "
        "at today's size plus headroom into pyproject.toml (or prompt_budget.toml when there is none). "
        "An existing, different configuration is only replaced with --force. Exit 1 when it differs "
        "and --force was not given.",
    )
    p.add_argument("path", nargs="?", default=".", metavar="PATH", help="repository root (default: .)")
    p.add_argument(
        "--headroom", default="25%", metavar="PERCENT", help="room over today's size (default: 25%%)"
    )
    add_counting_args(p, cache=False)
    p.add_argument(
        "--model",
        metavar="NAME",
        help="a known model name; sets context_window, and the tokenizer when none is given",
    )
    p.add_argument("--dry-run", action="store_true", help="print the proposal; write nothing")
    p.add_argument("--force", action="store_true", help="replace an existing, different configuration")
    p.add_argument("--no-baseline", action="store_true", help="do not create the baseline file")
    p.add_argument("--lint", action="store_true", help="also run lint and list the magic budgets it finds")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, out: Output) -> int:
    from prompt_budget import scaffold as init
    from prompt_budget.counting import shown_path
    from prompt_budget.text.table import Column, Table, fmt_int

    headroom = init.parse_headroom(args.headroom)
    proposal = init.propose(
        args.path, tokenizer=args.tokenizer, headroom=headroom, model=args.model, target=args.config
    )
    target = shown_path(proposal.target)
    caps = {f.path: e for e in proposal.entries for f in e.files}
    table = Table(
        [Column("file"), Column("kind"), Column("tokens", "right"), Column("cap", "right"), Column("load")],
        title=f"prompt-bearing files in {shown_path(proposal.root) or '.'} ({proposal.tokenizer})",
    )
    for f in proposal.found:
        entry = caps[f.path]
        if f.kind == "harness":
            shown = f.path + "".join(f" (= {a})" for a in f.aliases)
            table.add_row(
                shown, f"{f.harness}/{f.rule}", fmt_int(f.tokens), fmt_int(entry.max_tokens), f.when or "-"
            )
        else:
            table.add_row(
                f.path, f.kind, fmt_int(f.tokens), fmt_int(entry.max_tokens), entry.load_of(f) or "-"
            )
    table.footer = [
        f"total ({amount_of(len(proposal.found), 'file', 'files')})",
        "",
        fmt_int(sum(f.tokens for f in proposal.found)),
        "",
        "",
    ]
    out.table(table)
    if proposal.harnesses:
        counts = proposal.harness_loads
        listed = ", ".join(
            f"{h} ({amount_of(counts.get(h, 0), 'file', 'files')})" for h in proposal.harnesses
        )
        out.print(f"harnesses found: {listed}")
    if proposal.tokenizer_reason:
        out.print(proposal.tokenizer_reason)
    if not proposal.found:
        out.note("no prompt-bearing files found; the configuration holds settings only")
    if args.dry_run:
        _, kept_tables = init.planned_text(proposal)  # fails here, not later, when it cannot be merged
        out.print(f"\n# would write {target}:")
        out.print(init.render(proposal).rstrip("\n"))
        if kept_tables:
            out.print(f"# and keep as they are: {', '.join(kept_tables)}")
    else:
        result = init.apply(proposal, force=args.force)
        if result.status == "conflict":
            out.error(
                f"{target} already has a different prompt-budget configuration; --dry-run shows the "
                "proposal, --force replaces it (tables init does not write are kept)"
            )
            return EXIT_BROKEN
        kept = f" (kept: {', '.join(result.kept)})" if result.kept else ""
        out.print(f"{target}: {result.status}{kept}")
        report = init.check_written(proposal) if proposal.found else None
        if not args.no_baseline:
            out.print(init.create_baseline(proposal, report))
        if limits := init.past_hard_limits(report):
            out.print(
                "already past a harness's own limit (`prompt-budget check` fails until the files are cut):"
            )
            for message in limits:
                out.print(f"  {message}")
    if args.lint:
        report = init.run_lint(proposal)
        if report.note:
            out.print(report.note)
        elif report.found:
            out.print(f"lint: {len(report.found)} magic budget(s) in code:")
            for finding in report.found:
                out.print(f"  {finding.path}:{finding.line}: {finding.code} {finding.message}")
            out.print(f"move them into config with: {report.fix_command}  (preview: add --diff)")
        else:
            out.print("lint: no magic budgets found")
    config_flag = (
        "" if proposal.target.name in ("pyproject.toml", "prompt_budget.toml") else f" --config {target}"
    )
    out.print("next:")
    if not proposal.found:
        # Nothing to measure yet: `check` would say "nothing to check" until files are listed.
        files_table = "[[files]]" if proposal.standalone else "[[tool.prompt_budget.files]]"
        out.print(f"  add {files_table} entries for your prompt files to {target} (see docs/files.md)")
    out.print(f"  prompt-budget{config_flag} check")
    if proposal.python or not proposal.standalone:
        out.print("  python -m pytest")
    else:
        # .prompt-budget holds the baseline; it is not there when none was created.
        state = " .prompt-budget" if (proposal.root / ".prompt-budget").is_dir() else ""
        out.print(f"  git add {target}{state} && git commit -m 'Add token budgets'")
    return EXIT_OK
