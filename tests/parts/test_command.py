"""`worms-table parts`: the files a maker gets, and one-line errors instead of tracebacks."""

import struct
import sys

from PIL import Image

from table import cli
from tests.parts.builds import built_for

PARTS = ("panel", "diffuser", "dial", "dial_gear", "servo_gear", "servo_mount", "front",
         "enclosure", "button_carrier", "test_coupon")


def test_parts_writes_every_part_and_the_list(tmp_path, capsys, monkeypatch):
    from table.parts import assembly
    real = assembly.build
    monkeypatch.setattr(assembly, "build", lambda p: built_for("reference")
                        if p.name == "reference" else real(p))     # built once for the folder
    out = tmp_path / "box"
    assert cli.main(["parts", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "10 parts" in said and "FAIL" not in said and said.count("ok  ") == 17
    for name in PARTS:
        stl = (out / f"{name}.stl").read_bytes()
        (triangles,) = struct.unpack("<I", stl[80:84])
        assert triangles > 20 and len(stl) == 84 + 50 * triangles      # a whole binary STL
        assert (out / f"{name}.step").read_text().startswith("ISO-10303-21")
        assert _drawn(out / f"{name}.png")
    assert _drawn(out / "assembly.png")
    for name in ("steps/step01.png", "steps/step11.png", "panel_underside.png", "power_board.png"):
        assert _drawn(out / name) and min(Image.open(out / name).size) >= 900, name
    assert (out / "assembly.step").stat().st_size > 100_000
    assert "<path" in (out / "diffuser.svg").read_text()
    listing = (out / "parts.md").read_text()
    for name in PARTS:
        assert f"| `{name}` | 1 |" in listing
    assert "LEDs 0-4, column q = -4, north to south" in listing
    assert "heat-set insert M3" in listing and "- pockets: ok, 10 bought parts fit their pockets" in listing


def _drawn(path) -> bool:
    img = Image.open(path).convert("RGB")
    colours = img.getcolors(maxcolors=1 << 16)
    return img.size[0] >= 400 and (colours is None or len(colours) > 20)


def test_without_build123d_it_says_how_to_install(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "build123d", None)       # import build123d fails
    assert cli.main(["parts", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "pip install 'worms-table[cad]'" in err[0]
    assert "Traceback" not in err[0]


def test_a_box_that_cannot_be_built_is_one_line(tmp_path, capsys):
    profile = tmp_path / "p.toml"
    text = (cli.__file__.replace("cli.py", "profiles/reference.toml"))
    profile.write_text(open(text).read().replace('led = "pixel-board"', 'led = "strip-cut"'))
    assert cli.main(["parts", "--profile", str(profile), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "does not fit a 20 mm cell" in err[0] and "box.hex_mm" in err[0]


def test_out_must_be_a_folder(tmp_path, capsys):
    (tmp_path / "f").write_text("")
    assert cli.main(["parts", "--out", str(tmp_path / "f")]) == 2
    assert "is a file" in capsys.readouterr().err
