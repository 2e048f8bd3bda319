"""The facts of a run carrying one tag, for the project-wide passes (``flow.tagged``).

About fifty passes each ask for the facts of their own tag (``"\\x00uses "``, ``"\\x00override-passed "``)
among every fact of the run (some 20,000 over the benchmark corpus, most of them ``uses``): a scan of
them all per pass was a second of the serial project-wide step. The facts' names are sorted once per run
(per list of facts): the names starting with a tag are then one range of the sorted names, found by
bisection, and given back in the facts' own order.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact

#: The last list of facts asked about (kept alive in its entry, with its length: a list grown since is
#: sorted again), its names sorted, and the place in the list of each sorted name.
_sorted: list[tuple[Sequence[Fact], int, list[str], list[int]]] = []


def _by_name(facts: Sequence[Fact]) -> tuple[list[str], list[int]]:
    if _sorted and _sorted[0][0] is facts and _sorted[0][1] == len(facts):
        return _sorted[0][2], _sorted[0][3]
    order = sorted(range(len(facts)), key=lambda i: facts[i].name)
    names = [facts[i].name for i in order]
    _sorted[:] = [(facts, len(facts), names, order)]
    return names, order


def tagged(facts: Sequence[Fact], prefix: str, fields: int) -> Iterator[tuple[Fact, list[str]]]:
    """The facts whose name starts with ``prefix`` (a project-wide pass's tag), in their order, each with
    the rest of its name split into ``fields`` space-separated fields (the last one keeps its spaces)."""
    names, order = _by_name(facts)
    end = start = bisect_left(names, prefix)
    while end < len(names) and names[end].startswith(prefix):
        end += 1
    for i in sorted(order[start:end]):
        fact = facts[i]
        yield fact, fact.name[len(prefix) :].split(" ", fields - 1)
