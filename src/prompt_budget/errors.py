"""The exceptions prompt-budget raises.

``PromptBudgetError`` is the root of every error a user can act on; ``BudgetExceeded`` is an
``AssertionError`` so pytest reports it as a test failure, not an error.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


class PromptBudgetError(Exception):
    """Base class for errors prompt-budget raises on bad input or a missing backend."""


class ConfigError(PromptBudgetError):
    """Invalid configuration; names the file and the key when they are known."""

    def __init__(self, message: str, *, file: str | Path | None = None, key: str | None = None) -> None:
        self.message = message
        self.file = str(file) if file is not None else None
        self.key = key
        super().__init__("".join(f"{where}: " for where in (self.file, key) if where) + message)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_config_error, (self.message, self.file, self.key))


def _rebuild_config_error(message: str, file: str | None, key: str | None) -> ConfigError:
    return ConfigError(message, file=file, key=key)


class TokenizerUnavailable(PromptBudgetError):
    """A tokenizer spec is known but its backend cannot be loaded here (missing extra, no file)."""


class BudgetExceeded(AssertionError):
    """A prompt, section or file is over its token cap. The message says what, by how much, and where
    the cap was set. ``verdict`` holds the structured result when there is one."""

    def __init__(self, message: str, verdict: object | None = None) -> None:
        super().__init__(message)
        self.verdict = verdict

    def __reduce__(self) -> tuple[object, ...]:
        return (BudgetExceeded, (str(self), self.verdict))


class ConfigWarning(UserWarning):
    """A configuration problem that does not stop the run (an unknown key, a value config overrides)."""
