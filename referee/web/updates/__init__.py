"""A table followed live: polls answered before Flask, one render per change, "your next table"."""
