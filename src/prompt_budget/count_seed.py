"""A first run's counting, started before its files are known: a forked child, the *seed*, loads the
vocabulary at once, while this process imports, walks and matches on another core (loading holds the
interpreter lock, so a thread would not overlap), then waits for the paths. Given them
(:meth:`Seed.send`), it forks its workers (they share its vocabulary), which take the paths a chunk at a
time and send their results straight to this process, one pipe each; this process puts them back in
the order of the paths. With too little work for a pool the commands stop the seed and count here (the
vocabulary then stays loaded in this process for its next run).

The paths go through an unlinked temporary file opened before the fork (only their length through a
pipe), so handing them over never waits for the seed to finish loading; the chunks' numbers go to the
workers through one pipe they all read (four bytes each: a pipe's reads and writes that small are
atomic). A chunk no result came back for (a worker that failed, a seed that could not start its
workers) is counted in this process, as :func:`count_pool.map_here` would.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import selectors
import signal
import struct
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, Generic, TypeVar

from prompt_budget import count_pool

R = TypeVar("R")

#: A result frame's header: the chunk's number and the length of its pickled results.
_FRAME: Final = struct.Struct("<II")


def _anonymous_file() -> int:
    """A file with no name that this process and the seed forked from it share: in memory where the
    system makes one (Linux's ``memfd_create``), else a temporary file unlinked at once (``tempfile`` is
    imported only then: a first run forks the seed a few milliseconds sooner)."""
    make = getattr(os, "memfd_create", None)
    if make is not None:
        with contextlib.suppress(OSError):
            fd: int = make("prompt-budget-paths", getattr(os, "MFD_CLOEXEC", 0))
            return fd
    import tempfile

    fd, name = tempfile.mkstemp(prefix="prompt-budget-paths-")
    with contextlib.suppress(OSError):
        os.unlink(name)
    return fd


class Seed(Generic[R]):
    """A child loading ``tokenizer``'s vocabulary now, to run ``fn`` on paths given later with
    ``send``; ``close`` it when the paths are not sent (or the results not all taken)."""

    def __init__(self, fn: Callable[[str], R], jobs: int, tokenizer: Any, payload: Any = None) -> None:
        self._fn, self._jobs, self._tok, self._payload = fn, jobs, tokenizer, payload
        # closed by ``send`` or ``close``: the child reads the paths from it after this method returns
        self._fd = _anonymous_file()
        ready_r, self._ready_w = os.pipe()
        pipes = [os.pipe() for _ in range(jobs)]  # a worker's results, straight to this process
        pid = os.fork()
        if pid == 0:  # the seed: nothing of the parent's runs at its end (no buffers flushed, no atexit)
            code = 1
            try:
                os.close(self._ready_w)
                for r, _ in pipes:
                    os.close(r)
                code = self._serve(ready_r, [w for _, w in pipes])
            finally:
                os._exit(code)
        os.close(ready_r)
        for _, w in pipes:
            os.close(w)
        self._results = [r for r, _ in pipes]
        self._pid: int | None = pid
        self._sent: list[str] | None = None

    @classmethod
    def start(cls, fn: Callable[[str], R], jobs: int, tokenizer: Any, payload: Any = None) -> Seed[R] | None:
        """A seed, where a child may be forked safely (``count_pool.can_fork``) and the tokenizer
        counts locally (``parallel``) with a vocabulary not yet loaded in this process; else None."""
        if jobs <= 1 or not count_pool.can_fork() or not getattr(tokenizer, "parallel", False):
            return None
        if not callable(getattr(tokenizer, "load", None)) or getattr(tokenizer, "loaded", False):
            return None  # nothing to load, or loaded here already: workers forked from here share it
        try:
            return cls(fn, jobs, tokenizer, payload)
        except OSError:  # no fork, no temporary file: counted here, as without a seed
            return None

    # -- the seed and its workers ---------------------------------------------------------------

    def _serve(self, ready: int, results: list[int]) -> int:
        """The seed: load the vocabulary, wait for the paths, fork the workers that count them."""
        self._tok.load()
        with open(ready, "rb", buffering=0) as fh:
            header = fh.read(8)
        if len(header) < 8:  # closed without paths: the run did not need us
            return 0
        size = int.from_bytes(header, "little")
        data = bytearray()
        while len(data) < size:
            chunk = os.pread(self._fd, size - len(data), len(data))
            if not chunk:
                return 1
            data += chunk
        chunks = count_pool.chunked(pickle.loads(data), self._jobs)
        import gc

        gc.freeze()  # the workers' collections then never walk (and copy) the pages they share
        tasks_r, tasks_w = os.pipe()
        workers = []
        for k, out in enumerate(results):
            pid = os.fork()
            if pid == 0:  # a worker: the chunks it takes, its results through its own pipe
                code = 1
                try:
                    os.close(tasks_w)
                    for j, w in enumerate(results):
                        if j != k:
                            os.close(w)
                    self._work(chunks, _numbers(tasks_r), out)
                    code = 0
                finally:
                    os._exit(code)
            workers.append(pid)
        os.close(tasks_r)
        for w in results:
            os.close(w)
        with contextlib.suppress(BrokenPipeError), open(tasks_w, "wb", buffering=0) as fh:
            for i in range(len(chunks)):
                fh.write(i.to_bytes(4, "little"))
        code = 0
        for pid in workers:
            _, status = os.waitpid(pid, 0)
            code = code or os.waitstatus_to_exitcode(status)
        return code

    def _work(self, chunks: list[Sequence[str]], numbers: Iterator[int], out: int) -> None:
        """Count the chunks ``numbers`` names, each chunk's results in one frame on ``out``."""
        with open(out, "wb") as fh:
            for i in numbers:
                done = list(count_pool.map_here(self._fn, chunks[i], self._tok, self._payload))
                data = pickle.dumps(done, protocol=pickle.HIGHEST_PROTOCOL)
                fh.write(_FRAME.pack(i, len(data)))
                fh.write(data)
                fh.flush()

    # -- this process ---------------------------------------------------------------------------

    def send(self, paths: Sequence[str]) -> count_pool.Ordered[R]:
        """Count ``paths`` in workers forked from the seed, the results in the order of ``paths``."""
        self._sent = list(paths)
        data = pickle.dumps(self._sent, protocol=pickle.HIGHEST_PROTOCOL)
        try:
            os.pwrite(self._fd, data, 0)
            os.write(self._ready_w, len(data).to_bytes(8, "little"))
            handed = True
        except OSError:  # the seed is gone (or no room for the file): everything is counted here
            handed = False
        self._let_go()
        if not handed:
            self.close()
            return count_pool.Ordered(count_pool.map_here(self._fn, self._sent, self._tok, self._payload))
        return count_pool.Ordered(self._stream(), self)

    def _let_go(self) -> None:
        """Close the paths' way to the seed (it reads what it was sent, or sees there is nothing)."""
        if self._ready_w >= 0:
            with contextlib.suppress(OSError):
                os.close(self._ready_w)
            self._ready_w = -1
            with contextlib.suppress(OSError):
                os.close(self._fd)

    def _stream(self) -> Iterator[R]:
        """The results, in order: each worker's frames read as they come, held until their turn; the
        chunks that never came are counted here."""
        chunks = count_pool.chunked(self._sent or [], self._jobs)
        held: dict[int, list[R]] = {}
        following = 0
        received = 0
        buffers: dict[int, bytearray] = {}
        fds, self._results = self._results, []
        try:
            with selectors.DefaultSelector() as sel:
                for fd in fds:
                    sel.register(fd, selectors.EVENT_READ)
                    buffers[fd] = bytearray()
                open_fds = len(fds)
                while open_fds and following < len(chunks):
                    for key, _ in sel.select():
                        fd = int(key.fd)
                        data = os.read(fd, 1 << 20)
                        if not data:
                            sel.unregister(fd)
                            os.close(fd)
                            fds.remove(fd)
                            open_fds -= 1
                            continue
                        buf = buffers[fd]
                        buf += data
                        while len(buf) >= _FRAME.size:
                            i, n = _FRAME.unpack_from(buf)
                            if len(buf) < _FRAME.size + n:
                                break
                            held[i] = pickle.loads(buf[_FRAME.size : _FRAME.size + n])
                            del buf[: _FRAME.size + n]
                            received += 1
                    while following in held:
                        yield from held.pop(following)
                        following += 1
        finally:
            for fd in fds:
                with contextlib.suppress(OSError):
                    os.close(fd)
            # every chunk came: the seed is reaping its workers, waited for (whatever was taken)
            self._reap(kill=received < len(chunks))
        for i in range(following, len(chunks)):  # what never came: counted here
            done = held.pop(i, None)
            if done is None:
                done = list(count_pool.map_here(self._fn, chunks[i], self._tok, self._payload))
            yield from done

    def _reap(self, kill: bool) -> None:
        pid, self._pid = self._pid, None
        if pid is None:
            return
        if kill:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)

    def shutdown(self, wait: bool = False, cancel_futures: bool = True) -> None:
        """Stop the seed (``Ordered.close``)."""
        self.close()

    def close(self) -> None:
        """Stop the seed, whatever it is doing; its workers end at their next result, whose pipe is
        closed here."""
        self._let_go()
        for fd in self._results:
            with contextlib.suppress(OSError):
                os.close(fd)
        self._results = []
        self._reap(kill=True)


def _numbers(fd: int) -> Iterator[int]:
    """The chunk numbers a worker takes from the pipe they all read, four bytes each, until it ends."""
    with open(fd, "rb", buffering=0) as fh:
        while len(got := fh.read(4)) == 4:
            yield int.from_bytes(got, "little")
