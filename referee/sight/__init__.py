"""Reading dominoes from a photo of the table (issue 31): render.py makes the seeded synthetic photos,
reader.py reads them (classical vision cross-checked by model.py), intake.py takes a body in safely."""
