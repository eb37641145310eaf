"""Start-up of the page: ``index.html`` runs ``start()`` once Pyodide is ready.

Whatever ``start()`` raises is shown by the boot watchdog (static/watchdog.js) as a
readable start-up error (``data-error`` on ``#app``) instead of a blank page.
"""

from __future__ import annotations


def start() -> None:
    """Hand the page to the game: resume the saved match or deal one (``app.dom.mount``).

    The ``boot:app`` mark tells bench/startup.py where PyScript's own start-up ends
    and ours begins (static/boot.mjs marks the steps before).
    """
    import js  # only in the browser

    from app.dom import mount

    js.performance.mark("boot:app")
    mount()
