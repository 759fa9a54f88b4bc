"""Reading a decklist file: whole, up to the bound (session.read_decklist_file)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from deckcheck import session
from deckcheck.decklist import MAX_BYTES


@pytest.mark.parametrize("size", [0, 1, 1000, 5_000_000, 5_000_001, 6_000_000])
def test_a_file_is_read_whole_up_to_the_bound(tmp_path: Path, size: int) -> None:
    """read_decklist_file reads what a file holds (not a buffer of the bound's size for each file),
    and still refuses one over the bound."""
    path = tmp_path / "deck.txt"
    path.write_bytes(b"x" * size)
    data = session.read_decklist_file(str(path))
    assert data == (None if size > MAX_BYTES else b"x" * size)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX named pipes")
def test_a_pipe_is_read_to_its_end(tmp_path: Path) -> None:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    text = b"4 Lightning Bolt\n" * 10_000  # more than a pipe's buffer: written while it is read
    writer = threading.Thread(target=path.write_bytes, args=(text,))
    writer.start()
    try:
        assert session.read_decklist_file(str(path)) == text
    finally:
        writer.join()
