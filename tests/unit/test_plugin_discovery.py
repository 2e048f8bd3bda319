"""The cheap look for ``prompt_budget`` entry points that decides whether pluggy's full scan of every
installed distribution runs: it must never miss a declaring distribution (the plugin example test
installs a real one), and it errs towards the full scan whenever it cannot see."""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

import pytest

from prompt_budget.plugins import _may_declare


def dist(site: Path, name: str, entry_points: str | None) -> None:
    folder = site / f"{name}-1.0.dist-info"
    folder.mkdir(parents=True)
    (folder / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    if entry_points is not None:
        (folder / "entry_points.txt").write_text(entry_points)


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.setattr(sys, "path", [str(site), str(tmp_path / "missing")])
    return site


def test_no_declaring_distribution(site: Path) -> None:
    dist(site, "plain", None)
    # Our own wheel names "prompt_budget" under pytest11: that is not the group.
    dist(site, "ours", "[pytest11]\nprompt_budget = prompt_budget.pytest_plugin\n")
    (site / "legacy.egg-info").write_text("Metadata-Version: 1.0\n")  # a PKG-INFO style file
    assert _may_declare("prompt_budget") is False


@pytest.mark.parametrize("header", ["[prompt_budget]", "[ prompt_budget ]", "[prompt_budget]  "])
def test_a_declaring_distribution_is_seen(site: Path, header: str) -> None:
    dist(site, "plain", None)
    dist(site, "bytes_tok", f"[console_scripts]\nx = y:z\n\n{header}\nbytes = bytes_tok.plugin\n")
    assert _may_declare("prompt_budget") is True


def test_egg_info_folder(site: Path) -> None:
    folder = site / "old_style.egg-info"
    folder.mkdir()
    (folder / "entry_points.txt").write_text("[prompt_budget]\nold = old_style\n")
    assert _may_declare("prompt_budget") is True


def test_a_zip_archive_on_the_path_means_maybe(site: Path, tmp_path: Path) -> None:
    archive = tmp_path / "bundle.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("mod.py", "")
    sys.path.append(str(archive))
    assert _may_declare("prompt_budget") is True


def test_an_egg_on_the_path_means_maybe(site: Path) -> None:
    (site / "thing-1.0-py3.11.egg").mkdir()
    assert _may_declare("prompt_budget") is True


def test_a_finder_that_lists_distributions_means_maybe(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Finder:
        def find_spec(self, *args: object) -> None:
            return None

        def find_distributions(self, *args: object) -> list[object]:
            return []

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder()])
    assert _may_declare("prompt_budget") is True
