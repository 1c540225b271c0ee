"""The payment token server: a second authorization server with its own tokens.

Mounted under /pay/ when launcher.py is given --payment-upstream URL (a second process, on
its own port). It is written here, not with django-oauth-toolkit, because DOT has no RFC 8693
grant; it keeps its tokens in memory.

  POST /pay/token/   form-encoded, public clients (client_id in the body; any id is accepted
                     and is the unit of the counters, so each test uses its own)
      grant_type=urn:ietf:params:oauth:grant-type:token-exchange (RFC 8693):
          subject_token, subject_token_type=urn:ietf:params:oauth:token-type:access_token,
          audience (optional, must be "payments"), scope (optional). The subject token is
          checked at the upstream server's /o/introspect/ (RFC 7662, authenticated as a
          confidential client of it); active -> a new token family for its user.
          Inactive -> 400 invalid_request (RFC 8693 §2.2.2).
      grant_type=refresh_token: rotation; a rotated-out refresh token presented again is
          reuse: the family is revoked and counted (reuse_detections), 400 invalid_grant.
  GET  /pay/api/balance   Bearer: 200 {"user", "balance"}, or 401 invalid_token.

Test endpoints (JSON, "client_id" selects the client's tokens and counters):
  GET  /pay/test/counters?client_id=C
  POST /pay/test/expire-access-tokens {"client_id"}
  POST /pay/test/revoke-refresh-tokens {"client_id"}   every family of the client (a dead refresh token)
"""

import base64
import json
import secrets
import threading
import time
import urllib.parse
import urllib.request

from django.conf import settings
from django.http import JsonResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"
ACCESS_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:access_token"
AUDIENCE = "payments"

COUNTERS = (
    "token_calls",
    "exchange_calls",
    "exchanges_issued",
    "exchange_rejections",
    "introspections",
    "refresh_calls",
    "rotations",
    "reuse_detections",
    "unknown_refresh_tokens",
    "resource_calls",
    "resource_200",
    "resource_401",
)


class _State:
    def __init__(self):
        self.lock = threading.Lock()
        self.access = {}  # token -> {"client", "family", "user", "expires"}
        self.refresh = {}  # token -> {"client", "family", "user", "access", "revoked"}
        self.revoked_families = set()
        self.counters = {}
        self.families = 0

    def count(self, client, name, amount=1):
        with self.lock:
            self._counters(client)[name] += amount

    def _counters(self, client):
        return self.counters.setdefault(client or "", dict.fromkeys(COUNTERS, 0))

    def issue_locked(self, client, family, user, scope):
        access, refresh = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        lifetime = settings.OAUTH2_PROVIDER["ACCESS_TOKEN_EXPIRE_SECONDS"]
        self.access[access] = {"client": client, "family": family, "user": user, "expires": time.time() + lifetime}
        self.refresh[refresh] = {"client": client, "family": family, "user": user, "access": access, "revoked": False}
        return {
            "access_token": access,
            "issued_token_type": ACCESS_TOKEN_TYPE,
            "token_type": "Bearer",
            "expires_in": lifetime,
            "refresh_token": refresh,
            "scope": scope,
        }


state = _State()


def _error(status, code, description):
    response = JsonResponse({"error": code, "error_description": description}, status=status)
    response["Cache-Control"] = "no-store"
    return response


def _introspect(token):
    """The upstream server's RFC 7662 answer for `token`, as a dict."""
    client_id, _, secret = settings.PAYMENT_INTROSPECTION.partition(":")
    basic = base64.b64encode(
        ("%s:%s" % (urllib.parse.quote(client_id, safe=""), urllib.parse.quote(secret, safe=""))).encode()
    ).decode()
    request = urllib.request.Request(
        settings.PAYMENT_UPSTREAM.rstrip("/") + "/o/introspect/",
        data=urllib.parse.urlencode({"token": token}).encode(),
        headers={"Authorization": "Basic " + basic, "Content-Type": "application/x-www-form-urlencoded"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read())


@csrf_exempt
def token(request):
    if request.method != "POST":
        return _error(405, "invalid_request", "POST only")
    form = request.POST
    client = form.get("client_id")
    if not client:
        return _error(401, "invalid_client", "client_id is required")
    state.count(client, "token_calls")
    grant = form.get("grant_type")
    if grant == TOKEN_EXCHANGE:
        return _exchange(client, form)
    if grant == "refresh_token":
        return _refresh(client, form)
    return _error(400, "unsupported_grant_type", "token exchange or refresh_token")


def _exchange(client, form):
    state.count(client, "exchange_calls")
    if form.get("subject_token_type") != ACCESS_TOKEN_TYPE or not form.get("subject_token"):
        state.count(client, "exchange_rejections")
        return _error(400, "invalid_request", "subject_token and an access-token subject_token_type are required")
    audience = form.get("audience")
    if audience is not None and audience != AUDIENCE:
        state.count(client, "exchange_rejections")
        return _error(400, "invalid_target", "this server issues tokens for the audience %r only" % AUDIENCE)
    state.count(client, "introspections")
    try:
        answer = _introspect(form["subject_token"])
    except Exception as error:  # noqa: BLE001 - the upstream is unreachable: a temporary failure
        return _error(503, "temporarily_unavailable", "introspection failed: %s" % type(error).__name__)
    if not answer.get("active"):
        state.count(client, "exchange_rejections")
        return _error(400, "invalid_request", "the subject token is not active")
    with state.lock:
        state.families += 1
        reply = state.issue_locked(client, state.families, answer.get("username"), form.get("scope") or "pay")
        state._counters(client)["exchanges_issued"] += 1
    return JsonResponse(reply, headers={"Cache-Control": "no-store"})


def _refresh(client, form):
    presented = form.get("refresh_token", "")
    with state.lock:
        counters = state._counters(client)
        counters["refresh_calls"] += 1
        record = state.refresh.get(presented)
        if record is None or record["client"] != client:
            counters["unknown_refresh_tokens"] += 1
            return _error(400, "invalid_grant", "unknown refresh token")
        if record["family"] in state.revoked_families:
            return _error(400, "invalid_grant", "the refresh token was revoked")
        if record["revoked"]:
            # Reuse: a rotated-out token presented again. Revoke the family.
            state.revoked_families.add(record["family"])
            counters["reuse_detections"] += 1
            return _error(400, "invalid_grant", "refresh token reuse detected; family revoked")
        record["revoked"] = True
        state.access.pop(record["access"], None)
        reply = state.issue_locked(client, record["family"], record["user"], "pay")
        counters["rotations"] += 1
    return JsonResponse(reply, headers={"Cache-Control": "no-store"})


def balance(request):
    header = request.META.get("HTTP_AUTHORIZATION", "")
    scheme, _, raw = header.partition(" ")
    with state.lock:
        record = state.access.get(raw.strip()) if scheme.lower() == "bearer" else None
        client = record["client"] if record else None
        counters = state._counters(client)
        counters["resource_calls"] += 1
        valid = record is not None and record["expires"] > time.time() and record["family"] not in state.revoked_families
        counters["resource_200" if valid else "resource_401"] += 1
    if not valid:
        response = JsonResponse({"error": "invalid_token"}, status=401)
        response["WWW-Authenticate"] = 'Bearer realm="payments", error="invalid_token"'
        return response
    return JsonResponse({"user": record["user"], "balance": 42})


def _body(request):
    try:
        body = json.loads(request.body or b"{}")
    except ValueError:
        body = None
    return body if isinstance(body, dict) else {}


def counters(request):
    client = request.GET.get("client_id", "")
    with state.lock:
        return JsonResponse({"client_id": client, **state._counters(client)})


@csrf_exempt
def expire_access_tokens(request):
    client = _body(request).get("client_id")
    with state.lock:
        expired = 0
        for record in state.access.values():
            if record["client"] == client:
                record["expires"] = time.time() - 1
                expired += 1
    return JsonResponse({"expired": expired})


@csrf_exempt
def revoke_refresh_tokens(request):
    client = _body(request).get("client_id")
    with state.lock:
        families = {record["family"] for record in state.refresh.values() if record["client"] == client}
        state.revoked_families |= families
    return JsonResponse({"revoked_families": len(families)})


urlpatterns = [
    path("pay/token/", token),
    path("pay/api/balance", balance),
    path("pay/test/counters", counters),
    path("pay/test/expire-access-tokens", expire_access_tokens),
    path("pay/test/revoke-refresh-tokens", revoke_refresh_tokens),
]
