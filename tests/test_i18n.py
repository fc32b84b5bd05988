"""Every user-facing string has a Japanese translation that keeps its %(name)s parameters."""

import re

import pytest
from babel.messages.pofile import read_po

from referee import translation_catalogs

AREAS = translation_catalogs.areas()


@pytest.mark.parametrize("area", AREAS)
def test_every_message_of_the_area_is_translated_into_japanese(area):
    assert translation_catalogs.untranslated_in(area) == []


@pytest.mark.parametrize("area", AREAS)
def test_translations_keep_their_parameters(area):
    path = translation_catalogs.po_path(area, "ja")
    assert path.exists(), f"no Japanese catalogue for {area}"
    with path.open("rb") as f:
        for message in read_po(f):
            ids = message.id if isinstance(message.id, tuple) else (message.id,)  # plurals: (one, other)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if ids[0] and all(strings):
                wanted = sorted(re.findall(r"%\((\w+)\)[sd]", ids[-1]))
                for string in strings:
                    assert sorted(re.findall(r"%\((\w+)\)[sd]", string)) == wanted, ids[0]
