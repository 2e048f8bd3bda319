"""A first run's counting, started before its files are known: a forked child loads the vocabulary at
once, while this process imports, walks and matches on another core (loading holds the interpreter
lock, so a thread would not overlap), then waits for the paths; given them (:meth:`Seed.send`), it
counts them, in a pool forked from itself when there is enough work (its workers share its vocabulary)
or by itself, and streams the results back in order.

The paths go through an unlinked temporary file opened before the fork (only their length through the
pipe), so handing them over never waits for the child to finish loading. If the child fails, the paths
it did not count are counted in this process, as :func:`count_pool.map_here` would.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import tempfile
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, Generic, TypeVar

from prompt_budget import count_pool

R = TypeVar("R")

#: Results sent back to this process at a time.
BATCH: Final = 64


class Seed(Generic[R]):
    """A child loading ``tokenizer``'s vocabulary now, to run ``fn`` on paths given later with
    ``send``; ``close`` it when the paths are not sent (or the results not all taken)."""

    def __init__(self, fn: Callable[[str], R], jobs: int, tokenizer: Any, payload: Any = None) -> None:
        self._fn, self._jobs, self._tok, self._payload = fn, jobs, tokenizer, payload
        # closed by ``send`` or ``close``: the child reads the paths from it after this method returns
        self._file = tempfile.TemporaryFile()  # noqa: SIM115
        ready_r, self._ready_w = os.pipe()
        self._results_r, results_w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: nothing of the parent's runs at its end (no buffers flushed, no atexit)
            code = 1
            try:
                os.close(self._ready_w)
                os.close(self._results_r)
                code = self._serve(ready_r, results_w)
            finally:
                os._exit(code)
        os.close(ready_r)
        os.close(results_w)
        self._pid: int | None = pid
        self._sent: list[str] | None = None

    @classmethod
    def start(cls, fn: Callable[[str], R], jobs: int, tokenizer: Any, payload: Any = None) -> Seed[R] | None:
        """A seed, where a child may be forked safely (``count_pool.can_fork``) and the tokenizer
        counts locally (``parallel``) with a vocabulary to load; else None."""
        if jobs <= 1 or not count_pool.can_fork() or not getattr(tokenizer, "parallel", False):
            return None
        if not callable(getattr(tokenizer, "load", None)):
            return None
        try:
            return cls(fn, jobs, tokenizer, payload)
        except OSError:  # no fork, no temporary file: counted here, as without a seed
            return None

    def _serve(self, ready: int, results: int) -> int:
        """The child: load the vocabulary, wait for the paths, count them, send the results."""
        self._tok.load()
        with open(ready, "rb", buffering=0) as fh:
            header = fh.read(9)
        if len(header) < 9:  # closed without paths: the run did not need us
            return 0
        size, pool = int.from_bytes(header[:8], "little"), bool(header[8])
        data = bytearray()
        while len(data) < size:
            chunk = os.pread(self._file.fileno(), size - len(data), len(data))
            if not chunk:
                return 1
            data += chunk
        paths: list[str] = pickle.loads(data)
        if pool:
            done: Iterator[R] = count_pool.map_ordered(self._fn, paths, self._jobs, self._tok, self._payload)
        else:
            done = count_pool.map_here(self._fn, paths, self._tok, self._payload)
        with open(results, "wb") as out:
            batch: list[R] = []
            for result in done:
                batch.append(result)
                if len(batch) >= BATCH:
                    pickle.dump(batch, out, protocol=pickle.HIGHEST_PROTOCOL)
                    out.flush()
                    batch = []
            pickle.dump(batch, out, protocol=pickle.HIGHEST_PROTOCOL)
        return 0

    def send(self, paths: Sequence[str], pool: bool) -> count_pool.Ordered[R]:
        """Count ``paths`` in the child (in a pool forked from it when ``pool``), the results in the
        order of ``paths``."""
        self._sent = list(paths)
        data = pickle.dumps(self._sent, protocol=pickle.HIGHEST_PROTOCOL)
        try:
            os.pwrite(self._file.fileno(), data, 0)
            os.write(self._ready_w, len(data).to_bytes(8, "little") + bytes([pool]))
            handed = True
        except OSError:  # the child is gone (or no room for the file): everything is counted here
            handed = False
        self._let_go()
        if not handed:
            self.close()
            return count_pool.Ordered(count_pool.map_here(self._fn, self._sent, self._tok, self._payload))
        return count_pool.Ordered(self._stream(), self)

    def _let_go(self) -> None:
        """Close the paths' way to the child (it reads what it was sent, or sees there is nothing)."""
        if self._ready_w >= 0:
            with contextlib.suppress(OSError):
                os.close(self._ready_w)
            self._ready_w = -1
            self._file.close()

    def _stream(self) -> Iterator[R]:
        sent = self._sent or []
        got = 0
        fd, self._results_r = self._results_r, -1
        try:
            with open(fd, "rb") as fh:
                while True:
                    try:
                        batch: list[R] = pickle.load(fh)
                    except (EOFError, pickle.UnpicklingError):
                        break
                    if not batch:
                        break
                    got += len(batch)
                    yield from batch
        finally:
            self._reap(kill=got < len(sent))
        if got < len(sent):  # the child failed: the rest here
            yield from count_pool.map_here(self._fn, sent[got:], self._tok, self._payload)

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
        """Stop the child (``Ordered.close``)."""
        self.close()

    def close(self) -> None:
        """Stop the child, whatever it is doing (its pool's workers end with it)."""
        self._let_go()
        if self._results_r >= 0:
            with contextlib.suppress(OSError):
                os.close(self._results_r)
            self._results_r = -1
        self._reap(kill=True)
