"""SARIF 2.1.0 logs for GitHub code scanning: the structure ``lint --format sarif`` and
``check --format sarif`` share (one run, the tool and its rules, paths relative to ``%SRCROOT%``),
and the results of ``prompt-budget check``: one per broken or warned file budget, must-load total,
load-plan stage and baseline gate. Nothing here prints."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from prompt_budget.report.files import entry_line, flagged, verdict_location
from prompt_budget.report.github import annotation_path, top_for

if TYPE_CHECKING:
    from prompt_budget.baseline import Comparison
    from prompt_budget.files import FilesReport
    from prompt_budget.model import Verdict

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
DOCS = "https://github.com/pytest-prompt-budget/pytest-prompt-budget/blob/main/docs/"


def artifact_location(path: str, root: Path | None) -> dict[str, str]:
    """A SARIF ``artifactLocation``: a percent-encoded URI reference (a space, ``%``, ``:`` or a non-ASCII
    letter in a path is not valid in a URI) relative to ``%SRCROOT%``; a file outside the root (an
    absolute path or one starting with ``..``) gets an absolute ``file:`` URI instead."""
    posix = Path(path).as_posix()
    outside = Path(path).is_absolute() or posix == ".." or posix.startswith("../")
    if not outside:
        return {"uri": quote(posix, safe="/", errors="surrogateescape"), "uriBaseId": "%SRCROOT%"}
    full = Path(path) if Path(path).is_absolute() else (root or Path.cwd()) / path
    return {"uri": full.resolve().as_uri()}


def fingerprint(*parts: object) -> str:
    """A ``partialFingerprints`` value: stable while ``parts`` are, whatever else changes."""
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:32]


def log(
    *,
    rules: Sequence[dict[str, Any]],
    results: Sequence[dict[str, Any]],
    root: Path | None,
    version: str,
    information_uri: str,
) -> str:
    """The whole SARIF document: one run of ``prompt-budget`` with ``rules`` and ``results``;
    ``root`` is ``%SRCROOT%``, the folder relative artifact URIs are taken from."""
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "prompt-budget",
                "informationUri": information_uri,
                "version": version,
                "rules": list(rules),
            }
        },
        "results": list(results),
        "columnKind": "unicodeCodePoints",
    }
    if root is not None:
        run["originalUriBaseIds"] = {"%SRCROOT%": {"uri": root.resolve().as_uri() + "/"}}
    return json.dumps({"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2) + "\n"


# --- prompt-budget check ----------------------------------------------------------------------------

_FILES = "files.md#the-rules"
_IMPORTS = "files.md#claude-code-memory-files-imports-claudelocalmd-and-rules"

#: The rules of ``check``, by id: the level when broken, what it finds, the page that explains it.
CHECK_RULES: dict[str, tuple[str, str, str]] = {
    "file-over-cap": ("error", "A file (or a skill's body) over its max_tokens", _FILES),
    "frontmatter-over-cap": ("error", "A skill's always-loaded frontmatter over its cap", _FILES),
    "file-error": ("error", "A file that cannot be read, or whose frontmatter budget is invalid", _FILES),
    "must-load-missing": ("error", "A must-load entry whose path or glob matches no file", _FILES),
    "entry-matches-nothing": ("warning", "A skippable entry whose path or glob matches no file", _FILES),
    "import-not-loaded": ("warning", "An @path import Claude Code skips without a word", _IMPORTS),
    "must-load-total": ("error", "Must-load files over the usable budget (warning: the threshold)", _FILES),
    "stage-cannot-fit": ("error", "Stage over the usable budget after shedding (warning: threshold)", _FILES),
    "stage-names-nothing": ("error", "A load-plan stage naming no entry and no checked file", _FILES),
    "baseline-growth": ("error", "A count grown past its growth gate over the baseline", "baselines.md"),
    "baseline-tokenizer-changed": ("warning", "Not compared: counted by another tokenizer", "baselines.md"),
}


def _rule_of(v: Verdict) -> str:
    kind = v.details.get("kind")
    if v.details.get("missing"):
        return "must-load-missing" if kind == "must-load" else "entry-matches-nothing"
    if kind == "import":
        return "import-not-loaded"
    if kind == "must-load":
        return "must-load-total"
    if kind == "plan":
        return "stage-cannot-fit" if "index" in v.details else "stage-names-nothing"
    if "problem" in v.details:
        return "file-error"
    return "frontmatter-over-cap" if kind == "frontmatter" else "file-over-cap"


def _location(name: str, line: int | None, root: Path, message: str | None = None) -> dict[str, Any]:
    """A location at ``line`` of the file ``name``, as :func:`.github.annotation_path` names it
    (relative to the repository top ``root``, or absolute)."""
    physical = {"artifactLocation": artifact_location(name, root), "region": {"startLine": line or 1}}
    location: dict[str, Any] = {"physicalLocation": physical}
    if message is not None:
        location["message"] = {"text": message}
    return location


def _verdict_locations(report: FilesReport, v: Verdict, here: Path) -> tuple[list[Any], list[Any]]:
    """Where a verdict goes (as in ``--format github``), and for a file over its cap, the config
    entry that set the cap as a related location."""
    config = report.fileset.config
    where = verdict_location(report, v, config.root, config.path)
    if where is None:
        return [], []
    related = []
    cap_line = entry_line(config, v.cap_source) if where[0] != config.path else None
    if cap_line is not None and config.path is not None:
        related = [_location(annotation_path(config.path), cap_line, here, f"cap set in {v.cap_source}")]
    return [_location(annotation_path(where[0]), where[1], here)], related


def files_sarif(report: FilesReport, comparison: Comparison | None = None, *, version: str = "0") -> str:
    """``prompt-budget check --format sarif``: one result per broken or warned rule (and per item over
    its growth gate, or counted by another tokenizer than the baseline's), paths relative to the
    repository top (``%SRCROOT%``), as in ``--format github``. Fingerprints follow the check's id,
    not its token counts, so an alert stays one alert while the file grows."""
    here = top_for(report.fileset.config.root)
    rules = [
        {
            "id": rid,
            "name": rid,
            "shortDescription": {"text": text},
            "helpUri": DOCS + page,
            "defaultConfiguration": {"level": level},
        }
        for rid, (level, text, page) in CHECK_RULES.items()
    ]
    index = {r["id"]: i for i, r in enumerate(rules)}
    seen: Counter[tuple[str, str]] = Counter()
    results: list[dict[str, Any]] = []

    def add(
        rule: str, level: str, subject: str, message: str, locations: list[Any], related: list[Any]
    ) -> None:
        seen[rule, subject] += 1
        result: dict[str, Any] = {
            "ruleId": rule,
            "ruleIndex": index[rule],
            "level": level,
            "message": {"text": message},
            "locations": locations,
            "partialFingerprints": {"promptBudgetCheck/v1": fingerprint(rule, subject, seen[rule, subject])},
        }
        if related:
            result["relatedLocations"] = [{"id": i + 1, **loc} for i, loc in enumerate(related)]
        results.append(result)

    for v in flagged(report):
        level = "error" if v.status == "fail" else "warning"
        add(_rule_of(v), level, v.subject, v.message, *_verdict_locations(report, v, here))
    if comparison is not None:
        from prompt_budget.report.baseline import file_locations

        config = report.fileset.config
        locate = file_locations(config.root, config.path)
        for items, rule, level in (
            (comparison.failures, "baseline-growth", "error"),
            (comparison.mismatched, "baseline-tokenizer-changed", "warning"),
        ):
            for item in items:
                where = locate(item)
                gate = f" (gate: {item.gate_source})" if item.gate_source else ""
                # already named from the repository top, as an annotation names it
                locations = [] if where is None else [_location(where[0], where[1], here)]
                add(rule, level, item.id, f"{item.id}: {item.message}{gate}", locations, [])
    return log(rules=rules, results=results, root=here, version=version, information_uri=DOCS + "files.md")
