"""Reactions at a table server's table (issue 41): a few preset ones
(``engine.online.protocol.REACTIONS``, no free text), sent from the table's bar and shown
for :data:`SHOW_MS` by the sender's seat on every page (``[data-testid=reaction]`` in the
seat, ``app.table.view``). The server checks and relays them (``server.reactions``);
nothing keeps them.

The buttons and the switch sit folded in the bar (``<details data-testid=reactions>``,
its summary ``reactions-open``; kept open over redraws once opened), so that on a phone
the table's line takes no more room than before.

A page may switch them off (``reactions-off``, back with ``reactions-on``): then it shows
none and offers none to send. The choice is kept in this browser (``app.storage``), for
every table.

>>> r = Reactions(None, clock=lambda: 1000.0)
>>> r.heard({"seat": 2, "reaction": "👍"})
True
>>> r.by_seat(me=1, players=3)  # seat 2 sits at the view's seat 1 from seat 1's chair
{1: '👍'}
>>> r.clock = lambda: 1000.0 + SHOW_MS
>>> r.by_seat(me=1, players=3)
{}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.escape import escape as esc
from app.i18n import lookup
from app.storage import Store
from app.table.parts import button
from engine.online import protocol
from engine.online.protocol import REACTIONS

SHOW_MS = 4000
"""How long a reaction stays by its seat."""
KEY = "online-reactions"
"""Where this browser keeps whether reactions are shown (``true`` or ``false``)."""
VERSION = 1

_T: dict[str, tuple[str, str]] = {
    "react": ("Reagieren: {name}", "React: {name}"),
    "reactions": ("Reaktionen", "Reactions"),
    "reacted": ("{seat} reagiert: {name}", "{seat} reacts: {name}"),
    "off": ("Reaktionen aus", "Reactions off"),
    "on": ("Reaktionen an", "Reactions on"),
    "off_title": ("Keine Reaktionen zeigen", "Show no reactions"),
    "on_title": ("Reaktionen wieder zeigen", "Show reactions again"),
}
_NAMES: dict[str, tuple[str, str]] = dict(
    zip(
        REACTIONS,
        [
            ("Daumen hoch", "thumbs up"),
            ("Lachen", "laughing"),
            ("Staunen", "surprised"),
            ("Applaus", "applause"),
            ("Nicht hingucken", "can't look"),
        ],
        strict=True,
    )
)
CONTROLS = ("react-", "reactions-on", "reactions-off", "reactions-open")
"""The bar's buttons: ``react-N`` sends ``REACTIONS[N]``; the switch; the fold."""


def tr(key: str, lang: str, **values: Any) -> str:
    return lookup(_T, key, lang, **values)


def reaction_name(reaction: str, lang: str) -> str:
    """A reaction's words, for screen readers and the buttons' titles.

    >>> reaction_name("👏", "en"), reaction_name("👏", "de")
    ('applause', 'Applaus')
    """
    return lookup(_NAMES, reaction, lang)


class Reactions:
    """One page's reactions: which seat shows which until when, and the switch, kept in
    ``store`` (None: not kept, as in the doctests). ``clock()`` in milliseconds."""

    def __init__(self, store: Store | None, clock: Callable[[], float]) -> None:
        self.store, self.clock = store, clock
        self.on = self._load()
        self._shown: dict[int, tuple[str, float]] = {}  # seat -> (reaction, until)
        self.opened = False  # the bar's fold, opened by the person (the browser opens it)

    def _load(self) -> bool:
        if self.store is None:
            return True
        value, _notice = self.store.load(KEY, VERSION, default=True, validate=_boolean)
        return bool(value)

    def heard(self, body: Mapping[str, Any]) -> bool:
        """A ``reaction`` message's body (checked by ``protocol.parse_host``): shown by its
        seat from now on, unless reactions are off here. True when it shows."""
        if not self.on:
            return False
        self._shown[int(body["seat"])] = (str(body["reaction"]), self.clock() + SHOW_MS)
        return True

    def by_seat(self, me: int, players: int) -> dict[int, str]:
        """The reactions showing now, by the table view's seat (the page's person, ``me``,
        sits at 0); the ones past their time are forgotten."""
        now = self.clock()
        self._shown = {s: shown for s, shown in self._shown.items() if shown[1] > now}
        return {(s - me) % players: r for s, (r, _until) in self._shown.items() if s < players}

    def showing(self) -> tuple[Any, ...]:
        """What the page shows of reactions now: the switch and those within their time."""
        now = self.clock()
        return (self.on, *sorted((s, r) for s, (r, until) in self._shown.items() if until > now))

    def press(self, name: str) -> str | None:
        """A bar's button: the ``react`` message to send for ``react-N`` (None for the
        switch, which is kept here, the fold, or a name that is none of them)."""
        if name == "reactions-open":
            self.opened = not self.opened
            return None
        if name in ("reactions-on", "reactions-off"):
            self.on = name == "reactions-on"
            self._shown.clear()
            if self.store is not None:
                self.store.save(KEY, self.on, VERSION)
            return None
        number = name.removeprefix("react-")
        if self.on and number.isdigit() and int(number) < len(REACTIONS):
            return protocol.react(REACTIONS[int(number)])
        return None

    def bar(self, seated: bool, lang: str) -> str:
        """The bar's line: the reactions to send (seated people only) and the switch.

        >>> line = Reactions(None, clock=lambda: 0.0).bar(True, "en")
        >>> line.count('data-action="react-'), 'data-action="reactions-off"' in line
        (5, True)
        """
        sends = ""
        if seated and self.on:
            sends = "".join(
                button(
                    f"react-{i}",
                    r,
                    cls="ghost",
                    title=tr("react", lang, name=reaction_name(r, lang)),
                )
                for i, r in enumerate(REACTIONS)
            )
        switch = "reactions-off" if self.on else "reactions-on"
        label, title = ("off", "off_title") if self.on else ("on", "on_title")
        state = "on" if self.on else "off"
        return (
            f'<details{" open" if self.opened else ""} class="reactions" '
            f'data-testid="reactions" data-reactions="{state}">'
            f'<summary data-action="reactions-open">{esc(tr("reactions", lang))}</summary>'
            f"<p>{sends}"
            f"{button(switch, tr(label, lang), cls='ghost small', title=tr(title, lang))}</p>"
            "</details>"
        )


def badge(reaction: str, seat_name: str, lang: str) -> str:
    """A reaction as its seat shows it (``app.table.view``), named for screen readers.

    >>> badge("👍", "Ann", "en")  # doctest: +ELLIPSIS
    '<span class="tag reaction" ... aria-label="Ann reacts: thumbs up">👍</span>'
    """
    said = tr("reacted", lang, seat=seat_name, name=reaction_name(reaction, lang))
    return (
        f'<span class="tag reaction" data-testid="reaction" role="img" '
        f'aria-label="{esc(said)}">{esc(reaction)}</span>'
    )


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"reactions shown: {value!r} is not true or false")
    return value


__all__ = ["CONTROLS", "KEY", "SHOW_MS", "Reactions", "badge", "reaction_name"]
