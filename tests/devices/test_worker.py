"""Slow device I/O off the event loop: the newest frame replaces an unsent older one, a failed
send is reported, and the OLED's post() never waits for the bus."""

import threading

import pytest
from PIL import Image

from table.devices import DeviceError
from table.devices.display import SimDisplay, frame_seconds
from table.devices.worker import Newest


def test_post_returns_while_the_device_is_busy_and_only_the_newest_waiting_frame_is_sent():
    release = threading.Event()
    started = threading.Event()
    sent = []

    def send(value):
        started.set()
        release.wait(10)
        sent.append(value)

    w = Newest(send, name="test")
    w.post(1)
    assert started.wait(10)                 # 1 is on the bus, held there
    for value in (2, 3, 4):
        w.post(value)                       # none of these waits for the bus
    assert sent == []
    release.set()
    assert w.flush(10)
    assert sent == [1, 4] and w.dropped == 2 and w.sent == 2
    w.close()


def test_a_failed_send_is_handed_to_on_error_and_raised_by_the_next_post():
    errors = []

    def send(value):
        raise DeviceError("OLED display", "stopped answering")

    w = Newest(send, name="test", on_error=errors.append)
    w.post("frame")
    w.flush(10)
    assert [str(e) for e in errors] == ["OLED display: stopped answering"]
    with pytest.raises(DeviceError):
        w.post("next")
    w.post("after")                          # the error was reported once; the worker goes on
    w.close()


def test_closing_sends_what_is_pending_then_refuses():
    sent = []
    w = Newest(sent.append, name="test")
    w.post("last")
    w.close()
    assert sent == ["last"] and w.closed
    with pytest.raises(RuntimeError):
        w.post("late")


def test_the_display_posts_and_the_panel_shows_it_once_sent():
    image = Image.new("1", (128, 64), 0)
    image.putpixel((5, 7), 1)
    with SimDisplay() as display:
        display.post(image)
        assert display.image.tobytes() == image.tobytes()     # the mirror is told at once
        assert display.flush(10)
        assert display.panel().tobytes() == image.tobytes()
    assert display.closed


def test_a_simulated_bus_takes_a_real_frame_time():
    assert round(frame_seconds(400_000) * 1000) == 25
    assert round(frame_seconds(100_000) * 1000) == 99
    with pytest.raises(ValueError, match="bus_hz"):
        SimDisplay(bus_hz=5)

