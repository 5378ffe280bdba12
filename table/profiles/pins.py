"""The pins and I2C addresses a hardware profile uses, and the checks on them.

Only the pins of the backend chosen for each device count.  Checked: one function per pin (on
the Pi and on the Pico), the HAT EEPROM pins left free, the UART kept for the card reader,
I2C1's pins kept for I2C, no two I2C devices at one address, the PCA9685's all-call address.
"""

from typing import Any, NamedTuple

HAT_EEPROM = {0: "ID_SD", 1: "ID_SC"}
UART_PINS = {14: "TXD", 15: "RXD"}
I2C1_PINS = {2: "SDA", 3: "SCL"}
PCA9685_ALL_CALL = 0x70


class PinUse(NamedTuple):
    chip: str        # "pi" (BCM GPIO) or "pico" (GP)
    pin: int
    device: str      # wind | leds | display | buttons | cards
    function: str    # e.g. "button ok", "I2C1 SDA", "UART TXD", "servo PWM"


class I2CUse(NamedTuple):
    bus: int
    address: int
    device: str


def pin_uses(wind, leds, display, buttons, cards) -> list[PinUse]:
    uses: list[PinUse] = []
    if wind is not None:
        if wind.backend == "pico" and wind.pico_pin is not None:
            uses.append(PinUse("pico", wind.pico_pin, "wind", "servo PWM"))
        if wind.backend == "gpio" and wind.gpio_pin is not None:
            uses.append(PinUse("pi", wind.gpio_pin, "wind", "servo PWM"))
    if leds is not None and leds.backend == "pico" and leds.pico_pin is not None:
        uses.append(PinUse("pico", leds.pico_pin, "leds", "WS2812 data"))
    for bus, device in _i2c_buses(wind, display):
        uses.extend(_i2c_pins(bus, device))
    if buttons is not None:
        label = "button" if buttons.backend == "gpio" else "encoder"
        uses.extend(PinUse("pi", pin, "buttons", f"{label} {name}")
                    for name, pin in buttons.pins.items())
    if cards is not None and cards.backend != "sim":
        if cards.tx_pin is not None:
            uses.append(PinUse("pi", cards.tx_pin, "cards", "UART TXD"))
        if cards.rx_pin is not None:
            uses.append(PinUse("pi", cards.rx_pin, "cards", "UART RXD"))
    return uses


def _i2c_buses(wind, display) -> list[tuple[int, str]]:
    return [(u.bus, u.device) for u in i2c_uses(wind, display)]


def _i2c_pins(bus: int, device: str) -> list[PinUse]:
    pins = {1: I2C1_PINS, 0: {0: "SDA", 1: "SCL"}}.get(bus, {})
    return [PinUse("pi", pin, device, f"I2C{bus} {name}") for pin, name in pins.items()]


def i2c_uses(wind, display) -> list[I2CUse]:
    uses = []
    if display is not None and display.backend != "sim":
        uses.append(I2CUse(display.bus, display.address, "display"))
    if wind is not None and wind.backend == "pca9685" and wind.pca9685 is not None:
        uses.append(I2CUse(wind.pca9685.bus, wind.pca9685.address, "wind"))
    return uses


def check_pins(r: Any, uses: list[PinUse]) -> None:
    by_pin: dict[tuple[str, int], list[PinUse]] = {}
    for u in uses:
        by_pin.setdefault((u.chip, u.pin), []).append(u)
    for (chip, pin), group in sorted(by_pin.items()):
        name = f"GPIO{pin}" if chip == "pi" else f"Pico GP{pin}"
        functions = sorted({(u.device, u.function) for u in group})
        shared_i2c = len({f for _, f in functions}) == 1 and functions[0][1].startswith("I2C")
        if len(functions) > 1 and not shared_i2c:
            listed = " and ".join(f"{d} ({f})" for d, f in functions)
            r.problem(name, f"has two functions: {listed}; give each its own pin")
        if chip != "pi":
            continue
        for u in group:
            if pin in HAT_EEPROM:
                r.problem(name, f"is reserved for the HAT ID EEPROM ({HAT_EEPROM[pin]}) but "
                                f"{u.device} uses it for {u.function}: choose another GPIO")
            elif pin in UART_PINS and not (u.device == "cards" and u.function.startswith("UART")):
                r.problem(name, f"is the Pi's UART {UART_PINS[pin]}, kept for the card reader, "
                                f"but {u.device} uses it for {u.function}: choose another GPIO")
            elif pin in I2C1_PINS and not u.function.startswith("I2C"):
                r.problem(name, f"is I2C1 {I2C1_PINS[pin]}, kept for the I2C bus, but "
                                f"{u.device} uses it for {u.function}: choose another GPIO")


def check_i2c(r: Any, uses: list[I2CUse], wind: Any) -> None:
    seen: dict[tuple[int, int], str] = {}
    for u in uses:
        key = (u.bus, u.address)
        if key in seen:
            r.problem(f"{u.device}.address" if u.device == "display" else "wind.pca9685.address",
                      f"I2C bus {u.bus} address 0x{u.address:02X} is used by both "
                      f"{seen[key]} and {u.device}: change one address (solder jumpers on the "
                      "board) or put it on another bus")
        seen[key] = u.device
    pca = wind.pca9685 if wind is not None and wind.backend == "pca9685" else None
    if pca is not None:
        for u in uses:
            if u.device != "wind" and u.bus == pca.bus and u.address == PCA9685_ALL_CALL:
                r.problem(f"{u.device}.address",
                          f"0x{PCA9685_ALL_CALL:02X} on bus {u.bus} is the PCA9685's all-call "
                          f"address, which it also answers: move {u.device} to another address")
