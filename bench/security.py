"""Left on in a shop for days (issue 10): what a stranger on the network, a damaged file, a
flood on the serial link and a power cut can do.

* ``pairing_guesses_evaluated_in_60s``: one client guessing the pairing code as fast as it
  can for 60 s against a page that needs pairing (bench/security_web.py).  Goal: at most 10.
* ``pairing_many_sources``: 200 addresses sending 5 wrong codes each, then the person at the
  table with the right code; pairing closed, the addresses try the right code; reopened, they
  guess again, and the person types the new code: codes evaluated in all and per source
  (goal: at most 10 + one per address in an opening, at most 3 per source), the person paired
  both times (goal: true).
* ``card_attacks_refused``, ``card_at_bounds_ms``: the card bounds (bench/security_cards.py).
* ``longest_pause_ms``: per attack, the event loop's longest pause while it lasted (what a
  press on the table would have waited for; measured by a task asking to wake every 5 ms).
* ``fuzz_per_reader``: per reader, [mutated files, tracebacks] (tests/fuzzing.py: structures,
  bytes and text mutated: huge integers, deep nesting, not UTF-8, control characters, cut
  short, huge strings), journal rows and the journal file included.  Goal: 0 tracebacks.
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

    bench/run security        # SECURITY_GUESS_S=N shortens the guessing (default 60),
                              # SECURITY_FUZZ_N=N files per reader (default 2500)
"""

from __future__ import annotations

import json
import logging
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
    from security_web import guessing, many_sources, page_attacks, table_presses_swallowed

    from tests.hardware.sandbox import systemd_exposure
    from tests.journal.killing import kill_and_resume

    seconds = float(os.environ.get("SECURITY_GUESS_S", "60"))
    import security_cards
    guesses = guessing(seconds)
    many = many_sources()
    out = {"pairing_guesses_evaluated_in_60s": guesses["evaluated"],
           "guess_seconds": seconds, "goal_pairing_guesses": 10,
           "pairing_many_sources": many,
           "table_presses_swallowed": table_presses_swallowed(), "goal_presses_swallowed": 0,
           "longest_pause_ms": {"one_client_guessing": guesses["longest_pause_ms"],
                                "many_sources_guessing": many["longest_pause_ms"]}}
    attacks = page_attacks()            # pauses (ms) and what the paired pages got meanwhile
    out["longest_pause_ms"].update({k: v for k, v in attacks.items() if isinstance(v, float)})
    out["page_attacks"] = {k: v for k, v in attacks.items() if not isinstance(v, float)}
    logging.disable(logging.CRITICAL)               # thousands of set-aside files named
    try:
        fuzz = fuzzing.run(int(os.environ.get("SECURITY_FUZZ_N", "2500")))
    finally:
        logging.disable(logging.NOTSET)
    out.update({"fuzz_files": fuzz["fuzz_files"], "fuzz_tracebacks": fuzz["fuzz_tracebacks"],
                "fuzz_per_reader": fuzz["per_reader"], "fuzz_samples": fuzz["samples"]})
    with tempfile.TemporaryDirectory() as tmp:
        kills = kill_and_resume(Path(tmp))
    out.update({"kill_resumes": kills["kill_resumes"], "kill_entries_lost": kills["kill_entries_lost"],
                "goal_kill_resumes": 50})
    out.update(security_cards.main())          # issue 24 item 1: the card bounds (table/cards)
    out["link_buffer_max_bytes"] = link_buffer_max_bytes()
    out["goal_link_buffer_max_bytes"] = 65536
    out["systemd_exposure"] = systemd_exposure()
    out["goal_systemd_exposure"] = 2.0
    return out


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
