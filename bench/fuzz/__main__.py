"""`python -m bench.fuzz`: hostile resource lines and page edits against real vaults.

Prints both parts' figures; exits 1 if any vault got stuck, printed a traceback, lost
or doubled a line, or wrote outside itself. The page part (bench/fuzz/pages.py) runs
when that module is present.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path

from bench.fuzz.lines import fuzz_lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000, help="generated resource lines")
    parser.add_argument("--pages", type=int, default=1_000, help="generated page edits")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--batch", type=int, default=20_000, help="lines written between weaves")
    parser.add_argument("--search", action="store_true", help="keep the search projection")
    args = parser.parse_args()

    failed = False
    with tempfile.TemporaryDirectory(prefix="vaultweave-fuzz-") as tmp:
        figures, samples = fuzz_lines(args.lines, args.seed, Path(tmp) / "lines", args.batch, args.search)
        print(f"resource lines (seed {args.seed}, {args.batch} a batch, "
              f"{'with' if args.search else 'without'} the search projection)")
        for key, value in asdict(figures).items():
            shown = f"{value:.1f} s" if key.endswith("seconds") else value
            print(f"  {key:<17} {shown}")
        for sample in samples:
            print(f"  ! {sample}")
        failed |= bool(figures.failures())

        try:
            from bench.fuzz.pages import fuzz_pages  # type: ignore[import-not-found,unused-ignore]
        except ModuleNotFoundError:
            print("page edits: bench/fuzz/pages.py not present, skipped")
        else:
            pages = fuzz_pages(args.pages, args.seed, Path(tmp) / "pages")
            print(f"page edits (seed {args.seed})")
            for key, value in pages.items():
                print(f"  {key:<17} {value}")
            failed |= any(pages.get(k, 0) for k in ("stuck", "tracebacks", "lost", "outside_writes"))
    print("result: " + ("FAIL" if failed else "PASS"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
