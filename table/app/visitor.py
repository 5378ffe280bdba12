"""What the shop demo says to a visitor (table/app/demo.py): the card tapped that the team on
show does not hold, and what the visitor's shot did."""

from __future__ import annotations

from table.ui import screens
from table.ui.strings import text


def bye_screen(lang: str) -> screens.Screen:
    """Goodbye: the show goes on in a moment."""
    return screens.message(text("demo.title", lang), text("demo.bye", lang))


def invite_screen(lang: str, versus: bool = False):
    """The invitation: tap the Bazooka (or press any button) to try a shot; or (``versus``)
    hold OK for a short game against the box."""
    if versus:
        return screens.message(text("demo.title", lang), text("demo.versus_invite", lang))
    return screens.message(text("demo.title", lang), f"{text('demo.invite', lang)}\n"
                                                     f"{text('demo.invite_keys', lang)}")


def not_held(lang: str, cards: dict, tapped: str, shot: str | None) -> screens.Screen:
    """The team on show does not hold ``tapped``: say so, and the card it holds instead."""
    name = cards[tapped].name(lang) if tapped in cards else tapped
    other = cards[shot].name(lang) if shot in cards else ""
    return screens.message(text("demo.title", lang),
                           text("demo.not_held", lang, card=name, other=other))


def shot_result(lang: str, game, team: str | None) -> tuple[str, str]:
    """The title and body of what the visitor's card did: its card summary (the aim, the
    worms hurt, destroyed, drowned, the worms left) from the events of its play."""
    from table.ui.changes import card_summary
    from table.ui.instructions import worm_number

    events = game.events
    start = max((i for i, e in enumerate(events) if e["event"] == "play"
                 and e.get("team") == team), default=len(events))
    hurt: list[tuple] = []
    gone: dict[str, list[tuple]] = {"out": [], "sank": []}
    shot = None
    for e in events[start:]:
        thing = str(e.get("thing") or "")
        who = (thing.rsplit("-", 1)[0], worm_number(thing)) if e.get("kind", "worm") == "worm" \
            and "-" in thing and thing.rsplit("-", 1)[0] in game.teams else None
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
    s = {"card": events[start]["card"] if start < len(events) else None, "shot": shot,
         "hurt": hurt, **gone, "teams": list(game.teams)}
    return card_summary(lang, s, game.board)


__all__ = ["bye_screen", "invite_screen", "not_held", "shot_result"]
