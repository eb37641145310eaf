"""Accounts by passkey on the server (``server/accounts.py``), on SQLite and PostgreSQL.

The passkeys are genuine: ``Authenticator`` holds an EC P-256 key (``cryptography``)
and answers a ceremony as a browser's authenticator does, with real authenticator data,
client data and signature ('none' attestation, its object written with ``cbor2``), so
the ``webauthn`` library checks them for real. Each refusal changes one thing of an
answer that is otherwise accepted.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import struct
from typing import Any

import cbor2
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

from engine.online import protocol
from server.accounts import CHALLENGE_MS, SESSION_COOKIE, relying_party

from .support import Served

ORIGIN = "http://localhost:8000"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Authenticator:
    """One passkey (a discoverable credential) on a make-believe authenticator."""

    def __init__(self, rp_id: str = "localhost", origin: str = ORIGIN) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.id = secrets.token_bytes(16)
        self.rp_id, self.origin = rp_id, origin
        self.count = 0
        self.user_handle = b""

    def _client_data(self, kind: str, challenge: str, origin: str | None) -> bytes:
        data = {"type": kind, "challenge": challenge, "origin": origin or self.origin}
        return json.dumps({**data, "crossOrigin": False}).encode()

    def _auth_data(self, extra: bytes = b"", flags: int = 0x05) -> bytes:
        rp_hash = hashlib.sha256(self.rp_id.encode()).digest()
        return rp_hash + bytes([flags]) + struct.pack(">I", self.count) + extra

    def create(self, options: dict[str, Any], origin: str | None = None) -> dict[str, Any]:
        """``navigator.credentials.create``'s answer, as ``toJSON()`` gives it."""
        self.user_handle = unb64(options["user"]["id"])
        numbers = self.key.public_key().public_numbers()
        cose = cbor2.dumps(
            {
                1: 2,
                3: -7,
                -1: 1,
                -2: numbers.x.to_bytes(32, "big"),
                -3: numbers.y.to_bytes(32, "big"),
            }
        )
        attested = bytes(16) + struct.pack(">H", len(self.id)) + self.id + cose
        auth_data = self._auth_data(attested, flags=0x45)  # user present, verified, key data
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client = self._client_data("webauthn.create", options["challenge"], origin)
        return {
            "id": b64(self.id),
            "rawId": b64(self.id),
            "type": "public-key",
            "response": {"clientDataJSON": b64(client), "attestationObject": b64(attestation)},
        }

    def get(
        self, options: dict[str, Any], origin: str | None = None, count: int | None = None
    ) -> dict[str, Any]:
        """``navigator.credentials.get``'s answer; the counter goes up by one (or is
        ``count``)."""
        self.count = self.count + 1 if count is None else count
        auth_data = self._auth_data()
        client = self._client_data("webauthn.get", options["challenge"], origin)
        signed = auth_data + hashlib.sha256(client).digest()
        signature = self.key.sign(signed, ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64(self.id),
            "rawId": b64(self.id),
            "type": "public-key",
            "response": {
                "authenticatorData": b64(auth_data),
                "clientDataJSON": b64(client),
                "signature": b64(signature),
                "userHandle": b64(self.user_handle),
            },
        }


def post(served: Served, path: str, body: Any = None):
    return served.client.post(path, json={} if body is None else body)


def register(served: Served, key: Authenticator, name: str = "Hana", **answer) -> Any:
    options = post(served, "/api/account/register/options", {"name": name}).json()
    credential = key.create(options["options"], **answer)
    return post(
        served, "/api/account/register", {"ceremony": options["ceremony"], "credential": credential}
    )


def sign_in(served: Served, key: Authenticator, **answer) -> Any:
    options = post(served, "/api/account/sign-in/options").json()
    credential = key.get(options["options"], **answer)
    return post(
        served, "/api/account/sign-in", {"ceremony": options["ceremony"], "credential": credential}
    )


def signed_out(served: Served) -> None:
    served.client.cookies.clear()


@pytest.fixture
def served(database, clock):
    with Served(database, clock, public_url=ORIGIN) as served:
        yield served


def test_a_passkey_registers_signs_out_and_signs_in_again(served):
    key = Authenticator()
    made = register(served, key)
    assert made.status_code == 200, made.text
    assert made.json() == {"signed_in": True, "name": "Hana"}
    cookie = made.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and "path=/api/account" in cookie
    assert "secure" not in cookie  # http://localhost: no TLS
    me = served.client.get("/api/account").json()
    assert me["signed_in"] and me["name"] == "Hana" and len(me["passkeys"]) == 1
    assert post(served, "/api/account/sign-out").status_code == 204
    assert served.client.get("/api/account").json()["signed_in"] is False
    again = sign_in(served, key)
    assert again.status_code == 200, again.text
    assert served.client.get("/api/account").json()["name"] == "Hana"


def test_the_session_is_kept_only_as_a_hash(served):
    assert register(served, Authenticator()).status_code == 200
    token = served.client.cookies[SESSION_COOKIE]
    assert len(token) == 32

    async def every_row(_):
        async with served.server.store.read() as conn:
            from sqlalchemy import text

            return str((await conn.execute(text("SELECT * FROM sessions"))).all())

    assert token not in served.call(every_row, None)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ("wrong origin", "origin"),
        ("wrong challenge", "challenge"),
        ("replayed challenge", "was used"),
        ("counter going back", "sign count"),
        ("unknown credential", "not known"),
    ],
)
def test_refused_assertions_sign_nobody_in(served, change, said):
    key = Authenticator()
    assert register(served, key).status_code == 200
    assert sign_in(served, key).status_code == 200  # the counter is 1 now
    signed_out(served)
    options = post(served, "/api/account/sign-in/options").json()
    ceremony = options["ceremony"]
    if change == "wrong origin":
        credential = key.get(options["options"], origin="http://evil.localhost:8000")
    elif change == "wrong challenge":
        credential = key.get({"challenge": b64(secrets.token_bytes(32))})
    elif change == "replayed challenge":
        credential = key.get(options["options"])
        first = post(
            served, "/api/account/sign-in", {"ceremony": ceremony, "credential": credential}
        )
        assert first.status_code == 200
        signed_out(served)
        credential = key.get(options["options"])  # a fresh signature, the used challenge
    elif change == "counter going back":
        credential = key.get(options["options"], count=1)  # the server saw 1 already
    else:
        credential = Authenticator().get(options["options"])
    answer = post(served, "/api/account/sign-in", {"ceremony": ceremony, "credential": credential})
    assert answer.status_code == 403, answer.text
    assert said in answer.json()["error"].lower()
    assert "set-cookie" not in answer.headers
    assert served.client.get("/api/account").json()["signed_in"] is False


def test_a_refused_answer_uses_up_its_challenge(served):
    key = Authenticator()
    assert register(served, key).status_code == 200
    signed_out(served)
    options = post(served, "/api/account/sign-in/options").json()
    body = {"ceremony": options["ceremony"]}
    bad = key.get(options["options"], origin="http://evil.localhost:8000")
    assert post(served, "/api/account/sign-in", {**body, "credential": bad}).status_code == 403
    good = key.get(options["options"])
    assert post(served, "/api/account/sign-in", {**body, "credential": good}).status_code == 403


def test_a_challenge_expires(served):
    key = Authenticator()
    assert register(served, key).status_code == 200
    signed_out(served)
    options = post(served, "/api/account/sign-in/options").json()
    served.clock.advance(CHALLENGE_MS + 1)
    credential = key.get(options["options"])
    body = {"ceremony": options["ceremony"], "credential": credential}
    assert post(served, "/api/account/sign-in", body).status_code == 403


def test_a_registration_from_another_origin_or_for_another_party_is_refused(served):
    assert register(served, Authenticator(), origin="http://evil.example").status_code == 403
    assert register(served, Authenticator(rp_id="evil.example")).status_code == 403
    assert served.client.get("/api/account").json()["signed_in"] is False
    bad_name = post(served, "/api/account/register/options", {"name": "\u200b"})
    assert bad_name.status_code == 400


def test_passkeys_are_added_listed_removed_and_the_account_deleted(served):
    first, second = Authenticator(), Authenticator()
    assert register(served, first).status_code == 200
    added = register(served, second)  # signed in: one more passkey for the same account
    assert added.status_code == 200, added.text
    keys = served.client.get("/api/account").json()["passkeys"]
    assert {k["id"] for k in keys} == {b64(first.id), b64(second.id)}
    remove = "/api/account/passkeys/remove"
    assert post(served, remove, {"id": b64(first.id)}).status_code == 204
    assert post(served, remove, {"id": b64(second.id)}).status_code == 400  # the last one
    signed_out(served)
    assert sign_in(served, first).status_code == 403  # removed
    assert sign_in(served, second).status_code == 200
    assert post(served, "/api/account/delete").status_code == 204
    assert served.client.get("/api/account").json()["signed_in"] is False
    assert sign_in(served, second).status_code == 403  # the account is gone with its keys


def test_the_accounts_seats_follow_it_to_another_device(served):
    made = served.create(name="Hana", players=2)
    owner = served.page(made["table"], "Hana", made["token"])
    owner.hello()
    key = Authenticator()
    assert register(served, key).status_code == 200
    held = {"seats": [{"table": made["table"], "token": made["token"]}]}
    rows = post(served, "/api/account/tables", held).json()["tables"]
    assert [(r["table"], r["seat"], r["token"]) for r in rows] == [
        (made["table"], 0, made["token"])
    ]
    signed_out(served)  # another device: nothing kept but the passkey
    assert post(served, "/api/account/tables", {"seats": []}).status_code == 401
    assert sign_in(served, key).status_code == 200
    rows = post(served, "/api/account/tables", {"seats": []}).json()["tables"]
    assert [r["table"] for r in rows] == [made["table"]] and rows[0]["token"] == made["token"]
    other = served.create(name="Bo", players=2)
    forged = {"seats": [{"table": other["table"], "token": "0" * 32}]}
    rows = post(served, "/api/account/tables", forged).json()["tables"]
    assert [r["table"] for r in rows] == [made["table"]]  # a token that holds no seat: ignored


def test_no_passkeys_where_the_public_address_is_an_ip(database, clock):
    with Served(database, clock, public_url="http://127.0.0.1:8000") as served:
        assert served.client.get("/api/account").json()["passkeys_here"] is False
        answer = post(served, "/api/account/sign-in/options")
        assert answer.status_code == 503 and "localhost" in answer.json()["error"]


def test_the_relying_party_and_the_cookie_behind_tls():
    assert relying_party("https://tables.example.org").secure
    assert protocol.clean_name("Hana") == "Hana"


def _device_options(served: Served, token: str):
    return post(served, "/api/account/register/options", {"device": token})


def test_a_device_link_registers_a_passkey_for_the_account_once(served):
    assert register(served, Authenticator(), name="Hana").status_code == 200
    link = post(served, "/api/account/device-link").json()
    signed_out(served)  # the other device: never signed in
    phone = Authenticator()
    options = _device_options(served, link["token"])
    assert options.status_code == 200, options.text
    assert options.json()["options"]["user"]["name"] == "Hana"
    credential = phone.create(options.json()["options"])
    body = {"ceremony": options.json()["ceremony"], "credential": credential}
    added = post(served, "/api/account/register", body)
    assert added.status_code == 200 and added.json()["name"] == "Hana"
    assert len(served.client.get("/api/account").json()["passkeys"]) == 2
    signed_out(served)
    assert _device_options(served, link["token"]).status_code == 403  # used once
    assert sign_in(served, phone).status_code == 200


def test_a_device_link_expires_and_needs_a_signed_in_maker(served):
    assert post(served, "/api/account/device-link").status_code == 401
    assert register(served, Authenticator()).status_code == 200
    link = post(served, "/api/account/device-link").json()
    served.clock.advance(link["expires_ms"] + 1)
    assert _device_options(served, link["token"]).status_code == 403
    assert _device_options(served, "not a token").status_code == 400


def test_a_new_accounts_ceremony_cannot_add_a_passkey_to_another_account(served):
    assert register(served, Authenticator(), name="Hana").status_code == 200
    signed_out(served)
    assert register(served, Authenticator(), name="Ben").status_code == 200
    assert served.client.get("/api/account").json()["name"] == "Ben"
