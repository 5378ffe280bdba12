"""The power board's layout (table/parts/powerboard.py) cannot short, and its check finds the
ways a drawing can: pure Python, no CAD."""

from dataclasses import replace
from pathlib import Path

import pytest

from table.parts import boardcheck as B
from table.parts import powerboard as P
from table.parts.drawings import power_board_svg

# the drawing of 11f0498 (issue 34 item 1), put back: its 26 x 18 grid, its parts' holes with
# their nets, and its wires drawn as an L from pad to pad, whatever lay between
OLD_BOARD = P.Perfboard("the old 26 x 18 grid", (70.0, 50.0), 26, 18)
OLD_PARTS = (
    P.part("J0", "", ("+", (1, 3), "+5V"), ("-", (1, 1), "GND")),
    P.part("C2", "", ("+", (4, 3), "+5V"), ("-", (4, 1), "GND")),
    P.part("D1", "", ("A", (3, 6), "+5V"), ("K", (7, 6), "VSYS")),
    P.part("U1", "", *(((str(k + 1), (9 + k, 9), n) for k, n in enumerate(
        ("GND", "GP2", "DOUT", "+5V", "GND", "", "GND")))), *(((str(14 - k), (9 + k, 12), n)
                                                                for k, n in enumerate(
        ("+5V", "+5V", "GND", "", "+5V", "GND", ""))))),
    P.part("C1", "", ("+", (18, 12), "+5V"), ("-", (18, 9), "GND")),
    P.part("R1", "", ("1", (11, 6), "DOUT"), ("2", (15, 6), "DIN")),
    P.part("R4", "", ("1", (10, 6), "GP2"), ("2", (10, 2), "GND")),
    P.part("R2", "", ("1", (3, 15), "+5V"), ("2", (7, 15), "RAIL")),
    P.part("R3", "", ("1", (8, 15), "RAIL"), ("2", (12, 15), "AGND")),
    P.part("J1", "", *((str(k + 1), (17 + k, 16), n) for k, n in enumerate(
        ("+5V", "DIN", "GND", "+5V", "GND")))),
    P.part("SERVO", "", ("S", (22, 3), "SERVO"), ("+", (23, 3), "+5V"), ("-", (24, 3), "GND")),
    P.part("PICO", "", *((pin, (26, 5 + 2 * k), net) for k, (pin, net) in enumerate(
        (("GP2", "GP2"), ("GP26", "RAIL"), ("VSYS", "VSYS"), ("GND", "GND"), ("AGND", "AGND"),
         ("GP15", "SERVO"))))),
)
OLD_WIRES = tuple((net, (a, (b[0], a[1]), b)) for net, a, b in (
    ("+5V", (1, 3), (4, 3)), ("+5V", (4, 3), (3, 6)), ("+5V", (4, 3), (3, 15)),
    ("+5V", (3, 6), (3, 12)), ("+5V", (3, 12), (9, 12)), ("+5V", (9, 12), (18, 12)),
    ("+5V", (18, 12), (17, 16)), ("+5V", (18, 12), (20, 16)), ("+5V", (18, 12), (23, 3)),
    ("GND", (1, 1), (4, 1)), ("GND", (4, 1), (10, 2)), ("GND", (10, 2), (15, 9)),
    ("GND", (15, 9), (18, 9)), ("GND", (9, 9), (15, 9)), ("GND", (18, 9), (19, 16)),
    ("GND", (18, 9), (21, 16)), ("GND", (18, 9), (24, 3)), ("GND", (18, 9), (26, 11)),
    ("GP2", (26, 5), (10, 9)), ("GP2", (10, 6), (10, 9)), ("DOUT", (11, 9), (11, 6)),
    ("DIN", (15, 6), (18, 16)), ("RAIL", (7, 15), (8, 15)), ("RAIL", (8, 15), (26, 7)),
    ("AGND", (12, 15), (26, 13)), ("VSYS", (7, 6), (26, 9)), ("SERVO", (26, 15), (22, 3)),
    ("+5V", (12, 9), (9, 12)), ("+5V", (13, 12), (9, 12)), ("+5V", (10, 12), (9, 12)),
    ("GND", (13, 9), (15, 9)), ("GND", (14, 12), (15, 9)), ("GND", (11, 12), (15, 9)),
))


def test_the_layout_has_no_short_no_foreign_pad_and_no_open():
    assert B.problems() == []
    problems, figure = B.check()
    assert problems == [] and "24 x 18-hole" in figure


def test_the_old_drawing_put_back_fails_on_its_shorts_and_foreign_pads():
    found = B.problems(OLD_PARTS, OLD_WIRES, OLD_BOARD)
    text = "\n".join(found)
    assert "+5V: a wire over U1 1 (GND) at I9: a foreign pad" in found      # the 2OE tie
    assert "VSYS: a wire over R4 1 (GP2) at J6: a foreign pad" in found     # 4.7 V on GP2
    assert any("+5V" in p and "GND" in p and "both pass" in p for p in found)
    assert "the wires join" in text and "GND" in text and "+5V" in text
    assert "under a corner screw" in text                                    # A1 on its 26 x 18


def test_a_wire_over_a_foreign_pad_a_short_an_open_and_a_diagonal_are_each_found():
    wires = list(P.WIRES)
    rail = next(i for i, (net, _) in enumerate(wires) if net == "RAIL")
    assert B.problems(wires=wires[:rail] + wires[rail + 1:]) == [
        "RAIL is open: R2 2 does not reach PICO GP26, R3 1"]
    over = wires + [("DOUT", ((14, 8), (16, 8), (16, 9)))]        # onto U1 pin 5 (GND)
    assert B.problems(wires=over) == ["DOUT: a wire over U1 5 (GND) at P9: a foreign pad",
                                      "the wires join DOUT and GND: a short"]
    across = wires + [("SERVO", ((23, 7), (23, 8), (19, 8)))]       # next to nothing: fine
    assert B.problems(wires=across) == []
    crossing = wires + [("SERVO", ((23, 7), (23, 11)))]             # across the ground ring
    assert "SERVO and GND both pass X10: a short" not in B.problems(wires=crossing)
    assert "SERVO and GND both pass W10: a short" in B.problems(wires=crossing)
    assert B.problems(wires=wires + [("GND", ((1, 1), (2, 2)))]) == [
        "GND: a wire runs diagonally from (1, 1) to (2, 2)"]


def test_two_leads_in_one_hole_and_a_pad_under_a_screw_are_found():
    u1 = next(p for p in P.PARTS if p.ref == "U1")
    moved = replace(u1, leads=(replace(u1.leads[0], hole=(12, 12)),) + u1.leads[1:])
    parts = tuple(moved if p is u1 else p for p in P.PARTS)
    assert any("share hole L12" in p for p in B.problems(parts=parts))
    corner = (P.part("J9", "", ("-", (1, 1), "GND")),)
    assert B.problems(parts=P.PARTS + corner, board=P.BOARD) == []
    assert "J9 - at A1 is under a corner screw" in B.problems(parts=P.PARTS + corner,
                                                               board=OLD_BOARD)


def test_the_board_is_the_common_24_by_18_grid_and_its_margins_are_real():
    assert (P.BOARD.cols, P.BOARD.rows) == (24, 18)
    x, y = P.BOARD.xy((1, 1))
    assert (x, y) == pytest.approx(((70 - 23 * 2.54) / 2, (50 - 17 * 2.54) / 2))
    u1 = next(p for p in P.PARTS if p.ref == "U1").leads
    assert P.BOARD.xy(u1[6].hole)[0] - P.BOARD.xy(u1[0].hole)[0] == pytest.approx(6 * 2.54)
    assert P.BOARD.xy(u1[7].hole)[1] - P.BOARD.xy(u1[0].hole)[1] == pytest.approx(3 * 2.54)


def test_the_fuse_and_the_polarity_guard_stand_between_the_jack_and_the_rail():
    nets = {(p.ref, lead.pin): lead.net for p in P.PARTS for lead in p.leads}
    assert nets[("J0", "+")] == nets[("F1", "1")] == "VIN"
    assert nets[("F1", "2")] == nets[("Q1", "D")] == "VF"
    assert nets[("Q1", "S")] == "+5V" and nets[("Q1", "G")] == "GND"
    assert "VIN" not in {net for (ref, _), net in nets.items() if ref not in ("J0", "F1")}


def test_the_drawing_shows_both_sides_and_the_committed_one_is_current():
    svg = power_board_svg(2, 15)
    assert "Parts side" in svg and "Wiring side" in svg and 'width="297mm"' in svg
    assert "GP2" in svg and "GP15" in svg and "RUEF300" in svg and "NDP6020P" in svg
    committed = Path(__file__).parents[2] / "hardware" / "power_board.svg"
    assert committed.read_text() == svg, "run worms-table parts and copy box/power_board.svg"
