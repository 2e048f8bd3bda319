"""A first ``check``'s head start: the files its walk matched are counted in a pool started as soon as
their paths are known (``resolve``'s ``found``), while this process builds their matches and the rest
of the check; the check then takes the workers' results (``count_paths``'s ``ahead``), in the order of
a serial run."""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Iterator, Sequence

from prompt_budget import count_pool
from prompt_budget.counting import Counted, DiskCache, Extra, count_in_worker
from prompt_budget.tokenizers import CachedTokenizer


class Ahead:
    """Counting started ahead of its use: ``start`` it with the paths to count, ``take`` the results
    for the paths the check counts (those, and maybe more after them), and ``close`` it in the end (it
    stops the workers when the results were not taken)."""

    def __init__(self, tokenizer: CachedTokenizer, cache: DiskCache, jobs: int, extra: Extra | None) -> None:
        self._tok = tokenizer
        self._cache = cache
        self._jobs = jobs
        self._extra = extra
        self._paths: list[str] = []
        self._payload: tuple[frozenset[str], Extra | None, str] | None = None
        self._results: count_pool.Ordered[Counted] | None = None

    def start(self, paths: Sequence[str]) -> None:
        """Start counting ``paths`` (absolute paths, none recorded in the count cache) in a pool,
        when there is enough to tokenize for one (``count_pool.worth_it``)."""
        if self._results is not None:
            return
        size = 0
        for i, path in enumerate(paths):
            with contextlib.suppress(OSError):  # the worker says what is wrong
                size += os.stat(path).st_size
            if size >= count_pool.MIN_BYTES and i + 1 >= count_pool.MIN_FILES:
                break
        if not count_pool.worth_it(self._jobs, len(paths), size, self._tok.inner):
            return
        self._paths = list(paths)
        self._payload = (self._cache.known_digests(self._tok.cache_key), self._extra, self._cache.hash)
        self._results = count_pool.map_ordered(
            count_in_worker, self._paths, self._jobs, self._tok.inner, self._payload
        )

    def take(self, pending: Sequence[str]) -> Iterator[Counted] | None:
        """The workers' results for ``pending``, in order, when it starts with the paths counted
        ahead (the files after them, imported ones, are counted here as a worker would); else None,
        and the workers are stopped."""
        results, paths, payload = self._results, self._paths, self._payload
        self._results = None
        if results is None:
            return None
        n = len(paths)
        if len(pending) < n or list(pending[:n]) != paths:
            results.close()
            return None
        if len(pending) == n:
            return results
        rest = count_pool.map_here(count_in_worker, pending[n:], self._tok.inner, payload)
        return itertools.chain(results, rest)

    def close(self) -> None:
        """Stop the workers if their results were not taken."""
        if self._results is not None:
            self._results.close()
            self._results = None
