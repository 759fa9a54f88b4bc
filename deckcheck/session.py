"""A check run's session: the options of one run, the configs found per directory, format
registries and card stores opened once, and the choice of each deck's format. No click here:
the CLI (and the pandas API) translate their arguments into :class:`CheckOptions` and call
:meth:`Session.check`.

Never imports pandas or requests: `deckcheck check` on one deck must start fast.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck import reporters as rep
from deckcheck.config import (
    EMPTY,
    Config,
    ConfigFinder,
    config_error,
    config_location,
    exclude_advice,
    load_config,
)
from deckcheck.discovery import EXCLUDED, STDIN, Item
from deckcheck.errors import CardDataError, ConfigError, DeckcheckError, InputError
from deckcheck.findings import Finding, Location

if TYPE_CHECKING:
    from deckcheck.as_of import AsOf
    from deckcheck.card_facts import FactsByName
    from deckcheck.cards.store import CardStore
    from deckcheck.deck import ParsedDeck
    from deckcheck.format_spec import FormatSpec

STDIN_PATH = "<stdin>"


class OptionError(DeckcheckError):
    """A command-line option value that cannot be used: the CLI shows it as a usage error."""


# Why --force-exclude skips a named file whose name a directory's files would not have.
NOT_A_DECKLIST_EXTENSION = (
    "not a decklist extension (named, and skipped as a directory's file would be: --force-exclude)"
)


class UnknownDeclaredFormat(DeckcheckError):
    """The decklist names a format the registry does not have: that file cannot be checked."""

    def __init__(self, message: str, *, line: int, hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.line = line


def _declared_as_written(parsed: ParsedDeck) -> str | None:
    """The format a decklist declares as it writes it ("L EDH"), not as read ("ledh"): what the
    user finds in the file (the name as read when the file's words are not known)."""
    from deckcheck.decklist._base import declared_format_of

    written = parsed.metadata.get("format", "").strip()
    return (
        written
        if written and declared_format_of(parsed.metadata) == parsed.declared_format
        else parsed.declared_format
    )


def usage_error(message: str, hint: str | None = None) -> OptionError:
    return OptionError(message, hint=hint)


def input_format_names() -> list[str]:
    from deckcheck.decklist import INPUT_FORMATS

    return sorted(INPUT_FORMATS)


def check_input_format(value: str | None, where: str) -> str | None:
    if value is None or value.strip().lower() == "auto":
        return None
    names = input_format_names()
    if value in names:
        return value
    folded = {n.casefold(): n for n in names}
    if value.casefold() in folded:
        return folded[value.casefold()]
    raise ConfigError(
        f"{where}: unknown input format {value!r}", hint=f"valid input formats: auto, {', '.join(names)}"
    )


def parse_item_decks(item: str, input_format: str | None) -> list[ParsedDeck]:
    """Every deck of one FILES item: one, or each deck of an event document (``FILE#player``).
    Read as :func:`parse_item` reads (bounded; InputError when there is nothing to read)."""
    from deckcheck import decklist

    data: bytes | None
    if item == STDIN:
        try:
            read = sys.stdin.buffer.read(decklist.MAX_BYTES + 1)
        except OSError as exc:
            raise InputError(f"{STDIN_PATH}: cannot read: {exc.strerror or type(exc).__name__}") from None
        data = None if len(read) > decklist.MAX_BYTES else read
    else:
        data = read_decklist_file(item)
    shown = STDIN_PATH if item == STDIN else item
    if data is None:
        from deckcheck.decklist._base import whole_file_problem

        too_big = f"file too big (more than {decklist.MAX_BYTES:,} bytes, 5 MB)"
        return [whole_file_problem(shown, input_format or "unknown", too_big)]
    return decklist.parse_bytes_decks(data, shown, input_format)


def parse_stdin(input_format: str | None) -> ParsedDeck:
    """Standard input, read no further than a file would be (decklist.MAX_BYTES)."""
    from deckcheck import decklist

    try:
        return decklist.parse_stream(sys.stdin.buffer, STDIN_PATH, input_format)
    except OSError as exc:
        raise InputError(f"{STDIN_PATH}: cannot read: {exc.strerror or type(exc).__name__}") from None


def read_decklist_file(item: str) -> bytes | None:
    """The bytes of a decklist file or pipe (None: larger than the parsers read); InputError when
    it is missing, cannot be read, or is neither a regular file nor a pipe."""
    from deckcheck.decklist import MAX_BYTES, not_a_decklist_file

    try:
        info = os.stat(item)
    except OSError as exc:
        raise InputError(f"{item}: {(exc.strerror or 'no such file or directory').lower()}") from None
    refused = not_a_decklist_file(info.st_mode)
    if refused is not None:
        raise InputError(f"{item}: {refused}")
    try:
        with open(item, "rb") as handle:
            # bounded: a huge file cannot hang the run. A read of MAX_BYTES + 1 allocates that
            # much for every small file; read what the file holds, and on (bounded) only if it
            # grew meanwhile or is a pipe (no size)
            chunk = min(os.fstat(handle.fileno()).st_size, MAX_BYTES) + 1
            data = handle.read(chunk)
            if chunk <= MAX_BYTES and len(data) == chunk:
                data += handle.read(MAX_BYTES + 1 - len(data))
    except OSError as exc:
        raise InputError(f"{item}: cannot read the file: {exc.strerror or type(exc).__name__}") from None
    return None if len(data) > MAX_BYTES else data


# The folders of the paths a shell names a pipe by (`<(...)`: /dev/fd/63, /proc/self/fd/63): a
# file there has no config of its own; the working directory's applies, as to standard input.
_STREAM_FOLDERS = ("/dev/", "/proc/")


def add_exclude_advice(parsed: ParsedDeck, config: Config) -> None:
    """When nothing is written in ``parsed`` (an empty file found in a folder, or named under
    force_exclude, as the pre-commit hook names it), its DC005 says which exclude glob keeps it
    out, should it be no deck (a placeholder kept empty on purpose)."""
    from deckcheck.decklist._base import EMPTY_DECKLIST
    from deckcheck.discovery import nothing_written
    from deckcheck.value import replace

    if not nothing_written(parsed):
        return
    advice = exclude_advice(config, Path(parsed.path))
    message = f"the file is empty; if it is no deck, {advice} to keep it out"
    parsed.problems = [
        replace(p, message=f"{p.message} ({message})") if p.code == EMPTY_DECKLIST else p
        for p in parsed.problems
    ]


def is_pipe(item: str) -> bool:
    """Whether ``item`` is a pipe (`deckcheck check <(curl ...)`), not a file."""
    try:
        return stat.S_ISFIFO(os.stat(item).st_mode)
    except (OSError, ValueError):
        return False


def not_checked_finding(path: str, exc: DeckcheckError) -> Finding:
    """DC001 for a file that could not be checked; the message without the path the finding
    line already shows."""
    from deckcheck.decklist import DC001

    message = exc.message.removeprefix(f"{path}: ")
    if exc.hint:
        message += f" ({exc.hint})"
    return DC001(message, location=Location(path, 0, None))


def unknown_format_finding(path: str, exc: UnknownDeclaredFormat) -> Finding:
    from deckcheck.inference import UNKNOWN_FORMAT

    message = exc.message + (f" ({exc.hint})" if exc.hint else "")
    return UNKNOWN_FORMAT(message, location=Location(path, exc.line, None))


def chosen_card_db(card_db: Path | None, config: Config) -> tuple[Path | None, str]:
    """The card store a check of a deck under ``config`` reads, and what chose it: ``--card-db``
    (``card_db``), else $DECKCHECK_CARD_DB, else the config's ``card_db``; (None, "") for the
    default, open_store's (the local store, else the bundled set). The `cards` commands show and
    build the same store."""
    if card_db is not None:
        return card_db, "--card-db"
    if os.environ.get("DECKCHECK_CARD_DB"):
        return Path(os.environ["DECKCHECK_CARD_DB"]), "$DECKCHECK_CARD_DB"
    if config.card_db is not None:
        return config.card_db, f"card_db in {config.label}"
    return None, ""


def open_chosen_store(card_db: Path | None, config: Config) -> CardStore:
    """The card store :func:`chosen_card_db` chooses (:func:`deckcheck.cards.store.open_store`).
    When it is the config's ``card_db``, an error opening it (not found, a directory, damaged)
    names the config line that set it: that line is what to fix."""
    from deckcheck.cards.store import open_store

    path = chosen_card_db(card_db, config)[0]
    try:
        return open_store(path)
    except CardDataError as exc:
        if path is None or path is not config.card_db:  # (the option's or $DECKCHECK_CARD_DB's)
            raise
        raise CardDataError(
            f"{config_location(config, 'card_db')}: 'card_db': {exc.message}",
            hint=exc.hint,
            details=exc.details,
        ) from None


# -- codes ----------------------------------------------------------------------------------------------
class UnknownCode(ConfigError):
    """A code in --select/--ignore or a config's ``select``/``ignore`` that no finding has."""

    def __init__(self, where: str, code: str) -> None:
        super().__init__(
            f"{where}: unknown code {code!r}",
            hint="codes are prefixes such as DC1, DC201 or slugs such as 'banned'; "
            "`deckcheck rules` lists them",
        )
        self.code = code


def validate_codes(values: Sequence[str], where: str) -> tuple[str, ...]:
    """Code prefixes (DC4, DC401) or slugs (banned), in any case; comma-separated values allowed.
    Slugs become their codes. Unknown ones raise a ConfigError (exit 2) naming ``where``."""
    if not any(v.strip(" ,") for v in values):
        return ()
    from deckcheck.findings import all_codes

    codes = all_codes()
    by_slug = {info.slug: code for code, info in codes.items()}
    result: list[str] = []
    for value in values:
        for part in value.split(","):
            item = part.strip()
            if not item:
                continue
            if item.lower() in by_slug:  # (slugs are lower case; codes are matched in upper case)
                chosen = by_slug[item.lower()]
            elif any(code.startswith(item.upper()) for code in codes):
                chosen = item.upper()
            else:
                raise UnknownCode(where, item)
            if chosen not in result:
                result.append(chosen)
    return tuple(result)


# -- the run: parse, choose a format, resolve, check ----------------------------------------------------
class CheckOptions:
    """A run's command-line options. (A plain class, like Session: nothing compares them, and a
    dataclass compiles its methods at the start of every run.)"""

    FIELDS = (
        "format_name",
        "input_format",
        "select",
        "ignore",
        "strict",
        "card_db",
        "config_path",
        "no_config",
        "require_format",
        "as_of",
        "exclude",
        "force_exclude",
    )
    __slots__ = FIELDS

    def __init__(
        self,
        format_name: str | None = None,
        input_format: str | None = None,
        select: tuple[str, ...] = (),
        ignore: tuple[str, ...] = (),
        strict: bool | None = None,
        card_db: Path | None = None,
        config_path: Path | None = None,
        no_config: bool = False,
        require_format: bool | None = None,
        as_of: str | None = None,
        exclude: tuple[str, ...] = (),
        force_exclude: bool = False,
    ) -> None:
        self.format_name = format_name
        self.input_format = input_format
        self.select = select  # validated codes; empty = use the config's
        self.ignore = ignore
        self.strict = strict  # None = use the config's
        self.card_db = card_db
        self.config_path = config_path
        self.no_config = no_config
        self.require_format = require_format  # None = use the config's
        self.as_of = as_of  # --as-of: a YYYY-MM-DD day or "deck"; None = the config's
        self.exclude = exclude  # --exclude: globs relative to the working directory, beside the config's
        self.force_exclude = force_exclude  # --force-exclude (or the config's): named files too

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"CheckOptions({shown})"


Outcome = rep.DeckResult | rep.FileNotChecked | rep.FileSkipped

# A run of at least this many files resolves names through its card store's stored facts, read
# once (about 40 ms for the full card pool), instead of building a card object for each card it
# meets and working out what the rules read of it (about 0.2 ms a card; a decklist names 30-60).
FACTS_RUN_FILES = 20
# ... and so does a file naming at least this many entries (a cube, a collection export, a file of
# card names): reading the facts costs about as much as building 200 cards.
FACTS_FILE_ENTRIES = 200


class Session:
    """What a run loads once and shares across every deck: configs per directory, format
    registries per config, card stores per path (so 1,000 files cost one store open)."""

    def __init__(self, options: CheckOptions) -> None:
        self.options = options
        explicit: Config | None = None
        if options.no_config:
            explicit = EMPTY
        elif options.config_path is not None:
            explicit = load_config(options.config_path)
        self.finder = ConfigFinder(explicit)
        self._config_of_folder: dict[tuple[str, str], Config] = {}
        self._registries: dict[tuple[Path, ...], dict[str, FormatSpec]] = {}
        self._stores: dict[Path | None, CardStore] = {}
        # a config's card store by the config's card_db, the only part of a config that chooses it
        self._store_of_config: dict[Path | None, CardStore] = {}
        self._codes: dict[tuple[Path | None, str], tuple[str, ...]] = {}
        self._input_formats: dict[Path | None, str | None] = {}
        # each store's stored facts (None: it keeps none of this code's version), for a run of many
        # files or a file of many entries
        self._facts: dict[CardStore, FactsByName | None] = {}
        self.many_files = False  # prepare() saw at least FACTS_RUN_FILES files

    def config_for(self, item: str) -> Config:
        if item == STDIN:
            return self.finder.for_directory(Path.cwd())
        # a folder run asks for every file: the finder's answer is remembered by the folder as
        # written (and the working directory it is relative to), without building a path per file
        folder, name = os.path.split(item)
        if name in ("", "."):  # (not a file's path: pathlib reads it otherwise)
            return self.finder.for_file(Path(item))
        if folder in ("/dev", "/proc") or folder.startswith(_STREAM_FOLDERS):  # (<(...): /dev/fd/63)
            return self.finder.for_directory(Path.cwd())
        key = ("" if os.path.isabs(item) else os.getcwd(), folder)  # (an absolute one needs no cwd)
        found = self._config_of_folder.get(key)
        if found is None:
            found = self._config_of_folder[key] = self.finder.for_file(Path(item))
        return found

    def excluded(self, item: str, config: Config, *, explicit: bool) -> str | None:
        """Why ``item`` is skipped by an exclude glob (the config's, relative to its folder, or
        --exclude's, relative to the working directory), or None. A file named explicitly is
        skipped only under force_exclude (--force-exclude)."""
        if explicit and not (self.options.force_exclude or config.force_exclude):
            return None
        if config.exclude:
            glob = config.excluding_glob(Path(item))
            if glob is not None:
                return f"{EXCLUDED} '{glob}' in {config.label}"
        if self.options.exclude:
            from deckcheck.config import excluded_by

            try:
                relative = Path(os.path.relpath(os.path.abspath(item))).as_posix()
            except ValueError:  # (another drive than the working directory's)
                relative = Path(os.path.abspath(item)).as_posix()
            glob = excluded_by(self.options.exclude, relative)
            if glob is not None:
                return f"{EXCLUDED} --exclude '{glob}'"
        return None

    def registry(self, config: Config) -> dict[str, FormatSpec]:
        from deckcheck.formats import load_registry

        key = config.formats
        if key not in self._registries:
            for path in key:
                if not os.path.isfile(path):
                    why = "not found" if not os.path.lexists(path) else "not a file that can be read"
                    root = config.root
                    written = str(path.relative_to(root) if root and path.is_relative_to(root) else path)
                    raise config_error(config, "formats", f"formats file {path} {why}", item=written)
            self._registries[key] = load_registry(key)
        return self._registries[key]

    def card_db_path(self, config: Config) -> Path | None:
        return chosen_card_db(self.options.card_db, config)[0]

    def store(self, config: Config) -> CardStore:
        found = self._store_of_config.get(config.card_db)
        if found is None:
            path = self.card_db_path(config)
            key = None if path is None else path.absolute()
            if key not in self._stores:
                self._stores[key] = open_chosen_store(self.options.card_db, config)
            found = self._store_of_config[config.card_db] = self._stores[key]
        return found

    def codes(self, config: Config) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(select, ignore) for a deck under ``config``: --select replaces the config's select;
        --ignore adds to the config's ignore."""
        select = self.options.select or self._config_codes(config, "select", config.select)
        ignore = tuple(
            dict.fromkeys((*self._config_codes(config, "ignore", config.ignore), *self.options.ignore))
        )
        return select, ignore

    def _config_codes(self, config: Config, key: str, values: tuple[str, ...]) -> tuple[str, ...]:
        cache_key = (config.path, key)
        if cache_key not in self._codes:
            try:
                self._codes[cache_key] = validate_codes(values, f"'{key}'") if values else ()
            except UnknownCode as exc:
                raise config_error(config, key, exc.message, item=exc.code, hint=exc.hint) from None
        return self._codes[cache_key]

    def input_format(self, config: Config) -> str | None:
        if self.options.input_format is not None:
            return self.options.input_format
        if config.path not in self._input_formats:
            try:
                self._input_formats[config.path] = check_input_format(config.input_format, "'input_format'")
            except ConfigError as exc:
                raise config_error(config, "input_format", exc.message, hint=exc.hint) from None
        return self._input_formats[config.path]

    def strict(self, config: Config) -> bool:
        return config.strict if self.options.strict is None else self.options.strict

    def require_format(self, config: Config) -> bool:
        return config.require_format if self.options.require_format is None else self.options.require_format

    def choose_format(
        self, item: str | None, parsed: ParsedDeck, config: Config
    ) -> tuple[FormatSpec | None, str]:
        """--format > `// format:` header > per-path config > config default; (None, "") when
        none is given: the engine then infers the deck's family (deckcheck.inference). ``item``
        is the file (None: standard input or text, which per-path globs do not match)."""
        from deckcheck.formats import find_format, unknown_format

        registry = self.registry(config)
        if self.options.format_name:
            return self._option_format(registry), "--format"
        if parsed.declared_format:
            declared = find_format(parsed.declared_format, registry)
            if declared is not None:
                return declared, "declared in the file"
            written = _declared_as_written(parsed)
            raise UnknownDeclaredFormat(
                f"the decklist declares format {written!r}, which is not a known "
                "format: the file was not checked; correct the declaration, or name the format to "
                "check it in (--format)",
                line=parsed.declared_format_line,
                hint=unknown_format(parsed.declared_format, registry, written).hint,
            )
        if item is not None and item != STDIN and config.per_path:
            chosen = config.format_for_path(Path(item))
            if chosen is not None:
                name, glob = chosen
                return _config_format(name, registry, config, glob), f"per-path '{glob}' in {config.label}"
        if config.format:
            return _config_format(config.format, registry, config), f"format in {config.label}"
        return None, ""

    def _option_format(self, registry: dict[str, FormatSpec]) -> FormatSpec:
        from deckcheck.formats import get_format

        assert self.options.format_name
        try:
            return get_format(self.options.format_name, registry)
        except ConfigError as exc:
            raise usage_error(f"--format: {exc.message}", exc.hint) from None

    def check_formats(self, config: Config) -> None:
        """Every format name that may choose a deck's format under ``config`` is one its registry
        knows (--format, else the config's per-path formats and ``format``), and its ``formats``
        files can be read: a ConfigError (an OptionError for --format) otherwise."""
        registry = self.registry(config)
        if self.options.format_name:
            self._option_format(registry)
            return
        for glob, name in config.per_path:
            _config_format(name, registry, config, glob)
        if config.format:
            _config_format(config.format, registry, config)

    def check(self, item: str, *, explicit: bool = True) -> list[Outcome]:
        """Check one file (``-``: standard input): one result per deck, several for an event
        document. A file that cannot be checked (missing, unreadable, not a regular file, an
        unknown declared format) is a :class:`~deckcheck.reporters.FileNotChecked`; one found in a
        directory (``explicit`` False) that is not a decklist is a
        :class:`~deckcheck.reporters.FileSkipped`. A config that cannot be used stops the run
        (ConfigError): it is a setup problem, not one file's."""
        from deckcheck.engine import check_parsed

        shown = STDIN_PATH if item == STDIN else item
        try:
            config = self.config_for(item)
            # under force_exclude a named file is selected as a directory's files are (pre-commit
            # names every file its `files:` pattern matches: a README.md or an image beside the
            # decks); a pipe (`<(curl ...)`), which pre-commit never names, is read as stdin is
            forced = (
                explicit
                and item != STDIN
                and (self.options.force_exclude or config.force_exclude)
                and not is_pipe(item)
            )
            if item != STDIN and (forced or not explicit):
                excluded = self.excluded(item, config, explicit=explicit)
                if excluded is not None:
                    return [rep.FileSkipped(shown, excluded, excluded=True)]
            as_found = not explicit or forced
            if as_found and explicit:
                from deckcheck.discovery import has_decklist_extension

                if not has_decklist_extension(item):
                    return [rep.FileSkipped(shown, NOT_A_DECKLIST_EXTENSION)]
            input_format = self.input_format(config)
            select, ignore = self.codes(config)
            store = self.store(config)
            decks = parse_item_decks(item, input_format)
            if as_found and len(decks) == 1:
                from deckcheck.discovery import not_a_decklist

                reason = not_a_decklist(decks[0], store)
                if reason is not None:
                    return [rep.FileSkipped(shown, reason)]
                add_exclude_advice(decks[0], config)
            require = self.require_format(config)
            chosen = [self.dated(*self.choose_format(item, parsed, config), config) for parsed in decks]
        except OptionError:
            raise
        except UnknownDeclaredFormat as exc:
            return [rep.FileNotChecked(shown, unknown_format_finding(shown, exc))]
        except InputError as exc:
            return [rep.FileNotChecked(shown, not_checked_finding(shown, exc))]
        results: list[Outcome] = []
        many_entries = sum(len(parsed.entries) for parsed in decks) >= FACTS_FILE_ENTRIES
        facts = self.facts(store) if self.many_files or many_entries else None
        for parsed, (spec, source) in zip(decks, chosen, strict=True):
            report = check_parsed(
                parsed, store, spec, select=select, ignore=ignore, require_format=require, facts=facts
            )
            source = source or report.inferred_because
            results.append(rep.DeckResult(report, source, self.strict(config), store.description))
        return results

    def prepare(self, items: Iterable[Item]) -> None:
        """Read the config of every item, check its codes and input format and open its card
        store, as :meth:`check` does before it reads a file, but for all of them before the first
        is checked: a setup problem (a config or card store that cannot be used) then stops the
        run before any output is written. A problem of one file (InputError) is left for
        :meth:`check` to report on that file. A run of many files reads its stores' facts
        (FACTS_RUN_FILES)."""
        from deckcheck.as_of import today

        items = list(items)
        self.many_files = len(items) >= FACTS_RUN_FILES
        today()  # (DECKCHECK_TODAY, when set, must be a day: read for a deck's data age)
        self.as_of_option()
        seen: set[Path | None] = set()
        for item in items:
            if item.problem is not None:
                continue
            try:
                config = self.config_for(item.path)
                if config.path in seen:
                    continue
                seen.add(config.path)
                self.input_format(config)
                self.codes(config)
                self.check_formats(config)
                self.store(config)
            except InputError:
                continue

    def facts(self, store: CardStore) -> FactsByName | None:
        """The store's stored facts (card_facts.FactsByName), read once per run; None when it
        keeps none of this code's version."""
        if store not in self._facts:
            from deckcheck.card_facts import FactsByName

            self._facts[store] = FactsByName.of(store)
        return self._facts[store]

    def check_all(self, items: Iterable[Item]) -> Iterator[Outcome]:
        """:meth:`check` on each item in turn, each outcome as soon as it is produced (a run's
        output is written as it goes: nothing here keeps the results)."""
        for item in items:
            if item.problem is not None:  # a folder that could not be searched, a pipe not read, ...
                yield self.not_read(item.path, item.problem, explicit=item.explicit)
            else:
                yield from self.check(item.path, explicit=item.explicit)

    def not_read(self, item: str, problem: str, *, explicit: bool) -> Outcome:
        """An item that could not be read (a folder that could not be searched, a named pipe found
        in a folder): not checked, unless found in a folder and excluded, as a file would be."""
        if not explicit:
            excluded = self.excluded(item, self.config_for(item), explicit=False)
            if excluded is not None:
                return rep.FileSkipped(item, excluded, excluded=True)
        return rep.FileNotChecked(item, not_checked_finding(item, InputError(f"{item}: {problem}")))

    def dated(self, spec: FormatSpec | None, source: str, config: Config) -> tuple[FormatSpec | None, str]:
        """``spec`` checking legality as of --as-of (else the config's as_of), and the format source
        saying so; unchanged when neither is given, or when no format was given (an inferred shape
        has no legality to date)."""
        from deckcheck.as_of import AS_OF_DATA, AS_OF_DECK, with_as_of

        as_of = self.as_of_option() if self.options.as_of else config.as_of
        if as_of is None or spec is None:
            return spec, source
        named = {AS_OF_DECK: "each deck's own date", AS_OF_DATA: "the card data's own day"}
        when = named.get(str(as_of), str(as_of))
        return with_as_of(spec, as_of), f"{source}; legality as of {when}"

    def as_of_option(self) -> AsOf | None:
        """--as-of read (None: not given); an OptionError when it is neither a day, 'deck' nor 'data'."""
        from deckcheck.as_of import parse_as_of

        try:
            return parse_as_of(self.options.as_of, "--as-of")
        except ConfigError as exc:
            raise OptionError(exc.message, hint=exc.hint) from None

    def stores(self) -> list[CardStore]:
        """The card stores this run opened."""
        return list(self._stores.values())

    def card_data(self) -> dict[str, Any]:
        """The card store(s) used, for JSON output: the first one (almost always the only one)."""
        if not self._stores:
            return {}
        return store_record(next(iter(self._stores.values())))


def _config_format(
    name: str, registry: dict[str, FormatSpec], config: Config, glob: str | None = None
) -> FormatSpec:
    """The format a config's ``format`` names (or, with ``glob``, that per-path glob's); a
    ConfigError naming the config's file, the line and the key when its registry does not know it."""
    from deckcheck.formats import get_format

    try:
        return get_format(name, registry)
    except ConfigError as exc:
        if glob is None:
            raise config_error(config, "format", f"'format': {exc.message}", hint=exc.hint) from None
        message = f"per-path '{glob}': {exc.message}"
        raise config_error(config, "per_path", message, item=glob, hint=exc.hint) from None


def store_record(store: CardStore) -> dict[str, Any]:
    meta = store.meta
    records = meta.get("records")
    return {
        "description": store.description,
        "label": store.data_label(),
        "sample": store.is_sample,
        "records": int(records) if records and records.isdigit() else len(store),
        "meta": meta,
    }
