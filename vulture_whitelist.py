"""The names `vulture table vulture_whitelist.py` (tests/test_tools.py) would call unused that
are used, but only by a framework or an entry point outside table/, which vulture does not read.

One name a line, each with why; vulture matches names, not places.  At most 40 (a test counts
them): dead code is deleted, not listed here.  This file is read by vulture, never imported.
"""

from gpiozero import Button, RotaryEncoder

from table.app import presses
from table.devices import linkcodec
from table.devices.link import PicoLink
from table.parts import routes
from table.web import pairing, server

# gpiozero calls the callbacks table/devices/buttons.py gives its devices through these
Button.when_held  # a button held for hold_s
Button.when_released  # a button let go
RotaryEncoder.when_rotated_clockwise  # the encoder turned one step clockwise
RotaryEncoder.when_rotated_counter_clockwise  # and one step the other way

# table/devices/linkcodec.py is firmware/linkcodec.py: the Pico's side, firmware/linknode.py,
# uses these
linkcodec.parse_hello  # the host's HELLO
linkcodec.hello_reply  # the Pico's answer to it
linkcodec.parse_led_order  # the colour order the host sets
linkcodec.parse_led_count  # the number of LEDs the host sets
linkcodec.parse_lost  # the host's report of frames it lost

# the codec's own check, tests/firmware/portable_checks.py, runs on the Pico itself
# (MicroPython, its entry point is the firmware's self-test) and decodes through these
linkcodec.crc32  # a frame's check as a number
linkcodec.parse_led_set  # the LED frames the host sends
linkcodec.parse_brightness  # the brightness cap the host sets
linkcodec.parse_servo  # the servo pulse the host sets

# the benchmarks (bench/run runs each bench/NAME.py main()) measure through these
routes.chain_wire_mm  # bench/parts.py: the LED chain's wire (hardware/ASSEMBLY.md quotes it)
presses.inputs_for  # bench/daemon.py, bench/ux.py: the presses that give an answer
PicoLink.buffered  # bench/link.py: the frames the link holds while the Pico is mute
PicoLink.connected  # bench/link.py: whether the link is up while the Pico goes mute
pairing.Pairing.evaluated  # bench/security_web.py: pairing codes the server checked
server.WebServer.streams  # bench/security_web.py: the event streams one page holds
