"""WSGI middleware around Django: counts /o/token/ calls, adds latency, drops responses.

It sits outside Django on purpose. Django turns every exception raised inside it into a
500 page; only out here can a response be thrown away after DOT has fully handled the
request and committed its transaction, to be replaced by a closed connection (see
httpserver.DropConnection) or a 500.
"""

import io
import json
import time
from base64 import b64decode
from urllib.parse import parse_qs, unquote_plus

from .httpserver import DropConnection
from .state import registry

TOKEN_PATH = "/o/token/"


def _client_id(environ, form):
    """The client id a token request presents: HTTP Basic (RFC 6749 §2.3.1) or the body."""
    header = environ.get("HTTP_AUTHORIZATION", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "basic" and value:
        try:
            user, _, _ = b64decode(value.strip()).decode("utf-8").partition(":")
            return unquote_plus(user)
        except (ValueError, UnicodeDecodeError):
            return None
    values = form.get("client_id")
    return values[0] if values else None


class _Captured:
    """A start_response that keeps what the application answered."""

    def __init__(self):
        self.status = None
        self.headers = None
        self.written = []

    def __call__(self, status, headers, exc_info=None):
        self.status = status
        self.headers = headers
        return self.written.append


class TestControl:
    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        registry.enter()
        try:
            if environ.get("PATH_INFO") == TOKEN_PATH and environ.get("REQUEST_METHOD") == "POST":
                return self._token(environ, start_response)
            return self.app(environ, start_response)
        finally:
            registry.leave()

    def _token(self, environ, start_response):
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length > 0 else b""
        environ["wsgi.input"] = io.BytesIO(body)
        form = parse_qs(body.decode("utf-8", "replace"))
        tenant = registry.for_client(_client_id(environ, form))

        registry.count(tenant, "token_calls")
        if form.get("grant_type") == ["refresh_token"]:
            registry.count(tenant, "refresh_calls")
        if tenant is not None and tenant.token_latency_before_ms:
            time.sleep(tenant.token_latency_before_ms / 1000)

        captured = _Captured()
        result = self.app(environ, captured)
        try:
            payload = b"".join(captured.written) + b"".join(result)
        finally:
            if hasattr(result, "close"):
                result.close()

        code = captured.status.split(" ", 1)[0]
        registry.count_in(tenant, "token_statuses", code)
        if not code.startswith("2"):
            try:
                error = json.loads(payload).get("error")
            except (ValueError, AttributeError):
                error = None
            registry.count_in(tenant, "token_errors", error or "(none)")

        if tenant is not None and tenant.token_latency_after_ms:
            time.sleep(tenant.token_latency_after_ms / 1000)

        drop = registry.take_drop(tenant)
        if drop is not None:
            # DOT has committed whatever it did; the client never learns the outcome.
            registry.count(tenant, "dropped_token_responses")
            if drop in ("close", "reset"):
                raise DropConnection(drop)
            payload = json.dumps(
                {"error": "server_error", "error_description": "response dropped by the test server after commit"}
            ).encode()
            start_response(
                "500 Internal Server Error",
                [("Content-Type", "application/json"), ("Content-Length", str(len(payload)))],
            )
            return [payload]

        headers = captured.headers
        if tenant is not None and tenant.omit_refresh_token and code.startswith("2") and form.get("grant_type") == [
            "refresh_token"
        ]:
            # A server that answers a refresh without a new refresh token (RFC 6749 §6 allows it).
            reply = json.loads(payload)
            reply.pop("refresh_token", None)
            payload = json.dumps(reply).encode()
            headers = [(name, value) for name, value in headers if name.lower() != "content-length"]
            headers.append(("Content-Length", str(len(payload))))
        start_response(captured.status, headers)
        return [payload]
