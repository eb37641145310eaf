"""Reminders by Web Push: "your turn", and a reminder when 80 % of a decision's time is
used, to the pages that opted in for their seat at that table.

The server's VAPID key pair is made once and kept in the database (every process signs
with the same key; the page subscribes with its public half). Each message is
encrypted for the subscription (RFC 8291, ``aes128gcm``) by ``pywebpush`` and posted in
a thread of its own, after the commit that caused it; a push service that says the
subscription is gone (404, 410) makes the server forget it.

A subscription's endpoint is a URL the page gives, so the server would post to any
address a hostile page names: only endpoints under ``PUSH_SERVICES`` (the browsers'
push services, ``https://`` only) are accepted, and whatever else ``--push-endpoint``
adds (the tests' local receiver).
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlsplit

from server.store import Deadline, Store
from server.tables import Turn

log = logging.getLogger("schwimmen.push")

PUSH_SERVICES = (
    "https://fcm.googleapis.com/",
    "https://updates.push.services.mozilla.com/",
    "https://web.push.apple.com/",
    ".notify.windows.com/",
)
"""Where browsers' push services take messages (Chrome, Firefox, Safari, Edge)."""
KEY_SETTING = "vapid_private_pem"
TTL_S = 24 * 3600  # a push service keeps an undelivered reminder this long

TEXTS = {
    "turn": {"de": "Du bist dran", "en": "Your turn"},
    "remind": {"de": "Deine Zeit läuft ab", "en": "Your time is running out"},
    "body": {
        "de": "Schwimmen: Tisch {table}",
        "en": "Schwimmen: table {table}",
    },
}


def endpoint_allowed(endpoint: str, extra: Sequence[str] = ()) -> bool:
    """Whether the server may post to ``endpoint`` (see the module text).

    >>> endpoint_allowed("https://fcm.googleapis.com/fcm/send/abc")
    True
    >>> endpoint_allowed("https://wns2-par02p.notify.windows.com/w/?token=x")
    True
    >>> endpoint_allowed("http://169.254.169.254/latest/"), endpoint_allowed("https://evil.example/")
    (False, False)
    """
    if not isinstance(endpoint, str) or len(endpoint) > 1000:
        return False
    parts = urlsplit(endpoint)
    if parts.username or parts.password:
        return False
    if any(endpoint.startswith(prefix) for prefix in extra):
        return True
    if parts.scheme != "https" or not parts.hostname:
        return False
    host_path = f"{parts.hostname}{parts.path[:1] or '/'}"
    for service in PUSH_SERVICES:
        if service.startswith("https://"):
            if endpoint.startswith(service):
                return True
        elif ("." + host_path).endswith(service) or host_path.endswith(service):
            return True
    return False


def message(kind: str, table_id: str, seat: int, lang: str, url: str) -> dict[str, Any]:
    """The push message's content (the service worker shows ``title`` and ``body`` and
    opens ``url`` on a click)."""
    lang = lang if lang in ("de", "en") else "en"
    return {
        "kind": kind,
        "table": table_id,
        "seat": seat,
        "title": TEXTS[kind][lang],
        "body": TEXTS["body"][lang].format(table=table_id),
        "url": url,
    }


class Push:
    """The server's Web Push sender (see the module text)."""

    def __init__(
        self,
        store: Store,
        *,
        subject: str = "mailto:tables@localhost",
        extra_endpoints: Sequence[str] = (),
        table_url: Callable[[str], str] = lambda table_id: f"/?table={table_id}",
    ) -> None:
        self.store = store
        self.subject = subject
        self.extra_endpoints = tuple(extra_endpoints)
        self.table_url = table_url
        self.vapid: Any = None
        self.public_key = ""
        self.tasks: set[asyncio.Task[Any]] = set()
        self.sent = 0

    async def load_key(self) -> None:
        """The VAPID key pair from the database, made there the first time."""
        from cryptography.hazmat.primitives import serialization
        from py_vapid import Vapid02

        fresh = Vapid02()
        fresh.generate_keys()
        pem = fresh.private_pem().decode()
        async with self.store.begin() as db:
            pem = await self.store.set_setting_once(db, KEY_SETTING, pem)
        self.vapid = Vapid02.from_pem(pem.encode())
        raw = self.vapid.public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.public_key = base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

    def allowed(self, endpoint: str) -> bool:
        return endpoint_allowed(endpoint, self.extra_endpoints)

    # ------------------------------------------------------------ after a commit

    def turn(self, turn: Turn) -> None:
        self._later(self._send_seat("turn", turn.table_id, turn.seat))

    def remind(self, table_id: str, deadline: Deadline) -> None:
        self._later(self._send_seat("remind", table_id, deadline.seat))

    def _later(self, work: Any) -> None:
        try:
            task = asyncio.get_running_loop().create_task(work)
        except RuntimeError:
            work.close()
            return
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def drain(self) -> None:
        """Wait for the pushes under way (tests, and a clean stop)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    async def _send_seat(self, kind: str, table_id: str, seat: int) -> None:
        async with self.store.begin() as db:
            subs = await self.store.subscriptions(db, table_id, seat)
        for sub in subs:
            data = message(kind, table_id, seat, sub["lang"], self.table_url(table_id))
            gone = await asyncio.to_thread(self._post, sub, data)
            if gone:
                async with self.store.begin() as db:
                    await self.store.drop_endpoint(db, sub["endpoint"])

    def _post(self, sub: dict[str, Any], data: dict[str, Any]) -> bool:
        """Encrypt and post one message; True when the subscription is gone."""
        from pywebpush import WebPushException, webpush

        if self.vapid is None or not self.allowed(sub["endpoint"]):
            return False
        info = {"endpoint": sub["endpoint"], "keys": {"p256dh": sub["p256dh"], "auth": sub["auth"]}}
        try:
            webpush(
                info,
                json.dumps(data, ensure_ascii=False),
                vapid_private_key=self.vapid,
                vapid_claims={"sub": self.subject},
                ttl=TTL_S,
                timeout=10,
            )
            self.sent += 1
            return False
        except WebPushException as e:
            status = getattr(e.response, "status_code", None)
            log.warning("push to %s failed: %s", urlsplit(sub["endpoint"]).hostname, status)
            return status in (404, 410)
        except Exception as e:  # a push service that is down must not stop the server
            log.warning("push failed: %s", type(e).__name__)
            return False
