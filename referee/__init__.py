"""referee: a table-side referee and score keeper for games played with real dominoes and cards.

This package file imports nothing: ``referee.rules`` is pure and must load without Flask or
SQLAlchemy. The web app is built by ``referee.app.create_app``.
"""
