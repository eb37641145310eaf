"""Accounts by passkey (WebAuthn): optional, with nothing personal but a display name.

The ceremonies are the ``webauthn`` library's (options, then the check of what the
browser's authenticator answered): nothing here reads CBOR or checks a signature.

- ``POST /api/account/register/options`` ``{name}``: a new account's passkey, or, signed
  in, one more passkey for the account; ``POST /api/account/register``
  ``{ceremony, credential}``: checked, stored, signed in.
- ``POST /api/account/sign-in/options`` ``{}`` and ``POST /api/account/sign-in``
  ``{ceremony, credential}``: any passkey of this server the browser offers (a
  discoverable credential: no name is typed).
- ``POST /api/account/device-link`` (signed in): a one-time token (10 minutes) for a
  link that registers a passkey for the account on another device, which asks
  ``POST /api/account/register/options`` ``{device: TOKEN}`` (the token is spent then).
- ``GET /api/account``: signed in or not, the display name, the passkeys.
- ``POST /api/account/sign-out``, ``POST /api/account/passkeys/remove`` ``{id}``,
  ``POST /api/account/delete``: the account and all that is kept of it.
- ``POST /api/account/tables`` ``{seats: [{table, token}]}``: the seats this device
  holds become the account's, and the answer lists every seat of the account, with its
  token, so any device the person signs in on sits down there ("My tables", no cap).

A ceremony's challenge is a row of ``challenges``: 32 random bytes, named to the page
by an id, valid ``CHALLENGE_MS``, deleted when it is answered whatever the answer (a
replay finds nothing). The relying party is the host name of the server's public URL
(``--public-url``): ``localhost`` (``http://localhost:N``, a secure context) or a real
host name behind TLS; an IP address cannot be one (WebAuthn refuses it), so a server
reached at ``http://127.0.0.1:N`` offers no passkeys and says so.

Signed in, the browser holds a session cookie (``SESSION_COOKIE``: 128 random bits, the
database keeps its SHA-256): HttpOnly, SameSite=Strict, Secure when the public URL is
https, sent to ``/api/account`` only.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from ipaddress import ip_address
from typing import Any
from urllib.parse import urlsplit

import sqlalchemy as sa
import webauthn
from sqlalchemy.ext.asyncio import AsyncConnection
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from engine.online import protocol
from server import db
from server.store import Store

log = logging.getLogger("schwimmen.accounts")

CHALLENGE_MS = 3 * 60 * 1000  # a ceremony is answered within this, or begun again
CEREMONY_TIMEOUT_MS = 2 * 60 * 1000  # what the browser is told to wait for its person
SESSION_MS = 180 * 24 * 3600 * 1000  # a signed-in browser stays so this long
DEVICE_MS = 10 * 60 * 1000  # a device link is used within this, once
SESSION_COOKIE = "schwimmen_session"
COOKIE_PATH = "/api/account"
MAX_PASSKEYS = 20  # per account
TOKEN_HEX = 32  # a session's or a seat's token: 128 bits in hexadecimal
SEAT_TOKEN = re.compile(r"[0-9a-f]{32}")
RP_NAME = "Schwimmen"


class Refused(ValueError):
    """A request or a ceremony's answer the server does not take (said as 400 or 403)."""

    def __init__(self, text: str, status: int = 400) -> None:
        super().__init__(text)
        self.status = status


@dataclass(frozen=True)
class RelyingParty:
    """Whom the passkeys are for: the host name, and the origin pages use."""

    id: str
    origin: str
    secure: bool  # https: the cookie is Secure


def relying_party(public_url: str) -> RelyingParty | None:
    """The relying party of a server reached at ``public_url``, or None where WebAuthn
    takes none (an IP address, no host at all).

    >>> relying_party("http://localhost:8000")
    RelyingParty(id='localhost', origin='http://localhost:8000', secure=False)
    >>> relying_party("https://tables.example.org/").id
    'tables.example.org'
    >>> relying_party("http://127.0.0.1:8000") is None, relying_party("") is None
    (True, True)
    """
    parts = urlsplit(public_url.strip())
    host = (parts.hostname or "").lower()
    if parts.scheme not in ("http", "https") or not host:
        return None
    try:
        ip_address(host)
        return None
    except ValueError:
        pass
    origin = f"{parts.scheme}://{parts.netloc.lower()}"
    return RelyingParty(host, origin, parts.scheme == "https")


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Ceremony:
    """A stored challenge, taken (and deleted) when its answer comes."""

    challenge: bytes
    kind: str
    account_id: str | None
    name: str | None


class Accounts:
    """The accounts' reads and writes and the two ceremonies (see the module text)."""

    def __init__(
        self, store: Store, tables: Any, public_url: str, clock: Callable[[], float]
    ) -> None:
        self.store, self.tables, self.clock = store, tables, clock  # tables: server.tables.Tables
        self.rp = relying_party(public_url)
        self.secure = self.rp is not None and self.rp.secure  # the cookie is Secure

    def _now(self) -> int:
        return int(self.clock())

    def _party(self) -> RelyingParty:
        if self.rp is None:
            raise Refused(
                "passkeys need the server's public address to be a host name"
                " (--public-url http://localhost:PORT, or a real name behind TLS)",
                503,
            )
        return self.rp

    # ------------------------------------------------------------ ceremonies

    async def _new_ceremony(
        self,
        conn: AsyncConnection,
        challenge: bytes,
        kind: str,
        account_id: str | None = None,
        name: str | None = None,
    ) -> str:
        now = self._now()
        c = db.challenges.c
        await conn.execute(db.challenges.delete().where(c.expires < now))
        ceremony = secrets.token_hex(16)
        await conn.execute(
            db.challenges.insert().values(
                id=ceremony,
                challenge=bytes_to_base64url(challenge),
                kind=kind,
                account_id=account_id,
                name=name,
                expires=now + CHALLENGE_MS,
            )
        )
        return ceremony

    async def take_ceremony(self, conn: AsyncConnection, ceremony: Any, *kinds: str) -> Ceremony:
        """The ceremony's challenge (of one of ``kinds``), deleted now: a second answer
        finds none."""
        if not isinstance(ceremony, str) or len(ceremony) != 32:
            raise Refused("ceremony: the id the options gave")
        c = db.challenges.c
        found = (
            (await conn.execute(sa.select(db.challenges).where(c.id == ceremony)))
            .mappings()
            .first()
        )
        await conn.execute(db.challenges.delete().where(c.id == ceremony))
        if found is None or found["kind"] not in kinds or found["expires"] < self._now():
            raise Refused("this sign-in has expired or was used; begin again", 403)
        return Ceremony(
            webauthn.base64url_to_bytes(found["challenge"]),
            found["kind"],
            found["account_id"],
            found["name"],
        )

    async def device_link(self, conn: AsyncConnection, account_id: str) -> str:
        """A one-time token that lets another device register a passkey for the account
        (``DEVICE_MS``); the database keeps its hash, as a challenge row of kind
        ``device``."""
        self._party()
        token = secrets.token_hex(16)
        now = self._now()
        await conn.execute(db.challenges.delete().where(db.challenges.c.expires < now))
        await conn.execute(
            db.challenges.insert().values(
                id=digest(token)[:32],
                challenge="-",
                kind="device",
                account_id=account_id,
                name=None,
                expires=now + DEVICE_MS,
            )
        )
        return token

    async def take_device_link(self, conn: AsyncConnection, token: Any) -> str:
        """The account a device link is for; the link is spent (deleted) now."""
        if not isinstance(token, str) or not SEAT_TOKEN.fullmatch(token):
            raise Refused("device: the link's token")
        c = db.challenges.c
        key = digest(token)[:32]
        found = (await conn.execute(sa.select(db.challenges).where(c.id == key))).mappings().first()
        await conn.execute(db.challenges.delete().where(c.id == key))
        if found is None or found["kind"] != "device" or found["expires"] < self._now():
            raise Refused("this device link has expired or was used; make a new one", 403)
        account_id: str = found["account_id"]
        return account_id

    async def registration_options(
        self,
        conn: AsyncConnection,
        name: Any,
        account_id: str | None,
        kind: str = "register",
    ) -> dict[str, Any]:
        """Options for a new passkey: a new account's (``name`` is its display name) or,
        with ``account_id``, one more for that account (``kind="add-device"``: asked by
        a device link, from a browser not signed in)."""
        rp = self._party()
        if account_id is None:
            name = protocol.clean_name(name)  # the rules of a name at a table
            user_id = secrets.token_bytes(16)
            known: list[str] = []
        else:
            account = await self.account(conn, account_id)
            name, user_id = account["name"], bytes.fromhex(account_id)
            known = [p["id"] for p in await self.passkeys(conn, account_id)]
            if len(known) >= MAX_PASSKEYS:
                raise Refused(f"an account keeps at most {MAX_PASSKEYS} passkeys")
        options = webauthn.generate_registration_options(
            rp_id=rp.id,
            rp_name=RP_NAME,
            user_id=user_id,
            user_name=name,
            user_display_name=name,
            timeout=CEREMONY_TIMEOUT_MS,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.PREFERRED,
            ),
            exclude_credentials=[
                PublicKeyCredentialDescriptor(id=webauthn.base64url_to_bytes(k)) for k in known
            ],
        )
        ceremony = await self._new_ceremony(
            conn, options.challenge, kind, account_id or user_id.hex(), name
        )
        return {"ceremony": ceremony, "options": json.loads(webauthn.options_to_json(options))}

    async def register(
        self, conn: AsyncConnection, taken: Ceremony, credential: Any, signed_in: str | None
    ) -> str:
        """Check a new passkey (the library's ``verify_registration_response``) and keep
        it; a new account is made with it. Returns the account's id."""
        rp = self._party()
        account_id = taken.account_id or ""
        existing = await self._account_row(conn, account_id)
        if existing is not None and existing["id"] != signed_in and taken.kind != "add-device":
            raise Refused("a passkey is added to an account only while signed in to it", 403)
        try:
            verified = webauthn.verify_registration_response(
                credential=_credential(credential),
                expected_challenge=taken.challenge,
                expected_rp_id=rp.id,
                expected_origin=rp.origin,
            )
        except InvalidRegistrationResponse as e:
            raise Refused(f"the passkey was not accepted: {e}", 403) from None
        credential_id = bytes_to_base64url(verified.credential_id)
        if await self._credential_row(conn, credential_id) is not None:
            raise Refused("this passkey is registered already", 403)
        now = self._now()
        if existing is None:
            await conn.execute(
                db.accounts.insert().values(id=account_id, name=taken.name or "?", created=now)
            )
        await conn.execute(
            db.credentials.insert().values(
                id=credential_id,
                account_id=account_id,
                public_key=bytes_to_base64url(verified.credential_public_key),
                sign_count=verified.sign_count,
                created=now,
                used=now,
            )
        )
        return account_id

    async def authentication_options(self, conn: AsyncConnection) -> dict[str, Any]:
        rp = self._party()
        options = webauthn.generate_authentication_options(
            rp_id=rp.id,
            timeout=CEREMONY_TIMEOUT_MS,
            user_verification=UserVerificationRequirement.PREFERRED,
        )
        ceremony = await self._new_ceremony(conn, options.challenge, "sign-in")
        return {"ceremony": ceremony, "options": json.loads(webauthn.options_to_json(options))}

    async def authenticate(self, conn: AsyncConnection, taken: Ceremony, credential: Any) -> str:
        """Check a passkey's answer (the library's ``verify_authentication_response``:
        origin, challenge, relying party, signature, a counter that went forward) and
        keep its new counter. Returns the account's id."""
        rp = self._party()
        credential = _credential(credential)
        row = await self._credential_row(conn, str(credential.get("id", "")))
        if row is None:
            raise Refused("this passkey is not known here (removed, or another server's)", 403)
        handle = (credential.get("response") or {}).get("userHandle")
        if handle and _hex_of(handle) != row["account_id"]:
            raise Refused("the passkey's user is not its account", 403)
        try:
            verified = webauthn.verify_authentication_response(
                credential=credential,
                expected_challenge=taken.challenge,
                expected_rp_id=rp.id,
                expected_origin=rp.origin,
                credential_public_key=webauthn.base64url_to_bytes(row["public_key"]),
                credential_current_sign_count=row["sign_count"],
            )
        except InvalidAuthenticationResponse as e:
            raise Refused(f"the passkey was not accepted: {e}", 403) from None
        k = db.credentials.c
        await conn.execute(
            db.credentials.update()
            .where(k.id == row["id"])
            .values(sign_count=verified.new_sign_count, used=self._now())
        )
        account_id: str = row["account_id"]
        return account_id

    # ------------------------------------------------------------ sessions

    async def new_session(self, conn: AsyncConnection, account_id: str) -> str:
        token = secrets.token_hex(16)
        await conn.execute(
            db.sessions.insert().values(
                token_hash=digest(token), account_id=account_id, expires=self._now() + SESSION_MS
            )
        )
        return token

    async def session(self, conn: AsyncConnection, token: str | None) -> str | None:
        """The account a session cookie is signed in to, or None."""
        if not token or len(token) != TOKEN_HEX:
            return None
        s = db.sessions.c
        query = sa.select(s.account_id).where(
            s.token_hash == digest(token), s.expires > self._now()
        )
        found: str | None = (await conn.execute(query)).scalar()
        return found

    async def end_session(self, conn: AsyncConnection, token: str | None) -> None:
        if token:
            await conn.execute(
                db.sessions.delete().where(db.sessions.c.token_hash == digest(token))
            )

    # ------------------------------------------------------------ the account

    async def _account_row(self, conn: AsyncConnection, account_id: str) -> Any:
        query = sa.select(db.accounts).where(db.accounts.c.id == account_id)
        return (await conn.execute(query)).mappings().first()

    async def _credential_row(self, conn: AsyncConnection, credential_id: str) -> Any:
        query = sa.select(db.credentials).where(db.credentials.c.id == credential_id)
        return (await conn.execute(query)).mappings().first()

    async def account(self, conn: AsyncConnection, account_id: str) -> dict[str, Any]:
        found = await self._account_row(conn, account_id)
        if found is None:
            raise Refused("no such account", 403)
        return dict(found)

    async def passkeys(self, conn: AsyncConnection, account_id: str) -> list[dict[str, Any]]:
        k = db.credentials.c
        query = (
            sa.select(k.id, k.created, k.used)
            .where(k.account_id == account_id)
            .order_by(k.created, k.id)
        )
        return [dict(r) for r in (await conn.execute(query)).mappings().all()]

    async def remove_passkey(self, conn: AsyncConnection, account_id: str, key: Any) -> None:
        """Remove one of the account's passkeys; never its last (delete the account)."""
        keys = [p["id"] for p in await self.passkeys(conn, account_id)]
        if key not in keys:
            raise Refused("no such passkey of this account")
        if len(keys) == 1:
            raise Refused("this is the account's only passkey: delete the account instead")
        k = db.credentials.c
        await conn.execute(db.credentials.delete().where(k.id == key, k.account_id == account_id))

    async def delete(self, conn: AsyncConnection, account_id: str) -> None:
        """The account and everything kept of it: passkeys, sessions, its list of seats,
        ratings and their history (the seats themselves stay with their tables)."""
        for part in (db.rating_history, db.ratings, db.account_seats, db.sessions, db.credentials):
            await conn.execute(part.delete().where(part.c.account_id == account_id))
        await conn.execute(db.challenges.delete().where(db.challenges.c.account_id == account_id))
        await conn.execute(db.accounts.delete().where(db.accounts.c.id == account_id))

    # ------------------------------------------------------------ seats

    async def claim(
        self, conn: AsyncConnection, account_id: str, held: Sequence[tuple[str, str]]
    ) -> None:
        """The seats ``(table, token)`` this device holds become the account's (those the
        server knows as held by that token at that table; the rest are ignored)."""
        wanted = {digest_token(token): (table, token) for table, token in held}
        found = await self.store.seats_of(conn, list(wanted))
        a = db.account_seats.c
        mine = sa.select(a.token_hash).where(a.account_id == account_id)
        already = {r[0] for r in (await conn.execute(mine)).all()}
        now = self._now()
        rows = [
            {
                "account_id": account_id,
                "token_hash": h,
                "token": wanted[h][1],
                "table_id": table,
                "added": now,
            }
            for table, _seat, h in found
            if wanted[h][0] == table and h not in already
        ]
        if rows:
            await conn.execute(db.account_seats.insert(), rows)

    async def seats(self, conn: AsyncConnection, account_id: str) -> list[tuple[str, int, str]]:
        """(table, seat, token) of every seat of the account still held by its token,
        newest first."""
        a, s = db.account_seats.c, db.seats.c
        query = (
            sa.select(a.table_id, s.seat, a.token)
            .join(db.seats, (s.token_hash == a.token_hash) & (s.table_id == a.table_id))
            .where(a.account_id == account_id)
            .order_by(a.added.desc())
        )
        return [(r[0], r[1], r[2]) for r in (await conn.execute(query)).all()]


def digest_token(token: str) -> str:
    """A seat token's hash as ``seats.token_hash`` keeps it (``server.tables``)."""
    from server.tables import token_hash

    return token_hash(token)


def _credential(value: Any) -> dict[str, Any]:
    """The browser's ``PublicKeyCredential`` as JSON (``toJSON()``), shape only: the
    library checks the rest."""
    if not isinstance(value, dict) or not isinstance(value.get("id"), str):
        raise Refused("credential: the browser's PublicKeyCredential as JSON")
    if not isinstance(value.get("response"), dict):
        raise Refused("credential.response: an object")
    return value


def _hex_of(handle: Any) -> str:
    try:
        return webauthn.base64url_to_bytes(str(handle)).hex()
    except ValueError:
        return ""


# ---------------------------------------------------------------- HTTP


def cookie(response: Response, token: str, secure: bool) -> Response:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=SESSION_MS // 1000,
        path=COOKIE_PATH,
        httponly=True,
        samesite="strict",
        secure=secure,
    )
    return response


def _forget_cookie(response: Response, secure: bool) -> Response:
    response.delete_cookie(
        SESSION_COOKIE, path=COOKIE_PATH, httponly=True, samesite="strict", secure=secure
    )
    return response


def _handler(
    body_wanted: bool = True,
) -> Callable[[Callable[..., Any]], Callable[[Request], Any]]:
    """An account route: the POST bucket, the JSON body, the session's account, and a
    ``Refused`` said as ``{"error"}`` with its status. The route opens its own
    transactions (a ceremony's challenge is deleted in one of its own, kept whatever the
    answer's check says)."""

    def wrap(fn: Callable[..., Any]) -> Callable[[Request], Any]:
        async def route(request: Request) -> Response:
            from server.app import NotJson, _body, _error, _refused  # app imports this module

            server = _server_of(request)
            if request.method == "POST" and not server.http_allowed(request):
                return _error(429, "too many requests")
            try:
                body = await _body(request) if body_wanted and request.method == "POST" else {}
                if not isinstance(body, dict):
                    raise ValueError("a JSON object")
            except (ValueError, NotJson) as e:
                return _refused(e)
            accounts: Accounts = server.accounts
            try:
                async with accounts.store.read() as conn:
                    account_id = await accounts.session(conn, request.cookies.get(SESSION_COOKIE))
                answer: Response = await fn(accounts, body, account_id)
            except Refused as e:
                if e.status == 403:
                    log.info("account: refused: %s", e)
                return _error(e.status, str(e)[:300])
            except (ValueError, TypeError, KeyError) as e:
                return _error(400, str(e)[:300])
            return answer

        return route

    return wrap


def _needs(account_id: str | None) -> str:
    if account_id is None:
        raise Refused("not signed in", 401)
    return account_id


async def _signed_in_as(accounts: Accounts, account_id: str, known: str | None) -> Response:
    """The answer to a ceremony that signed ``account_id`` in: its name, and a new
    session's cookie unless this browser's session is that account's already."""
    async with accounts.store.begin() as conn:
        name = (await accounts.account(conn, account_id))["name"]
        token = None if known == account_id else await accounts.new_session(conn, account_id)
    answer = JSONResponse({"signed_in": True, "name": name})
    return answer if token is None else cookie(answer, token, accounts.secure)


@_handler(body_wanted=False)
async def show(accounts: Accounts, body: Any, account_id: str | None) -> Response:
    here = accounts.rp is not None
    if account_id is None:
        return JSONResponse({"signed_in": False, "passkeys_here": here})
    async with accounts.store.read() as conn:
        account = await accounts.account(conn, account_id)
        keys = await accounts.passkeys(conn, account_id)
    return JSONResponse(
        {"signed_in": True, "name": account["name"], "passkeys": keys, "passkeys_here": here}
    )


@_handler()
async def register_options(accounts: Accounts, body: Any, account_id: str | None) -> Response:
    """A new passkey's options; ``{device: TOKEN}``: for the account of a device link
    (spent here, in a transaction of its own)."""
    if "device" in body:
        async with accounts.store.begin() as conn:
            owner = await accounts.take_device_link(conn, body["device"])
        async with accounts.store.begin() as conn:
            made = await accounts.registration_options(conn, None, owner, "add-device")
        return JSONResponse(made)
    async with accounts.store.begin() as conn:
        made = await accounts.registration_options(conn, body.get("name"), account_id)
    return JSONResponse(made)


@_handler()
async def device_link(accounts: Accounts, body: Any, account_id: str | None) -> Response:
    """A one-time link's token for another device of the signed-in person."""
    async with accounts.store.begin() as conn:
        token = await accounts.device_link(conn, _needs(account_id))
    return JSONResponse({"token": token, "expires_ms": DEVICE_MS})


@_handler()
async def register(accounts: Accounts, body: Any, account_id: str | None) -> Response:
    async with accounts.store.begin() as conn:
        ceremony = body.get("ceremony")
        taken = await accounts.take_ceremony(conn, ceremony, "register", "add-device")
    async with accounts.store.begin() as conn:
        made = await accounts.register(conn, taken, body.get("credential"), account_id)
    return await _signed_in_as(accounts, made, account_id)


@_handler()
async def sign_in_options(accounts: Accounts, body: Any, account_id: str | None) -> Response:
    async with accounts.store.begin() as conn:
        made = await accounts.authentication_options(conn)
    return JSONResponse(made)


@_handler()
async def sign_in(accounts: Accounts, body: Any, account_id: str | None) -> Response:
    async with accounts.store.begin() as conn:
        taken = await accounts.take_ceremony(conn, body.get("ceremony"), "sign-in")
    async with accounts.store.begin() as conn:
        found = await accounts.authenticate(conn, taken, body.get("credential"))
    return await _signed_in_as(accounts, found, account_id)


@_handler()
async def remove_passkey(accounts: Accounts, body: Any, account_id: str | None) -> Response:
    async with accounts.store.begin() as conn:
        await accounts.remove_passkey(conn, _needs(account_id), body.get("id"))
    return Response(status_code=204)


@_handler()
async def delete_account(accounts: Accounts, body: Any, account_id: str | None) -> Response:
    async with accounts.store.begin() as conn:
        await accounts.delete(conn, _needs(account_id))
    return _forget_cookie(Response(status_code=204), accounts.secure)


@_handler()
async def account_tables(accounts: Accounts, body: Any, account_id: str | None) -> Response:
    """This device's seats become the account's; every seat of the account is listed
    as ``POST /api/my-tables`` lists one, with its ``token``."""
    account_id = _needs(account_id)
    held = body.get("seats", [])
    if not isinstance(held, list) or len(held) > 50:
        raise Refused("seats: a list of at most 50 {table, token}")
    pairs = [(h.get("table"), h.get("token")) for h in held if isinstance(h, dict)]
    ok = [
        (t, k)
        for t, k in pairs
        if isinstance(t, str) and isinstance(k, str) and SEAT_TOKEN.fullmatch(k)
    ]
    async with accounts.store.begin() as conn:
        await accounts.claim(conn, account_id, ok)
        seats = await accounts.seats(conn, account_id)
    return JSONResponse({"tables": await _listed(accounts, seats)})


async def _listed(accounts: Accounts, seats: Sequence[tuple[str, int, str]]) -> list[Any]:
    """The rows of "My tables" for these seats (read after the transaction: a table's
    rebuild reads the database itself)."""
    from server.app import _summary
    from server.tables import BROKEN, BrokenTable

    now = accounts.clock()
    rows = []
    for table_id, seat, token in seats:
        try:
            entry = await accounts.tables.current(table_id)
        except BrokenTable:
            rows.append(
                {"table": table_id, "seat": seat, "token": token, "started": True, "ended": BROKEN}
            )
            continue
        if entry is not None:
            rows.append({"table": table_id, "token": token, **_summary(entry, seat, now)})
    return rows


async def _sign_out(request: Request) -> Response:
    """Sign-out: the session is forgotten by the server and the cookie by the browser."""
    accounts: Accounts = _server_of(request).accounts
    async with accounts.store.begin() as conn:
        await accounts.end_session(conn, request.cookies.get(SESSION_COOKIE))
    return _forget_cookie(Response(status_code=204), accounts.secure)


def _server_of(request: Request) -> Any:
    from server.app import _server

    return _server(request)


def routes() -> list[Route]:
    return [
        Route("/api/account", show),
        Route("/api/account/register/options", register_options, methods=["POST"]),
        Route("/api/account/register", register, methods=["POST"]),
        Route("/api/account/device-link", device_link, methods=["POST"]),
        Route("/api/account/sign-in/options", sign_in_options, methods=["POST"]),
        Route("/api/account/sign-in", sign_in, methods=["POST"]),
        Route("/api/account/sign-out", _sign_out, methods=["POST"]),
        Route("/api/account/passkeys/remove", remove_passkey, methods=["POST"]),
        Route("/api/account/delete", delete_account, methods=["POST"]),
        Route("/api/account/tables", account_tables, methods=["POST"]),
    ]
