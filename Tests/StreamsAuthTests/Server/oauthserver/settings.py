"""Django settings of the OAuth 2.0 test server.

Everything that varies per server run comes from environment variables that launcher.py
sets from its command line:

  STREAMS_OAUTH_DB                      SQLite file (a fresh temporary directory per run)
  STREAMS_OAUTH_ACCESS_TOKEN_SECONDS    ACCESS_TOKEN_EXPIRE_SECONDS of tokens minted by /o/token/
  STREAMS_OAUTH_GRACE_SECONDS           REFRESH_TOKEN_GRACE_PERIOD_SECONDS
  STREAMS_OAUTH_REFRESH_TOKEN_SECONDS   REFRESH_TOKEN_EXPIRE_SECONDS ("" = never)
  STREAMS_OAUTH_TEST_ENDPOINTS          "1" mounts the /test/... control endpoints
  STREAMS_OAUTH_PAYMENT_UPSTREAM        set: this process is also the payment token server
                                        (/pay/...), exchanging access tokens of the server at
                                        this base URL (RFC 8693), checked at its /o/introspect/
  STREAMS_OAUTH_PAYMENT_INTROSPECTION   "client_id:secret" of a confidential client of that server

This is a test fixture: the secret key is public, DEBUG is off only so that Django does not
keep every SQL query in memory, and passwords use a fast hash.
"""

import os


def _int_env(name, default):
    value = os.environ.get(name, "")
    return int(value) if value.strip() else default


SECRET_KEY = "streams-oauth-test-server-not-a-secret"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "oauth2_provider",
]

# CommonMiddleware sets Content-Length. APPEND_SLASH is off: a POST to /o/token (no slash)
# must fail loudly with 404, not be redirected.
# Sessions and authentication serve the browser login of the authorization-code flow
# (/accounts/login/, then /o/authorize/). Sessions live in signed cookies: no table, so the
# migrated database template stays as it was.
MIDDLEWARE = [
    "django.middleware.common.CommonMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]
APPEND_SLASH = False
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
LOGIN_URL = "/accounts/login/"

ROOT_URLCONF = "oauthserver.urls"
WSGI_APPLICATION = None

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.environ.get("STREAMS_OAUTH_DB", ""),
        # Many request threads share one file. IMMEDIATE makes every transaction take the
        # write lock when it begins, so concurrent rotations queue (up to `timeout`
        # seconds) instead of failing with "database is locked" when a reader upgrades.
        # WAL lets readers (the protected resource) proceed while a rotation writes.
        "OPTIONS": {
            "timeout": 30,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=OFF",
        },
    }
}

USE_TZ = True
TIME_ZONE = "UTC"
USE_I18N = False
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Test users' passwords and the confidential client's secret are hashed with this; the
# default PBKDF2 would cost ~0.3 s of CPU per hash on every client authentication.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

_refresh_lifetime = _int_env("STREAMS_OAUTH_REFRESH_TOKEN_SECONDS", 0)

OAUTH2_PROVIDER = {
    "ACCESS_TOKEN_EXPIRE_SECONDS": _int_env("STREAMS_OAUTH_ACCESS_TOKEN_SECONDS", 60),
    "REFRESH_TOKEN_EXPIRE_SECONDS": _refresh_lifetime or None,
    # RFC 6749 §10.4 / RFC 9700 §4.14.2: every refresh rotates the refresh token, and a
    # rotated-out token presented again (after the grace period) revokes its whole family.
    "ROTATE_REFRESH_TOKEN": True,
    "REFRESH_TOKEN_REUSE_PROTECTION": True,
    "REFRESH_TOKEN_GRACE_PERIOD_SECONDS": _int_env("STREAMS_OAUTH_GRACE_SECONDS", 0),
    "SCOPES": {"read": "Read access", "write": "Write access"},
    "DEFAULT_SCOPES": ["read", "write"],
    # Authorization codes need PKCE (S256 or plain; the StreamsAuth client sends S256).
    "PKCE_REQUIRED": True,
    # RFC 8252 §7.1: native apps redirect to a private-use URI scheme.
    "ALLOWED_REDIRECT_URI_SCHEMES": ["http", "https", "com.example.messenger"],
    # Observes DOT's decisions on refresh tokens for the /test/counters endpoint.
    "OAUTH2_VALIDATOR_CLASS": "oauthserver.validators.ObservingValidator",
}

TEST_ENDPOINTS = os.environ.get("STREAMS_OAUTH_TEST_ENDPOINTS", "") == "1"
PAYMENT_UPSTREAM = os.environ.get("STREAMS_OAUTH_PAYMENT_UPSTREAM", "")
PAYMENT_INTROSPECTION = os.environ.get("STREAMS_OAUTH_PAYMENT_INTROSPECTION", "")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr", "formatter": "plain"}},
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        "oauth2_provider": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "oauthserver": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
    },
}
