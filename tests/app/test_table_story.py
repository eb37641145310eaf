"""The controller tells the page what happened: flights and sounds once per event, the
closing table and its call before a deal's result, the sound switch, shortcut keys."""

from __future__ import annotations

from app.storage import MemoryBackend, Store
from tests.app.test_controller import FakeHost, make


class StoryHost(FakeHost):
    """A fake page that also records animations and sounds."""

    def __init__(self):
        super().__init__()
        self.flights: list = []
        self.sounds: list = []
        self.screens: list[str] = []

    def show(self, markup, log, state):
        super().show(markup, log, state)
        self.screens.append(markup)

    def animate(self, flights, ms):
        self.flights.append((tuple(flights), ms))

    def sound(self, names):
        self.sounds.append(tuple(names))


def _start(query):
    from app.controller import Controller

    host = StoryHost()
    c = Controller(host, Store(MemoryBackend()), query=query, browser_lang="de", tab_id="t")
    c.start()
    return c, host


def _run_until(c, host, done, limit=3000):
    """Run the page's timers one at a time, playing the player's first offered move."""
    for _ in range(limit):
        if done():
            return True
        if host.timers:
            _, callback = host.timers.pop(0)
            callback()
        elif host.state == "human":
            legal = c.match.legal_actions()
            c.play(next((a for a in legal if str(a) == "knock"), legal[0]))
        elif host.state == "deal-over":
            c.press("next-deal")
        else:
            return False
    return False


def test_a_deal_ends_on_its_final_table_with_a_call_before_the_result():
    c, host = _start("?seed=5&preset=classic&bots=3&speed=fast&new=1")
    closing_seen = []

    def done():
        if c.session.closing:  # the number of the deal whose last table is on screen
            closing_seen.append((c.ui.frame.callout, host.state, c.session.closing))
        return host.state == "deal-over"

    assert _run_until(c, host, done)
    call, state, deal = closing_seen[0]
    assert call in ("31!", "Feuer!", "Aufdecken!", "Runden vorbei – aufdecken!")
    assert state == "busy" and deal == 1
    assert 'data-testid="callout"' in host.screens[-2]  # drawn before the result
    assert not c.session.closing and c.ui.frame.callout == ""  # gone once the result shows


def test_speed_0_shows_the_result_at_once_without_flights_or_sounds():
    c, host = _start("?seed=5&preset=classic&bots=3&speed=0&new=1")
    assert _run_until(c, host, lambda: host.state == "deal-over")
    assert not any('data-testid="callout"' in m for m in host.screens)
    assert host.flights == [] and host.sounds == []


def test_each_event_flies_and_sounds_once():
    c, host = _start("?seed=5&preset=classic&bots=3&speed=normal&new=1")
    assert _run_until(c, host, lambda: host.state == "deal-over")
    all_flights = [f for batch, _ in host.flights for f in batch]
    swaps = [f for f in all_flights if f.src.startswith("seat:") and f.dst.startswith("table:")]
    assert swaps, "a bot's swap sends a card from its seat to the table"
    assert all(ms == 300 for _, ms in host.flights)  # normal speed's animation length
    c.press("hint")  # a redraw without a new event: nothing new flies or sounds
    n_flights, n_sounds = len(host.flights), len(host.sounds)
    c.press("clear-selection")
    assert (len(host.flights), len(host.sounds)) == (n_flights, n_sounds)
    assert ("life",) in host.sounds or any("life" in s for s in host.sounds)


def test_the_sound_switch_is_remembered_and_silences():
    c, host, store = make("?seed=3&speed=normal")
    assert c.ui.look.sound is True
    c.press("sound")
    assert c.ui.look.sound is False and 'aria-pressed="false"' in host.markup
    again, _, _ = make("?seed=3&speed=normal", store=store)
    assert again.ui.look.sound is False


def test_shortcut_keys_play_only_offered_moves():
    c, host, _ = make("?seed=3&preset=classic&bots=1&speed=0&new=1")
    for _ in range(20):
        _run_until(c, host, lambda: host.state == "human" and not host.timers)
        legal = [str(a) for a in c.match.legal_actions()]
        if "knock" in legal:
            break
        moves = len(c.match.actions)
        c.handle({"type": "key", "key": "k"})  # not offered: nothing happens
        assert len(c.match.actions) == moves
        c.play(next(a for a in c.match.legal_actions() if str(a) != "pass"))
    c.ui.panels.settings_open = True  # a dialog over the table: keys do nothing
    c.handle({"type": "key", "key": "k"})
    assert str(c.match.actions[-1]) != "knock"
    c.ui.panels.settings_open = False
    c.handle({"type": "key", "key": "K"})
    assert str(c.match.actions[-1]) == "knock"


def test_a_dealt_31_is_said_in_words_on_the_table_before_the_result():
    """Seed 23 of Hosen owi deals Anna (seat 1) a 31: nobody moves, a life is lost. The closing
    table says who was dealt what before the result, and the result says it first
    (issue 21, part 4)."""
    from tests.app.markup import parse

    c, host = _start("?seed=23&preset=hosenowi&bots=3&speed=fast&new=1&lang=en")
    assert c.match.results and not c.match.actions  # the deal ended as dealt
    assert _run_until(c, host, lambda: host.state == "deal-over")
    closing = [m for m in host.screens if 'data-testid="callout"' in m]
    assert closing, "the closing table was drawn"
    note = parse(closing[0]).find(data_testid="dealt").all_text()
    assert note == "Anna was dealt 31 — nobody got a turn."
    reason = parse(host.screens[-1]).find(data_testid="deal-over").find(class_="reason")
    assert reason.all_text().startswith("Anna was dealt 31 — nobody got a turn.")


def test_a_dealt_31_at_speed_0_is_said_by_the_result():
    from tests.app.markup import parse

    c, host = _start("?seed=23&preset=hosenowi&bots=3&speed=0&new=1&lang=de")
    assert _run_until(c, host, lambda: host.state == "deal-over")
    reason = parse(host.markup).find(data_testid="deal-over").find(class_="reason")
    assert reason.all_text().startswith("Anna bekam 31 ausgeteilt – niemand kam zum Zug.")


def test_a_played_deal_says_nothing_of_a_deal_dealt():
    c, host = _start("?seed=5&preset=classic&bots=3&speed=0&new=1")
    assert _run_until(c, host, lambda: host.state == "deal-over")
    assert 'data-testid="dealt"' not in host.markup and c.ui.frame.dealt == ""
    assert "ausgeteilt" not in host.markup
