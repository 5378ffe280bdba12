"""The page's card form in real headless Chromium: live checking, then the file written."""

from __future__ import annotations

from table.cards import load_file

from .test_browser import browser, page  # noqa: F401  (the fixtures)


def test_the_card_form_checks_as_typed_and_writes_the_file(page, table, tmp_path,  # noqa: F811
                                                           monkeypatch):
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path))
    running, _ = table
    page.goto(running.url + "/")
    page.wait_for_selector("#live:not(.off)")
    page.click("#new-card summary")
    page.select_option("#card-form [name=kind]", "supply")
    page.fill("#card-form [name=en]", "Banana Bomb")
    page.fill("#card-form [name=cs]", "Banánová bomba")
    page.fill("#card-form [name=steps]", "blast\nscatter\nblast")
    # no target yet: the table's own check says what is missing, and nothing can be written
    page.wait_for_function("document.querySelector('#card-problems').textContent"
                           ".includes('needs a target rule')", timeout=5000)
    assert page.is_disabled("#card-write")
    assert page.is_hidden("#card-form [name=lasting]")      # a Sudden Death field
    page.select_option("#card-form [name=target]", "any")
    page.fill("#card-form [name=accuracy]", "3")
    page.wait_for_function("!document.querySelector('#card-write').disabled", timeout=5000)
    assert page.text_content("#card-problems") == ""
    assert 'id = "banana_bomb"' in page.text_content("#card-toml")
    page.click("#card-write")
    page.wait_for_function("document.querySelector('#card-written').textContent"
                           ".startsWith('written')", timeout=5000)
    [card] = load_file(tmp_path / "banana_bomb.toml")
    assert card.names == {"en": "Banana Bomb", "cs": "Banánová bomba"}
    assert card.target == "any" and card.accuracy == 3
    assert card.text == ({"do": "blast"}, {"do": "scatter"}, {"do": "blast"})
    assert page.errors == []
