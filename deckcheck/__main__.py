"""``python -m deckcheck`` and the ``deckcheck`` command (both start here).

Starting the CLI imports some 160 modules, and the classes, functions and constants they make are
some 15,000 objects the cyclic collector tracks, all living as long as the process. The collector,
triggered by every few hundred new objects, would scan them again and again as they are made
(about 5 % of a one-deck check); none of them is garbage. So the collector is paused while the CLI
is imported, and what the imports made is then frozen (``gc.freeze``: moved where no collection
scans it) before the collector starts again for the run itself."""

import gc


def main() -> None:
    """The ``deckcheck`` command: :func:`deckcheck.cli.main`, imported with the collector paused."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        from deckcheck.cli import main as cli_main
    finally:
        gc.freeze()
        if enabled:
            gc.enable()
    cli_main()


if __name__ == "__main__":
    main()
