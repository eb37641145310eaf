"""The only module that touches the page: markup in, intents out, timers.

``mount()`` finds ``#app``, builds a ``Controller`` and binds ONE listener per
event type on ``#app`` (events are delegated: the screen is redrawn, ``#app``
stays; keys are heard on the document, so they work with the focus on ``<body>``).
Clicks, taps, Enter/Space on a focused card, a drag of one card onto another
(pointer events, so mouse, pen and touch all work) and the Lügen value select
become intents for the screen's ``handle`` (``app.host.Screen``: the ``Controller``, or
an online room), which passes the table's own to its ``TableSession``.

Bot turns run through ``later`` (``setTimeout``), one move per task, so the
page stays responsive.

Beyond ``#app``: the window's ``storage`` event (another tab changed saved data),
``pagehide`` (this page goes away: it gives up its claim on the saved match) and a
timer calling ``Controller.tick`` (heartbeat and retries of failed writes); what
they mean is decided in ``app.controller`` and ``app.tabs``. When the page is hidden
or goes away, the screen it shows is kept for the next start to show at once
(``keep_screen``, static/first-screen.js).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app import safe_json
from app.cards.mini import face
from app.host import Screen
from app.sound import Sounds
from app.table import view
from app.table.log import STORED as STORED_LOG_LINES

DRAG_START_PX = 8  # a press that moves further than this is a drag, not a tap
SLOW_TASK_MS = 150  # longer event handlers and timer tasks are reported in the console
MEASURES_KEPT = 1000  # the page's User Timing measures (``Page.timed``) kept at most
ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")


def _none(x: Any) -> bool:
    """True for None and for Pyodide's JsNull/undefined."""
    return x is None or type(x).__name__ in ("JsNull", "JsUndefined")


class Page:
    """The page as ``app.host.Host``: what the screens draw on."""

    def __init__(self, app: Any) -> None:
        import js
        from pyodide.ffi import create_proxy

        self.js = js
        self.app = app
        self.controller: Screen | None = None  # the game, or an online table
        self.focus_key = ""  # data-key of the element the player last focused
        self.shown: list[tuple[int, str]] = []  # the log lines in the page
        self.drag: dict[str, Any] | None = None
        self.shown_state = ""
        self.suppress_click = False
        self.lang = ""
        self.advice_shown = False  # the coach's advice was on the last drawing
        self._proxies: list[Any] = []
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
        for name, handler in (
            ("click", self.on_click),
            ("change", self.on_change),
            ("pointerdown", self.on_pointer_down),
            ("pointermove", self.on_pointer_move),
            ("pointerup", self.on_pointer_up),
            ("pointercancel", self.on_pointer_cancel),
            ("focusin", self.on_focus),
            ("submit", self.on_submit),
        ):
            proxy = create_proxy(self._guard(handler))
            self._proxies.append(proxy)
            app.addEventListener(name, proxy)
        # Keys are heard on the whole document: on a fresh page, and after a pressed button
        # is redrawn away, the focus is on <body>, outside #app, and the shortcut keys (and
        # Escape) must work there too.
        keys = create_proxy(self._guard(self.on_key))
        self._proxies.append(keys)
        js.document.addEventListener("keydown", keys)

    def watch_window(self) -> None:
        """Listen to other tabs (``storage``), to the page going away (``pagehide``) and
        start the controller's timer (call once the controller is set)."""
        from pyodide.ffi import create_proxy

        from app.controller import TICK_MS

        for name, handler in (("storage", self.on_storage), ("pagehide", self.on_pagehide)):
            proxy = create_proxy(self._guard(handler))
            self._proxies.append(proxy)
            self.js.window.addEventListener(name, proxy)
        hidden = create_proxy(self._guard(self.on_visibility))
        self._proxies.append(hidden)
        self.js.document.addEventListener("visibilitychange", hidden)
        tick = create_proxy(self._guard(self._screen().tick))
        self._proxies.append(tick)
        self.js.setInterval(tick, TICK_MS)

    def on_storage(self, event: Any) -> None:
        key = None if _none(event.key) else str(event.key)  # None: storage was cleared
        self._screen().handle({"type": "storage", "key": key})

    def _screen(self) -> Screen:
        """What the page drives (set once the game or an online table is up)."""
        if self.controller is None:
            raise RuntimeError("no screen on the page yet")
        return self.controller

    def on_pagehide(self, event: Any) -> None:
        self.keep_screen()
        self._screen().release()

    def on_visibility(self, event: Any) -> None:
        if str(self.js.document.visibilityState) == "hidden":  # a phone may end it unasked
            self.keep_screen()

    def keep_screen(self) -> None:
        """Leave what ``#app`` shows (the screen and the log) for the next start to show
        at once, inert, until Python draws (static/first-screen.js checks and stores it)."""
        screen: Any = getattr(self.js, "schwimmenScreen", None)
        if not self.keeps_screen or _none(screen) or not self.markup:
            return
        log = self.app.querySelector(".log-box")
        tail = "" if _none(log) else str(self._newest_lines(log).outerHTML)
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
        had_focus = not _none(active) and (
            active == self.js.document.body or self.app.contains(active)
        )
        lang = self.controller.ui.lang if self.controller else "de"
        if self.log_el is None or lang != self.lang:
            self._mount_log(lang)
        if self.controller is not None and self.controller.ui.anim and not self.calm:
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
        shown = not _none(box)
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
        if _none(el) or (el.tabIndex < 0 and not el.hasAttribute("tabindex")):
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
            if not _none(place):
                key = str(place)
            elif not _none(seat):
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
        return None if _none(el) else el

    def animate(self, flights: Sequence[Any], ms: float) -> None:
        """Fly each card from where it was to where it is now (``app.table.story.flights``):
        a copy of the card moves over the page while the card itself waits hidden at its
        new place. Nothing moves with reduced motion or before a first drawing."""
        if self.calm or ms <= 0 or not self.before:
            return
        from pyodide.ffi import create_once_callable, to_js

        ui = self._screen().ui
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
            card.innerHTML = (
                face(flight.card, ui.style, ui.lang) if flight.card else view.card_back(ui.lang)
            )
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
        if not _none(el):
            el.textContent = text

    def replace(self, testid: str, markup: str) -> None:
        """Put ``markup`` in place of one element, leaving the rest (a form being typed in)."""
        el = self.app.querySelector(f'[data-testid="{testid}"]')
        if not _none(el):
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

        if _none(getattr(navigator, "share", None)):
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
            if not _none(shown):
                self.js.getSelection().selectAllChildren(shown)
            done("failed")

        clipboard: Any = getattr(self.js.navigator, "clipboard", None)
        if _none(clipboard):
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
        load_part(self.js, "online", lambda: self.js.location.assign(self._url(online=role)))

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

    # ------------------------------------------------------------ events

    def on_click(self, event: Any) -> None:
        if self.suppress_click:
            self.suppress_click = False
            return
        target = event.target
        button = target.closest("[data-action]")
        if not _none(button):
            if button.hasAttribute("disabled"):
                return
            action = str(button.dataset.action)
            if action == "restore-set-aside":
                self._restore_set_aside()
                return
            form = None
            settings = button.closest("[data-testid=settings]")
            if action == "new-match" and not _none(settings):
                form = self._read_form(settings)
            own_form = button.closest("form[data-form]")  # the online dialog, the join form
            if not _none(own_form):
                form = self._read_form(own_form)
            self._screen().handle({"type": "action", "action": action, "form": form})
            return
        card = target.closest("[data-card][data-zone]")
        if not _none(card):
            self._card_intent(card)

    def _restore_set_aside(self) -> None:
        """"Try it again": the records the last failed start set aside go back, and the
        page starts again with them (without ``new`` or ``seed``, which would deal anew)."""
        from app import recovery

        if self.store is not None:
            recovery.restore(self.store, self.aside)
        again = self.js.URL.new(self.js.location.href)
        again.searchParams.delete("new")
        again.searchParams.delete("seed")
        self.js.location.replace(again.href)

    def on_submit(self, event: Any) -> None:
        """A form never goes anywhere (Enter in a settings field would send it): the page
        reads its forms itself. Done here, not with an ``onsubmit`` attribute, which the
        Content Security Policy forbids."""
        event.preventDefault()

    def on_key(self, event: Any) -> None:
        self.sounds.wake()
        key = str(event.key)
        if key == "Escape":  # what it closes is the controller's call
            self._screen().handle({"type": "escape"})
            return
        target = event.target
        card = target.closest("[data-card][data-zone]")
        if key in ARROWS and not _none(card):
            event.preventDefault()
            self._arrow(card, key)
            return
        if key in ("Enter", " "):
            if not _none(card) and card.getAttribute("tabindex") is not None:
                event.preventDefault()
                self._card_intent(card)
            return
        typing = str(target.tagName) in ("INPUT", "SELECT", "TEXTAREA")
        if len(key) == 1 and not typing and not (event.ctrlKey or event.metaKey or event.altKey):
            self._screen().handle({"type": "key", "key": key})

    def _arrow(self, card: Any, key: str) -> None:
        """Arrow keys among the cards the player may use: left and right within the hand
        or the table, up to the table and down to the hand."""
        zone = str(card.dataset.zone)
        if key in ("ArrowUp", "ArrowDown"):
            zone = "table" if key == "ArrowUp" else "hand"
        cards = list(self.screen.querySelectorAll(f'.card.active[data-zone="{zone}"]'))
        if not cards:
            return
        here = next((i for i, el in enumerate(cards) if el.isSameNode(card)), None)
        if here is None:
            nxt = cards[0]
        else:
            nxt = cards[(here + (1 if key == "ArrowRight" else -1)) % len(cards)]
        if key in ("ArrowLeft", "ArrowRight") or here is None:
            nxt.focus()

    def on_change(self, event: Any) -> None:
        target = event.target
        if str(target.getAttribute("data-testid")) == "announce-value":
            self.focus_key = "announce-value"
            self._screen().handle({"type": "value", "value": str(target.value)})
            return
        if str(target.getAttribute("data-testid")) == "stats-import-file":
            self._read_file(target)
            return
        form = target.closest("[data-testid=settings]")
        # Selects and checkboxes redraw the dialog at once (ranges, custom rules, language).
        # Typed numbers are read when the match starts: redrawing on their change (fired
        # when they lose focus) would swap the element being clicked next.
        if not _none(form) and (str(target.tagName) == "SELECT" or str(target.type) == "checkbox"):
            key = target.getAttribute("data-key")
            if not _none(key):
                self.focus_key = str(key)
            self._screen().handle({"type": "settings-draft", "form": self._read_form(form)})

    def on_focus(self, event: Any) -> None:
        key = event.target.getAttribute("data-key")
        if not _none(key):
            self.focus_key = str(key)

    def _card_intent(self, card: Any) -> None:
        self.focus_key = str(card.dataset.key)
        self._screen().handle(
            {"type": "card", "zone": str(card.dataset.zone), "index": str(card.dataset.index)}
        )

    # A drag: press on a card the player may move, move, release on another card.
    def on_pointer_down(self, event: Any) -> None:
        self.sounds.wake()  # browsers allow sound once the player has touched the page
        self.suppress_click = False
        if event.button != 0:
            return
        card = event.target.closest("[data-card][data-zone].active")
        if _none(card):
            return
        self.drag = {"el": card, "x": event.clientX, "y": event.clientY, "moved": False}

    def on_pointer_move(self, event: Any) -> None:
        drag = self.drag
        if drag is None:
            return
        dx, dy = event.clientX - drag["x"], event.clientY - drag["y"]
        if not drag["moved"] and dx * dx + dy * dy < DRAG_START_PX**2:
            return
        drag["moved"] = True
        el = drag["el"]
        el.classList.add("dragging")
        el.style.transform = f"translate({dx}px, {dy}px)"

    def on_pointer_up(self, event: Any) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not drag["moved"]:
            return
        source = drag["el"]
        source.classList.remove("dragging")
        source.style.transform = ""
        # The click that may follow this release belongs to the drag; touch sends none,
        # so the flag must not outlive this task (Enter on a button also clicks).
        self.suppress_click = True
        self.later(0, self._end_suppress)
        target = None
        for el in self.js.document.elementsFromPoint(event.clientX, event.clientY):
            found = el.closest("[data-card][data-zone]")
            if not _none(found) and not found.isSameNode(source):
                target = found
                break
        if target is None:
            return
        self._screen().handle(
            {
                "type": "drop",
                "from": (str(source.dataset.zone), str(source.dataset.index)),
                "to": (str(target.dataset.zone), str(target.dataset.index)),
            }
        )

    def _end_suppress(self) -> None:
        self.suppress_click = False

    def on_pointer_cancel(self, event: Any) -> None:
        if self.drag is not None:
            self.drag["el"].classList.remove("dragging")
            self.drag["el"].style.transform = ""
        self.drag = None

    # ------------------------------------------------------------ helpers

    def _read_form(self, form: Any) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for el in form.querySelectorAll("input[name], select[name]"):
            name = str(el.name)
            if str(el.type) == "checkbox":
                if el.checked:
                    values[name] = "on"  # like a submitted form: unchecked boxes are absent
            else:
                values[name] = str(el.value)
        return values

    def _read_file(self, field: Any) -> None:
        """Read the file chosen in ``field`` as text and hand it to the controller."""
        from pyodide.ffi import create_once_callable

        files = field.files
        if _none(files) or files.length == 0:
            return
        chosen = files.item(0)
        field.value = ""  # choosing the same file again fires another change
        if chosen.size > safe_json.limit("import"):  # refused unread: no megabytes in Python
            self._screen().handle({"type": "stats-import", "text": None, "size": chosen.size})
            return

        def done(text: Any) -> None:
            self._screen().handle({"type": "stats-import", "text": str(text)})

        def failed(error: Any) -> None:
            self._screen().handle({"type": "stats-import", "text": None})

        chosen.text().then(
            create_once_callable(self._guard(done)), create_once_callable(self._guard(failed))
        )

    def _mount_log(self, lang: str) -> None:
        self.lang = lang
        old = self.app.querySelector(".log-box")
        if not _none(old):
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


def mount() -> None:
    """Start the game in ``#app``: resume the saved match or deal a new one, once the
    browser has said which other tabs of the game are open (``static/watchdog.js``
    gives this tab its id and Web Lock and asks; where it cannot, at once)."""
    import os

    import js
    from pyodide.ffi import create_once_callable

    boot: Any = getattr(js, "schwimmenBoot", None)
    if _none(boot):
        _start(js, os.urandom(8).hex(), None)
        return
    tab = str(boot.tabId)

    def found(ids: Any) -> None:
        # None: the browser cannot tell (no Web Locks); app.tabs then trusts the clock.
        tabs = None if _none(ids) else frozenset(str(i) for i in ids)
        if _online_asked(str(js.location.search)):  # its code comes first (app.parts)
            load_part(js, "online", lambda: _start(js, tab, tabs))
        else:
            _start(js, tab, tabs)

    boot.openTabs.then(create_once_callable(found))


def _start(js: Any, tab: str, open_tabs: frozenset[str] | None) -> None:
    from app import recovery
    from app.controller import Controller

    app = js.document.getElementById("app")
    page = Page(app)
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
        controller.server = not _none(js.document.querySelector('meta[name="schwimmen-server"]'))
        controller.start()
        page.watch_window()
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
