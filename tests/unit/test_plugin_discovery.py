"""The cheap look for ``prompt_budget`` entry points that decides whether pluggy's full scan of every
installed distribution runs. It must never miss a distribution that ``importlib.metadata`` finds (a
missed one silently disables a user's plugin), so each layout below is checked against
``importlib.metadata`` itself; the plugin example test installs a real plugin end to end."""

from __future__ import annotations

import importlib.metadata
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from prompt_budget.plugins import _may_declare

GROUP = "prompt_budget"
DECLARES = "[prompt_budget]\nbytes = bytes_tok.plugin\n"


def dist_info(folder: str, entry_points: str | None) -> Callable[[Path], list[str]]:
    """A ``NAME.dist-info`` folder (any case) in the site folder, with ``entry_points.txt``."""

    def make(site: Path) -> list[str]:
        target = site / folder
        target.mkdir(parents=True)
        (target / "METADATA").write_text("Metadata-Version: 2.1\nName: demo\nVersion: 1.0\n")
        if entry_points is not None:
            (target / "entry_points.txt").write_text(entry_points, newline="")
        return [str(site)]

    return make


def egg_on_path(site: Path) -> list[str]:
    """An unzipped egg put on sys.path by itself (PYTHONPATH=.../x.egg, as zc.buildout does)."""
    egg = site / "bytes_tok-1.0-py3.11.egg"
    (egg / "EGG-INFO").mkdir(parents=True)
    (egg / "EGG-INFO" / "PKG-INFO").write_text("Metadata-Version: 1.1\nName: bytes_tok\nVersion: 1.0\n")
    (egg / "EGG-INFO" / "entry_points.txt").write_text(DECLARES)
    return [str(egg)]


def egg_info_folder(site: Path) -> list[str]:
    folder = site / "old_style.egg-info"
    folder.mkdir()
    (folder / "PKG-INFO").write_text("Metadata-Version: 1.1\nName: old_style\nVersion: 1.0\n")
    (folder / "entry_points.txt").write_text(DECLARES)
    return [str(site)]


def quiet_site(site: Path) -> list[str]:
    """Distributions that declare nothing in the group: ours names prompt_budget under pytest11."""
    dist_info("plain-1.0.dist-info", None)(site)
    dist_info("ours-1.0.dist-info", "[pytest11]\nprompt_budget = prompt_budget.pytest_plugin\n")(site)
    (site / "legacy.egg-info").write_text("Metadata-Version: 1.0\nName: legacy\nVersion: 1.0\n")
    return [str(site)]


LAYOUTS: dict[str, Callable[[Path], list[str]]] = {
    "no declaring distribution": quiet_site,
    "a declaring dist-info": dist_info("bytes_tok-1.0.dist-info", f"[console_scripts]\nx = y:z\n\n{DECLARES}"),
    "upper-case suffix": dist_info("BYTES_TOK-1.0.DIST-INFO", DECLARES),
    "tab-indented header": dist_info("bytes_tok-1.0.dist-info", f"\t{DECLARES}"),
    "header with trailing whitespace": dist_info("bytes_tok-1.0.dist-info", "[prompt_budget] \t\nb = m\n"),
    "double brackets": dist_info("bytes_tok-1.0.dist-info", "[[prompt_budget]]\nb = m\n"),
    "spaces inside the brackets (another group)": dist_info("bytes_tok-1.0.dist-info", "[ prompt_budget ]\nb = m\n"),
    "CRLF line ends": dist_info("bytes_tok-1.0.dist-info", DECLARES.replace("\n", "\r\n")),
    "an egg-info folder": egg_info_folder,
    "an egg on sys.path": egg_on_path,
}  # fmt: skip


@pytest.mark.parametrize("layout", LAYOUTS, ids=list(LAYOUTS))
def test_agrees_with_importlib_metadata_or_errs_towards_a_scan(
    layout: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    path = LAYOUTS[layout](site)
    found = [
        ep
        for dist in importlib.metadata.distributions(path=path)
        for ep in dist.entry_points
        if ep.group == GROUP
    ]
    monkeypatch.setattr(sys, "path", [*path, str(tmp_path / "missing")])
    if found:
        assert _may_declare(GROUP) is True  # never a miss
    else:
        assert _may_declare(GROUP) is False  # and the full scan is skipped when nothing declares


def test_the_layouts_cover_both_answers(tmp_path: Path) -> None:
    """The reference above must see plugins in most layouts, else the agreement test proves little."""
    seen = {}
    for name, make in LAYOUTS.items():
        site = tmp_path / name.replace(" ", "-")
        site.mkdir()
        path = make(site)
        seen[name] = any(
            ep.group == GROUP
            for dist in importlib.metadata.distributions(path=path)
            for ep in dist.entry_points
        )
    assert seen["no declaring distribution"] is False
    assert seen["spaces inside the brackets (another group)"] is False
    assert sum(seen.values()) == len(LAYOUTS) - 2


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.setattr(sys, "path", [str(site)])
    return site


def test_a_zip_archive_on_the_path_means_maybe(site: Path, tmp_path: Path) -> None:
    archive = tmp_path / "bundle.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("mod.py", "")
    sys.path.append(str(archive))
    assert _may_declare(GROUP) is True


def test_an_egg_inside_a_folder_on_the_path_means_maybe(site: Path) -> None:
    (site / "thing-1.0-py3.11.egg").mkdir()
    assert _may_declare(GROUP) is True


def test_an_undecodable_entry_points_file_means_maybe(site: Path) -> None:
    folder = site / "odd-1.0.dist-info"
    folder.mkdir()
    (folder / "entry_points.txt").write_bytes(b"[console_scripts]\nx = \xff\n")
    assert _may_declare(GROUP) is True


def test_a_finder_that_lists_distributions_means_maybe(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Finder:
        def find_spec(self, *args: object) -> None:
            return None

        def find_distributions(self, *args: object) -> list[object]:
            return []

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder()])
    assert _may_declare(GROUP) is True


def test_a_plugin_builds_a_tokenizer_over_another_spec_through_resolve() -> None:
    # `resolve` hands a plugin the tokenizer of another spec (any plugin's, cached), as the built-in
    # `calibrated:` spec does for a calibration fitted over a base tokenizer.
    from prompt_budget.hookspecs import hookimpl
    from prompt_budget.plugins import get_plugin_manager
    from prompt_budget.tokenizers import get_tokenizer
    from prompt_budget.tokenizers.base import Tokenizer

    class Doubled:
        exact = False

        def __init__(self, base: Tokenizer) -> None:
            self.base = base
            self.name = f"doubled:{base.name}"

        def count(self, text: str) -> int:
            return 2 * self.base.count(text)

        def count_many(self, texts: list[str]) -> list[int]:
            return [self.count(t) for t in texts]

    class Plugin:
        @hookimpl
        def prompt_budget_get_tokenizer(self, spec: str, resolve: Callable[[str], Tokenizer]) -> object:
            prefix, _, rest = spec.partition(":")
            return Doubled(resolve(rest)) if prefix == "doubled-test" else None

    pm = get_plugin_manager()
    plugin = Plugin()
    pm.register(plugin, name="doubled-test")
    try:
        tok = get_tokenizer("doubled-test:chars4")
    finally:
        pm.unregister(plugin)
    assert tok.count("abcdefghi") == 6  # chars4: ceil(9 / 4) = 3, doubled
    assert isinstance(tok.inner, Doubled)
    assert tok.inner.base is get_tokenizer("chars4")
