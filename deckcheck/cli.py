"""The ``deckcheck`` command line (click): translate options and config into engine calls, pick a
reporter, choose the exit code. All the deck logic lives in the engine.

Exit codes: 0 clean; 1 findings (errors, or warnings with --strict); 2 usage, config, card-data or
internal error. A user mistake never shows a traceback; an unexpected exception prints
``internal error: ...`` (set DECKCHECK_DEBUG=1 for the traceback).

Never imports pandas or requests on the check path: `deckcheck check` on one deck must start fast.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, NoReturn, TextIO

import click

from deckcheck import __version__
from deckcheck import reporters as rep
from deckcheck.config import EMPTY, Config, ConfigFinder, load_config
from deckcheck.errors import ConfigError, DeckcheckError, InputError

if TYPE_CHECKING:
    from deckcheck.cards.store import CardStore
    from deckcheck.cards.update import UpdateResult
    from deckcheck.deck import Entry, ParsedDeck
    from deckcheck.format_spec import FormatSpec

STDIN = "-"
STDIN_PATH = "<stdin>"
DEFAULT_SCRYFALL_API = "https://api.scryfall.com"
# A directory argument expands to the files under it (recursively, hidden folders skipped) with
# one of these extensions.
DECKLIST_EXTENSIONS = frozenset({".txt", ".dec", ".dek", ".dck", ".cod", ".mwdeck", ".csv", ".json", ".mtga"})
# Without --format, a header or a config: a deck with a commander is checked as Commander, any
# other deck as the first of these the registry has.
AUTO_COMMANDER = "commander"
AUTO_CONSTRUCTED = ("constructed", "freeform")


# -- errors and exit codes ----------------------------------------------------------------------------
class DeckcheckGroup(click.Group):
    """Runs the CLI so that every failure maps to exit code 2 and a one-line message.

    Click's own ``ClickException`` exits 1, which a caller would read as "findings" (ecosystem.md §6),
    so :meth:`main` runs click in non-standalone mode and decides the exit code itself; CliRunner
    calls this same method, so tests see exactly what users see.
    """

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            result = super().main(
                args, prog_name or "deckcheck", complete_var, standalone_mode=False, **extra
            )
            code = result if isinstance(result, int) else 0
        except click.exceptions.Abort:
            click.echo("deckcheck: aborted", err=True)
            code = 130
        except click.ClickException as exc:
            exc.show()
            code = 2
        except DeckcheckError as exc:
            _print_error(exc)
            code = 2
        except BrokenPipeError:
            # The reader went away (`deckcheck check ... | head`); say nothing more.
            with contextlib.suppress(OSError):
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
            code = 2
        except Exception as exc:  # the last resort: never a bare traceback
            if os.environ.get("DECKCHECK_DEBUG"):
                import traceback

                traceback.print_exc()
            click.echo(f"deckcheck: internal error: {type(exc).__name__}: {exc}", err=True)
            if not os.environ.get("DECKCHECK_DEBUG"):
                click.echo("(set DECKCHECK_DEBUG=1 to see the traceback)", err=True)
            code = 2
        if standalone_mode:
            sys.exit(code)
        return code


def _print_error(exc: DeckcheckError) -> None:
    click.echo(f"deckcheck: error: {exc.message}", err=True)
    if exc.hint:
        click.echo(f"hint: {exc.hint}", err=True)


def _usage(message: str, hint: str | None = None) -> NoReturn:
    raise click.UsageError(message if not hint else f"{message}\nhint: {hint}")


def _resolve_color(option: bool | None, stream: TextIO) -> bool:
    if option is not None:
        return option
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _stdout() -> TextIO:
    return sys.stdout


def _stderr_is_tty() -> bool:
    isatty = getattr(sys.stderr, "isatty", None)
    return bool(isatty and isatty())


# -- shared options ------------------------------------------------------------------------------------
F = Callable[..., Any]


def card_db_option(func: F) -> F:
    return click.option(
        "--card-db",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="Card store: a SQLite store built by `cards update`/`cards import`, or a JSON file of card "
        "records. Default: $DECKCHECK_CARD_DB, the config's card_db, the local store, the bundled card set.",
    )(func)


def config_options(func: F) -> F:
    func = click.option("--no-config", is_flag=True, help="Ignore pyproject.toml / .deckcheck.toml files.")(
        func
    )
    return click.option(
        "-c",
        "--config",
        "config_path",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="Use this config file for every deck instead of discovering one per file.",
    )(func)


def deck_options(func: F) -> F:
    func = click.option(
        "--input-format",
        metavar="NAME",
        default=None,
        help="Decklist format (default: detected from the file); "
        "`deckcheck check --list-input-formats` lists them.",
    )(func)
    return click.option(
        "-f",
        "--format",
        "format_name",
        metavar="NAME",
        default=None,
        help="Game format (modern, commander, ...; `deckcheck formats` lists them). Default: a `// format:` "
        "header in the file, then the config, then commander for a deck with a commander, else freeform.",
    )(func)


def color_option(func: F) -> F:
    return click.option(
        "--color/--no-color",
        default=None,
        help="Colour the output (default: only in a terminal; NO_COLOR is honoured).",
    )(func)


# -- inputs --------------------------------------------------------------------------------------------
def expand_inputs(arguments: Sequence[str]) -> list[str]:
    """Decklist paths from FILES arguments: ``-`` is stdin, a directory expands to its decklist files
    (recursively, sorted, hidden folders and files skipped). A missing path is an InputError."""
    found: list[str] = []
    seen: set[str] = set()

    def add(item: str) -> None:
        key = item if item == STDIN else os.path.normpath(os.path.abspath(item))
        if key not in seen:
            seen.add(key)
            found.append(item)

    for argument in arguments:
        if argument == STDIN:
            add(STDIN)
            continue
        path = Path(argument)
        if path.is_dir():
            files = _decklists_under(path)
            if not files:
                click.echo(
                    f"deckcheck: warning: {argument}: no decklist files "
                    f"({', '.join(sorted(DECKLIST_EXTENSIONS))}) in this directory",
                    err=True,
                )
            for file in files:
                add(file)
        elif path.exists():
            add(argument)
        else:
            try:  # a dangling link or a link loop: say which, as the OS does
                os.stat(argument)
                reason = "no such file or directory"
            except OSError as exc:
                reason = exc.strerror or "no such file or directory"
            raise InputError(f"{argument}: {reason.lower()}")
    return found


def _decklists_under(directory: Path) -> list[str]:
    files: list[str] = []
    for root, dirs, names in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            if not name.startswith(".") and os.path.splitext(name)[1].lower() in DECKLIST_EXTENSIONS:
                files.append(os.path.join(root, name))
    return files


def _input_format_names() -> list[str]:
    from deckcheck.decklist import INPUT_FORMATS

    return sorted(INPUT_FORMATS)


def _check_input_format(value: str | None, where: str) -> str | None:
    if value is None or value.strip().lower() == "auto":
        return None
    names = _input_format_names()
    if value in names:
        return value
    folded = {n.casefold(): n for n in names}
    if value.casefold() in folded:
        return folded[value.casefold()]
    raise ConfigError(
        f"{where}: unknown input format {value!r}", hint=f"valid input formats: auto, {', '.join(names)}"
    )


def _parse(item: str, input_format: str | None) -> ParsedDeck:
    from deckcheck import decklist

    if item == STDIN:
        data = sys.stdin.buffer.read()
        return decklist.parse_bytes(data, STDIN_PATH, input_format)
    return decklist.parse_file(Path(item), input_format)


# -- codes ----------------------------------------------------------------------------------------------
def validate_codes(values: Sequence[str], where: str) -> tuple[str, ...]:
    """Code prefixes (DC4, DC401) or slugs (banned); comma-separated values allowed. Slugs become
    their codes. Unknown ones raise a ConfigError (exit 2) naming ``where``."""
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
            if item in by_slug:
                chosen = by_slug[item]
            elif any(code.startswith(item.upper()) for code in codes):
                chosen = item.upper()
            else:
                raise ConfigError(
                    f"{where}: unknown code {item!r}",
                    hint="codes are prefixes such as DC1, DC201 or slugs such as 'banned'; "
                    "`deckcheck rules` lists them",
                )
            if chosen not in result:
                result.append(chosen)
    return tuple(result)


# -- the run: parse, choose a format, resolve, check ----------------------------------------------------
@dataclass
class CheckOptions:
    format_name: str | None = None
    input_format: str | None = None
    select: tuple[str, ...] = ()  # validated codes; empty = use the config's
    ignore: tuple[str, ...] = ()
    strict: bool | None = None  # None = use the config's
    card_db: Path | None = None
    config_path: Path | None = None
    no_config: bool = False


@dataclass
class Session:
    """What a run loads once and shares across every deck: configs per directory, format
    registries per config, card stores per path (so 1,000 files cost one store open)."""

    options: CheckOptions
    finder: ConfigFinder = field(init=False)
    _registries: dict[tuple[Path, ...], dict[str, FormatSpec]] = field(default_factory=dict)
    _stores: dict[Path | None, CardStore] = field(default_factory=dict)
    _codes: dict[tuple[Path | None, str], tuple[str, ...]] = field(default_factory=dict)
    _input_formats: dict[Path | None, str | None] = field(default_factory=dict)

    def __post_init__(self) -> None:
        explicit: Config | None = None
        if self.options.no_config:
            explicit = EMPTY
        elif self.options.config_path is not None:
            explicit = load_config(self.options.config_path)
        self.finder = ConfigFinder(explicit)

    def config_for(self, item: str) -> Config:
        if item == STDIN:
            return self.finder.for_directory(Path.cwd())
        return self.finder.for_file(Path(item))

    def registry(self, config: Config) -> dict[str, FormatSpec]:
        from deckcheck.formats import load_registry

        key = config.formats
        if key not in self._registries:
            for path in key:
                if not path.is_file():
                    raise ConfigError(f"{config.label}: formats file {path} not found")
            self._registries[key] = load_registry(key)
        return self._registries[key]

    def card_db_path(self, config: Config) -> Path | None:
        if self.options.card_db is not None:
            return self.options.card_db
        if os.environ.get("DECKCHECK_CARD_DB"):
            return Path(os.environ["DECKCHECK_CARD_DB"])
        return config.card_db

    def store(self, config: Config) -> CardStore:
        from deckcheck.cards.store import open_store

        path = self.card_db_path(config)
        key = None if path is None else path.absolute()
        if key not in self._stores:
            self._stores[key] = open_store(path)
        return self._stores[key]

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
            self._codes[cache_key] = validate_codes(values, f"{config.label}: '{key}'") if values else ()
        return self._codes[cache_key]

    def input_format(self, config: Config) -> str | None:
        if self.options.input_format is not None:
            return self.options.input_format
        if config.path not in self._input_formats:
            self._input_formats[config.path] = _check_input_format(
                config.input_format, f"{config.label}: 'input_format'"
            )
        return self._input_formats[config.path]

    def strict(self, config: Config) -> bool:
        return config.strict if self.options.strict is None else self.options.strict

    def choose_format(self, item: str, parsed: ParsedDeck, config: Config) -> tuple[FormatSpec, str]:
        """--format > `// format:` header > per-path config > config default > automatic."""
        from deckcheck.deck import Zone
        from deckcheck.formats import get_format

        registry = self.registry(config)
        if self.options.format_name:
            try:
                return get_format(self.options.format_name, registry), "--format"
            except ConfigError as exc:
                _usage(f"--format: {exc.message}", exc.hint)
        if parsed.declared_format:
            try:
                return get_format(parsed.declared_format, registry), "declared in the file"
            except ConfigError as exc:
                raise ConfigError(
                    f"{parsed.path}: the decklist declares format {parsed.declared_format!r}, which is not "
                    "a known format",
                    hint=exc.hint,
                ) from None
        if item != STDIN:
            chosen = config.format_for_path(Path(item))
            if chosen is not None:
                name, glob = chosen
                try:
                    return get_format(name, registry), f"per-path '{glob}' in {config.label}"
                except ConfigError as exc:
                    raise ConfigError(
                        f"{config.label}: per-path '{glob}': {exc.message}", hint=exc.hint
                    ) from None
        if config.format:
            try:
                return get_format(config.format, registry), f"format in {config.label}"
            except ConfigError as exc:
                raise ConfigError(f"{config.label}: 'format': {exc.message}", hint=exc.hint) from None
        if parsed.count(Zone.COMMANDER) and AUTO_COMMANDER in registry:
            return registry[AUTO_COMMANDER], "automatic: the deck has a commander"
        for name in AUTO_CONSTRUCTED:
            if name in registry:
                return registry[name], "automatic: no format given"
        _usage(
            f"{parsed.path}: no format given and the format registry has no default",
            hint=f"use --format NAME; valid formats: {', '.join(sorted(registry))}",
        )

    def check(self, item: str) -> rep.DeckResult:
        from deckcheck.engine import check_parsed

        config = self.config_for(item)
        input_format = self.input_format(config)
        select, ignore = self.codes(config)
        store = self.store(config)
        parsed = _parse(item, input_format)
        spec, source = self.choose_format(item, parsed, config)
        report = check_parsed(parsed, store, spec, select=select, ignore=ignore)
        return rep.DeckResult(report, source, self.strict(config), store.description)

    def stores(self) -> list[CardStore]:
        """The card stores this run opened."""
        return list(self._stores.values())

    def card_data(self) -> dict[str, Any]:
        """The card store(s) used, for JSON output: the first one (almost always the only one)."""
        if not self._stores:
            return {}
        return store_record(next(iter(self._stores.values())))


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


def run_checks(session: Session, items: Sequence[str]) -> list[rep.DeckResult]:
    if len(items) > 1 and _stderr_is_tty():
        results: list[rep.DeckResult] = []
        with click.progressbar(items, label="checking", file=sys.stderr, show_pos=True) as bar:
            for item in bar:
                results.append(session.check(item))
        return results
    return [session.check(item) for item in items]


def _options(
    format_name: str | None,
    input_format: str | None,
    select: Sequence[str],
    ignore: Sequence[str],
    strict: bool | None,
    card_db: Path | None,
    config_path: Path | None,
    no_config: bool,
) -> CheckOptions:
    if config_path is not None and no_config:
        _usage("--config and --no-config cannot be used together")
    try:
        return CheckOptions(
            format_name=format_name,
            input_format=_check_input_format(input_format, "--input-format"),
            select=validate_codes(select, "--select"),
            ignore=validate_codes(ignore, "--ignore"),
            strict=strict,
            card_db=card_db,
            config_path=config_path,
            no_config=no_config,
        )
    except ConfigError as exc:
        _usage(exc.message, exc.hint)


# -- the commands ---------------------------------------------------------------------------------------
@click.group(
    cls=DeckcheckGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100}
)
@click.version_option(__version__, "-V", "--version", prog_name="deckcheck")
def cli() -> None:
    """Validate Magic: The Gathering decklists: format legality, Commander rules and all ten
    companions, with reasons.

    Exit codes: 0 clean, 1 findings, 2 usage/config/card-data/internal error.
    """


@cli.command(short_help="Check decklists: files, directories, or - for standard input.")
@click.argument("files", nargs=-1, type=click.Path(allow_dash=True))
@deck_options
@click.option("-o", "--output", type=click.Choice(rep.OUTPUT_FORMATS), default="text", show_default=True)
@click.option(
    "--select",
    multiple=True,
    metavar="CODES",
    help="Only report these codes (comma-separated prefixes: DC2,DC401).",
)
@click.option(
    "--ignore", multiple=True, metavar="CODES", help="Never report these codes (comma-separated prefixes)."
)
@click.option("--strict/--no-strict", default=None, help="Warnings fail the run too (exit 1).")
@click.option(
    "--offline",
    is_flag=True,
    help="Never touch the network (check never does; for symmetry with `cards update`).",
)
@card_db_option
@config_options
@click.option("-v", "--verbose", is_flag=True, help="Show info findings too (JSON always has them).")
@click.option(
    "-q", "--quiet", is_flag=True, help="Text output: findings and the summary only, no per-deck header."
)
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings (errors still exit 2).")
@click.option("--list-input-formats", is_flag=True, help="List the decklist formats and exit.")
@color_option
def check(
    files: tuple[str, ...],
    format_name: str | None,
    input_format: str | None,
    output: str,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    strict: bool | None,
    offline: bool,
    card_db: Path | None,
    config_path: Path | None,
    no_config: bool,
    verbose: bool,
    quiet: bool,
    exit_zero: bool,
    list_input_formats: bool,
    color: bool | None,
) -> int:
    """Check decklist FILES ('-' reads standard input).

    A directory stands for the files under it (recursively, hidden folders skipped) ending in
    .txt .dec .dek .dck .cod .mwdeck .csv .json or .mtga.

    The game format of each deck: --format, else a `// format: NAME` line in the decklist, else the
    per-path globs and then `format` of the nearest pyproject.toml [tool.deckcheck] or
    .deckcheck.toml, else commander for a deck with a commander, else freeform.

    Exit codes: 0 clean, 1 errors (or warnings with --strict), 2 usage/config/card-data error.
    """
    if list_input_formats:
        from deckcheck.decklist import INPUT_FORMATS

        _stdout().write(_input_formats_table(INPUT_FORMATS) + "\n")
        return 0
    if not files:
        _usage("no decklist given", hint="deckcheck check FILE... (or '-' to read standard input)")
    options = _options(format_name, input_format, select, ignore, strict, card_db, config_path, no_config)
    items = expand_inputs(files)
    if not items:
        _usage("no decklist files to check")
    session = Session(options)
    results = run_checks(session, items)
    run = rep.RunResult(results, session.card_data(), verbose=verbose, quiet=quiet)
    out = _stdout()
    if output == "json":
        rep.write_json(run, out)
    elif output == "github":
        summary_path = os.environ.get("GITHUB_STEP_SUMMARY")
        if summary_path:
            with open(summary_path, "a", encoding="utf-8") as summary:
                rep.write_github(run, out, step_summary=summary)
        else:
            rep.write_github(run, out)
        _note_sample_data(session, results)
    else:
        rep.write_text(run, out, color=_resolve_color(color, out))
        _note_automatic(results)
        _note_sample_data(session, results)
    out.flush()
    return 0 if exit_zero else run.exit_code


def _note_automatic(results: Sequence[rep.DeckResult]) -> None:
    guessed = [r for r in results if r.format_source == "automatic: no format given"]
    if guessed:
        name = guessed[0].report.format.name
        click.echo(
            f"deckcheck: note: {rep._plural(len(guessed), 'deck')} had no format and "
            f"{'was' if len(guessed) == 1 else 'were'} checked as {name}; give one with --format, a "
            '`// format: NAME` line in the decklist, or `format = "NAME"` in [tool.deckcheck]',
            err=True,
        )


def _note_sample_data(session: Session, results: Sequence[rep.DeckResult]) -> None:
    """Once per run, not once per unknown card: a run on the bundled sample set that met cards
    it does not have says what the set is and how to build the full card store."""
    from deckcheck.engine import UNKNOWN_CARD

    sample = next((store for store in session.stores() if store.is_sample), None)
    if sample is None:
        return
    unknown = sum(
        1
        for result in results
        if result.card_data == sample.description
        for finding in result.report.findings
        if finding.code == UNKNOWN_CARD.code
    )
    if unknown:
        click.echo(
            f"deckcheck: note: {rep._plural(unknown, 'name')} matched no card: the bundled card set is a "
            f"sample of {len(sample):,} cards, not the card pool; build the full card store with "
            "`deckcheck cards update` (Scryfall) or `deckcheck cards import AtomicCards.json.gz` "
            "(MTGJSON)",
            err=True,
        )


def _input_formats_table(formats: Any) -> str:
    rows = []
    for name in sorted(formats):
        parser = formats[name] if isinstance(formats, Mapping) else None
        rows.append([name, str(getattr(parser, "description", ""))])
    return rep.table(rows, ("input format", "description"))


@cli.command(short_help="The ten companions for each deck: eligible, breakers, fixes.")
@click.argument("files", nargs=-1, type=click.Path(allow_dash=True))
@deck_options
@click.option("-o", "--output", type=click.Choice(("text", "json")), default="text", show_default=True)
@card_db_option
@config_options
@color_option
def companions(
    files: tuple[str, ...],
    format_name: str | None,
    input_format: str | None,
    output: str,
    card_db: Path | None,
    config_path: Path | None,
    no_config: bool,
    color: bool | None,
) -> int:
    """The ten companions for each deck in FILES: eligible or not, what breaks each condition, and
    what to cut or add. Exits 0 unless deckcheck cannot run (2)."""
    if not files:
        _usage("no decklist given", hint="deckcheck companions FILE... (or '-' to read standard input)")
    options = _options(format_name, input_format, (), (), None, card_db, config_path, no_config)
    items = expand_inputs(files)
    if not items:
        _usage("no decklist files to check")
    session = Session(options)
    results = run_checks(session, items)
    out = _stdout()
    if output == "json":
        import json

        json.dump(rep.companions_document(results, session.card_data()), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        rep.write_companions_text(results, out, color=_resolve_color(color, out))
        _note_sample_data(session, results)
    return 0


# -- export -----------------------------------------------------------------------------------------
# The writers of deckcheck.decklist.WRITERS (kept literal so `--help` needs no decklist import;
# tests/reliability/test_export.py checks the two agree).
EXPORT_FORMATS = ("arena", "mtgo", "moxfield", "forge", "xmage", "cod", "dek", "csv")
DEFAULT_EXPORT_FORMAT = "arena"
_WRITE_CHUNK = 64 * 1024


@dataclass(frozen=True)
class ExportLoss:
    """Something in the source that the written decklist would not contain."""

    line: int
    message: str

    def text(self, path: str) -> str:
        return f"{path}:{self.line}: {self.message}" if self.line > 0 else f"{path}: {self.message}"


@cli.command(short_help="Write a decklist in another format: stdout, -o FILE or --in-place.")
@click.argument("file", type=click.Path(allow_dash=True))
@click.option(
    "-t",
    "--to",
    "target_format",
    type=click.Choice(EXPORT_FORMATS),
    default=None,
    help="Format to write. Default: the decklist's own format when deckcheck can write it, else arena.",
)
@click.option(
    "--input-format",
    metavar="NAME",
    default=None,
    help="Decklist format of FILE (default: detected from the content).",
)
@click.option(
    "-o",
    "--output",
    "output_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write to this file instead of standard output; an existing file is replaced only with --force.",
)
@click.option(
    "--in-place", is_flag=True, help="Rewrite FILE itself (atomically: a temporary file, then a rename)."
)
@click.option(
    "--force",
    is_flag=True,
    help="Replace an existing -o file; rewrite even when lines of FILE could not be read (they are dropped).",
)
def export(
    file: str,
    target_format: str | None,
    input_format: str | None,
    output_path: Path | None,
    in_place: bool,
    force: bool,
) -> int:
    """Read the decklist FILE ('-' reads standard input) in any input format and write it with
    deckcheck's writers: arena, mtgo, moxfield, forge, xmage, cod, dek or csv (UTF-8, LF line ends).

    Standard output by default; nothing is written to a file unless -o or --in-place asks for it.
    A file is written through a temporary file in the same directory and renamed into place, so an
    interrupted export never leaves half a decklist. Lines that could not be read (and a
    maybeboard the target format cannot hold) would be lost: --in-place then refuses unless --force
    is given; to standard output or -o they are listed on stderr and the exit code is 1.

    Exit codes: 0 written, 1 written without some lines (listed), 2 nothing written.
    """
    from deckcheck import decklist
    from deckcheck.deck import LineKind

    if in_place and output_path is not None:
        _usage("--in-place and -o/--output cannot be used together")
    if in_place and file == STDIN:
        _usage("--in-place needs a file; standard input cannot be rewritten")
    try:
        forced_format = _check_input_format(input_format, "--input-format")
    except ConfigError as exc:
        _usage(exc.message, exc.hint)
    source = STDIN_PATH if file == STDIN else file
    if file == STDIN:
        parsed = decklist.parse_bytes(sys.stdin.buffer.read(), STDIN_PATH, forced_format)
    elif Path(file).is_dir():
        raise InputError(f"{file}: is a directory; export takes one decklist file")
    else:
        parsed = decklist.parse_file(Path(file), forced_format)

    errors = [p for p in parsed.problems if p.severity == "error"]
    if errors and not parsed.entries:
        reasons = "; ".join(f"line {p.line}: {p.message}" if p.line > 0 else p.message for p in errors[:5])
        raise InputError(f"{source}: nothing to export: {reasons}")
    to = target_format or (parsed.input_format if parsed.input_format in decklist.WRITERS else None)
    if to is None:
        if in_place:
            _usage(
                f"{source} is a {parsed.input_format} decklist, which deckcheck cannot write; "
                "--in-place needs --to to change its format",
                hint=f"--to {'|'.join(EXPORT_FORMATS)}",
            )
        to = DEFAULT_EXPORT_FORMAT
    text = decklist.WRITERS[to](parsed)

    dropped = _entries_not_written(parsed, to)
    losses = [ExportLoss(p.line, f"{p.code or 'DC002'} {p.message}") for p in errors]
    losses += [ExportLoss(e.line, f"{e.quantity} {e.name}: the {to} format has no {e.zone}") for e in dropped]
    cards = sum(e.quantity for e in parsed.entries) - sum(e.quantity for e in dropped)
    _check_read_back(parsed.path, text, to, cards, force)

    target = _export_target(file, output_path, in_place, force)
    shown = file if in_place else str(output_path)
    rewriting_source = target is not None and file != STDIN and _same_file(target, Path(file))
    if losses and rewriting_source and not force:
        listed = "\n".join(f"  {loss.text(source)}" for loss in losses[:50])
        more = f"\n  ... and {len(losses) - 50} more" if len(losses) > 50 else ""
        raise DeckcheckError(
            f"{source}: not rewritten: the rewrite would lose {_count(len(losses), 'line')}:\n{listed}{more}",
            hint="fix those lines first, export with -o to a new file, or add --force to drop them",
        )
    for loss in losses:
        click.echo(f"deckcheck: warning: {loss.text(source)} (not written)", err=True)
    for problem in parsed.problems:
        if problem.severity == "warning":
            click.echo(f"deckcheck: note: {ExportLoss(problem.line, problem.message).text(source)}", err=True)
    if target is not None:
        # Writers carry cards, zones, printings and the deck name; not free-form comments.
        comments = sum(
            1 for r in parsed.lines if r.kind is LineKind.COMMENT and not r.note and r.text.strip()
        )
        if comments:
            click.echo(
                f"deckcheck: note: {source}: {_count(comments, 'comment line')} not carried over", err=True
            )
        if parsed.declared_format:
            click.echo(
                f"deckcheck: note: {source}: the format declaration ({parsed.declared_format}) is not "
                "carried over; give --format to `deckcheck check`, or a config",
                err=True,
            )

    if target is None:
        click.echo(text, nl=False)
        return 1 if losses else 0
    data = text.encode("utf-8")
    if target.is_file() and target.stat().st_size == len(data) and target.read_bytes() == data:
        click.echo(f"{shown}: already in {to} form; not rewritten", err=True)
        return 1 if losses else 0
    mode = target.stat().st_mode & 0o7777 if target.exists() else _default_mode()
    try:
        write_atomically(target, data, mode)
    except OSError as exc:
        raise DeckcheckError(
            f"cannot write {shown}: {exc.strerror or type(exc).__name__}; {shown} was not changed"
        ) from None
    click.echo(f"wrote {_count(cards, 'card')} in {to} form to {shown}", err=True)
    return 1 if losses else 0


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def _entries_not_written(parsed: ParsedDeck, to: str) -> list[Entry]:
    """Entries the writer leaves out: the maybeboard, in formats that have none (commanders and
    companions are folded into the sideboard instead, as each writer documents)."""
    from deckcheck import decklist
    from deckcheck.deck import Zone

    if Zone.MAYBEBOARD in decklist.WRITER_ZONES[to]:
        return []
    return [e for e in parsed.entries if e.zone is Zone.MAYBEBOARD]


def _check_read_back(path: str, text: str, to: str, cards: int, force: bool) -> None:
    """What was written must read back as the same number of cards: a writer that lost one would
    otherwise replace a decklist with a shorter one."""
    from deckcheck import decklist

    back = decklist.parse_text(text, f"<{to} output>", to)
    got = sum(e.quantity for e in back.entries)
    bad = [p for p in back.problems if p.severity == "error"]
    if (got != cards or bad) and not force:
        detail = f"; {bad[0].message}" if bad else ""
        raise DeckcheckError(
            f"{path}: the {to} decklist would not read back the same ({got:,} cards instead of "
            f"{cards:,}{detail}); nothing was written",
            hint="please report this decklist; --force writes it anyway",
        )


def _export_target(file: str, output_path: Path | None, in_place: bool, force: bool) -> Path | None:
    """The file to write (symlinks followed, so a linked decklist stays linked), or None for stdout."""
    if in_place:
        return Path(file).resolve()
    if output_path is None:
        return None
    if output_path.is_dir():
        _usage(f"-o {output_path}: is a directory; give a file name")
    if not output_path.parent.is_dir():
        raise InputError(f"-o {output_path}: the directory {output_path.parent} does not exist")
    if output_path.exists() or output_path.is_symlink():
        if file != STDIN and _same_file(output_path, Path(file)) and not force:
            _usage(f"-o {output_path} is the decklist being read", hint="use --in-place to rewrite it")
        if not force:
            raise DeckcheckError(
                f"-o {output_path}: the file exists; not replaced", hint="add --force to replace it"
            )
    return output_path.resolve()


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _default_mode() -> int:
    """The permissions a new file gets here (0666 less the umask), as `>` in a shell would give."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _write_chunks(handle: BinaryIO, data: bytes) -> None:
    for start in range(0, len(data), _WRITE_CHUNK):
        handle.write(data[start : start + _WRITE_CHUNK])


def write_atomically(target: Path, data: bytes, mode: int) -> None:
    """Write ``data`` to a temporary file next to ``target`` (same file system; a hidden name, so
    `deckcheck check DIR` never reads it), flush it to disk, then rename it over ``target``: a
    reader, or a crash, sees the old file or the new one, never part of one. On any failure the
    temporary file is removed and ``target`` is untouched."""
    import tempfile

    fd, temp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    temp = Path(temp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            _write_chunks(handle, data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    if os.name == "posix":  # make the rename itself durable
        with contextlib.suppress(OSError):
            directory = os.open(target.parent, os.O_RDONLY)
            try:
                os.fsync(directory)
            finally:
                os.close(directory)


@cli.command(short_help="List the game formats.")
@click.option("-o", "--output", type=click.Choice(("text", "json")), default="text", show_default=True)
@config_options
def formats(output: str, config_path: Path | None, no_config: bool) -> int:
    """List the game formats (the bundled registry plus any `formats` files in the config)."""
    options = _options(None, None, (), (), None, None, config_path, no_config)
    session = Session(options)
    config = session.config_for(STDIN)
    registry = session.registry(config)
    out = _stdout()
    specs = [registry[name] for name in sorted(registry)]
    if output == "json":
        import json

        json.dump([rep.format_record(s) for s in specs], out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(rep.table([rep.format_row(s) for s in specs], rep.FORMAT_HEADERS) + "\n")
    return 0


@cli.command(short_help="List the finding codes.")
@click.option("-o", "--output", type=click.Choice(("text", "json")), default="text", show_default=True)
def rules(output: str) -> int:
    """List every finding code with its slug, default severity and a one-line description."""
    from deckcheck.findings import all_codes

    infos = list(all_codes().values())
    out = _stdout()
    if output == "json":
        import json

        json.dump([rep.rule_record(i) for i in infos], out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(rep.table([rep.rule_row(i) for i in infos], rep.RULE_HEADERS) + "\n")
    return 0


# -- cards ----------------------------------------------------------------------------------------------
@cli.group(short_help="Card data: update, import, info.")
def cards() -> None:
    """Card data: build the local store (update, import) and show what is in use (info)."""


def _target_store(card_db: Path | None) -> Path:
    from deckcheck.cards.store import default_store_path

    if card_db is None and os.environ.get("DECKCHECK_CARD_DB"):
        card_db = Path(os.environ["DECKCHECK_CARD_DB"])
    path = card_db if card_db is not None else default_store_path()
    if path.suffix.lower() == ".json":
        _usage(f"{path}: a card store is built as SQLite; give a path that does not end in .json")
    if path.is_dir():
        _usage(f"{path} is a directory; give the store's file name (e.g. {path / 'cards.sqlite'})")
    return path


class StderrProgress:
    """The update/import progress callback: a one-line status on stderr, only in a terminal."""

    LABELS: Mapping[str, str] = {
        "bulk-data": "asking for the bulk file list",
        "download": "downloading",
        "read": "reading",
        "convert": "converting",
    }

    def __init__(self, stream: TextIO, enabled: bool) -> None:
        self.stream = stream
        self.enabled = enabled
        self._last = 0.0
        self._stage = ""

    def __call__(self, stage: str, done: int, total: int | None) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        finished = total is not None and done >= total
        if stage == self._stage and not finished and now - self._last < 0.1:
            return
        if stage != self._stage and self._stage:
            self.stream.write("\n")
        self._stage, self._last = stage, now
        label = self.LABELS.get(stage, stage)
        if stage in ("download", "read"):
            amount = f"{done / 1e6:.1f} MB" + (
                f" of {total / 1e6:.1f} MB ({done * 100 // total}%)" if total else ""
            )
        else:
            amount = f"{done:,}" + (f" of {total:,}" if total is not None and stage != "convert" else "")
            if stage == "convert":
                amount += " cards"
        self.stream.write(f"\r{label} {amount}\x1b[K" if done or total else f"\r{label}\x1b[K")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self._stage:
            self.stream.write("\n")
            self.stream.flush()


@contextlib.contextmanager
def _progress() -> Iterator[StderrProgress]:
    progress = StderrProgress(sys.stderr, _stderr_is_tty())
    try:
        yield progress
    finally:
        progress.close()


def _report_update(result: UpdateResult) -> None:
    click.echo(result.summary())
    for note in result.notes:
        click.echo(f"note: {note}")
    if result.duplicate_names:
        click.echo(
            f"duplicate names (first {len(result.duplicate_names)}): {', '.join(result.duplicate_names)}"
        )


@cards.command("update")
@card_db_option
@click.option("--offline", is_flag=True, help="Touch no network: report what the local store holds.")
@click.option("--force", is_flag=True, help="Download even when the store is up to date.")
@click.option(
    "--languages",
    metavar="CODES",
    help="Also index card names printed in these languages (Scryfall codes, e.g. zhs,de,it) from "
    "Scryfall's all_cards bulk file: a large download, done again only when Scryfall rebuilds it.",
)
def cards_update(card_db: Path | None, offline: bool, force: bool, languages: str | None) -> int:
    """Build or refresh the local card store from Scryfall's oracle_cards bulk file
    ($DECKCHECK_SCRYFALL_API, default https://api.scryfall.com)."""
    from deckcheck.cards.scryfall import (
        parse_languages,
        stored_languages,
        update_from_scryfall,
        update_languages_from_scryfall,
    )
    from deckcheck.cards.store import default_facts_builder

    store_path = _target_store(card_db)
    api_base = os.environ.get("DECKCHECK_SCRYFALL_API") or DEFAULT_SCRYFALL_API
    requested = parse_languages(languages) if languages else ()
    if offline and requested:
        _usage("--languages needs the network; it cannot be combined with --offline")
    indexed = stored_languages(store_path)  # read before a rebuild drops the printed names
    with _progress() as progress:
        # The facts batch validation reads, computed once here (None until deckcheck has them).
        facts = None if offline else default_facts_builder()
        result = update_from_scryfall(
            api_base, store_path, progress=progress, offline=offline, force=force, facts=facts
        )
    _report_update(result)
    wanted = tuple(dict.fromkeys((*indexed, *requested)))
    if wanted and not offline:
        with _progress() as progress:
            names = update_languages_from_scryfall(
                api_base, store_path, wanted, progress=progress, force=force, facts=facts
            )
        _report_update(names)
    return 0


@cards.command("import")
@click.argument("file", type=click.Path(path_type=Path))
@card_db_option
def cards_import(file: Path, card_db: Path | None) -> int:
    """Build the local card store from an MTGJSON AtomicCards file (.json or .json.gz)."""
    from deckcheck.cards.mtgjson import import_atomic_cards
    from deckcheck.cards.store import default_facts_builder

    store_path = _target_store(card_db)
    with _progress() as progress:
        result = import_atomic_cards(file, store_path, progress=progress, facts=default_facts_builder())
    _report_update(result)
    return 0


@cards.command("info")
@card_db_option
@click.option("-o", "--output", type=click.Choice(("text", "json")), default="text", show_default=True)
def cards_info(card_db: Path | None, output: str) -> int:
    """Show the card store a check would use: where it is, how many cards, source and date."""
    from deckcheck.cards.store import default_store_path, open_store

    if card_db is not None:
        chosen = "--card-db"
    elif os.environ.get("DECKCHECK_CARD_DB"):
        chosen = "$DECKCHECK_CARD_DB"
    elif default_store_path().exists():
        chosen = "local store"
    else:
        chosen = "bundled (no local store yet: `deckcheck cards update` builds one)"
    store = open_store(card_db)
    record = store_record(store) | {"chosen_by": chosen, "local_store": str(default_store_path())}
    out = _stdout()
    if output == "json":
        import json

        json.dump(record, out, indent=2, ensure_ascii=False)
        out.write("\n")
        return 0
    rows = [
        ["store", record["description"]],
        ["data", record["label"] + (" (a sample, not the card pool)" if record["sample"] else "")],
        ["chosen by", chosen],
        ["records", f"{record['records']:,}"],
        *([key, value] for key, value in sorted(record["meta"].items())),
    ]
    out.write(rep.table(rows, ("card data", "")) + "\n")
    return 0


def main() -> None:
    """Console entry point (``deckcheck``) and ``python -m deckcheck``."""
    cli.main(prog_name="deckcheck")
