"""Build data/format_history.json: each format's legal sets, banned, restricted and individually
legal cards as a table of dated changes, from Forge's dated format definitions.

Usage::

    python scripts/make_format_history.py --forge DIR [--forge DIR ...] --setlist SetList.json \
        [--out data/format_history.json]

Each ``--forge`` directory has Forge's layout (``Archive/<Format>/<YYYY-MM-DD>.txt``, the files of
``forge-gui/res/formats/Archive/`` in the Card-Forge/forge repository); when several directories hold
the same file, the later one wins. ``--setlist`` is MTGJSON's SetList.json: it maps Forge's own set
codes to MTGJSON's where the names agree and checks that every set a definition adds had been released
by its Effective date.

Which formats are built and over which dates the files are known to be complete is decided here
(:data:`FORMATS`), with the reason written into the data's notes: a history with a gap is worse than
none, because a date inside the gap would get a confident, wrong answer. deckcheck never reads the
inputs at run time; the JSON written here is what it uses.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Forge set codes that MTGJSON spells differently (same set, checked by name against SetList.json).
FORGE_TO_MTGJSON = {
    "CFX": "CON",  # Conflux
    "NMS": "NEM",  # Nemesis
    "PO2": "P02",  # Portal Second Age
    "COM": "CMD",  # Commander 2011
    "DRC94": "PDRC",  # Dragon Con
    "ARENA": "PARL",  # Arena League 1996
    "UGF": "UGIN",  # Ugin's Fate
    "MPS_KLD": "MPS",  # Kaladesh Inventions
    "MPS_AKH": "MP2",  # Amonkhet Invocations
    "MPS_GRN": "MED",  # Mythic Edition (Guilds of Ravnica)
    "MPS_RNA": "MED",  # Mythic Edition (Ravnica Allegiance)
    "MPS_WAR": "MED",  # Mythic Edition (War of the Spark)
    "FVE": "V09",  # From the Vault: Exiled (Forge's later code)
    "FVR": "V10",  # From the Vault: Relics
    "FVL": "V11",  # From the Vault: Legends
    "PDS": "H09",  # Premium Deck Series: Slivers
}

# The archive snapshot every file was read from (Card-Forge/forge commit 7dfeb79618ca): its newest
# Effective date in any format is 2022-06-02, so a state is known to hold at least until then.
SNAPSHOT_COMMIT = "7dfeb79618ca0e3207722dd77bb8bcc7061e58bf"
SNAPSHOT_UNTIL = "2022-06-02"


@dataclass(frozen=True)
class FormatConfig:
    folder: str  # Forge's Archive/<folder>
    name: str  # deckcheck's format name (data/formats.toml)
    complete_from: str | None  # the first Effective date from which every file is present
    note: str
    built: bool = True  # False: recorded in the notes only, never answered from
    # Correct the set lists by Forge's current definition (_corrections): only for a format whose
    # legal sets never rotate out; Standard's current sets say nothing about its older ones.
    corrected: bool = True


FORMATS = (
    FormatConfig(
        "Modern",
        "modern",
        None,
        "Every Archive/Modern file of the snapshot (2011-05-19 to 2022-04-29).",
    ),
    FormatConfig(
        "Pioneer",
        "pioneer",
        None,
        "Every Archive/Pioneer file of the snapshot (2019-10-21 to 2022-04-29).",
    ),
    FormatConfig(
        "Legacy",
        "legacy",
        "2019-11-15",
        "The files from 2019-11-15 (GN2) on. The snapshot holds 220 Legacy files from 1996-05-01, of "
        "which the file index lists the first 100 only (to 2011-08-26); later ones were found by the "
        "release dates of the sets Legacy lists and by B&R announcement dates (2020-03-10, "
        "2020-05-18, 2020-06-10, 2021-02-15 and 2022-01-25 exist; 2019-11-18, 2020-01-13, "
        "2020-01-14, 2020-06-01, 2020-07-13, 2020-08-03, 2020-09-28, 2020-10-12 and 2022-03-07 do "
        "not). Each consecutive pair adds only the sets released between them. Forge records some "
        "changes with the next set's definition (Wrenn and Six first appears banned at THB, "
        "2020-01-24; Commander 2020 joins with IKO). Legacy before 2019-11-15 is missing.",
    ),
    FormatConfig(
        "Vintage",
        "vintage",
        "2019-11-15",
        "The files from 2019-11-15 (GN2) on, found as for Legacy (the snapshot holds 245 Vintage "
        "files from 1993-08-05; 2020-03-10 and 2022-01-25 have none). Narset, Parter of Veils first "
        "appears restricted at THB (2020-01-24). Vintage before 2019-11-15 is missing.",
    ),
    FormatConfig(
        "Standard",
        "standard",
        "2020-01-24",
        "The files from 2020-01-24 (THB) on, found by the release dates of Standard sets and by B&R "
        "announcement dates (2020-06-01, 2020-08-03, 2020-09-28, 2020-10-12 and 2022-01-25 exist; "
        "2019-11-18, 2020-03-10, 2020-05-18, 2020-06-10, 2021-10-13 and 2022-03-07 do not). Forge "
        "drops a ban once the card has rotated out. Standard before 2020-01-24 is missing.",
        corrected=False,
    ),
    FormatConfig(
        "Pauper",
        "pauper",
        None,
        "Not built: Forge's archived Pauper files (2019-05-24 to 2020-07-13) list only a few recent "
        "bans, not the ban list (e.g. 2019-05-24 names Gush, Gitaxian Probe and Daze only), and "
        "Pauper is legal by rarity, which card printings here do not record.",
        built=False,
    ),
    FormatConfig(
        "Alchemy",
        "alchemy",
        None,
        "Not built: the four Archive/Alchemy files have no ban list and Arena's rebalanced cards "
        "have not been checked against card data.",
        built=False,
    ),
)


@dataclass(frozen=True)
class Announced:
    """A change of a B&R announcement that Forge's archive records late, with the next set's
    definition: the card joins ``list`` on its tabletop effective date instead (``source``)."""

    format: str  # deckcheck's format name
    effective: str  # the announcement's tabletop effective date
    list: str  # "banned" or "restricted"
    card: str
    source: str


ANNOUNCED = (
    Announced(
        "legacy",
        "2019-11-22",
        "banned",
        "Wrenn and Six",
        "B&R announcement of 2019-11-18: Magic Online and Arena that day, tabletop 2019-11-22",
    ),
    Announced(
        "vintage",
        "2019-11-22",
        "restricted",
        "Narset, Parter of Veils",
        "B&R announcement of 2019-11-18: Magic Online and Arena that day, tabletop 2019-11-22",
    ),
)


def apply_announced(formats: dict[str, Any]) -> None:
    """Move each :data:`ANNOUNCED` change from the later change that records it to its own date
    (a change of that date, added where there is none). Applying it twice changes nothing."""
    for announced in ANNOUNCED:
        history = formats.get(announced.format)
        if history is None:
            continue
        changes: list[dict[str, Any]] = history["changes"]
        for change in changes:
            if change["effective"] <= announced.effective:
                continue
            delta = change.get(announced.list, {})
            if announced.card in delta.get("add", []):
                delta["add"].remove(announced.card)
                if not delta["add"]:
                    del delta["add"]
                if not delta:
                    del change[announced.list]
        at = next((c for c in changes if c["effective"] == announced.effective), None)
        if at is None:
            title = changes[0]["name"].split(" (")[0]  # "Legacy (GN2)" -> "Legacy"
            at = {"effective": announced.effective, "name": f"{title} ({announced.effective})"}
            changes.append(at)
            changes.sort(key=lambda c: c["effective"])
        added = at.setdefault(announced.list, {}).setdefault("add", [])
        if announced.card not in added:
            added.append(announced.card)
            added.sort()
        note = (
            f"Dated by its announcement, not by Forge's later definition: {announced.card} "
            f"({announced.list}) from {announced.effective} ({announced.source})."
        )
        if note not in history["note"]:
            history["note"] += " " + note


MISSING = (
    "Historic: Forge's Archive/Historic (33 files from 2019-11-21) was not read; no history. "
    "Standard before 2020-01-24 (Archive/Standard has 134 files from 1995-01-10) was not read.",
    "Every format after the snapshot (2022-06-02): Forge's archive files of later changes (e.g. "
    "Modern 2022-10-10, 2023-12-04) are not in the file index; its current definitions (late 2025) "
    "give only an undated end state, so they are not used.",
    "Explorer, Timeless, Premodern, Commander and the other formats: no dated definitions.",
)


@dataclass(frozen=True)
class Definition:
    effective: str
    name: str
    sets: tuple[str, ...]
    banned: tuple[str, ...]
    restricted: tuple[str, ...]
    additional: tuple[str, ...]
    path: str


def _names(text: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in text.split(";") if name.strip())


def read_definition(path: Path) -> Definition:
    fields: dict[str, str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.strip() == "[format]":
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise SystemExit(f"{path}:{number}: not a Key:Value line: {line!r}")
        fields[key.strip()] = value.strip()
    effective = fields.get("Effective")
    if effective is None:
        raise SystemExit(f"{path}: no Effective: line")
    dt.date.fromisoformat(effective)  # a malformed date stops the build
    return Definition(
        effective=effective,
        name=fields.get("Name", ""),
        sets=tuple(code.strip() for code in fields.get("Sets", "").split(",") if code.strip()),
        banned=_names(fields.get("Banned", "")),
        restricted=_names(fields.get("Restricted", "")),
        additional=_names(fields.get("Additional", "")),
        path=str(path),
    )


def _diff(before: tuple[str, ...], after: tuple[str, ...]) -> dict[str, list[str]]:
    old, new = set(before), set(after)
    change: dict[str, list[str]] = {}
    if new - old:
        change["add"] = sorted(new - old)
    if old - new:
        change["remove"] = sorted(old - new)
    return change


def _mtgjson_codes(codes: tuple[str, ...]) -> set[str]:
    return {FORGE_TO_MTGJSON.get(code, code) for code in codes}


def _corrections(
    forge_dirs: list[Path], config: FormatConfig, definitions: list[Definition], set_info: dict[str, Any]
) -> tuple[set[str], set[str]] | None:
    """(sets to add, sets to drop) from Forge's current definition of the format (Sanctioned/), which
    fixed its older lists: e.g. Modern no longer lists Time Spiral Remastered (its bonus sheet is not
    Modern-legal), Legacy now lists Planechase 2012 and the HarperPrism promos. A set is added only
    from its release date (SetList.json); one the current file lacks is dropped only when MTGJSON
    knows the code and it is older than the archive's last definition. None: no current file."""
    current_path = None
    for root in forge_dirs:
        candidate = root / "Sanctioned" / f"{config.folder}.txt"
        if candidate.is_file():
            current_path = candidate
    if current_path is None or not definitions:
        return None
    current = _mtgjson_codes(read_definition_sets(current_path))
    last = definitions[-1]
    archived = _mtgjson_codes(last.sets)
    added = {
        code
        for code in current - archived
        if code in set_info and set_info[code]["releaseDate"] <= last.effective
    }
    removed = {
        code
        for code in archived - current
        if code not in set_info or set_info[code]["releaseDate"] <= last.effective
    }
    return added, removed


def read_definition_sets(path: Path) -> tuple[str, ...]:
    """The Sets: line of a current (undated) definition."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("Sets:"):
            return tuple(code.strip() for code in line[5:].split(",") if code.strip())
    return ()


def _corrected(
    definition: Definition, corrections: tuple[set[str], set[str]] | None, set_info: dict[str, Any]
) -> set[str]:
    sets = _mtgjson_codes(definition.sets)
    if corrections is None:
        return sets
    added, removed = corrections
    sets -= removed
    sets |= {code for code in added if set_info[code]["releaseDate"] <= definition.effective}
    return sets


def check_manifest(root: Path) -> None:
    """Each file a ``manifest.tsv`` (path, commit, total_chars) in ``root`` lists must have that many
    characters: the files were rebuilt from the text the file index returned, and its length is the
    check it offers."""
    # Either beside the files or one folder up (the layout the collected definitions came in).
    manifest = next((m for m in (root / "manifest.tsv", root.parent / "manifest.tsv") if m.is_file()), None)
    if manifest is None:
        return
    for number, line in enumerate(manifest.read_text(encoding="utf-8").splitlines()[1:], 2):
        path, _, chars = line.split("\t")
        text = (root / path).read_text(encoding="utf-8")
        if len(text) != int(chars):
            raise SystemExit(f"{manifest}:{number}: {path} has {len(text)} characters, not {chars}")


def build(forge_dirs: list[Path], setlist: Path) -> dict[str, Any]:
    for root in forge_dirs:
        check_manifest(root)
    set_info = {s["code"]: s for s in json.loads(setlist.read_text(encoding="utf-8"))["data"]}
    formats: dict[str, Any] = {}
    not_built: dict[str, str] = {}
    warnings: list[str] = []
    unmapped: set[str] = set()
    for config in FORMATS:
        files: dict[str, Path] = {}
        for root in forge_dirs:
            for path in sorted((root / "Archive" / config.folder).glob("*.txt")):
                files[path.name] = path
        if not config.built or not files:
            not_built[config.name] = config.note if files or not config.built else "no files"
            continue
        definitions = sorted((read_definition(p) for p in files.values()), key=lambda d: d.effective)
        if config.complete_from is not None:
            definitions = [d for d in definitions if d.effective >= config.complete_from]
        corrections = _corrections(forge_dirs, config, definitions, set_info) if config.corrected else None
        changes: list[dict[str, Any]] = []
        previous = Definition("", "", (), (), (), (), "")
        for definition in definitions:
            sets = tuple(sorted(_corrected(definition, corrections, set_info)))
            for code in set(sets) - set(previous.sets):
                info = set_info.get(code)
                if info is None:
                    unmapped.add(code)
                elif previous.effective and info["releaseDate"] > definition.effective:
                    warnings.append(
                        f"{config.name} {definition.effective}: adds {code}, released {info['releaseDate']}"
                    )
            current = Definition(
                definition.effective,
                definition.name,
                sets,
                tuple(sorted(set(definition.banned))),
                tuple(sorted(set(definition.restricted))),
                tuple(sorted(set(definition.additional))),
                definition.path,
            )
            change: dict[str, Any] = {"effective": current.effective, "name": current.name}
            for key in ("sets", "banned", "restricted", "additional"):
                delta = _diff(getattr(previous, key), getattr(current, key))
                if delta:
                    change[key] = delta
            changes.append(change)
            previous = current
        note = config.note
        if corrections is not None:
            added, removed = corrections
            note += (
                " Set lists corrected by Forge's current definition: sets it lists that the archive "
                "lacks count from their release date ("
                + (", ".join(sorted(added)) or "none")
                + "); sets it no longer lists are dropped ("
                + (", ".join(sorted(removed)) or "none")
                + ")."
            )
        formats[config.name] = {
            "source": f"Forge Archive/{config.folder}, {len(definitions)} definitions",
            "covered_from": definitions[0].effective,
            "covered_until": SNAPSHOT_UNTIL,
            "note": note,
            "changes": changes,
        }
    notes = [
        "Legality as of a date: a card is legal when it is individually allowed ('additional') or any of "
        "its printings (MTGJSON set codes) is in the legal sets, unless banned; restricted = one copy.",
        f"Source: Forge format definitions (Card-Forge/forge forge-gui/res/formats/Archive/, commit "
        f"{SNAPSHOT_COMMIT}); a state holds from its Effective date until the next change. Dates "
        f"outside [covered_from, covered_until] are not answered.",
        "Forge set codes are translated to MTGJSON's (CFX=CON, NMS=NEM, PO2=P02, COM=CMD, DRC94=PDRC, "
        "ARENA=PARL, UGF=UGIN, MPS_KLD=MPS, MPS_AKH=MP2, MPS_GRN/RNA/WAR=MED, FVE=V09, FVR=V10, "
        "FVL=V11, PDS=H09).",
    ]
    if unmapped:
        notes.append(
            "Forge set codes with no MTGJSON set of that code (kept as they are; a card printed only "
            "there is not found legal by its printings): " + ", ".join(sorted(unmapped))
        )
    notes.extend(warnings)
    apply_announced(formats)
    return {
        "schema": 1,
        "notes": notes,
        "missing": list(MISSING),
        "not_built": not_built,
        "formats": formats,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--forge", type=Path, action="append", help="a Forge formats/ folder")
    parser.add_argument("--setlist", type=Path, help="MTGJSON SetList.json")
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).resolve().parents[1] / "data" / "format_history.json"
    )
    parser.add_argument(
        "--announced-only",
        action="store_true",
        help="apply only the last step (ANNOUNCED) to the file at --out as built before (no Forge files)",
    )
    args = parser.parse_args(argv)
    if args.announced_only:
        data = json.loads(args.out.read_text(encoding="utf-8"))
        apply_announced(data["formats"])
    elif not args.forge or args.setlist is None:
        parser.error("--forge and --setlist are required (or --announced-only)")
    else:
        data = build(args.forge, args.setlist)
    text = json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n"
    args.out.write_text(text, encoding="utf-8")
    sizes = {name: len(f["changes"]) for name, f in data["formats"].items()}
    print(f"wrote {args.out}: {sizes}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
