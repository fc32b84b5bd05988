"""WSGI entry point: ``gunicorn "wsgi:app"`` or ``flask --app wsgi run``."""

from referee.app import create_app
from referee.web.site.offload import Offload

app = create_app()
app.wsgi_app = Offload(app)  # type: ignore[method-assign]  # heavy reads in a child process (web/offload.py)
