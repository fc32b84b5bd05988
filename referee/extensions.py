"""Flask extensions, created unbound and bound to the app in ``create_app`` (init_app pattern).

The database handle is the store's own (``store/database.py``), so that the store loads none of the web's
extensions; it is named here too, beside the others the app binds.
Flask-Migrate is not among them: it is bound when ``flask db`` is asked for (``referee/cli.py``).
"""

from flask_babel import Babel
from flask_htmx import HTMX
from flask_wtf import CSRFProtect

from .store.database import db

__all__ = ["babel", "csrf", "db", "htmx"]

babel = Babel()
csrf = CSRFProtect()
htmx = HTMX()
