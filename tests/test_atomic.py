"""The one atomic-write helper: temporary file in the target's directory, fsync, rename, fsync of
the directory; used by export and by the card store's build."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import deckcheck.atomic
from deckcheck.atomic import replacing, write_atomically
from deckcheck.cards.store import CardStore, write_store
from tests.cards.test_store import RECORDS


class FsyncLog:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.paths: list[str] = []
        real = os.fsync

        def fsync(fd: int) -> None:
            self.paths.append(os.readlink(f"/proc/self/fd/{fd}") if Path("/proc/self/fd").is_dir() else "?")
            real(fd)

        monkeypatch.setattr(deckcheck.atomic.os, "fsync", fsync)


@pytest.mark.skipif(os.name != "posix" or not Path("/proc/self/fd").is_dir(), reason="reads /proc/self/fd")
def test_the_card_store_is_flushed_to_disk_before_and_after_its_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: write_store renamed the new store into place with a bare os.replace, never
    fsynced, so a power cut could leave an empty or partial store under the real name."""
    log = FsyncLog(monkeypatch)
    path = tmp_path / "cards.sqlite"
    write_store(RECORDS, path, meta={"source": "test"})
    assert len(log.paths) == 2
    temp, directory = log.paths
    assert Path(temp).parent == tmp_path and Path(temp).name.startswith(".cards.sqlite.")
    assert Path(directory) == tmp_path
    assert CardStore.open(path).resolve(RECORDS[0]["name"]).ok
    assert [p.name for p in tmp_path.iterdir()] == ["cards.sqlite"]


def test_a_failure_leaves_the_target_and_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "deck.txt"
    target.write_text("old\n")
    with pytest.raises(RuntimeError), replacing(target) as temp:
        temp.write_text("half")
        raise RuntimeError("interrupted")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.txt"]


def test_write_atomically_sets_the_mode(tmp_path: Path) -> None:
    target = tmp_path / "deck.txt"
    write_atomically(target, b"4 Lightning Bolt\n", 0o640)
    assert target.read_bytes() == b"4 Lightning Bolt\n"
    assert target.stat().st_mode & 0o777 == 0o640
