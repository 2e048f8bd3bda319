"""A first ``check`` of a large tree: the walk finished and its files matched in a child while this
process loads the vocabulary, the files counted in a pool, and what the count cache records of them,
all giving what a serial run gives."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest
from file_tree import tree

from prompt_budget import count_pool, files
from prompt_budget.count_seed import Seed
from prompt_budget.files import FileSet
from prompt_budget.tokenizers.bpe import load_bpe

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


# --- the count cache: "no frontmatter" in one list, and an older cache rebuilt --------------------------

CHECKED = """[tool.prompt_budget]
tokenizer = "o200k_base"

[[tool.prompt_budget.files]]
path = "docs/**/*.md"
max_tokens = 1000

[[tool.prompt_budget.files]]
path = "skills/*/SKILL.md"
frontmatter_max_tokens = 30
"""


def _project(root: Path) -> None:
    (root / "pyproject.toml").write_text(CHECKED, encoding="utf-8")
    for i in range(6):
        (root / "docs" / f"a{i % 2}").mkdir(parents=True, exist_ok=True)
        (root / "docs" / f"a{i % 2}" / f"d{i}.md").write_text(
            f"# Doc {i}\n\nplain text {i}\n", encoding="utf-8"
        )
    for i in range(3):
        (root / "skills" / f"s{i}").mkdir(parents=True, exist_ok=True)
        (root / "skills" / f"s{i}" / "SKILL.md").write_text(
            f"---\nname: s{i}\ndescription: skill {i}\n---\nbody {i}\n", encoding="utf-8"
        )


def _cache_file(root: Path) -> Path:
    return root / ".prompt-budget" / "cache" / "counts-v1.json"


def _first_check(
    root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[list[str], object]:
    """The project written under ``root``, checked once from there with a cold cache: the arguments
    and the JSON report (every file's signature trusted at once, however young)."""
    from prompt_budget import count_cache
    from prompt_budget.cli import main

    monkeypatch.setattr(count_cache, "_RACY_NS", 0)
    _project(root)
    monkeypatch.chdir(root)
    argv = ["check", "--json", "--no-baseline", "--jobs", "1"]
    main(argv)
    return argv, json.loads(capsys.readouterr().out)


def test_contents_without_frontmatter_are_one_list_of_digests_and_a_warm_check_opens_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from prompt_budget import count_cache
    from prompt_budget.cli import main
    from prompt_budget.files import measuring

    argv, cold = _first_check(tmp_path, monkeypatch, capsys)
    blob = json.loads(_cache_file(tmp_path).read_text(encoding="utf-8"))
    assert blob["format"] == count_cache.CACHE_FORMAT == 3
    digests = {where: entry[5] for where, entry in blob["files"].items()}
    plain = {d for where, d in digests.items() if "docs" in where}
    skills = {d for where, d in digests.items() if "skills" in where}
    assert len(plain) == 6
    assert len(skills) == 3
    assert set(blob["plain"]) == plain
    assert set(blob["extras"]) == skills  # only the contents with a frontmatter have an entry each

    def no(*args: object) -> None:
        raise AssertionError("a warm check read a file")

    monkeypatch.setattr(measuring, "read_text", no)
    monkeypatch.setattr(measuring, "_starts_with_dashes", no)
    main(argv)
    assert json.loads(capsys.readouterr().out) == cold


def test_a_cache_of_the_older_format_is_ignored_and_written_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from prompt_budget.cli import main

    argv, fresh = _first_check(tmp_path, monkeypatch, capsys)
    # the same cache as format 2 wrote it ("no frontmatter" an entry of "extras" per content), with
    # counts that are not this tree's: used, they would show
    blob = json.loads(_cache_file(tmp_path).read_text(encoding="utf-8"))
    old = {
        "format": 2,
        "version": blob["version"],
        "hash": blob["hash"],
        "entries": {d: {k: n + 1000 for k, n in counts.items()} for d, counts in blob["entries"].items()},
        "files": blob["files"],
        "extras": {**blob["extras"], **{d: {"frontmatter-v1": None} for d in blob["plain"]}},
    }
    _cache_file(tmp_path).write_text(json.dumps(old), encoding="utf-8")
    main(argv)
    assert json.loads(capsys.readouterr().out) == fresh
    rewritten = json.loads(_cache_file(tmp_path).read_text(encoding="utf-8"))
    assert rewritten["format"] == 3
    assert rewritten["entries"] == blob["entries"]
    assert set(rewritten["plain"]) == set(blob["plain"])
    assert set(rewritten["extras"]) == set(blob["extras"])


@needs_fork
def test_a_first_check_on_every_core_reports_and_records_what_a_serial_one_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from prompt_budget import count_cache
    from prompt_budget.cli import main

    monkeypatch.setattr(count_cache, "_RACY_NS", 0)
    monkeypatch.setattr(count_pool, "MIN_BYTES", 0)  # any amount of work is worth a pool
    monkeypatch.setattr(count_pool, "MIN_FILES", 1)
    monkeypatch.setattr(count_pool, "HAND_OFF_AFTER", 2)
    monkeypatch.setattr(count_pool, "can_fork", lambda: True)
    log = tmp_path / "pools.log"
    real = count_pool.map_ordered

    def spy(fn, paths, jobs, tokenizer, payload=None):  # type: ignore[no-untyped-def]
        with open(log, "a", encoding="utf-8") as fh:
            fh.write(f"here {len(paths)}\n")
        return real(fn, paths, jobs, tokenizer, payload)

    real_send = Seed.send

    def spy_send(self, paths):  # type: ignore[no-untyped-def]
        with open(log, "a", encoding="utf-8") as fh:
            fh.write(f"seed {len(paths)}\n")
        return real_send(self, paths)

    monkeypatch.setattr(count_pool, "map_ordered", spy)
    monkeypatch.setattr(Seed, "send", spy_send)
    _project(tmp_path)
    (tmp_path / "docs" / "a0" / "bad.md").write_text("---\nname: [unclosed\n---\nbody\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    runs = []
    for jobs in ("1", "2", "2"):
        if jobs == "2" and len(runs) == 1:  # each first run cold
            shutil.rmtree(tmp_path / ".prompt-budget")
        code = main(["check", "--no-baseline", "--jobs", jobs])
        runs.append((code, capsys.readouterr().out, json.loads(_cache_file(tmp_path).read_text("utf-8"))))
    pools = [line.split() for line in log.read_text("utf-8").splitlines()]
    # the second run's ten files in one pool (forked from here: the first run loaded the vocabulary
    # here already), none in the warm third
    assert pools == [["here", "10"]]
    assert runs[0][:2] == runs[1][:2] == runs[2][:2]
    assert runs[0][0] == 1  # the bad frontmatter fails
    serial, pooled = runs[0][2], runs[1][2]
    assert set(pooled["plain"]) == set(serial["plain"])
    assert pooled["extras"] == serial["extras"]
    assert pooled["entries"] == serial["entries"]


@needs_fork
def test_files_an_import_adds_after_the_counting_started_are_counted_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from prompt_budget.cli import main

    monkeypatch.setattr(count_pool, "MIN_BYTES", 0)
    monkeypatch.setattr(count_pool, "MIN_FILES", 1)
    log = tmp_path / "pools.log"
    real = count_pool.map_ordered

    def spy(fn, paths, jobs, tokenizer, payload=None):  # type: ignore[no-untyped-def]
        with open(log, "a", encoding="utf-8") as fh:
            fh.write(" ".join(os.path.basename(p) for p in paths) + "\n")
        return real(fn, paths, jobs, tokenizer, payload)

    real_send = Seed.send

    def spy_send(self, paths):  # type: ignore[no-untyped-def]
        with open(log, "a", encoding="utf-8") as fh:  # the pool forked from the seed
            fh.write(" ".join(os.path.basename(p) for p in paths) + "\n")
        return real_send(self, paths)

    monkeypatch.setattr(count_pool, "map_ordered", spy)
    monkeypatch.setattr(Seed, "send", spy_send)
    _project(tmp_path)
    with (tmp_path / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write('\n[[tool.prompt_budget.files]]\npath = "CLAUDE.md"\nload = "must"\nfollow_imports = true\n')
    (tmp_path / "CLAUDE.md").write_text("# Memory\n@notes/extra.md\n@docs/a0/d0.md\n", encoding="utf-8")
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "extra.md").write_text("---\nname: x\n---\nextra notes\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    outputs = []
    for jobs in ("1", "2"):
        shutil.rmtree(tmp_path / ".prompt-budget", ignore_errors=True)
        code = main(["check", "--json", "--no-baseline", "--jobs", jobs])
        outputs.append((code, json.loads(capsys.readouterr().out)))
    assert outputs[0] == outputs[1]
    ids = [v["id"] for v in outputs[0][1]["verdicts"]]
    assert "notes/extra.md" in ids  # imported only: counted after the files the entries match
    pools = [line.split() for line in log.read_text("utf-8").splitlines()]
    assert len(pools) == 1
    assert "extra.md" not in pools[0]  # the pool started before the imports were followed
    assert "CLAUDE.md" in pools[0]


# --- a warm check reads its count cache while the walk finishes in a child ----------------------------


@needs_fork
def test_a_check_reads_its_count_cache_while_a_child_walks_and_counts_ahead_only_when_it_is_cold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from prompt_budget import count_cache
    from prompt_budget.counting import DiskCache

    monkeypatch.setattr(count_cache, "_RACY_NS", 0)
    monkeypatch.setattr(count_pool, "HAND_OFF_AFTER", 5)  # the rest of the walk to a child
    monkeypatch.setattr(count_pool, "can_fork", lambda: True)
    monkeypatch.setattr(count_pool, "MIN_FILES", 1)
    monkeypatch.setattr(count_pool, "MIN_BYTES", 1)
    config = tree(tmp_path, ENTRIES, _layout())
    serial = files.resolve(config)
    events: list[tuple[str, int]] = []
    real_has_files = DiskCache.has_files

    def has_files(self: DiskCache) -> bool:
        events.append(("cache read", os.getpid()))
        return real_has_files(self)

    monkeypatch.setattr(DiskCache, "has_files", has_files)

    def run(cache: DiskCache) -> tuple[FileSet, files.HeadStart]:
        head = files.HeadStart(config, cache, 2)

        def found(paths: list[str]) -> None:
            events.append(("found", os.getpid()))
            head.found(paths)

        fs = files.resolve(config, meanwhile=head.meanwhile, found=found)
        return fs, head

    cold, head = run(DiskCache(tmp_path / "cache"))
    assert events[0] == ("cache read", os.getpid())  # beside the child's walk, before the matches came
    assert ("found", os.getpid()) in events
    assert head.ahead is not None  # nothing recorded: the matched files are counted ahead
    report = files.check(cold, cache=DiskCache(tmp_path / "cache"), jobs=2, ahead=head.ahead)
    head.close()
    assert _shape(cold) == _shape(serial)
    assert head.ahead is None

    events.clear()
    warm, head = run(DiskCache(tmp_path / "cache"))
    assert events[0] == ("cache read", os.getpid())
    assert head.ahead is None  # every file recorded: nothing to count ahead
    again = files.check(warm, cache=DiskCache(tmp_path / "cache"), jobs=2)
    head.close()
    assert [(v.subject, v.usage.tokens) for v in again.verdicts] == [
        (v.subject, v.usage.tokens) for v in report.verdicts
    ]
    assert _shape(warm) == _shape(serial)

    # whether a run hands its walk to a child at all: on one core never; with no file recorded (a
    # vocabulary to load) always; with files recorded only when the cache is large enough to be worth
    # reading beside the walk (a small one is read at once)
    assert files.HeadStart(config, DiskCache(tmp_path / "cache"), 1).beside_the_walk() is None
    assert files.HeadStart(config, DiskCache(tmp_path / "empty"), 2).beside_the_walk() is not None
    # no file recorded and a vocabulary to load: a child loads it at once (the seed), the walk stays here
    head = files.HeadStart(config, DiskCache(tmp_path / "empty"), 2, load_bpe("o200k_base"))
    assert head.beside_the_walk() is None
    assert head.ahead is not None
    assert head.ahead.seeded
    head.close()
    assert head.ahead is None
    assert files.HeadStart(config, DiskCache(tmp_path / "cache"), 2).beside_the_walk() is None
    monkeypatch.setattr(sys.modules["prompt_budget.files.check"], "HAND_OFF_CACHE_BYTES", 1)
    events.clear()
    head = files.HeadStart(config, DiskCache(tmp_path / "cache"), 2)
    assert head.beside_the_walk() == head.meanwhile
    assert events == []  # a large cache is left to be read beside the walk
