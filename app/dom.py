"""The page as ``app.host.Host``: markup in, timers, sound, navigation.

``Page`` is the only object that draws on the page: it puts a screen's markup in
``#app``, appends the log's new lines, keeps the keyboard where the player was, flies
the cards that moved, plays sounds, runs timers (``later``: bot turns run one move per
task, so the page stays responsive) and leads to other addresses. What the page hears
is ``app.events``; the start-up that builds both is ``app.main``. When the page is
hidden or goes away, the screen it shows is kept for the next start to show at once
(``keep_screen``, static/first-screen.js).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.cards.mini import face
from app.host import Screen
from app.sound import Sounds
from app.table import view
from app.table.log import STORED as STORED_LOG_LINES

SLOW_TASK_MS = 150  # longer event handlers and timer tasks are reported in the console
MEASURES_KEPT = 1000  # the page's User Timing measures (``Page.timed``) kept at most


def absent(x: Any) -> bool:
    """True for None and for Pyodide's JsNull/undefined."""
    return x is None or type(x).__name__ in ("JsNull", "JsUndefined")


class Page:
    """The page as ``app.host.Host``: what the screens draw on."""

    def __init__(self, app: Any, fetch_part: Callable[[str, Callable[[], None]], None]) -> None:
        import js

        self.js = js
        self.fetch_part = fetch_part  # app.main.load_part: a part of our Python, then go on
        self.app = app
        self.controller: Screen | None = None  # the game, or an online table
        self.focus_key = ""  # data-key of the element the player last focused
        self.shown: list[tuple[int, str]] = []  # the log lines in the page
        self.shown_state = ""
        self.lang = ""
        self.advice_shown = False  # the coach's advice was on the last drawing
        self.store: Any = None  # app.storage.Store, for app.recovery (None: storage off)
        self.tab = ""  # this tab's id
        self.aside: list[Any] = []  # Notices of records the last failed start set aside
        self.started = False  # the first screen has been drawn
        self.measures = 0  # User Timing measures made since they were last cleared
        self.markup = ""  # the screen drawn last (``show``)
        self.keeps_screen = False  # the game against bots: its screen is shown at next start
        app.innerHTML = '<div class="screen"></div>'
        self.screen = app.querySelector(".screen")
        self.log_el: Any = None
        self.sounds = Sounds(js)
        # Where each card and seat was on the screen drawn before (cards fly from there).
        self.before: dict[str, Any] = {}
        self.card_size: tuple[float, float] = (60.0, 90.0)
        self.calm = bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)

    def current(self) -> Screen:
        """What the page drives (set once the game or an online table is up)."""
        if self.controller is None:
            raise RuntimeError("no screen on the page yet")
        return self.controller

    def keep_screen(self) -> None:
        """Leave what ``#app`` shows (the screen and the log) for the next start to show
        at once, inert, until Python draws (static/first-screen.js checks and stores it)."""
        screen: Any = getattr(self.js, "schwimmenScreen", None)
        if not self.keeps_screen or absent(screen) or not self.markup:
            return
        log = self.app.querySelector(".log-box")
        tail = "" if absent(log) else str(self._newest_lines(log).outerHTML)
        screen.keep(f'<div class="screen">{self.markup}</div>{tail}', self.lang)

    @staticmethod
    def _newest_lines(log: Any) -> Any:
        """A copy of the log box with only its newest lines (``app.table.log.STORED``):
        the page keeps a whole match, storage a screenful."""
        copy = log.cloneNode(True)
        lines = copy.querySelectorAll("[data-testid=log] > li")
        for i in range(max(0, int(lines.length) - STORED_LOG_LINES)):
            lines.item(i).remove()
        return copy

    # ------------------------------------------------------------ host API

    def show(self, markup: str, log: Sequence[tuple[int, str]], state: str) -> None:
        """Draw the screen, append new log lines, publish ``data-state``."""
        active = self.js.document.activeElement
        had_focus = not absent(active) and (
            active == self.js.document.body or self.app.contains(active)
        )
        lang = self.controller.ui.lang if self.controller else "de"
        if self.log_el is None or lang != self.lang:
            self._mount_log(lang)
        if self.controller is not None and self.controller.ui.look.anim and not self.calm:
            self.before = self._places()
        self.screen.innerHTML = markup
        self.markup = markup
        self._sync_log(log)
        self._show_advice()
        self.js.document.documentElement.lang = lang
        if had_focus:
            self._restore_focus(state)
        self.shown_state = state
        self.app.dataset.state = state
        if not self.started:  # the first screen is up: this start worked (app.recovery)
            self.started = True
            from app import recovery

            recovery.ready(self.store, self.tab)

    def _show_advice(self) -> None:
        """The coach's advice, once it appears, is scrolled into view (on a phone it lies
        below the table); the move bar above it stays on screen."""
        box = self.screen.querySelector("[data-testid=hint]")
        shown = not absent(box)
        if shown and not self.advice_shown:
            from pyodide.ffi import to_js

            where = to_js({"block": "nearest"}, dict_converter=self.js.Object.fromEntries)
            box.scrollIntoView(where)
        self.advice_shown = shown

    def _restore_focus(self, state: str) -> None:
        """Keep the keyboard where the player was: the same card or button after a
        redraw; a new end-of-deal or end-of-match panel takes the focus itself."""
        el: Any = None
        wanted = self.controller.take_focus() if self.controller else ""
        if wanted:  # a dialog just opened or closed (the controller says where to go)
            self.focus_key = wanted
        if not wanted and state in ("deal-over", "match-over") and state != self.shown_state:
            el = self.app.querySelector(f'[data-testid="{state}"] button.primary')
        elif self.focus_key:
            el = self.app.querySelector(f'[data-key="{self.focus_key}"]')
        # (a card off the tab order is focusable still: the arrow keys move among cards)
        if absent(el) or (el.tabIndex < 0 and not el.hasAttribute("tabindex")):
            return
        if el.hasAttribute("disabled"):
            return
        from pyodide.ffi import to_js

        el.focus(to_js({"preventScroll": True}, dict_converter=self.js.Object.fromEntries))

    # ------------------------------------------------------------ cards in motion

    def _places(self) -> dict[str, Any]:
        """The screen rectangles of seats, cards and the stock, by the place names of
        ``app.table.story.Flight``."""
        places: dict[str, Any] = {}
        for el in self.screen.querySelectorAll(".seat[data-seat], .card[data-zone], [data-place]"):
            place, seat, zone = (el.getAttribute(f"data-{a}") for a in ("place", "seat", "zone"))
            if not absent(place):
                key = str(place)
            elif not absent(seat):
                key = f"seat:{seat}"
            elif str(el.getAttribute("data-index")) == "mistery":
                key = "mistery"
            else:
                key = f"{zone}:{el.getAttribute('data-card')}"
            rect = el.getBoundingClientRect()
            places[key] = rect
            if str(zone) == "table" and rect.width > 0:
                self.card_size = (float(rect.width), float(rect.height))
        return places

    def _find(self, place: str) -> Any:
        """The element now at ``place`` (see ``_places``), or None."""
        kind, _, name = place.partition(":")
        if kind == "seat":
            query = f'.seat[data-seat="{name}"]'
        elif kind in ("table", "hand"):
            query = f'.card[data-zone="{kind}"][data-card="{name}"]'
        elif kind == "mistery":
            query = '.card[data-index="mistery"]'
        else:
            query = f'[data-place="{kind}"]'
        el = self.screen.querySelector(query)
        return None if absent(el) else el

    def animate(self, flights: Sequence[Any], ms: float) -> None:
        """Fly each card from where it was to where it is now (``app.table.story.flights``):
        a copy of the card moves over the page while the card itself waits hidden at its
        new place. Nothing moves with reduced motion or before a first drawing."""
        if self.calm or ms <= 0 or not self.before:
            return
        from pyodide.ffi import create_once_callable, to_js

        ui = self.current().ui
        w, h = self.card_size
        for n, flight in enumerate(flights):
            src = self.before.get(flight.src)
            target = self._find(flight.dst)
            if src is None or target is None:
                continue
            dst = target.getBoundingClientRect()
            card = self.js.document.createElement("div")
            card.className = "flying"
            card.setAttribute("aria-hidden", "true")
            card.setAttribute("data-card", flight.card or "??")
            shown = face(flight.card, ui.look.style, ui.lang) if flight.card else None
            card.innerHTML = shown or view.card_back(ui.lang)
            x0, y0 = src.left + (src.width - w) / 2, src.top + (src.height - h) / 2
            x1, y1 = dst.left + (dst.width - w) / 2, dst.top + (dst.height - h) / 2
            card.style.left, card.style.top = f"{x0}px", f"{y0}px"
            card.style.width, card.style.height = f"{w}px", f"{h}px"
            self.js.document.body.appendChild(card)
            landing = flight.dst.startswith(("table:", "hand:"))
            if landing:
                target.classList.add("arriving")
            moved = f"translate({x1 - x0}px, {y1 - y0}px)"
            frames = to_js(
                [{"transform": "translate(0, 0)"}, {"transform": moved}],
                dict_converter=self.js.Object.fromEntries,
            )
            options = to_js(
                {"duration": ms, "delay": 40 * n, "easing": "ease-in-out", "fill": "both"},
                dict_converter=self.js.Object.fromEntries,
            )
            motion = card.animate(frames, options)

            def land(_event: Any = None, card: Any = card, target: Any = target) -> None:
                card.remove()
                target.classList.remove("arriving")

            motion.onfinish = create_once_callable(land)
            motion.oncancel = create_once_callable(land)

    def sound(self, names: Sequence[str]) -> None:
        """Play the named sounds (``app.sound``)."""
        self.sounds.play(tuple(names))

    def download(self, filename: str, text: str) -> None:
        """Offer ``text`` as a file download named ``filename`` (statistics export)."""
        from pyodide.ffi import to_js

        options = to_js({"type": "application/json"}, dict_converter=self.js.Object.fromEntries)
        blob = self.js.Blob.new(to_js([text]), options)
        url = self.js.URL.createObjectURL(blob)
        link = self.js.document.createElement("a")
        link.href = url
        link.download = filename
        link.hidden = True
        self.js.document.body.appendChild(link)
        link.click()
        link.remove()
        self.later(1000, lambda: self.js.URL.revokeObjectURL(url))

    def warn(self, text: str) -> None:
        """A warning for developers in the browser console (bad URL parameters)."""
        self.js.console.warn(text)

    def patch(self, testid: str, text: str) -> None:
        """Change one element's text without drawing the screen anew (a running clock)."""
        el = self.app.querySelector(f'[data-testid="{testid}"]')
        if not absent(el):
            el.textContent = text

    def replace(self, testid: str, markup: str) -> None:
        """Put ``markup`` in place of one element, leaving the rest (a form being typed in)."""
        el = self.app.querySelector(f'[data-testid="{testid}"]')
        if not absent(el):
            el.outerHTML = markup

    def share(self, url: str, title: str, done: Callable[[str], None]) -> None:
        """The Web Share API where the browser has it, else the clipboard; a link that
        could be neither is selected for the person to copy (``app.host.Host.share``).
        Called from the click's own task: both APIs want that user activation."""
        from pyodide.ffi import create_once_callable, to_js

        navigator = self.js.navigator

        def shared(_: Any = None) -> None:
            done("shared")

        def not_shared(error: Any = None) -> None:
            if str(getattr(error, "name", "")) != "AbortError":  # not closed by the person
                self.copy(url, done)

        if absent(getattr(navigator, "share", None)):
            self.copy(url, done)
            return
        data = to_js({"title": title, "url": url}, dict_converter=self.js.Object.fromEntries)
        navigator.share(data).then(
            create_once_callable(self._guard(shared)), create_once_callable(self._guard(not_shared))
        )

    def copy(self, url: str, done: Callable[[str], None], link: str = "invite-link") -> None:
        """``url`` to the clipboard (``app.host.Host.copy``)."""
        from pyodide.ffi import create_once_callable

        def copied(_: Any = None) -> None:
            done("copied")

        def failed(_: Any = None) -> None:
            shown = self.app.querySelector(f'[data-testid="{link}"]')
            if not absent(shown):
                self.js.getSelection().selectAllChildren(shown)
            done("failed")

        clipboard: Any = getattr(self.js.navigator, "clipboard", None)
        if absent(clipboard):
            failed()
            return
        clipboard.writeText(url).then(
            create_once_callable(self._guard(copied)), create_once_callable(self._guard(failed))
        )

    def _url(self, **fields: str) -> str:
        """This page's address with ``fields`` (and its ``?signal=``, nothing else)."""
        from app.online.page import url_for
        from app.url import parse_query

        query = parse_query(str(self.js.location.search))
        return url_for(str(self.js.location.pathname), query, **fields)

    def go_online(self, role: str = "host") -> None:
        """The "Play online" dialog (``role="tables"``: "My tables"): the page opens anew
        as an online one (``app.online.page``)."""
        self.fetch_part("online", lambda: self.js.location.assign(self._url(online=role)))

    def hosting(self, table_id: str, field: str = "host") -> None:
        """The host's table is open: its URL brings it back after a reload (``join`` for
        a table server's)."""
        self.js.history.replaceState(None, "", self._url(**{field: table_id}))

    def leave_online(self) -> None:
        """Back to the game against bots (the page opens anew, without online play)."""
        self.js.location.assign(self._url())

    def reload(self) -> None:
        self.js.location.reload()

    def later(self, ms: float, callback: Callable[[], None]) -> None:
        from pyodide.ffi import create_once_callable

        self.js.setTimeout(create_once_callable(self._guard(callback)), max(0, int(ms)))

    def timed(self, name: str, ms: float, detail: Mapping[str, Any]) -> None:
        """Put a span of Python's work that ended now (``ms`` long) in the browser's User
        Timing: ``performance.measure("schwimmen:NAME")`` with ``detail`` (a bot's level).
        DevTools shows it; bench/bot_speed_page.py collects it with a PerformanceObserver.
        The browser keeps measures until cleared: every MEASURES_KEPT of them are dropped."""
        from pyodide.ffi import to_js

        perf, label = self.js.performance, f"schwimmen:{name}"
        end = perf.now()
        options = {"start": max(0.0, end - ms), "end": end, "detail": dict(detail)}
        perf.measure(label, to_js(options, dict_converter=self.js.Object.fromEntries))
        self.measures += 1
        if self.measures >= MEASURES_KEPT:
            perf.clearMeasures(label)
            self.measures = 0

    # ------------------------------------------------------------ the log, errors


    def _mount_log(self, lang: str) -> None:
        self.lang = lang
        old = self.app.querySelector(".log-box")
        if not absent(old):
            old.remove()
        self.app.insertAdjacentHTML("beforeend", view.log_box(lang))
        self.log_el = self.app.querySelector("[data-testid=log]")
        self.shown = []

    def _sync_log(self, log: Sequence[tuple[int, str]]) -> None:
        """Make the list show ``log`` (numbered lines, oldest first) by appending only
        the new lines (so ``aria-live`` reads just those) and dropping the oldest; a
        list that does not fit (another match) is built again."""
        wanted = dict(log)
        fits = all(wanted.get(n, text) == text for n, text in self.shown) and (
            not self.shown or self.shown[-1][0] in wanted
        )
        if not fits:
            self.log_el.innerHTML = ""
            self.shown = []
        last = self.shown[-1][0] if self.shown else 0
        new = [(n, text) for n, text in log if n > last]
        if new:
            self.log_el.insertAdjacentHTML(
                "beforeend", "".join(view.log_line(n, text) for n, text in new)
            )
            self.shown += new
        while self.shown and self.shown[0][0] not in wanted:  # as short as the controller's
            self.shown.pop(0)
            self.log_el.firstElementChild.remove()
        self.log_el.scrollTop = self.log_el.scrollHeight

    def _guard(self, fn: Callable[..., None]) -> Callable[..., None]:
        """Run ``fn``; a Python error goes to the console instead of stopping the page."""

        def run(*args: Any) -> None:
            start = self.js.performance.now()
            try:
                fn(*args)
                took = self.js.performance.now() - start
                if took > SLOW_TASK_MS:  # the page must never freeze: say so in the console
                    name = getattr(fn, "__name__", "task")
                    self.js.console.warn(f"slow task {name}: {took:.0f} ms")
            except Exception:
                text = traceback.format_exc()
                self.js.console.error(text)
                self.app.dataset.error = text.strip().splitlines()[-1][:300]
                from app import recovery

                recovery.failed(self.store, self.tab)  # the next start sets records aside

        return run
