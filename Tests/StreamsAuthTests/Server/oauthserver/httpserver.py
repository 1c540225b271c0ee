"""A thread-per-connection WSGI server on the standard library's wsgiref.

Why not an extra package: the test server must be able to close a connection without
writing a response (a "lost" /token response), which needs the socket, and wsgiref lets a
handler own it. Each connection gets a thread, so 500 parallel clients get 500 threads
rather than a queue; the listen backlog is large so that none is refused while the accept
loop catches up. Responses are HTTP/1.0 and close the connection after each request.
"""

import socket
import socketserver
import struct
import sys
import threading
import time
from wsgiref.simple_server import ServerHandler, WSGIRequestHandler, WSGIServer


class DropConnection(Exception):
    """Raised by the application before it starts a response: the server then closes the
    connection without writing anything ("close": an orderly FIN, the client reads an
    empty reply) or resets it ("reset": RST)."""

    def __init__(self, mode):
        super().__init__(mode)
        self.mode = mode


class _Handler(ServerHandler):
    drop_mode = None

    def handle_error(self):
        error = sys.exc_info()[1]
        if isinstance(error, DropConnection) and not self.headers_sent:
            self.drop_mode = error.mode
            return
        super().handle_error()


class RequestHandler(WSGIRequestHandler):
    access_log = True

    def handle(self):
        self.server.connection_opened()
        try:
            self._handle()
        finally:
            self.server.connection_closed()

    def _handle(self):
        self.raw_requestline = self.rfile.readline(65537)
        if len(self.raw_requestline) > 65536:
            self.requestline = ""
            self.request_version = ""
            self.command = ""
            self.send_error(414)
            return
        if not self.parse_request():
            return
        handler = _Handler(self.rfile, self.wfile, self.get_stderr(), self.get_environ(), multithread=True)
        handler.request_handler = self
        handler.run(self.server.get_app())
        if handler.drop_mode is not None:
            self.log_message('"%s" answered with a dropped connection (%s)', self.requestline, handler.drop_mode)
            if handler.drop_mode == "reset":
                self.server.reset_on_close(self.connection)

    def log_request(self, code="-", size="-"):
        if self.access_log:
            super().log_request(code, size)

    def log_message(self, format, *args):
        sys.stderr.write("%s %s %s\n" % (time.strftime("%H:%M:%S"), self.address_string(), format % args))

    def address_string(self):
        return "%s:%s" % self.client_address[:2]


class ThreadingWSGIServer(socketserver.ThreadingMixIn, WSGIServer):
    daemon_threads = True
    # listen(2) backlog; Linux caps it at net.core.somaxconn (4096 by default since 5.4).
    request_queue_size = 4096
    allow_reuse_address = True

    def __init__(self, address, handler=RequestHandler):
        self._reset = set()
        self._connections_lock = threading.Lock()
        self.open_connections = 0
        self.peak_connections = 0
        super().__init__(address, handler)

    def connection_opened(self):
        with self._connections_lock:
            self.open_connections += 1
            self.peak_connections = max(self.peak_connections, self.open_connections)

    def connection_closed(self):
        with self._connections_lock:
            self.open_connections -= 1

    def server_bind(self):
        # HTTPServer.server_bind calls socket.getfqdn(), a reverse DNS lookup that can stall
        # on a machine without DNS; the WSGI environ only needs the name and port.
        socketserver.TCPServer.server_bind(self)
        host, port = self.server_address[:2]
        self.server_name = host
        self.server_port = port
        self.setup_environ()

    def reset_on_close(self, connection):
        self._reset.add(connection)

    def shutdown_request(self, request):
        if request in self._reset:
            self._reset.discard(request)
            # SO_LINGER with a zero timeout: close() sends RST instead of FIN.
            request.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            request.close()
            return
        super().shutdown_request(request)

    def handle_error(self, request, client_address):
        # A client that went away mid-request is not worth a traceback.
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)
