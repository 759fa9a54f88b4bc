"""Bytes -> text for decklist files: BOMs (UTF-8, UTF-16 LE/BE, UTF-32), UTF-16 without a BOM,
UTF-8, then Windows-1252 / latin-1 as a reported fallback. Binary content and oversized files are
refused with a reason instead of being read as garbage lines."""

from __future__ import annotations

import codecs
import re
from typing import Final

from deckcheck.decklist._base import MAX_BYTES

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_SNIFF = 4096
# control characters other than tab, line feed, vertical tab, form feed and carriage return
_CONTROL_RE = re.compile(r"[\x00-\x08\x0e-\x1f]")


class Decoded:
    """A decklist file's bytes as text. (A plain class: a dataclass would compile its methods in
    every run.)"""

    __slots__ = ("encoding", "error", "text", "warning")

    def __init__(
        self,
        text: str | None,  # None when the file is refused
        encoding: str,
        error: str | None = None,  # why the file was refused
        warning: str | None = None,  # how the decoding was not straightforward
    ) -> None:
        self.text: Final = text
        self.encoding: Final = encoding
        self.error: Final = error
        self.warning: Final = warning


def size_error(size: int) -> str:
    return f"file too big ({size:,} bytes; the limit is {MAX_BYTES:,} bytes, 5 MB)"


def decode(data: bytes) -> Decoded:
    if len(data) > MAX_BYTES:
        return Decoded(None, "", error=size_error(len(data)))
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            body = data[len(bom) :]
            try:
                return _checked(body.decode(encoding), encoding)
            except UnicodeDecodeError as exc:
                if encoding != "utf-8":
                    return Decoded(
                        None,
                        encoding,
                        error=f"not valid {encoding.upper()} despite its byte-order mark "
                        f"(byte {exc.start + len(bom)})",
                    )
                return _fallback(body, "not valid UTF-8 despite its byte-order mark")
    if b"\x00" in data:
        utf16 = _utf16_without_bom(data)
        if utf16 is None:
            return Decoded(None, "", error="binary file (contains NUL bytes): not a decklist")
        try:
            decoded = _checked(data.decode(utf16), utf16)
        except UnicodeDecodeError:
            return Decoded(None, "", error="binary file (contains NUL bytes): not a decklist")
        if decoded.error is not None:
            return decoded
        return Decoded(decoded.text, utf16, warning=f"no byte-order mark: read as {utf16.upper()}")
    try:
        return _checked(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        return _fallback(data, "not valid UTF-8")


def _fallback(data: bytes, why: str) -> Decoded:
    try:
        text, encoding = data.decode("cp1252"), "cp1252"
        label = "Windows-1252 (latin-1)"
    except UnicodeDecodeError:
        text, encoding, label = data.decode("latin-1"), "latin-1", "latin-1"
    checked = _checked(text, encoding)
    if checked.error is not None:
        return checked
    return Decoded(text, encoding, warning=f"{why}: decoded as {label}; check accented names")


def _utf16_without_bom(data: bytes) -> str | None:
    """UTF-16 text without a BOM has NULs in every other byte for ASCII characters. A list that is
    mostly CJK names has them only where its digits, spaces and line breaks are: NULs all on one
    side, and the text read that way almost all printable characters."""
    sample = data[:_SNIFF]
    if len(sample) < 4 or len(sample) % 2:
        return None
    even_nuls = sample[0::2].count(0)
    odd_nuls = sample[1::2].count(0)
    half = len(sample) // 2
    if odd_nuls > 0.6 * half and even_nuls < 0.05 * half:
        return "utf-16-le"
    if even_nuls > 0.6 * half and odd_nuls < 0.05 * half:
        return "utf-16-be"
    # Every line of such a list has ASCII (its quantity, a space, the line break), so at least a
    # sixth of the bytes on that side are NULs; a stray NUL in ASCII text is nowhere near that.
    if len(data) % 2 == 0 and max(odd_nuls, even_nuls) >= 0.15 * half and min(odd_nuls, even_nuls) == 0:
        encoding = "utf-16-le" if even_nuls == 0 else "utf-16-be"
        text = data[: _SNIFF * 4].decode(encoding, errors="replace")
        if len(data) > _SNIFF * 4:
            text = text[:-1]  # (the sample may end inside a surrogate pair)
        printable = sum(1 for ch in text if ch.isprintable() or ch in "\t\r\n")
        if "\ufffd" not in text and "\n" in text and printable >= 0.95 * len(text):
            return encoding
    return None


def _checked(text: str, encoding: str) -> Decoded:
    """Refuse decoded text that is still binary: NUL characters, or mostly control characters."""
    if "\x00" in text:
        return Decoded(None, encoding, error="binary file (contains NUL characters): not a decklist")
    sample = text[:_SNIFF]
    controls = len(_CONTROL_RE.findall(sample))
    if sample and controls > 0.1 * len(sample):
        return Decoded(None, encoding, error="binary file (mostly control characters): not a decklist")
    return Decoded(text, encoding)
