"""The ``deckcheck`` command line (click): translate options and config into engine calls, pick a
reporter, choose the exit code. All the deck logic lives in the engine.

Exit codes: 0 clean; 1 findings (errors, or warnings with --strict); 2 a file that could not be
checked (every other file is still checked), or a usage, config, card-data or internal error. A
user mistake never shows a traceback; an unexpected exception prints ``internal error: ...`` (set
DECKCHECK_DEBUG=1 for the traceback).

Never imports pandas or requests on the check path: `deckcheck check` on one deck must start fast.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

import click

from deckcheck import __version__
from deckcheck import reporters as rep
from deckcheck._gc import gc_relaxed
from deckcheck.atomic import write_atomically, write_chunks
from deckcheck.discovery import STDIN, Item, expand_inputs, skipped_why
from deckcheck.errors import ConfigError, DeckcheckError, InputError
from deckcheck.lazy_pattern import LazyPattern
from deckcheck.session import (
    STDIN_PATH,
    CheckOptions,
    OptionError,
    Outcome,
    Session,
    chosen_card_db,
    open_chosen_store,
    parse_stdin,
    store_record,
    validate_codes,
)
from deckcheck.session import check_input_format as _check_input_format
from deckcheck.wording import counted

if TYPE_CHECKING:
    import datetime as dt

    from deckcheck.cards.store import CardStore
    from deckcheck.cards.update import UpdateResult
    from deckcheck.config import Config
    from deckcheck.findings import Finding

DEFAULT_SCRYFALL_API = "https://api.scryfall.com"


# -- errors and exit codes ----------------------------------------------------------------------------
class DeckcheckGroup(click.Group):
    """Runs the CLI so that every failure maps to exit code 2 and a one-line message.

    Click's own ``ClickException`` exits 1, which a caller would read as "findings",
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
            if sys.stdout is not None:  # (what is still buffered fails here, not at exit)
                _Output(sys.stdout).flush()
            code = result if isinstance(result, int) else 0
        except click.exceptions.Abort:
            click.echo("deckcheck: aborted", err=True)
            code = 130
        except click.ClickException as exc:
            exc.show()
            code = 2
        except DeckcheckError as exc:
            _print_error(exc)
            if isinstance(exc, OutputError):
                _silence_stdout()  # (what it still holds would fail again at exit)
            code = 2
        except BrokenPipeError:
            # The reader went away (`deckcheck check ... | head`); say nothing more.
            _silence_stdout()
            code = 2
        except Exception as exc:  # the last resort: never a bare traceback
            if os.environ.get("DECKCHECK_DEBUG"):
                import traceback

                traceback.print_exc()
            detail = rep.escape_text(str(exc))
            click.echo(f"deckcheck: internal error: {type(exc).__name__}: {detail}", err=True)
            if not os.environ.get("DECKCHECK_DEBUG"):
                click.echo("(set DECKCHECK_DEBUG=1 to see the traceback)", err=True)
            code = 2
        if standalone_mode:
            sys.exit(code)
        return code


def _silence_stdout() -> None:
    """Standard output to /dev/null, so what is still buffered for it goes nowhere at exit."""
    with contextlib.suppress(OSError, AttributeError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


class OutputError(DeckcheckError):
    """Standard output cannot be written (a full disk, /dev/full, a closed descriptor)."""


class _Output:
    """Standard output for a command's results: a write that fails is an :class:`OutputError`,
    a clear error (exit 2), not an internal one. A reader that went away stays a BrokenPipeError,
    which ends the run without a word."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:  # (ValueError: a closed file)
            raise _output_error(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:
            raise _output_error(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _output_error(exc: Exception) -> OutputError:
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
    return OutputError(f"cannot write output: {reason}")


def _print_error(exc: DeckcheckError) -> None:
    """The message, its detail lines and hint, each one line: names in them are escaped
    (reporters.escape_text), so no name can start a line of its own or steer the terminal."""
    click.echo(f"deckcheck: error: {rep.escape_text(exc.message)}", err=True)
    for detail in exc.details:
        click.echo(f"  {rep.line_start(detail)}", err=True)  # (the runner skips the indent)
    if exc.hint:
        click.echo(f"hint: {rep.escape_text(exc.hint)}", err=True)


def _usage(message: str, hint: str | None = None) -> NoReturn:
    message = rep.escape_text(message)
    raise click.UsageError(message if not hint else f"{message}\nhint: {rep.escape_text(hint)}")


def _resolve_color(option: bool | None, stream: TextIO) -> bool:
    if option is not None:
        return option
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _stdout() -> TextIO:
    """Standard output for a command's results (:class:`_Output`); an OutputError when it is
    closed (`deckcheck check deck.txt >&-`)."""
    if sys.stdout is None:
        raise OutputError("cannot write output: standard output is closed")
    return cast(TextIO, _Output(sys.stdout))


def _stderr_is_tty() -> bool:
    isatty = getattr(sys.stderr, "isatty", None)
    return bool(isatty and isatty())


def _stdout_is_tty() -> bool:
    isatty = getattr(sys.stdout, "isatty", None)
    return bool(isatty and isatty())


# -- shared options ------------------------------------------------------------------------------------
F = Callable[..., Any]
# The parameter types, one of each shared by every option that takes it: click names each type
# through gettext as it is made, a locale search each time.
FILE_PATH = click.Path(dir_okay=False, path_type=Path)
INPUT_PATHS = click.Path(allow_dash=True, readable=False)


def _card_db_option(help_text: str) -> Callable[[F], F]:
    return click.option("--card-db", type=FILE_PATH, default=None, help=help_text)


card_db_option = _card_db_option(
    "Card store: a SQLite store built by `cards update`/`cards import`, or a JSON file of card "
    "records. Default: $DECKCHECK_CARD_DB, the config's card_db, the local store, the bundled card set."
)
# `cards update` and `cards import` build a store: never a JSON file, never the bundled set.
built_card_db_option = _card_db_option(
    "The SQLite card store to build (not a .json path). Default: $DECKCHECK_CARD_DB, the config's "
    "card_db, the local store."
)


def _config_options(config_help: str) -> Callable[[F], F]:
    def decorate(func: F) -> F:
        func = click.option(
            "--no-config", is_flag=True, help="Ignore pyproject.toml / .deckcheck.toml files."
        )(func)
        return click.option("-c", "--config", "config_path", type=FILE_PATH, default=None, help=config_help)(
            func
        )

    return decorate


config_options = _config_options("Use this config file for every deck instead of discovering one per file.")
# The commands that check no deck read one config: the one found from the working directory.
formats_config_options = _config_options(
    "Use this config file (its `formats` files) instead of the one found from the working directory."
)
store_config_options = _config_options(
    "Use this config file (its card_db) instead of the one found from the working directory."
)


as_of_option = click.option(
    "--as-of",
    "as_of",
    metavar="DATE|deck|data",
    help="Legality as of a day (YYYY-MM-DD) from the format's history, 'deck': each deck's own date, "
    "or 'data': the card data's own day, however old.",
)


def exclude_options(func: F) -> F:
    func = click.option(
        "--force-exclude",
        is_flag=True,
        help="Select files named explicitly as a directory's files are: skip those the exclude globs "
        "match, without a decklist extension, or that do not read as a decklist (as pre-commit names "
        "every file; config: force_exclude = true).",
    )(func)
    return click.option(
        "--exclude",
        multiple=True,
        metavar="GLOBS",
        help="Skip files found in a folder that these globs match (comma-separated, relative to the "
        "working directory, as is an absolute path inside it; a glob matches a file's path or a "
        "folder above it), beside the config's `exclude`.",
    )(func)


def _exclude_globs(values: Sequence[str]) -> tuple[str, ...]:
    from deckcheck.config import check_glob

    globs = tuple(
        _relative_glob(part.strip()) for value in values for part in value.split(",") if part.strip()
    )
    for glob in globs:
        problem = check_glob(glob)
        if problem is not None:
            _usage(f"--exclude: '{glob}' is not a valid glob: {problem}")
    return globs


def _working_directory_names(cwd: str) -> list[str]:
    """The working directory's path, and the one the shell knows it by ($PWD, through links)."""
    names = [cwd]
    shell = os.environ.get("PWD")
    if shell and shell != cwd and os.path.isabs(shell) and _same_file(Path(shell), Path(cwd)):
        names.append(os.path.normpath(shell))
    return names


def _relative_glob(glob: str) -> str:
    """An --exclude glob as it is matched: relative to the working directory. An absolute path
    inside it is made relative (anchored there: "/decks/old"); one outside it could match nothing,
    and is refused. A glob starting with "/" that names no such path is anchored at the working
    directory, as in .gitignore."""
    if not os.path.isabs(glob):
        return glob
    cwd = os.getcwd()
    written = os.path.normpath(glob)
    for folder in _working_directory_names(cwd):
        if written.startswith(folder.rstrip(os.sep) + os.sep):
            return "/" + Path(os.path.relpath(written, folder)).as_posix()
    if os.path.lexists(glob) and not os.path.lexists(os.path.join(cwd, glob.lstrip("/"))):
        _usage(
            f"--exclude: '{glob}' is outside the working directory, so it can match nothing",
            hint="--exclude globs are matched against paths relative to the working directory",
        )
    return glob


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
        "header in the file, then the config, else the shape of the deck's family (commander, limited or "
        "constructed) with a warning that legality was not checked.",
    )(func)


def color_option(func: F) -> F:
    return click.option(
        "--color/--no-color",
        default=None,
        help="Colour the output (default: only in a terminal; NO_COLOR is honoured).",
    )(func)


def iter_outcomes(session: Session, items: Sequence[Item]) -> Iterator[Outcome]:
    """Every item checked, in order, each outcome as soon as it is produced: one that cannot be
    checked does not stop the others."""
    try:
        session.prepare(items)
        # The bar only when the results go elsewhere: in a terminal they show the progress
        # themselves, and the bar's redrawn line would cut into them.
        if len(items) > 1 and _stderr_is_tty() and not _stdout_is_tty():
            with click.progressbar(items, label="checking", file=sys.stderr, show_pos=True) as bar:
                yield from session.check_all(bar)
        else:
            yield from session.check_all(items)
    except OptionError as exc:
        _usage(exc.message, exc.hint)


def _warn(message: str) -> None:
    """A warning line on stderr; names in it are escaped (reporters.escape_text)."""
    click.echo(rep.escape_text(message), err=True)


def _options(
    format_name: str | None,
    input_format: str | None,
    select: Sequence[str],
    ignore: Sequence[str],
    strict: bool | None,
    card_db: Path | None,
    config_path: Path | None,
    no_config: bool,
    require_format: bool | None = None,
) -> CheckOptions:
    if config_path is not None and no_config:
        _usage("--config and --no-config cannot be used together")
    _not_empty(format_name, "--format", "a format name (`deckcheck formats` lists them)")
    _not_empty(input_format, "--input-format", "a decklist format (`--list-input-formats` lists them)")
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
            require_format=require_format,
        )
    except ConfigError as exc:
        _usage(exc.message, exc.hint)


def _not_empty(value: str | None, option: str, wanted: str) -> None:
    """An option given an empty value (`--format ''`, often an unset shell variable) is a usage
    error: read as "not given", it would silently check something else than asked."""
    if value is not None and not value.strip():
        _usage(f"{option} is empty", hint=f"give {wanted}, or omit {option}")


def _as_of(value: str | None) -> str | None:
    _not_empty(value, "--as-of", "a day (YYYY-MM-DD), 'deck' or 'data'")
    return value


# -- the commands ---------------------------------------------------------------------------------------
@click.group(
    cls=DeckcheckGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100}
)
@click.version_option(__version__, "-V", "--version", prog_name="deckcheck")
def cli() -> None:
    """Validate Magic: The Gathering decklists: format legality, Commander rules and all ten
    companions, with reasons.

    Exit codes: 0 clean, 1 findings, 2 a file could not be checked, or a
    usage/config/card-data/internal error.
    """


@cli.command(short_help="Check decklists: files, directories, or - for standard input.")
@click.argument("files", nargs=-1, type=INPUT_PATHS)
@deck_options
@click.option("-o", "--output", type=click.Choice(rep.OUTPUT_FORMATS), default="text", show_default=True)
@click.option(
    "--select",
    multiple=True,
    metavar="CODES",
    help="Only report these codes (comma-separated prefixes or slugs: DC2,DC401,banned).",
)
@click.option(
    "--ignore",
    multiple=True,
    metavar="CODES",
    help="Never report these codes (comma-separated prefixes or slugs).",
)
@click.option("--strict/--no-strict", default=None, help="Warnings fail the run too (exit 1).")
@click.option(
    "--require-format/--no-require-format",
    default=None,
    help="A deck with no format (no --format, `// format:` line or config) is an error, not a warning "
    "(config: require_format = true).",
)
@click.option(
    "--offline",
    is_flag=True,
    help="Never touch the network (check never does; for symmetry with `cards update`).",
)
@card_db_option
@config_options
@click.option("-v", "--verbose", is_flag=True, help="Show info findings too (JSON always has them).")
@click.option(
    "-q",
    "--quiet",
    is_flag=True,
    help="Text output: findings and the summary only, no per-deck header (a deck left not verified "
    "by a finding --select/--ignore left out gets a line naming it).",
)
@click.option(
    "--exit-zero",
    is_flag=True,
    help="Exit 0 even when there are findings (a file not checked, or a usage, config or card-data "
    "error, still exits 2).",
)
@click.option("--list-input-formats", is_flag=True, help="List the decklist formats and exit.")
@as_of_option
@exclude_options
@color_option
def check(
    files: tuple[str, ...],
    format_name: str | None,
    input_format: str | None,
    output: str,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    strict: bool | None,
    require_format: bool | None,
    offline: bool,
    card_db: Path | None,
    config_path: Path | None,
    no_config: bool,
    verbose: bool,
    quiet: bool,
    exit_zero: bool,
    list_input_formats: bool,
    as_of: str | None,
    exclude: tuple[str, ...],
    force_exclude: bool,
    color: bool | None,
) -> int:
    """Check decklist FILES ('-' reads standard input).

    A directory stands for the decklists under it (recursively, linked folders followed, hidden
    files and folders not searched; a folder that cannot be read, and a named pipe or a device
    found there, which is not read, are reported as not checked): files
    ending in .txt .dec .dek .dck .cod .mwdeck .o8d .csv .json .mtga or .deck whose content reads
    as a decklist (an empty one fails, DC005, unless its name is another tool's: requirements.txt,
    notes.txt, a .json or .csv), and that no exclude glob (the config's `exclude`, --exclude)
    matches; the others are skipped and counted (-v lists them). Files named explicitly are always
    checked, unless --force-exclude: then they are selected as a directory's files are.

    The game format of each deck: --format, else a `// format: NAME` line in the decklist, else the
    per-path globs and then `format` of the nearest pyproject.toml [tool.deckcheck] or
    .deckcheck.toml. With none of these the deck is checked in the shape of its family (commander,
    limited or constructed) with a warning that legality and ban lists were not checked, or an
    error with --require-format.

    A file that cannot be checked (missing, unreadable, an unknown declared format), a folder with
    no decklist file and a glob pattern the shell left unexpanded are reported on that argument,
    and every other file is still checked.

    Exit codes: 0 clean, 1 errors, a deck not verified (with no format given, only under
    --strict) or warnings with --strict, 2 a file could not be checked, a run of folders that
    checked no deck (every file found skipped), or a usage/config/card-data error.
    """
    if list_input_formats:
        from deckcheck.decklist import INPUT_FORMATS

        _stdout().write(_input_formats_table(INPUT_FORMATS) + "\n")
        return 0
    if not files:
        _usage("no decklist given", hint="deckcheck check FILE... (or '-' to read standard input)")
    options = _options(
        format_name, input_format, select, ignore, strict, card_db, config_path, no_config, require_format
    )
    options.as_of = _as_of(as_of)
    options.exclude, options.force_exclude = _exclude_globs(exclude), force_exclude
    items = expand_inputs(files, _warn)
    session = Session(options)
    out = _stdout()
    unknown = _SampleUnknowns(session)
    writer: rep.RunWriter
    if output == "json":
        tally = _stream(session, items, rep.JsonWriter(out, session.card_data), unknown)
    elif output == "github":
        summary = _StepSummary.open(os.environ.get("GITHUB_STEP_SUMMARY"))
        try:
            step_summary = cast(TextIO, summary) if summary is not None else None
            writer = rep.GithubWriter(out, verbose=verbose, step_summary=step_summary)
            tally = _stream(session, items, writer, unknown)
        finally:
            if summary is not None:
                summary.close()
        _note_sample_data(session, unknown.count)
    else:
        writer = rep.TextWriter(out, verbose=verbose, quiet=quiet, color=_resolve_color(color, out))
        tally = _stream(session, items, writer, unknown)
        _note_sample_data(session, unknown.count)
    out.flush()
    if tally.not_checked:  # a file that could not be checked is never waved through
        return tally.exit_code
    if _checked_nothing(items, tally, listed="listed above" if verbose else "-v lists them"):
        return 2
    return 0 if exit_zero else tally.exit_code


def _checked_nothing(items: Sequence[Item], tally: rep.RunTally, *, listed: str | None) -> bool:
    """Whether a run of folders found files but checked no deck (each was skipped): it says so
    (exit 2), as a run of folders that hold no decklist file at all does. A file named explicitly
    that is skipped (--force-exclude: pre-commit names a README beside the decks) is no mistake."""
    if tally.decks or tally.not_checked or any(item.explicit for item in items):
        return False
    why = skipped_why(tally.skipped, tally.skipped_excluded) + (f"; {listed}" if listed else "")
    click.echo(
        f"deckcheck: error: no deck was checked: the {counted(tally.skipped, 'file')} found "
        f"{'was' if tally.skipped == 1 else 'were'} skipped ({why})",
        err=True,
    )
    return True


class _StepSummary:
    """The job summary file ($GITHUB_STEP_SUMMARY), appended to. One that cannot be opened or
    written is a warning: the job summary is an extra, and the run's verdict is in its output and
    exit code."""

    def __init__(self, path: str, handle: TextIO) -> None:
        self.path = path
        self._handle: TextIO | None = handle

    @classmethod
    def open(cls, path: str | None) -> _StepSummary | None:
        if not path:
            return None
        try:
            return cls(path, open(path, "a", encoding="utf-8"))  # (closed by close())
        except OSError as exc:
            cls._warn(path, exc, "cannot open the file", "no job summary is written")
            return None

    @staticmethod
    def _warn(path: str, exc: OSError, what: str, result: str) -> None:
        reason = exc.strerror or type(exc).__name__
        _warn(f"deckcheck: warning: GITHUB_STEP_SUMMARY {path}: {what} ({reason}); {result}")

    def write(self, text: str) -> int:
        if self._handle is not None:
            try:
                return self._handle.write(text)
            except OSError as exc:
                self._drop(exc)
        return len(text)

    def _drop(self, exc: OSError) -> None:
        self._warn(self.path, exc, "cannot write the file", "the job summary is incomplete")
        handle, self._handle = self._handle, None
        with contextlib.suppress(OSError):
            if handle is not None:
                handle.close()

    def close(self) -> None:
        if self._handle is not None:
            try:
                self._handle.close()
            except OSError as exc:
                self._handle = None
                self._warn(self.path, exc, "cannot write the file", "the job summary is incomplete")


def _stream(
    session: Session, items: Sequence[Item], writer: rep.RunWriter, unknown: _SampleUnknowns
) -> rep.RunTally:
    """The run written as it goes: each outcome goes to the writer and is then dropped, so memory
    stays flat however many files the run checks."""
    with gc_relaxed():
        for outcome in iter_outcomes(session, items):
            writer.add(outcome)
            unknown.add(outcome)
    writer.close()
    return writer.tally


class _SampleUnknowns:
    """The names the bundled sample card set matched no card for, counted as the results pass
    (for :func:`_note_sample_data`)."""

    def __init__(self, session: Session) -> None:
        from deckcheck.engine import UNCOUNTED_UNKNOWN, UNKNOWN_CARD

        self.session = session
        self.code = UNKNOWN_CARD.code
        self.maybeboard_code = UNCOUNTED_UNKNOWN.code  # (a maybeboard name: unknown, or ambiguous)
        self.count = 0

    def add(self, outcome: Outcome) -> None:
        if not isinstance(outcome, rep.DeckResult):
            return
        sample = next((store for store in self.session.stores() if store.is_sample), None)
        if sample is not None and outcome.card_data == sample.description:
            self.count += sum(1 for finding in outcome.report.findings if self._unknown(finding))

    def _unknown(self, finding: Finding) -> bool:
        if finding.code == self.code:
            return True
        return finding.code == self.maybeboard_code and dict(finding.data).get("match") == "unknown"


def _note_sample_data(session: Session, unknown: int) -> None:
    """Once per run, not once per unknown card: a run on the bundled sample set that met cards
    it does not have says what the set is and how to build the full card store."""
    sample = next((store for store in session.stores() if store.is_sample), None)
    if sample is not None and unknown:
        click.echo(
            f"deckcheck: note: {counted(unknown, 'name')} matched no card: the bundled card set is a "
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
@click.argument("files", nargs=-1, type=INPUT_PATHS)
@deck_options
@click.option("-o", "--output", type=click.Choice(("text", "json")), default="text", show_default=True)
@card_db_option
@config_options
@as_of_option
@exclude_options
@color_option
def companions(
    files: tuple[str, ...],
    format_name: str | None,
    input_format: str | None,
    output: str,
    card_db: Path | None,
    config_path: Path | None,
    no_config: bool,
    as_of: str | None,
    exclude: tuple[str, ...],
    force_exclude: bool,
    color: bool | None,
) -> int:
    """The ten companions for each deck in FILES: eligible or not, what breaks each condition, and
    what to cut or add. A companion card's own legality in the format counts, judged as `check`
    judges the deck's (--as-of). Exits 0, or 2 when a file could not be checked or deckcheck cannot
    run."""
    if not files:
        _usage("no decklist given", hint="deckcheck companions FILE... (or '-' to read standard input)")
    options = _options(format_name, input_format, (), (), None, card_db, config_path, no_config)
    options.as_of = _as_of(as_of)
    options.exclude, options.force_exclude = _exclude_globs(exclude), force_exclude
    items = expand_inputs(files, _warn)
    session = Session(options)
    out = _stdout()
    writer: rep.RunWriter = (
        rep.CompanionsJsonWriter(out, session.card_data)
        if output == "json"
        else rep.CompanionsTextWriter(out, color=_resolve_color(color, out))
    )
    unknown = _SampleUnknowns(session)
    tally = _stream(session, items, writer, unknown)  # each deck written as it is checked
    if output != "json":
        _note_sample_data(session, unknown.count)
    return 2 if tally.not_checked or _checked_nothing(items, tally, listed=None) else 0


# -- export -----------------------------------------------------------------------------------------
# The writers of deckcheck.decklist.WRITERS (kept literal so `--help` needs no decklist import;
# tests/reliability/test_export.py checks the two agree).
EXPORT_FORMATS = ("arena", "mtgo", "moxfield", "forge", "xmage", "cod", "dek", "csv")
DEFAULT_EXPORT_FORMAT = "arena"


@cli.command(short_help="Write a decklist in another format: stdout, --output-file FILE or --in-place.")
@click.argument("file", type=INPUT_PATHS)
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
    "--output-file",
    "output_path",
    type=FILE_PATH,
    default=None,
    help="Write to this file instead of standard output; an existing file is replaced only with --force.",
)
@click.option(
    "--in-place", is_flag=True, help="Rewrite FILE itself (atomically: a temporary file, then a rename)."
)
@click.option(
    "--force",
    is_flag=True,
    help="Replace an existing --output-file (even the decklist being read). It drops nothing: see "
    "--allow-loss.",
)
@click.option(
    "--allow-loss",
    is_flag=True,
    help="Rewrite the decklist (--in-place) even when the target format loses something: it is "
    "dropped and listed, exit 1. Also writes an output that would not read back the same.",
)
def export(
    file: str,
    target_format: str | None,
    input_format: str | None,
    output_path: Path | None,
    in_place: bool,
    force: bool,
    allow_loss: bool,
) -> int:
    """Read the decklist FILE ('-' reads standard input) in any input format and write it with
    deckcheck's writers: arena, mtgo, moxfield, forge, xmage, cod, dek or csv (UTF-8, LF line ends).

    Standard output by default; nothing is written to a file unless --output-file or --in-place
    asks for it. A file is written through a temporary file in the same directory and renamed into
    place, so an interrupted export never leaves half a decklist. What the target format cannot
    hold would be lost: lines that could not be read, a maybeboard, and, where the target's client
    has no field for them, the deck name, the format declaration, the date, comment lines, set
    codes, collector numbers, foil flags, tags, or a command zone that reads back as one only with
    a Commander format; and what a card line says that no writer writes: a variant (<A>), an art
    index, an etched finish, a proxy, alter or signed mark; a card line with no count (written as
    1 copy); a comment the target would read back as a section header or as the deck's name,
    format, date or commander; a card whose name the target would read back as another card or
    none (a set code or a foil mark in the name, a name whose end joins what its line writes after
    it); a commander whose name the comment line naming it would read back as another (a ";" in
    it). --in-place then refuses unless
    --allow-loss is given; to standard output or --output-file the losses are listed on stderr and
    the exit code is 1. (--force only lets --output-file replace an existing file.)

    Exit codes: 0 written, 1 written with losses (listed), 2 nothing written.
    """
    from deckcheck import decklist
    from deckcheck.export import plan_export, read_back_problem

    if in_place and output_path is not None:
        _usage("--in-place and --output-file cannot be used together")
    if in_place and file == STDIN:
        _usage("--in-place needs a file; standard input cannot be rewritten")
    _not_empty(input_format, "--input-format", "a decklist format (`check --list-input-formats` lists them)")
    try:
        forced_format = _check_input_format(input_format, "--input-format")
    except ConfigError as exc:
        _usage(exc.message, exc.hint)
    source = STDIN_PATH if file == STDIN else rep.shown_path(file)  # (only ever shown; may start a line)
    if file == STDIN:
        parsed = parse_stdin(forced_format)
    elif os.path.isdir(file):
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
    plan = plan_export(parsed, to)
    problem = read_back_problem(plan)
    if problem is not None and not allow_loss:
        raise DeckcheckError(
            f"{parsed.path}: the {to} decklist would not read back the same ({problem}); nothing was written",
            hint="please report this decklist; --allow-loss writes it anyway",
        )
    text, losses, cards = plan.text, plan.losses, plan.cards
    lossy = bool(losses) or problem is not None

    # -o /dev/stdout, /dev/fd/N: a stream the shell opened (`>> log`), never the file behind it
    descriptor = _descriptor_of(output_path) if output_path is not None else None
    target = None if descriptor is not None else _export_target(file, output_path, in_place, force)
    shown = rep.shown_path(file if in_place else str(output_path))  # (only ever shown; may start a line)
    rewriting_source = target is not None and file != STDIN and _same_file(target, Path(file))
    if losses and rewriting_source and not allow_loss:
        listed = [loss.text(source) for loss in losses[:50]]
        more = [f"... and {len(losses) - 50} more"] if len(losses) > 50 else []
        raise DeckcheckError(
            f"{source}: not rewritten: the rewrite would lose {counted(len(losses), 'line')}:",
            hint="fix those lines first, export with --output-file to a new file, or add --allow-loss to "
            "drop them" + (" (--force only replaces an existing --output-file)" if force else ""),
            details=[*listed, *more],
        )
    for loss in losses:
        click.echo(f"deckcheck: warning: {rep.escape_text(loss.text(source))} (not written)", err=True)
    if problem is not None:
        click.echo(
            f"deckcheck: warning: {source}: the {to} decklist does not read back the same "
            f"({rep.escape_text(problem)}); written all the same (--allow-loss)",
            err=True,
        )
    for warning in plan.warnings:
        click.echo(f"deckcheck: note: {rep.escape_text(warning.text(source))}", err=True)

    data = text.encode("utf-8")
    if descriptor is not None:
        try:
            _write_descriptor(descriptor, data)
        except OSError as exc:
            raise DeckcheckError(f"cannot write {shown}: {exc.strerror or type(exc).__name__}") from None
        click.echo(f"wrote {counted(cards, 'card')} in {to} form into {shown} (a stream)", err=True)
        return 1 if lossy else 0
    if target is None:
        _stdout().write(text)
        return 1 if lossy else 0
    if os.path.isfile(target) and target.stat().st_size == len(data) and target.read_bytes() == data:
        click.echo(f"{shown}: already in {to} form; not rewritten", err=True)
        return 1 if lossy else 0
    if os.path.exists(target) and not os.path.isfile(target):
        # A FIFO or a device (-o /dev/null): written into, as `>` would, never replaced by a file.
        try:
            with open(target, "wb") as stream:
                write_chunks(stream, data)
        except OSError as exc:
            raise DeckcheckError(f"cannot write {shown}: {exc.strerror or type(exc).__name__}") from None
        click.echo(f"wrote {counted(cards, 'card')} in {to} form into {shown} (not a regular file)", err=True)
        return 1 if lossy else 0
    exists = os.path.exists(target)
    if exists and not os.access(target, os.W_OK):
        # The rename would replace it all the same (it needs only the directory): refuse, as `>` would.
        raise DeckcheckError(
            f"{shown}: the file is read-only; not replaced",
            hint="make it writable (chmod u+w) if it is meant to be rewritten",
        )
    links = target.stat().st_nlink if exists else 1
    mode = target.stat().st_mode & 0o7777 if exists else _default_mode()
    try:
        write_atomically(target, data, mode)
    except OSError as exc:
        raise DeckcheckError(
            f"cannot write {shown}: {exc.strerror or type(exc).__name__}; {shown} was not changed"
        ) from None
    click.echo(f"wrote {counted(cards, 'card')} in {to} form to {shown}", err=True)
    if links > 1:  # the atomic rename gives this name a new file; the other names keep the old one
        others = links - 1
        click.echo(
            f"deckcheck: note: {shown} had {others} other hard link{'s' if others > 1 else ''}; "
            f"{'they keep' if others > 1 else 'it keeps'} the previous decklist",
            err=True,
        )
    return 1 if lossy else 0


def _export_target(file: str, output_path: Path | None, in_place: bool, force: bool) -> Path | None:
    """The file to write (symlinks followed, so a linked decklist stays linked), or None for stdout."""
    if in_place:
        return Path(file).resolve()
    if output_path is None:
        return None
    if os.path.isdir(output_path):
        _usage(f"--output-file {output_path}: is a directory; give a file name")
    if not os.path.isdir(output_path.parent):
        raise InputError(f"--output-file {output_path}: the directory {output_path.parent} does not exist")
    if os.path.lexists(output_path):
        if file != STDIN and _same_file(output_path, Path(file)) and not force:
            _usage(
                f"--output-file {output_path} is the decklist being read", hint="use --in-place to rewrite it"
            )
        if not force:
            raise DeckcheckError(
                f"--output-file {output_path}: the file exists; not replaced",
                hint="add --force to replace it",
            )
    return output_path.resolve()


# A process's file descriptors by name. Resolving one gives the file the shell opened (`>> log`),
# which an atomic rename would replace; written into instead, as `>` would.
_DESCRIPTOR_NAME = LazyPattern(
    r"^/(?:dev/(?P<std>stdin|stdout|stderr)|dev/fd/(?P<fd>\d+)"
    r"|proc/(?:self|thread-self|(?P<pid>\d+))/fd/(?P<pfd>\d+))$"
)
_STANDARD_DESCRIPTORS = {"stdin": 0, "stdout": 1, "stderr": 2}


def _descriptor_of(path: Path) -> int | None:
    """The file descriptor of this process that ``path`` names (/dev/stdout, /dev/fd/N,
    /proc/self/fd/N), directly or through symlinks, or None for any other path."""
    current = Path(os.path.abspath(path))
    for _ in range(40):  # (the kernel's own limit on a chain of symlinks)
        # the directory resolved (/dev/fd is /proc/self/fd, which is /proc/<pid>/fd), the name not
        with contextlib.suppress(OSError):
            current = current.parent.resolve() / current.name
        match = _DESCRIPTOR_NAME.match(str(current))
        if match is not None:
            if match["pid"] and int(match["pid"]) != os.getpid():
                raise InputError(f"--output-file {path}: names another process's file descriptor")
            if match["std"]:
                return _STANDARD_DESCRIPTORS[match["std"]]
            return int(match["fd"] or match["pfd"])
        if not os.path.islink(current):
            return None
        current = Path(os.path.normpath(current.parent / os.readlink(current)))
    return None


def _write_descriptor(descriptor: int, data: bytes) -> None:
    """``data`` into a file descriptor of this process, as the shell opened it (appending after
    ``>>``); standard output and error through the process's own streams, in order with the rest
    of their output."""
    if descriptor in (1, 2):
        click.echo(data, nl=False, err=descriptor == 2)  # (bytes: written to the binary stream)
        return
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view) :]


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


@cli.command(short_help="List the game formats.")
@click.option("-o", "--output", type=click.Choice(("text", "json")), default="text", show_default=True)
@formats_config_options
def formats(output: str, config_path: Path | None, no_config: bool) -> int:
    """List the game formats (the bundled registry plus any `formats` files in the config)."""
    options = _options(None, None, (), (), None, None, config_path, no_config)
    session = Session(options)
    config = session.config_for(STDIN)
    registry = session.registry(config)
    out = _stdout()
    specs = [registry[name] for name in sorted(registry)]
    if output == "json":
        out.write(rep.json_text([rep.format_record(s) for s in specs]) + "\n")
    else:
        out.write(rep.table([rep.format_row(s) for s in specs], rep.FORMAT_HEADERS) + "\n")
    return 0


@cli.command(short_help="List the finding codes.")
@click.option("-o", "--output", type=click.Choice(("text", "json")), default="text", show_default=True)
def rules(output: str) -> int:
    """List every finding code with its slug, severity (the default, then any other some of its
    findings have: a note or a warning where the default would say too much) and a one-line description."""
    from deckcheck.findings import all_codes

    infos = list(all_codes().values())
    out = _stdout()
    if output == "json":
        out.write(rep.json_text([rep.rule_record(i) for i in infos]) + "\n")
    else:
        out.write(rep.table([rep.rule_row(i) for i in infos], rep.RULE_HEADERS) + "\n")
    return 0


# -- cards ----------------------------------------------------------------------------------------------
@cli.group(short_help="Card data: update, import, info.")
def cards() -> None:
    """Card data: build the local store (update, import) and show what is in use (info)."""


def _chosen_store(card_db: Path | None, config_path: Path | None, no_config: bool) -> tuple[Path | None, str]:
    """The card store a check of a deck in the working directory would use, as the check's Session
    chooses it (--card-db, $DECKCHECK_CARD_DB, the card_db of the config found from here or given),
    and what chose it; (None, "") for the default (open_store: the local store, else the bundled
    set). The `cards` commands show and build that store, the one a check here reads."""
    return chosen_card_db(card_db, _store_config(card_db, config_path, no_config))


def _store_config(card_db: Path | None, config_path: Path | None, no_config: bool) -> Config:
    """The config whose card_db a check in the working directory would read (none is read when
    --card-db or $DECKCHECK_CARD_DB chooses the store)."""
    from deckcheck.config import EMPTY, ConfigFinder, load_config

    if card_db is not None or os.environ.get("DECKCHECK_CARD_DB"):
        return EMPTY
    explicit = EMPTY if no_config else load_config(config_path) if config_path is not None else None
    return ConfigFinder(explicit).for_directory(Path.cwd())


def _target_store(card_db: Path | None, config_path: Path | None, no_config: bool) -> Path:
    from deckcheck.cards.store import default_store_path

    chosen, chosen_by = _chosen_store(card_db, config_path, no_config)
    path = chosen if chosen is not None else default_store_path()
    if path.suffix.lower() == ".json":
        _usage(
            f"{path}: a card store is built as SQLite; give a path that does not end in .json"
            + (f" (this one is the {chosen_by})" if chosen_by not in ("", "--card-db") else "")
        )
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
        "wait": "waiting for the server",
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
        if stage != self._stage and self._stage and "wait" not in (stage, self._stage):
            self.stream.write("\n")
        self._stage, self._last = stage, now
        label = self.LABELS.get(stage, stage)
        if stage == "wait":
            amount = f"{done} s" + (f" (gives up after {total} s)" if total else "")
        elif stage in ("download", "read"):
            amount = f"{done / 1e6:.1f} MB" + (
                f" of {total / 1e6:.1f} MB ({done * 100 // total}%)" if total else ""
            )
        else:
            if stage == "convert":
                amount = counted(done, "card")
            else:
                amount = f"{done:,}" + (f" of {total:,}" if total is not None else "")
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
    click.echo(rep.escape_text(result.summary()))
    for note in result.notes:
        click.echo(f"note: {rep.escape_text(note)}")
    if result.duplicate_names:
        names = rep.escape_text(", ".join(result.duplicate_names))
        click.echo(f"duplicate names (first {len(result.duplicate_names)}): {names}")


@cards.command("update")
@built_card_db_option
@store_config_options
@click.option("--offline", is_flag=True, help="Touch no network: report what the local store holds.")
@click.option(
    "--force",
    is_flag=True,
    help="Ask Scryfall for its list of builds now (a copy up to 12 hours old is used otherwise) and "
    "download the build even when the store holds it already. Never accepts a step back: see "
    "--allow-downgrade.",
)
@click.option(
    "--allow-downgrade",
    is_flag=True,
    help="Replace the store even with a build older than its card data, or with fewer than half its "
    "cards (refused otherwise, exit 2: either would drop cards or bans the store knows).",
)
@click.option(
    "--languages",
    metavar="CODES",
    help="Also index card names printed in these languages (Scryfall codes, e.g. zhs,de,it) from "
    "Scryfall's all_cards bulk file: a large download, done again only when Scryfall rebuilds it.",
)
@click.option(
    "--deadline",
    type=click.FloatRange(min=1),
    default=None,
    metavar="SECONDS",
    help="Give up when the download (bulk list, redirects, file) takes longer than this in all "
    "(default 1800; --languages gets as long again). The store is then left as it was.",
)
def cards_update(
    card_db: Path | None,
    config_path: Path | None,
    no_config: bool,
    offline: bool,
    force: bool,
    allow_downgrade: bool,
    languages: str | None,
    deadline: float | None,
) -> int:
    """Build or refresh the local card store from Scryfall's oracle_cards bulk file
    ($DECKCHECK_SCRYFALL_API, default https://api.scryfall.com).

    A build older than the store's card data, or with fewer than half its cards, would drop bans
    or cards the store knows: it is refused (exit 2, the store as it was) unless --allow-downgrade."""
    from deckcheck import card_facts
    from deckcheck.cards.scryfall import (
        DEFAULT_DEADLINE,
        parse_languages,
        stored_languages,
        update_from_scryfall,
        update_languages_from_scryfall,
    )

    store_path = _target_store(card_db, config_path, no_config)
    api_base = os.environ.get("DECKCHECK_SCRYFALL_API") or DEFAULT_SCRYFALL_API
    requested = parse_languages(languages) if languages else ()
    if offline and requested:
        _usage("--languages needs the network; it cannot be combined with --offline")
    indexed = stored_languages(store_path)  # read before a rebuild drops the printed names
    with _progress() as progress:
        # The facts batch validation reads, computed once here.
        facts = None if offline else card_facts.facts_builder()
        allowed = DEFAULT_DEADLINE if deadline is None else deadline
        result = update_from_scryfall(
            api_base,
            store_path,
            progress=progress,
            offline=offline,
            force=force,
            facts=facts,
            deadline=allowed,
            allow_downgrade=allow_downgrade,
        )
    _report_update(result)
    wanted = tuple(dict.fromkeys((*indexed, *requested)))
    if wanted and not offline:
        with _progress() as progress:
            names = update_languages_from_scryfall(
                api_base, store_path, wanted, progress=progress, force=force, facts=facts, deadline=allowed
            )
        _report_update(names)
    return 0


@cards.command("import")
@click.argument("file", type=click.Path(path_type=Path))
@built_card_db_option
@store_config_options
@click.option(
    "--data-date",
    metavar="YYYY-MM-DD",
    help="The day the file's card data describes, when its meta.date is missing or not a date "
    "(it then wins over meta.date). Staleness checks count from this day.",
)
@click.option(
    "--allow-downgrade",
    is_flag=True,
    help="Replace the store even with card data older than its own, or with fewer than half its "
    "cards (refused otherwise, exit 2: either would drop cards or bans the store knows).",
)
@click.option(
    "--set-list",
    type=FILE_PATH,
    default=None,
    help="MTGJSON's SetList.json(.gz): the store keeps each set's release day, so a card pool "
    "naming a set released after the card data's day is not verified rather than judged by the "
    "part of it the data knows. Default: a SetList.json or SetList.json.gz beside FILE.",
)
def cards_import(
    file: Path,
    card_db: Path | None,
    config_path: Path | None,
    no_config: bool,
    data_date: str | None,
    allow_downgrade: bool,
    set_list: Path | None,
) -> int:
    """Build the local card store from an MTGJSON AtomicCards file (.json or .json.gz), with the
    sets' release days from MTGJSON's SetList (--set-list, or the one beside FILE).

    A file whose card data is older than the store's, or with fewer than half its cards, would drop
    bans or cards the store knows: it is refused (exit 2, the store as it was) unless
    --allow-downgrade."""
    from deckcheck import card_facts
    from deckcheck.as_of import parse_date
    from deckcheck.cards.mtgjson import import_atomic_cards, set_list_beside

    day = None
    if data_date is not None:
        day = parse_date(data_date)
        if day is None:
            _usage(f"--data-date: {data_date!r} is not a date (YYYY-MM-DD)")
    store_path = _target_store(card_db, config_path, no_config)
    with _progress() as progress:
        result = import_atomic_cards(
            file,
            store_path,
            progress=progress,
            facts=card_facts.facts_builder(),
            data_date=day,
            allow_downgrade=allow_downgrade,
            set_list=set_list if set_list is not None else set_list_beside(file),
        )
    _report_update(result)
    return 0


@cards.command("info")
@click.argument("names", nargs=-1, metavar="[NAME]...")
@card_db_option
@store_config_options
@click.option("-o", "--output", type=click.Choice(("text", "json")), default="text", show_default=True)
@click.option(
    "--verify",
    is_flag=True,
    help="Also check every page of a built store (SQLite quick_check); exit 2 if damaged.",
)
def cards_info(
    names: tuple[str, ...],
    card_db: Path | None,
    config_path: Path | None,
    no_config: bool,
    output: str,
    verify: bool,
) -> int:
    """Show the card store a check would use: where it is, how many cards, source and date.

    With NAMEs, what the card data says each name is instead: a card (its oracle name and type
    line), a card no deck can hold (a plane, scheme, Vanguard card or meld result), several cards,
    or none (with its likely spellings). Exit 1 when a name is no card or several."""
    from deckcheck.cards.store import default_store_path

    config = _store_config(card_db, config_path, no_config)
    path, chosen = chosen_card_db(card_db, config)
    if verify:
        _verify_store(path if path is not None else default_store_path())
    if names:
        return _names_info(open_chosen_store(card_db, config), names, output)

    if path is None:
        built = default_store_path().exists()
        chosen = (
            "local store" if built else "bundled (no local store yet: `deckcheck cards update` builds one)"
        )
    store = open_chosen_store(card_db, config)
    record = store_record(store) | {"chosen_by": chosen, "local_store": str(default_store_path())}
    age = _data_age(store.meta)
    if age is not None:
        record |= {"data_date": age[0].isoformat(), "age_days": age[1]}
    elif not store.vouches_without_date:
        record |= {"data_date": None, "age_days": None}
    kept = store.non_deck_cards()
    if kept is not None or "schema_version" in store.meta:  # (a store that keeps them, or a built one)
        record["non_deck_cards"] = None if kept is None else len(kept)
    out = _stdout()
    if output == "json":
        out.write(rep.json_text(record) + "\n")
        return 0
    rows = [
        ["store", record["description"]],
        ["chosen by", chosen],
        ["records", f"{record['records']:,}"],
        ["data", record["label"] + (" (a sample, not the card pool)" if record["sample"] else "")],
        *([["age", _age_text(*age)]] if age is not None else []),
        *([["age", _UNKNOWN_AGE]] if age is None and not store.vouches_without_date else []),
        *([["non-deck cards", _non_deck_text(kept)]] if "non_deck_cards" in record else []),
        *([key, _meta_text(key, value)] for key, value in sorted(record["meta"].items())),
    ]
    out.write(rep.table(rows, ("card data", "")) + "\n")
    return 0


def _meta_text(key: str, value: str) -> str:
    """A store meta value as `cards info`'s table shows it: the set codes of the data's printings
    and the sets' release days (some hundreds) counted, not listed (its JSON output lists them)."""
    from deckcheck.cards.store import SET_CODES_META, SET_DATES_META

    if key == SET_DATES_META:
        return f"{counted(len(value.split()), 'set')}' release days (--output json lists them)"
    if key != SET_CODES_META:
        return value
    if not value.split():
        return "none (its cards give no printings)"
    return f"{counted(len(value.split()), 'set')} its printings name (--output json lists them)"


def _non_deck_text(kept: Sequence[object] | None) -> str:
    """`cards info`'s line on the planes, schemes, Vanguard cards and meld results a store keeps by
    name."""
    if kept is None:
        return (
            "no planes, schemes, Vanguard cards or meld results kept (a store built by an older "
            "deckcheck, or from card records alone): a list naming a plane calls it unknown, and a meld "
            "result may be taken for a card; `deckcheck cards update` or "
            "`deckcheck cards import FILE` rebuilds it with them"
        )
    kinds = "planes, schemes, Vanguard cards and meld results"
    return f"{counted(len(kept), 'name')} of {kinds} kept (no deck can hold them)"


def _names_info(store: CardStore, names: Sequence[str], output: str) -> int:
    """`cards info NAME...`: what the card data says each name is."""
    found = [_name_record(store, name) for name in names]
    out = _stdout()
    if output == "json":
        out.write(rep.json_text({"card_data": store.data_label(), "names": found}) + "\n")
    else:
        rows = [[record["name"], record["text"]] for record in found]
        out.write(rep.table(rows, ("name", f"in the card data ({store.data_label()})")) + "\n")
    return 0 if all(record["found"] in ("card", "non_deck") for record in found) else 1


def _name_record(store: CardStore, name: str) -> dict[str, Any]:
    """What ``name`` names in ``store``: ``found`` is card, non_deck, ambiguous or unknown; ``text``
    says it in words (the words a check's findings use)."""
    from deckcheck.engine import ambiguous_candidates, unknown_card_message

    resolution = store.resolve(name)
    card = resolution.card
    if card is not None:
        type_line = " // ".join(face.type_line.text for face in card.faces)
        how = "" if resolution.match == "exact" else f" (matched by {resolution.match} name)"
        return {
            "name": name,
            "found": "card",
            "card": card.name,
            "match": resolution.match,
            "layout": card.layout,
            "type_line": type_line,
            "text": f"{card.name}: {type_line}{how}",
        }
    other = store.non_deck_card(name) if resolution.match != "ambiguous" else None
    if other is not None:
        return {
            "name": name,
            "found": "non_deck",
            "card": other.name,
            **other.details(),
            "rule": other.rules,
            "text": f"{other.name}: {other.described}, not a card a deck can hold ({other.rules}); "
            + other.instead,
        }
    if resolution.match == "ambiguous":
        text = f"matches several cards: {ambiguous_candidates(name, resolution, store)}"
    elif not name.strip():
        text = "an empty name names no card"
    else:
        text = unknown_card_message(
            name, resolution.suggestions, store, other_epithet=resolution.other_epithet
        )
    return {
        "name": name,
        "found": resolution.match,
        "suggestions": list(resolution.suggestions),
        "text": text,
    }


_UNKNOWN_AGE = (
    "date unknown: the card data does not say which day it describes, so no deck is verified for "
    "legality; `deckcheck cards update`, or `deckcheck cards import FILE --data-date YYYY-MM-DD`, "
    "builds dated card data"
)


def _data_age(meta: Mapping[str, str]) -> tuple[dt.date, int] | None:
    """The day the card data describes and how many days before the day of the check."""
    from deckcheck.as_of import today
    from deckcheck.cards.store import card_data_date

    day = card_data_date(meta)
    return None if day is None else (day, (today() - day).days)


def _age_text(day: dt.date, days: int) -> str:
    from deckcheck.as_of import DATA_AGE_LIMIT_DAYS, today

    if days < 0:  # (engine.legality_out_of_date takes such data as current)
        return (
            f"describes {day.isoformat()}, {counted(-days, 'day')} after today ({today().isoformat()}): "
            "decks with no date are judged by it as it is; if today is not that day, set the clock (or "
            "DECKCHECK_TODAY) right"
        )
    text = f"describes {day.isoformat()}, {counted(days, 'day')} ago"
    if days > DATA_AGE_LIMIT_DAYS:
        text += (
            f": more than {DATA_AGE_LIMIT_DAYS}, so decks with no date are not verified for today's "
            "legality; `deckcheck cards update` brings it up to date"
        )
    return text


def _verify_store(path: Path) -> None:
    """`cards info --verify`: a damaged store is an error naming what is wrong and the fix."""
    from deckcheck.cards.store import verify_store

    if not path.is_file() or path.suffix.lower() == ".json":
        return  # the bundled set or a JSON file: read whole when opened, nothing more to check
    problems = verify_store(path)
    if problems:
        raise DeckcheckError(
            f"card store {path} is damaged:",
            details=problems,
            hint="rebuild it with `deckcheck cards update` or `deckcheck cards import FILE`",
        )
    click.echo(f"verified: {rep.escape_text(str(path))} is sound (SQLite quick_check: ok)", err=True)


def main() -> None:
    """Console entry point (``deckcheck``) and ``python -m deckcheck``."""
    cli.main(prog_name="deckcheck")
