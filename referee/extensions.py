"""Flask extensions, created unbound and bound to the app in ``create_app`` (init_app pattern)."""

from flask_babel import Babel
from flask_htmx import HTMX
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
babel = Babel()
csrf = CSRFProtect()
htmx = HTMX()
