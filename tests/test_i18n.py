"""Every user-facing string has a Japanese translation that keeps its %(name)s parameters."""

import re

import pytest
from babel.messages.pofile import read_po

from referee import catalogs

AREAS = ("core", *catalogs.GAME_AREAS)


@pytest.mark.parametrize("area", AREAS)
def test_every_message_of_the_area_is_translated_into_japanese(area):
    assert catalogs.untranslated().get(area, []) == []


@pytest.mark.parametrize("area", AREAS)
def test_translations_keep_their_parameters(area):
    path = catalogs.po_path(area, "ja")
    if not path.exists():
        pytest.skip(f"no catalogue for {area} yet")
    with path.open("rb") as f:
        for message in read_po(f):
            # A plural entry (ngettext) has a tuple of ids and forms: every form keeps the params.
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            for form in forms if ids[0] else ():
                if form:
                    assert sorted(re.findall(r"%\((\w+)\)s", ids[-1])) == sorted(
                        re.findall(r"%\((\w+)\)s", form)
                    ), ids[0]
