"""Counting many files on every core: a process pool above a threshold of work, results handed back in
the order of the input. The backend's vocabulary is loaded once: before forking, where processes fork
(the workers share it), else once in each worker.

Generic over the work done per file: the caller gives a module-level function (it pickles by name)
that each worker calls with one path; :func:`worker_state` gives it what the pool was started with
(the tokenizer and the caller's payload).
"""

from __future__ import annotations

import contextlib
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


def enough_work(jobs: int, paths: Sequence[str], tokenizer: Any) -> bool:
    """``worth_it`` for ``paths``, stat'ed only until there is enough to tokenize (a missing file
    counts nothing: the worker says what is wrong with it)."""
    size = 0
    for i, path in enumerate(paths):
        with contextlib.suppress(OSError):
            size += os.stat(path).st_size
        if size >= MIN_BYTES and i + 1 >= MIN_FILES:
            break
    return worth_it(jobs, len(paths), size, tokenizer)


def chunked(paths: Sequence[str], jobs: int) -> list[Sequence[str]]:
    """``paths`` in the chunks a worker takes one at a time: up to ``MAX_CHUNK``, about eight a worker
    for a short list."""
    size = max(1, min(MAX_CHUNK, len(paths) // (jobs * 8)))
    return [paths[i : i + size] for i in range(0, len(paths), size)]


def _init(tokenizer: Any, payload: Any) -> None:
    _set_state(tokenizer, payload)
    _end_with(os.getppid())


def _set_state(tokenizer: Any, payload: Any) -> None:
    global _STATE
    _STATE = (tokenizer, payload)


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
) -> Ordered[R]:
    """``fn(path)`` for each of ``paths`` in ``jobs`` worker processes, yielded in the order of
    ``paths``. The workers start at once, before the first result is asked for (``close`` stops them
    when the results are not wanted after all). A worker that cannot start (no ``fork``/``spawn``
    here, a sandbox) makes the whole run serial in this process instead."""
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
    chunks = chunked(paths, jobs)
    if multiprocessing.current_process().daemon:  # a daemonic process may not have children
        return Ordered(_serial(fn, paths, tokenizer, payload))
    try:
        pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_init, initargs=(tokenizer, payload))
    except (OSError, NotImplementedError, ImportError):
        return Ordered(_serial(fn, paths, tokenizer, payload))
    # the parent's objects set aside from the collector while the workers fork: a worker's
    # collections then never walk (and copy) the pages it shares with the parent
    gc.freeze()
    try:
        mapped = pool.map(functools.partial(_run_chunk, fn), chunks)  # starts the workers
    except BrokenProcessPool:
        pool.shutdown(wait=False, cancel_futures=True)
        return Ordered(_serial(fn, paths, tokenizer, payload))
    finally:
        gc.unfreeze()

    def collect() -> Iterator[R]:
        done = 0
        try:
            with pool:
                for results in mapped:
                    yield from results
                    done += 1
        except BrokenProcessPool:  # a worker was killed (out of memory, a signal): the rest here
            yield from _serial(fn, [p for chunk in chunks[done:] for p in chunk], tokenizer, payload)

    return Ordered(collect(), pool)


class Ordered(Iterator[R]):
    """The results of :func:`map_ordered`, in order; ``close`` stops its workers (the results not
    taken are dropped) rather than wait for them to finish."""

    def __init__(self, results: Iterator[R], pool: Any = None) -> None:
        self._results = results
        self._pool = pool

    def __next__(self) -> R:
        return next(self._results)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        close = getattr(self._results, "close", None)
        if close is not None:
            close()


def map_here(
    fn: Callable[[str], R], paths: Sequence[str], tokenizer: Any, payload: Any = None
) -> Iterator[R]:
    """``fn(path)`` for each of ``paths`` in this process, as a worker of :func:`map_ordered` would
    run it (``worker_state`` gives ``tokenizer`` and ``payload``)."""
    return _serial(fn, paths, tokenizer, payload)


#: A walk is handed to a child process once it has yielded this many paths: a shorter one costs less
#: than the fork.
HAND_OFF_AFTER: Final = 2000


def can_fork() -> bool:
    """Whether this process may fork a helper safely: ``fork`` exists, not on macOS (system libraries
    there are not fork-safe), and no other thread runs (one could hold a lock the child needs)."""
    import threading

    return hasattr(os, "fork") and sys.platform != "darwin" and threading.active_count() == 1


def drain_beside(paths: Iterator[str], meanwhile: Callable[[], object] | None) -> list[str]:
    """Every path of ``paths`` (a walk), with ``meanwhile`` run at the same time on another core: once
    the walk has yielded ``HAND_OFF_AFTER`` paths, a forked child walks the rest and sends them back
    while this process runs ``meanwhile`` (loading a vocabulary holds the interpreter lock, so a
    thread would not overlap). A shorter walk, or no ``fork``, runs here and ``meanwhile`` is not
    run. If the child fails, this process walks the rest itself, raising what the walk raises.
    ``meanwhile`` is a preparation: an exception from it is left for the real use to raise. What the
    walk does besides yielding (an ``on_error`` callback, say) is lost for the paths walked in the
    child: give it a walk that reports by raising."""
    out, long = _walked_here(paths, meanwhile)
    if not long:
        return out
    data = _from_child(lambda: os.fsencode("\0".join(paths)), meanwhile)
    if data is None:
        out.extend(paths)  # the child's walk failed: this one raises what it raised
        return out
    _close(paths)
    if data:
        out.extend(os.fsdecode(data).split("\0"))
    return out


def finish_beside(
    paths: Iterator[str], meanwhile: Callable[[], object] | None, finish: Callable[[list[str]], R]
) -> R:
    """``finish`` of every path of ``paths`` (a walk), with ``meanwhile`` run at the same time: as
    :func:`drain_beside`, but the forked child also runs ``finish`` on every path (matching them to
    entries, say) and sends back its result (pickled), so that work too is done beside
    ``meanwhile``. Without a child, ``finish`` runs here; if the child fails, the rest of the walk and
    ``finish`` run here, raising what they raise."""
    out, long = _walked_here(paths, meanwhile)
    if not long:
        return finish(out)

    def child() -> bytes:
        import pickle

        out.extend(paths)
        return pickle.dumps(finish(out), protocol=pickle.HIGHEST_PROTOCOL)

    data = _from_child(child, meanwhile)
    if data is None:
        out.extend(paths)
        return finish(out)
    _close(paths)
    import pickle

    found: R = pickle.loads(data)
    return found


def _walked_here(paths: Iterator[str], meanwhile: Callable[[], object] | None) -> tuple[list[str], bool]:
    """The paths this process walks: all of them, or the first ``HAND_OFF_AFTER`` when the walk is
    long, there is something to do ``meanwhile`` and a child may be forked for the rest (then True)."""
    out: list[str] = []
    if meanwhile is None:
        out.extend(paths)
        return out, False
    for path in paths:
        out.append(path)
        if len(out) >= HAND_OFF_AFTER:
            break
    else:
        return out, False
    if not can_fork():
        out.extend(paths)
        return out, False
    return out, True


def _from_child(produce: Callable[[], bytes], meanwhile: Callable[[], object] | None) -> bytes | None:
    """What ``produce`` returns in a forked child, sent back through a pipe while this process runs
    ``meanwhile`` (its exception suppressed); None when the child failed."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its work, then what it made in one write
        code = 1
        try:
            os.close(read_end)
            view = memoryview(produce())
            while view:
                view = view[os.write(write_end, view) :]
            code = 0
        finally:
            os._exit(code)
    os.close(write_end)
    try:
        if meanwhile is not None:
            with contextlib.suppress(Exception):  # left for the real use to raise, where it is reported
                meanwhile()
    finally:
        parts = []
        with open(read_end, "rb", buffering=0) as fh:
            while chunk := fh.read(1 << 20):
                parts.append(chunk)
        _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        return None
    return b"".join(parts)


def _close(paths: Iterator[str]) -> None:
    """Close this process's copy of a walk a child finished (not to be resumed)."""
    close = getattr(paths, "close", None)
    if close is not None:
        close()


@contextlib.contextmanager
def beside(task: Callable[[], object] | None, fork: bool = True) -> Iterator[None]:
    """Run ``task`` (writing a cache) in a forked child while the body (printing a report) runs
    here, and wait for the child at the end, so the task is done when the block is left. Without
    ``fork``, or where this process may not fork, ``task`` runs here first; if the child fails, it
    runs here at the end."""
    if task is None:
        yield
        return
    pid = os.fork() if fork and can_fork() else -1
    if pid == 0:  # the child: the task, and nothing of the parent's (no buffers flushed, no atexit)
        code = 1
        try:
            task()
            code = 0
        finally:
            os._exit(code)
    if pid < 0:
        task()
        yield
        return
    try:
        yield
    finally:
        _, status = os.waitpid(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            task()


def _serial(fn: Callable[[str], R], paths: Sequence[str], tokenizer: Any, payload: Any) -> Iterator[R]:
    global _STATE
    saved = _STATE
    _set_state(tokenizer, payload)  # no watcher thread: this is the parent
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
