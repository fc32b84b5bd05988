"""Fill translations into an area's catalogue from a Python dict file (msgid -> Japanese).

usage: .venv/bin/python scripts/fill_po.py <area> <dict.py>   (the file defines JA = {...})
"""

import runpy
import sys

from babel.messages.pofile import read_po, write_po

from referee.translation_catalogs import po_path

area, source = sys.argv[1], sys.argv[2]
table = runpy.run_path(source)["JA"]
path = po_path(area, "ja")
with path.open("rb") as f:
    catalog = read_po(f, locale="ja")
filled = 0
for message in catalog:
    if message.id and message.id in table:
        message.string = table[message.id]
        message.flags.discard("fuzzy")
        filled += 1
with path.open("wb") as f:
    write_po(f, catalog, width=0)
print(f"{area}: filled {filled}, catalogue has {len(catalog)} messages")
