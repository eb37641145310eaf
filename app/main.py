"""Start-up of the page: ``index.html`` runs ``start()`` once Pyodide is ready.

Whatever ``start()`` raises is shown by the boot watchdog in ``index.html`` as a
readable start-up error (``data-error`` on ``#app``) instead of a blank page.
"""

from __future__ import annotations


def start() -> None:
    """Hand the page to the game: resume the saved match or deal one (``app.dom.mount``)."""
    from app.dom import mount  # only in the browser

    mount()
