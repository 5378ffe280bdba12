"""Each device's part of the harness: its connector, the parts beside it on the power board and
the cables to it, for the backend the profile chooses.
"""

from __future__ import annotations

from table.profiles import Profile
from table.wiring.document import JUMPER, POWER, SHIFTER, SHIFTER_TIES, Harness

def leds(h: Harness, p: Profile) -> None:
    leds = p.leds
    if leds is None or leds.backend != "pico" or leds.pico_pin is None:
        return
    h.part("U1", type="74AHCT125 level shifter", subtype="SN74AHCT125N, DIP-14 (3.3 V to 5 V)",
           pins=list(SHIFTER), pinlabels=list(SHIFTER.values()), loops=SHIFTER_TIES,
           notes="1OE to GND (buffer 1 on); unused inputs tied: 2A, 3A, 4A to GND; 2OE, 3OE, 4OE "
                 "to VCC (buffers 2-4 off)")
    h.part("C1", type="capacitor 100 nF ceramic", subtype="decoupling, at U1's pins 14 and 7",
           pins=[1, 2], pinlabels=["1", "2"])
    h.part("R1", type="resistor 330 ohm 1/4 W", subtype="power board: in series at U1's output "
           "1Y (pin 3)", pins=[1, 2], pinlabels=["1", "2"])
    h.part("R4", type="resistor 10 kohm 1/4 W", subtype="pull-down: U1's input 1A (pin 2) low "
           "while the Pico boots", pins=[1, 2], pinlabels=["1", "2"])
    count = len(leds.led_map)
    h.part("J1", type="lid connector JST-XH 5-pin (B5B-XH-A on the power board, XHP-5 on the "
           "lid's leads)", subtype="the lid comes off here: unplug it", pins=[1, 2, 3, 4, 5],
           pinlabels=["+5V (LED 0)", "DIN", "GND (LED 0)", "+5V (far end)", "GND (far end)"])
    h.part("LEDs", type=f"WS2812B LEDs: {count} on {len(leds.grid.hexes)} hexes",
           subtype=f"{leds.wiring}, colour order {leds.color_order}; "
                   "input of LED 0 (pixel board pads +5V, DIN, GND)", pins=[1, 2, 3],
           pinlabels=["+5V", "DIN", "GND"])
    h.part("LEDs-end", type=f"WS2812B LEDs: the far end (LED {count - 1})",
           subtype="5 V fed at both ends, from J1's lid side", pins=[1, 2],
           pinlabels=["+5V", "GND"])
    gp = h.pico(leds.pico_pin, "WS2812 data")
    h.cable("W-DATA", "Pico", [gp], "U1", [2], ["GN"], JUMPER, "3.3 V data to U1 1A",
            h.length("pico"))
    h.cable("W-PULLDOWN", "U1", [2, 7], "R4", [1, 2], ["GN", "BK"], JUMPER, "R4 from 1A to GND")
    h.cable("W-U1-POWER", "PSU", [1, 2], "U1", [14, 7], ["RD", "BK"], POWER, "U1's supply")
    h.cable("W-C1", "U1", [14, 7], "C1", [1, 2], ["RD", "BK"], POWER, "C1 next to U1")
    h.cable("W-DATA5V", "U1", [3], "R1", [1], ["GN"], POWER, "5 V data from U1 1Y")
    h.cable("W-DIN", "R1", [2], "J1", [2], ["GN"], POWER, "to J1, on to LED 0's DIN")
    h.cable("W-J1-POWER", "PSU", [1, 2], "J1", [1, 3], ["RD", "BK"], POWER, "the LEDs' feed")
    h.cable("W-J1-POWER2", "PSU", [1, 2], "J1", [4, 5], ["RD", "BK"], POWER,
            "the far end's feed")
    h.cable("W-LID", "J1", [1, 2, 3], "LEDs", [1, 2, 3], ["RD", "GN", "BK"], POWER,
            "the lid's leads: J1 to LED 0", h.length("lid"))
    h.cable("W-LED-END", "J1", [4, 5], "LEDs-end", [1, 2], ["RD", "BK"], POWER,
            "feed at the far end too, under the panel", h.length("lid end"))


def _servo(h: Harness) -> str:
    h.part("C3", type="capacitor 470 uF 10 V electrolytic", subtype="at the servo's plug",
           pins=[1, 2], pinlabels=["+", "-"])
    return h.part("Servo", type="wind dial servo", subtype="SG90 / MG90S", pins=[1, 2, 3],
                  pinlabels=["signal (orange)", "+5V (red)", "GND (brown)"])


def wind(h: Harness, p: Profile) -> None:
    wind = p.wind
    if wind is None or wind.backend == "sim":
        return
    if wind.backend == "pca9685":
        return                               # wired with the I2C bus (display)
    servo = _servo(h)
    if wind.backend == "pico":
        h.cable("W-SERVO", "Pico", [h.pico(wind.pico_pin, "servo PWM")], servo, [1], ["OG"],
                JUMPER, "servo signal", h.length("servo"))
    else:
        assert wind.gpio_pin is not None         # a valid profile's gpio backend has its pin
        h.cable("W-SERVO", "Pi", [h.pi(wind.gpio_pin, "servo PWM")], servo, [1], ["OG"],
                JUMPER, "servo signal")
    h.cable("W-SERVO-POWER", "PSU", [1, 2], servo, [2, 3], ["RD", "BN"], POWER,
            "servo supply, from the power board", h.length("servo"))
    h.cable("W-C3", servo, [2, 3], "C3", [1, 2], ["RD", "BK"], POWER, "C3 at the servo")


def display(h: Harness, p: Profile) -> None:
    display = p.display
    pca = p.wind.pca9685 if p.wind is not None and p.wind.backend == "pca9685" else None
    oled = display if display is not None and display.backend != "sim" else None
    if oled is None and pca is None:
        return
    bus = [h.pi("3v3", "I2C devices"), h.pi(2, "I2C1 SDA"), h.pi(3, "I2C1 SCL"),
           h.pi("gnd")]
    source, source_pins = "Pi", bus
    if pca is not None:
        h.part("PCA9685", type=f"PCA9685 PWM board (I2C{pca.bus} 0x{pca.address:02X})",
               subtype="Adafruit 815", pins=list(range(1, 12)),
               pinlabels=["VCC", "SDA", "SCL", "GND", "VCC out", "SDA out", "SCL out",
                          "GND out", "V+", f"PWM {pca.channel}", "GND (servo row)"])
        h.cable("W-I2C", "Pi", bus, "PCA9685", [1, 2, 3, 4], ["OG", "BU", "YE", "BK"], JUMPER,
                "I2C and 3.3 V logic supply")
        source, source_pins = "PCA9685", [5, 6, 7, 8]
        servo = _servo(h)
        h.cable("W-SERVO", "PCA9685", [10, 9, 11], servo, [1, 2, 3], ["OG", "RD", "BN"], JUMPER,
                f"servo on channel {pca.channel}")
        h.cable("W-SERVO-POWER", "PSU", [1, 2], "PCA9685", [9, 11], ["RD", "BK"], POWER,
                "V+ terminal: the servo's supply")
        h.cable("W-C3", servo, [2, 3], "C3", [1, 2], ["RD", "BK"], POWER, "C3 at the servo")
    if oled is not None:
        h.part("OLED", type=f"{oled.backend.upper()} OLED 128x64, 4-pin I2C module",
               subtype=f"I2C{oled.bus} 0x{oled.address:02X}, 3.3 V; header GND VCC SCL SDA "
                       "(some clones swap GND and VCC: read the silkscreen)",
               pins=[1, 2, 3, 4], pinlabels=["GND", "VCC", "SCL", "SDA"])
        h.cable("W-OLED", source, source_pins, "OLED", [2, 4, 3, 1], ["OG", "BU", "YE", "BK"],
                JUMPER, "I2C and 3.3 V", h.length("oled"))


def buttons(h: Harness, p: Profile) -> None:
    buttons = p.buttons
    if buttons is None or buttons.backend == "sim":
        return
    names = list(buttons.pins)
    colours = ["WH", "GY", "VT", "BU", "GN", "YE", "OG", "PK", "BN", "TQ"]
    if buttons.backend == "encoder":
        h.part("Encoder", type="rotary encoder with push switch", subtype="Bourns PEC11R",
               pins=[1, 2, 3, 4, 5, 6],
               pinlabels=["A", "B", "C (common)", "switch (OK)", "switch GND",
                          "Back button (its other leg to C)"], loops=[[3, 5]])
        pins = [h.pi(buttons.pins[n], f"encoder {n}") for n in names]
        h.cable("W-ENCODER", "Pi", pins + [h.pi("gnd")], "Encoder", [1, 2, 4, 6, 3],
                colours[:4] + ["BK"], JUMPER, "A, B, OK, Back; the common and both switches to GND")
        return
    h.part("Buttons", type="push buttons, each from its GPIO to GND",
           subtype="Omron B3F-4055 (the Pi's pull-ups)", pins=list(range(1, len(names) + 2)),
           pinlabels=[f"button {n}" for n in names] + ["GND (common)"])
    pins = [h.pi(buttons.pins[n], f"button {n}") for n in names]
    h.cable("W-BUTTONS", "Pi", pins + [h.pi("gnd")], "Buttons",
            list(range(1, len(names) + 2)), colours[:len(names)] + ["BK"], JUMPER,
            "one wire per button, one common ground", h.length("buttons"))


def cards(h: Harness, p: Profile) -> None:
    cards = p.cards
    if cards is None or cards.backend == "sim" or cards.tx_pin is None:
        return
    if cards.rx_pin is None:
        return
    if cards.backend == "rdm6300":
        _rdm6300(h, cards.port, cards.tx_pin, cards.rx_pin)
        return
    h.part("Reader", type="Elechouse PN532 NFC module V3, HSU (UART) mode: both switches off",
           subtype=f"{cards.port}; powered from the Pi's 3.3 V, so its UART is at 3.3 V (fed "
                   "5 V, it would drive TXD at 5 V into the Pi); header GND VCC TXD RXD",
           pins=[1, 2, 3, 4], pinlabels=["GND", "VCC (3.3 V)", "TXD (SDA)", "RXD (SCL)"])
    h.cable("W-READER", "Pi", [h.pi("gnd"), h.pi("3v3", "card reader"),
                               h.pi(cards.rx_pin, "UART RXD"), h.pi(cards.tx_pin, "UART TXD")],
            "Reader", [1, 2, 3, 4], ["BK", "OG", "WH", "GN"], JUMPER,
            "3.3 V; the reader's TXD to the Pi's RXD, its RXD from the Pi's TXD", h.length("reader"))


def _rdm6300(h: Harness, port: str, tx_pin: int, rx_pin: int) -> None:
    """The RDM6300 is a 5 V module whose TX idles at 5 V: it takes 5 V from the brick and its TX
    reaches the Pi's RXD through R5/R6 (10k/15k: 5 V in, 3.0 V out)."""
    h.part("Reader", type="RDM6300 125 kHz reader (5 V module)",
           subtype=f"{port}; header P1: TX RX - GND +5V; its TX through the R5/R6 divider",
           pins=[1, 2, 4, 5], pinlabels=["TX (5 V)", "RX", "GND", "+5V"])
    h.part("R5", type="resistor 10 kohm 1/4 W", subtype="divider top: the reader's 5 V TX",
           pins=[1, 2], pinlabels=["1", "2"])
    h.part("R6", type="resistor 15 kohm 1/4 W", subtype="divider bottom: 3.0 V to the Pi's RXD",
           pins=[1, 2], pinlabels=["1", "2"])
    h.cable("W-READER-POWER", "PSU", [1, 2], "Reader", [5, 4], ["RD", "BK"], POWER,
            "5 V from the brick, never the Pi's 5 V pins", h.length("reader"))
    h.cable("W-READER-TX", "Reader", [1], "R5", [1], ["WH"], JUMPER, "5 V TX into R5")
    h.cable("W-READER-RX", "Pi", [h.pi(rx_pin, "UART RXD"), h.pi("gnd")], "R6", [1, 2],
            ["WH", "BK"], JUMPER, "R6 from the Pi's RXD to GND")
    h.cable("W-READER-DIV", "R5", [2], "R6", [1], ["WH"], JUMPER, "R5 meets R6 at the Pi's RXD")
    h.cable("W-READER-TXD", "Pi", [h.pi(tx_pin, "UART TXD")], "Reader", [2], ["GN"], JUMPER,
            "the Pi's 3.3 V TXD into the reader's RX (unused by it)")
