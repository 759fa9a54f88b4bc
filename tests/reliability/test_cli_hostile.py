"""Issue #8, hostile input through the real CLI: every class of bad file given to `deckcheck check`
ends with exit 1 (findings) or 2 (cannot run), never a traceback, and the message names the file,
the line where there is one, and the reason. Files that are unusual but valid (UTF-16 with a BOM,
10,000 lines) are read correctly instead (exit 0). A few cases run as a real `python -m deckcheck`
process; the rest through CliRunner, which calls the same entry point.

Every case is recorded in the outcome table printed at the end of the run (tests/reliability/
outcomes.py). Checks run as `check -f modern --strict --no-color`: warnings fail the run too, so a
file read with a doubt cannot pass as clean."""

from __future__ import annotations

import codecs
import gzip
import io
import os
import random
import re
import stat
import sys
import threading
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from deckcheck.decklist import MAX_BYTES
from tests.httpserver import LocalHTTPServer
from tests.reliability.conftest import LEGAL_MODERN, Invoke, Project, RunProcess
from tests.reliability.outcomes import TALLY

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "decklists"
CHECK = ["check", "-f", "modern", "--strict", "--no-color"]
ACCENTED_DECK = "4 Lim-Dûl's Vault\n4 Æther Vial\n52 Mountain\n"  # legal in modern when read right
PASSWD = Path("/etc/passwd")


@dataclass(frozen=True)
class Where:
    """What a case is given: the project and the module's local HTTP server (which must never be
    asked for anything)."""

    project: Project
    server: LocalHTTPServer


Maker = Callable[[Where], str]  # creates the input, returns the CLI argument


@dataclass(frozen=True)
class Hostile:
    kind: str  # the class of hostile input it belongs to
    name: str
    make: Maker
    outcome: str  # what must happen: refused | line problem | warned | read | not checked | cannot run
    reason: str  # a regex the message (or, for `read`, the deck header) must match
    code: str | None = None  # the finding code that must carry the file name (and line)
    line: int | None = None
    exit_codes: frozenset[int] = frozenset({1})
    process: bool = False  # run as a real process instead of CliRunner
    stdin: bytes | None = None
    args: tuple[str, ...] = ()
    forbidden: tuple[str, ...] = ()  # must never appear in the output
    skip: Callable[[], str | None] = field(default=lambda: None)

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.name}"


# -- makers ---------------------------------------------------------------------------------------
def data(name: str, content: bytes | str | Callable[[Where], bytes | str]) -> Maker:
    def make(where: Where) -> str:
        value = content(where) if callable(content) else content
        where.project.write(name, value)
        return name

    return make


def sparse(name: str, size: int) -> Maker:
    def make(where: Where) -> str:
        path = where.project.root / name
        with path.open("wb") as handle:
            handle.write(b"4 Lightning Bolt\n")
            handle.truncate(size)  # a hole: no disk blocks are written
        return name

    return make


def existing(path: str) -> Maker:
    return lambda where: path


def fixture_cut(fixture: str, fraction: float) -> Callable[[Where], bytes]:
    def cut(where: Where) -> bytes:
        body = (FIXTURES / fixture).read_bytes()
        return body[: int(len(body) * fraction)]

    return cut


def read_head(path: str, size: int) -> bytes:
    with open(path, "rb") as handle:
        return handle.read(size)


def random_binary(seed: int) -> bytes:
    generator = random.Random(seed)
    body = bytearray(generator.randbytes(4096))
    body[generator.randrange(len(body))] = 0
    return bytes(body)


def zipped_deck() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("deck.txt", LEGAL_MODERN)
    return buffer.getvalue()


def lines_of(text: str, count: int) -> str:
    return text * count


def dek(*cards: str) -> str:
    return "<Deck>\n" + "\n".join(cards) + "\n</Deck>\n"


def dek_card(name: str, quantity: str = "4") -> str:
    return f'<Cards Quantity="{quantity}" Sideboard="false" Name="{name}" />'


def cod(*cards: str) -> str:
    return (
        '<cockatrice_deck version="1">\n<zone name="main">\n'
        + "\n".join(cards)
        + "\n</zone>\n</cockatrice_deck>\n"
    )


def cod_card(name: str, number: str = "4") -> str:
    return f'<card number="{number}" name="{name}"/>'


def laughs(levels: int, root: str) -> str:
    entities = ['<!ENTITY lol0 "lol">'] + [
        f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, levels)
    ]
    doctype = "<!DOCTYPE " + root + " [\n" + "\n".join(entities) + "\n]>\n"
    last = f"&lol{levels - 1};"
    body = dek(dek_card(last)) if root == "Deck" else cod(cod_card(last))
    return '<?xml version="1.0"?>\n' + doctype + body


def xxe(uri: str, root: str) -> str:
    doctype = f'<!DOCTYPE {root} [<!ENTITY xxe SYSTEM "{uri}">]>\n'
    body = dek(dek_card("&xxe;")) if root == "Deck" else cod(cod_card("&xxe;"))
    return '<?xml version="1.0"?>\n' + doctype + body


def http_uri(path: str) -> Callable[[Where], str]:
    return lambda where: where.server.url(path)


def nested_xml(depth: int) -> str:
    return "<Deck>" + "<a>" * depth + "</a>" * depth + "</Deck>\n"


def run_as_root() -> str | None:
    return "running as root: every file is readable" if hasattr(os, "geteuid") and os.geteuid() == 0 else None


def no_dev(path: str) -> Callable[[], str | None]:
    return lambda: None if os.path.exists(path) else f"no {path} on this system"


def unreadable(where: Where) -> str:
    path = where.project.write("locked.txt", LEGAL_MODERN)
    path.chmod(0)
    return "locked.txt"


def symlink_loop(where: Where) -> str:
    root = where.project.root
    (root / "loop-a.txt").symlink_to("loop-b.txt")
    (root / "loop-b.txt").symlink_to("loop-a.txt")
    return "loop-a.txt"


def dangling_symlink(where: Where) -> str:
    (where.project.root / "dangling.txt").symlink_to("gone.txt")
    return "dangling.txt"


def directory(where: Where) -> str:
    (where.project.root / "decks" / "notes").mkdir(parents=True)
    (where.project.root / "decks" / "README.md").write_text("not a decklist\n", encoding="utf-8")
    return "decks"


def fifo_with_writer(where: Where) -> str:
    path = where.project.root / "pipe.txt"
    os.mkfifo(path)

    def feed() -> None:
        with path.open("w", encoding="utf-8") as pipe:  # blocks until deckcheck opens it
            pipe.write(LEGAL_MODERN)

    threading.Thread(target=feed, daemon=True).start()
    return "pipe.txt"


def not_posix() -> str | None:
    return "needs POSIX named pipes" if not hasattr(os, "mkfifo") else None


# -- the cases ------------------------------------------------------------------------------------
BINARY = "binary file \\(contains NUL bytes\\): not a decklist"
TOO_BIG = "file too big"
DTD_REFUSED = "XML refused: the file declares a DTD or entities"
BLANK_LINES_AT_THE_CAP = (b" " * 127 + b"\n") * (MAX_BYTES // 128)  # exactly MAX_BYTES bytes
NOT_IN_OUTPUT = ("file:///etc/passwd", "root:x:0:0")
TERMINAL = ("\x1b", "\x9b", "\x07", "\u202e")

CASES: list[Hostile] = [
    # binary
    *(
        Hostile(
            "binary",
            f"random-{seed}.bin",
            data(f"random-{seed}.bin", random_binary(seed)),
            "refused",
            BINARY,
            "DC001",
        )
        for seed in range(4)
    ),
    Hostile(
        "binary",
        "image.png",
        data("image.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10" + bytes(range(256))),
        "refused",
        BINARY,
        "DC001",
    ),
    Hostile(
        "binary",
        "urandom.txt",
        data("urandom.txt", lambda where: read_head("/dev/urandom", 8192)),
        "refused",
        "binary file",
        "DC001",
        process=True,
        skip=no_dev("/dev/urandom"),
    ),
    Hostile(
        "binary",
        "program.dek",
        data("program.dek", b"\x7fELF\x02\x01\x01" + bytes(64)),
        "refused",
        BINARY,
        "DC001",
    ),
    Hostile(
        "binary",
        "deck.txt.gz",
        data("deck.txt.gz", gzip.compress(LEGAL_MODERN.encode(), mtime=0)),
        "refused",
        BINARY,
        "DC001",
    ),
    Hostile("binary", "deck.zip", data("deck.zip", zipped_deck()), "refused", BINARY, "DC001"),
    Hostile(
        "binary",
        "controls.txt",
        data("controls.txt", bytes(range(1, 32)) * 100),
        "refused",
        "binary file \\(mostly control characters\\)",
        "DC001",
    ),
    Hostile("binary", "<stdin>", existing("-"), "refused", BINARY, "DC001", stdin=random_binary(99)),
    # empty and whitespace-only: no card lines (DC005), and no rule judges the empty deck
    Hostile("empty", "empty.txt", data("empty.txt", b""), "read", "no card lines in the file", "DC005"),
    Hostile(
        "empty",
        "bom-only.txt",
        data("bom-only.txt", codecs.BOM_UTF8),
        "read",
        "no card lines in the file",
        "DC005",
    ),
    Hostile("empty", "empty.dek", data("empty.dek", b""), "read", "no card lines in the file", "DC005"),
    Hostile(
        "empty",
        "/dev/null",
        existing("/dev/null"),
        "not checked",
        "not a regular file; nothing to check",
        "DC001",
        exit_codes=frozenset({2}),
        skip=no_dev("/dev/null"),
    ),
    Hostile("empty", "<stdin>", existing("-"), "read", "no card lines in the file", "DC005", stdin=b""),
    Hostile(
        "whitespace-only",
        "blank.txt",
        data("blank.txt", "   \n\t\n\r\n\n"),
        "read",
        "no card lines in the file",
        "DC005",
    ),
    Hostile(
        "whitespace-only",
        "many-blank.txt",
        data("many-blank.txt", "\n" * 5000),
        "read",
        "no card lines in the file",
        "DC005",
    ),
    Hostile(
        "whitespace-only",
        "unicode-space.txt",
        data("unicode-space.txt", "\u00a0\u3000\u2028\u2029\n\u2003 \n"),
        "read",
        "no card lines in the file",
        "DC005",
    ),
    Hostile(
        "whitespace-only",
        "form-feed.txt",
        data("form-feed.txt", "\x0c\n\x0b\n"),
        "warned",
        "control characters removed from the line",
        "DC003",
        line=1,
    ),
    # huge: a size cap with a clear message; sparse files, so nothing big is written
    Hostile(
        "huge",
        "sparse-6mb.txt",
        sparse("sparse-6mb.txt", 6 * 1024 * 1024),
        "refused",
        TOO_BIG,
        "DC001",
        process=True,
    ),
    Hostile("huge", "sparse-4gb.txt", sparse("sparse-4gb.txt", 4 * 1024**3), "refused", TOO_BIG, "DC001"),
    Hostile(
        "huge",
        "over-the-cap.txt",
        data("over-the-cap.txt", BLANK_LINES_AT_THE_CAP + b" "),
        "refused",
        rf"{TOO_BIG} \(more than {MAX_BYTES:,} bytes",
        "DC001",
    ),
    Hostile(
        "huge",
        "at-the-cap.txt",
        data("at-the-cap.txt", BLANK_LINES_AT_THE_CAP),
        "read",
        "no card lines in the file",
        "DC005",
    ),
    Hostile(
        "huge",
        "/dev/zero",
        existing("/dev/zero"),
        "not checked",
        "not a regular file; nothing to check",
        "DC001",
        exit_codes=frozenset({2}),
        skip=no_dev("/dev/zero"),
    ),
    # encodings: valid ones are read with the accents intact; doubtful ones are warnings
    *(
        Hostile(
            "encoding",
            f"{label}.txt",
            data(f"{label}.txt", bom + ACCENTED_DECK.encode(codec)),
            "read",
            "60 main: legal",
            exit_codes=frozenset({0}),
        )
        for label, bom, codec in (
            ("utf-8-bom", codecs.BOM_UTF8, "utf-8"),
            ("utf-16-le-bom", codecs.BOM_UTF16_LE, "utf-16-le"),
            ("utf-16-be-bom", codecs.BOM_UTF16_BE, "utf-16-be"),
            ("utf-32-le-bom", codecs.BOM_UTF32_LE, "utf-32-le"),
        )
    ),
    Hostile(
        "encoding",
        "crlf.txt",
        data("crlf.txt", ACCENTED_DECK.replace("\n", "\r\n")),
        "read",
        "60 main: legal",
        exit_codes=frozenset({0}),
    ),
    Hostile(
        "encoding",
        "cr-only.txt",
        data("cr-only.txt", ACCENTED_DECK.replace("\n", "\r")),
        "read",
        "60 main: legal",
        exit_codes=frozenset({0}),
    ),
    *(
        Hostile(
            "encoding",
            f"{codec}-no-bom.txt",
            data(f"{codec}-no-bom.txt", ACCENTED_DECK.encode(codec)),
            "warned",
            f"no byte-order mark: read as {codec.upper()}",
            "DC003",
        )
        for codec in ("utf-16-le", "utf-16-be")
    ),
    Hostile(
        "encoding",
        "latin-1.txt",
        data("latin-1.txt", ACCENTED_DECK.encode("latin-1")),
        "warned",
        "not valid UTF-8: decoded as Windows-1252",
        "DC003",
    ),
    Hostile(
        "encoding",
        "cp1252-quotes.txt",
        data("cp1252-quotes.txt", ACCENTED_DECK.replace("'", "\u2019").encode("cp1252")),
        "warned",
        "not valid UTF-8: decoded as Windows-1252",
        "DC003",
    ),
    Hostile(
        "encoding",
        "utf-16-odd-length.txt",
        data("utf-16-odd-length.txt", codecs.BOM_UTF16_LE + "4 Mountain".encode("utf-16-le") + b"\x0a"),
        "refused",
        "not valid UTF-16-LE despite its byte-order mark",
        "DC001",
    ),
    # invalid UTF-8 byte sequences inside an otherwise fine decklist
    *(
        Hostile(
            "invalid utf-8",
            f"{label}.txt",
            data(f"{label}.txt", b"4 Lightning Bolt\n4 Mountain" + sequence + b"\n52 Mountain\n"),
            "warned",
            "not valid UTF-8",
            "DC003",
        )
        for label, sequence in (
            ("lone-continuation", b"\x80"),
            ("overlong-slash", b"\xc0\xaf"),
            ("encoded-surrogate", b"\xed\xa0\x80"),
            ("truncated-sequence", b"\xe2\x82"),
            ("ff-fe-bytes", b"\xff\xfe"),
        )
    ),
    Hostile(
        "invalid utf-8",
        "bom-then-invalid.txt",
        data("bom-then-invalid.txt", codecs.BOM_UTF8 + b"4 Lightning Bolt\xff\n56 Mountain\n"),
        "warned",
        "not valid UTF-8 despite its byte-order mark",
        "DC003",
    ),
    # malformed XML: the error names its line
    Hostile(
        "malformed xml",
        "truncated.dek",
        data("truncated.dek", fixture_cut("mtgo.dek", 0.5)),
        "refused",
        "XML error",
        "DC001",
    ),
    Hostile(
        "malformed xml",
        "truncated.cod",
        data("truncated.cod", fixture_cut("cockatrice.cod", 0.6)),
        "refused",
        "XML error",
        "DC001",
    ),
    Hostile(
        "malformed xml",
        "truncated.o8d",
        data("truncated.o8d", fixture_cut("octgn.o8d", 0.5)),
        "refused",
        "XML error",
        "DC001",
    ),
    Hostile(
        "malformed xml",
        "mismatched.dek",
        data("mismatched.dek", '<Deck>\n<Cards Quantity="4" Name="Mountain">\n</Deck>\n'),
        "refused",
        "XML error: mismatched tag",
        "DC001",
        line=3,
    ),
    Hostile(
        "malformed xml",
        "open-quote.cod",
        data("open-quote.cod", '<cockatrice_deck>\n<zone name="main">\n<card number="4 name="Mountain"/>\n'),
        "refused",
        "XML error",
        "DC001",
        line=3,
    ),
    Hostile(
        "malformed xml",
        "junk-after-root.dek",
        data("junk-after-root.dek", dek(dek_card("Mountain")) + "trailing junk\n"),
        "refused",
        "XML error: junk after document element",
        "DC001",
        line=4,
    ),
    Hostile(
        "malformed xml",
        "bad-char-ref.dek",
        data("bad-char-ref.dek", dek(dek_card("Moun&#0;tain"))),
        "refused",
        "XML error: reference to invalid character number",
        "DC001",
        line=2,
    ),
    Hostile(
        "malformed xml",
        "nested-100000.dek",
        data("nested-100000.dek", nested_xml(100_000)),
        "read",
        "no card lines in the file",
        "DC005",
    ),
    Hostile(
        "malformed xml",
        "forced-dek.txt",
        data("forced-dek.txt", LEGAL_MODERN),
        "refused",
        "XML error: syntax error",
        "DC001",
        line=1,
        args=("--input-format", "dek"),
    ),
    # entity bombs: refused before any expansion
    Hostile(
        "entity bomb",
        "laughs.dek",
        data("laughs.dek", laughs(10, "Deck")),
        "refused",
        DTD_REFUSED,
        "DC001",
        line=2,  # the line of the <!DOCTYPE>
        process=True,
    ),
    Hostile(
        "entity bomb",
        "laughs.cod",
        data("laughs.cod", laughs(10, "cockatrice_deck")),
        "refused",
        DTD_REFUSED,
        "DC001",
        line=2,  # the line of the <!DOCTYPE>
    ),
    Hostile(
        "entity bomb",
        "quadratic.dek",
        data(
            "quadratic.dek",
            f'<?xml version="1.0"?>\n<!DOCTYPE Deck [<!ENTITY a "{"x" * 50_000}">]>\n'
            + dek(dek_card("&a;" * 2000)),
        ),
        "refused",
        DTD_REFUSED,
        "DC001",
        line=2,  # the line of the <!DOCTYPE>
    ),
    Hostile(
        "entity bomb",
        "parameter.cod",
        data(
            "parameter.cod",
            '<?xml version="1.0"?>\n<!DOCTYPE cockatrice_deck [<!ENTITY % p "<!ENTITY x \'boom\'>"> %p;]>\n'
            + cod(cod_card("&x;")),
        ),
        "refused",
        DTD_REFUSED,
        "DC001",
        line=2,  # the line of the <!DOCTYPE>
    ),
    # external entities: never fetched, never echoed
    Hostile(
        "external entity",
        "passwd.dek",
        data("passwd.dek", xxe(PASSWD.as_uri(), "Deck")),
        "refused",
        DTD_REFUSED,
        "DC001",
        line=2,  # the line of the <!DOCTYPE>
        process=True,
        forbidden=NOT_IN_OUTPUT,
    ),
    Hostile(
        "external entity",
        "passwd.cod",
        data("passwd.cod", xxe(PASSWD.as_uri(), "cockatrice_deck")),
        "refused",
        DTD_REFUSED,
        "DC001",
        line=2,  # the line of the <!DOCTYPE>
        forbidden=NOT_IN_OUTPUT,
    ),
    Hostile(
        "external entity",
        "http.dek",
        data("http.dek", lambda where: xxe(where.server.url("/secret"), "Deck")),
        "refused",
        DTD_REFUSED,
        "DC001",
        line=2,  # the line of the <!DOCTYPE>
    ),
    Hostile(
        "external entity",
        "parameter-passwd.o8d",
        data(
            "parameter-passwd.o8d",
            f'<?xml version="1.0"?>\n<!DOCTYPE deck [<!ENTITY % p SYSTEM "{PASSWD.as_uri()}"> %p;]>\n'
            '<deck><section name="Main"><card qty="4">Mountain</card></section></deck>\n',
        ),
        "refused",
        DTD_REFUSED,
        "DC001",
        line=2,  # the line of the <!DOCTYPE>
        forbidden=NOT_IN_OUTPUT,
    ),
    Hostile(
        "external entity",
        "xinclude.dek",
        data(
            "xinclude.dek",
            '<Deck xmlns:xi="http://www.w3.org/2001/XInclude">\n'
            f'<xi:include href="{PASSWD.as_uri()}" parse="text"/>\n'
            + dek_card("Mountain", "60")
            + "\n</Deck>\n",
        ),
        "read",
        "60 main: legal",
        exit_codes=frozenset({0}),
        forbidden=NOT_IN_OUTPUT,
    ),
    # DTDs of any kind
    Hostile(
        "dtd",
        "external-dtd.dek",
        data(
            "external-dtd.dek",
            lambda where: (
                f'<?xml version="1.0"?>\n<!DOCTYPE Deck SYSTEM "{where.server.url("/deck.dtd")}">\n<Deck/>\n'
            ),
        ),
        "refused",
        DTD_REFUSED,
        "DC001",
        line=2,  # the line of the <!DOCTYPE>
    ),
    Hostile(
        "dtd",
        "public-dtd.cod",
        data(
            "public-dtd.cod",
            lambda where: (
                '<?xml version="1.0"?>\n<!DOCTYPE cockatrice_deck PUBLIC "-//X//Deck//EN" '
                f'"{where.server.url("/cod.dtd")}">\n<cockatrice_deck/>\n'
            ),
        ),
        "refused",
        DTD_REFUSED,
        "DC001",
        line=2,  # the line of the <!DOCTYPE>
    ),
    Hostile(
        "dtd",
        "internal-subset.dek",
        data(
            "internal-subset.dek", '<?xml version="1.0"?>\n<!DOCTYPE Deck [<!ELEMENT Deck ANY>]>\n<Deck/>\n'
        ),
        "refused",
        DTD_REFUSED,
        "DC001",
        line=2,  # the line of the <!DOCTYPE>
    ),
    # 10,000 lines: read in full, every line numbered
    Hostile(
        "10,000 lines",
        "ten-thousand.txt",
        data("ten-thousand.txt", lines_of("1 Mountain\n", 10_000)),
        "read",
        "10,000 main: legal",
        exit_codes=frozenset({0}),
        process=True,
    ),
    Hostile(
        "10,000 lines",
        "ten-thousand-unknown.txt",
        data("ten-thousand-unknown.txt", "".join(f"1 Card Number {i}\n" for i in range(1, 10_001))),
        "line problem",
        "unknown card 'Card Number 10000'",
        "DC010",
        line=10_000,
    ),
    Hostile(
        "10,000 lines",
        "ten-thousand-bad.txt",
        data("ten-thousand-bad.txt", lines_of("0 Mountain\n", 10_000)),
        "line problem",
        "count is 0",
        "DC002",
        line=10_000,
    ),
    Hostile(
        "10,000 lines",
        "ten-thousand.csv",
        data("ten-thousand.csv", "Count,Name\n" + lines_of("1,Mountain\n", 9_999)),
        "read",
        "9,999 main: legal",
        exit_codes=frozenset({0}),
    ),
    Hostile(
        "10,000 lines",
        "ten-thousand.dek",
        data("ten-thousand.dek", dek(*([dek_card("Mountain", "1")] * 9_998))),
        "read",
        "9,998 main: legal",
        exit_codes=frozenset({0}),
    ),
    # absurd counts, in every format that has counts
    *(
        Hostile(
            "absurd counts",
            f"count-{label}.txt",
            data(f"count-{label}.txt", f"{count} Lightning Bolt\n56 Mountain\n"),
            "line problem",
            reason,
            "DC002",
            line=1,
        )
        for label, count, reason in (
            ("zero", "0", "count is 0"),
            ("minus-zero", "-0", "count is 0"),
            ("negative", "-1", "negative count -1"),
            ("billion", str(10**9), "absurd count 1000000000 \\(more than 10,000\\)"),
            ("10e30", str(10**30), "absurd count 100000000000\\.\\.\\. \\(more than 10,000\\)"),
            ("900-digits", "9" * 900, "absurd count 999999999999\\.\\.\\."),
            ("one-over-the-cap", "10001", "absurd count 10001"),
        )
    ),
    *(
        Hostile(
            "absurd counts",
            f"count-{label}.txt",
            data(f"count-{label}.txt", f"{count} Lightning Bolt\n56 Mountain\n"),
            "line problem",
            reason,
            "DC010",
            line=1,
        )
        for label, count, reason in (
            ("1e3", "1e3", "unknown card '1e3 Lightning Bolt'"),
            ("decimal", "4.5", "unknown card '4.5 Lightning Bolt'"),
            ("hex", "0x10", "unknown card '0x10 Lightning Bolt'"),
            ("fraction", "\u00bd", "unknown card '\u00bd Lightning Bolt'"),
        )
    ),
    Hostile(
        "absurd counts",
        "count-at-the-cap.txt",
        data("count-at-the-cap.txt", "10000 Lightning Bolt\n"),
        "line problem",
        "10000 copies of Lightning Bolt",
        "DC104",
        line=1,
    ),
    Hostile(
        "absurd counts",
        "counts.csv",
        data("counts.csv", "Count,Name\n4,Lightning Bolt\n-1,Mountain\n1e3,Mountain\n99999999999,Mountain\n"),
        "line problem",
        "negative count -1",
        "DC002",
        line=3,
    ),
    Hostile(
        "absurd counts",
        "counts.dek",
        data("counts.dek", dek(dek_card("Lightning Bolt"), dek_card("Mountain", "1e3"))),
        "line problem",
        "<Cards> 'Mountain': count '1e3' is not a whole number",
        "DC002",
        line=3,
    ),
    Hostile(
        "absurd counts",
        "counts.cod",
        data("counts.cod", cod(cod_card("Mountain", str(10**30)))),
        "line problem",
        "absurd count",
        "DC002",
        line=3,
    ),
    Hostile(
        "absurd counts",
        "counts.json",
        data(
            "counts.json",
            '{"mainboard": {"a": {"quantity": 1e300, "card": {"name": "Mountain"}}, '
            '"b": {"quantity": -1, "card": {"name": "Mountain"}}}}',
        ),
        "line problem",
        "mainboard/b: negative count -1",
        "DC002",
    ),
    # control characters: removed with a warning, and never echoed to the terminal
    *(
        Hostile(
            "control characters",
            f"{label}.txt",
            data(f"{label}.txt", f"4 Lightning{chars} Bolt\n56 Mountain\n"),
            "warned",
            "control characters removed from the line",
            "DC003",
            line=1,
            forbidden=TERMINAL,
        )
        for label, chars in (
            ("c0", "\x01\x02\x03"),
            ("escape", "\x1b"),
            ("bell-backspace", "\x07\x08\x08"),
            ("delete", "\x7f"),
            ("c1-csi", "\x9b"),
            ("bidi-override", "\u202e"),
            ("zero-width", "\u200b\u200d"),
        )
    ),
    Hostile(
        "control characters",
        "ansi-sequence.txt",
        data("ansi-sequence.txt", "4 Lightning Bolt\x1b]0;owned\x07\n56 Mountain\n"),
        "warned",
        "control characters removed from the line",
        "DC003",
        line=1,
        forbidden=TERMINAL,
    ),
    Hostile(
        "control characters", "nul.txt", data("nul.txt", "4 Lightning\x00 Bolt\n"), "refused", BINARY, "DC001"
    ),
    Hostile(
        "control characters",
        "controls.dek",
        data("controls.dek", dek(dek_card("Lightning&#x9b;&#x85; Bolt"), dek_card("Mountain", "56"))),
        "warned",
        "control characters removed from the card name",
        "DC003",
        line=2,
        forbidden=TERMINAL,
    ),
    Hostile(
        "control characters",
        "controls.csv",
        data("controls.csv", "Count,Name\n4,Lightning\x1b Bolt\n56,Mountain\n"),
        "warned",
        "control characters removed from the record",
        "DC003",
        line=2,
        forbidden=TERMINAL,
    ),
    # names of 10 KB and 1 MB: refused on their line, never echoed in full
    Hostile(
        "long names",
        "name-10kb.txt",
        data("name-10kb.txt", "4 " + "A" * 10_240 + "\n"),
        "line problem",
        "line too long \\(10,242 characters, limit 1,000\\)",
        "DC002",
        line=1,
    ),
    Hostile(
        "long names",
        "name-1mb.txt",
        data("name-1mb.txt", "4 " + "A" * 2**20 + "\n"),
        "line problem",
        "line too long",
        "DC002",
        line=1,
        process=True,
    ),
    Hostile(
        "long names",
        "name-301.txt",
        data("name-301.txt", "4 " + "A" * 301 + "\n"),
        "line problem",
        "card name too long",
        "DC002",
        line=1,
    ),
    Hostile(
        "long names",
        "name-10kb.csv",
        data("name-10kb.csv", "Count,Name\n4," + "A" * 10_240 + "\n"),
        "line problem",
        "too long",
        "DC002",
        line=2,
    ),
    Hostile(
        "long names",
        "name-10kb.dek",
        data("name-10kb.dek", dek(dek_card("A" * 10_240))),
        "line problem",
        "card name too long",
        "DC002",
        line=2,
    ),
    Hostile(
        "long names",
        "name-1mb.cod",
        data("name-1mb.cod", cod(cod_card("A" * 2**20))),
        "line problem",
        "card name too long",
        "DC002",
        line=3,
    ),
    Hostile(
        "long names",
        "name-10kb.json",
        data(
            "name-10kb.json",
            '{"mainboard": {"a": {"quantity": 4, "card": {"name": "' + "A" * 10_240 + '"}}}}',
        ),
        "line problem",
        "too long",
        "DC002",
    ),
    # not a decklist file at all
    Hostile(
        "not a file",
        "decks",
        directory,
        "not checked",
        "no decklist files",
        "DC001",
        exit_codes=frozenset({2}),
    ),
    Hostile(
        "not a file",
        "missing.txt",
        existing("missing.txt"),
        "not checked",
        "no such file or directory",
        "DC001",
        exit_codes=frozenset({2}),
    ),
    Hostile(
        "not a file",
        "dangling.txt",
        dangling_symlink,
        "not checked",
        "no such file or directory",
        "DC001",
        exit_codes=frozenset({2}),
    ),
    Hostile(
        "not a file",
        "loop-a.txt",
        symlink_loop,
        "not checked",
        "too many levels of symbolic links",
        "DC001",
        exit_codes=frozenset({2}),
    ),
    Hostile(
        "not a file",
        "locked.txt",
        unreadable,
        "not checked",
        "cannot read the file: Permission denied",
        "DC001",
        exit_codes=frozenset({2}),
        skip=run_as_root,
    ),
    Hostile(
        "not a file",
        "pipe.txt",
        fifo_with_writer,
        "read",
        "60 main: legal",
        exit_codes=frozenset({0}),
        skip=not_posix,
    ),
]
# Not tried: a named pipe nobody writes to. Opening it blocks until a writer comes, as it does for
# `cat` and every other Unix reader; `deckcheck check <(...)` depends on that behaviour.


def test_case_names_are_unique() -> None:
    assert len({c.id for c in CASES}) == len(CASES)


@pytest.fixture(scope="module")
def server() -> Iterator[LocalHTTPServer]:
    with LocalHTTPServer() as running:
        yield running


def check_output(case: Hostile, exit_code: int, output: str) -> None:
    assert "Traceback" not in output, output[-2000:]
    assert "internal error" not in output, output[-2000:]
    assert exit_code in case.exit_codes, (exit_code, output[-2000:])
    if case.code is not None:
        where = re.escape(case.name) + (f":{case.line}" if case.line is not None else r"(?::\d+)?")
        pattern = rf"(?m)^{where}: {case.code}(?: \[\w+\])? .*{case.reason}"
    else:
        pattern = case.reason
    assert re.search(pattern, output), (pattern, output[-2000:])
    if case.outcome == "read":
        assert not re.search(r": DC00[12] ", output), output[-2000:]
    for text in case.forbidden:
        assert text not in output
    # a hostile name is never echoed in full: the output stays small
    assert len(output) < 2_000_000 if "ten-thousand" in case.name else len(output) < 20_000


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_hostile_input_through_the_cli(
    case: Hostile, project: Project, server: LocalHTTPServer, invoke: Invoke, run_process: RunProcess
) -> None:
    reason = case.skip()
    if reason:
        TALLY.record("hostile input", case.kind, "skipped")
        pytest.skip(reason)
    server.clear()
    argument = case.make(Where(project, server))
    args = [*CHECK, *case.args, argument]
    if case.process:
        assert case.stdin is None, "stdin cases run through CliRunner"
        done = run_process(args)
        exit_code, output = done.returncode, done.stdout + done.stderr
    else:
        result = invoke(args, input=case.stdin)
        exit_code, output = result.exit_code, result.output
    check_output(case, exit_code, output)
    assert server.requests == [], "a decklist made deckcheck touch the network"
    how = "process" if case.process else "CliRunner"
    TALLY.record("hostile input", case.kind, f"{case.outcome}, exit {exit_code} ({how})")


def test_sparse_files_stay_sparse(project: Project, server: LocalHTTPServer) -> None:
    """The huge cases cost no disk: the 4 GB file is a hole (so the suite can run anywhere)."""
    sparse("probe.txt", 4 * 1024**3)(Where(project, server))
    info = (project.root / "probe.txt").stat()
    blocks = getattr(info, "st_blocks", None)
    if blocks is None or sys.platform == "win32":
        pytest.skip("no st_blocks here")
    assert info.st_size == 4 * 1024**3 and blocks * 512 < 1024 * 1024
    assert stat.S_ISREG(info.st_mode)


def test_every_class_of_issue_8_is_covered() -> None:
    kinds = {c.kind for c in CASES}
    assert kinds >= {
        "binary",
        "empty",
        "whitespace-only",
        "huge",
        "encoding",
        "invalid utf-8",
        "malformed xml",
        "entity bomb",
        "external entity",
        "dtd",
        "10,000 lines",
        "absurd counts",
        "control characters",
        "long names",
        "not a file",
    }


ON_DISK = [c for c in CASES if c.stdin is None and not c.process and c.kind != "not a file"]


@pytest.mark.parametrize("command", ["companions", "export"])
def test_companions_and_export_on_every_hostile_file(
    command: str, project: Project, server: LocalHTTPServer, invoke: Invoke
) -> None:
    """The other commands that read decklists take the same files without a traceback: exit 0, 1
    or 2, and `export` writes nothing it was not asked to."""
    for case in ON_DISK:
        if case.skip():
            continue
        argument = case.make(Where(project, server))
        args = [command, argument] if command == "companions" else [command, argument, "--to", "mtgo"]
        result = invoke([*args, *case.args])
        assert result.exit_code in (0, 1, 2), (case.id, result.output[-2000:])
        assert "Traceback" not in result.output and "internal error" not in result.output, case.id
        for text in case.forbidden:
            assert text not in result.output, case.id
        TALLY.record(f"hostile input ({command})", case.kind, f"exit {result.exit_code}")
    assert server.requests == []
