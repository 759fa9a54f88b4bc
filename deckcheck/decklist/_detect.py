"""Content sniffing: which decklist format a text is, from the text alone.

File extensions lie (``.dck`` is both Forge and XMage, ``.dek`` is XML or text, ``.txt`` is any of
six formats), so only the content decides. Text dialects share one grammar, so a close call between
two of them changes the label, not the entries.
"""

from __future__ import annotations

import re

from deckcheck.decklist.headers import LOCALIZED_ZONE_HEADERS
from deckcheck.lazy_pattern import LazyPattern

_HTML_TAGS = re.compile(
    r"</?(?:html|head|body|div|span|table|tr|td|th|script|a|p|li|ul|meta|link)\b", re.IGNORECASE
)
_XML_ROOT = LazyPattern(r"<(?![?!])\s*([A-Za-z_][\w.:-]*)")  # compiled for an XML text
_HTML_ROOTS = frozenset({"html", "head", "body", "div", "span", "table", "script", "p", "a", "meta", "link"})

# A draft log (MTGO's, XMage's .draft): "Pack 1 pick 1:" headers and the pick marked "--> Name".
_DRAFT_PICK_MARK = "\n--> "
_DRAFT_PACK_HEADER = LazyPattern(r"^Pack \d+ pick \d+:[ \t]*\r?$", re.MULTILINE)

_LOCALIZED_WORDS = {
    word for zones in LOCALIZED_ZONE_HEADERS.values() for words in zones.values() for word in words
}
_LOCALIZED_HEADER_WORDS = sorted((re.escape(word) for word in _LOCALIZED_WORDS), key=len, reverse=True)
# The words' first letters: a line that starts with none of them (a card line starts with its
# count) fails at once instead of trying each word in turn, as a regex alternation does.
_LOCALIZED_HEADER_STARTS = "".join(sorted({re.escape(word[0]) for word in _LOCALIZED_WORDS}))

# Compiled on first use: detection searches with each dialect's combined pattern (_combined) only,
# compiled when a text is first searched for that dialect (a plain "4 Name" list needs two or three
# of the seven); the signs themselves it never compiles.
_TEXT_SIGNS: tuple[tuple[str, tuple[LazyPattern, ...]], ...] = (
    (
        "forge",
        (
            LazyPattern(
                r"^\[(?:metadata|main|sideboard|commander|avatar|planes|schemes|conspiracy|dungeon|"
                r"attractions|contraptions)\]\s*$",
                re.IGNORECASE,
            ),
            LazyPattern(r"^\d+\s+[^|\[\]]+\|[A-Za-z0-9_]{2,8}(?:\|\d+)?\s*$"),
        ),
    ),
    (
        "xmage",
        (
            LazyPattern(r"^(?:SB:\s*)?\d+\s+\[[A-Za-z0-9_]+:[^\]]*\]\s+\S"),
            LazyPattern(r"^NAME:"),
            LazyPattern(r"^LAYOUT\s+\w+:"),
        ),
    ),
    (
        "archidekt",
        (
            LazyPattern(r"\[[^\]]*\{[^}]*\}[^\]]*\]\s*$"),
            LazyPattern(r"\s\^[^^]*\^\s*$"),
            LazyPattern(r"^\d+x\s.*\s\([a-z0-9]{2,8}\)(?:\s+\S+)?\s*(?:\[.*\])?\s*$"),
        ),
    ),
    # Arena's section headers (English or the client's own language) outrank Moxfield's markers:
    # Moxfield's Arena export keeps *F*.
    (
        "arena",
        (
            LazyPattern(r"^(?:About|Deck|Commander|Companion|Sideboard|Maybeboard)\s*$"),
            LazyPattern(
                r"^(?=[" + _LOCALIZED_HEADER_STARTS + r"])(?:" + "|".join(_LOCALIZED_HEADER_WORDS) + r")\s*$",
                re.IGNORECASE,
            ),
        ),
    ),
    (
        "moxfield",
        (
            LazyPattern(r"\s\*(?:F|E|CMDR)\*(?:\s|$)"),
            LazyPattern(r"\s#!?[^\s#]+\s*$"),
        ),
    ),
    ("arena", (LazyPattern(r"^\d+\s+.+\s\([A-Z0-9_]{2,8}\)(?:\s+\S+)?\s*$"),)),
    (
        "plain",
        (
            LazyPattern(r"^\s*SB:", re.IGNORECASE),
            LazyPattern(r"^\s*(?:CM|MB|COMMANDER|CMDR):", re.IGNORECASE),
            LazyPattern(r"^\s*\d+\s+\[[A-Za-z0-9_]+\]\s"),
            LazyPattern(r"\[[A-Za-z0-9_]+:[^\]]*\]\s*(?:\[[^\]]*\]\s*)*$"),
            LazyPattern(r"^\s*(?://|#)"),
        ),
    ),
)
_SNIFF_LINES = 400

# For each entry of _TEXT_SIGNS, characters one of which every line its signs match holds ("": no
# such promise: its signs are tried on every text). A text holding none of them cannot show that
# dialect, and its signs are not searched for: a plain "4 Name" list skips nearly every search.
_SIGN_NEEDS = (
    "[|",  # forge: "[Main]", "Name|SET"
    "[:",  # xmage: "[SET:NUM]", "NAME:", "LAYOUT MAIN:"
    "{^(",  # archidekt: "[Cat{flag}]", "^Tag^", "(set)"
    "",  # arena: its section headers
    "*#",  # moxfield: "*F*", "#tag"
    "(",  # arena: "(SET)"
    ":[/#",  # plain: "SB:", "CM:", "[SET]", "[SET:NUM]", "//", "#"
)


def _combined(signs: tuple[LazyPattern, ...]) -> LazyPattern:
    """One pattern that matches where any of ``signs`` does: one search per line instead of one
    per sign (each sign keeps its own case rule)."""
    parts = []
    # When every sign is anchored at the line's start, so is the whole: "^" goes in front, and a
    # search tries the line's start only.
    anchored = all(sign.pattern.startswith("^") for sign in signs)
    for sign in signs:
        if sign.flags & ~(re.IGNORECASE | re.UNICODE):
            raise ValueError(f"a text sign may only use re.IGNORECASE: {sign.pattern!r}")
        pattern = sign.pattern[1:] if anchored else sign.pattern
        parts.append(("(?i:" if sign.flags & re.IGNORECASE else "(?:") + pattern + ")")
    return LazyPattern(("^(?:" if anchored else "(?:") + "|".join(parts) + ")")


_COMBINED_SIGNS = tuple((name, _combined(signs)) for name, signs in _TEXT_SIGNS)
_SIGNS_AND_NEEDS = tuple(
    (name, sign, needs) for (name, sign), needs in zip(_COMBINED_SIGNS, _SIGN_NEEDS, strict=True)
)
_NEEDED_CHARACTERS = frozenset("".join(_SIGN_NEEDS))


def _may_be_csv_header(line: str) -> bool:
    """Every card-name column of a CSV header says "name" or "card" (csv_format._NAME_COLUMNS),
    and a header has a delimiter (csv_format._DELIMITERS): a line without either is no CSV header
    ("// NAME: Burn"), and the csv module need not be imported to say so."""
    if "," not in line and ";" not in line and "\t" not in line:
        return False
    lowered = line.lower()
    return "name" in lowered or "card" in lowered


def _html_outside_comments(head: str) -> bool:
    """Three HTML tags outside a decklist's comment lines: a decklist whose notes hold a few
    ("// <a few> picks") is still a decklist."""
    return (
        sum(
            len(_HTML_TAGS.findall(line))
            for line in head.splitlines()
            if not line.lstrip().startswith(("//", "#"))
        )
        >= 3
    )


def detect_format(text: str) -> str:
    """The name of the input format ``text`` is written in (a key of INPUT_FORMATS)."""
    fixed, head, lines = _sniff(text)
    if fixed is not None:
        return fixed
    present = _present(head)
    for name, sign, needs in _SIGNS_AND_NEEDS:
        if _shows(sign, needs, present, lines):
            return name
    return _NO_SIGN


def detected_as_one_of(text: str, names: frozenset[str]) -> bool:
    """``detect_format(text) in names``, the text dialects' signs searched only until the answer is
    certain: a reader that asks whether a text is one of the dialects that read card lines alike
    has it once Forge and Archidekt are ruled out."""
    fixed, head, lines = _sniff(text)
    if fixed is not None:
        return fixed in names
    present = _present(head)
    for k, (name, sign, needs) in enumerate(_SIGNS_AND_NEEDS):
        still = _STILL_POSSIBLE[k]
        if still <= names or still.isdisjoint(names):
            break  # (every format detect_format may still name answers alike)
        if _shows(sign, needs, present, lines):
            return name in names
    return _NO_SIGN in names


_NO_SIGN = "mtgo"  # a text dialect that shows no other dialect's sign
# The formats detect_format may still name once the text dialects before the k-th are ruled out
_STILL_POSSIBLE = tuple(
    frozenset({name for name, _, _ in _SIGNS_AND_NEEDS[k:]} | {_NO_SIGN})
    for k in range(len(_SIGNS_AND_NEEDS) + 1)
)


def _present(head: str) -> set[str]:
    """The characters of _NEEDED_CHARACTERS ``head`` holds (each looked for once)."""
    return {char for char in _NEEDED_CHARACTERS if char in head}


def _shows(sign: LazyPattern, needs: str, present: set[str], lines: list[str]) -> bool:
    """Whether ``lines`` show a dialect's ``sign`` (unsearched when ``present``, the characters the
    text holds, has none of those it ``needs``)."""
    return not (needs and present.isdisjoint(needs)) and any(map(sign.search, lines))


# The start of a text _sniff reads as a document of markup (HTML, XML) or JSON by its first character
_DOCUMENT_START = re.compile(r"[\ufeff \t\r\n]*[<{]")
_DOCUMENT_LEADS = frozenset("\ufeff \t\r\n<{")  # (a decklist starts with none: no match to try)


def is_document(text: str) -> bool:
    """Whether detect_format names the text's format by its first non-blank character: HTML, XML
    or JSON (``<``, ``{``), never a text dialect."""
    return text[:1] in _DOCUMENT_LEADS and _DOCUMENT_START.match(text) is not None


def _sniff(text: str) -> tuple[str | None, str, list[str]]:
    """The format the text's shape names (a blank text "plain"; HTML, XML, JSON, a draft log, CSV),
    else None: a text dialect, told by its signs in the text as sniffed (its first 64 KiB, also
    returned) and its first non-blank lines (returned for a text dialect only)."""
    head = text[:65536]
    stripped = head.lstrip("\ufeff \t\r\n")
    if not stripped:
        return "plain", head, []
    if stripped.startswith("<"):
        if stripped[:14].lower() == "<!doctype html":
            return "html", head, []
        match = _XML_ROOT.search(stripped)
        root = match.group(1) if match else ""
        if root.lower() in _HTML_ROOTS:
            return "html", head, []
        if root == "cockatrice_deck":
            return "cod", head, []
        if root == "deck":
            return "o8d", head, []
        return "dek", head, []  # MTGO <Deck>; any other XML is refused by the dek parser with its root name
    if stripped[0] == "{" or (
        stripped[0] == "[" and re.match(r"\[\s*(?:[\[{\"\d\-\]]|true|false|null)", stripped)
    ):
        return "json", head, []
    if len(_HTML_TAGS.findall(head)) >= 3 and _html_outside_comments(head):
        return "html", head, []
    if _DRAFT_PICK_MARK in head and _DRAFT_PACK_HEADER.search(head):
        return "draft", head, []
    lines = list(filter(str.strip, head.splitlines()[:_SNIFF_LINES]))  # the non-blank lines
    if lines and "sep=" in lines[0][:6].lower():  # Excel's first line names a CSV's delimiter
        from deckcheck.decklist.csv_format import excel_separator

        if excel_separator(lines[0]) is not None:
            return "csv", head, []
    if lines and _may_be_csv_header(lines[0]):
        from deckcheck.decklist.csv_format import looks_like_csv_header

        if looks_like_csv_header(lines[0]):
            return "csv", head, []
    return None, head, lines
