"""git textconv driver: `vaultweave-textconv FILE` prints an item as readable text."""

from __future__ import annotations

import sys
from pathlib import Path

from vaultweave.store.item import decode, to_text


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: vaultweave-textconv ITEM_FILE", file=sys.stderr)
        return 2
    data = Path(args[0]).read_bytes()
    if not data:
        return 0  # git passes an empty file for the missing side of an add/delete
    try:
        sys.stdout.write(to_text(decode(data)))
    except ValueError as exc:
        sys.stdout.write(f"<unreadable item: {exc}>\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
