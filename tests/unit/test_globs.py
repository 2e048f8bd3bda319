"""Config path globs (``[[files]]`` ``path``): git's wildmatch, anchored at the project root, matching
files (never the files inside a folder a pattern matches)."""

from __future__ import annotations

import pytest

from prompt_budget.text.globs import glob, has_wildcards


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        # `*` stays in one folder, and a pattern is anchored at the root
        ("docs/*.md", "docs/a.md", True),
        ("docs/*.md", "docs/sub/b.md", False),
        ("docs/*.md", "x/docs/a.md", False),
        ("*.md", "a.md", True),
        ("*.md", "d/a.md", False),
        # a folder's files, not the files of its subfolders
        ("docs/*", "docs/a", True),
        ("docs/*", "docs/a/b.md", False),
        # `**` crosses folders, zero or more of them
        ("docs/**", "docs/a", True),
        ("docs/**", "docs/a/b/c.md", True),
        ("docs/**", "docs", False),
        ("docs/**/*.md", "docs/a.md", True),
        ("docs/**/*.md", "docs/a/b/c.md", True),
        ("docs/**/*.md", "docsx/a.md", False),
        ("**/CLAUDE.md", "CLAUDE.md", True),
        ("**/CLAUDE.md", "a/b/CLAUDE.md", True),
        ("**/CLAUDE.md", "a/xCLAUDE.md", False),
        (".claude/skills/*/SKILL.md", ".claude/skills/deploy/SKILL.md", True),
        (".claude/skills/*/SKILL.md", ".claude/skills/a/b/SKILL.md", False),
        # `?` and classes
        ("file?.md", "file1.md", True),
        ("file?.md", "file12.md", False),
        ("file?.md", "file/.md", False),
        ("[ab].md", "a.md", True),
        ("[ab].md", "c.md", False),
        ("[!ab].md", "c.md", True),
        ("[!ab].md", "a.md", False),
        # a `#` or a space is a character like another (no comments in a glob)
        ("C# notes/*.md", "C# notes/a.md", True),
        ("#drafts/*.md", "#drafts/a.md", True),
        ("name with spaces/*.md", "name with spaces/a.md", True),
        # a backslash escapes a wildcard
        ("a\\*b.md", "a*b.md", True),
        ("a\\*b.md", "axb.md", False),
        # a pattern git discards (an unclosed class) matches itself only
        ("notes[1.md", "notes[1.md", True),
        ("notes[1.md", "notes1.md", False),
    ],
)
def test_glob(pattern: str, path: str, expected: bool) -> None:
    assert glob(pattern).match(path) is expected


def test_has_wildcards() -> None:
    assert [has_wildcards(p) for p in ("a/*.md", "a?.md", "[ab].md", "docs/a.md", "C# notes/a.md")] == [
        True,
        True,
        True,
        False,
        False,
    ]
