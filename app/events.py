"""What the page hears, turned into intents for the screen it drives.

``Events`` binds ONE listener per event type on ``#app`` (events are delegated: the
screen is redrawn, ``#app`` stays; keys are heard on the document, so they work with
the focus on ``<body>``). Clicks, taps, Enter/Space on a focused card, a drag of one
card onto another (pointer events, so mouse, pen and touch all work) and the Lügen
value select become intents for the screen's ``handle`` (``app.host.Screen``: the
``Controller``, or an online room), which passes the table's own to its
``TableSession``.

Beyond ``#app`` (``watch_window``): the window's ``storage`` event (another tab changed
saved data), ``pagehide`` (this page goes away: it gives up its claim on the saved
match), ``visibilitychange`` and a timer calling the screen's ``tick`` (heartbeat and
retries of failed writes); what they mean is decided in ``app.controller`` and
``app.tabs``. When the page is hidden or goes away, the screen it shows is kept for the
next start to show at once (``app.dom.Page.keep_screen``).
"""

from __future__ import annotations

from typing import Any

from app import safe_json
from app.dom import Page, absent

DRAG_START_PX = 8  # a press that moves further than this is a drag, not a tap
ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")


class Events:
    """The page's listeners (see the module text)."""

    def __init__(self, page: Page) -> None:
        from pyodide.ffi import create_proxy

        self.page, self.js, self.app = page, page.js, page.app
        self.drag: dict[str, Any] | None = None
        self.suppress_click = False
        self._proxies: list[Any] = []
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
            proxy = create_proxy(page._guard(handler))
            self._proxies.append(proxy)
            self.app.addEventListener(name, proxy)
        # Keys are heard on the whole document: on a fresh page, and after a pressed button
        # is redrawn away, the focus is on <body>, outside #app, and the shortcut keys (and
        # Escape) must work there too.
        keys = create_proxy(page._guard(self.on_key))
        self._proxies.append(keys)
        self.js.document.addEventListener("keydown", keys)

    def watch_window(self) -> None:
        """Listen to other tabs (``storage``), to the page going away (``pagehide``) and
        start the controller's timer (call once the controller is set)."""
        from pyodide.ffi import create_proxy

        from app.controller import TICK_MS

        for name, handler in (("storage", self.on_storage), ("pagehide", self.on_pagehide)):
            proxy = create_proxy(self.page._guard(handler))
            self._proxies.append(proxy)
            self.js.window.addEventListener(name, proxy)
        hidden = create_proxy(self.page._guard(self.on_visibility))
        self._proxies.append(hidden)
        self.js.document.addEventListener("visibilitychange", hidden)
        tick = create_proxy(self.page._guard(self.page.current().tick))
        self._proxies.append(tick)
        self.js.setInterval(tick, TICK_MS)

    def on_storage(self, event: Any) -> None:
        key = None if absent(event.key) else str(event.key)  # None: storage was cleared
        self.page.current().handle({"type": "storage", "key": key})

    def on_pagehide(self, event: Any) -> None:
        self.page.keep_screen()
        self.page.current().release()

    def on_visibility(self, event: Any) -> None:
        if str(self.js.document.visibilityState) == "hidden":  # a phone may end it unasked
            self.page.keep_screen()

    def on_click(self, event: Any) -> None:
        if self.suppress_click:
            self.suppress_click = False
            return
        target = event.target
        button = target.closest("[data-action]")
        if not absent(button):
            if button.hasAttribute("disabled"):
                return
            action = str(button.dataset.action)
            if action == "restore-set-aside":
                self._restore_set_aside()
                return
            form = None
            settings = button.closest("[data-testid=settings]")
            if action == "new-match" and not absent(settings):
                form = self._read_form(settings)
            own_form = button.closest("form[data-form]")  # the online dialog, the join form
            if not absent(own_form):
                form = self._read_form(own_form)
            self.page.current().handle({"type": "action", "action": action, "form": form})
            return
        card = target.closest("[data-card][data-zone]")
        if not absent(card):
            self._card_intent(card)

    def _restore_set_aside(self) -> None:
        """"Try it again": the records the last failed start set aside go back, and the
        page starts again with them (without ``new`` or ``seed``, which would deal anew)."""
        from app import recovery

        if self.page.store is not None:
            recovery.restore(self.page.store, self.page.aside)
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
        self.page.sounds.wake()
        key = str(event.key)
        if key == "Escape":  # what it closes is the controller's call
            self.page.current().handle({"type": "escape"})
            return
        target = event.target
        card = target.closest("[data-card][data-zone]")
        if key in ARROWS and not absent(card):
            event.preventDefault()
            self._arrow(card, key)
            return
        if key in ("Enter", " "):
            if not absent(card) and card.getAttribute("tabindex") is not None:
                event.preventDefault()
                self._card_intent(card)
            return
        typing = str(target.tagName) in ("INPUT", "SELECT", "TEXTAREA")
        if len(key) == 1 and not typing and not (event.ctrlKey or event.metaKey or event.altKey):
            self.page.current().handle({"type": "key", "key": key})

    def _arrow(self, card: Any, key: str) -> None:
        """Arrow keys among the cards the player may use: left and right within the hand
        or the table, up to the table and down to the hand."""
        zone = str(card.dataset.zone)
        if key in ("ArrowUp", "ArrowDown"):
            zone = "table" if key == "ArrowUp" else "hand"
        cards = list(self.page.screen.querySelectorAll(f'.card.active[data-zone="{zone}"]'))
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
            self.page.focus_key = "announce-value"
            self.page.current().handle({"type": "value", "value": str(target.value)})
            return
        if str(target.getAttribute("data-testid")) == "stats-import-file":
            self._read_file(target)
            return
        form = target.closest("[data-testid=settings]")
        # Selects and checkboxes redraw the dialog at once (ranges, custom rules, language).
        # Typed numbers are read when the match starts: redrawing on their change (fired
        # when they lose focus) would swap the element being clicked next.
        if not absent(form) and (str(target.tagName) == "SELECT" or str(target.type) == "checkbox"):
            key = target.getAttribute("data-key")
            if not absent(key):
                self.page.focus_key = str(key)
            self.page.current().handle({"type": "settings-draft", "form": self._read_form(form)})

    def on_focus(self, event: Any) -> None:
        key = event.target.getAttribute("data-key")
        if not absent(key):
            self.page.focus_key = str(key)

    def _card_intent(self, card: Any) -> None:
        self.page.focus_key = str(card.dataset.key)
        self.page.current().handle(
            {"type": "card", "zone": str(card.dataset.zone), "index": str(card.dataset.index)}
        )

    # A drag: press on a card the player may move, move, release on another card.
    def on_pointer_down(self, event: Any) -> None:
        self.page.sounds.wake()  # browsers allow sound once the player has touched the page
        self.suppress_click = False
        if event.button != 0:
            return
        card = event.target.closest("[data-card][data-zone].active")
        if absent(card):
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
        self.page.later(0, self._end_suppress)
        target = None
        for el in self.js.document.elementsFromPoint(event.clientX, event.clientY):
            found = el.closest("[data-card][data-zone]")
            if not absent(found) and not found.isSameNode(source):
                target = found
                break
        if target is None:
            return
        self.page.current().handle(
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
        if absent(files) or files.length == 0:
            return
        chosen = files.item(0)
        field.value = ""  # choosing the same file again fires another change
        if chosen.size > safe_json.limit("import"):  # refused unread: no megabytes in Python
            self.page.current().handle({"type": "stats-import", "text": None, "size": chosen.size})
            return

        def done(text: Any) -> None:
            self.page.current().handle({"type": "stats-import", "text": str(text)})

        def failed(error: Any) -> None:
            self.page.current().handle({"type": "stats-import", "text": None})

        guard = self.page._guard
        chosen.text().then(create_once_callable(guard(done)), create_once_callable(guard(failed)))
