"""The message format: every kind reads back as written; sizes, shapes, versions and
names that do not fit are refused with the reason the page will put into words."""

from __future__ import annotations

import json

import pytest

from app.table.view import UIState, render
from engine import Match, preset
from engine.online import protocol
from engine.online.protocol import (
    MAX_GUEST_CHARS,
    ProtocolError,
    VersionMismatch,
    clean_name,
    parse_guest,
    parse_host,
)

SECRET = "0123456789abcdef" * 2


def reason(text: str, parse=parse_guest) -> str:
    with pytest.raises(ProtocolError) as caught:
        parse(text)
    return str(caught.value.reason)


# ---------------------------------------------------------------- guest messages


def test_each_guest_kind_reads_back():
    assert parse_guest(protocol.hello("Anna", SECRET)).body == {
        "version": protocol.VERSION,
        "name": "Anna",
        "secret": SECRET,
    }
    assert parse_guest(protocol.act("announce 30.5 show 0 2", seq=40, seat=8)).body == {
        "seat": 8,
        "action": "announce 30.5 show 0 2",
        "seq": 40,
    }
    assert parse_guest(protocol.ping()).kind == "ping"
    assert parse_guest(protocol.bye()).kind == "bye"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{"kind": "act", "seat": 1, "action": "knock", "seq": 3', "not-json"),
        ("[" * 5000 + "]" * 5000, "too-large"),
        ('[[[[[[[[[[[[[[["x"]]]]]]]]]]]]]]]', "not-json"),  # deeper than a message goes
        ('{"kind": "ping", "kind": "bye"}', "not-json"),
        ('{"kind": "act", "seat": 1, "action": "knock", "seq": NaN}', "not-json"),
        ('["hello"]', "bad-message"),
        ('{"name": "Anna"}', "bad-message"),
        ('{"kind": "shout"}', "bad-message"),
        ('{"kind": "ping", "also": 1}', "bad-message"),
        ('{"kind": "act", "seat": 1, "action": "knock"}', "bad-message"),
        ('{"kind": "act", "seat": "1", "action": "knock", "seq": 0}', "bad-message"),
        ('{"kind": "act", "seat": 9, "action": "knock", "seq": 0}', "bad-message"),
        ('{"kind": "act", "seat": 1, "action": "knock", "seq": -1}', "bad-message"),
        ('{"kind": "act", "seat": 1, "action": "knock", "seq": true}', "bad-message"),
        ('{"kind": "act", "seat": 1, "action": ["knock"], "seq": 0}', "bad-message"),
        ('{"kind": "act", "seat": 1, "action": "' + "x" * 41 + '", "seq": 0}', "bad-message"),
        ('{"kind": "hello", "version": 2, "name": "A", "secret": "abc"}', "bad-message"),
        (
            json.dumps({"kind": "hello", "version": 2, "name": "A", "secret": SECRET.upper()}),
            "bad-message",
        ),
        ('{"kind": "hello", "version": "1", "name": "Anna"}', "bad-message"),
        ('{"kind": "hello", "version": 2, "name": "  "}', "bad-name"),
        ('{"kind": "hello", "version": 2, "name": "A\\u0000B"}', "bad-name"),
        ('{"kind": "hello", "version": 2, "name": "\\ud800"}', "bad-name"),
    ],
)
def test_malformed_guest_messages_are_refused(text, why):
    assert reason(text) == why


def test_size_is_checked_before_anything_is_read():
    ping = json.dumps({"kind": "ping"})
    padded = ping[:-1] + " " * (MAX_GUEST_CHARS - len(ping)) + "}"
    assert len(padded) == MAX_GUEST_CHARS
    assert parse_guest(padded).kind == "ping"
    assert reason(padded + " ") == "too-large"
    assert reason("{" * 1_000_000) == "too-large"  # 1 MB: refused by its length alone
    assert reason(b'{"kind": "ping"}') == "not-json"  # text only: the transport decodes
    assert reason(None) == "not-json"


def test_another_version_is_told_before_its_fields_are_checked():
    later = protocol.VERSION + 1
    newer = json.dumps({"kind": "hello", "version": later, "name": "Anna", "avatar": "cat"})
    with pytest.raises(VersionMismatch) as caught:
        parse_guest(newer)
    assert caught.value.version == later and caught.value.reason == "version"
    for guest, reload in ((later, "host"), (0, "guest")):
        told = parse_host(protocol.update_needed(guest))
        assert told.body == {"version": protocol.VERSION, "reload": reload}


# ---------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("Anna", "Anna"),
        ("  Anna  ", "Anna"),
        ("Jan  \u3000 Piet", "Jan Piet"),
        ("<b>Bo</b>", "<b>Bo</b>"),  # markup is text: kept, and escaped where shown
        ('"; DROP --', '"; DROP --'),
        ("Zoë 🙂", "Zoë 🙂"),
        ("👩\u200d💻 Kim", "👩\u200d💻 Kim"),  # a joiner inside an emoji stays
        ("x" * 20, "x" * 20),
    ],
)
def test_names_are_trimmed_text(given, kept):
    assert clean_name(given) == kept
    assert parse_guest(protocol.hello(given)).body["name"] == kept


@pytest.mark.parametrize(
    "bad",
    ["", "   ", "x" * 21, "a\nb", "tab\there", "bell\x07", "del\x7f", "c1\x85", "\u202eevil",
     "a\u2066b", "line\u2028sep", "bom\ufeff", "\u200b", "\u200d\ufe0f", "soft\xad",
     7, None, ["Anna"]],
)  # fmt: skip
def test_bad_names_are_refused(bad):
    with pytest.raises(ProtocolError) as caught:
        clean_name(bad)
    assert caught.value.reason == "bad-name"


def test_a_name_with_markup_shows_literally():
    name = clean_name("<img src=x onerror=alert(1)>"[:20])
    obs = Match(preset("classic"), players=3, seed=1).observation(0)
    markup = render(obs, UIState.of(names=("", name, "Ben")))
    assert "<img src=x" not in markup
    assert "&lt;img src=x onerror" in markup


# ---------------------------------------------------------------- host messages


def test_each_host_kind_reads_back():
    assert parse_host(protocol.welcome(3, SECRET)).body == {
        "version": protocol.VERSION,
        "seat": 3,
        "secret": SECRET,
    }
    assert parse_host(protocol.timer(2, seq=17, left_ms=29_500)).body == {
        "seat": 2,
        "seq": 17,
        "left_ms": 29_500,
    }
    over = parse_host(protocol.over("timeout", [2, -1, 0], [1, 3, 2])).body
    assert over == {"reason": "timeout", "lives": (2, -1, 0), "places": (1, 3, 2)}
    told = parse_host(protocol.rejected(protocol.Reason.STALE, "late", of="act", seq=4)).body
    assert told == {"reason": "stale", "detail": "late", "of": "act", "seq": 4}
    assert parse_host(protocol.pong()).kind == "pong"


def test_a_welcome_of_another_version_says_so():
    text = json.dumps({"kind": "welcome", "version": 9, "seat": 1, "secret": SECRET})
    with pytest.raises(VersionMismatch):
        parse_host(text)


LOBBY = {
    "seats": [
        {"seat": 0, "kind": "host", "name": "Hana", "away": False, "level": None},
        {"seat": 1, "kind": "bot", "name": "", "away": False, "level": "hard"},
    ],
    "players": 2,
    "preset": "knack",
    "rules": preset("knack").to_dict(),
    "move_time": 60,
    "on_timeout": "end",
    "bot_level": "hard",
    "started": False,
}


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("seats", 1, "kind"), "ghost"),
        (("seats", 1, "name"), "evil\u202e"),
        (("seats", 0, "secret"), SECRET),  # a lobby never carries a secret
        (("rules", "deck"), 31),
        (("move_time",), 301),
        (("on_timeout",), "explode"),
    ],
)
def test_a_malformed_lobby_is_refused(path, value):
    assert parse_host(protocol.lobby(LOBBY)).body["seats"][0]["name"] == "Hana"
    lobby = json.loads(json.dumps(LOBBY))
    target = lobby
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert reason(protocol.lobby(lobby), parse_host) in ("bad-message", "bad-name")


def test_host_messages_have_their_own_limit():
    assert reason(" " * (protocol.MAX_HOST_CHARS + 1), parse_host) == "too-large"
    assert reason(protocol.hello("Anna"), parse_host) == "bad-message"  # a guest's kind


@pytest.mark.parametrize(
    "bad",
    ["\U000e0100", "\u180b", "\U0001bca0", "\U00013430", "\u0301", "\u20dd", "\ue000", "\u3000"],
)
def test_a_name_with_nothing_that_shows_is_refused(bad):
    """By category: marks alone, formats, private use and spaces show nothing."""
    with pytest.raises(ProtocolError) as caught:
        clean_name(bad * 3)
    assert caught.value.reason == "bad-name"


def test_names_are_composed_and_compared_as_they_look():
    assert clean_name("Jose\u0301") == "Jos\u00e9"
    looks_like_hana = ["Hana", "HANA", "\uff28\uff41\uff4e\uff41", "H\u0430na", "Ha\U000e0100na",
                       "Ha\u180bna", "Ha\U0001bca0na", "Ha\U00013430na", "Hana\ufe0f"]  # fmt: skip
    assert {protocol.name_key(n) for n in looks_like_hana} == {"hana"}
    assert protocol.name_key("Jose\u0301") == protocol.name_key("Jos\u00e9")
    assert protocol.name_key("Hanna") != protocol.name_key("Hana")
