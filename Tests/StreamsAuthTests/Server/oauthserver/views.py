"""The protected resource and the /test/... control endpoints.

Control endpoints take and return JSON. A "tenant" member selects the tenant (default:
"default"); see state.py.
"""

import json
import time
import uuid
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth import login as auth_login
from django.http import HttpResponse, HttpResponseRedirect
from django.utils.html import escape
from django.views.decorators.csrf import csrf_exempt
from django.db import transaction
from django.http import JsonResponse
from django.utils import timezone
from oauth2_provider.models import (
    get_access_token_model,
    get_application_model,
    get_refresh_token_model,
    set_token_value,
)
from oauth2_provider.oauth2_backends import get_oauthlib_core
from oauthlib.common import generate_token

from .state import ALL, DEFAULT, registry, token_checksum
from .tenants import TenantError, create_tenant as make_tenant

# Below the client's 60 s request timeout, so a gathering that fails is reported as such.
GATHER_TIMEOUT_SECONDS = 45

AccessToken = get_access_token_model()
Application = get_application_model()
RefreshToken = get_refresh_token_model()

REALM = "streams-test"


# The protected resource


def _bearer_token(request):
    header = request.META.get("HTTP_AUTHORIZATION", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


def _unauthorized(tenant, error, description):
    registry.count(tenant, "resource_401")
    if error is None:
        # RFC 6750 §3.1: a request without credentials gets a challenge with no error code.
        response = JsonResponse({"error": "unauthorized", "error_description": description}, status=401)
        response["WWW-Authenticate"] = 'Bearer realm="%s"' % REALM
        return response
    response = JsonResponse({"error": error, "error_description": description}, status=401)
    if tenant is not None and tenant.resource_mode == "bare401":
        # A resource server deployed without RFC 6750 challenges: a bare 401.
        return response
    response["WWW-Authenticate"] = 'Bearer realm="%s", error="%s", error_description="%s"' % (
        REALM,
        error,
        description,
    )
    return response


def me(request):
    """GET /api/me: 200 {"user_id", "username", "client_id", "scope", "tenant"} for a valid
    bearer token; 401 with WWW-Authenticate: Bearer error="invalid_token" otherwise.

    ?delay_ms=N waits N ms before checking the token (a slow request in flight while the
    client refreshes).

    ?require_scope=S answers a valid token that lacks scope S with 403 and
    WWW-Authenticate: Bearer error="insufficient_scope", scope="S" (RFC 6750 §3.1).

    ?gather=N holds the request until N requests of the token's tenant that carry the
    parameter have arrived, so that all N are open at once; after GATHER_TIMEOUT_SECONDS
    without them it answers 503 {"error": "gather_timeout"}."""
    delay_ms = _int(request.GET.get("delay_ms"), 0)
    if delay_ms > 0:
        time.sleep(min(delay_ms, 60_000) / 1000)
    raw = _bearer_token(request)
    tenant = registry.for_access_token(raw)
    registry.count(tenant, "resource_calls")
    gather = _int(request.GET.get("gather"), 0)
    if gather > 0 and tenant is not None and not tenant.gather(gather, GATHER_TIMEOUT_SECONDS):
        return JsonResponse({"error": "gather_timeout", "error_description": "fewer than %d requests arrived" % gather}, status=503)
    if raw is None:
        return _unauthorized(tenant, None, "no bearer token")
    if tenant is not None and tenant.resource_mode == "always401":
        return _unauthorized(tenant, "invalid_token", "the test server rejects every token of this tenant")
    valid, oauth_request = get_oauthlib_core().verify_request(request, scopes=[])
    if not valid:
        return _unauthorized(tenant, "invalid_token", "the access token is expired, revoked or unknown")
    required = request.GET.get("require_scope")
    if required and required not in (oauth_request.access_token.scope or "").split():
        # RFC 6750 §3.1: a valid token without the scope the resource needs.
        registry.count(tenant, "resource_403")
        response = JsonResponse({"error": "insufficient_scope", "scope": required}, status=403)
        response["WWW-Authenticate"] = 'Bearer realm="%s", error="insufficient_scope", scope="%s"' % (
            REALM,
            required.replace("\\", "\\\\").replace('"', '\\"'),
        )
        return response
    registry.count(tenant, "resource_200")
    return JsonResponse(
        {
            "user_id": oauth_request.user.pk,
            "username": oauth_request.user.get_username(),
            "client_id": oauth_request.client.client_id,
            "scope": oauth_request.access_token.scope,
            "tenant": tenant.name if tenant else None,
        }
    )


# The browser login of the authorization-code flow


@csrf_exempt
def login(request):
    """GET: a login form; POST username and password: signs the user in (a session cookie) and
    redirects to ?next= (the /o/authorize/ request that sent the browser here). Exempt from
    CSRF: the only client is the tests' user agent."""
    if request.method == "POST":
        user = authenticate(request, username=request.POST.get("username"), password=request.POST.get("password"))
        if user is None:
            return HttpResponse("wrong username or password", status=401, content_type="text/plain")
        auth_login(request, user)
        target = request.POST.get("next") or request.GET.get("next") or "/"
        if not target.startswith("/"):
            target = "/"
        return HttpResponseRedirect(target)
    form = (
        '<form method="post"><input name="username"><input name="password" type="password">'
        '<input type="hidden" name="next" value="%s"><button>Log in</button></form>'
    ) % escape(request.GET.get("next", "/"))
    return HttpResponse(form, content_type="text/html")


# Control endpoints


class BadRequest(Exception):
    pass


def _int(value, default):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def control(methods):
    """Decorates a control endpoint: method check, JSON body, errors as JSON."""

    def wrap(view):
        def handle(request):
            if request.method not in methods:
                return JsonResponse({"error": "method %s not allowed" % request.method}, status=405)
            try:
                body = json.loads(request.body or b"{}") if request.method == "POST" else dict(request.GET.items())
                if not isinstance(body, dict):
                    raise BadRequest("the body must be a JSON object")
                result = view(request, body)
            except (BadRequest, TenantError, json.JSONDecodeError) as error:
                return JsonResponse({"error": str(error)}, status=400)
            except LookupError as error:
                return JsonResponse({"error": str(error)}, status=404)
            return result if isinstance(result, JsonResponse) else JsonResponse(result)

        handle.__name__ = view.__name__
        return handle

    return wrap


def _tenant(body):
    name = body.get("tenant") or DEFAULT
    tenant = registry.get(name)
    if tenant is None:
        raise LookupError("no tenant %r" % name)
    return tenant


def _number(body, key, default, low, high):
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BadRequest("%s must be a number" % key)
    if not low <= value <= high:
        raise BadRequest("%s must be between %s and %s" % (key, low, high))
    return int(value)


@control({"GET"})
def health(request, body):
    return {"ok": True}


@control({"GET"})
def config(request, body):
    provider = settings.OAUTH2_PROVIDER
    return {
        "token_path": "/o/token/",
        "revoke_path": "/o/revoke_token/",
        "resource_path": "/api/me",
        "access_token_expire_seconds": provider["ACCESS_TOKEN_EXPIRE_SECONDS"],
        "refresh_token_expire_seconds": provider["REFRESH_TOKEN_EXPIRE_SECONDS"],
        "refresh_token_grace_period_seconds": provider["REFRESH_TOKEN_GRACE_PERIOD_SECONDS"],
        "rotate_refresh_token": provider["ROTATE_REFRESH_TOKEN"],
        "refresh_token_reuse_protection": provider["REFRESH_TOKEN_REUSE_PROTECTION"],
        "tenants": registry.names(),
        "default_tenant": registry.get(DEFAULT).as_json(),
    }


@control({"POST"})
def create_tenant(request, body):
    """{"name"?} -> the new tenant's user and clients (name defaults to t1, t2, ...)."""
    name = body.get("name")
    if name is not None and not isinstance(name, str):
        raise BadRequest("name must be a string")
    return make_tenant(name).as_json()


@control({"GET"})
def counters(request, body):
    name = body.get("tenant") or DEFAULT
    result = registry.counters_json(name)
    if result is None:
        raise LookupError("no tenant %r" % name)
    return {"tenant": name, **result}


@control({"POST"})
def reset(request, body):
    name = body.get("tenant") or DEFAULT
    if name != ALL and registry.get(name) is None:
        raise LookupError("no tenant %r" % name)
    registry.reset(name)
    return {"tenant": name, "reset": True}


@control({"POST"})
def token_latency(request, body):
    tenant = _tenant(body)
    tenant.token_latency_before_ms = _number(body, "before_ms", 0, 0, 120_000)
    tenant.token_latency_after_ms = _number(body, "after_ms", 0, 0, 120_000)
    return {"tenant": tenant.name, **tenant.knobs_json()}


@control({"POST"})
def drop_token_responses(request, body):
    tenant = _tenant(body)
    mode = body.get("mode", "close")
    if mode not in ("close", "reset", "500"):
        raise BadRequest('mode must be "close", "reset" or "500"')
    tenant.drop_mode = mode
    tenant.drop_remaining = _number(body, "count", 1, 0, 1_000_000)
    return {"tenant": tenant.name, **tenant.knobs_json()}


@control({"POST"})
def resource_mode(request, body):
    tenant = _tenant(body)
    mode = body.get("mode", "normal")
    if mode not in ("normal", "always401", "bare401"):
        raise BadRequest('mode must be "normal", "always401" or "bare401"')
    tenant.resource_mode = mode
    return {"tenant": tenant.name, **tenant.knobs_json()}


@control({"POST"})
def refresh_token_policy(request, body):
    """{"rotate": bool, "omit_from_response": bool}: whether this tenant's refreshes rotate the
    refresh token (DOT's ROTATE_REFRESH_TOKEN, per tenant), and whether the refresh response
    leaves the refresh_token field out (RFC 6749 §6 allows it)."""
    tenant = _tenant(body)
    rotate = body.get("rotate", True)
    omit = body.get("omit_from_response", False)
    if not isinstance(rotate, bool) or not isinstance(omit, bool):
        raise BadRequest('"rotate" and "omit_from_response" must be true or false')
    tenant.rotate_refresh_tokens = rotate
    tenant.omit_refresh_token = omit
    return {"tenant": tenant.name, **tenant.knobs_json()}


@control({"POST"})
def issue_tokens(request, body):
    """A fresh token pair (a new family) for the tenant's user, as /o/token/ would answer
    it, without going through /o/token/ (so it is not counted). access_token_lifetime may
    be 0 or negative: the access token is then already expired."""
    tenant = _tenant(body)
    client = body.get("client", "public")
    if client not in ("public", "confidential"):
        raise BadRequest('client must be "public" or "confidential"')
    client_id = tenant.public_client_id if client == "public" else tenant.confidential_client_id
    lifetime = _number(
        body, "access_token_lifetime", settings.OAUTH2_PROVIDER["ACCESS_TOKEN_EXPIRE_SECONDS"], -10**8, 10**8
    )
    scope = body.get("scope", "read write")
    application = Application.objects.get(client_id=client_id)
    access_raw, refresh_raw = generate_token(), generate_token()
    with transaction.atomic():
        access = AccessToken(
            user_id=tenant.user_id,
            application=application,
            expires=timezone.now() + timedelta(seconds=lifetime),
            scope=scope,
        )
        set_token_value(access, access_raw)
        access.save()
        refresh = RefreshToken(
            user_id=tenant.user_id, application=application, access_token=access, token_family=uuid.uuid4()
        )
        set_token_value(refresh, refresh_raw)
        refresh.save()
    registry.remember_access_token(access_raw, client_id)
    return {
        "access_token": access_raw,
        "refresh_token": refresh_raw,
        "token_type": "Bearer",
        "expires_in": lifetime,
        "scope": scope,
        "client_id": client_id,
    }


def _refresh_row(raw):
    row = (
        RefreshToken.objects.filter(token_checksum=token_checksum(raw))
        .first()  # rows sharing a checksum share a family
    )
    if row is None:
        raise LookupError("unknown refresh token")
    return row


@control({"POST"})
def revoke_family(request, body):
    """The replay scenario's server side: revoke every token of the refresh token's family
    with DOT's own RefreshToken.revoke_family (what reuse protection does)."""
    raw = body.get("refresh_token")
    if not isinstance(raw, str):
        raise BadRequest("refresh_token is required")
    row = _refresh_row(raw)
    live = RefreshToken.objects.filter(token_family=row.token_family, revoked__isnull=True).count()
    RefreshToken.revoke_family(row.token_family)
    tenant = registry.for_client(row.application.client_id if row.application_id else None)
    registry.count(tenant, "test_family_revocations")
    return {"revoked_refresh_tokens": live}


@control({"POST"})
def expire_access_token(request, body):
    raw = body.get("access_token")
    if not isinstance(raw, str):
        raise BadRequest("access_token is required")
    updated = AccessToken.objects.filter(token_checksum=token_checksum(raw)).update(
        expires=timezone.now() - timedelta(seconds=1)
    )
    if not updated:
        raise LookupError("unknown access token")
    return {"expired": True}


@control({"POST"})
def token_info(request, body):
    """What the server holds for a token, without spending it:
    {"refresh_token"} -> found, revoked, family_live_refresh_tokens, family_size
    {"access_token"}  -> found, expired"""
    result = {}
    raw_refresh = body.get("refresh_token")
    raw_access = body.get("access_token")
    if not isinstance(raw_refresh, str) and not isinstance(raw_access, str):
        raise BadRequest("refresh_token or access_token is required")
    if isinstance(raw_refresh, str):
        rows = list(RefreshToken.objects.filter(token_checksum=token_checksum(raw_refresh)))
        live = [row for row in rows if row.revoked is None]
        family = rows[0].token_family if rows else None
        result["refresh_token"] = {
            "found": bool(rows),
            "revoked": bool(rows) and not live,
            "family_live_refresh_tokens": (
                RefreshToken.objects.filter(token_family=family, revoked__isnull=True).count() if family else 0
            ),
            "family_size": RefreshToken.objects.filter(token_family=family).count() if family else 0,
        }
    if isinstance(raw_access, str):
        row = AccessToken.objects.filter(token_checksum=token_checksum(raw_access)).first()
        result["access_token"] = {"found": row is not None, "expired": row is not None and row.is_expired()}
    return result
