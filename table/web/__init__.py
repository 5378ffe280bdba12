"""The simulator's view in the browser: the table live, and its inputs when simulated.

The daemon's one entry point::

    from table.web import serve
    server = serve(devices, host="127.0.0.1", port=8421, on_pairing_code=show_code)
    await server.start()
    print(f"simulator: {server.url}")
    server.show(snapshot)       # after each change: a TableSnapshot (table/ui/snapshot.py),
                                # pushed to every page watching; its language is the page's
    server.open_pairing()       # someone at the table asks to pair a page (a new code)
    await server.stop()

``devices`` is the container of :func:`table.devices.build.build_devices` (or any object
with ``buttons`` and ``card_reader``): the page's inputs (:class:`table.devices.panel.Panel`).
What the page shows is only what the table pushes with ``show`` (the cards it knows and its
inputs too): no device is read back.  Beside a table, commands/common.py ``start_web`` joins
the two through the table's typed side (table/ui/pagelink.py).  With simulated devices the
page's buttons and cards drive them; beside real hardware it is a read-only spectator screen.
The card row taps each card's sim tag (:func:`sim_uid`); the daemon maps a tag back to its
card with :func:`card_for_uid`.
"""

from __future__ import annotations

from table.web.server import DEFAULT_PORT, WebServer
from table.cards.simtags import card_for_uid, sim_uid

__all__ = ["DEFAULT_PORT", "WebServer", "card_for_uid", "serve", "sim_uid"]


def serve(devices, host: str = "127.0.0.1", port: int = DEFAULT_PORT, *,
          on_pairing_code=None, pairing_code: str | None = None, pairing: bool | None = None,
          lang: str = "en") -> WebServer:
    """A :class:`WebServer` over ``devices`` (not listening yet: ``await server.start()``).

    Bound to anything but the loopback (or with ``pairing=True``), pages must pair: a code
    (``pairing_code`` if given, else six random digits) is handed to ``on_pairing_code(code)``
    at start, to be shown on the OLED.  Too many wrong codes close pairing (the table is not
    told: nothing appears on its screen); ``server.open_pairing()``, called when someone at
    the table asks for it, opens it again with a new code, handed over the same way.  See
    table/web/pairing.py.
    """
    return WebServer(devices, host, port, on_pairing_code=on_pairing_code,
                     pairing_code=pairing_code, pairing=pairing, lang=lang)
