"""Reminders by Web Push, received at a push endpoint on this machine and decrypted as
a browser would (RFC 8291, aes128gcm, with the subscription's own key pair and auth
secret): "your turn" when a seat that opted in gets a decision, and a reminder when
80 % of its time is used. The VAPID header names the server's public key."""

from __future__ import annotations

import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from engine.online import protocol

from .support import Served


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class PushService:
    """A push endpoint on 127.0.0.1 keeping every message posted to it."""

    def __init__(self) -> None:
        got = self.got = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["content-length"]))
                got.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(201)
                self.end_headers()

            def log_message(self, *_args) -> None:
                pass

        self.http = HTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.http.server_port}/"
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()


class Browser:
    """A browser's push subscription: its key pair and auth secret."""

    def __init__(self, endpoint: str) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.subscription = {
            "endpoint": endpoint,
            "keys": {"p256dh": b64(public), "auth": b64(self.auth)},
        }

    def read(self, body: bytes) -> dict:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


def test_your_turn_and_the_reminder_arrive_encrypted_for_the_seat(tmp_path, clock):
    service = PushService()
    database = f"sqlite:///{tmp_path / 'tables.db'}"
    try:
        with Served(database, clock, push_endpoints=(service.base,)) as served:
            made = served.create(players=2, move_time=600)
            browser = Browser(service.base + "sub/owner")
            sub = {"token": made["token"], "subscription": browser.subscription, "lang": "de"}
            post = served.client.post
            url = f"/api/tables/{made['table']}/push"
            assert post(url, json=sub).status_code == 204
            assert post(url, json={**sub, "token": "0" * 32}).status_code == 403
            evil = {**sub, "subscription": {**browser.subscription, "endpoint": "http://10.0.0.1/"}}
            assert post(url, json=evil).status_code == 400
            owner = served.page(made["table"], "Hana", made["token"])
            owner.hello()
            guest = served.page(made["table"], "Ann")
            guest.hello()
            owner.send(protocol.start())
            guest.sync()
            if not owner.my_turn():  # the guest moves first: then it is the owner's turn
                guest.play(0, 0)
                owner.sync()
            served.call(served.server.push.drain)
            assert owner.my_turn()
            turns = [browser.read(body) for path, _, body in service.got]
            assert turns and turns[-1]["kind"] == "turn" and turns[-1]["title"] == "Du bist dran"
            assert turns[-1]["table"] == made["table"] and turns[-1]["seat"] == 0
            assert turns[-1]["url"].endswith(f"?table={made['table']}")
            path, headers, _ = service.got[-1]
            assert path == "/sub/owner" and headers["content-encoding"] == "aes128gcm"
            key = served.client.get("/api/push/key").json()["key"]
            assert f"k={key}" in headers["authorization"].replace(" ", "")
            before = len(service.got)
            deadline = served.server.tables.cache[made["table"]].ref.deadline
            clock.now = deadline - 1000  # past 80 % of the time
            assert served.due() == 1
            served.call(served.server.push.drain)
            (remind,) = [browser.read(body) for _, _, body in service.got[before:]]
            assert remind["kind"] == "remind" and remind["title"] == "Deine Zeit läuft ab"
            assert post(url, json={"token": made["token"], "off": True}).status_code == 204
            clock.now = deadline
            assert served.due() == 1  # a bot moved for the owner; nobody is reminded now
            served.call(served.server.push.drain)
            assert len(service.got) == before + 1
    finally:
        service.close()
