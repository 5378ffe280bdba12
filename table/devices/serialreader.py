"""A card reader on a serial port (the PN532's and the RDM6300's common part), polled in a
thread of its own that calls the handlers from it.

Garbled frames are dropped with a logged warning.  If the port vanishes or the reader stops
answering, the thread reports a :class:`DeviceError` to ``on_error`` (and keeps it in
``error``), then tries to reopen the port every ``reopen_s`` until it works again.
"""

from __future__ import annotations

import logging
import threading
from abc import abstractmethod
from collections.abc import Callable
from types import EllipsisType
from typing import TYPE_CHECKING

from table.devices import DeviceError
from table.devices.cards import CardReader

if TYPE_CHECKING:
    import serial

log = logging.getLogger(__name__)


class Garbled(ValueError):
    """A frame failed its checks."""


class SerialReader(CardReader):
    """A reader on a serial port, polled in a thread."""

    device_name = "card reader"
    baudrate = 9600

    def __init__(self, port: str, *, poll_s: float, same_card_s: float,
                 clock: Callable[[], float], reopen_s: float, start: bool):
        super().__init__(same_card_s, clock)
        self.port_path = port
        self.poll_s = poll_s
        self.reopen_s = reopen_s
        self.error: DeviceError | None = None
        self.serial: serial.Serial | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._open()
        if start:
            self.start()

    # -- the port --------------------------------------------------------------------------
    def _open(self) -> None:
        import serial

        try:
            self.serial = serial.Serial(self.port_path, self.baudrate, timeout=0.01,
                                        exclusive=True)
        except (serial.SerialException, OSError, ValueError) as err:
            raise DeviceError(
                self.device_name,
                f"cannot open serial port {self.port_path} ({err}); enable the UART "
                "(raspi-config: serial port on, login shell off) and check the port in the "
                "profile",
            ) from None
        try:
            self._setup()
        except DeviceError:
            self._close_port()
            raise

    def _close_port(self) -> None:
        if self.serial is not None:
            try:
                self.serial.close()
            except OSError:
                pass
            self.serial = None

    def _read(self) -> bytes:
        """What has arrived (waiting up to the port's short timeout for the first byte)."""
        import serial

        port = self._port()
        try:
            return port.read(max(1, port.in_waiting))
        except (serial.SerialException, OSError) as err:
            raise self._vanished(err) from None

    def _write(self, data: bytes) -> None:
        import serial

        port = self._port()
        try:
            port.write(data)
        except (serial.SerialException, OSError) as err:
            raise self._vanished(err) from None

    def _port(self) -> serial.Serial:
        """The open port (DeviceError when it was closed, by close() from another thread)."""
        if self.serial is None:
            raise self._vanished("closed")
        return self.serial

    def _vanished(self, err: object) -> DeviceError:
        return DeviceError(
            self.device_name,
            f"serial port {self.port_path} failed ({err}); check the cable and the reader's "
            "power; it will be reopened when it comes back",
        )

    # -- polling -----------------------------------------------------------------------------
    def poll_once(self) -> None:
        """One poll of the reader; raises DeviceError if the port or the reader fails."""
        if self.serial is None:
            self._open()
            log.info("%s: %s is back", self.device_name, self.port_path)
            self.error = None
        uid = self._poll()
        if uid is not ...:
            self._seen(uid)

    @abstractmethod
    def _setup(self) -> None:
        """Prepare a freshly opened reader; raise DeviceError if it does not answer."""

    @abstractmethod
    def _poll(self) -> str | None | EllipsisType:
        """The UID on the reader now, None for no card, or ... when this poll told nothing."""

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=self.device_name,
                                            daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.poll_once()
            except DeviceError as err:
                self._close_port()
                if self.error is None:
                    log.error("%s", err)
                    self.error = err
                    if self.on_error is not None:
                        self.on_error(err)
                self._stop.wait(self.reopen_s)
                continue
            except Exception:          # a handler's bug must not kill the reader
                log.exception("%s: a card handler failed", self.device_name)
            self._stop.wait(self.poll_s)

    def _close_device(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
        self._close_port()
