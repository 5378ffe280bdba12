import errno
import fnmatch
import tomllib
import warnings
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from table.devices import DeviceError
from table.devices.display import LumaDisplay, SimDisplay
from table.fonts import FONT_DIR, font

CZECH = "ěščřžýáíéůúťďňĚŠČŘŽÝÁÍÉŮÚŤĎŇ"
UKRAINIAN = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюяАБВГҐДЕЄЖЗИІЇЙЮЯ"


class RecordingSerial:
    """A luma serial interface that records what the driver sends."""

    def __init__(self, fail_after=None, error=None):
        self.log = []
        self.cleaned = False
        self.fail_after, self.error = fail_after, error

    def _maybe_fail(self):
        if self.fail_after is not None and len(self.log) >= self.fail_after:
            raise self.error

    def command(self, *cmd):
        self._maybe_fail()
        self.log.append(("cmd", list(cmd)))

    def data(self, data):
        self._maybe_fail()
        self.log.append(("data", list(data)))

    def cleanup(self):
        self.cleaned = True


def image_with(*pixels):
    im = Image.new("1", (128, 64))
    for p in pixels:
        im.putpixel(p, 1)
    return im


def test_ssd1306_init_sequence_then_blank_frame_then_display_on():
    serial = RecordingSerial()
    LumaDisplay("ssd1306", serial=serial)
    assert serial.log[0] == ("cmd", [
        0xAE,              # display off
        0xD5, 0x80,        # clock divide
        0xA8, 0x3F,        # multiplex 64
        0xD3, 0x00,        # display offset 0
        0x40,              # start line 0
        0x8D, 0x14,        # charge pump on
        0x20, 0x00,        # horizontal addressing
        0xA1, 0xC8,        # segment remap, COM scan descending
        0xDA, 0x12,        # COM pins
        0xD9, 0xF1,        # precharge
        0xDB, 0x40,        # VCOM detect
        0xA4, 0xA6,        # resume from RAM, normal (not inverted)
    ])
    assert serial.log[1] == ("cmd", [0x81, 0xCF])                     # contrast
    assert serial.log[2] == ("cmd", [0x21, 0, 127, 0x22, 0, 7])       # whole window
    assert serial.log[3] == ("data", [0] * 1024)                      # cleared
    assert serial.log[4] == ("cmd", [0xAF])                           # display on


def test_ssd1306_image_pixels_reach_the_serial_interface_as_pages():
    serial = RecordingSerial()
    display = LumaDisplay("ssd1306", serial=serial)
    serial.log.clear()
    display.show(image_with((0, 0), (5, 9), (127, 63)))
    kind, data = serial.log[-1]
    assert kind == "data" and len(data) == 1024
    expected = [0] * 1024
    expected[0] = 0x01              # page 0, column 0, bit 0
    expected[128 + 5] = 0x02        # y=9 -> page 1, bit 1
    expected[7 * 128 + 127] = 0x80  # y=63 -> page 7, bit 7
    assert data == expected


def test_the_last_image_shown_is_kept_for_mirroring():
    display = LumaDisplay("ssd1306", serial=RecordingSerial())
    assert display.image is None
    display.show(image_with((5, 9)).convert("L"))
    assert display.image.mode == "1" and display.image.getpixel((5, 9)) == 255
    assert display.image.getpixel((6, 9)) == 0


def test_sh1106_sends_each_page_with_its_column_offset():
    serial = RecordingSerial()
    display = LumaDisplay("sh1106", serial=serial, contrast=0x40)
    assert serial.log[0][1][0] == 0xAE
    assert ("cmd", [0x81, 0x40]) in serial.log
    serial.log.clear()
    display.show(image_with((3, 8)))
    pages = [entry for entry in serial.log if entry[0] == "cmd"]
    assert [p[1] for p in pages] == [[0xB0 + n, 0x02, 0x10] for n in range(8)]
    page1 = serial.log[3][1]
    assert len(page1) == 128 and page1[3] == 0x01 and sum(page1) == 1


def test_rgb_image_is_thresholded_not_dithered():
    display = SimDisplay()
    im = Image.new("RGB", (128, 64), (100, 100, 100))   # dark grey -> all off
    ImageDraw.Draw(im).rectangle((10, 10, 20, 20), fill=(255, 255, 255))
    display.show(im)
    assert display.image.mode == "1"
    assert display.image.getbbox() == (10, 10, 21, 21)
    assert display.frames == 1


def test_getdata_deprecation_does_not_break_show():
    serial = RecordingSerial()
    display = LumaDisplay("ssd1306", serial=serial)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        display.show(image_with((1, 1)))
    assert serial.log[-1][1][1] == 0x02


@pytest.mark.parametrize("bad, match", [
    (Image.new("1", (64, 64)), "image is 64x64; the display needs 128x64"),
    ("hello", "PIL image, not str"),
])
def test_bad_images_are_rejected(bad, match):
    with pytest.raises(ValueError, match=match):
        SimDisplay().show(bad)


def test_unknown_driver_is_rejected():
    with pytest.raises(ValueError, match="ssd1306, sh1106"):
        LumaDisplay("ssd1309", serial=RecordingSerial())


def test_missing_i2c_bus_is_a_device_error():
    with pytest.raises(DeviceError, match="OLED display: no ssd1306 on I2C bus 97 at 0x3C"):
        LumaDisplay("ssd1306", port=97)


def test_no_display_at_address_is_a_device_error():
    serial = RecordingSerial(fail_after=0, error=OSError(errno.EREMOTEIO, "Remote I/O error"))
    with pytest.raises(DeviceError, match="address in the profile"):
        LumaDisplay("sh1106", serial=serial, address=0x3D)


def test_display_vanishing_while_showing_is_a_device_error():
    from luma.core.error import DeviceNotFoundError

    serial = RecordingSerial()
    display = LumaDisplay(serial=serial)
    serial.fail_after, serial.error = 0, DeviceNotFoundError("I2C device not found on address: 0x3C")
    with pytest.raises(DeviceError, match="stopped answering"):
        display.show(image_with())
    display.close()


def test_close_blanks_and_releases_the_interface():
    serial = RecordingSerial()
    display = LumaDisplay(serial=serial)
    serial.log.clear()
    display.close()
    display.close()
    assert serial.log[0] == ("cmd", [0xAE]) and serial.cleaned
    with pytest.raises(DeviceError, match="closed"):
        display.show(image_with())


def glyph(f, ch):
    im = Image.new("1", (40, 40))
    ImageDraw.Draw(im).text((2, 2), ch, font=f, fill=1)
    return im.tobytes()


@pytest.mark.parametrize("size", [12, 16, 10])
def test_font_has_czech_and_ukrainian_glyphs(size):
    f = font(size)
    missing = glyph(f, "\ue000")      # a private-use code point: the font's "no glyph" box
    lacking = [ch for ch in CZECH + UKRAINIAN if glyph(f, ch) == missing]
    assert lacking == []


def test_body_font_is_a_crisp_12px_cell_with_21_characters_a_line():
    f = font(12)
    assert f.getlength("Ж" * 21) <= 128 and f.getlength("Ж" * 22) > 128
    assert f.getbbox("ŽÁЇй")[3] <= 12
    assert font(14, bold=True).path.endswith("terminus-bold.otb")


def test_bad_font_size():
    with pytest.raises(ValueError, match="font size"):
        font(0)


def test_packaging_ships_every_font_and_its_licence():
    root = Path(__file__).resolve().parents[2]
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["*"]
    files = [p.name for p in FONT_DIR.iterdir() if p.is_file() and p.suffix != ".py"]
    assert {"LICENSE-Terminus.txt", "LICENSE-DejaVu.txt"} <= set(files)
    assert [f for f in files if not any(fnmatch.fnmatch(f, pat) for pat in patterns)] == []
    assert (FONT_DIR / "__init__.py").exists()      # a package, so setuptools finds it
