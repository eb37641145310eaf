"""The game's sounds, made on the spot with the Web Audio API: no sound files to load.

Each sound is a few oscillators with short volume envelopes (``TONES``): a card's
soft snap, a knock's two thuds on wood, a falling tone for a lost life. Browsers
start audio only after the player has touched the page, so ``Sounds`` makes its
``AudioContext`` on the first tap or key (``wake``) and plays nothing before.

Only the page (``app.dom``, ``app.events``) uses this module; it never imports ``js``
itself (the page hands it in), so it loads in tests too.
"""

from __future__ import annotations

from typing import Any

# name -> tones: (start s, length s, oscillator type, from Hz, to Hz, peak volume)
TONES: dict[str, tuple[tuple[float, float, str, float, float, float], ...]] = {
    "card": ((0.0, 0.07, "triangle", 1400.0, 380.0, 0.16),),
    "knock": (
        (0.0, 0.09, "sine", 170.0, 70.0, 0.5),
        (0.14, 0.09, "sine", 170.0, 70.0, 0.5),
    ),
    "life": (
        (0.0, 0.18, "triangle", 523.0, 494.0, 0.18),
        (0.18, 0.36, "triangle", 392.0, 262.0, 0.18),
    ),
}


class Sounds:
    """Plays ``TONES`` by name in the page (``js``: Pyodide's ``js`` module)."""

    def __init__(self, js: Any) -> None:
        self.js = js
        self.ctx: Any = None
        self.broken = False  # no Web Audio here: stay silent

    def wake(self) -> None:
        """Called on a tap or key: make (or resume) the audio context the browser now
        allows."""
        if self.broken:
            return
        try:
            if self.ctx is None:
                make = getattr(self.js, "AudioContext", None) or getattr(
                    self.js, "webkitAudioContext", None
                )
                if make is None:
                    self.broken = True
                    return
                self.ctx = make.new()
            if str(self.ctx.state) == "suspended":
                self.ctx.resume()
        except Exception:  # a browser without audio: the game goes on silently
            self.broken = True

    def play(self, names: tuple[str, ...] | list[str]) -> None:
        """Play each named sound, one after another."""
        if self.ctx is None or self.broken or str(self.ctx.state) != "running":
            return
        at = float(self.ctx.currentTime) + 0.01
        for name in names:
            tones = TONES.get(name, ())
            for start, length, kind, f0, f1, peak in tones:
                self._tone(at + start, length, kind, f0, f1, peak)
            at += max((s + n for s, n, *_ in tones), default=0) + 0.05

    def _tone(
        self, at: float, length: float, kind: str, f0: float, f1: float, peak: float
    ) -> None:
        ctx = self.ctx
        osc = ctx.createOscillator()
        gain = ctx.createGain()
        osc.type = kind
        osc.frequency.setValueAtTime(f0, at)
        osc.frequency.exponentialRampToValueAtTime(f1, at + length)
        gain.gain.setValueAtTime(0.0001, at)
        gain.gain.exponentialRampToValueAtTime(peak, at + 0.008)
        gain.gain.exponentialRampToValueAtTime(0.0001, at + length)
        osc.connect(gain)
        gain.connect(ctx.destination)
        osc.start(at)
        osc.stop(at + length + 0.02)
