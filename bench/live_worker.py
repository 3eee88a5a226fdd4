"""A weaver process for the live tests and bench: `python bench/live_worker.py MODE VAULT`.

MODE `watch` runs the watcher (SIGTERM / SIGINT stop it after the running cycle);
MODE `loop` weaves in a loop until killed, holding the writer lock throughout. Both use
the phrase extractor and print `ready <pid>` once they hold their lock (the watcher's
own `watch.lock`; it takes the writer lock per cycle).
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vaultweave.weaver.vault import Vault  # noqa: E402
from vaultweave.weaver.watch import Watcher  # noqa: E402

from bench.live_support import PhraseExtractor  # noqa: E402


def main(mode: str, root: str, debounce: float = 0.05) -> int:
    vault = Vault.open(root)
    if os.environ.get("VAULTWEAVE_BENCH_NO_SEARCH"):
        vault.projections.clear()  # measure the weaver alone, without the search projection
    extractor = PhraseExtractor()
    if mode == "watch":

        def show(result):  # type: ignore[no-untyped-def]
            for report in result.reports:
                if report.commit:
                    print(f"commit {report.commit} {report.message.splitlines()[0]}", flush=True)
            print(f"batch {list(result.paths)} {len(result.reports)} {time.time():.3f}", flush=True)
            if result.error:
                print(f"error {result.error}", flush=True)

        watcher = Watcher(vault, extractor, debounce=debounce, on_batch=show)
        watcher.claim()
        # Handlers before "ready": a SIGTERM sent the moment we say so stops the watcher
        # after its running cycle, rather than killing a process still starting up.
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda *_: watcher.stop())
        print(f"ready {os.getpid()}", flush=True)
        failures = watcher.run(install_signals=False)
        print(f"stopped {watcher.batches} {failures}", flush=True)
        return 0
    vault.lock.acquire()
    print(f"ready {os.getpid()}", flush=True)
    while True:
        report = vault.weave(extractor)
        if report.commit:
            print(f"commit {report.commit}", flush=True)
        if report.consumed == 0:
            time.sleep(0.01)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], *(float(a) for a in sys.argv[3:])))
