"""Reducing a history, simulated (``remove_oldest``) and checked (``assert_reduced``)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from prompt_budget.errors import BudgetExceeded
from prompt_budget.history.conversation import (
    SYSTEM_ROLES,
    Message,
    as_messages,
    budget_tokens,
    count_history,
    first_turn,
    starts_with_user,
)
from prompt_budget.history.tools import reasoning_runs, tool_groups, tool_links
from prompt_budget.tokenizers import Tokenizer, get_tokenizer


@dataclass(frozen=True)
class Reduction:
    """The outcome of ``remove_oldest``: the kept messages, the indices removed (into the original
    list), the counts before and after, and whether the result fits the budget."""

    messages: tuple[Message, ...]
    removed: tuple[int, ...]
    tokens_before: int
    tokens_after: int
    budget: int

    @property
    def fits(self) -> bool:
        return self.tokens_after <= self.budget


def _protected(
    msgs: Sequence[Message], pinned: Collection[int] | Callable[[int, Message], bool], keep_last: int
) -> set[int]:
    """The indices never removed: system and developer messages, ``pinned`` ones and the last
    ``keep_last``."""
    n = len(msgs)
    keep = {i for i, m in enumerate(msgs) if m.get("role") in SYSTEM_ROLES}
    keep.update(range(max(0, n - keep_last), n))
    if callable(pinned):
        keep.update(i for i, m in enumerate(msgs) if pinned(i, m))
    else:
        for i in pinned:
            if not isinstance(i, int) or not -n <= i < n:
                raise ValueError(f"pinned: {i!r} is not an index into the {n} messages")
            keep.add(i % n)
    return keep


def remove_oldest(
    messages: Sequence[Message],
    budget: int | str,
    *,
    tokenizer: str | Tokenizer | None = None,
    system: object | None = None,
    tools: Sequence[Any] | None = None,
    pinned: Collection[int] | Callable[[int, Message], bool] = (),
    keep_last: int = 1,
    ephemeral_keys: Sequence[str] = ("ephemeral",),
    start_with_user: bool = True,
) -> Reduction:
    """Remove the oldest groups (``tool_groups``) until the conversation fits ``budget`` tokens (as
    ``count_history`` counts it), never a group holding a system or developer message, a ``pinned``
    one (indices, or a predicate ``(index, message) -> bool``) or one of the last ``keep_last``; the
    result may still be over (``.fits``). With ``start_with_user``, once anything is removed the rest of
    its exchange goes too, up to a user message (the Anthropic API requires one first), unless that
    would remove a protected message or every user message. See docs/history.md."""
    cap = budget_tokens(budget)
    msgs = as_messages(messages)
    tok = get_tokenizer(tokenizer)
    size = partial(count_history, tokenizer=tok, system=system, tools=tools, ephemeral_keys=ephemeral_keys)

    before = size(msgs)
    keep = _protected(msgs, pinned, keep_last)
    removed: set[int] = set()
    tokens = before
    for group in tool_groups(msgs):
        if tokens <= cap:
            break
        if keep.intersection(group):
            continue
        removed.update(group)
        tokens = size([m for i, m in enumerate(msgs) if i not in removed])
    if start_with_user and removed:
        group_of = {i: g for g in tool_groups(msgs) for i in g}
        more = set(removed)
        while True:
            first = first_turn(msgs, [i for i in range(len(msgs)) if i not in more], ephemeral_keys)
            if first is not None and msgs[first].get("role") == "user":
                if more != removed:
                    removed = more
                    tokens = size([m for i, m in enumerate(msgs) if i not in removed])
                break
            if first is None or keep.intersection(group_of[first]):
                break  # no user message can come first: remove no more than the budget needs
            more.update(group_of[first])
    kept = tuple(m for i, m in enumerate(msgs) if i not in removed)
    return Reduction(kept, tuple(sorted(removed)), before, tokens, cap)


class HistoryCheckFailed(BudgetExceeded):
    """``assert_reduced`` found problems; the message lists each one. ``problems`` holds them."""

    __module__ = "prompt_budget.history"  # where it is imported from, as tracebacks name it

    def __init__(self, message: str, problems: Sequence[str] = (), verdict: object | None = None) -> None:
        super().__init__(message, verdict)
        self.problems = tuple(problems)

    def __reduce__(self) -> tuple[object, ...]:
        return (HistoryCheckFailed, (str(self), self.problems, self.verdict))


@dataclass(frozen=True)
class ReductionCheck:
    """What ``assert_reduced`` measured, returned when every check passes."""

    tokens_before: int
    tokens_after: int
    budget: int
    removed: tuple[int, ...] | None  # indices into ``before``; None when ``after`` rewrote messages


def _preview(m: Message) -> str:
    content = m.get("content", m.get("output"))  # a Responses API item's output
    if isinstance(content, str):
        text = content
    elif isinstance(content, Sequence):
        text = " ".join(str(b.get("text") or b.get("type", "")) for b in content if isinstance(b, Mapping))
    else:
        text = ""
    text = " ".join(text.split())
    who = m.get("role") or m.get("type") or "?"
    return f"{who}: {text[:40]!r}" + ("…" if len(text) > 40 else "")


def _match(before: Sequence[Message], after: Sequence[Message]) -> list[int] | None:
    """Indices into ``before`` of each message of ``after`` when ``after`` is ``before`` with messages
    removed (same messages, same order); None when it is not.

    Matched from the newest end, so a message that occurs twice is taken as its later copy: the
    removed messages are then the oldest ones that can explain ``after``, as a remove-oldest reducer
    removes them (matching from the front would blame the reducer for removing the newer copy)."""
    out: list[int] = []
    j = len(before) - 1
    for m in reversed(after):
        while j >= 0 and before[j] != m:
            j -= 1
        if j < 0:
            return None
        out.append(j)
        j -= 1
    out.reverse()
    return out


def _span(group: Sequence[int]) -> str:
    return f"message {group[0]}" if len(group) == 1 else "messages " + ", ".join(map(str, group))


def assert_reduced(
    before: Sequence[Message],
    after: Sequence[Message],
    budget: int | str,
    *,
    tokenizer: str | Tokenizer | None = None,
    system: object | None = None,
    tools: Sequence[Any] | None = None,
    pinned: Collection[int] | Callable[[int, Message], bool] = (),
    check_minimal: bool = True,
    ephemeral_keys: Sequence[str] = ("ephemeral",),
    start_with_user: bool = True,
) -> ReductionCheck:
    """Check a reducer's output ``after`` against its input ``before`` and ``budget`` tokens (counted
    as the provider sees the next call, with ``system`` and ``tools`` when given). Raises
    ``HistoryCheckFailed`` (a ``BudgetExceeded``) listing every problem: still over the budget; a tool
    call split from its result, or a ``reasoning`` item from what followed it; a system, developer or
    ``pinned`` message dropped; no longer starting with a user message (unless not
    ``start_with_user``); more removed than needed, when putting back the newest removed group would
    still fit (unless not ``check_minimal``). Returns a ``ReductionCheck`` when all is well."""
    cap = budget_tokens(budget)
    old = as_messages(before, "before")
    new = as_messages(after, "after")
    tok = get_tokenizer(tokenizer)
    size = partial(count_history, tokenizer=tok, system=system, tools=tools, ephemeral_keys=ephemeral_keys)

    tokens_before = size(old)
    tokens_after = size(new)
    problems: list[str] = []
    if tokens_after > cap:
        problems.append(
            f"still over budget: the reduced history counts {tokens_after:,} tokens ({tok.name}), over "
            f"the budget of {cap:,} by {tokens_after - cap:,} (it was {tokens_before:,})"
        )
    for link in tool_links(new):
        if link.result is None:
            problems.append(
                f"tool call {link.id!r}{f' ({link.name})' if link.name else ''} in message {link.call} of "
                "the reduced history lost its result"
            )
        elif link.call is None:
            problems.append(
                f"tool result for {link.id!r} in message {link.result} of the reduced history lost its "
                "tool call"
            )
    for run in reasoning_runs(old):
        still = [i for i in run if old[i] in new]
        if still and len(still) < len(run):
            lost = [i for i in run if i not in still]
            problems.append(
                f"the reasoning item of message {run[0]} of the original history and what the model "
                f"output after it were split: {_span(lost)} removed, {_span(still)} kept; the Responses "
                "API rejects a reasoning item without the item after it, and a call or answer without "
                "its reasoning item: keep or remove them together"
            )
    first_old = first_turn(old, range(len(old)), ephemeral_keys)
    user_first = start_with_user and first_old is not None and old[first_old].get("role") == "user"
    first = first_turn(new, range(len(new)), ephemeral_keys)
    if user_first and first is not None and new[first].get("role") != "user":
        problems.append(
            f"the reduced history starts with message {first} ({_preview(new[first])}), not a user "
            "message as the original did; the Anthropic API rejects that: remove the rest of that "
            "exchange too, up to the next user message"
        )
    for i, m in enumerate(old):
        if m.get("role") in SYSTEM_ROLES and m not in new:
            problems.append(f"the system prompt (message {i}, {_preview(m)}) was dropped")
    if callable(pinned):
        pinned_idx = [i for i, m in enumerate(old) if pinned(i, m)]
    else:
        pinned_idx = sorted(
            _protected(old, pinned, 0) - {i for i, m in enumerate(old) if m.get("role") in SYSTEM_ROLES}
        )
    for i in pinned_idx:
        if old[i] not in new:
            problems.append(f"pinned message {i} ({_preview(old[i])}) was dropped")

    matched = _match(old, new)
    removed: tuple[int, ...] | None = None
    if matched is not None:
        kept_idx = set(matched)
        removed = tuple(i for i in range(len(old)) if i not in kept_idx)
        if check_minimal and tokens_after <= cap and removed:
            gone = set(removed)
            back: list[int] = []
            for group in reversed(tool_groups(old)):
                if not gone.issuperset(group):
                    continue
                # The newest group removed is the one a remove-oldest reducer removed last: had it
                # stopped before it, would the history have fitted? (Down to a user message, when the
                # history must start with one.)
                back = sorted([*back, *group])
                if user_first and not starts_with_user(old, kept_idx.union(back), ephemeral_keys):
                    continue
                restored = [m for i, m in enumerate(old) if i in kept_idx or i in back]
                n = size(restored)
                if n <= cap:
                    problems.append(
                        f"removed more than needed: putting back {_span(back)} ({_preview(old[back[0]])}), "
                        f"the newest removed, still fits: {n:,} of {cap:,} tokens"
                    )
                break
    if problems:
        head = f"history reduction check failed ({len(problems)} problem{'s' if len(problems) > 1 else ''}):"
        raise HistoryCheckFailed("\n".join([head, *(f"  - {p}" for p in problems)]), problems)
    return ReductionCheck(tokens_before, tokens_after, cap, removed)
