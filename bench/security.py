"""Left on in a shop for days (issue 10): what a stranger on the network, a damaged file, a
flood on the serial link and a power cut can do.

* ``pairing_guesses_evaluated_in_60s``: one client guessing the pairing code as fast as it
  can for 60 s against a page that needs pairing (bench/security_web.py).  Goal: at most 10.
* ``table_presses_swallowed``: presses on the table's buttons taken by a screen the page's
  strangers caused.  Goal: 0.
* ``fuzz_files``, ``fuzz_tracebacks``: mutated scenario, card, profile and tag files fed to
  their readers (tests/fuzzing.py); a traceback is any error but the reader's own.  Goal: 0.
* ``kill_resumes``, ``kill_entries_lost``: a journaled game SIGKILLed 50 times at moments of
  the parent's choosing (tests/journal/killing.py).  Goal: 50 and 0.
* ``link_buffer_max_bytes``: the link decoder's buffer after 10 MB of sync bytes
  (bench/link.py).  Goal: under 64 KiB.
* ``systemd_exposure``: `systemd-analyze security --offline=yes` of the unit (None where
  systemd-analyze is missing).  Goal: at most 2.0.

    bench/run security        # SECURITY_GUESS_S=N shortens the guessing (default 60)
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT, ROOT / "tests"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))


def main() -> dict:
    import fuzzing
    from link import link_buffer_max_bytes
    from security_web import pairing_guesses_evaluated_in, table_presses_swallowed

    from tests.hardware.sandbox import systemd_exposure
    from tests.journal.killing import kill_and_resume

    seconds = float(os.environ.get("SECURITY_GUESS_S", "60"))
    out = {"pairing_guesses_evaluated_in_60s": pairing_guesses_evaluated_in(seconds),
           "guess_seconds": seconds, "goal_pairing_guesses": 10,
           "table_presses_swallowed": table_presses_swallowed(), "goal_presses_swallowed": 0}
    fuzz = fuzzing.run(2500)
    out.update({"fuzz_files": fuzz["fuzz_files"], "fuzz_tracebacks": fuzz["fuzz_tracebacks"],
                "fuzz_samples": fuzz["samples"]})
    with tempfile.TemporaryDirectory() as tmp:
        kills = kill_and_resume(Path(tmp))
    out.update({"kill_resumes": kills["kill_resumes"], "kill_entries_lost": kills["kill_entries_lost"],
                "goal_kill_resumes": 50})
    out["link_buffer_max_bytes"] = link_buffer_max_bytes()
    out["goal_link_buffer_max_bytes"] = 65536
    out["systemd_exposure"] = systemd_exposure()
    out["goal_systemd_exposure"] = 2.0
    return out


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
