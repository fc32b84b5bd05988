"""The URL builders werkzeug compiles for the app's rules are compiled once per process and shared by
every app made after (referee/web/site/urls.py): making an app cost ~150 ms, 95% of it compiling them,
and the tests make thousands of apps. A shared builder must still build each rule's own URL: with the
rule's own converters, its own defaults, and the query string only where werkzeug adds one."""

from __future__ import annotations

import pytest
from werkzeug.routing import AnyConverter, BaseConverter, Map, PathConverter, Rule

from referee.app import create_app
from referee.web.site.urls import AsciiInteger, SharedBuilderRule

STATIC = "/static/<path:filename>"  # added by Flask itself, before the app can choose its rule class


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return create_app(
        {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path_factory.mktemp('urls') / 'u.sqlite3'}"}
    )


def test_an_app_made_after_another_compiles_no_url_builder_of_its_own_rules(app, tmp_path, monkeypatch):
    compiled: list[str] = []
    compile_builder = Rule._compile_builder

    def counted(rule: Rule, append_unknown: bool = True):
        compiled.append(rule.rule)
        return compile_builder(rule, append_unknown)

    monkeypatch.setattr(Rule, "_compile_builder", counted)
    second = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'second.sqlite3'}"})
    assert len(list(second.url_map.iter_rules())) > 70
    assert set(compiled) == {STATIC}


def example(rule: Rule, name: str) -> object:
    """A value for the rule's argument ``name`` that its converter writes in a URL (quoting included)."""
    converter = rule._converters[name]
    if isinstance(converter, AsciiInteger):
        return 42
    if isinstance(converter, AnyConverter):
        return sorted(converter.items)[-1]
    return "a b/ü" if isinstance(converter, PathConverter) else "a b&ü"


@pytest.mark.parametrize("append_unknown", [True, False])
def test_every_rule_of_the_app_builds_what_werkzeugs_own_rule_builds(app, append_unknown):
    shared = list(app.url_map.iter_rules())
    plain_map = Map(
        [Rule(r.rule, endpoint=r.endpoint, methods=r.methods, defaults=r.defaults) for r in shared],
        converters=app.url_map.converters,
    )
    for ours, theirs in zip(shared, plain_map.iter_rules(), strict=True):
        values = {name: example(ours, name) for name in ours.arguments} | {"next": "x&y é"}
        assert ours.build(values, append_unknown) == theirs.build(values, append_unknown), ours.rule
    assert sum(isinstance(r, SharedBuilderRule) for r in shared) == len(shared) - 1


class Upper(BaseConverter):
    def to_url(self, value: str) -> str:
        return value.upper()


class Lower(BaseConverter):
    def to_url(self, value: str) -> str:
        return value.lower()


@pytest.mark.parametrize(("converter", "url"), [(Upper, "/w/ABC"), (Lower, "/w/abc")])
def test_a_shared_builder_writes_an_argument_with_the_converter_of_its_own_rule(converter, url):
    """Two maps name different converters ``word``: one rule text, one shared builder, two URLs."""
    for other in (Upper, Lower):  # both rules exist, whichever compiled the builder first
        Map([SharedBuilderRule("/w/<word:x>", endpoint="w")], converters={"word": other})
    adapter = Map([SharedBuilderRule("/w/<word:x>", endpoint="w")], converters={"word": converter}).bind("h")
    assert adapter.build("w", {"x": "aBc"}) == url


@pytest.mark.parametrize(("default", "url"), [(1, "/p/1"), (2, "/p/2")])
def test_a_rule_with_defaults_keeps_them_in_its_own_builder(default, url):
    """A default met in the rule's own text is compiled into the builder: rules alike but for it differ."""
    for other in (1, 2):
        Map([SharedBuilderRule("/p/<int:n>", endpoint="p", defaults={"n": other})])
    rule = SharedBuilderRule("/p/<int:n>", endpoint="p", defaults={"n": default})
    Map([rule])
    assert rule.build({}) == ("", url)
