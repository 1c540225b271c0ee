"""In-memory test state: tenants, their knobs and their counters.

A *tenant* is one test's private corner of the server: a user, a public client and a
confidential client, plus the knobs (latency on /token, dropped responses, a resource that
always answers 401) and counters that belong to it. Tests that each make their own tenant
can run in parallel against one server without seeing each other's traffic. The tenant
named "default" exists from the start.

Requests are attributed to a tenant by the client id they present (/o/token/) or by the
access token they carry (the protected resource: every access token the server mints is
remembered, so a token DOT has since deleted is still attributed). Everything is also added
to the "_all" totals; traffic that matches no tenant counts only there.
"""

import hashlib
import threading

DEFAULT = "default"
ALL = "_all"

COUNTERS = (
    # Every POST to the token endpoint, whatever its outcome.
    "token_calls",
    # Those with grant_type=refresh_token.
    "refresh_calls",
    # A refresh token DOT found and accepted although it had been revoked: the
    # previous token presented again within REFRESH_TOKEN_GRACE_PERIOD_SECONDS.
    "grace_reuses",
    # A refresh attempt DOT rejected because the presented refresh token had been revoked:
    # rotated away before (outside the grace period) or revoked with its family. With
    # REFRESH_TOKEN_REUSE_PROTECTION on, DOT revokes the whole family each time.
    "reuse_detections",
    # Those reuse detections that found live tokens in the family and revoked them: a
    # session actually killed by reuse protection.
    "families_revoked",
    # A refresh token DOT had never issued (or that was deleted).
    "unknown_refresh_tokens",
    # /o/token/ responses replaced by a dropped connection or a 500, after DOT committed.
    "dropped_token_responses",
    # The protected resource.
    "resource_calls",
    "resource_200",
    "resource_401",
    "resource_403",
    # Families revoked through /test/revoke-family.
    "test_family_revocations",
)


def token_checksum(raw):
    """The SHA-256 hex digest DOT stores as ``token_checksum`` for a raw token."""
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


class Counters:
    def __init__(self):
        self.values = dict.fromkeys(COUNTERS, 0)
        # HTTP status of /o/token/ responses, as DOT produced them ("200": n, "400": n).
        self.token_statuses = {}
        # The "error" member of /o/token/ error responses ("invalid_grant": n).
        self.token_errors = {}

    def as_json(self):
        return {**self.values, "token_statuses": dict(self.token_statuses), "token_errors": dict(self.token_errors)}


class Tenant:
    def __init__(self, name, username, password, user_id, public_client_id, confidential_client_id, secret):
        self.name = name
        self.username = username
        self.password = password
        self.user_id = user_id
        self.public_client_id = public_client_id
        self.confidential_client_id = confidential_client_id
        self.confidential_client_secret = secret
        # Set by create_tenant: the authorization-code client and its redirect URI.
        self.code_client_id = None
        self.redirect_uri = None
        self.counters = Counters()
        # Requests that asked to be gathered (GET /api/me?gather=N); see gather().
        self._gathering = threading.Condition()
        self._gathered = 0
        self.reset_knobs()

    def reset_knobs(self):
        self.token_latency_before_ms = 0
        self.token_latency_after_ms = 0
        self.drop_remaining = 0
        self.drop_mode = "close"
        self.resource_mode = "normal"
        self.rotate_refresh_tokens = True
        self.omit_refresh_token = False

    def gather(self, count, timeout):
        """Hold the calling request until `count` gathering requests of this tenant have
        arrived since the server started, so that they are all in the application at once.
        Returns False when `timeout` seconds pass first."""
        with self._gathering:
            self._gathered += 1
            self._gathering.notify_all()
            return self._gathering.wait_for(lambda: self._gathered >= count, timeout)

    def knobs_json(self):
        return {
            "token_latency_before_ms": self.token_latency_before_ms,
            "token_latency_after_ms": self.token_latency_after_ms,
            "drop_remaining": self.drop_remaining,
            "drop_mode": self.drop_mode,
            "resource_mode": self.resource_mode,
            "rotate_refresh_tokens": self.rotate_refresh_tokens,
            "omit_refresh_token": self.omit_refresh_token,
        }

    def as_json(self):
        return {
            "name": self.name,
            "username": self.username,
            "password": self.password,
            "user_id": self.user_id,
            "public_client_id": self.public_client_id,
            "confidential_client_id": self.confidential_client_id,
            "confidential_client_secret": self.confidential_client_secret,
            "code_client_id": self.code_client_id,
            "redirect_uri": self.redirect_uri,
        }


class Registry:
    def __init__(self):
        self._lock = threading.Lock()
        self._tenants = {}
        self._by_client_id = {}
        self._token_owner = {}
        self._totals = Counters()
        self._in_flight = 0
        self._peak_in_flight = 0
        # The HTTP server, for its open_connections / peak_connections gauge (set by launcher.py).
        self.connections = None

    # Tenants

    def add(self, tenant):
        with self._lock:
            self._tenants[tenant.name] = tenant
            self._by_client_id[tenant.public_client_id] = tenant.name
            self._by_client_id[tenant.confidential_client_id] = tenant.name
            self._by_client_id[tenant.code_client_id] = tenant.name

    def get(self, name):
        with self._lock:
            return self._tenants.get(name)

    def names(self):
        with self._lock:
            return list(self._tenants)

    def for_client(self, client_id):
        with self._lock:
            name = self._by_client_id.get(client_id or "")
            return self._tenants.get(name) if name else None

    def remember_access_token(self, raw_token, client_id):
        with self._lock:
            name = self._by_client_id.get(client_id or "")
            if name:
                self._token_owner[token_checksum(raw_token)] = name

    def for_access_token(self, raw_token):
        if not raw_token:
            return None
        with self._lock:
            name = self._token_owner.get(token_checksum(raw_token))
            return self._tenants.get(name) if name else None

    # Counters

    def count(self, tenant, name, amount=1):
        with self._lock:
            self._totals.values[name] += amount
            if tenant is not None:
                tenant.counters.values[name] += amount

    def count_in(self, tenant, table, key):
        with self._lock:
            for counters in (self._totals, tenant.counters if tenant else None):
                if counters is not None:
                    mapping = getattr(counters, table)
                    mapping[key] = mapping.get(key, 0) + 1

    def counters_json(self, name):
        with self._lock:
            if name == ALL:
                body = self._totals.as_json()
                body["in_flight"] = self._in_flight
                body["peak_in_flight"] = self._peak_in_flight
                if self.connections is not None:
                    body["open_connections"] = self.connections.open_connections
                    body["peak_connections"] = self.connections.peak_connections
                return body
            tenant = self._tenants.get(name)
            return None if tenant is None else {**tenant.counters.as_json(), "knobs": tenant.knobs_json()}

    def reset(self, name):
        """Zero the counters and knobs of one tenant, or of everything for "_all"."""
        with self._lock:
            tenants = list(self._tenants.values()) if name == ALL else [self._tenants[name]]
            for tenant in tenants:
                tenant.counters = Counters()
                tenant.reset_knobs()
            if name == ALL:
                self._totals = Counters()
                self._peak_in_flight = self._in_flight
                if self.connections is not None:
                    self.connections.peak_connections = self.connections.open_connections

    # Knobs

    def take_drop(self, tenant):
        """Consume one pending dropped response; returns its mode, or None."""
        if tenant is None:
            return None
        with self._lock:
            if tenant.drop_remaining <= 0:
                return None
            tenant.drop_remaining -= 1
            return tenant.drop_mode

    # Concurrency gauge

    def enter(self):
        with self._lock:
            self._in_flight += 1
            self._peak_in_flight = max(self._peak_in_flight, self._in_flight)

    def leave(self):
        with self._lock:
            self._in_flight -= 1


registry = Registry()
