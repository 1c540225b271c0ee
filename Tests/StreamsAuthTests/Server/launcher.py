"""Runs the OAuth 2.0 test server (django-oauth-toolkit) for the StreamsAuth tests.

    .venv-oauth/bin/python Tests/StreamsAuthTests/Server/launcher.py [--grace-period S] ...

Contract with whoever starts it (the Swift harness, Fixtures/OAuthTestServer.swift):
  * stdout carries exactly one line, "LISTENING 127.0.0.1:PORT", once the server accepts
    connections; then stdout is closed. Everything else (access log, errors) goes to stderr.
  * the server exits, deleting its temporary database, when its stdin reaches end of file,
    i.e. when the process that started it closes the pipe or dies. So give it a pipe, and
    never the terminal's stdin unless --ignore-stdin is passed. SIGTERM and SIGINT work too.
  * each run starts from an empty SQLite database in a new temporary directory: migrations
    are applied (from a cached, already migrated empty database after the first run; see
    prepare_database), then the "default" tenant (user alice, clients streams-public and
    streams-confidential) is created.
"""

import argparse
import os
import shutil
import signal
import sys
import tempfile
import threading
import time

# No __pycache__ folders next to the sources in the work tree (git does not ignore them).
sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=0, help="port; 0 (default) lets the kernel choose")
    parser.add_argument(
        "--grace-period", type=int, default=0, metavar="SECONDS", help="REFRESH_TOKEN_GRACE_PERIOD_SECONDS (default 0)"
    )
    parser.add_argument(
        "--access-token-lifetime",
        type=int,
        default=60,
        metavar="SECONDS",
        help="ACCESS_TOKEN_EXPIRE_SECONDS of tokens minted by /o/token/ (default 60)",
    )
    parser.add_argument(
        "--refresh-token-lifetime",
        type=int,
        default=0,
        metavar="SECONDS",
        help="REFRESH_TOKEN_EXPIRE_SECONDS (default 0: refresh tokens do not expire)",
    )
    parser.add_argument(
        "--no-db-template",
        action="store_true",
        help="apply every migration to an empty database instead of starting from the cached migrated template",
    )
    parser.add_argument("--no-test-endpoints", action="store_true", help="do not mount /test/...")
    parser.add_argument(
        "--payment-upstream",
        default="",
        metavar="URL",
        help="also serve the payment token server (/pay/...), exchanging access tokens of the server at URL",
    )
    parser.add_argument(
        "--payment-introspection",
        default="streams-confidential:streams-confidential-secret",
        metavar="ID:SECRET",
        help="the confidential client of the upstream server that introspects its tokens",
    )
    parser.add_argument("--no-access-log", action="store_true", help="do not log each request to stderr")
    parser.add_argument(
        "--ignore-stdin", action="store_true", help="keep running at end of stdin (manual use; stop with Ctrl-C)"
    )
    return parser.parse_args(argv)


def log(message):
    sys.stderr.write("%s launcher: %s\n" % (time.strftime("%H:%M:%S"), message))
    sys.stderr.flush()


def prepare_database(path, use_template):
    """Brings the empty database at `path` to the latest migrations.

    Applying all of them takes 2-3 s of CPU (more on a busy machine), so the first run
    keeps a copy of the freshly migrated, still empty database in the virtual environment,
    keyed by the Python, Django and django-oauth-toolkit versions; later runs start from
    that copy, and `migrate` still runs and applies whatever the copy lacks (normally
    nothing, in ~0.1 s). Returns how the database was made, for the log."""
    import hashlib
    import importlib.metadata

    import django
    from django.core.management import call_command
    from django.db import connection

    key = hashlib.sha256(
        repr(
            (sys.version_info[:3], django.get_version(), importlib.metadata.version("django-oauth-toolkit"))
        ).encode()
    ).hexdigest()[:16]
    cache_dir = os.environ.get("STREAMS_OAUTH_CACHE") or os.path.join(sys.prefix, "streams-oauth-cache")
    template = os.path.join(cache_dir, "migrated-%s.sqlite3" % key)

    if use_template and os.path.isfile(template):
        shutil.copyfile(template, path)
        call_command("migrate", verbosity=0, interactive=False)
        return "copied from %s, migrations checked" % os.path.basename(template)

    call_command("migrate", verbosity=0, interactive=False)
    if not use_template:
        return "migrated from empty"
    try:
        os.makedirs(cache_dir, exist_ok=True)
        partial = "%s.%d.partial" % (template, os.getpid())
        with connection.cursor() as cursor:
            # A consistent copy of a WAL database, written in one go.
            cursor.execute("VACUUM INTO %s", [partial])
        os.replace(partial, template)  # atomic: a concurrent start sees all of it or nothing
        return "migrated from empty (template saved)"
    except Exception as error:  # noqa: BLE001 - the cache is an optimisation only
        log("could not save the migrated template (%s); carrying on" % error)
        return "migrated from empty"


def main(argv=None):
    started = time.monotonic()
    args = parse_args(argv)

    # Only the LISTENING line may reach stdout: anything else printed by accident goes to stderr.
    listening_out = sys.stdout
    sys.stdout = sys.stderr

    data_dir = tempfile.mkdtemp(prefix="streams-oauth-server-")
    finished = threading.Lock()

    def finish(reason, code=0):
        # Several threads may get here at once; the first one ends the process.
        if not finished.acquire(blocking=False):
            return
        log("stopping: %s" % reason)
        shutil.rmtree(data_dir, ignore_errors=True)
        sys.stderr.flush()
        os._exit(code)

    def watch_stdin():
        try:
            while os.read(0, 4096):
                pass
            finish("stdin closed")
        except OSError as error:
            finish("stdin unreadable (%s)" % error)

    # Watch stdin before the slow part, so that a parent that gives up during migrations
    # does not leave a server behind.
    if not args.ignore_stdin:
        threading.Thread(target=watch_stdin, name="stdin-watch", daemon=True).start()
    signal.signal(signal.SIGTERM, lambda *_: finish("SIGTERM"))
    signal.signal(signal.SIGINT, lambda *_: finish("SIGINT"))

    try:
        os.environ.update(
            {
                "DJANGO_SETTINGS_MODULE": "oauthserver.settings",
                "STREAMS_OAUTH_DB": os.path.join(data_dir, "oauth.sqlite3"),
                "STREAMS_OAUTH_GRACE_SECONDS": str(args.grace_period),
                "STREAMS_OAUTH_ACCESS_TOKEN_SECONDS": str(args.access_token_lifetime),
                "STREAMS_OAUTH_REFRESH_TOKEN_SECONDS": str(args.refresh_token_lifetime),
                "STREAMS_OAUTH_TEST_ENDPOINTS": "0" if args.no_test_endpoints else "1",
                "STREAMS_OAUTH_PAYMENT_UPSTREAM": args.payment_upstream,
                "STREAMS_OAUTH_PAYMENT_INTROSPECTION": args.payment_introspection,
            }
        )
        sys.path.insert(0, HERE)

        import django

        django.setup()

        from django.core.wsgi import get_wsgi_application

        migrate_started = time.monotonic()
        database = prepare_database(os.environ["STREAMS_OAUTH_DB"], use_template=not args.no_db_template)
        migrated = time.monotonic() - migrate_started

        from oauthserver.httpserver import RequestHandler, ThreadingWSGIServer
        from oauthserver.state import registry
        from oauthserver.tenants import create_tenant
        from oauthserver.wsgi_control import TestControl

        create_tenant("default")

        RequestHandler.access_log = not args.no_access_log
        server = ThreadingWSGIServer((args.host, args.port), RequestHandler)
        server.set_app(TestControl(get_wsgi_application()))
        registry.connections = server
        host, port = server.server_address[:2]
    except BaseException as error:  # noqa: BLE001 - any failure must end the process with a message
        import traceback

        traceback.print_exc(file=sys.stderr)
        finish("start-up failed: %s" % error, code=1)
        return

    log(
        "django-oauth-toolkit on http://%s:%d (grace %d s, access tokens %d s, test endpoints %s); "
        "database %s in %.2f s, ready %.2f s after start"
        % (
            host,
            port,
            args.grace_period,
            args.access_token_lifetime,
            "off" if args.no_test_endpoints else "on",
            database,
            migrated,
            time.monotonic() - started,
        )
    )
    listening_out.write("LISTENING %s:%d\n" % (host, port))
    listening_out.flush()
    # Close the real stdout (fd 1 now points at stderr): the reader sees end of file, and
    # nothing written by a library later can ever reach it.
    os.dup2(2, 1)
    try:
        server.serve_forever(poll_interval=0.5)
    finally:
        finish("server loop ended")


if __name__ == "__main__":
    main()
