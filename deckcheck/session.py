"""A check run's session: the options of one run, the configs found per directory, format
registries and card stores opened once, and the choice of each deck's format. No click here:
the CLI (and the pandas API) translate their arguments into :class:`CheckOptions` and call
:meth:`Session.check`.

Never imports pandas or requests: `deckcheck check` on one deck must start fast.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck import reporters as rep
from deckcheck.config import EMPTY, Config, ConfigFinder, load_config
from deckcheck.errors import ConfigError, DeckcheckError

if TYPE_CHECKING:
    from deckcheck.cards.store import CardStore
    from deckcheck.deck import ParsedDeck
    from deckcheck.format_spec import FormatSpec

STDIN = "-"
STDIN_PATH = "<stdin>"
# Without --format, a header or a config: a deck with a commander is checked as Commander, any
# other deck as the first of these the registry has.
AUTO_COMMANDER = "commander"
AUTO_CONSTRUCTED = ("constructed", "freeform")


class OptionError(DeckcheckError):
    """A command-line option value that cannot be used: the CLI shows it as a usage error."""


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


def parse_item(item: str, input_format: str | None) -> ParsedDeck:
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
            self._input_formats[config.path] = check_input_format(
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
                raise usage_error(f"--format: {exc.message}", exc.hint) from None
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
        raise usage_error(
            f"{parsed.path}: no format given and the format registry has no default",
            hint=f"use --format NAME; valid formats: {', '.join(sorted(registry))}",
        )

    def check(self, item: str) -> rep.DeckResult:
        from deckcheck.engine import check_parsed

        config = self.config_for(item)
        input_format = self.input_format(config)
        select, ignore = self.codes(config)
        store = self.store(config)
        parsed = parse_item(item, input_format)
        spec, source = self.choose_format(item, parsed, config)
        report = check_parsed(parsed, store, spec, select=select, ignore=ignore)
        return rep.DeckResult(report, source, self.strict(config), store.description)

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
        "records": int(records) if records and records.isdigit() else len(store),
        "meta": meta,
    }
