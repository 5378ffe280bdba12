"""Acceptance (issue 19), the page's part: in headless Chromium, a group whose fifth Starter
the box has never seen (the players drew it themselves, face down) taps the card row's
"a card the box doesn't know" where the box asks for a weapon card, tells the box the card
on the buttons alone, and the card is played at once; the page's card row then holds it, as
"Card 1", and so does the rename list of the card form left open meanwhile, until the group
names it on the page.

(A whole game in which every Supply card drawn is taught on the spot: through the page in
tests/web/test_teach_game.py, through the daemon's inputs in tests/app/test_teach_daemon.py.)
"""

from __future__ import annotations

from .test_browser import browser, page  # noqa: F401,F811  (fixtures)
from .test_new_group import Table, wizard

SEED = 5


def test_a_card_the_box_does_not_know_is_taught_and_played_through_the_page(
        page, tmp_path, owner_cards):  # noqa: F811
    table = Table(page, tmp_path / "game", seed=SEED)
    try:
        table.start()
        wizard(table, box_draws=False)          # the wizard as offered: the players draw
        assert "a Starter, face down" in table.oled()          # the fifth Starter: hidden
        for _ in range(200):                    # OK through the turn to its weapon card
            if "Tap a weapon card" in table.oled():
                break
            table.ok()
        assert "↓: unknown card" in table.oled()
        assert page.locator('[data-card="blank"]').count() == 1
        page.click("#new-card summary")         # the card form open all along (issue 31)
        assert page.locator("#rename-form").is_hidden()          # nothing of the owner's yet
        table.tap("blank")                      # a card the box does not know
        assert table.oled().startswith("Unknown card"), table.oled()
        table.ok()                              # teach it: the face-down Starter (no kind asked)
        assert table.oled().startswith("Target?"), table.oled()
        table.press("4")                        # any hex
        table.ok()
        for _ in range(5):                      # no Accuracy, Text, Blast, the target hex, done
            table.ok()
        says = table.oled()
        assert "Is this the card?" in says and "Blast" in says and "Name: Card 1" in says, says
        table.ok()                              # saved: played at once, aimed now
        assert "Pick a target" in table.oled() or "Aim " in table.oled(), table.oled()
        page.wait_for_selector('[data-card="card_1"]', timeout=20_000)   # in the card row
        assert (owner_cards / "card_1.toml").is_file()
        # "Card 1" gets its printed names on the page: the open form's rename list has it,
        # with no reload and no reopening
        page.wait_for_selector("#rename-form:not([hidden])", timeout=20_000)
        assert page.eval_on_selector_all("#rename-form [name=id] option",
                                         "os => os.map(o => o.value)") == ["card_1"]
        page.fill("#rename-form [name=en]", "Banana Bomb")
        page.fill("#rename-form [name=cs]", "Banánová bomba")
        page.click("#rename-write")
        page.wait_for_function("document.querySelector('[data-card=\"card_1\"] .name')"
                               ".textContent === 'Banana Bomb'", timeout=20_000)
        assert 'cs = "Banánová bomba"' in (owner_cards / "card_1.toml").read_text(encoding="utf-8")
    finally:
        table.stop()
    assert all("net::ERR_" in e for e in page.errors), page.errors
