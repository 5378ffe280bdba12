"""What a button press or a card tap does at the table (on the loop, one input at a time).

The daemon hands each input here (:meth:`Daemon.handle_input`, :meth:`Daemon.handle_tap`, one
journal commit each).  A few held buttons are the table's own (hold Back: undo; hold OK: what
the LED colours mean; hold 1: the page's pairing; hold OK on the legend: abandon the game, asked first); any
other input goes to the prompt on show (or to the teaching walk of a card the box does not
know), and :func:`outcome` takes what the prompt made of it where it belongs: the wizard, the
steps to copy, the game, or a notice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from table.devices.buttons import InputEvent

from table.app.ahead import skip_ahead
from table.app.asking.prompt import Answer, Prompt, Refuse
from table.app.core.mode import Mode
from table.app.core.tablestate import Doing
from table.app.host import Host
from table.app.pageside import PageSide
from table.app.showing.views import Legend, refusal
from table.app.asking.prompts import Notice
from table.app.storage.guard import StorageGuard
from table.app.teach.teacher import Teacher
from table.app.abandon import AbandonQuestion, abandon_game
from table.app.wizard import Wizard

PAIR_BUTTON = "1"            # held: the simulator page opens pairing with a new code


class Table(Host, Protocol):
    """What an input acts on: the daemon (table/app/daemon.py), as this module sees it."""

    wizard: Wizard | None
    guard: StorageGuard
    teacher: Teacher
    tag_lookup: Callable[[str], str | None] | None
    page: PageSide                    # the page's side (its pairing)
    show: Any                         # the shop demo's show (table/app/demo/show.py), or None

    def doing(self) -> Doing: ...
    def settle(self) -> None: ...
    def undo(self) -> None: ...
    def start_game(self, config: Any) -> None: ...
    def new_wizard(self) -> None: ...
    def save_progress(self) -> None: ...
    def check_timer(self) -> None: ...


def press(daemon: Table, event: InputEvent) -> None:
    """A button pressed (or held: ``event.long``)."""
    if event.name == PAIR_BUTTON and event.long and daemon.page.on_pair_button is not None:
        daemon.page.on_pair_button()             # the page's new code comes back as a notice
        return
    if event.name == "back" and event.long:
        if daemon.mode == Mode.PLAY:
            daemon.state.set(overlay=None)
            daemon.undo()
        return
    if (event.name == "ok" and event.long and daemon.mode == Mode.PLAY
            and daemon.overlay is None and not isinstance(daemon.current(), Legend)):
        daemon.state.set(overlay=Legend())      # what the LED colours mean
        return
    if (event.name == "ok" and event.long and daemon.mode == Mode.PLAY
            and isinstance(daemon.overlay, Legend) and daemon.teacher.prompt is None):
        # held again on the legend: abandon the game? (asked first; every build has OK)
        daemon.state.set(overlay=AbandonQuestion(lambda: abandon_game(daemon)))
        return
    prompt = daemon.current()
    wizard = daemon.wizard
    if (daemon.mode == Mode.WIZARD and wizard is not None and prompt is wizard.prompt
            and event.name == "back" and not getattr(prompt, "sub", None)):
        wizard.back()
    elif not daemon.teacher.press(event, prompt):
        outcome(daemon, prompt, prompt.press(event))


def tap(daemon: Table, uid: str) -> None:
    """A card tag on the reader: its card (an enrolled tag, else the simulator's), or the
    teaching walk when the box does not know it."""
    card = daemon.tags.card(uid)
    if card is None and daemon.tag_lookup is not None:
        card = daemon.tag_lookup(uid)
    if daemon.overlay is not None:
        daemon.state.set(overlay=None)
        daemon.settle()
    prompt = daemon.current()
    outcome(daemon, prompt, daemon.teacher.tapped(uid, card, prompt))   # unknown: the walk


def outcome(daemon: Table, prompt: Prompt, out: Any) -> None:
    """What ``prompt`` made of an input (an :class:`Answer`, a :class:`Refuse` or None),
    taken where what is on show (:meth:`Daemon.doing`) says it belongs.  An outcome of a
    prompt no longer on show (a step the queue has moved past, a notice since replaced)
    changes nothing: the people answered a screen the table no longer asks."""
    if out is None or prompt is not daemon.current():
        return
    if isinstance(out, Refuse):
        daemon.state.set(overlay=Notice(lambda v: refusal(out, v.lang)))
        return
    match daemon.doing():
        case Doing.STOPPED:
            daemon.guard.retry()
        case Doing.NOTICE:
            daemon.state.set(overlay=None)
        case Doing.TEACHING if isinstance(out, Answer):
            daemon.teacher.take(out.value)
        case Doing.WIZARD if daemon.wizard is not None:
            config = daemon.wizard.answer(out.value)
            daemon.state.set(lang=daemon.wizard.lang)
            if config is not None:
                daemon.start_game(config)
        case Doing.COPYING:
            daemon.queue.confirm()
            daemon.save_progress()
            if not daemon.queue:
                daemon.check_timer()
            if isinstance(out, Answer) and out.then is not None and not daemon.queue:
                asked = daemon.current()              # (a card tapped for the draw asked next)
                outcome(daemon, asked, asked.tap(out.then))
        case Doing.ASKING if isinstance(out, Answer) and out.then is None:
            daemon.answer(out.value)
        case Doing.ASKING if isinstance(out, Answer):
            follow = skip_ahead(daemon, out)
            if follow is not None:
                outcome(daemon, *follow)
        case Doing.OVER if daemon.mode == Mode.OVER and daemon.show is None:
            daemon.new_wizard()       # (the shop demo's show says what follows a game's end)


__all__ = ["PAIR_BUTTON", "outcome", "press", "tap"]
