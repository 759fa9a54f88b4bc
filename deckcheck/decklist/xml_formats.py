"""XML decklists: MTGO .dek, Cockatrice .cod and OCTGN .o8d.

Decklists are untrusted input, so the XML goes through defusedxml with document type declarations
refused outright: no entity expansion (billion laughs) and no external entities or DTDs, ever.
The SAX parser gives each element its source line, so entries keep real line numbers and every
line of the file is accounted for (card element, markup/metadata, or blank).
"""

from __future__ import annotations

import io
import re
import xml.sax
import xml.sax.handler
import xml.sax.xmlreader
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from deckcheck.deck import Entry, LineKind, ParsedDeck, Zone, extra_zone_tag
from deckcheck.decklist._base import (
    CARRIED_METADATA_KEYS,
    COD_FIELD_LINE,
    MAX_NAME_LENGTH,
    SUSPICIOUS,
    UNPARSABLE,
    UNREADABLE,
    DeckBuilder,
    other_digits_note,
    parse_quantity,
    printing_field,
    split_lines,
    strip_control,
)
from deckcheck.decklist._grammar import board_section
from deckcheck.decklist._names import clean_name, name_problem, refusal_data


@dataclass(slots=True)
class Element:
    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Element] = field(default_factory=list)
    text_parts: list[str] = field(default_factory=list)
    closed: bool = False  # its end tag was read (False: the XML broke inside it)

    @property
    def text(self) -> str:
        return "".join(self.text_parts)

    def iter(self) -> Iterator[Element]:
        """This element and its descendants in document order. A loop, not recursion: a file
        nested 100,000 levels deep must not hit the recursion limit."""
        stack = [self]
        while stack:
            element = stack.pop()
            yield element
            stack.extend(reversed(element.children))


class _TreeBuilder(xml.sax.handler.ContentHandler):
    def __init__(self) -> None:
        super().__init__()
        self.root: Element | None = None
        self._stack: list[Element] = []
        self._locator: xml.sax.xmlreader.Locator | None = None

    def setDocumentLocator(self, locator: xml.sax.xmlreader.Locator) -> None:
        self._locator = locator

    def startElement(self, name: str, attrs: xml.sax.xmlreader.AttributesImpl) -> None:
        line = self._locator.getLineNumber() if self._locator is not None else 0
        element = Element(name, {k: attrs[k] for k in attrs.getNames()}, line or 0)
        if self._stack:
            self._stack[-1].children.append(element)
        elif self.root is None:
            self.root = element
        self._stack.append(element)

    def endElement(self, name: str) -> None:
        if self._stack:
            self._stack.pop().closed = True

    def characters(self, content: str) -> None:
        if self._stack:
            self._stack[-1].text_parts.append(content)


@dataclass(frozen=True, slots=True)
class XmlError:
    line: int
    message: str


_DECLARATION = re.compile(r"<!(?:DOCTYPE|ENTITY)", re.IGNORECASE)


def parse_xml(text: str) -> tuple[Element | None, XmlError | None]:
    """Parse untrusted XML text. Returns the (possibly partial) tree and the error, if any."""
    # Imported here, not at module level: defusedxml's SAX reader pulls in urllib and http.client,
    # tens of milliseconds on every `deckcheck check` of a text decklist.
    import defusedxml.sax
    from defusedxml.common import DefusedXmlException

    builder = _TreeBuilder()
    parser = defusedxml.sax.make_parser()
    parser.setContentHandler(builder)
    parser.setErrorHandler(xml.sax.handler.ErrorHandler())
    parser.forbid_dtd = True
    parser.forbid_entities = True
    parser.forbid_external = True
    source = xml.sax.xmlreader.InputSource()
    # The text is already decoded; say so, so an encoding="..." declaration cannot contradict it.
    source.setEncoding("utf-8")
    source.setByteStream(io.BytesIO(text.encode("utf-8", errors="replace")))
    try:
        parser.parse(source)
    except DefusedXmlException as exc:
        # The refusal comes from a handler without a position: the declaration is where it is.
        declaration = _DECLARATION.search(text)
        line = text.count("\n", 0, declaration.start()) + 1 if declaration else 1
        return builder.root, XmlError(
            line,
            "XML refused: the file declares a DTD or entities (<!DOCTYPE>/<!ENTITY>), which could "
            f"expand entities or load external files ({type(exc).__name__})",
        )
    except xml.sax.SAXParseException as exc:
        return builder.root, XmlError(exc.getLineNumber() or 1, f"XML error: {exc.getMessage()}")
    except (xml.sax.SAXException, ValueError, RecursionError) as exc:
        return builder.root, XmlError(1, f"XML error: {exc}")
    return builder.root, None


# The elements that hold cards in one of the three formats: never markup where a format reads none.
_CARD_HOLDING_TAGS = frozenset({"card", "cards", "zone", "section"})


class _XmlRun:
    """Shared bookkeeping: which lines hold cards, so every line gets exactly one record."""

    def __init__(self, text: str, path: str, name: str) -> None:
        self.lines = split_lines(text)
        self.builder = DeckBuilder(path, name)
        self.card_lines: dict[int, list[str]] = {}  # line -> notes
        self.problem_lines: dict[int, str] = {}
        self.metadata_lines: set[int] = set()

    def card(
        self,
        element: Element,
        name: str,
        quantity_text: str | None,
        zone: Zone,
        *,
        missing_quantity_severity: str,
        set_code: str | None = None,
        collector_number: str | None = None,
        tags: tuple[str, ...] = (),
        doubt: str | None = None,
    ) -> None:
        """One card element. ``doubt``: why its zone is a reading, not what the file says (reported
        on its line when the card is kept)."""
        b = self.builder
        line = element.line
        if not element.closed:  # cut short by the XML error (already reported): "Llanowar El"
            self.problem_lines.setdefault(line, f"<{element.tag}> cut off by the XML error")
            return
        name_text, removed = strip_control(name)
        if removed:
            b.report(
                line,
                "control characters removed from the card name",
                code=SUSPICIOUS,
                severity="warning",
                section=zone,
            )
        clean = clean_name(name_text)
        problem = name_problem(clean, MAX_NAME_LENGTH, strict=False, written=name_text.strip())
        if problem:
            self._problem(line, f"<{element.tag}>: {problem}", zone, refusal_data(problem))
            return
        notes: list[str] = []
        if quantity_text is None or not quantity_text.strip():
            quantity = 1
            b.report(
                line,
                f"<{element.tag}> {clean!r} has no quantity: read as 1",
                code=SUSPICIOUS,
                severity=missing_quantity_severity,
                section=zone,
            )
            notes.append("no quantity: read as 1")
        else:
            parsed = parse_quantity(quantity_text)
            if isinstance(parsed, str):
                self._problem(line, f"<{element.tag}> {clean!r}: {parsed}", zone)
                return
            quantity = parsed
            digits = other_digits_note(quantity_text, quantity)
            if digits is not None:
                b.report(
                    line,
                    f"<{element.tag}> {clean!r}: {digits}",
                    code=SUSPICIOUS,
                    severity="info",
                    section=zone,
                )
        entry = Entry(
            quantity=quantity,
            name=clean,
            zone=zone,
            line=line,
            set_code=printing_field(set_code),
            collector_number=printing_field(collector_number),
            tags=tags,
            raw=_describe(element),
        )
        if doubt is not None:
            b.report(
                line,
                f"<{element.tag}> {clean!r}: {doubt}",
                code=SUSPICIOUS,
                severity="warning",
                section=zone,
            )
            notes.append(doubt)
        # Records are written in line order at the end; the entry goes in now, in file order.
        b.add_entry(entry)
        self.card_lines.setdefault(line, []).extend(notes)

    def markup(self, element: Element, where: str) -> None:
        """``element`` and what it holds, read as markup or metadata, except an element that holds
        cards in one of the formats (_CARD_HOLDING_TAGS): not read (DC002), never a card lost as
        markup, and what it holds with it."""
        stack = [element]
        while stack:
            inner = stack.pop()
            if inner.tag.lower() in _CARD_HOLDING_TAGS:
                self.not_read(inner, where)
            else:
                self.metadata_lines.add(inner.line)
                stack.extend(inner.children)

    def not_read(self, element: Element, where: str) -> None:
        self._problem(element.line, f"<{element.tag}> {where}: not read", None)

    def _problem(
        self, line: int, reason: str, zone: Zone | None, data: tuple[tuple[str, str], ...] | None = None
    ) -> None:
        self.builder.report(line, reason, code=UNPARSABLE, severity="error", section=zone, data=data)
        self.problem_lines.setdefault(line, reason)

    def fail(self, error: XmlError) -> None:
        # expat may point one line past the end ("no element found"): keep the line real
        line = min(max(error.line, 1), len(self.lines)) if self.lines else 0
        self.builder.report(line, error.message, code=UNREADABLE, severity="error")
        self.problem_lines.setdefault(line, error.message)

    def finish(self) -> ParsedDeck:
        b = self.builder
        for number, raw in enumerate(self.lines, start=1):
            if number in self.card_lines:  # a card read on it, even if another element failed
                notes = [*self.card_lines[number], self.problem_lines.get(number, "")]
                b.record(number, LineKind.CARD, raw, "; ".join(n for n in notes if n))
            elif number in self.problem_lines:
                b.record(number, LineKind.PROBLEM, raw, self.problem_lines[number])
            elif not raw.strip():
                b.record(number, LineKind.BLANK, raw)
            else:
                note = "metadata" if number in self.metadata_lines else "XML markup"
                b.record(number, LineKind.COMMENT, raw, note)
        if not self.lines:
            for line, reason in self.problem_lines.items():
                b.record(line, LineKind.PROBLEM, "", reason)
        b.link_entries_by_line()
        return b.finish()


def _describe(element: Element) -> str:
    attrs = " ".join(f'{k}="{v}"' for k, v in element.attrs.items())
    text = element.text.strip()
    return f"<{element.tag} {attrs}>{text}" if text else f"<{element.tag} {attrs}/>"


def _attr(element: Element, name: str) -> str | None:
    """Attribute lookup ignoring case (exporters disagree on Quantity/quantity)."""
    if name in element.attrs:
        return element.attrs[name]
    lowered = name.lower()
    for key, value in element.attrs.items():
        if key.lower() == lowered:
            return value
    return None


def _start(
    text: str, path: str, name: str, expected_root: Callable[[str], bool], what: str
) -> tuple[_XmlRun, Element | None]:
    run = _XmlRun(text, path, name)
    root, error = parse_xml(text)
    if error is not None:
        run.fail(error)
    if root is not None and not expected_root(root.tag):
        run.fail(XmlError(root.line or 1, f"root element <{root.tag}> is not {what}"))
        return run, None
    if root is None and error is None:
        run.fail(XmlError(1, "no XML root element"))
    return run, root


# -- MTGO .dek --------------------------------------------------------------------------------
# MTGO writes Sideboard="true" or Sideboard="false" on every <Cards>. Other writers' yes/no and 1/0
# are read as they mean, anything else as the main deck; either way the line says so.
_DEK_SIDEBOARD_LOOSE = {"1": True, "yes": True, "0": False, "no": False}


def _dek_sideboard(value: str | None) -> tuple[bool, str | None]:
    """Whether a <Cards> element's ``Sideboard`` attribute puts it in the sideboard, and the doubt
    to report when the value is not MTGO's "true" or "false" (no attribute: the main deck)."""
    if value is None:
        return False, None
    key = value.strip().lower()
    if key in ("true", "false"):
        return key == "true", None
    sideboard = _DEK_SIDEBOARD_LOOSE.get(key, False)
    shown = value if len(value) <= 40 else value[:40] + "..."
    where = "the sideboard" if sideboard else "the main deck"
    return sideboard, f'Sideboard="{shown}" is neither "true" nor "false", as MTGO writes it: read as {where}'


@dataclass(frozen=True, slots=True)
class DekFormat:
    name: str = "dek"
    description: str = "MTGO .dek XML: <Cards Quantity= Sideboard= Name=>"

    def parse(self, text: str, path: str) -> ParsedDeck:
        run, root = _start(text, path, self.name, lambda t: t.lower() == "deck", "an MTGO <Deck>")
        if root is not None:
            for element in root.iter():
                if element.tag.lower() == "cards":
                    sideboard, doubt = _dek_sideboard(_attr(element, "Sideboard"))
                    run.card(
                        element,
                        _attr(element, "Name") or "",
                        _attr(element, "Quantity"),
                        Zone.SIDEBOARD if sideboard else Zone.MAIN,
                        missing_quantity_severity="warning",
                        doubt=doubt,
                    )
                elif element.tag.lower() == "card":  # (a <Cards> anywhere says its own zone)
                    run.not_read(element, "is not MTGO's <Cards> element")
                elif element is not root:
                    run.metadata_lines.add(element.line)
        return run.finish()


def _zone_of(
    b: DeckBuilder, element: Element, zones: dict[str, Zone], kind: str
) -> tuple[Zone, tuple[str, ...]]:
    """The deck zone an XML zone/section element names: the format's own name for it, else the word
    read as the text reader reads a section header ("mainboard", "maybeboard", "companion"). One that
    is not part of the deck (tokens, planes) keeps its cards in the maybeboard, tagged, with an info
    note: never counted, never lost. One no reader knows keeps them there too, but which zone they
    are is not known (they may be the deck itself): a line not read (DC002), so the deck is not
    verified and no size is judged without them."""
    name = (_attr(element, "name") or "").strip()
    zone = zones.get(name.lower())
    if zone is not None:
        return zone, ()
    section = board_section(name) if name else None
    if section is not None and section[1] is None:
        return section[0], ()
    if section is None:
        known = ", ".join(sorted(zones))
        b.report(
            element.line,
            f"{kind} {name!r} is not a {kind} deckcheck knows ({known}): its cards are kept out of "
            f"the deck and what they would change is not judged; name the {kind} one of those",
            code=UNPARSABLE,
            severity="error",
        )
    else:
        b.report(
            element.line,
            f"{kind} {name!r} is not part of the deck: its cards are kept in the maybeboard (never counted)",
            code=SUSPICIOUS,
            severity="info",
            section=Zone.MAYBEBOARD,
        )
    return Zone.MAYBEBOARD, (extra_zone_tag(name or f"unnamed {kind}"),)


# -- Cockatrice .cod --------------------------------------------------------------------------
_COD_ZONES = {
    "main": Zone.MAIN,
    "side": Zone.SIDEBOARD,
    "sideboard": Zone.SIDEBOARD,
    "commander": Zone.COMMANDER,
    "command": Zone.COMMANDER,
}


@dataclass(frozen=True, slots=True)
class CodFormat:
    name: str = "cod"
    description: str = "Cockatrice .cod XML: <zone name=main|side><card number= name=>"

    def parse(self, text: str, path: str) -> ParsedDeck:
        run, root = _start(text, path, self.name, lambda t: t == "cockatrice_deck", "a <cockatrice_deck>")
        if root is None:
            return run.finish()
        b = run.builder
        for child in root.children:
            tag = child.tag.lower()
            if tag == "deckname" and child.text.strip():
                b.set_metadata("name", child.text)
            elif tag == "comments" and child.text.strip():
                b.deck.metadata["comments"] = child.text.strip()
                # the comment's lines start on the <comments> tag's line (the parser reads every
                # line break as "\n")
                for offset, line in enumerate(child.text.split("\n")):
                    match = COD_FIELD_LINE.match(line)
                    if not match:
                        continue
                    key = " ".join(match.group("key").lower().split())
                    if key in CARRIED_METADATA_KEYS:
                        b.set_metadata(key, match.group("value"), line=child.line + offset)
                    else:  # a commander named in the comments (two lines for partners); the engine
                        # reads the named cards as the command zone in a Commander format
                        named = b.deck.metadata.get("commander")
                        value = match.group("value")
                        b.deck.metadata["commander"] = f"{named}; {value}" if named else value
            elif tag == "bannercard" and child.text.strip():
                b.deck.metadata["banner card"] = child.text.strip()
            if tag != "zone":
                run.markup(child, "outside any <zone>")
                continue
            zone, tags = _zone_of(b, child, _COD_ZONES, "zone")
            for card in child.children:
                if card.tag.lower() != "card":
                    run.not_read(card, f"in <zone> {_attr(child, 'name')!r} is not a <card>")
                    continue
                run.card(
                    card,
                    _attr(card, "name") or "",
                    _attr(card, "number"),
                    zone,
                    # Cockatrice and XMage treat a missing number as 1: say so, quietly.
                    missing_quantity_severity="info",
                    set_code=_attr(card, "setShortName"),
                    collector_number=_attr(card, "collectorNumber"),
                    tags=tags,
                )
        return run.finish()


# -- OCTGN .o8d -------------------------------------------------------------------------------

_O8D_SECTIONS = {
    "main": Zone.MAIN,
    "sideboard": Zone.SIDEBOARD,
    "command zone": Zone.COMMANDER,
    "commander": Zone.COMMANDER,
}


@dataclass(frozen=True, slots=True)
class O8dFormat:
    name: str = "o8d"
    description: str = "OCTGN .o8d XML: <section name=Main|Sideboard><card qty=>Name</card>"

    def parse(self, text: str, path: str) -> ParsedDeck:
        run, root = _start(text, path, self.name, lambda t: t == "deck", "an OCTGN <deck>")
        if root is None:
            return run.finish()
        b = run.builder
        for child in root.children:
            if child.tag.lower() != "section":
                if child.tag.lower() == "notes" and child.text.strip():
                    b.deck.metadata["notes"] = child.text.strip()
                run.markup(child, "outside any <section>")
                continue
            zone, tags = _zone_of(b, child, _O8D_SECTIONS, "section")
            for card in child.children:
                if card.tag.lower() != "card":
                    run.not_read(card, f"in <section> {_attr(child, 'name')!r} is not a <card>")
                else:
                    run.card(
                        card,
                        card.text,
                        _attr(card, "qty"),
                        zone,
                        missing_quantity_severity="warning",
                        tags=tags,
                    )
        return run.finish()


DEK = DekFormat()
COD = CodFormat()
O8D = O8dFormat()
