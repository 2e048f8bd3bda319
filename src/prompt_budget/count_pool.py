"""Counting many files on every core: a process pool above a threshold of work, results handed back in
the order of the input. The backend's vocabulary is loaded once: before forking, where processes fork
(the workers share it), else once in each worker.

Generic over the work done per file: the caller gives a module-level function (it pickles by name)
that each worker calls with one path; :func:`worker_state` gives it what the pool was started with
(the tokenizer and the caller's payload).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, Protocol, TypeVar

#: Below this many bytes to tokenize, a pool costs more than it saves (each worker loads the
#: vocabulary, about 0.4 s of CPU for o200k_base, and the parent does not then need to).
MIN_BYTES: Final = 8 << 20
#: ... and below this many files.
MIN_FILES: Final = 8
#: Files a worker takes at a time: large enough that handing them out costs little, small enough
#: that both workers finish close together.
MAX_CHUNK: Final = 128

R = TypeVar("R")

_STATE: tuple[Any, Any] | None = None


def default_jobs() -> int:
    """Every core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def worth_it(jobs: int, files: int, size: int, tokenizer: Any) -> bool:
    """Whether ``files`` files of ``size`` bytes in all are worth spreading over ``jobs`` processes:
    more than one job, enough work, and a tokenizer that counts locally and can be sent to a worker
    (it says so with a true ``parallel`` attribute)."""
    return (
        jobs > 1 and files >= MIN_FILES and size >= MIN_BYTES and bool(getattr(tokenizer, "parallel", False))
    )


def _init(tokenizer: Any, payload: Any) -> None:
    global _STATE
    _STATE = (tokenizer, payload)
    _end_with(os.getppid())


def _end_with(parent: int) -> None:
    """End this worker once the process that started it is gone: killed outright, that process
    cannot stop its workers, and forked workers hold each other's end of the task pipe open."""
    import threading
    import time

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="prompt-budget-watch-parent", daemon=True).start()


def worker_state() -> tuple[Any, Any]:
    """(tokenizer, payload) in a worker of :func:`map_ordered`."""
    if _STATE is None:
        raise RuntimeError("not in a counting worker")
    return _STATE


def _run_chunk(fn: Callable[[str], R], paths: Sequence[str]) -> list[R]:
    return [fn(p) for p in paths]


def map_ordered(
    fn: Callable[[str], R], paths: Sequence[str], jobs: int, tokenizer: Any, payload: Any = None
) -> Iterator[R]:
    """``fn(path)`` for each of ``paths`` in ``jobs`` worker processes, yielded in the order of
    ``paths``. A worker that cannot start (no ``fork``/``spawn`` here, a sandbox) makes the whole run
    serial in this process instead."""
    import functools
    import gc
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    # fork where it is safe: the workers start at once with the modules already imported, and no
    # script is run again in them (spawn and forkserver re-import the main module). The progress
    # display draws from this thread, so no thread of ours holds a lock at the fork.
    fork = "fork" in multiprocessing.get_all_start_methods() and sys.platform != "darwin"
    context = multiprocessing.get_context("fork" if fork else None)
    load = getattr(tokenizer, "load", None)
    if fork and callable(load):
        load()  # here, once: the forked workers share the loaded vocabulary
    size = max(1, min(MAX_CHUNK, len(paths) // (jobs * 8)))
    chunks = [paths[i : i + size] for i in range(0, len(paths), size)]
    if multiprocessing.current_process().daemon:  # a daemonic process may not have children
        yield from _serial(fn, paths, tokenizer, payload)
        return
    try:
        pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_init, initargs=(tokenizer, payload))
    except (OSError, NotImplementedError, ImportError):
        yield from _serial(fn, paths, tokenizer, payload)
        return
    done = 0
    try:
        with pool:
            # the parent's objects set aside from the collector while the workers fork: a worker's
            # collections then never walk (and copy) the pages it shares with the parent
            gc.freeze()
            try:
                mapped = pool.map(functools.partial(_run_chunk, fn), chunks)  # starts the workers
            finally:
                gc.unfreeze()
            for results in mapped:
                yield from results
                done += 1
    except BrokenProcessPool:  # a worker was killed (out of memory, a signal): the rest here
        yield from _serial(fn, [p for chunk in chunks[done:] for p in chunk], tokenizer, payload)


def _serial(fn: Callable[[str], R], paths: Sequence[str], tokenizer: Any, payload: Any) -> Iterator[R]:
    global _STATE
    saved = _STATE
    _init(tokenizer, payload)
    try:
        for p in paths:
            yield fn(p)
    finally:
        _STATE = saved


class Progress(Protocol):
    """What a long run reports its progress to (the CLI shows a bar; None shows nothing)."""

    def start(self, total: int) -> None: ...

    def advance(self, done: int = 1) -> None: ...

    def stop(self) -> None: ...
