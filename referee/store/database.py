"""The store's database handle: Flask-SQLAlchemy's ``db`` and the models' declarative base.

It lives in the store, apart from the web's extensions (``referee/extensions.py``: Babel, CSRF, htmx,
migrations), so that importing ``referee.store`` loads the database layer and nothing of the web
(tests/test_pure_core.py).
"""

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """The declarative base of every table in ``store/models.py``."""


db = SQLAlchemy(model_class=Base)
