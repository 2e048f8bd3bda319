"""Projects on disk for the HTML report's tests: a generated tree of many Markdown files under a load
plan, and one whose file names hold markup."""

from __future__ import annotations

from pathlib import Path

#: file names that would be markup if not escaped: a tag with a handler, a quote, a newline, an ampersand
HOSTILE = ("<img src=x onerror=alert(1)>.md", 'say "hi" & bye.md', "two\nlines.md")


def big_tree(root: Path, n: int = 1000) -> Path:
    """``n`` Markdown files of three sections each (chars4: a section of k words is k tokens or so):
    a tenth must-load under ``rules/``, the rest skippable under ``docs/``, loaded by two stages."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "prompt_budget.toml").write_text(
        'tokenizer = "chars4"\ncontext_window = 400_000\nusable_fraction = "50%"\nreserved_output = 8_000\n'
        'threshold = "90%"\n\n'
        '[[files]]\nname = "rules"\npath = "rules/*.md"\nmax_tokens = 400\nload = "must"\n\n'
        '[[files]]\nname = "docs"\npath = "docs/**/*.md"\nmax_tokens = 300\npriority = 1\n\n'
        '[[stages]]\nname = "first"\nfiles = ["docs/a/*.md"]\n\n'
        '[[stages]]\nname = "second"\nfiles = ["docs/b/*.md"]\n',
        encoding="utf-8",
    )
    for i in range(n):
        if i % 10 == 0:
            path = root / "rules" / f"rule-{i:04d}.md"
        else:
            path = root / "docs" / ("a" if i % 2 else "b") / f"topic-{i:04d}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        words = 10 + i % 37
        path.write_text(
            f"# Topic {i}\n\n{'word ' * words}\n\n## Details\n\n{'more ' * (2 * words)}\n\n## Notes\n\n{'note ' * 7}\n",
            encoding="utf-8",
        )
    return root / "prompt_budget.toml"


def hostile_tree(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    """Three files whose names are markup (``HOSTILE``); the first over its cap, with an entry
    ``message`` that is markup too."""
    (root / "prompt_budget.toml").write_text(
        'tokenizer = "chars4"\ncontext_window = 10_000\n\n'
        '[[files]]\nname = "<b>notes</b>"\npath = "notes/*.md"\nmax_tokens = 50\nload = "must"\n'
        'message = "</pre><script>alert(2)</script>"\n',
        encoding="utf-8",
    )
    folder = root / "notes"
    folder.mkdir()
    for i, name in enumerate(HOSTILE):
        body = (
            "# <i>Title</i>\n\n"
            + "abcd " * (80 if i == 0 else 10)
            + '\n\n## "Quoted" & <u>under</u>\n\n'
            + "efgh " * 12
        )
        (folder / name).write_text(body, encoding="utf-8")
    return root / "prompt_budget.toml"
