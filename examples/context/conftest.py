"""Makes ``context_app`` importable when pytest runs from the repository root."""
