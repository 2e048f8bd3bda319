"""A first ``check``'s head start: the files its walk matched are counted in a pool started as soon as
their paths are known (``resolve``'s ``found``), while this process builds their matches and the rest
of the check; the check then takes the workers' results (``count_paths``'s ``ahead``), in the order of
a serial run."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from prompt_budget import count_pool
from prompt_budget.count_seed import Seed
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
        self._seed: Seed[Counted] | None = None

    def seed(self) -> None:
        """Start loading the vocabulary in a child now (``count_seed``), before the paths are known:
        workers forked from it count what ``start`` is given when there is enough for a pool."""
        if self._seed is None and self._results is None:
            self._payload = (self._cache.known_digests(self._tok.cache_key), self._extra, self._cache.hash)
            self._seed = Seed.start(count_in_worker, self._jobs, self._tok.inner, self._payload)

    @property
    def seeded(self) -> bool:
        """Whether a child is loading the vocabulary (``seed``)."""
        return self._seed is not None

    def start(self, paths: Sequence[str]) -> None:
        """Start counting ``paths`` (absolute paths, none recorded in the count cache) in a pool,
        when there is enough to tokenize for one (``count_pool.worth_it``)."""
        if self._results is not None:
            return
        pool = count_pool.enough_work(self._jobs, paths, self._tok.inner)
        seed, self._seed = self._seed, None
        if not pool:  # too little for a pool: counted here (the vocabulary then stays loaded here)
            if seed is not None:
                seed.close()
            return
        if seed is not None:  # counted by workers forked from the child that loaded the vocabulary
            self._paths = list(paths)
            self._results = seed.send(self._paths)
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
        """Stop the workers (or the seed) if their results were not taken."""
        if self._seed is not None:
            self._seed.close()
            self._seed = None
        if self._results is not None:
            self._results.close()
            self._results = None
