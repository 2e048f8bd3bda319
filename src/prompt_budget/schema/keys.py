"""What the schema is made of: a kind of value and the forms a user writes it in (``ValueType``), one
key (``Key``), one table (``Table``), and the sentinel defaults."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


class _Sentinel:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


#: The default of a key that must be given.
REQUIRED: Final = _Sentinel("REQUIRED")
#: The default of a table whose keys have their own defaults (``[tool.prompt_budget.baseline]``).
TABLE_DEFAULTS: Final = _Sentinel("TABLE_DEFAULTS")
#: The default of a lint option whose default differs by rule (``min-value``).
PER_RULE: Final = _Sentinel("PER_RULE")


@dataclass(frozen=True)
class ValueType:
    """A kind of value and the forms a user writes it in (``8000 | "8k"``)."""

    name: str
    forms: str

    def markdown(self) -> str:
        alternatives = ", ".join(f"`{form}`" for form in self.forms.split(" | "))
        return f"{self.name}: {alternatives}" if self.forms else self.name


@dataclass(frozen=True)
class Key:
    """One key of a table. ``default`` is the resolved Python value (what ``Config()`` holds), ``REQUIRED``
    or a sentinel; ``example`` is a TOML value; ``default_note`` replaces the rendered default."""

    name: str
    type: ValueType
    default: object
    description: str
    example: str = ""  # none for a key that opens a table (see)
    default_note: str = ""
    see: str = ""  # the Markdown anchor of the table this key opens, if it is one


@dataclass(frozen=True)
class Table:
    """A TOML table of the configuration. ``name`` is the dotted path under ``[tool.prompt_budget]``
    (``""`` for the top level); ``free_form`` describes tables whose keys the user names
    (``[sections]``); ``preamble`` holds lines every example entry needs (an entry's required keys)."""

    name: str
    title: str
    description: str
    keys: tuple[Key, ...] = ()
    array: bool = False
    free_form: Key | None = None
    preamble: tuple[str, ...] = ()
    header_name: str = ""  # what to write in the header instead of ``name`` (``lint.PB103``)
    #: Lines added to the table's example after its keys (free-form entries, sub-tables).
    extra_example: tuple[str, ...] = ()

    def header(self, prefix: str = "tool.prompt_budget") -> str:
        dotted = ".".join(p for p in (prefix, self.header_name or self.name) if p)
        if not dotted:
            return ""
        return f"[[{dotted}]]" if self.array else f"[{dotted}]"

    def heading(self) -> str:
        """The header shown in the reference: ``[[tool.prompt_budget.files]]``, ``[tool.prompt_budget]``."""
        dotted = ".".join(p for p in ("tool.prompt_budget", self.name) if p)
        return f"[[{dotted}]]" if self.array else f"[{dotted}]"

    def key(self, name: str) -> Key:
        for key in self.keys:
            if key.name == name:
                return key
        raise KeyError(name)
