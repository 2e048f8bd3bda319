"""The package version, in a module of its own so that any layer may read it without importing the
public API (``prompt_budget/__init__``)."""

__version__ = "0.1.0"
