"""What the shop demo (table/app/demo/show.py) says on its OLED: the invitation, what the box's
play did, the card tapped that the team on show does not hold, what the visitor's shot did,
goodbye; and the show's own screen over the game (:class:`Scene`: a screen, an animation)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from table.engine.board import Board
from table.ui import scenes, screens
from table.ui.layout import card_name
from table.ui.strings import text

from table.app.asking.prompt import Prompt, View

class Scene(Prompt):
    """The show's own screen over the game: ``screen`` on the OLED and, on the LEDs, ``scene``
    (``seconds`` long from its first frame, its last frame held after; None: the board)."""

    def __init__(self, screen: screens.Screen, scene: scenes.Scene | None = None,
                 seconds: float = 0.0) -> None:
        self._screen, self.scene, self.seconds = screen, scene, seconds
        self.start: float | None = None
        self.animated = scene is not None and seconds > 0

    def screen(self, view: View) -> screens.Screen:
        return self._screen

    def frame(self, view: View, t: float) -> scenes.Frame:
        if self.scene is None:
            return view.base(t)
        if self.start is None:
            self.start = t
        dt = t - self.start
        if dt >= self.seconds:
            self.animated = False
        frame = self.scene(min(max(dt, 0.0), self.seconds))
        return {h: frame.get(h, scenes.OFF) for h in view.grid}

    def press(self, event: Any) -> None:
        return None

    def tap(self, card_id: str | None) -> None:
        return None


def chained(animations: list[tuple[scenes.Scene, float]]) -> tuple[scenes.Scene | None, float]:
    """The animations one after the other, as one scene, and its length (None: none)."""
    if not animations:
        return None, 0.0

    def scene(t: float) -> scenes.Frame:
        for fn, seconds in animations:
            if t < seconds:
                return fn(t)
            t -= seconds
        fn, seconds = animations[-1]
        return fn(seconds)
    return scene, sum(seconds for _, seconds in animations)


def bye_screen(lang: str) -> screens.Screen:
    """Goodbye: the show goes on in a moment."""
    return screens.message(text("demo.title", lang), text("demo.bye", lang))


def invite_screen(lang: str, versus: bool = False):
    """The invitation: press any button (or tap a weapon card) to try a shot; or (``versus``)
    hold OK for a short game against the box."""
    if versus:
        return screens.message(text("demo.title", lang), text("demo.versus_invite", lang))
    return screens.message(text("demo.title", lang), f"{text('demo.invite', lang)}\n"
                                                     f"{text('demo.invite_keys', lang)}")


def commentary(lang: str, events: list, board: Board,
               view: Callable[[], Any]) -> screens.Screen | None:
    """What the bots' play just did: the first change to the board, in words (None: none);
    ``view()``: the game's view (whose turn), asked only when there is something to say."""
    from table.ui.instructions import instructions, worm_number

    said = instructions(events, board)
    if not said:
        return None
    shown, body = view(), said[0].text(lang)
    if shown.team is None:
        return screens.message("worms-table", body)
    n = worm_number(shown.worm) if shown.worm else None
    return screens.turn(lang, shown.team, n, body)


def not_held(lang: str, cards: Mapping, tapped: str, shot: str | None) -> screens.Screen:
    """The team on show does not hold ``tapped``: say so, and the card it holds instead."""
    name = card_name(cards, tapped, lang)
    other = card_name(cards, shot, lang) if shot is not None and shot in cards else ""
    return screens.message(text("demo.title", lang),
                           text("demo.not_held", lang, card=name, other=other))


def shot_result(lang: str, game, team: str | None, since: int = 0) -> tuple[str, str]:
    """The title and body of what the visitor's card did: its card summary (the aim, the
    worms hurt, destroyed, drowned, the worms left) from the events of its play (the last
    card ``team`` played from event ``since`` on; none: the turn went by without a weapon)."""
    from table.ui.summaries import card_summary
    from table.engine.board import split_id
    from table.ui.instructions import worm_number

    events = game.events
    start = max((i for i, e in enumerate(events[since:], since) if e["event"] == "play"
                 and e.get("team") == team), default=None)
    if start is None:
        return text("demo.title", lang), text("box.passes", lang)
    hurt: list[tuple] = []
    gone: dict[str, list[tuple]] = {"out": [], "sank": []}
    shot = None
    for e in events[start:]:
        thing = str(e.get("thing") or "")
        owner = split_id(thing)[0]            # (a worm destroyed: no board holds it any more)
        who = (owner, worm_number(thing)) if e.get("kind", "worm") == "worm" \
            and "-" in thing and owner in game.teams else None
        if e["event"] == "accuracy":
            shot = "hit" if e.get("picked") == "hit" else "miss"
        elif e["event"] == "damage" and who and who not in hurt:
            hurt.append(who)
        elif e["event"] == "destroy" and who:
            gone["sank" if e.get("cause") == "sank" else "out"].append(who)
            if who in hurt:
                hurt.remove(who)
        elif e["event"] == "end_turn":
            break
    s = {"card": events[start]["card"], "shot": shot,
         "hurt": hurt, **gone, "teams": list(game.teams)}
    return card_summary(lang, s, game.board)


__all__ = ["Scene", "bye_screen", "chained", "commentary", "invite_screen", "not_held",
           "shot_result"]
