"""Start-up of the page: ``index.html`` runs ``start()`` once Pyodide is ready.

``start`` asks the browser which other tabs of the game are open, then builds the page
(``app.dom.Page``, what screens draw on, and ``app.events.Events``, what it hears) and
the screen it drives: the game against bots (``app.controller.Controller``), resumed or
dealt, or an online table when the address asks for one (after ``load_part`` fetched
online play's code, ``app.parts``). Before anything stored is read, ``app.recovery``
sets aside the records of a start that failed twice. A ``?lang=`` in the address is
remembered as a choice and dropped from it (``_keep_language``).

Whatever ``start()`` raises is shown by the boot watchdog (static/watchdog.js) as a
readable start-up error (``data-error`` on ``#app``) instead of a blank page.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from app.dom import Page, absent
from app.events import Events


def start() -> None:
    """Hand the page to the game: resume the saved match or deal one (``mount``).

    The ``boot:app`` mark tells bench/startup.py where PyScript's own start-up ends
    and ours begins (static/boot.mjs marks the steps before).
    """
    import js  # only in the browser

    js.performance.mark("boot:app")
    mount()


def mount() -> None:
    """Start the game in ``#app``: resume the saved match or deal a new one, once the
    browser has said which other tabs of the game are open (``static/watchdog.js``
    gives this tab its id and Web Lock and asks; where it cannot, at once)."""
    import os

    import js
    from pyodide.ffi import create_once_callable

    boot: Any = getattr(js, "schwimmenBoot", None)
    if absent(boot):
        _start(js, os.urandom(8).hex(), None)
        return
    tab = str(boot.tabId)

    def found(ids: Any) -> None:
        # None: the browser cannot tell (no Web Locks); app.tabs then trusts the clock.
        tabs = None if absent(ids) else frozenset(str(i) for i in ids)
        if _online_asked(str(js.location.search)):  # its code comes first (app.parts)
            load_part(js, "online", lambda: _start(js, tab, tabs))
        else:
            _start(js, tab, tabs)

    boot.openTabs.then(create_once_callable(found))


def _start(js: Any, tab: str, open_tabs: frozenset[str] | None) -> None:
    from app import recovery
    from app.controller import Controller

    app = js.document.getElementById("app")
    page = Page(app, fetch_part=lambda name, then: load_part(js, name, then))
    events = Events(page)  # the page hears clicks, taps, drags and keys from now on
    store = _store(js)
    # Before anything stored is read: a start that did not finish sets them aside.
    page.aside = recovery.begin(store, tab, open_tabs, float(js.Date.now()))
    page.store, page.tab = store, tab
    try:
        # The language policy (German for de-*, else English) lives in app.settings.model.
        lang = str(js.navigator.language or "de")
        query = str(js.location.search)
        if _online_asked(query):
            _keep_language(js, store, lang, query)
        if _start_online(js, page, store, lang, query):
            return
        controller = Controller(
            page, store, query=query, browser_lang=lang, tab_id=tab, open_tabs=open_tabs
        )
        controller.notices += page.aside  # said in the banner with the other stored data
        # Only now: the controller has read the settings and kept any damaged record's
        # notice (remembering the language first would have quarantined it unsaid).
        _keep_language(js, store, lang, query)
        page.controller = controller
        page.keeps_screen = True
        controller.touch = bool(js.window.matchMedia("(pointer: coarse)").matches)
        # a build for a table server names it in the page (scripts/build.py with_server_meta)
        controller.server = not absent(js.document.querySelector('meta[name="schwimmen-server"]'))
        controller.start()
        events.watch_window()
    except Exception:  # also after the first screen: the next start sets records aside
        recovery.failed(store, tab)
        raise


def _keep_language(js: Any, store: Any, browser_lang: str, search: str) -> None:
    """A ``?lang=`` in the address is a choice of language: remembered as the settings
    dialog's is, and dropped from the address (as the watchdog drops ``?seed=`` on an
    update), so a language chosen later in the settings is what a reload shows: the
    address no longer overrides the player's own choice (issue 21). An odd value is
    only dropped (the settings report it for this page load)."""
    from app.settings import model as st
    from app.url import parse_query

    asked = parse_query(search).get("lang")
    if asked is None:
        return
    if store is not None:
        saved, _ = st.load_settings(store, browser_lang)
        chosen, _, odd = st.apply_url(saved, {"lang": asked})
        if not odd and chosen.lang != saved.lang:
            st.remember(store, browser_lang, lang=chosen.lang)
    address = js.URL.new(js.location.href)
    address.searchParams.delete("lang")
    js.history.replaceState(None, "", address.href)


def _start_online(js: Any, page: Page, store: Any, lang: str, search: str) -> bool:
    """An online table when the URL asks for one (``app.online.page.wanted``)."""
    from app.url import parse_query

    query = parse_query(search)
    if not _online_asked(search):
        return False  # the game against bots imports nothing of online play
    from app.online import page as online
    from app.settings import model as st
    from app.storage import MemoryBackend, Store

    role = online.wanted(query)
    if role is None:
        return False
    store = store or Store(MemoryBackend())  # storage switched off: this visit only
    saved, _ = st.load_settings(store, lang)
    settings, _, _ = st.apply_url(saved, query)
    online.start(page, store, query, role[0], role[1], settings, notices=page.aside)
    return True


def _online_asked(search: str) -> bool:
    from app.controller import parse_query

    return any(k in parse_query(search) for k in ("join", "host", "online", "table", "watch"))


def load_part(js: Any, name: str, then: Callable[[], None]) -> None:
    """Run ``then`` once the part ``name`` of our Python (``app.parts``) can be imported:
    at once if it is there (a restored snapshot has it), else after fetching its zip
    (from the service worker's cache when offline). A part that cannot be had is said
    on the boot screen, or in the console once the game is up."""
    from pyodide.ffi import create_once_callable

    from app import parts

    if parts.loaded(name):
        then()
        return
    url = parts.zip_name(name)

    def arrived(response: Any) -> Any:
        if not response.ok:
            raise RuntimeError(f"{url}: HTTP {response.status}")
        return response.arrayBuffer()

    def install(buffer: Any) -> None:
        parts.install(name, js.Uint8Array.new(buffer).to_bytes())
        then()

    def failed(error: Any) -> None:
        js.console.error(f"Schwimmen: {url} could not be loaded: {error}")
        js.schwimmenBoot.failed(js.Object.fromEntries([["missing", url]]))

    js.fetch(url).then(create_once_callable(arrived)).then(
        create_once_callable(_logged(install)), create_once_callable(failed)
    )


def _logged(fn: Callable[..., None]) -> Callable[..., None]:
    """``fn``, its Python errors put in the console (a promise callback's own would be lost)."""

    def run(*args: Any) -> None:
        try:
            fn(*args)
        except Exception:
            import js

            js.console.error(traceback.format_exc())

    return run


def _store(js: Any) -> Any:
    """The saved-data store: ``app.storage`` over ``localStorage`` (None if unusable)."""
    try:
        from app.storage import Store

        return Store(js.localStorage)
    except Exception:
        return None
