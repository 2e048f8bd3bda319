"""What each harness loads up front, against its budget and its own limits: the must-load total per
harness and per folder (the always-loaded files and their imports, that folder's chain, the listing of
names and descriptions), the ``AGENTS.md`` chain in bytes, the skill listing, and per-file and
per-field limits in the harness's unit. Each file counts once in a total: a symbolic link or an import
of a file already loaded is shown as an alias, not added again.

Verdict ids: ``must-load:<harness>`` (the project root), ``must-load:<harness>:<folder>``, and
``<harness>:<limit>`` with ``:<folder>`` or ``:<file>`` where the limit is per folder or per file."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from prompt_budget.budget import amount
from prompt_budget.config import Config
from prompt_budget.config.harnesses import Harness, Limit
from prompt_budget.counting import FileProblem, read_text
from prompt_budget.files.matching import FileSet
from prompt_budget.files.measuring import Measured
from prompt_budget.files.verdicts import usable_source, usage
from prompt_budget.harnesses.discover import Discovery, Loaded
from prompt_budget.model import Status, Verdict
from prompt_budget.tokenizers import CachedTokenizer

#: Codex joins the files of the chain with blank lines.
CHAIN_JOIN = "\n\n"
LISTING_KEYS = ("name", "description", "when_to_use")


@dataclass(frozen=True)
class Part:
    """One thing a total holds: a file (or its listing entry, or a file it imports), its tokens, and
    the file it is the same as, when it is an alias counted once."""

    id: str
    tokens: int
    what: str  # "always", "folder", "import", "listing"
    alias_of: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "tokens": self.tokens, "what": self.what, "alias_of": self.alias_of}


def _ancestors(where: str) -> list[str]:
    """The root (``""``), then each folder down to ``where``."""
    parts = where.split("/") if where else []
    return ["", *("/".join(parts[:i]) for i in range(1, len(parts) + 1))]


def _shown(folder: str) -> str:
    return folder or "."


def _status(value: int, limit: int, threshold: float) -> Status:
    return "fail" if value > limit else "warn" if value > limit * threshold else "pass"


class _Totals:
    """The counts a harness's checks share: tokens by file id, texts read once, imports."""

    def __init__(self, fs: FileSet, measured: Mapping[str, Measured], tok: CachedTokenizer) -> None:
        self.fs = fs
        self.measured = measured
        self.tok = tok
        self.config: Config = fs.config
        self._texts: dict[str, str | None] = {}
        self.root = fs.config.root.resolve()
        self._real: dict[str, str] = {}
        self.multiplier = max((m.multiplier for m in measured.values()), default=1.0)

    def seed(self, known: Mapping[str, str]) -> None:
        """Links already resolved (by discovery)."""
        self._real.update(known)

    def real(self, fid: str) -> str:
        """The id of the file ``fid`` is (a link's target in the project), else ``fid``; a listing
        entry ``ID#frontmatter`` is its file's."""
        found = self._real.get(fid)
        if found is not None:
            return found
        base, hash_, part = fid.partition("#frontmatter")
        match = self.fs.files.get(base)
        real = base
        if match is not None and os.path.islink(match.path):
            try:
                real = match.path.resolve().relative_to(self.root).as_posix()
            except (ValueError, OSError):
                real = base
        self._real[fid] = found = real + hash_ + part
        return found

    def whole(self, fid: str) -> int:
        m = self.measured.get(fid)
        if m is None:
            return 0
        return m.load_tokens + (m.frontmatter_tokens or 0)

    def listing(self, fid: str) -> int:
        m = self.measured.get(fid)
        return 0 if m is None else m.frontmatter_tokens or 0

    def text(self, fid: str) -> str | None:
        if fid not in self._texts:
            try:
                self._texts[fid] = read_text(self.fs.files[fid].path)[0]
            except (FileProblem, KeyError):
                self._texts[fid] = None
        return self._texts[fid]

    def frontmatter(self, fid: str) -> Mapping[str, Any]:
        m = self.measured.get(fid)
        return m.frontmatter.data if m is not None and m.frontmatter is not None else {}

    def size(self, fid: str, unit: str) -> int:
        if unit == "tokens":
            return self.whole(fid)
        if unit == "bytes":
            try:
                return os.stat(self.fs.files[fid].path).st_size
            except (OSError, KeyError):
                return 0
        return len(self.text(fid) or "")

    def imports(self, fid: str) -> list[str]:
        """The files ``fid`` pulls in through ``@path`` imports, breadth first."""
        out: list[str] = []
        seen = {fid}
        queue = [fid]
        while queue:
            for nxt in self.fs.imports.get(queue.pop(0), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
                    out.append(nxt)
        return out


class _Parts:
    """What a harness loads up front, by folder: the root's parts once, and for a folder only what it
    adds (its chain, the listing of skills scoped to it), so a tree with thousands of folders costs
    each folder its own depth, not the whole root again."""

    def __init__(self, t: _Totals, loaded: Iterable[Loaded]) -> None:
        self.t = t
        files = [x for x in loaded if x.shadowed_by is None]
        self.folder_files: dict[str, list[Loaded]] = {}
        self.scoped_listed: dict[str, list[Loaded]] = {}
        for x in files:
            if x.when == "folder" and x.folder:
                self.folder_files.setdefault(x.folder, []).append(x)
            elif x.listed and x.when != "always" and x.folder:
                self.scoped_listed.setdefault(x.folder, []).append(x)
        self.root_counted: dict[str, str] = {}
        always = [x for x in files if x.when == "always" or (x.when == "folder" and not x.folder)]
        listed = [x for x in files if x.listed and x.when not in ("always", "folder") and not x.folder]
        self.root = self._collect(always, listed, self.root_counted, {})

    def _collect(
        self, loads: list[Loaded], listed: list[Loaded], counted: dict[str, str], base: Mapping[str, str]
    ) -> list[Part]:
        t = self.t
        out: list[Part] = []

        def add(fid: str, tokens: int, what: str) -> None:
            real = t.real(fid)
            first = base.get(real) or counted.get(real)
            if first is not None:
                if first != fid:  # the same file by another path: shown, counted once
                    out.append(Part(fid, 0, what, first))
                return
            counted[real] = fid
            out.append(Part(fid, tokens, what, real if real != fid else None))

        for x in loads:
            add(x.id, t.whole(x.id), x.when)
            for imp in t.imports(x.id):
                add(imp, t.whole(imp), "import")
        for x in listed:
            n = t.listing(x.id)
            if n:
                add(x.id + "#frontmatter", n, "listing")
        return out

    def extra(self, where: str) -> list[Part]:
        """What working in ``where`` adds to the root's parts: the folder files of ``where`` and its
        parents (root first), then the listing scoped to them."""
        if not where:
            return []
        folders = _ancestors(where)[1:]
        loads = [x for f in folders for x in self.folder_files.get(f, ())]
        listed = [x for f in folders for x in self.scoped_listed.get(f, ())]
        return self._collect(loads, listed, {}, self.root_counted)


def _largest(parts: list[Part], n: int = 3) -> str:
    listing = [p for p in parts if p.what == "listing"]
    files = [p for p in parts if p.what != "listing" and p.tokens]
    items = [(p.tokens, p.id) for p in files]
    if listing:
        items.append(
            (sum(p.tokens for p in listing), f"the listing of {len(listing)} names and descriptions")
        )
    items.sort(key=lambda x: (-x[0], x[1]))
    return ", ".join(f"{what} {n:,}" for n, what in items[:n])


def must_load_verdicts(t: _Totals, h: Harness, d: Discovery) -> list[Verdict]:
    """The must-load total of ``h`` at the project root and in each folder with a folder file of its
    own, against its budget (``must_load_max_tokens``, else the usable budget)."""
    loaded = d.of(h.name)
    if not loaded:
        return []
    config = t.config
    budget = h.must_load_max_tokens if h.must_load_max_tokens is not None else config.usable_budget
    source = (
        config.where(f"harness.{h.name}", "must_load_max_tokens")
        if h.must_load_max_tokens is not None
        else usable_source(config)
    )
    out: list[Verdict] = []
    index = _Parts(t, loaded)
    root_total = sum(p.tokens for p in index.root)
    root_counted = sum(1 for p in index.root if p.what != "listing" and p.tokens)
    root_listed = sum(1 for p in index.root if p.what == "listing")
    for where in d.folders(h.name):
        extra = index.extra(where)
        parts = index.root + extra
        total = root_total + sum(p.tokens for p in extra)
        subject = f"must-load:{h.name}" + (f":{where}" if where else "")
        shown = index.root if not where else extra
        details: dict[str, Any] = {
            "kind": "must-load",
            "harness": h.name,
            "folder": _shown(where),
            # a folder's total lists what it adds to the root's (must-load:HARNESS lists those)
            "files": [p.to_dict() for p in shown],
            # a link and the file it is (AGENTS.md -> CLAUDE.md): counted once, shown here
            "aliases": {p.id: t.real(p.id) for p in shown if t.real(p.id) != p.id},
        }
        if where:
            details["root"] = {"id": f"must-load:{h.name}", "tokens": root_total}
        details["counted"] = root_counted + sum(1 for p in extra if p.what != "listing" and p.tokens)
        details["listed"] = root_listed + sum(1 for p in extra if p.what == "listing")
        place = f"in {where}/" if where else "at the project root"
        head = f"{h.title} must-load total {place} is {amount(total, t.tok.exact, t.multiplier)}"
        if budget is None:
            details["note"] = "no context_window (or model) configured: the total is reported, not checked"
            out.append(Verdict(subject, usage(total, t.tok), status="pass", details=details))
            continue
        limit = int(budget * config.threshold)
        details["threshold_tokens"] = limit
        status = _status(total, budget, config.threshold)
        message = ""
        if status == "fail":
            message = f"{head}, over its budget of {budget:,} by {total - budget:,} (set in {source}); largest: {_largest(parts)}"
        elif status == "warn":
            message = (
                f"{head}, past {config.threshold:.0%} of its budget of {budget:,} ({limit:,}; threshold set in "
                f"{config.where('threshold')}); largest: {_largest(parts)}"
            )
        out.append(Verdict(subject, usage(total, t.tok), budget, source, status, message, details))
    return out


def _limit_verdict(
    t: _Totals, h: Harness, lim: Limit, subject: str, value: int, cap: int, what: str, details: dict[str, Any]
) -> Verdict:
    status = _status(value, cap, t.config.threshold)
    where = lim.set_in.removeprefix("config ") if lim.set_in.startswith("config ") else lim.source
    message = ""
    if status == "fail":
        message = (
            f"{what} is {value:,} {lim.unit}, over {h.title}'s {lim.name} limit of {cap:,} {lim.unit} by "
            f"{value - cap:,}; {h.title} does not load what is past it; limit: {where}"
        )
    elif status == "warn":
        message = (
            f"{what} is {value:,} {lim.unit}, past {t.config.threshold:.0%} of {h.title}'s {lim.name} limit "
            f"of {cap:,} {lim.unit}; limit: {where}"
        )
    return Verdict(
        subject,
        usage(value, t.tok) if lim.unit == "tokens" else usage(0, t.tok),
        cap if lim.unit == "tokens" else None,
        where,
        status,
        message,
        {
            "kind": "harness-limit",
            "harness": h.name,
            "limit": lim.name,
            "unit": lim.unit,
            "amount": value,
            "max": cap,
            **details,
        },
    )


def limit_verdicts(t: _Totals, h: Harness, d: Discovery) -> list[Verdict]:
    """Each limit of ``h`` in its own unit: per file and per field (only those past the threshold),
    per folder chain, the listing and each entry of it, the always-loaded total."""
    loaded = [x for x in d.of(h.name) if x.shadowed_by is None]
    out: list[Verdict] = []
    for lim in h.limits.values():
        mine = [x for x in loaded if not lim.rules or x.rule in lim.rules]
        cap = lim.amount_for(t.config.context_window)
        base = f"{h.name}:{lim.name}"
        if lim.scope == "chain":
            by_folder: dict[str, list[Loaded]] = {}
            for x in loaded:
                if x.chain:
                    by_folder.setdefault(x.folder, []).append(x)
            for where in d.folders(h.name):
                if where and where not in by_folder:
                    continue
                chain = [x for f in _ancestors(where) for x in by_folder.get(f, ())]
                if not chain:
                    continue
                sizes = [(x.id, t.size(x.id, lim.unit)) for x in chain]
                joins = len(CHAIN_JOIN.encode()) * (len(chain) - 1) if lim.unit == "bytes" else 0
                value = sum(n for _, n in sizes) + joins
                what = f"the {' + '.join(i for i, _ in sizes)} chain loaded " + (
                    f"in {where}/" if where else "at the project root"
                )
                details = {"folder": _shown(where), "files": [{"id": i, lim.unit: n} for i, n in sizes]}
                out.append(_limit_verdict(t, h, lim, f"{base}:{_shown(where)}", value, cap, what, details))
        elif lim.scope in ("file", "field", "listing-entry"):
            for x in mine:
                if lim.scope == "file":
                    value, what = t.size(x.id, lim.unit), x.id
                elif lim.scope == "field":
                    raw = t.frontmatter(x.id).get(lim.field or "")
                    if raw is None:
                        continue
                    value, what = len(str(raw)), f"{x.id} frontmatter {lim.field}"
                else:
                    if not x.listed:
                        continue
                    fm = t.frontmatter(x.id)
                    value = sum(len(str(fm[k])) for k in LISTING_KEYS if fm.get(k) is not None)
                    what = f"{x.id}'s listing entry ({', '.join(k for k in LISTING_KEYS if fm.get(k) is not None)})"
                v = _limit_verdict(t, h, lim, f"{base}:{x.id}", value, cap, what, {"file": x.id})
                if v.status != "pass":
                    out.append(v)
        elif lim.scope == "listing":
            listed = [x for x in mine if x.listed]
            if not listed:
                continue
            if (
                lim.share is not None
                and t.config.context_window is not None
                and not lim.set_in.startswith("config ")
            ):
                # a share of the context window, in tokens: the listing's names and descriptions as counted
                value, unit_lim = sum(t.listing(x.id) for x in listed), replace(lim, unit="tokens")
                cap = lim.amount_for(t.config.context_window)
                what = f"the listing of {len(listed)} names and descriptions ({lim.share:.0%} of the context window)"
                out.append(_limit_verdict(t, h, unit_lim, base, value, cap, what, {"entries": len(listed)}))
                continue
            value = 0
            for x in listed:
                fm = t.frontmatter(x.id)
                value += sum(len(str(fm[k])) for k in LISTING_KEYS if fm.get(k) is not None)
            what = f"the listing of {len(listed)} names and descriptions"
            out.append(_limit_verdict(t, h, lim, base, value, cap, what, {"entries": len(listed)}))
        elif lim.scope == "always":
            always = [x for x in mine if x.when == "always"]
            if not always:
                continue
            value = sum(t.size(x.id, lim.unit) for x in always)
            what = f"the {len(always)} always-loaded file(s) of rules {', '.join(lim.rules) or 'all'}"
            out.append(_limit_verdict(t, h, lim, base, value, cap, what, {"files": [x.id for x in always]}))
    return out


def harness_verdicts(
    fs: FileSet, measured: Mapping[str, Measured], tok: CachedTokenizer, d: Discovery
) -> list[Verdict]:
    """Every harness check of ``fs.config.harnesses``: the must-load totals, then the limits."""
    t = _Totals(fs, measured, tok)
    t.seed({x.id: x.real or x.id for x in d.loaded})
    out: list[Verdict] = []
    for h in fs.config.harnesses:
        out += must_load_verdicts(t, h, d)
        out += limit_verdicts(t, h, d)
    return out
