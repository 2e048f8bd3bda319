"""Rendering results: terminal tables (rich or plain text), JSON, Markdown, JUnit properties.

Nothing here prints: renderers return strings or rich renderables and the caller writes them (pytest's
terminal reporter, or the CLI's one Console)."""
