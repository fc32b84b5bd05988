"""One table: its pages, who may do what there, entries, undo, corrections, time travel, the race, its PDFs."""
