"""Shared test setup: tiktoken's encoding files made available offline, and xdist variants."""

from __future__ import annotations

import gzip
import hashlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

#: A rule's own error fails the test that met it, instead of becoming a PB000 finding a test filtering
#: findings by code would not see (``prompt_budget.lint.file_errors.RAISE_INTERNAL_ERRORS``).
os.environ.setdefault("PROMPT_BUDGET_LINT_RAISE", "1")

pytest_plugins = ["pytester"]

_TIKTOKEN_URLS = {
    "o200k_base": "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
    "cl100k_base": "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
}


def seed_tiktoken_cache(folder: Path) -> Path:
    """Put tiktoken's own encoding files (shipped gzipped in the bpe-openai package) where tiktoken
    looks for its cache, so it never downloads."""
    import bpe_openai

    data = Path(bpe_openai.__file__).parent / "data"
    folder.mkdir(parents=True, exist_ok=True)
    for name, url in _TIKTOKEN_URLS.items():
        target = folder / hashlib.sha1(url.encode()).hexdigest()
        if not target.exists():
            target.write_bytes(gzip.decompress((data / f"{name}.tiktoken.gz").read_bytes()))
    return folder


@pytest.fixture(scope="session", autouse=True)
def user_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A user cache folder of the test session's own (``$XDG_CACHE_HOME``): nothing a test runs
    writes to the home folder of the machine."""
    with pytest.MonkeyPatch.context() as mp:
        folder = tmp_path_factory.mktemp("user-cache")
        mp.setenv("XDG_CACHE_HOME", str(folder))
        yield folder


@pytest.fixture(scope="session")
def tiktoken_offline(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    with pytest.MonkeyPatch.context() as mp:
        folder = seed_tiktoken_cache(tmp_path_factory.mktemp("tiktoken-cache"))
        mp.setenv("TIKTOKEN_CACHE_DIR", str(folder))
        yield folder


@pytest.fixture(params=[[], ["-n", "2"], ["-p", "no:xdist"]], ids=["serial", "xdist2", "noxdist"])
def xdist_args(request: pytest.FixtureRequest) -> list[str]:
    """Run a plugin test three ways: plainly, under pytest-xdist with two workers, and with xdist off."""
    return list(request.param)
