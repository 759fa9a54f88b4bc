"""A killed `cards import`/`update` leaves temporaries that the next run removes (not another live
run's); a store build reaches the disk before it replaces the old store; a built store has the
mode the umask gives new files, so another user pointed at it can read it."""

from __future__ import annotations

import gzip
import json
import os
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from deckcheck.cards import store as store_module
from deckcheck.cards.mtgjson import import_atomic_cards
from deckcheck.cards.store import write_store
from deckcheck.cards.update import UpdateLockedError, remove_stale_temporaries, update_lock
from deckcheck.errors import DeckcheckError
from tests.reliability.conftest import REPO

GONE_PID = 4_194_304 + 4321  # above Linux's largest pid_max: no process has it


def atomic_file(path: Path, cards: int) -> Path:
    def face(name: str) -> dict[str, Any]:
        return {
            "name": name,
            "layout": "normal",
            "type": "Instant",
            "colors": ["R"],
            "colorIdentity": ["R"],
            "text": "Deal 3 damage to any target. " * 20,
            "legalities": {"modern": "Legal"},
        }

    data = {f"Card {n}": [face(f"Card {n}")] for n in range(cards)}
    path.write_bytes(gzip.compress(json.dumps({"meta": {"date": "2022-04-25"}, "data": data}).encode()))
    return path


@pytest.fixture
def live_process() -> Iterator[int]:
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        yield process.pid
    finally:
        process.kill()
        process.wait()


@pytest.mark.skipif(os.name != "posix", reason="pids are checked on POSIX")
def test_stale_temporaries_are_removed_under_the_lock(tmp_path: Path, live_process: int) -> None:
    store = tmp_path / "cards.sqlite"
    stale_build = tmp_path / f".cards.sqlite.{GONE_PID}.k3j4h5g6.tmp"  # deckcheck.atomic.replacing's
    old_style_build = tmp_path / "cards.sqlite.ab12cd34.tmp"  # from before pids were in the name
    live_build = tmp_path / f".cards.sqlite.{live_process}.zz99yy88.tmp"
    download = tmp_path / "cards.sqlite.all_cards.jsonl.part"
    unrelated = [tmp_path / "notes.tmp", tmp_path / "other.sqlite.1.x.tmp", tmp_path / "cards.sqlite.lock2"]
    for path in [stale_build, old_style_build, live_build, download, *unrelated]:
        path.write_bytes(b"x" * 1000)
    with update_lock(store):
        pass
    assert not stale_build.exists() and not old_style_build.exists() and not download.exists()
    assert live_build.exists()  # its writer is running
    assert all(path.exists() for path in unrelated)
    assert remove_stale_temporaries(store) == []


@pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")
def test_a_killed_import_leaves_nothing_behind_after_the_next_run(tmp_path: Path) -> None:
    source = atomic_file(tmp_path / "AtomicCards.json.gz", 30_000)
    store = tmp_path / "cache" / "cards.sqlite"
    environment = {**os.environ, "PYTHONPATH": str(REPO), "DECKCHECK_CARD_DB": str(store)}
    process = subprocess.Popen(
        [sys.executable, "-m", "deckcheck", "cards", "import", str(source)],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    leftovers: list[Path] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if store.parent.is_dir():
            leftovers = [p for p in store.parent.iterdir() if p.suffix == ".tmp" and p.stat().st_size > 0]
            if leftovers:
                break
        time.sleep(0.01)
    process.send_signal(signal.SIGKILL)
    process.wait()
    if not leftovers:
        pytest.skip("the import finished before it could be killed mid-build")
    assert all(p.exists() for p in leftovers)  # what a killed run leaves
    small = atomic_file(tmp_path / "small.json.gz", 3)
    assert import_atomic_cards(small, store).records == 3
    assert [p.name for p in store.parent.iterdir() if p.suffix in (".tmp", ".part")] == []


def test_the_build_is_on_disk_before_it_replaces_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        events.append("fsync dir" if stat.S_ISDIR(os.fstat(fd).st_mode) else "fsync file")
        real_fsync(fd)

    def replace(source: Any, target: Any) -> None:
        events.append("replace")
        real_replace(source, target)

    monkeypatch.setattr(store_module.os, "fsync", fsync)
    monkeypatch.setattr(store_module.os, "replace", replace)
    record = {
        "name": "Shock",
        "layout": "normal",
        "faces": [{"name": "Shock", "mana_cost": "{R}", "type_line": "Instant", "oracle_text": ""}],
        "color_identity": ["R"],
        "keywords": [],
        "legalities": {},
    }
    write_store([record], tmp_path / "cards.sqlite", meta={"source": "test"})
    expected = ["fsync file", "replace", "fsync dir"] if os.name == "posix" else ["fsync file", "replace"]
    assert events == expected


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_a_built_store_follows_the_umask(tmp_path: Path, umask: int, mode: int) -> None:
    source = atomic_file(tmp_path / "AtomicCards.json.gz", 3)
    store = tmp_path / "cards.sqlite"
    previous = os.umask(umask)
    try:
        import_atomic_cards(source, store)
    finally:
        os.umask(previous)
    assert stat.S_IMODE(store.stat().st_mode) == mode


@pytest.mark.skipif(
    not Path("/proc/self").is_dir(), reason="needs Linux's /proc, a folder no file can be made in"
)
def test_a_folder_the_lock_file_cannot_be_made_in_is_no_lock_held_by_another(tmp_path: Path) -> None:
    """filelock retries a lock file it cannot create in a folder that exists as if another process
    held it: the update waited its whole timeout, then blamed "another card data update"."""
    store = Path("/proc") / "cards.sqlite"
    started = time.monotonic()
    with (
        pytest.raises(DeckcheckError, match=r"cannot write in /proc, where the card store") as caught,
        update_lock(store, timeout=3),
    ):
        pass
    assert not isinstance(caught.value, UpdateLockedError)
    assert time.monotonic() - started < 2
