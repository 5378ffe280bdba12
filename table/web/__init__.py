"""The simulator's view in the browser: the table live, and its inputs when simulated.

The daemon's one entry point::

    from table.web import serve
    server = serve(devices, host="127.0.0.1", port=8421, on_pairing_code=show_code)
    await server.start()
    print(f"simulator: {server.url}")
    server.lang = "cs"          # card names follow the table's language
    server.changed()            # optional: push a change to the page at once
    await server.stop()

``devices`` is the container of :func:`table.devices.build.build_devices` (or any object
with ``wind``, ``leds``, ``display``, ``buttons``, ``card_reader``).  With simulated devices
the page's buttons and cards drive them; beside real hardware it is a read-only spectator
screen.  The card row taps each card's sim tag (:func:`sim_uid`); the daemon maps a tag back
to its card with :func:`card_for_uid`.
"""

from __future__ import annotations

from table.web.server import DEFAULT_PORT, WebServer
from table.cards.simtags import card_for_uid, sim_uid

__all__ = ["DEFAULT_PORT", "WebServer", "card_for_uid", "serve", "sim_uid"]


def serve(devices, host: str = "127.0.0.1", port: int = DEFAULT_PORT, *,
          on_pairing_code=None, pairing_code: str | None = None, lang: str = "en",
          poll_s: float = 0.05) -> WebServer:
    """A :class:`WebServer` over ``devices`` (not listening yet: ``await server.start()``).

    Bound to anything but the loopback, it needs a pairing code: ``pairing_code`` if given,
    else six random digits, handed to ``on_pairing_code(code)`` at start (show it on the
    OLED) and again whenever too many wrong codes made it change.
    """
    return WebServer(devices, host, port, on_pairing_code=on_pairing_code,
                     pairing_code=pairing_code, lang=lang, poll_s=poll_s)
