"""Issue #8, card data updates through the real CLI, against a local Scryfall on 127.0.0.1.

tests/cards/test_update_faults.py drives every fault into ``update_from_scryfall`` itself. Here the
same classes go through `deckcheck cards update`: exit code 2, a one-line `deckcheck: error:`
message, no traceback, and afterwards the previous store is byte-identical and `deckcheck check`
still uses it. Also: `--offline` and `check` make no request at all (a server that records every
request says so), a stale store is used as it is, an update killed mid-download leaves the store
and the lock usable, and two `cards update` processes at once download once and corrupt nothing.
"""

from __future__ import annotations

import functools
import json
import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards import scryfall
from deckcheck.cards.scryfall import http_cache_path
from deckcheck.cards.store import CardStore, read_store_meta
from tests.cards.test_update_faults import GatedFile, revalidating_session
from tests.httpserver import (
    FIRST_UPDATE,
    LocalHTTPServer,
    Reply,
    ScryfallMirror,
    gzip_bytes,
    jsonl_bytes,
    sample_cards,
)
from tests.reliability.conftest import REPO, Invoke, Project
from tests.reliability.outcomes import TALLY

SECOND_UPDATE = "2026-09-09T09:02:11.120+00:00"
# cards of the sample Scryfall data; freeform, so the check passes on any store
DECK = "// format: freeform\n4 Lightning Bolt\n4 Brainstorm\n2 Fire // Ice\n"


@dataclass
class Installed:
    """A local Scryfall, and a store that `deckcheck cards update` built from its first build."""

    mirror: ScryfallMirror
    store: Path
    project: Project
    invoke: Invoke
    monkeypatch: pytest.MonkeyPatch
    before: bytes = b""
    sleeps: list[float] = field(default_factory=list)

    @property
    def server(self) -> LocalHTTPServer:
        return self.mirror.server

    def update(self, *args: str) -> tuple[int, str, str]:
        result = self.invoke(["cards", "update", *args])
        return result.exit_code, result.stdout, result.stderr

    def assert_intact(self) -> None:
        """The previous store: the same bytes, readable, and what `check` uses."""
        assert self.store.read_bytes() == self.before
        assert read_store_meta(self.store)["updated_at"] == FIRST_UPDATE
        assert CardStore.open(self.store).resolve("Fire // Ice").ok
        leftovers = [p.name for p in self.store.parent.iterdir() if p.suffix in (".part", ".tmp")]
        assert leftovers == []
        self.project.write("deck.txt", DECK)
        check = self.invoke(["check", "-o", "json", "deck.txt"])
        assert check.exit_code == 0, check.output
        document = json.loads(check.stdout)
        assert document["card_data"]["meta"]["updated_at"] == FIRST_UPDATE


@pytest.fixture
def installed(project: Project, invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> Iterator[Installed]:
    with LocalHTTPServer() as server:
        # A client hanging up early makes socketserver print a traceback to sys.stderr, which
        # CliRunner captures as if deckcheck had written it: keep the server thread quiet.
        monkeypatch.setattr(server._httpd, "handle_error", lambda request, client_address: None)
        mirror = ScryfallMirror(server)
        mirror.publish()
        store = project.root / "cache" / "cards.sqlite"
        monkeypatch.setenv("DECKCHECK_SCRYFALL_API", mirror.api_base)
        monkeypatch.setenv("DECKCHECK_CARD_DB", str(store))
        state = Installed(mirror, store, project, invoke, monkeypatch)
        # The CLI's own update, with three test seams: the bulk list revalidated on every run (the
        # CLI caches it for 12 hours), a 2-second timeout, and 429 waits recorded, not slept.
        original = scryfall.update_from_scryfall
        monkeypatch.setattr(
            scryfall,
            "update_from_scryfall",
            functools.partial(
                original, session_factory=revalidating_session, timeout=2.0, sleep=state.sleeps.append
            ),
        )
        code, out, err = state.update()
        assert code == 0 and "wrote 10 cards from scryfall" in out, err
        state.before = store.read_bytes()
        server.clear()
        yield state


def good_body() -> bytes:
    return gzip_bytes(jsonl_bytes(sample_cards()))


def corrupt_gzip() -> bytes:
    body = bytearray(good_body())
    body[-8] ^= 0xFF  # the CRC32
    return bytes(body)


def invalid_json_line() -> bytes:
    cards = sample_cards()
    return gzip_bytes(jsonl_bytes(cards[:3]) + b'{"object": "card", "name": "Brok\n' + jsonl_bytes(cards[3:]))


Publish = Callable[[Installed], None]


def publish(**kwargs: Any) -> Publish:
    def apply(state: Installed) -> None:
        resolved = {k: (v() if callable(v) else v) for k, v in kwargs.items()}
        state.mirror.publish(updated_at=SECOND_UPDATE, **resolved)

    return apply


def list_fails(reply: Reply) -> Publish:
    def apply(state: Installed) -> None:
        http_cache_path(state.store).unlink()  # no cached copy of the list to fall back on
        state.server.route("/bulk-data", reply)

    return apply


def nobody_listening(state: Installed) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    state.monkeypatch.setenv("DECKCHECK_SCRYFALL_API", f"http://127.0.0.1:{port}")


HALF = len(good_body()) // 2
FAULTS: list[tuple[str, Publish, str]] = [
    (
        "cut off midway",
        publish(file_reply={"truncate_after": HALF}),
        r"the transfer failed after [\d,]+ bytes",
    ),
    (
        "cut off, no Content-Length",
        publish(file_reply={"send_length": False, "truncate_after": HALF}),
        "Scryfall lists the file as",
    ),
    (
        "truncated gzip, no size",
        publish(
            file_reply={"send_length": False, "truncate_after": HALF},
            descriptor_changes={"compressed_size": None},
        ),
        "the download is incomplete",
    ),
    ("corrupt gzip", publish(body=corrupt_gzip), "not valid gzip data"),
    ("invalid JSON", publish(body=invalid_json_line), r"line 4, column \d+: invalid JSON"),
    ("not gzip at all (HTML)", publish(body=b"<html>Service unavailable</html>"), "not a Scryfall bulk file"),
    ("empty file", publish(body=lambda: gzip_bytes(b"")), r"no card objects in it \(it is empty\)"),
    *(
        (
            f"HTTP {status} for the file",
            publish(file_reply={"status": status, "body": b"oops"}),
            rf"HTTP {status}",
        )
        for status in (500, 502, 503, 504)
    ),
    ("HTTP 503 for the list", list_fails(Reply.error(503)), r"list of Scryfall bulk files: HTTP 503"),
    (
        "HTTP 429 that never ends",
        publish(file_reply={"status": 429, "headers": {"Retry-After": "0"}, "body": b""}),
        r"rate limiting.*HTTP 429",
    ),
    ("timeout mid-file", publish(file_reply={"pause_after": 1000, "pause": 10}), r"no data for 2 s"),
    (
        "timeout on the list",
        list_fails(Reply(delay=10, body=b"{}")),
        r"no answer from 127\.0\.0\.1:\d+ within 2 s",
    ),
    ("connection refused", nobody_listening, r"cannot reach 127\.0\.0\.1"),
]


@pytest.mark.parametrize(("fault", "cause", "message"), FAULTS, ids=[f[0] for f in FAULTS])
def test_a_failed_update_leaves_the_store(
    fault: str, cause: Publish, message: str, installed: Installed
) -> None:
    cause(installed)
    code, out, err = installed.update()
    assert code == 2, (out, err)
    assert err.startswith("deckcheck: error: "), err
    assert "Traceback" not in out + err and "internal error" not in err
    assert re.search(message, err), err
    installed.assert_intact()
    says = "says so" if "was not changed" in err else "does not say the store was kept"
    TALLY.record("fault", f"update: {fault}", f"exit 2, store intact and used; message {says}")


def test_the_store_updates_once_the_fault_is_gone(installed: Installed) -> None:
    publish(file_reply={"truncate_after": HALF})(installed)
    assert installed.update()[0] == 2
    installed.mirror.publish(updated_at=SECOND_UPDATE)
    code, out, _ = installed.update()
    assert code == 0 and "wrote 10 cards" in out
    assert read_store_meta(installed.store)["updated_at"] == SECOND_UPDATE


# -- offline ----------------------------------------------------------------------------------------
def test_offline_update_makes_no_request(installed: Installed) -> None:
    installed.mirror.publish(updated_at=SECOND_UPDATE)  # something new is there, and not fetched
    installed.server.clear()
    code, out, _ = installed.update("--offline")
    assert code == 0
    assert out.startswith(f"offline: {installed.store} has 10 cards from scryfall ({FIRST_UPDATE})")
    refused = installed.update("--offline", "--languages", "de")
    assert refused[0] == 2 and "--languages needs the network" in refused[2]
    assert installed.server.requests == []
    installed.assert_intact()
    TALLY.record("fault", "offline: cards update --offline", "0 requests, store reported")


def test_check_and_friends_never_touch_the_network(installed: Installed) -> None:
    """A stale store (the server has a newer build) is used as it is: no command but `cards update`
    asks the network anything."""
    installed.mirror.publish(updated_at=SECOND_UPDATE)
    installed.server.clear()
    installed.project.write("deck.txt", DECK)
    for args in (
        ["check", "deck.txt"],
        ["check", "--offline", "deck.txt"],
        ["companions", "deck.txt"],
        ["cards", "info"],
        ["export", "deck.txt"],
    ):
        result = installed.invoke(args)
        # export to Arena lists the `// format:` line as lost (the client has no field for it): 1
        assert result.exit_code == (1 if args[0] == "export" else 0), (args, result.output)
    assert installed.server.requests == []
    installed.assert_intact()
    TALLY.record("fault", "offline: check with a stale store", "0 requests, stale store used")


def process_env(installed: Installed, **extra: str) -> dict[str, str]:
    environment = {**os.environ, **extra}
    environment["PYTHONPATH"] = os.pathsep.join([str(REPO), environment.get("PYTHONPATH", "")])
    return environment


def test_check_works_with_the_network_down(installed: Installed) -> None:
    installed.project.write("deck.txt", DECK)
    installed.server.stop()  # nothing listens any more
    done = subprocess.run(
        [sys.executable, "-m", "deckcheck", "check", "-o", "json", "deck.txt"],
        cwd=installed.project.root,
        env=process_env(installed),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["card_data"]["meta"]["updated_at"] == FIRST_UPDATE
    TALLY.record("fault", "offline: check with the network down", "exit 0 on the cached store")


# -- killed and concurrent updates --------------------------------------------------------------------
def start_update(installed: Installed) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "deckcheck", "cards", "update"],
        cwd=installed.project.root,
        env=process_env(installed),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_an_update_killed_mid_download_leaves_the_store_and_the_lock(installed: Installed) -> None:
    http_cache_path(installed.store).unlink()  # the process's 12-hour list cache must not hide the build
    gated = GatedFile(installed.mirror)
    process = start_update(installed)
    try:
        assert gated.requested.wait(60), "the update never asked for the file"
    finally:
        process.kill()  # SIGKILL: no cleanup code runs
        process.communicate(timeout=60)
    assert process.returncode == -signal.SIGKILL
    assert installed.store.read_bytes() == installed.before
    assert CardStore.open(installed.store).resolve("Fire // Ice").ok
    gated.gate.set()
    code, out, err = installed.update()  # the OS dropped the lock; the next run cleans up and works
    assert code == 0, err
    assert "wrote 10 cards" in out
    assert [p.name for p in installed.store.parent.iterdir() if p.suffix in (".part", ".tmp")] == []
    assert read_store_meta(installed.store)["updated_at"] == SECOND_UPDATE
    TALLY.record(
        "fault", "update killed (SIGKILL) mid-download", "store intact, lock released, next run works"
    )


def test_two_update_processes_at_once(installed: Installed) -> None:
    http_cache_path(installed.store).unlink()
    gated = GatedFile(installed.mirror)
    first = start_update(installed)
    second: subprocess.Popen[str] | None = None
    try:
        assert gated.requested.wait(60), "the first update never asked for the file"
        second = start_update(installed)  # waits for the lock the first one holds
        gated.gate.set()
        first_out, first_err = first.communicate(timeout=120)
        second_out, second_err = second.communicate(timeout=120)
    finally:
        gated.gate.set()
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.kill()
                process.communicate()
    assert first.returncode == 0, first_err
    assert second.returncode == 0, second_err
    assert "wrote 10 cards from scryfall" in first_out
    assert "is up to date" in second_out  # it waited, then found the new build already in place
    assert len(installed.mirror.file_requests()) == 1
    assert read_store_meta(installed.store)["updated_at"] == SECOND_UPDATE
    assert CardStore.open(installed.store).resolve("Fire // Ice").ok
    TALLY.record("fault", "two cards update processes at once", "one download, store valid")
