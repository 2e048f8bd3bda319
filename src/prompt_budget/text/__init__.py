"""Text utilities below the tokenizers: frontmatter, Markdown structure, grapheme clusters, tables."""
