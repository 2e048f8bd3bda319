"""Checking text, chat messages, requests and named sections against token caps.

Pure functions returning ``Verdict`` objects; nothing here imports pytest. A failure says what was
over, by how many tokens and what percent, which tokenizer counted (and whether it estimated), and
where the cap was set: ``cap_source`` (also stored in reports) is a phrase such as ``call argument
max_tokens=1000`` or a config location from ``Config.where()``.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from prompt_budget.errors import BudgetExceeded, ConfigError
from prompt_budget.model import STATUS_MARK, STATUS_RANK, SectionUsage, Status, Usage, Verdict
from prompt_budget.tokenizers import CachedTokenizer, Tokenizer, get_tokenizer

if TYPE_CHECKING:
    from prompt_budget.config import Config
    from prompt_budget.counting import DiskCache
    from prompt_budget.messages import Breakdown

_BY_SOURCES = ("call argument", "marker", "usable budget", "command-line", "model ")
#: A line that may be an ATX heading, or a setext underline (LF or CRLF line endings): a prompt
#: without one is not outlined.
_MAY_HAVE_HEADINGS = re.compile(r"^ {0,3}(?:#|=+[ \t]*\r?$|-+[ \t]*\r?$)", re.MULTILINE)


def measure(
    obj: object, tok: CachedTokenizer, config: Config | None = None, cache: DiskCache | None = None
) -> tuple[int, dict[str, int] | None]:
    """Tokens of ``obj`` (with the config's safety multiplier for estimates) and, for chat messages
    and requests, the parts breakdown. With a ``cache``, a string's count is looked up by the digest
    of its text first, so an unchanged prompt costs a hash and the tokenizer's vocabulary is not even
    loaded."""
    tokens, parts, _ = _measure(obj, tok, config, cache)
    return tokens, parts


def _measure(
    obj: object, tok: CachedTokenizer, config: Config | None, cache: DiskCache | None
) -> tuple[int, dict[str, int] | None, Breakdown | None]:
    """:func:`measure`, plus the breakdown of a message list or request (None for a string)."""
    parts: dict[str, int] | None = None
    found: Breakdown | None = None
    if isinstance(obj, str):
        if cache is not None:
            from prompt_budget.counting import stands_in

            digest = cache.digest(obj.encode("utf-8", "surrogatepass"))
            hit = cache.get(tok.cache_key, digest)
            if hit is None:
                hit = tok.count(obj)
                if not stands_in(tok):  # an estimate for now is not stored as the count
                    cache.put(tok.cache_key, digest, hit)
            tokens = hit
        else:
            tokens = tok.count(obj)
    else:
        from prompt_budget import messages

        kwargs: dict[str, Any] = {}
        if config is not None:
            kwargs = {"ephemeral_keys": config.ephemeral_keys, "image_tokens": config.image_tokens}
        found = messages.breakdown(obj, tok, **kwargs)
        tokens = found.total
        parts = {k: v for k, v in found.parts.items() if v}
        if found.excluded:
            parts["ephemeral_messages_excluded"] = found.excluded
        if found.unmeasured:
            parts["unmeasured_inputs"] = found.unmeasured
    if config is not None:
        tokens = with_safety(tokens, tok.exact, config.safety_multiplier)
    return tokens, parts, found


def where_the_tokens_are(found: Breakdown, scale: Callable[[int], int]) -> str:
    """Two lines for a failing message list or request: its parts and its largest items, most first
    (``by part: tool_results 9,120, messages 1,406, overhead 57`` and ``largest items: messages[7]
    (tool) 8,803 tokens, ...``), each count through ``scale`` (the safety multiplier, as the total
    above them). A request the count-tokens API counted as a whole has neither."""
    if found.whole:
        return "no breakdown by part or item: the count-tokens API counts the request as a whole"
    shown = sorted(((k, v) for k, v in found.parts.items() if v), key=lambda kv: -kv[1])
    lines = []
    if shown:
        lines.append("by part: " + ", ".join(f"{name} {scale(tokens):,}" for name, tokens in shown))
    largest = found.largest()
    if largest:
        lines.append(
            "largest items: " + ", ".join(f"{label} {scale(tokens):,} tokens" for label, tokens in largest)
        )
    return "\n".join(lines)


def with_safety(tokens: int, exact: bool, multiplier: float) -> int:
    """An estimate's count times the config's ``safety_multiplier``, rounded up; an exact count as
    it is. Every check against a cap (texts, messages, files) goes through it."""
    if exact or multiplier == 1.0:
        return tokens
    return math.ceil(tokens * multiplier)


def default_cap(config: Config | None) -> tuple[int | None, str | None]:
    """The cap a check falls back to: ``total`` from the config, else the usable budget."""
    if config is None:
        return None, None
    if config.total is not None:
        return config.total, config.where("total")
    if config.usable_budget is not None:
        return config.usable_budget, f"usable budget from {config.where('context_window')}"
    return None, None


def _where(source: str | None) -> str:
    if not source:
        return ""
    prep = "by the" if source.startswith(_BY_SOURCES) else "in"
    return f"; cap set {prep} {source}"


def amount(tokens: int, exact: bool, multiplier: float = 1.0, tokenizer: str | None = None) -> str:
    """``1,100 tokens``, or ``an estimated 1,100 tokens`` for an estimate, with `` by TOKENIZER`` when
    given and `` (x1.2 safety multiplier)`` when the estimate was multiplied."""
    text = f"{tokens:,} tokens" if exact else f"an estimated {tokens:,} tokens"
    if tokenizer is not None:
        text += f" by {tokenizer}"
    if not exact and multiplier != 1.0:
        text += f" (x{multiplier:g} safety multiplier)"
    return text


def _sentence(
    subject: str,
    tokens: int,
    cap: int,
    status: Status,
    source: str | None,
    amount: str,
    threshold: float | None,
) -> str:
    if status == "fail":
        over = tokens - cap
        return (
            f"{subject} is {amount}, which exceeds its cap of {cap:,} tokens by {over:,} "
            f"({100.0 * over / cap:.1f}%){_where(source)}"
        )
    used = 100.0 * tokens / cap if cap else 0.0
    thr = f", past the {100 * threshold:g}% warning threshold" if threshold is not None else ""
    return f"{subject} is {amount}, {used:.1f}% of its cap of {cap:,} tokens{thr}{_where(source)}"


def _status(tokens: int, cap: int | None, threshold: float | None) -> Status:
    if cap is None:
        return "pass"
    if tokens > cap:
        return "fail"
    if threshold is not None and threshold < 1.0 and tokens > threshold * cap:
        return "warn"
    return "pass"


def _cap(value: object, key: str) -> int:
    """A cap given in a call: a positive int, or a token amount such as ``"8k"`` (as in the config);
    anything else is a ``ConfigError`` naming the argument."""
    if type(value) is int and value > 0:
        return value
    from prompt_budget.config import parse_tokens

    return parse_tokens(value, key=key)


def _given(value: int | str, key: str, source: str | None) -> tuple[int, str]:
    """A cap given in the call, and where it was set (``call argument max_tokens=8k`` unless said)."""
    return _cap(value, key), source if source is not None else f"call argument {key}={value}"


def _setup(
    tokenizer: str | Tokenizer | None, config: Config | None, threshold: float | None
) -> tuple[CachedTokenizer, float | None, float]:
    """The tokenizer (the call's, else the config's), the warning threshold (the call's, else the
    config's) and the safety multiplier."""
    tok = get_tokenizer(tokenizer if tokenizer is not None else (config.tokenizer if config else None))
    if config is None:
        return tok, threshold, 1.0
    return tok, config.threshold if threshold is None else threshold, config.safety_multiplier


def check(
    obj: object,
    max_tokens: int | str | None = None,
    *,
    tokenizer: str | Tokenizer | None = None,
    label: str | None = None,
    cap_source: str | None = None,
    config: Config | None = None,
    threshold: float | None = None,
    cache: DiskCache | None = None,
    model: str | None = None,
) -> Verdict:
    """Count ``obj`` (a string, a chat message list or a request mapping) and compare it with
    ``max_tokens`` (default: the config's ``total``, else its usable budget, else ``model``'s context
    window). ``model`` counts as that model is counted (an explicit ``tokenizer`` wins). ``threshold``
    (a fraction of the cap) turns a near miss into ``warn``; by default the config's threshold when a
    config is given."""
    info = None
    if model is not None:
        from prompt_budget.known_models import require_model

        info = require_model(model)
        tokenizer = tokenizer if tokenizer is not None else info.local_spec
    tok, threshold, multiplier = _setup(tokenizer, config, threshold)
    if max_tokens is None:
        max_tokens, cap_source = default_cap(config)
        if max_tokens is None and info is not None:
            max_tokens, cap_source = info.context_window, f"model {info.name}'s context window"
        if max_tokens is None:
            raise ConfigError(
                "no cap for this check: pass max_tokens=..., set @pytest.mark.prompt_budget(max_tokens=...), "
                "or set total or context_window in [tool.prompt_budget]",
                key="max_tokens",
            )
    else:
        max_tokens, cap_source = _given(max_tokens, "max_tokens", cap_source)
    kind = "prompt" if isinstance(obj, str) else "request" if isinstance(obj, Mapping) else "messages"
    tokens, parts, found = _measure(obj, tok, config, cache)
    status = _status(tokens, max_tokens, threshold)
    message = ""
    if status != "pass":
        describes = getattr(getattr(tok, "inner", tok), "describes", None)
        said = amount(
            tokens,
            tok.exact,
            multiplier,
            f"{tok.name} (estimated for {describes})" if describes else tok.name,
        )
        subject = f"{kind} {label!r}" if label else kind
        message = _sentence(subject, tokens, max_tokens, status, cap_source, said, threshold)
        # where the tokens are, each count as the total above it (the safety multiplier)
        scale = functools.partial(with_safety, exact=tok.exact, multiplier=multiplier)
        if found is not None:
            where = where_the_tokens_are(found, scale)
            if where:
                message += "\n" + where
        elif isinstance(obj, str) and _MAY_HAVE_HEADINGS.search(obj):
            # A failing Markdown prompt: its three largest sections (``"## Tools" (lines 12-80)
            # 1,204 tokens, ...``). Only a prompt with a line that may be a heading is outlined.
            from prompt_budget.outline import largest_sections

            sections = largest_sections(obj, tok, scale)
            if sections:
                message += "\nlargest sections: " + sections
    details: dict[str, Any] = {"kind": kind}
    if parts is not None and found is not None:
        details["parts"] = parts
        details["largest"] = [{"item": label_, "tokens": n} for label_, n in found.largest()]
    receipt = getattr(obj, "receipt", None)
    if receipt is not None:
        # An assembled prompt (prompt_budget.assemble) carries what was cut and why: show it.
        # Duck-typed: a Receipt from a re-imported prompt_budget.truncation is still a receipt.
        from prompt_budget.truncation import receipt_table

        if callable(getattr(receipt, "to_dict", None)):
            details["receipt"] = receipt.to_dict()
            if message:
                message += "\n" + receipt_table(receipt).rstrip("\n")
    return Verdict(
        subject=label or kind,
        usage=Usage(tokens=tokens, tokenizer=tok.name, exact=tok.exact),
        max_tokens=max_tokens,
        cap_source=cap_source,
        status=status,
        message=message,
        details=details,
    )


def check_sections(
    mapping: Mapping[str, object],
    caps: Mapping[str, int | str] | None = None,
    total: int | str | None = None,
    *,
    tokenizer: str | Tokenizer | None = None,
    config: Config | None = None,
    cap_sources: Mapping[str, str] | None = None,
    total_source: str | None = None,
    threshold: float | None = None,
    label: str | None = None,
    cache: DiskCache | None = None,
) -> Verdict:
    """Count each named section (text, message lists or requests) and compare each with its cap
    (``caps``, default the config's ``[sections]``) and their sum with ``total`` (default the
    config's ``total``, else its usable budget; None with neither). The failure message lists the
    offending sections and then a table of every section, the offending ones first."""
    if not isinstance(mapping, Mapping):
        raise TypeError(
            f"check_sections expects a mapping of section name -> text, got {type(mapping).__name__}"
        )
    tok, threshold, multiplier = _setup(tokenizer, config, threshold)
    limits: dict[str, int]
    if caps is None:
        limits = dict(config.sections) if config is not None else {}
        if cap_sources is None and config is not None:
            cap_sources = {name: config.where("sections", name) for name in limits}
    else:
        # Caps given in the call name the sections of this call: a name that is not one is a typo
        # that would otherwise leave a section unchecked.
        unknown = [name for name in caps if name not in mapping]
        if unknown:
            raise ConfigError(
                f"caps for section(s) not in the mapping: {', '.join(map(repr, unknown))}; "
                f"the sections are {', '.join(map(repr, mapping)) or 'none'}",
                key="caps",
            )
        limits = {name: _cap(cap, f"caps[{name!r}]") for name, cap in caps.items()}
    cap_sources = dict(cap_sources or {})
    if total is None:
        total, total_source = default_cap(config)
    else:
        total, total_source = _given(total, "total", total_source)

    sections: list[SectionUsage] = []
    statuses: dict[str, Status] = {}
    for name, value in mapping.items():
        try:
            tokens, _ = measure(value, tok, config, cache)
        except (TypeError, ValueError) as exc:
            if type(exc) not in (TypeError, ValueError):
                raise
            # Say which section: a builder that returned None is otherwise hard to find.
            raise type(exc)(f"section {name!r}: {exc}") from None
        cap = limits.get(name)
        source = cap_sources.get(name) if cap is not None else None
        if cap is not None and source is None:
            source = f"call argument caps[{name!r}]={cap}"
        sections.append(SectionUsage(name=name, tokens=tokens, max_tokens=cap, cap_source=source))
        statuses[name] = _status(tokens, cap, threshold)
    grand = sum(s.tokens for s in sections)
    total_status = _status(grand, total, threshold)

    def sentences(status: Status, thr: float | None) -> list[str]:
        """A sentence for each section, and the total, at ``status``."""
        rows = [
            (f"section {s.name!r}", s.tokens, s.max_tokens, statuses[s.name], s.cap_source) for s in sections
        ]
        rows.append(("the total of all sections", grand, total, total_status, total_source))
        return [
            _sentence(subject, tokens, cap, status, source, amount(tokens, tok.exact, multiplier), thr)
            for subject, tokens, cap, st, source in rows
            if st == status and cap is not None
        ]

    lines = sentences("fail", None)
    worst: Status = "fail" if lines else "pass"
    if not lines and ("warn" in statuses.values() or total_status == "warn"):
        worst, lines = "warn", sentences("warn", threshold)

    message = ""
    if worst != "pass":
        counted = f"counted by {tok.name}" if tok.exact else f"estimated by {tok.name}"
        head = "sections over budget" if worst == "fail" else "sections near their caps"
        table = sections_table(sections, statuses, grand, total, total_status)
        message = f"{head} ({counted}):\n" + "\n".join(f"  {line}" for line in lines) + "\n\n" + table
    return Verdict(
        subject=label or "sections",
        usage=Usage(tokens=grand, tokenizer=tok.name, exact=tok.exact, sections=tuple(sections)),
        max_tokens=total,
        cap_source=total_source,
        status=worst,
        message=message,
        details={"kind": "sections", "section_status": dict(statuses), "total_status": total_status},
    )


def sections_table(
    sections: list[SectionUsage],
    statuses: Mapping[str, Status],
    grand: int,
    total: int | None,
    total_status: Status,
) -> str:
    """Plain-text table of every section (offending ones first, then in the given order) and the
    total."""
    from prompt_budget.text.table import Column, Table, fmt_int, fmt_pct

    def pct(tokens: int, cap: int | None) -> float | None:
        return 100.0 * tokens / cap if cap else None

    table = Table(
        [
            Column("section"),
            Column("tokens", "right"),
            Column("cap", "right"),
            Column("used", "right"),
            Column("status"),
        ]
    )
    for s in sorted(sections, key=lambda s: STATUS_RANK[statuses[s.name]]):  # stable: then as given
        table.add_row(
            s.name,
            fmt_int(s.tokens),
            fmt_int(s.max_tokens),
            fmt_pct(pct(s.tokens, s.max_tokens)),
            STATUS_MARK[statuses[s.name]],
        )
    table.footer = ["total", fmt_int(grand), fmt_int(total), fmt_pct(pct(grand, total))]
    table.footer.append(STATUS_MARK[total_status])
    return table.to_text().rstrip("\n")


def assert_within_budget(
    obj: object, max_tokens: int, *, tokenizer: str | Tokenizer | None = None
) -> Verdict:
    """Raise ``BudgetExceeded`` when ``obj`` is over ``max_tokens``; return the ``Verdict`` otherwise.

    Usable anywhere (no pytest needed)::

        assert_within_budget(system_prompt, 2_000, tokenizer="o200k_base")
    """
    __tracebackhide__ = True
    verdict = check(obj, max_tokens, tokenizer=tokenizer)
    if verdict.status == "fail":
        raise BudgetExceeded(verdict.message, verdict)
    return verdict
