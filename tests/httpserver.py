"""A local HTTP server for tests: 127.0.0.1 only, stdlib ``http.server`` in a background thread.

Each path is given one or more :class:`Reply` objects (or callables building one from the request);
they are used in order and the last one repeats, so "429, then 200" is ``route(path, r429, r200)``.
A reply can set the status, headers, an ETag / Last-Modified (the server then answers matching
``If-None-Match`` / ``If-Modified-Since`` with 304), a redirect, a delay before answering, a pause
in the middle of the body, a body sent one byte at a time (``trickle``), a body cut off after N
bytes (the connection is dropped), or a gate (a ``threading.Event`` the server waits on before
sending the body). Every request is recorded.

    with LocalHTTPServer() as server:
        server.route("/bulk-data", Reply.json({"data": []}, etag='"v1"'))
        requests.get(server.url("/bulk-data"))
        assert server.paths() == ["/bulk-data"]
"""

from __future__ import annotations

import contextlib
import email.utils
import gzip
import json
import socket
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    query: str
    headers: dict[str, str]  # keys lower-cased

    def header(self, name: str) -> str | None:
        return self.headers.get(name.lower())


@dataclass(frozen=True)
class Reply:
    status: int = 200
    body: bytes = b""
    content_type: str | None = "application/octet-stream"
    headers: dict[str, str] = field(default_factory=dict)
    etag: str | None = None  # sent, and a matching If-None-Match gets 304
    last_modified: str | None = None  # an HTTP date; If-Modified-Since at or after it gets 304
    send_length: bool = True  # False: no Content-Length, the body ends when the connection closes
    truncate_after: int | None = None  # send this many body bytes, then drop the connection
    delay: float = 0.0  # seconds to wait before the status line
    pause_after: int | None = None  # body bytes after which to pause ``pause`` seconds
    pause: float = 0.0
    gate: threading.Event | None = None  # wait for this event before sending the body
    trickle: float = 0.0  # send the body one byte at a time, this many seconds apart

    @classmethod
    def json(cls, payload: Any, **kwargs: Any) -> Reply:
        return cls(
            body=json.dumps(payload).encode(), content_type="application/json; charset=utf-8", **kwargs
        )

    @classmethod
    def redirect(cls, location: str, status: int = 302) -> Reply:
        return cls(status=status, content_type=None, headers={"Location": location})

    @classmethod
    def error(cls, status: int, **kwargs: Any) -> Reply:
        body = json.dumps({"object": "error", "status": status, "details": f"test error {status}"}).encode()
        return cls(status=status, body=body, content_type="application/json", **kwargs)


Responder = Reply | Callable[[RecordedRequest], Reply]
NOT_FOUND = Reply.error(404)


class LocalHTTPServer:
    def __init__(self) -> None:
        self._routes: dict[str, list[Responder]] = {}
        self._served: dict[str, int] = {}
        self._lock = threading.Lock()
        self._requests: list[RecordedRequest] = []
        self.stopping = threading.Event()
        self._httpd = _Server(("127.0.0.1", 0), _Handler)
        self._httpd.owner = self
        self._thread: threading.Thread | None = None

    # lifecycle
    def start(self) -> LocalHTTPServer:
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, name="test-http", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()  # ends every delay, pause and gate wait
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> LocalHTTPServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # configuration
    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def url(self, path: str = "/") -> str:
        return self.base_url + path

    def route(self, path: str, *responders: Responder) -> None:
        """Replies for ``path`` (no query string), used in order; the last one repeats."""
        if not responders:
            raise ValueError("route() needs at least one reply")
        with self._lock:
            self._routes[path] = list(responders)
            self._served[path] = 0

    # what happened
    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    def paths(self) -> list[str]:
        return [r.path for r in self.requests]

    def requests_for(self, path: str) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path == path]

    def clear(self) -> None:
        with self._lock:
            self._requests.clear()

    # used by the handler
    def _reply_for(self, request: RecordedRequest) -> Reply:
        with self._lock:
            self._requests.append(request)
            responders = self._routes.get(request.path)
            if responders is None:
                return NOT_FOUND
            index = min(self._served[request.path], len(responders) - 1)
            self._served[request.path] += 1
            responder = responders[index]
        return responder if isinstance(responder, Reply) else responder(request)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    owner: LocalHTTPServer


def _not_modified(reply: Reply, request: RecordedRequest) -> bool:
    if reply.status != 200:
        return False
    if_none_match = request.header("If-None-Match")
    if reply.etag is not None and if_none_match is not None:
        tags = {t.strip() for t in if_none_match.split(",")}
        return "*" in tags or reply.etag in tags or reply.etag.removeprefix("W/") in tags
    since = request.header("If-Modified-Since")
    if reply.last_modified is not None and since is not None:
        try:
            return email.utils.parsedate_to_datetime(since) >= email.utils.parsedate_to_datetime(
                reply.last_modified
            )
        except (TypeError, ValueError):
            return False
    return False


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 10  # idle keep-alive connections end on their own
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet tests

    def do_GET(self) -> None:
        self._serve(send_body=True)

    def do_HEAD(self) -> None:
        self._serve(send_body=False)

    def _serve(self, *, send_body: bool) -> None:
        owner = self.server.owner
        split = urlsplit(self.path)
        request = RecordedRequest(
            self.command, split.path, split.query, {k.lower(): v for k, v in self.headers.items()}
        )
        reply = owner._reply_for(request)
        if reply.delay and owner.stopping.wait(reply.delay):
            return
        if _not_modified(reply, request):
            reply = replace(reply, status=304, body=b"", content_type=None, truncate_after=None)
        self.send_response(reply.status)
        if reply.content_type and reply.status != 304:
            self.send_header("Content-Type", reply.content_type)
        if reply.etag is not None:
            self.send_header("ETag", reply.etag)
        if reply.last_modified is not None:
            self.send_header("Last-Modified", reply.last_modified)
        for name, value in reply.headers.items():
            self.send_header(name, value)
        body = reply.body if reply.status not in (204, 304) else b""
        if reply.send_length:
            self.send_header("Content-Length", str(len(body)))
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if not send_body or not body:
            return
        if reply.gate is not None:
            while not reply.gate.wait(0.05):
                if owner.stopping.is_set():
                    return
        limit = len(body) if reply.truncate_after is None else min(reply.truncate_after, len(body))
        if reply.trickle:
            self._trickle(body[:limit], reply.trickle)
            return
        try:
            for start, chunk in _chunks(body[:limit], reply.pause_after):
                if start == reply.pause_after and reply.pause and owner.stopping.wait(reply.pause):
                    return
                self.wfile.write(chunk)
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
            return
        if reply.truncate_after is not None:
            self._drop_connection()

    def _trickle(self, body: bytes, seconds: float) -> None:
        for index in range(len(body)):
            try:
                self.wfile.write(body[index : index + 1])
                self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True
                return
            if self.server.owner.stopping.wait(seconds):
                return

    def _drop_connection(self) -> None:
        self.close_connection = True
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RDWR)


def _chunks(body: bytes, split_at: int | None, size: int = 1 << 14) -> Iterator[tuple[int, bytes]]:
    """(offset, bytes) pieces of ``body``, with a boundary exactly at ``split_at``."""
    offset = 0
    while offset < len(body):
        end = min(offset + size, len(body))
        if split_at is not None and offset < split_at < end:
            end = split_at
        yield offset, body[offset:end]
        offset = end


def http_date(timestamp: float) -> str:
    return email.utils.formatdate(timestamp, usegmt=True)


# -- a Scryfall-shaped API ---------------------------------------------------------------------
SCRYFALL_FIXTURES = Path(__file__).parent / "fixtures" / "scryfall"
FIRST_UPDATE = "2026-09-08T09:01:57.053+00:00"


def sample_cards() -> list[dict[str, Any]]:
    """The hand-written Scryfall card objects in tests/fixtures/scryfall/oracle-cards-sample.jsonl."""
    text = (SCRYFALL_FIXTURES / "oracle-cards-sample.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def jsonl_bytes(objs: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(o, ensure_ascii=False) + "\n" for o in objs).encode("utf-8")


def gzip_bytes(data: bytes) -> bytes:
    return gzip.compress(data, mtime=0)


class ScryfallMirror:
    """``GET /bulk-data`` and one ``oracle_cards`` file, in the 2026 shape (``jsonl_download_uri``,
    a gzip of JSON lines sent as application/gzip without Content-Encoding) or the legacy shape
    (``download_uri``, one JSON array, by default gzip-compressed on the wire with
    ``Content-Encoding: gzip``). Each :meth:`publish` is a new Scryfall build: a new ``updated_at``
    and a new timestamped file path, as on the real service."""

    def __init__(self, server: LocalHTTPServer) -> None:
        self.server = server
        self.file_path = ""
        self.updated_at = ""
        self.body = b""
        self.descriptor: dict[str, Any] = {}
        self.list_etag = ""

    @property
    def api_base(self) -> str:
        return self.server.base_url

    def publish(
        self,
        cards: list[dict[str, Any]] | None = None,
        *,
        shape: str = "jsonl",
        updated_at: str = FIRST_UPDATE,
        body: bytes | None = None,
        wire_gzip: bool = True,
        file_reply: dict[str, Any] | None = None,
        descriptor_changes: dict[str, Any] | None = None,
        bulk_replies: list[Reply] | None = None,
    ) -> str:
        """Serve a new build; ``body`` replaces the encoded cards (for corrupt files), ``file_reply``
        adds Reply fields to the file (faults), ``bulk_replies`` go before the normal list reply."""
        objs = sample_cards() if cards is None else cards
        stamp = "".join(ch for ch in updated_at[:19] if ch.isdigit())
        headers: dict[str, str] = {}
        if shape == "jsonl":
            self.file_path = f"/files/oracle-cards-{stamp}.jsonl.gz"
            encoded = gzip_bytes(jsonl_bytes(objs))
            content_type = "application/gzip"
        elif shape == "legacy":
            self.file_path = f"/files/oracle-cards-{stamp}.json"
            array = json.dumps(objs, ensure_ascii=False).encode("utf-8")
            encoded = gzip_bytes(array) if wire_gzip else array
            content_type = "application/json"
            if wire_gzip:
                headers["Content-Encoding"] = "gzip"
        else:
            raise ValueError(f"unknown shape {shape!r}")
        self.body = encoded if body is None else body
        self.updated_at = updated_at
        fixture = "bulk-data-2026.json" if shape == "jsonl" else "bulk-data-legacy.json"
        text = (SCRYFALL_FIXTURES / fixture).read_text(encoding="utf-8").replace("__BASE__", self.api_base)
        payload = json.loads(text)
        for item in payload["data"]:
            item["updated_at"] = updated_at
            if item["type"] == "oracle_cards":
                if shape == "jsonl":
                    item["jsonl_download_uri"] = self.url(self.file_path)
                    item["compressed_size"] = len(self.body)
                else:
                    item["download_uri"] = self.url(self.file_path)
                item.update(descriptor_changes or {})
                self.descriptor = item
        modified = http_date(1_700_000_000 + len(self.body))
        self.list_etag = f'W/"{stamp}"'
        listing = Reply.json(payload, etag=self.list_etag, last_modified=modified)
        self.server.route("/bulk-data", *(bulk_replies or []), listing)
        file_fields: dict[str, Any] = {
            "body": self.body,
            "content_type": content_type,
            "headers": headers,
            "etag": f'"{stamp}-{len(self.body)}"',
            "last_modified": modified,
        }
        file_fields.update(file_reply or {})
        self.server.route(self.file_path, Reply(**file_fields))
        return self.file_path

    def url(self, path: str) -> str:
        return self.server.url(path)

    def file_requests(self) -> list[RecordedRequest]:
        return [r for r in self.server.requests if r.path.startswith("/files/")]

    def list_requests(self) -> list[RecordedRequest]:
        return self.server.requests_for("/bulk-data")
