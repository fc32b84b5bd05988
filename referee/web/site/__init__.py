"""What every page shares: the pages outside a table, language, errors, limits, heavy reads, trust, templates."""
