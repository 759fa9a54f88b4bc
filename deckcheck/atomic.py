"""Atomic file replacement: the one way deckcheck writes a file that something else reads
(an exported decklist, a card store).

The new content goes to a temporary file in the target's directory (the same file system, so the
rename is atomic; a hidden name, so `deckcheck check DIR` never reads it), is flushed to disk,
renamed over the target, and the directory is flushed so the rename itself survives a power cut.
A reader, or a crash, sees the old file or the new one, never part of one; on any failure the
temporary file is removed and the target is untouched.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

_WRITE_CHUNK = 64 * 1024


def fsync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (POSIX; elsewhere a rename is as durable as it gets)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _fsync_file(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


def temporary_prefix(target: Path, pid: int | None = None) -> str:
    """How :func:`replacing` names its temporary files for ``target``: ``.NAME.PID.``."""
    return f".{target.name}.{os.getpid() if pid is None else pid}."


@contextlib.contextmanager
def replacing(target: Path, *, mode: int | None = None) -> Iterator[Path]:
    """A temporary path next to ``target`` to build the new file in. When the block ends without
    an exception the file is flushed to disk, given ``mode`` (None: left as created, 0600),
    renamed over ``target`` and the directory flushed; otherwise it is removed and ``target`` is
    left as it was."""
    # the writer's pid is in the name, so a later run can tell a killed writer's leftover from a
    # live one (deckcheck.cards.update.remove_stale_temporaries). tempfile (and the shutil and
    # compression modules it brings) is imported here, not at start-up: a check writes no file.
    import tempfile

    fd, temp_name = tempfile.mkstemp(dir=target.parent, prefix=temporary_prefix(target), suffix=".tmp")
    os.close(fd)
    temp = Path(temp_name)
    try:
        yield temp
        _fsync_file(temp)
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    fsync_directory(target.parent)


def write_chunks(handle: BinaryIO, data: bytes) -> None:
    for start in range(0, len(data), _WRITE_CHUNK):
        handle.write(data[start : start + _WRITE_CHUNK])


def write_atomically(target: Path, data: bytes, mode: int | None = None) -> None:
    """Replace ``target`` with ``data`` atomically (see :func:`replacing`)."""
    with replacing(target, mode=mode) as temp, open(temp, "wb") as handle:
        write_chunks(handle, data)
        handle.flush()
