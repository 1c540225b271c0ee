"""Creating tenants: a user, a public and a confidential OAuth client, registered in state."""

import itertools
import re
import secrets
import threading

from django.contrib.auth import get_user_model
from django.db import transaction
from oauth2_provider.models import get_application_model

from .state import DEFAULT, Tenant, registry

Application = get_application_model()
User = get_user_model()

_names = itertools.count(1)
_names_lock = threading.Lock()
# The redirect URI of every tenant's authorization-code client.
REDIRECT_URI = "com.example.messenger:/oauth/callback"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")


class TenantError(ValueError):
    pass


def create_tenant(name=None):
    """Create and register a tenant. The "default" tenant has fixed, documented credentials."""
    if name is None:
        with _names_lock:
            name = "t%d" % next(_names)
        while registry.get(name) is not None:
            with _names_lock:
                name = "t%d" % next(_names)
    if not _NAME.match(name) or name.startswith("_"):
        raise TenantError("tenant names are 1-40 letters, digits, '-' or '_', not starting with '_'")
    if registry.get(name) is not None:
        raise TenantError("tenant %r exists" % name)

    if name == DEFAULT:
        username, password = "alice", "alice-password"
        public_id, confidential_id = "streams-public", "streams-confidential"
        secret = "streams-confidential-secret"
    else:
        username, password = "%s-user" % name, secrets.token_urlsafe(12)
        public_id, confidential_id = "%s-public" % name, "%s-confidential" % name
        secret = secrets.token_urlsafe(24)

    with transaction.atomic():
        user = User.objects.create_user(username=username, password=password)
        # Both clients may use the password grant (a real sign-in in tests) and therefore
        # the refresh_token grant; DOT allows refresh for password-grant applications.
        Application.objects.create(
            name="%s public client" % name,
            client_id=public_id,
            client_type=Application.CLIENT_PUBLIC,
            authorization_grant_type=Application.GRANT_PASSWORD,
            user=user,
        )
        # DOT hashes client_secret when the application is saved; the plaintext is kept
        # in the tenant so tests can authenticate with HTTP Basic.
        Application.objects.create(
            name="%s confidential client" % name,
            client_id=confidential_id,
            client_secret=secret,
            client_type=Application.CLIENT_CONFIDENTIAL,
            authorization_grant_type=Application.GRANT_PASSWORD,
            user=user,
        )
        # The authorization-code client of a native app (RFC 8252): public, PKCE required by the
        # settings, a private-use redirect URI, no consent screen.
        Application.objects.create(
            name="%s code client" % name,
            client_id="%s-code" % name if name != DEFAULT else "streams-code",
            client_type=Application.CLIENT_PUBLIC,
            authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
            redirect_uris=REDIRECT_URI,
            skip_authorization=True,
            algorithm="",
            user=user,
        )
    tenant = Tenant(name, username, password, user.pk, public_id, confidential_id, secret)
    tenant.code_client_id = "%s-code" % name if name != DEFAULT else "streams-code"
    tenant.redirect_uri = REDIRECT_URI
    registry.add(tenant)
    return tenant
