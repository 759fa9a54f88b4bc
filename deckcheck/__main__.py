"""``python -m deckcheck``: the same as the ``deckcheck`` command."""

from deckcheck.cli import main

if __name__ == "__main__":
    main()
