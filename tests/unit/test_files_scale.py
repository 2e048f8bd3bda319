"""A first ``check`` of a large tree: the walk finished and its files matched in a child while this
process loads the vocabulary, the files counted in a pool, and what the count cache records of them,
all giving what a serial run gives."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from file_tree import tree

from prompt_budget import count_pool, files
from prompt_budget.files import FileSet

needs_fork = pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin", reason="needs fork")

ENTRIES = """
[[files]]
path = ["docs/**/*.md", "!docs/private/**"]
max_tokens = 100

[[files]]
path = "docs/guide/*.md"
max_tokens = 50

[[files]]
path = ["skills/*/SKILL.md", "skills/**/SKILL.md"]
frontmatter_max_tokens = 20

[[files]]
path = "AGENTS.md"
load = "must"

[[files]]
path = "missing/*.md"
"""


def _layout() -> dict[str, str]:
    layout = {f"docs/area{i % 7}/d{i:03d}.md": f"doc {i}" for i in range(40)}
    layout |= {f"docs/guide/g{i}.md": f"guide {i}" for i in range(5)}
    layout |= {f"docs/private/p{i}.md": "secret" for i in range(3)}
    layout |= {
        f"skills/s{i}/SKILL.md": f"---\nname: s{i}\ndescription: skill {i}\n---\nbody" for i in range(9)
    }
    layout |= {"skills/deep/er/SKILL.md": "---\nname: deep\ndescription: d\n---\n", "AGENTS.md": "rules"}
    layout |= {"notes/other.txt": "not matched"}
    return layout


def _shape(fs: FileSet) -> list[object]:
    """What a resolve found, as plain data: every file with its entries and exclusions, every
    pattern's hits."""
    return [
        [
            (fid, m.where, [(c.rule.label, c.pattern, c.preset) for c in m.candidates], m.excluded)
            for fid, m in fs.files.items()
        ],
        [(h.rule.label, h.pattern, h.hits) for h in fs.patterns],
    ]


@needs_fork
def test_files_matched_in_a_child_beside_the_vocabulary_are_those_matched_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tree(tmp_path, ENTRIES, _layout())
    serial = files.resolve(config)
    monkeypatch.setattr(count_pool, "HAND_OFF_AFTER", 5)  # the rest of every walk root to a child
    monkeypatch.setattr(count_pool, "can_fork", lambda: True)
    children: list[int] = []
    real = count_pool._from_child

    def spy(produce, meanwhile):  # type: ignore[no-untyped-def]
        children.append(1)
        return real(produce, meanwhile)

    monkeypatch.setattr(count_pool, "_from_child", spy)
    loaded: list[int] = []
    handed = files.resolve(config, meanwhile=lambda: loaded.append(os.getpid()))
    assert loaded == [os.getpid()]
    assert children == [1]  # one child for the walks of docs/ and skills/
    assert _shape(handed) == _shape(serial)
    assert "docs/private/p0.md" not in handed.files
    assert [c.pattern for c in handed.files["docs/guide/g0.md"].candidates] == [
        "docs/guide/*.md",
        "docs/**/*.md",
    ]
    assert handed.files["skills/s1/SKILL.md"].winner.pattern == "skills/*/SKILL.md"
    assert {h.pattern: h.hits for h in handed.patterns}["missing/*.md"] == 0


@needs_fork
def test_a_child_that_fails_leaves_the_walk_and_the_matching_to_this_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tree(tmp_path, ENTRIES, _layout())
    serial = files.resolve(config)
    monkeypatch.setattr(count_pool, "HAND_OFF_AFTER", 5)
    monkeypatch.setattr(count_pool, "can_fork", lambda: True)
    here = os.getpid()

    real = count_pool.finish_beside

    def failing_child(paths, meanwhile, finish):  # type: ignore[no-untyped-def]
        def finish_here_only(walked: list[str]) -> object:
            if os.getpid() != here:
                os._exit(3)  # the child dies as the out-of-memory killer would end it
            return finish(walked)

        return real(paths, meanwhile, finish_here_only)

    monkeypatch.setattr("prompt_budget.files.matching.finish_beside", failing_child)
    assert _shape(files.resolve(config, meanwhile=lambda: None)) == _shape(serial)
