"""Which heading sections of a Markdown file grew: ``heading_counts`` (a file's sections and their
tokens), ``section_growth`` (the sections that changed most between two counts) and
``with_section_growth`` (a comparison whose failing files name them)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from prompt_budget.baseline.compare import Comparison, SectionDelta
from prompt_budget.baseline.measure import Measurement


def heading_counts(
    text: str, tokenizer: Any, multiplier: float = 1.0, *, frontmatter: bool = True
) -> list[tuple[tuple[str, ...], int]]:
    """Each section of a Markdown text (``prompt_budget.outline``) as (heading path, tokens of its own
    text): the path is its label under its parent headings' (``("# Skill", "## Examples")``); the
    frontmatter and preamble are paths of one. Counts are multiplied by ``multiplier`` (the config's
    ``safety_multiplier``) for an estimate, as file counts are. ``frontmatter=False`` leaves the
    frontmatter out (a file whose frontmatter is counted apart)."""
    from prompt_budget.budget import with_safety
    from prompt_budget.outline import FRONTMATTER, outline

    out: list[tuple[tuple[str, ...], int]] = []
    parents: list[tuple[int, str]] = []
    for sec in outline(text, tokenizer):
        if sec.level == 0:
            if frontmatter or sec.heading != FRONTMATTER:
                out.append(((sec.label,), with_safety(sec.tokens, tokenizer.exact, multiplier)))
            continue
        while parents and parents[-1][0] >= sec.level:
            parents.pop()
        parents.append((sec.level, sec.label))
        out.append(
            (tuple(label for _, label in parents), with_safety(sec.tokens, tokenizer.exact, multiplier))
        )
    return out


def section_growth(
    before: Sequence[tuple[tuple[str, ...], int]], after: Sequence[tuple[tuple[str, ...], int]], most: int = 3
) -> tuple[SectionDelta, ...]:
    """The ``most`` sections (see ``heading_counts``) that changed between ``before`` and ``after``,
    largest growth first (a section that shrank or was removed shows only when fewer grew); sections
    match by heading path, the n-th of equal paths with the n-th. Empty when both versions have fewer
    than two sections."""
    if len(before) < 2 and len(after) < 2:
        return ()

    def keyed(sections: Sequence[tuple[tuple[str, ...], int]]) -> dict[tuple[tuple[str, ...], int], int]:
        seen: Counter[tuple[str, ...]] = Counter()
        out = {}
        for path, tokens in sections:
            out[path, seen[path]] = tokens
            seen[path] += 1
        return out

    old, new = keyed(before), keyed(after)
    keys = list(new) + [k for k in old if k not in new]
    paths_of_label: dict[str, set[tuple[str, ...]]] = {}
    for path, _ in keys:
        paths_of_label.setdefault(path[-1], set()).add(path)
    repeated = {path for path, n in keys if n > 0}
    changed = []
    for order, key in enumerate(keys):
        path, n = key
        delta = SectionDelta(path, old.get(key), new.get(key))
        if delta.delta == 0 and delta.status == "changed":
            continue
        shown = " > ".join(path) if len(paths_of_label[path[-1]]) > 1 else path[-1]
        if path in repeated:
            shown += f" #{n + 1}"
        changed.append((order, replace(delta, shown=shown)))
    changed.sort(key=lambda od: (-od[1].delta, od[0]))
    return tuple(d for _, d in changed[:most])


def with_section_growth(
    comparison: Comparison, before: Measurement, after: Measurement, tokenizer: str | None = None
) -> Comparison:
    """``comparison`` with ``sections`` (``section_growth``) on each Markdown file over its gate, its
    old text read where ``before`` was measured and its new one where ``after`` was, counted by
    ``tokenizer`` (default: ``after``'s configuration's) with each side's safety multiplier. Passing
    files are not read again. A file whose frontmatter is counted apart (``id#frontmatter``) is
    outlined without it, as its count is."""
    from prompt_budget.counting import FileProblem, read_text
    from prompt_budget.outline import is_markdown
    from prompt_budget.tokenizers import get_tokenizer

    failing = [i for i in comparison.failures if i.kind == "file" and is_markdown(i.id)]
    if not failing or before.config is None or after.config is None:
        return comparison
    tok = get_tokenizer(tokenizer or after.config.tokenizer)
    found: dict[str, tuple[SectionDelta, ...]] = {}
    for item in failing:
        sides = []
        for side in (before, after):
            try:
                text = read_text(Path(side.config.root) / item.id)[0]
            except FileProblem:
                break
            split = f"{item.id}#frontmatter" in side.entries
            sides.append(heading_counts(text, tok, side.config.safety_multiplier, frontmatter=not split))
        if len(sides) == 2:
            sections = section_growth(sides[0], sides[1])
            if sections:
                found[item.id] = sections
    if not found:
        return comparison
    items = tuple(replace(i, sections=found[i.id]) if i.id in found else i for i in comparison.items)
    return replace(comparison, items=items)
