"""A conversation as the provider will see it on the next call: the messages (SDK objects as their
dicts), the request they make with ``system`` and ``tools``, its count, which messages are system,
ephemeral or the first turn, and ``should_reduce``: whether a reduction should trigger for a
threshold (a percent of the context window, a token budget, or a message count)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from prompt_budget.messages import count_request, detect_provider, has_responses_items, is_ephemeral, plain
from prompt_budget.tokenizers import Tokenizer

Message = Mapping[str, Any]
SYSTEM_ROLES: Final = frozenset({"system", "developer"})


def as_messages(messages: object, arg: str = "messages") -> list[Message]:
    """``messages`` (or a request's ``messages``) as a list of message mappings."""
    if isinstance(messages, Mapping) and "messages" in messages:
        messages = messages["messages"]
    if not isinstance(messages, Sequence) or isinstance(messages, (str, bytes)):
        raise TypeError(f"{arg}: expected a list of chat messages, got {type(messages).__name__}")
    out: list[Message] = []
    for i, m in enumerate(messages):
        m = plain(m)  # an SDK object (response.choices[0].message) or SDK content blocks  # noqa: PLW2901
        if not isinstance(m, Mapping):
            raise TypeError(f"{arg}[{i}]: expected a message mapping with 'role', got {type(m).__name__}")
        out.append(m)
    return out


def _request(
    messages: Sequence[Message], system: object | None, tools: Sequence[Any] | None
) -> Sequence[Message] | dict[str, Any]:
    """The next call's request: ``messages`` with ``system`` and ``tools``. OpenAI Responses API items
    go in ``input`` (with ``system`` as ``instructions``), as they are counted when given alone: under
    ``messages`` they would be read as chat or Anthropic messages."""
    if system is None and tools is None:
        return messages
    typed = any(m.get("type") is not None for m in messages)
    responses = has_responses_items(messages) or (
        typed and system is None and detect_provider({"messages": messages, "tools": tools}) == "openai"
    )
    request: dict[str, Any] = {"input" if responses else "messages": list(messages)}
    if system is not None:
        request["instructions" if responses else "system"] = system
    if tools is not None:
        request["tools"] = list(tools)
    return request


def count_history(
    messages: Sequence[Message] | Mapping[str, Any],
    tokenizer: str | Tokenizer | None = None,
    *,
    system: object | None = None,
    tools: Sequence[Any] | None = None,
    ephemeral_keys: Sequence[str] = ("ephemeral",),
    provider: Literal["openai", "anthropic"] | None = None,
) -> int:
    """Tokens the provider will see on the next call: every message (tool calls and results included)
    plus ``system`` (Anthropic's top-level system prompt) and ``tools`` when given, with messages
    marked ephemeral left out. ``messages`` may also be a whole request mapping."""
    if isinstance(messages, Mapping):
        return count_request(messages, tokenizer, ephemeral_keys=ephemeral_keys, provider=provider)
    msgs = as_messages(messages)
    return count_request(
        _request(msgs, system, tools), tokenizer, ephemeral_keys=ephemeral_keys, provider=provider
    )


def budget_tokens(budget: int | str) -> int:
    """A ``budget=`` argument in tokens (``8000``, ``"8k"``)."""
    from prompt_budget.config import parse_tokens

    return parse_tokens(budget, key="budget") if not isinstance(budget, int) else budget


def first_turn(msgs: Sequence[Message], kept: Collection[int], keys: Sequence[str]) -> int | None:
    """The index of the first message of the conversation proper among ``kept``: the first one sent
    that is not a system or developer message. None when there is none."""
    for i in sorted(kept):
        m = msgs[i]
        if m.get("role") not in SYSTEM_ROLES and not is_ephemeral(m, keys):
            return i
    return None


def starts_with_user(msgs: Sequence[Message], kept: Collection[int], keys: Sequence[str]) -> bool:
    first = first_turn(msgs, kept, keys)
    return first is None or msgs[first].get("role") == "user"


@dataclass(frozen=True)
class Trigger:
    """Whether a reduction should run, with the figures behind the decision. True in a boolean
    context when it should."""

    reduce: bool
    tokens: int
    messages: int
    reasons: tuple[str, ...]
    thresholds: tuple[str, ...]

    def __bool__(self) -> bool:
        return self.reduce

    def describe(self) -> str:
        if self.reduce:
            return "reduce: " + "; ".join(self.reasons)
        tokens = f"{self.tokens:,} token{'' if self.tokens == 1 else 's'}"
        messages = f"{self.messages} message{'' if self.messages == 1 else 's'}"
        return f"no reduction: {tokens} and {messages} are under " + ", ".join(self.thresholds)


def should_reduce(
    messages: Sequence[Message],
    *,
    tokenizer: str | Tokenizer | None = None,
    context_window: int | str | None = None,
    percent: float | str | None = None,
    max_tokens: int | str | None = None,
    max_messages: int | None = None,
    system: object | None = None,
    tools: Sequence[Any] | None = None,
    ephemeral_keys: Sequence[str] = ("ephemeral",),
) -> Trigger:
    """Decide whether a reducer should run on ``messages`` before the next call. Give one or more
    thresholds; a reduction triggers when any is reached:

    - ``percent`` (``0.8`` or ``"80%"``) of ``context_window`` tokens;
    - ``max_tokens`` tokens;
    - ``max_messages`` messages (ephemeral ones not counted).
    """
    from prompt_budget.config import parse_fraction, parse_tokens

    if percent is None and max_tokens is None and max_messages is None:
        raise ValueError("should_reduce: give at least one threshold: percent=, max_tokens= or max_messages=")
    msgs = as_messages(messages)
    tokens = count_history(msgs, tokenizer, system=system, tools=tools, ephemeral_keys=ephemeral_keys)
    live = [m for m in msgs if not is_ephemeral(m, ephemeral_keys)]
    reasons: list[str] = []
    thresholds: list[str] = []
    if percent is not None:
        if context_window is None:
            raise ValueError("should_reduce: percent= needs context_window= (the model's window in tokens)")
        frac = parse_fraction(percent, key="percent")
        window = parse_tokens(context_window, key="context_window")
        limit = int(window * frac)
        thresholds.append(f"{frac:.0%} of the {window:,}-token window ({limit:,} tokens)")
        if tokens >= limit:
            reasons.append(
                f"{tokens:,} tokens is {tokens / window:.1%} of the {window:,}-token window, at or over "
                f"{frac:.0%}"
            )
    if max_tokens is not None:
        cap = parse_tokens(max_tokens, key="max_tokens")
        thresholds.append(f"{cap:,} tokens")
        if tokens >= cap:
            reasons.append(f"{tokens:,} tokens is at or over the budget of {cap:,}")
    if max_messages is not None:
        if isinstance(max_messages, bool) or not isinstance(max_messages, int) or max_messages <= 0:
            raise ValueError(f"max_messages: expected a positive whole number, got {max_messages!r}")
        thresholds.append(f"{max_messages} messages")
        if len(live) >= max_messages:
            reasons.append(f"{len(live)} messages is at or over the limit of {max_messages}")
    return Trigger(bool(reasons), tokens, len(live), tuple(reasons), tuple(thresholds))
