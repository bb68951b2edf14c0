"""Request checks in front of every route: the token, the Host header, JSON bodies, and the body size.

Errors are one line of JSON: {"error": "..."}.
"""

from __future__ import annotations

import hmac
import json
from typing import Any

from sim.service.config import is_loopback

TOKEN_HEADER = "x-tcgsim-token"
TOKEN_COOKIE = "tcgsim_token"
OPEN_PATHS = ("/", "/static/app.js", "/favicon.ico")  # the page shell asks for the token itself
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]", "testserver")

Scope = dict[str, Any]


async def send_error(send: Any, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _cookie(headers: dict[str, str], name: str) -> str:
    for part in headers.get("cookie", "").split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return ""


class Guard:
    """ASGI middleware: token (header, or the cookie the page sets for links), Host (DNS rebinding, when
    bound to loopback without a token), JSON content type on POST (no cross-site form posts), body size."""

    def __init__(self, app: Any, token: str | None, host: str, max_body: int):
        self.app, self.token, self.max_body = app, token, max_body
        self.check_host = token is None and is_loopback(host)

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = _headers(scope)
        if self.check_host:
            host = headers.get("host", "").rsplit(":", 1)[0] if not headers.get("host", "").startswith("[") \
                else headers.get("host", "").split("]")[0] + "]"
            if host not in LOOPBACK_NAMES:
                return await send_error(send, 403, f"host {host!r} refused: this server answers to 127.0.0.1 only")
        if self.token and scope["path"] not in OPEN_PATHS:
            given = headers.get(TOKEN_HEADER) or headers.get("authorization", "").removeprefix("Bearer ").strip() \
                or _cookie(headers, TOKEN_COOKIE)
            if not hmac.compare_digest(given.encode(), self.token.encode()):
                return await send_error(send, 401, "missing or wrong token (header X-TCGSim-Token)")
        if scope["method"] in ("POST", "PUT", "PATCH"):
            declared = headers.get("content-length")
            if declared and (not declared.isdigit() or int(declared) > self.max_body):
                return await send_error(send, 413, f"request body over {self.max_body:,} bytes")
            body, more = b"", True
            while more:
                message = await receive()
                body += message.get("body", b"")
                more = message.get("more_body", False)
                if len(body) > self.max_body:
                    return await send_error(send, 413, f"request body over {self.max_body:,} bytes")
            if body and not headers.get("content-type", "").startswith("application/json"):
                return await send_error(send, 415, "send JSON (Content-Type: application/json)")
            sent = False

            async def replay() -> dict[str, Any]:
                nonlocal sent
                if not sent:
                    sent = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            return await self.app(scope, replay, send)
        return await self.app(scope, receive, send)
